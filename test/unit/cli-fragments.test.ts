// `understudy fragments` on real data: SummEval's 1,600 summaries (test/fixtures/data/summeval) read as `understudy
// correlate` reads them, ROUGE scored by the engine per output, the four expert scores as human measures. The CLI's
// --json must be what `runFragments` (the function the panel's worker job calls) returns on the same files.
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { runCli } from '../../src/cli/run-cli';
import { parseScoreTable } from '../../src/cli/score-table';
import { DEFAULT_METRIC_SETTINGS } from '../../src/core/engine/metric-settings';
import { EvaluationSession } from '../../src/core/engine/evaluation-session';
import { metricRequest } from '../../src/core/engine/metric-registry';
import { FragmentRunReport, runFragments } from '../../src/core/meta/gap/fragment-run';
import { fragmentTable } from '../../src/core/meta/gap/fragment-tables';
import { checkEnding } from '../../src/core/meta/gap/truncation';
import { readSummEvalCorpus } from '../../src/core/meta/judgments/summeval';
import { FIXTURES } from './golden';

const SUMMEVAL = path.join(FIXTURES, 'data/summeval');
const SUMMARIES = path.join(SUMMEVAL, 'summaries.jsonl');
const DOCS = path.join(SUMMEVAL, 'docs.jsonl');

function run(...argv: string[]): { code: number; stdout: string; stderr: string } {
  let stdout = '';
  let stderr = '';
  const code = runCli(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { code, stdout, stderr };
}

interface SummaryRecord {
  doc_id: string;
  system: string;
  summary: string;
  coherence: number;
  consistency: number;
  fluency: number;
  relevance: number;
}

const records = (): SummaryRecord[] => fs.readFileSync(SUMMARIES, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as SummaryRecord);

function tempFile(name: string, text: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'understudy-fragments-'));
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
}

