#!/usr/bin/env node
/**
 * Writes test/fixtures/golden/rouge155-be.json: what ROUGE-1.5.5.pl prints with `-3 <mode>` (Basic Elements scoring)
 * for BE lists, so that Understudy's ROUGE-BE scoring can be checked against the tool itself.
 *
 * The BE lists are (1) Basic Elements that Understudy extracts from the UD English EWT sample trees in
 * test/fixtures/data (needs `npm run compile` first), grouped into peer and model "summaries", and (2) hand-written
 * edge cases (stemming, case, multi-word heads, NIL fields, non-ASCII bytes). ROUGE-1.5.5 is not part of this
 * repository: point ROUGE155_HOME at a copy of ROUGE-1.5.5 whose `data/` has WordNet-2.0.exc.db (rebuilt for the local
 * Perl from test/fixtures/golden/rouge155-resources, as the golden README describes) and smart_common_words.txt.
 * Its list mode (`-z SIMPLE`) never parses XML, so XML::DOM need not be installed: an empty stand-in module is put on
 * Perl's path when the real one is missing.
 *
 * Usage: ROUGE155_HOME=/path/to/ROUGE-1.5.5 node scripts/golden/make-rouge-be-golden.js
 */
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { execFileSync } = require('child_process');

const root = path.resolve(__dirname, '../..');
const home = process.env.ROUGE155_HOME;
if (!home) {
  console.error('Set ROUGE155_HOME to a ROUGE-1.5.5 directory (with ROUGE-1.5.5.pl and data/).');
  process.exit(2);
}
const { parseConllu } = require(path.join(root, 'out/src/core/syntax/conllu'));
const { sentenceBasicElements, formatBasicElement } = require(path.join(root, 'out/src/core/syntax/basic-elements'));

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'rouge-be-'));
const shim = path.join(work, 'shim');
fs.mkdirSync(path.join(shim, 'XML'), { recursive: true });
fs.writeFileSync(path.join(shim, 'XML', 'DOM.pm'), 'package XML::DOM;\n1;\npackage XML::DOM::Parser;\nsub new { return bless {}, shift }\n1;\n');

