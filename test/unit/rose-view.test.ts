// The ROSE and human–system gap views' numbers against the CLI's, saving a model into understudy.json, and the saved
// model computed as a metric of the correlation report. The table is real: SummEval's 16 systems (ROUGE F and the
// expert scores, test/fixtures/meta/summeval-system.tsv).
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { runCli } from '../../src/cli/run-cli';
import { parseScoreTable } from '../../src/cli/score-table';
import { metricRequest } from '../../src/core/engine/metric-registry';
import { DEFAULT_METRIC_SETTINGS } from '../../src/core/engine/metric-settings';
import { ScoringCancelled } from '../../src/core/engine/score-systems';
import { UnderstudyError } from '../../src/core/errors';
import { parseManifest } from '../../src/core/corpus/manifest';
import { parseCorrelationManifest } from '../../src/core/meta/correlation-manifest';
import { runMetaEvaluation } from '../../src/core/meta/meta-evaluation';
import { pearson } from '../../src/core/meta/stats/pearson';
import { gapCommandLine, roseArgs, roseCommandLine, RoseRunOptions } from '../../src/core/meta/rose/rose-command-line';
import { manifestRoseModels, roseModelNameProblem, saveRoseModelText } from '../../src/core/meta/rose/rose-manifest';
import { fitRose, RoseModel } from '../../src/core/meta/rose/rose-model';
import { cliCell, gapGroupsTable, gapPointsTable, gapTextLines, roseSubsetsTable } from '../../src/core/meta/rose/rose-tables';
import { computeGap } from '../../src/extension/rose/compute-gap';
import { roseCorrelationMetrics, runRoseJob } from '../../src/worker/rose-jobs';
import { csEnPrepared, csEnReport } from './correlation-fixture';
import { FIXTURES } from './golden';

const TABLE = path.join(FIXTURES, 'meta', 'summeval-system.tsv');

