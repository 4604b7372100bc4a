import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { runCli } from '../../src/cli/run-cli';
import { ScoringCancelled } from '../../src/core/engine/score-systems';
import { formatAnalysisTable, orderedAnalysisTable } from '../../src/core/report/analysis-tables';
import { heterogeneityCommandLine, qarlaCommandLine } from '../../src/extension/qarla/analysis-command-line';
import { checkedHeterogeneitySettings, checkedQarlaSettings, heterogeneityPanelAnalyses, QARLA_PANEL_ANALYSES } from '../../src/extension/qarla/analysis-settings';
import { JobControl, runHeterogeneityJob, runQarlaJob } from '../../src/worker/meta-analysis-jobs';
import type { HeterogeneitySettings, MetaAnalysisResult, QarlaSettings } from '../../src/worker/meta-analysis-types';
import { shellWords } from '../shell-words';

// The QARLA and heterogeneity panels' numbers are the CLI's: the worker job runs each analysis on the table text, and
// the command line each panel shows, run by `understudy`, prints the same JSON. On the seed003 §5.2 toy vectors (T2:
// four models, two peers, two similarities; T3: four outputs, three measures, a human score) and a two-segment table
// with a missing output, an unassessed one and an error rate (test/fixtures/qarla).

const FIXTURES = path.join(__dirname, '..', '..', '..', 'test', 'fixtures', 'qarla');
const fixture = (name: string): { path: string; text: string } => ({ path: path.join(FIXTURES, name), text: fs.readFileSync(path.join(FIXTURES, name), 'utf8') });

const quiet: JobControl = { isCancelled: () => false, onProgress: () => undefined };