describe('understudy fragments on SummEval (judgments + docs, ROUGE by the engine)', function () {
  this.timeout(120000);
  let report: FragmentRunReport;

  before(() => {
    const out = run('fragments', '--human', SUMMARIES, '--docs', DOCS, '--metrics', 'rouge1,rouge2', '--json');
    assert.equal(out.code, 0, out.stderr);
    report = JSON.parse(out.stdout) as FragmentRunReport;
  });

  it('prints with --json what runFragments returns on the same texts (the panel worker\'s function)', () => {
    const direct = runFragments(
      {
        kind: 'judgments',
        sources: { human: { files: [{ file: SUMMARIES }] }, judgmentTexts: [fs.readFileSync(SUMMARIES, 'utf8')], references: [], systems: [], docs: { file: DOCS, text: fs.readFileSync(DOCS, 'utf8') }, docReferences: 'refs11' },
        metrics: ['rouge1', 'rouge2'],
        settings: DEFAULT_METRIC_SETTINGS,
      },
      {},
    );
    assert.deepEqual(report, JSON.parse(JSON.stringify(direct)));
  });

  it('counts SummEval\'s endings: 97 unterminated and 6 cut of 1,600, M20 and M5 the most', () => {
    const r = report.result;
    assert.equal(r.systems.length, 16);
    assert.equal(r.systems.reduce((n, s) => n + s.unterminated, 0), 97);
    assert.equal(r.systems.reduce((n, s) => n + s.cut, 0), 6);
    assert.equal(report.outputs.length, 103);
    assert.deepEqual(report.measures.map((m) => `${m.kind}:${m.name}`), ['metric:rouge1', 'metric:rouge2', 'human:coherence', 'human:consistency', 'human:fluency', 'human:relevance']);
    assert.match(report.measures[0].signature ?? '', /rouge/i);
    const shares = [...r.systems].sort((a, b) => b.fragmentShare - a.fragmentShare).slice(0, 2).map((s) => [s.name, s.fragmentShare]);
    assert.deepEqual(shares, [['M20', 0.45], ['M5', 0.26]]);
    // Majority rule: no SummEval system is a fragment system, so the system-level test is undefined (and says so).
    assert.equal(r.systemLevel[0].t, null);
    assert.ok(r.notes.some((n) => n.includes('one class')));
  });

  it('compares each output\'s own scores: the human means by ending recomputed from summaries.jsonl, ROUGE-1 from a fresh engine session', () => {
    const byEnding = { complete: [] as SummaryRecord[], fragment: [] as SummaryRecord[] };
    for (const rec of records()) byEnding[checkEnding(rec.summary).verdict === 'complete' ? 'complete' : 'fragment'].push(rec);
    const mean = (rows: SummaryRecord[], key: 'fluency' | 'relevance'): number => rows.reduce((a, r) => a + r[key], 0) / rows.length;
    const fluency = report.result.outputLevel.find((c) => c.measure === 'fluency')!;
    assert.ok(Math.abs((fluency.completeMean as number) - mean(byEnding.complete, 'fluency')) < 1e-12);
    assert.ok(Math.abs((fluency.fragmentMean as number) - mean(byEnding.fragment, 'fluency')) < 1e-12);
    assert.equal(fluency.nFragment, 103);

    const corpus = readSummEvalCorpus(fs.readFileSync(SUMMARIES, 'utf8'), SUMMARIES, fs.readFileSync(DOCS, 'utf8'), DOCS);
    const session = new EvaluationSession(corpus.references.map((r) => ({ file: r.name, segments: [...r.segments] })), [metricRequest('rouge1', DEFAULT_METRIC_SETTINGS)]);
    const complete: number[] = [];
    const fragment: number[] = [];
    for (const system of corpus.systems) {
      const sentence = session.setLines(system.name, system.hypotheses).sentence.rouge1;
      system.hypotheses.forEach((text, i) => (checkEnding(text).verdict === 'complete' ? complete : fragment).push(sentence[i]));
    }
    const rouge1 = report.result.outputLevel.find((c) => c.measure === 'rouge1')!;
    assert.ok(Math.abs((rouge1.completeMean as number) - complete.reduce((a, b) => a + b, 0) / complete.length) < 1e-12);
    assert.ok(Math.abs((rouge1.fragmentMean as number) - fragment.reduce((a, b) => a + b, 0) / fragment.length) < 1e-12);
    // The listed fragment of M20 on its document carries that output's ROUGE-1.
    const listed = report.outputs.find((o) => o.system === 'M20')!;
    const s = corpus.systems.findIndex((x) => x.name === 'M20');
    const i = corpus.items.indexOf(listed.item);
    const own = session.scores('M20')!.sentence.rouge1[i];
    assert.equal(listed.scores[0], own);
    assert.ok(corpus.systems[s].hypotheses[i].replace(/\s+/g, ' ').trim().endsWith(listed.ending));
  });

  it('reads the same outputs from a table (TSV, quoted CSV, JSON Lines) to the same human comparisons', () => {
    const rows = records();
    const words = (t: string): number => t.split(/\s+/).filter(Boolean).length;
    const tsv = ['system\titem\ttext\twords\tcoherence\tconsistency\tfluency\trelevance', ...rows.map((r) => [r.system, r.doc_id, r.summary.replace(/\s+/g, ' '), words(r.summary), r.coherence, r.consistency, r.fluency, r.relevance].join('\t'))].join('\n');
    const csvField = (v: string | number): string => (typeof v === 'string' && /[",]/.test(v) ? `"${v.replace(/"/g, '""')}"` : String(v));
    const csv = ['system,item,text,words,coherence,consistency,fluency,relevance', ...rows.map((r) => [r.system, r.doc_id, r.summary.replace(/\s+/g, ' '), words(r.summary), r.coherence, r.consistency, r.fluency, r.relevance].map(csvField).join(','))].join('\n');
    const jsonl = rows.map((r) => JSON.stringify({ system: r.system, item: r.doc_id, summary: r.summary.replace(/\s+/g, ' '), words: words(r.summary), coherence: r.coherence, consistency: r.consistency, fluency: r.fluency, relevance: r.relevance })).join('\n');
    const humans = (r: FragmentRunReport): unknown => r.result.outputLevel.filter((c) => c.kind === 'human');
    for (const [name, text] of [['outputs.tsv', tsv], ['outputs.csv', csv], ['outputs.jsonl', jsonl]]) {
      const file = tempFile(name, text);
      const out = run('fragments', '--table', file, '--human-columns', 'coherence,consistency,fluency,relevance', '--json');
      assert.equal(out.code, 0, `${name}: ${out.stderr}`);
      const fromTable = JSON.parse(out.stdout) as FragmentRunReport;
      assert.deepEqual(humans(fromTable), humans(report), name);
      assert.deepEqual(fromTable.measures.map((m) => m.name), ['words', 'coherence', 'consistency', 'fluency', 'relevance'], name);
      assert.equal(fromTable.outputs.length, 103, name);
    }
    assert.equal(parseScoreTable('a,b,c\n"x, ""y""",2,3\n', 't.csv').cells[0][0], 'x, "y"');
  });

  it('prints the tables as text, and every fragment output with --tsv', () => {
    const text = run('fragments', '--human', SUMMARIES, '--docs', DOCS, '--metrics', 'rouge1', '--aspect', 'fluency', '--fragment-when', 'cut', '--system-threshold', '0.2');
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /1600 outputs: 1497 complete, 97 unterminated, 6 cut; 6 fragments/);
    assert.match(text.stdout, /signature: fragments\|when:cut\|threshold:0\.2\|test:student\|alt:two-sided\|limit:none/);
    const tsv = run('fragments', '--human', SUMMARIES, '--docs', DOCS, '--metrics', 'rouge1', '--aspect', 'fluency', '--tsv');
    const lines = tsv.stdout.trimEnd().split('\n');
    assert.equal(lines[0], 'system\titem\tverdict\tfragment\treason\tending\trouge1\tfluency');
    assert.equal(lines.length, 104);
    assert.equal(fragmentTable(report, 'fragments').rows.length, 103);
  });
});

describe('understudy fragments: options and bad input', () => {
  const table = (text: string, name = 't.tsv'): string => tempFile(name, text);

  it('applies the options the paper leaves open (word limit, Welch, one-sided)', () => {
    const file = table('system\titem\ttext\tmetric\thuman\na\t1\tA b c . D e f .\t1\t4\na\t2\tA b of\t0.5\t2\nb\t1\tX y .\t0.8\t5\nb\t2\tX y z\t0.7\t3\n');
    const out = run('fragments', '--table', file, '--human-columns', 'human', '--test', 'welch', '--alternative', 'greater', '--word-limit', '3', '--json');
    assert.equal(out.code, 0, out.stderr);
    const report = JSON.parse(out.stdout) as FragmentRunReport;
    assert.deepEqual(report.result.options, { fragmentWhen: 'unterminated', systemThreshold: 0.5, test: 'welch', alternative: 'greater', wordLimit: 3 });
    // The word limit cuts a.1 after "A b c": no final punctuation, so 3 of 4 outputs are fragments.
    assert.deepEqual(report.outputs.map((o) => `${o.system}${o.item}:${o.verdict}`), ['a1:unterminated', 'a2:cut', 'b2:unterminated']);
  });

  it('says what is wrong: no text column, no human measure, no fragments, a missing output, correlate-only options', () => {
    const noText = run('fragments', '--table', table('system\titem\tscore\thuman\na\t1\t1\t2\n'), '--human-columns', 'human');
    assert.equal(noText.code, 1);
    assert.match(noText.stderr, /no text column .*--text-column/);
    const noHuman = run('fragments', '--table', table('system\titem\ttext\nA\t1\tx .\n'));
    assert.equal(noHuman.code, 2);
    assert.match(noHuman.stderr, /No human measure: .*--human-columns/);
    const complete = run('fragments', '--table', table('system\titem\ttext\th\na\t1\tDone .\t1\nb\t1\tAlso done !\t2\n'), '--human-columns', 'h');
    assert.equal(complete.code, 1);
    assert.match(complete.stderr, /None of the 2 outputs ends unterminated or cut/);
    const missing = run('fragments', '--table', table('system\titem\ttext\th\na\t1\tDone .\t1\na\t2\tcut of\t2\nb\t1\tx .\t3\n'), '--human-columns', 'h');
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /system b has no row for item 2 \(1 of 4/);
    const unknownColumn = run('fragments', '--table', table('system\titem\ttext\th\na\t1\tx .\t1\n'), '--human-columns', 'relevance');
    assert.equal(unknownColumn.code, 1);
    assert.match(unknownColumn.stderr, /no column "relevance" \(--human-columns\); its columns: system, item, text, h/);
    const correlateOnly = run('fragments', '--human', SUMMARIES, '--docs', DOCS, '--bootstrap', '10');
    assert.equal(correlateOnly.code, 2);
    assert.match(correlateOnly.stderr, /--bootstrap is an option of `understudy correlate`/);
    const badMetric = run('fragments', '--human', SUMMARIES, '--docs', DOCS, '--metrics', 'rouge9');
    assert.equal(badMetric.code, 2);
    assert.match(badMetric.stderr, /unknown metric/);
    const badThreshold = run('fragments', '--table', 'x.tsv', '--human-columns', 'h', '--system-threshold', '0');
    assert.equal(badThreshold.code, 2);
    const ref = table('A b .\nC d of\n', 'ref.txt');
    const hyp = table('A b .\nC d of\n', 'sysA.txt');
    const systemScores = table('system\tscore\nsysA\t0.5\n', 'human.tsv');
    const systemLevel = run('fragments', '--human', systemScores, '--human-format', 'table', '--columns', 'system=system,score=score', '--ref', ref, hyp, '--names', 'sysA');
    assert.equal(systemLevel.code, 1, systemLevel.stderr);
    assert.match(systemLevel.stderr, /need a human score per output \(segment-level judgments\)/);
    assert.match(run('fragments', '--help').stdout, /--fragment-when unterminated\|cut/);
  });
});