function cli(...argv: string[]): { code: number; stdout: string; stderr: string } {
  let stdout = '';
  let stderr = '';
  const code = runCli(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { code, stdout, stderr };
}

const OPTIONS: RoseRunOptions = {
  human: 'relevance',
  metrics: ['rouge1', 'rouge2', 'rougeL'],
  stratify: false,
  trials: 400,
  testFraction: 0.25,
  seed: 7,
  alpha: 0.05,
  significance: 'two-sided',
  candidates: 'any',
  comparison: 'significant',
  require: [],
  name: 'rose-r',
};

const job = (options: RoseRunOptions, cancel = new SharedArrayBuffer(4)) =>
  runRoseJob({ type: 'rose', id: 1, table: { path: TABLE, text: fs.readFileSync(TABLE, 'utf8') }, options, cancelFlag: cancel });

describe('ROSE view: the numbers of `understudy rose`', () => {
  it('the worker job gives the JSON the CLI prints for the command line the panel shows', () => {
    const { result, warnings } = job(OPTIONS);
    assert.deepStrictEqual(warnings, []);
    const out = cli('rose', ...roseArgs(TABLE, OPTIONS), '--json');
    assert.equal(out.code, 0, out.stderr);
    assert.deepStrictEqual(JSON.parse(JSON.stringify(result)), JSON.parse(out.stdout));
    assert.equal(roseCommandLine('summeval-system.tsv', OPTIONS), 'understudy rose summeval-system.tsv --human relevance --metrics rouge1,rouge2,rougeL --trials 400 --seed 7 --name rose-r');
  });

  it('the subsets table shows, cell for cell, what `understudy rose --tsv` prints', () => {
    const { result } = job(OPTIONS);
    const table = roseSubsetsTable(result);
    const shown = table.rows.map((row) => row.map((cell, k) => cliCell(table.columns[k], cell)).join('\t'));
    const tsv = cli('rose', ...roseArgs(TABLE, OPTIONS), '--tsv').stdout.trim().split('\n');
    assert.deepStrictEqual([table.columns.map((c) => c.label).join('\t'), ...shown], tsv);
  });

  it('defaults are left out of the command line and give the CLI default run (notes on the open choices included)', () => {
    const defaults: RoseRunOptions = { ...OPTIONS, metrics: undefined, trials: 4000, seed: 12345, name: 'rose' };
    assert.deepStrictEqual(roseArgs('t.tsv', defaults), ['t.tsv', '--human', 'relevance']);
    const small = { ...defaults, trials: 64 };
    const { result } = job(small);
    assert.match(result.notes.join(' '), /Single predictors may win/);
    assert.deepStrictEqual(result.best.metrics.every((m) => ['rouge1', 'rouge2', 'rougeL', 'coherence', 'consistency', 'fluency'].includes(m)), true);
  });

  it('stops with ScoringCancelled when the host sets the cancel flag; a bad column is the CLI\'s message', () => {
    const flag = new SharedArrayBuffer(4);
    Atomics.store(new Int32Array(flag), 0, 1);
    assert.throws(() => job(OPTIONS, flag), ScoringCancelled);
    assert.throws(() => job({ ...OPTIONS, human: 'nope' }), (e: unknown) => e instanceof UnderstudyError && /has no column "nope"; its columns: system, kind, rouge1/.test(e.message));
  });
});

describe('gap view: the numbers of `understudy gap`', () => {
  const rows: string[] = ['name\tkind\trouge2\tresponsiveness'];
  for (let s = 0; s < 12; s++) rows.push(`S${s}\tsystem\t${0.08 + 0.004 * s + 0.001 * Math.sin(s)}\t${2 + 0.1 * s + 0.05 * Math.cos(s * 2)}`);
  for (let h = 0; h < 4; h++) rows.push(`H${h}\thuman\t${0.11 + 0.003 * h}\t${4.2 + 0.1 * h}`);
  const text = rows.join('\n') + '\n';

  it('computeGap is `understudy gap --json` on the same arguments; the panel\'s lines are its text', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'understudy-gap-view-'));
    try {
      const file = path.join(dir, 'gap.tsv');
      fs.writeFileSync(file, text);
      const options = { metric: 'rouge2', human: 'responsiveness', group: 'kind', humanLabel: 'human', exclude: ['S3'], method: 'huber' as const };
      const { result, warnings } = computeGap({ path: file, table: parseScoreTable(text, file) }, options);
      assert.deepStrictEqual(warnings, []);
      const args = gapCommandLine(file, options).split(' ').slice(2);
      const json = cli('gap', ...args, '--json');
      assert.equal(json.code, 0, json.stderr);
      assert.deepStrictEqual(JSON.parse(JSON.stringify(result)), JSON.parse(json.stdout));
      assert.deepStrictEqual([...gapTextLines(result), ''].join('\n'), cli('gap', ...args).stdout);
      const points = gapPointsTable(result);
      const shown = points.rows.map((row) => row.map((cell, k) => (k === 2 || k === 3 ? String(cell) : cliCell(points.columns[k], cell))).join('\t'));
      assert.deepStrictEqual(shown, cli('gap', ...args, '--tsv').stdout.trim().split('\n').slice(1));
      assert.deepStrictEqual(gapGroupsTable(result).rows.map((r) => r[0]), ['systems', 'humans', 'combined']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('warns as the CLI does when no row is human-written', () => {
    const systemsOnly = parseScoreTable(fs.readFileSync(TABLE, 'utf8'), 'summeval-system.tsv');
    const { result, warnings } = computeGap({ path: 'summeval-system.tsv', table: systemsOnly }, { metric: 'rouge2', human: 'relevance', group: 'kind', humanLabel: 'human', exclude: [] });
    assert.deepStrictEqual(warnings, ['no row has kind = human; only the systems are fitted (set --human-label).']);
    assert.equal(result.humans, null);
    assert.equal(result.systems.n, 16);
  });
});

const MANIFEST = `// The WMT21 cs-en evaluation (comments are kept)
{
    "name": "cs-en", // display name
    "references": ["ref.A.en"],
    "systems": ["hyp.*.en"],
    /* the DA scores */
    "humanJudgments": { "files": [{ "file": "ad-seg-scores-cs-en.csv" }] }
}
`;

function model(name: string): RoseModel {
  const table = parseScoreTable(fs.readFileSync(TABLE, 'utf8'), 'summeval-system.tsv');
  const column = (c: string): number[] => table.cells.map((row) => Number(row[table.columns.indexOf(c)]));
  return fitRose({ metrics: ['rouge1', 'rouge2'], predictors: [column('rouge1'), column('rouge2')], target: column('relevance'), targetName: 'relevance' }, undefined, name);
}

describe('saving a ROSE model in understudy.json', () => {
  it('adds "roseModels" with minimal edits: comments, key order and the 4-space indentation stay', () => {
    const outcome = saveRoseModelText(MANIFEST, model('rose-r12'));
    assert.equal(outcome.kind, 'saved');
    if (outcome.kind !== 'saved') return;
    assert.ok(outcome.text.startsWith(MANIFEST.slice(0, MANIFEST.lastIndexOf('}') - 1).trimEnd()), outcome.text);
    for (const comment of ['// The WMT21 cs-en evaluation (comments are kept)', '// display name', '/* the DA scores */']) assert.ok(outcome.text.includes(comment), comment);
    assert.match(outcome.text, /\n {4}"roseModels": \[\n {8}\{\n {12}"kind": "understudy.rose",/);
    const parsed = parseCorrelationManifest(outcome.text, 'understudy.json');
    assert.deepStrictEqual(parsed.roseModels?.map((m) => [m.name, m.metrics, m.weights, m.intercept]), [['rose-r12', ['rouge1', 'rouge2'], model('x').weights, model('x').intercept]]);
    // The editor's reader knows the key too (no "Unknown key" warning).
    assert.deepStrictEqual(parseManifest(outcome.text).problems.filter((p) => /roseModels/.test(p.message)), []);
  });

  it('never replaces a model of the same name silently; replace: true does, a second name is appended', () => {
    const first = saveRoseModelText(MANIFEST, model('rose-r12'));
    assert.equal(first.kind, 'saved');
    if (first.kind !== 'saved') return;
    const again = saveRoseModelText(first.text, { ...model('rose-r12'), intercept: 1 });
    assert.equal(again.kind, 'exists');
    if (again.kind === 'exists') assert.equal(again.existing?.intercept, model('x').intercept);
    const replaced = saveRoseModelText(first.text, { ...model('rose-r12'), intercept: 1 }, { replace: true });
    assert.equal(replaced.kind, 'saved');
    if (replaced.kind !== 'saved') return;
    assert.equal(replaced.replaced, true);
    assert.deepStrictEqual(parseCorrelationManifest(replaced.text).roseModels?.map((m) => [m.name, m.intercept]), [['rose-r12', 1]]);
    const second = saveRoseModelText(replaced.text, model('rose-other'));
    assert.equal(second.kind, 'saved');
    if (second.kind !== 'saved') return;
    assert.deepStrictEqual(parseCorrelationManifest(second.text).roseModels?.map((m) => m.name), ['rose-r12', 'rose-other']);
    assert.ok(second.text.includes('/* the DA scores */'));
  });

  it('refuses what it cannot edit safely, and names that clash with metrics', () => {
    assert.equal(saveRoseModelText('{ "references": [', model('a')).kind, 'invalid');
    assert.equal(saveRoseModelText('{ "roseModels": 3 }', model('a')).kind, 'invalid');
    assert.match(roseModelNameProblem('bleu', ['bleu', 'chrf']) ?? '', /is the name of a metric/);
    assert.match(roseModelNameProblem('<b>x', ['bleu']) ?? '', /not a usable metric name/);
    assert.equal(roseModelNameProblem('rose-r12', ['bleu']), undefined);
    assert.throws(() => manifestRoseModels([model('a'), model('a')]), /two models are named "a"/);
    assert.throws(() => parseCorrelationManifest(MANIFEST.replace('"name"', '"roseModels": [{ "kind": "x" }], "name"')), /"roseModels"\[0\]: Not a ROSE model/);
    const warned = parseManifest(MANIFEST.replace('"name"', '"roseModels": [{ "kind": "x" }], "name"')).problems;
    assert.ok(warned.some((p) => p.severity === 'warning' && /roseModels/.test(p.message)), JSON.stringify(warned));
  });
});

describe('a saved ROSE model as a metric of the correlation report', () => {
  it('is computed from its metrics\' scores on another data set and correlated like any metric', () => {
    // A combination of BLEU (scored from summed statistics) and ROUGE-1.5.5's ROUGE-1 (the mean of per-segment
    // rounded scores) saved in a workspace, applied to WMT21 cs-en.
    const saved: RoseModel = { ...model('rose-bc'), metrics: ['bleu', 'rouge1'], weights: [0.02, 5], intercept: -1.5 };
    const skipped: RoseModel = { ...model('rose-table'), metrics: ['rouge1', 'Q1'] };
    const rose = roseCorrelationMetrics([saved, skipped], ['bleu', 'rouge1'], DEFAULT_METRIC_SETTINGS);
    assert.deepStrictEqual(rose.requests.map((r) => r.name), ['rose-bc']);
    assert.match(rose.notes[0], /"rose-table" is not computed: Q1 is not a metric Understudy can score/);
    const prepared = csEnPrepared();
    const report = runMetaEvaluation({
      references: prepared.references,
      systems: prepared.systems,
      metrics: [...['bleu', 'rouge1'].map((m) => metricRequest(m, DEFAULT_METRIC_SETTINGS)), ...rose.requests],
      human: prepared.human,
      options: { bootstrapSamples: 0, permutationSamples: 0 },
    });
    assert.deepStrictEqual(report.metrics.map((m) => m.name), ['bleu', 'rouge1', 'rose-bc']);
    const included = report.systems.filter((s) => s.included);
    assert.strictEqual(included.length, 8);
    const bleu = csEnReport({ bootstrapSamples: 0, permutationSamples: 0 });
    for (const s of included) {
      assert.strictEqual(s.scores.bleu, bleu.systems.find((x) => x.name === s.name)?.scores.bleu);
      const expected = -1.5 + 0.02 * (s.scores.bleu as number) + 5 * (s.scores.rouge1 as number);
      assert.ok(Math.abs((s.scores['rose-bc'] as number) - expected) < 1e-9, `${s.name}: ${s.scores['rose-bc']} vs ${expected}`);
    }
    const r = pearson(included.map((s) => s.scores['rose-bc'] as number), included.map((s) => s.human as number)).statistic;
    const row = report.systemLevel.find((m) => m.metric === 'rose-bc');
    assert.ok(row, JSON.stringify(report.systemLevel.map((m) => m.metric)));
    const estimate = row.estimates.find((e) => e.correlation === 'pearson');
    assert.ok(estimate && Math.abs((estimate.statistic as number) - r) < 1e-12, `${estimate?.statistic} vs ${r}`);
  });
});