/** Runs ROUGE on evals [{peer: lines[], models: lines[][]}] and returns the printed averages and per-eval values. */
function runRouge(evals, flags) {
  const dir = fs.mkdtempSync(path.join(work, 'case-'));
  const list = evals.map((e, i) => {
    const peer = path.join(dir, `e${i + 1}.peer.be`);
    fs.writeFileSync(peer, e.peer.map((l) => `${l}\n`).join(''));
    const models = e.models.map((m, j) => {
      const file = path.join(dir, `e${i + 1}.model${j + 1}.be`);
      fs.writeFileSync(file, m.map((l) => `${l}\n`).join(''));
      return file;
    });
    return [peer, ...models].join('\t');
  });
  fs.writeFileSync(path.join(dir, 'list.lst'), list.join('\n') + '\n');
  const args = ['-I', shim, path.join(home, 'ROUGE-1.5.5.pl'), '-e', path.join(home, 'data'), ...flags, '-d', '-z', 'SIMPLE', path.join(dir, 'list.lst'), 'P'];
  const out = execFileSync('perl', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const average = {};
  const perEval = { evalIds: [], R: [], P: [], F: [] };
  for (const line of out.split('\n')) {
    let m = /^P ROUGE-BE-\S+ Average_([RPF]): ([0-9.]+)/.exec(line);
    if (m) average[m[1]] = Number(m[2]);
    m = /^P ROUGE-BE-\S+ Eval (\S+)\.P R:([0-9.]+) P:([0-9.]+) F:([0-9.]+)/.exec(line);
    if (m) {
      perEval.evalIds.push(m[1]);
      perEval.R.push(Number(m[2]));
      perEval.P.push(Number(m[3]));
      perEval.F.push(Number(m[4]));
    }
  }
  if (perEval.R.length !== evals.length) throw new Error(`ROUGE printed ${perEval.R.length} evals for ${evals.length}:\n${out}`);
  return { printed: out, average, perEval };
}

// (1) BEs of real UD trees: consecutive EWT dev sentences as "summaries" that share some sentences.
const sentences = parseConllu(fs.readFileSync(path.join(root, 'test/fixtures/data/ud-english-ewt/en_ewt-ud-dev.sample.conllu'), 'utf8'));
const beLines = (from, count) => sentences.slice(from, from + count).flatMap((s) => sentenceBasicElements(s).map(formatBasicElement));
const ewtEvals = [];
for (let i = 0; i < 12; i++) {
  const base = 20 + i * 12;
  ewtEvals.push({
    peer: [...beLines(base, 2), ...beLines(base + 7, 1)],
    models: [beLines(base, 3), beLines(base + 1, 3), beLines(base + 4, 4), ...(i % 3 === 0 ? [beLines(base + 6, 2)] : [])],
  });
}
// A peer equal to its only model, and one with no model BEs in common.
ewtEvals.push({ peer: beLines(5, 2), models: [beLines(5, 2)] });
ewtEvals.push({ peer: beLines(8, 1), models: [beLines(150, 2), beLines(160, 1)] });

// (2) Hand-written edge cases.
const edgeEvals = [
  {
    peer: ['swept|hurricanes|subj', 'Swept|Dominican Republic|toward', 'children|went|subj', 'went|home|obj', 'coast|its|gen', 'prepare for|coast|subj'],
    models: [
      ['sweeps|hurricane|subj', 'swept|dominican republic|toward', 'go|child|subj', 'go|home|obj', 'coast|its|gen', 'preparing for|coasts|subj'],
      ['hurricane|gilbert|nn', 'swept|hurricane|obj', 'child|went|subj', 'children|went|subj'],
    ],
  },
  {
    peer: ['rains|NIL|NIL', 'rains|heavy|NIL', 'winds|high|mod', 'winds|NIL|mod', 'seas|high|mod', 'seas|high|mod'],
    models: [['rains|NIL|NIL', 'rains|heavy|mod', 'winds|high|NIL', 'seas|high|mod'], ['rain|NIL|NIL', 'wind|high|mod', 'seas|high|mod', 'seas|high|mod', 'seas|high|mod']],
  },
  {
    peer: ['café|naïve|mod', 'résumé|long|mod', 'über|cool|mod', 'dog|a|det', '-LRB-|talks|punc', ' swept | hurricane |subj'],
    models: [['café|naïve|mod', 'résumés|longer|mod', 'uber|cool|mod', 'dogs|a|det', '-lrb-|talk|punc', ' swept | hurricane |subj']],
  },
  {
    peer: ['statement|official|mod', 'statements|official|mod', 'arguing|lawyers|subj', 'happiness|great|mod'],
    models: [['statement|officials|mod', 'argue|lawyer|subj', 'happy|great|mod'], ['statements|official|mod'], ['nothing|to|do']],
  },
];

const runs = [
  { config: 'HM', flags: ['-3', 'HM'] },
  { config: 'HM -m', flags: ['-3', 'HM', '-m'] },
  { config: 'HMR -m', flags: ['-3', 'HMR', '-m'] },
  { config: 'HM -m -f B', flags: ['-3', 'HM', '-m', '-f', 'B'] },
  { config: 'HMR -m -f B -p 0.2', flags: ['-3', 'HMR', '-m', '-f', 'B', '-p', '0.2'] },
  { config: 'H -m', flags: ['-3', 'H', '-m'] },
  { config: 'HM1 -m', flags: ['-3', 'HM1', '-m'] },
  { config: 'HMR1 -m', flags: ['-3', 'HMR1', '-m'] },
  { config: 'HMR2', flags: ['-3', 'HMR2'] },
];

const cases = [];
for (const [name, evals] of [['ewt', ewtEvals], ['edge', edgeEvals]]) {
  for (const run of runs) {
    const result = runRouge(evals, run.flags);
    cases.push({
      id: `rouge155-be/${name}/${run.config.replace(/ /g, '')}`,
      tool: 'ROUGE-1.5.5',
      config: run.config,
      options: { flags: run.flags, added_by_runner: ['-e', 'data', '-d', '-z', 'SIMPLE', 'list.lst', 'P'] },
      inputs: { group: name },
      expected: { average: result.average, per_eval: result.perEval },
    });
  }
}

const golden = {
  schema: 'Understudy golden values: ROUGE-1.5.5 Basic Elements scoring (-3)',
  tool: { name: 'ROUGE-1.5.5.pl', source: 'ROUGE-1.5.5 release (GitHub nisargjhaveri/ROUGE-1.5.5-unicode, commit 87a5d47, the unmodified release)', perl: execFileSync('perl', ['-e', 'print $^V'], { encoding: 'utf8' }) },
  note: 'groups[name][i] = {peer: BE lines, models: [BE lines per model]} is evaluation i + 1; a case runs ROUGE on the group inputs.group names; expected.per_eval is the -d output (R, P, F per evaluation), expected.average the Average_R/P/F lines.',
  groups: { ewt: ewtEvals, edge: edgeEvals },
  generated_utc: new Date().toISOString(),
  cases,
};
const target = path.join(root, 'test/fixtures/golden/rouge155-be.json');
fs.writeFileSync(target, JSON.stringify(golden, null, 1) + '\n');
console.log(`${cases.length} cases → ${path.relative(root, target)}`);
fs.rmSync(work, { recursive: true, force: true });