/** Runs a shown command line with the CLI (in-process) and `--json`; the printed result. */
function cliJson(commandLine: string): unknown {
  const words = shellWords(commandLine);
  assert.equal(words[0], 'understudy');
  let stdout = '';
  let stderr = '';
  const code = runCli([...words.slice(1), '--json'], { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  assert.equal(code, 0, `${commandLine}: ${stderr}`);
  return JSON.parse(stdout);
}

const outcome = (result: MetaAnalysisResult, analysis: string) => {
  const found = result.outcomes.find((o) => o.analysis === analysis);
  assert.ok(found, analysis);
  return found;
};

const T2_SETTINGS: QarlaSettings = { models: ['m1', 'm2', 'm3', 'm4'], candidate: 'candidate', reference: 'reference', symmetric: false, options: {} };

describe('QARLA panel: the worker job prints what the CLI prints (seed003 §5.2 T2)', () => {
  const t2 = fixture('t2.tsv');

  it('every analysis, with the defaults: the command line shown gives the same JSON; the digest values', () => {
    const result = runQarlaJob({ kind: 'qarla', table: t2, settings: T2_SETTINGS, analyses: [...QARLA_PANEL_ANALYSES] }, quiet);
    assert.deepEqual(result.summary, { metrics: ['x1', 'x2'], cases: 1, models: ['m1', 'm2', 'm3', 'm4'], peers: ['a1', 'a2'] });
    for (const analysis of QARLA_PANEL_ANALYSES) {
      const o = outcome(result, analysis);
      assert.equal(o.error, undefined, `${analysis}: ${o.error}`);
      assert.deepEqual(o.result, cliJson(qarlaCommandLine(analysis, t2.path, T2_SETTINGS)), analysis);
    }
    const search = outcome(result, 'search');
    assert.deepEqual(search.table?.rows.map((r) => [r[1], r[3]]), [['x1', 0.75], ['x1+x2', 0.75], ['x2', 0]], 'KING {x1} = KING {x1, x2} = 0.75, KING {x2} = 0');
    const queen = outcome(result, 'queen').result as unknown as { cases: { peers: { name: string; queen: number }[] }[] };
    assert.equal(queen.cases[0].peers.find((p) => p.name === 'a1')?.queen, 4 / 48);
    assert.equal((outcome(result, 'king').result as unknown as { king: number }).king, 0.75);
  });

  it('the papers’ other readings and the curve’s seed travel to the command line and give the same numbers', () => {
    const settings: QarlaSettings = { ...T2_SETTINGS, options: { kingModels: 'all', kingComparison: 'at-least', jackForm: 'one-sided', queenComparison: 'greater' }, orders: 20, seed: 3, ties: 'half', clusters: 1 };
    const checked = checkedQarlaSettings(settings, t2.path);
    assert.deepEqual(checked, settings);
    const result = runQarlaJob({ kind: 'qarla', table: t2, settings: checked, analyses: [...QARLA_PANEL_ANALYSES] }, quiet);
    for (const analysis of QARLA_PANEL_ANALYSES) {
      const line = qarlaCommandLine(analysis, t2.path, checked);
      assert.deepEqual(outcome(result, analysis).result, cliJson(line), line);
    }
    assert.match(qarlaCommandLine('jack-curve', t2.path, checked), /--orders 20 --seed 3/);
    assert.match(qarlaCommandLine('king', t2.path, checked), /--queen-comparison greater --king-models all --king-comparison at-least --jack-form one-sided/);
    assert.equal((outcome(result, 'king').result as unknown as { king: number }).king, 1, 'KING with ≥ and every model (the digest: 1)');
  });

  it('the search correlates each set’s QUEEN with human system scores read from the editor, as --human FILE does', () => {
    const humanPath = path.join(FIXTURES, 't2-human.csv');
    const human = { path: humanPath, text: 'system,score\na1,0.8\na2,0.3\n', column: 'score' };
    fs.writeFileSync(humanPath, human.text);
    try {
      const result = runQarlaJob({ kind: 'qarla', table: t2, settings: T2_SETTINGS, human, analyses: ['search'] }, quiet);
      assert.deepEqual(outcome(result, 'search').result, cliJson(qarlaCommandLine('search', t2.path, T2_SETTINGS, { path: humanPath, column: 'score' })));
    } finally {
      fs.rmSync(humanPath);
    }
  });

  it('a table without peer–peer rows: JACK says so, the other analyses still run', () => {
    const withoutPeerPairs = { path: 'no-peer-pairs.tsv', text: t2.text.split('\n').filter((l) => !/^a\d\ta\d\t/.test(l)).join('\n') };
    const result = runQarlaJob({ kind: 'qarla', table: withoutPeerPairs, settings: T2_SETTINGS, analyses: [...QARLA_PANEL_ANALYSES] }, quiet);
    assert.match(outcome(result, 'jack').error ?? '', /no row for x\(a1, a2\)/);
    assert.match(outcome(result, 'jack-curve').error ?? '', /peer–peer/);
    assert.equal(outcome(result, 'king').error, undefined);
  });

  it('settings the CLI refuses are refused with its message; cancellation stops the job; progress ends at its total', () => {
    assert.throws(() => checkedQarlaSettings({ ...T2_SETTINGS, options: { jackForm: 'sideways' as 'symmetric' } }, t2.path), /jack-form/);
    assert.throws(() => checkedQarlaSettings({ ...T2_SETTINGS, models: [] }, t2.path), /--models/);
    assert.throws(() => checkedQarlaSettings({ ...T2_SETTINGS, clusters: 0 }, t2.path), /clusters/);
    assert.throws(() => runQarlaJob({ kind: 'qarla', table: t2, settings: T2_SETTINGS, analyses: ['search'] }, { isCancelled: () => true, onProgress: () => undefined }), ScoringCancelled);
    const seen: number[] = [];
    runQarlaJob({ kind: 'qarla', table: t2, settings: { ...T2_SETTINGS, orders: 100 }, analyses: [...QARLA_PANEL_ANALYSES] }, { isCancelled: () => false, onProgress: (done, total) => seen.push(done / total) });
    assert.ok(seen.every((v, i) => i === 0 || v >= seen[i - 1]), 'progress never goes back');
    assert.equal(seen[seen.length - 1], 1);
    // The curve itself stops between orders.
    let calls = 0;
    assert.throws(
      () => runQarlaJob({ kind: 'qarla', table: t2, settings: { ...T2_SETTINGS, orders: 1000 }, analyses: ['jack-curve'] }, { isCancelled: () => ++calls > 3, onProgress: () => undefined }),
      ScoringCancelled,
    );
  });
});

const T3_SETTINGS: HeterogeneitySettings = { system: 'system', human: 'human', lowerIsBetter: [], combinations: [] };

describe('Heterogeneity panel: the worker job prints what the CLI prints (seed003 §5.2 T3, two segments)', () => {
  const t3 = fixture('t3.csv');
  const two = fixture('two-segments.tsv');

  it('T3: every analysis equals the shown command line’s JSON; H = 4/12, HBR ranks s1 = s2 > s3 > s4', () => {
    const analyses = heterogeneityPanelAnalyses(T3_SETTINGS);
    assert.deepEqual(analyses, ['h', 'ulc', 'hbr', 'reliability', 'subsets', 'sip', 'ost', 'auc']);
    const result = runHeterogeneityJob({ kind: 'heterogeneity', table: t3, settings: T3_SETTINGS, analyses }, quiet);
    for (const analysis of analyses) {
      const o = outcome(result, analysis);
      assert.equal(o.error, undefined, `${analysis}: ${o.error}`);
      assert.deepEqual(o.result, cliJson(heterogeneityCommandLine(analysis, t3.path, T3_SETTINGS)), analysis);
    }
    assert.equal((outcome(result, 'h').result as unknown as { heterogeneity: number }).heterogeneity, 4 / 12);
    const hbr = outcome(result, 'hbr').result as unknown as { systems: { system: string; rank: number }[] };
    assert.deepEqual(hbr.systems.map((s) => [s.system, s.rank]), [['s1', 1], ['s2', 1], ['s3', 3], ['s4', 4]]);
    assert.deepEqual(result.humanBySystem, [
      { system: 's1', human: 8, outputs: 1 },
      { system: 's2', human: 7, outputs: 1 },
      { system: 's3', human: 4, outputs: 1 },
      { system: 's4', human: 3, outputs: 1 },
    ]);
  });

  it('two segments, TER lower-is-better, ULC and HBR as measures, other readings: the same JSON as the CLI', () => {
    const settings = checkedHeterogeneitySettings(
      { system: 'system', human: 'human', lowerIsBetter: ['ter'], combinations: ['ulc', 'hbr'], normalisation: 'min-max', condition: 'greater', ties: 'max', alpha: 0.05, samplePairs: 3, seed: 7, worstFraction: 0.5 },
      two.path,
    );
    assert.deepEqual(settings.combinations, ['ulc', 'hbr']);
    const analyses = heterogeneityPanelAnalyses(settings);
    const result = runHeterogeneityJob({ kind: 'heterogeneity', table: two, settings, analyses }, quiet);
    for (const analysis of analyses) {
      const line = heterogeneityCommandLine(analysis, two.path, settings);
      assert.deepEqual(outcome(result, analysis).result, cliJson(line), line);
    }
    assert.match(heterogeneityCommandLine('sip', two.path, settings), /--with ulc,hbr --sample-pairs 3 --seed 7 --normalisation min-max --alpha 0.05/);
    assert.deepEqual(result.humanBySystem?.map((h) => [h.system, h.human, h.outputs]), [['s1', 65, 2], ['s2', 77.5, 2], ['s3', 40, 1], ['s4', 50, 1]]);
  });

  it('without human scores only H, ULC and HBR run; a bad reading is refused with the CLI’s message', () => {
    const settings: HeterogeneitySettings = { system: 'system', metrics: ['bleu', 'chrf', 'ter'], lowerIsBetter: ['ter'], combinations: [] };
    assert.deepEqual(heterogeneityPanelAnalyses(settings), ['h', 'ulc', 'hbr']);
    const result = runHeterogeneityJob({ kind: 'heterogeneity', table: two, settings, analyses: ['h', 'ulc', 'hbr', 'auc'] }, quiet);
    assert.match(outcome(result, 'auc').error ?? '', /human/);
    assert.equal(result.humanBySystem, undefined);
    assert.throws(() => checkedHeterogeneitySettings({ ...settings, normalisation: 'max' as 'asiya' }, two.path), /normalisation/);
    assert.throws(() => checkedHeterogeneitySettings({ ...T3_SETTINGS, alpha: 2 }, t3.path), /alpha/);
  });
});

describe('analysis table exports', () => {
  it('CSV unrounded in the order shown, LaTeX and Markdown as printed; hostile names stay text', () => {
    const table = { title: 'HBR of <b>', header: ['rank', 'system', 'hbr'], rows: [[1, 's1', 0.27777777777777773], [2, '<img src=x>', 1 / 3], [3, 'a_b & c', null]], notes: [] };
    assert.equal(formatAnalysisTable(orderedAnalysisTable(table, [1, 0, 2]), 'csv'), 'rank,system,hbr\r\n2,<img src=x>,0.3333333333333333\r\n1,s1,0.27777777777777773\r\n3,a_b & c,\r\n');
    assert.match(formatAnalysisTable(table, 'latex'), /3 & a\\_b \\& c & -- \\\\/);
    assert.match(formatAnalysisTable(table, 'markdown'), /\| 1 \| s1 \| 0\.2778 \|/);
    assert.deepEqual(orderedAnalysisTable(table, [0, 0, 1]).rows, table.rows, 'not a permutation: the order of the table');
  });
});
