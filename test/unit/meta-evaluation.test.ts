import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { DEFAULT_METRIC_SETTINGS } from '../../src/core/engine/metric-settings';
import { metricRequest } from '../../src/core/engine/metric-registry';
import { ScoringCancelled } from '../../src/core/engine/score-systems';
import { CorrelationReport, MetaEvaluationOptions } from '../../src/core/meta/correlation-report';
import { prepareCorrelation } from '../../src/core/meta/correlation-inputs';
import { combineJudgments } from '../../src/core/meta/judgments/combine-judgments';
import { readJudgmentFiles } from '../../src/core/meta/judgments/read-judgments';
import { MetaEvaluationSystem, runMetaEvaluation } from '../../src/core/meta/meta-evaluation';
import { williamsTest } from '../../src/core/meta/stats/williams-test';
import { FIXTURES, closeTo, loadGolden, readDataLines } from './golden';

const DATA = path.join(FIXTURES, 'data');
const TOEN = path.join(DATA, 'wmt21-news/humaneval/newstest2021-toen');

function wmt21Human(pair: string, withSegments: boolean) {
  const files = [...(withSegments ? [`ad-seg-scores-${pair}.csv`] : []), `ad-sys-ranking-${pair}-z-names.csv`];
  return combineJudgments(readJudgmentFiles(files.map((f) => ({ spec: { file: f }, text: fs.readFileSync(path.join(TOEN, f), 'utf8') }))));
}

function wmt21Systems(pair: string): MetaEvaluationSystem[] {
  const dir = path.join(DATA, 'wmt21-news/txt/system-outputs');
  return fs
    .readdirSync(dir)
    .filter((f) => f.startsWith(`newstest2021.${pair}.hyp.`))
    .sort()
    .map((f) => ({ file: `data/wmt21-news/txt/system-outputs/${f}`, hypotheses: readDataLines(`data/wmt21-news/txt/system-outputs/${f}`) }));
}

function wmt21(pair: string, options: MetaEvaluationOptions, withSegments = true, metrics = ['bleu', 'chrf']): CorrelationReport {
  return runMetaEvaluation({
    references: [{ file: 'ref.A', segments: readDataLines(`data/wmt21-news/txt/references/newstest2021.${pair}.ref.A.en`) }],
    systems: wmt21Systems(pair),
    metrics: metrics.map((m) => metricRequest(m, DEFAULT_METRIC_SETTINGS)),
    human: wmt21Human(pair, withSegments),
    options,
  });
}

interface GoldenExpected {
  statistic: number;
  pvalue: number;
}

describe('meta-evaluation: WMT21 cs-en, DA segment and system judgments', function () {
  this.timeout(120000);
  let report: CorrelationReport;
  before(() => {
    report = wmt21('cs-en', { bootstrapSamples: 200, permutationSamples: 200 });
  });

  it('system-level Pearson, Spearman and Kendall τ-b of BLEU and chrF equal SciPy on the golden oracle (HUMAN excluded)', () => {
    const golden = loadGolden('correlation');
    for (const [metric, id] of [['bleu', 'BLEU'], ['chrf', 'chrF']]) {
      const expected = golden.cases.find((c) => c.id === `correlation/system/wmt21.cs-en/${id}_vs_DA_z`)?.expected as Record<string, GoldenExpected>;
      const estimates = report.systemLevel.find((m) => m.metric === metric)?.estimates ?? [];
      const byName = Object.fromEntries(estimates.map((e) => [e.correlation, e]));
      for (const [correlation, key] of [['pearson', 'pearson'], ['spearman', 'spearman'], ['kendall-b', 'kendall_tau_b']]) {
        assert.ok(closeTo(byName[correlation].statistic as number, expected[key].statistic), `${metric} ${correlation}`);
        assert.ok(closeTo(byName[correlation].pvalue as number, expected[key].pvalue), `${metric} ${correlation} p`);
        assert.equal(byName[correlation].n, 8);
      }
    }
  });

  it('the systems table: corpus scores as `understudy score` prints them, the official z column, HUMAN listed as excluded', () => {
    const facebook = report.systems.find((s) => s.name === 'Facebook-AI');
    assert.equal(facebook?.scores.bleu, 31.095372270632094); // = automatic-scores.tsv
    assert.equal(facebook?.human, 0.111);
    assert.equal(facebook?.judgedSegments, 923);
    assert.equal(report.systems.filter((s) => s.included).length, 8);
    const human = report.systems.find((s) => s.name === 'HUMAN');
    assert.deepEqual([human?.included, human?.file], [false, null]);
    assert.match(human?.note ?? '', /^excluded: human translation/);
    assert.deepEqual(report.missing.excludedSystems.map((e) => e.name), ['HUMAN']);
    assert.equal(report.human.label, 'DA z');
    assert.equal(report.human.systemScores, 'official');
    assert.deepEqual(report.human.formats, ['wmt21-seg', 'wmt21-sys']);
  });

  it('intervals: Fisher for Pearson, percentile bootstrap resampling segments (all draws defined)', () => {
    const pearson = report.systemLevel[0].estimates[0];
    assert.equal(pearson.interval?.method, 'fisher');
    const r = pearson.statistic as number;
    const half = 1.959963984540054 / Math.sqrt(8 - 3);
    assert.ok(closeTo(pearson.interval?.lower as number, Math.tanh(Math.atanh(r) - half)));
    assert.deepEqual([pearson.bootstrap?.method, pearson.bootstrap?.samples, pearson.bootstrap?.definedSamples], ['bootstrap', 200, 200]);
    assert.ok((pearson.bootstrap?.lower as number) < (pearson.bootstrap?.upper as number));
    assert.equal(report.systemLevel[0].estimates[2].interval?.method, 'fieller');
  });

  it('metric comparisons: Williams’ test on the Pearson correlations, permutation tests, Holm-adjusted per coefficient', () => {
    const system = report.comparisons.filter((c) => c.level === 'system');
    assert.equal(system.length, 3); // one pair × three coefficients
    const pearson = system.find((c) => c.correlation === 'pearson');
    const [bleu, chrf] = [report.systemLevel[0].estimates[0].statistic as number, report.systemLevel[1].estimates[0].statistic as number];
    assert.deepEqual([pearson?.better, pearson?.worse], chrf > bleu ? ['chrf', 'bleu'] : ['bleu', 'chrf']);
    const between = report.metricMatrices.find((m) => m.level === 'system' && m.correlation === 'pearson')?.values[0][1] as number;
    const expected = williamsTest(Math.max(bleu, chrf), Math.min(bleu, chrf), between, 8);
    assert.ok(closeTo(pearson?.williams?.pvalue as number, expected.pvalue));
    assert.equal(pearson?.williams?.adjustedPvalue, pearson?.williams?.pvalue); // a family of one pair
    assert.equal(pearson?.permutation?.samples, 200);
    assert.equal(system.find((c) => c.correlation === 'spearman')?.williams, null);
  });

  it('segment level: pooled, per system then averaged, per item; every judged segment of the 8 systems', () => {
    const seg = report.segmentLevel;
    assert.ok(seg);
    const text = fs.readFileSync(path.join(TOEN, 'ad-seg-scores-cs-en.csv'), 'utf8');
    const judged = text.split('\n').filter((l) => /^\S+\.\d+ /.test(l) && !l.startsWith('HUMAN')).length;
    assert.equal(seg.judgedSegments, judged);
    const pooled = seg.correlations.find((c) => c.metric === 'bleu' && c.grouping === 'pooled' && c.correlation === 'pearson');
    assert.deepEqual([pooled?.n, pooled?.groups, pooled?.interval?.method], [judged, 1, 'fisher']);
    const bySystem = seg.correlations.find((c) => c.metric === 'bleu' && c.grouping === 'by-system' && c.correlation === 'pearson');
    assert.equal(bySystem?.perGroup.length, 8);
    const mean = (bySystem?.perGroup ?? []).reduce((sum, g) => sum + (g.statistic as number), 0) / 8;
    assert.ok(closeTo(bySystem?.statistic as number, mean));
    const byItem = seg.correlations.find((c) => c.metric === 'bleu' && c.grouping === 'by-item' && c.correlation === 'pearson');
    assert.ok((byItem?.groups ?? 0) > 900);
    assert.deepEqual(byItem?.perGroup, []);
    assert.ok(report.comparisons.some((c) => c.level === 'segment' && c.grouping === 'pooled' && c.williams !== null));
  });

  it('pairwise agreement over the 28 system pairs; missing segments counted per system', () => {
    assert.equal(report.pairwiseAgreement?.length, 2);
    assert.equal(report.pairwiseAgreement?.[0].pairs, 28);
    assert.equal(report.pairwiseAgreement?.[0].perPair.length, 28);
    const facebook = report.missing.unjudgedSegments.find((u) => u.system === 'Facebook-AI');
    assert.equal(facebook?.count, 1000 - 923);
  });

  it('is plain JSON (no NaN, no undefined) with a signature that states every choice', () => {
    assert.deepEqual(JSON.parse(JSON.stringify(report)), report);
    assert.equal(
      report.signature,
      'human:wmt21-seg+wmt21-sys:z|sys:8|corr:pearson,spearman,kendall-b|orient:hib|ci:0.95|boot:200,items,seed:12345|perm:200,seed:12345|alpha:0.05|adjust:holm|version:0.1.0',
    );
    assert.equal(report.metrics[0].signature, 'nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:2.6.0');
    assert.equal(report.segments, null);
  });
});

describe('meta-evaluation: other inputs', function () {
  this.timeout(120000);

  it('WMT21 de-en with the ranking file only: golden correlations over 19 systems; bootstrap over systems, said so', () => {
    const report = wmt21('de-en', { bootstrapSamples: 100, permutationSamples: 0, correlations: ['pearson', 'kendall-b'] }, false);
    const golden = loadGolden('correlation');
    const expected = golden.cases.find((c) => c.id === 'correlation/system/wmt21.de-en/BLEU_vs_DA_z')?.expected as Record<string, GoldenExpected>;
    const [pearson, kendall] = report.systemLevel[0].estimates;
    assert.ok(closeTo(pearson.statistic as number, expected.pearson.statistic));
    assert.ok(closeTo(kendall.pvalue as number, expected.kendall_tau_b.pvalue));
    assert.equal(pearson.n, 19);
    assert.equal(report.systems.find((s) => s.name === 'NVIDIA-NeMo')?.included, true);
    assert.equal(report.segmentLevel, null);
    assert.equal(report.pairwiseAgreement, null);
    assert.match(report.warnings.join('\n'), /resampled systems only/);
    assert.match(report.signature, /\|boot:100,systems,seed:12345\|perm:no\|/);
    assert.ok(report.comparisons.every((c) => c.permutation === null));
  });

  it('names what is missing on either side, and correlates what is left', () => {
    const systems = wmt21Systems('cs-en');
    const dropped = systems.findIndex((s) => s.file.includes('Online-G'));
    const extra = { file: 'outputs/my-new-system.txt', hypotheses: systems[0].hypotheses };
    const report = runMetaEvaluation({
      references: [{ file: 'ref.A', segments: readDataLines('data/wmt21-news/txt/references/newstest2021.cs-en.ref.A.en') }],
      systems: [...systems.filter((_, s) => s !== dropped), extra],
      metrics: [metricRequest('bleu', DEFAULT_METRIC_SETTINGS)],
      human: wmt21Human('cs-en', false),
      options: { bootstrapSamples: 0, permutationSamples: 0 },
    });
    assert.deepEqual(report.missing.systemsWithoutHumanScores, ['my-new-system.txt']);
    assert.deepEqual(report.missing.judgedSystemsWithoutOutput, [{ name: 'Online-G', human: -0.039 }]);
    assert.equal(report.systemLevel[0].estimates[0].n, 7);
    const row = report.systems.find((s) => s.name === 'my-new-system.txt');
    assert.deepEqual([row?.included, row?.note], [false, 'no human judgment matches this system']);
    assert.equal(report.systems.find((s) => s.name === 'Online-G')?.note, 'judged, but no output file matches this name');
  });

  /** Three systems a, b, c on 4 segments; judgments name "a+b" (identical outputs) and c; a file of an unknown segment. */
  function aliasReport(systems: MetaEvaluationSystem[], options: MetaEvaluationOptions = {}) {
    const table = 'system,seg,score\na+b,1,0.5\na+b,2,0.1\nc,1,0.2\nc,3,0.9\nc,9,0.3\na,4,0.4\nb,3,0.6\n';
    const sets = readJudgmentFiles([{ spec: { file: 'j.csv', columns: { system: 'system', item: 'seg', scores: ['score'] } }, text: table }]);
    const human = combineJudgments([{ ...sets[0], aliases: { 'a+b': ['a', 'b'] } }]);
    return runMetaEvaluation({
      references: [{ file: 'ref', segments: ['the cat sat', 'a dog ran', 'birds fly high', 'fish swim'] }],
      systems,
      metrics: [metricRequest('chrf', DEFAULT_METRIC_SETTINGS), metricRequest('ter', DEFAULT_METRIC_SETTINGS)],
      human,
      options: { bootstrapSamples: 0, permutationSamples: 0, includeSegments: true, ...options },
    });
  }
  const sys = (name: string, lines: string[]): MetaEvaluationSystem => ({ file: `out/sys.${name}.txt`, hypotheses: lines });

  it('counts a judgment of identical outputs once, for the first of them that has an output', () => {
    const a = sys('a', ['the cat sat', 'a dog', 'birds', 'fish swim']);
    const b = sys('b', ['the cat', 'a dog ran', 'birds fly', 'fish']);
    const c = sys('c', ['cat', 'dog', 'birds fly high', 'fish swim']);
    let report = aliasReport([a, b, c]);
    assert.deepEqual(report.missing.aliases, [{ names: ['a', 'b'], countedAs: 'a' }]);
    assert.deepEqual(report.segments?.human, [[0.5, 0.1, null, 0.4], [null, null, 0.6, null], [0.2, null, 0.9, null]]);
    assert.deepEqual(report.missing.judgmentsWithoutSegment, [{ system: 'c', items: ['9'] }]);
    assert.match(report.warnings.join('\n'), /1 judgments of c name segments the outputs do not have \(e\.g\. 9\)/);
    report = aliasReport([b, c]);
    assert.deepEqual(report.missing.aliases, [{ names: ['a', 'b'], countedAs: 'b' }]);
    assert.deepEqual(report.segments?.human[0], [0.5, 0.1, 0.6, null]);
  });

  it('correlates lower-is-better metrics as −score unless asked for raw orientation; the table keeps the metric’s own numbers', () => {
    const systems = [sys('a', ['the cat sat', 'a dog', 'birds', 'fish swim']), sys('b', ['the cat', 'a dog ran', 'birds fly', 'fish']), sys('c', ['cat', 'dog', 'birds fly high', 'fish swim'])];
    const oriented = aliasReport(systems);
    const raw = aliasReport(systems, { orientation: 'raw' });
    const ter = (r: CorrelationReport) => r.systemLevel.find((m) => m.metric === 'ter')?.estimates[0].statistic as number;
    assert.equal(ter(oriented), -ter(raw));
    assert.deepEqual(oriented.metrics.map((m) => m.negated), [false, true]);
    assert.deepEqual(raw.metrics.map((m) => m.negated), [false, false]);
    assert.equal(oriented.systems[0].scores.ter, raw.systems[0].scores.ter);
    assert.ok((oriented.systems[0].scores.ter as number) > 0);
    assert.deepEqual(oriented.segments?.items, ['1', '2', '3', '4']);
    assert.equal(oriented.segments?.scores.chrf.length, 3);
  });

  it('explicit names win over file names; a system whose line count differs is shown but not correlated', () => {
    const systems = [
      { file: 'x.txt', name: 'a', hypotheses: ['the cat sat', 'a dog', 'birds', 'fish swim'] },
      sys('b', ['the cat', 'a dog ran', 'birds fly']),
      sys('c', ['cat', 'dog', 'birds fly high', 'fish swim']),
    ];
    const report = aliasReport(systems);
    assert.equal(report.systems[0].name, 'a');
    const b = report.systems.find((s) => s.name === 'b');
    assert.equal(b?.included, false);
    assert.match(b?.note ?? '', /^not correlated: out\/sys\.b\.txt has 3 lines but ref has 4/);
    assert.equal(report.systemLevel[0].estimates[0].n, 2);
    assert.match(report.warnings.join('\n'), /Only 2 systems have both an output and a human score/);
  });

  it('REALSumm (10 documents): systems from the JSONL, BART (stored twice upstream) one system, counted once', () => {
    const prepared = prepareCorrelation({
      human: { files: [{ file: 'summaries.jsonl' }] },
      judgmentTexts: [fs.readFileSync(path.join(DATA, 'realsumm/summaries.first10docs.jsonl'), 'utf8')],
      references: [],
      systems: [],
      docs: { file: 'docs.jsonl', text: fs.readFileSync(path.join(DATA, 'realsumm/docs.first10docs.jsonl'), 'utf8') },
    });
    assert.equal(prepared.summaries, true);
    const report = runMetaEvaluation({
      references: prepared.references,
      systems: prepared.systems,
      items: prepared.items,
      metrics: [metricRequest('rouge2', DEFAULT_METRIC_SETTINGS)],
      human: prepared.human,
      options: { bootstrapSamples: 50, permutationSamples: 0, pairwiseAgreement: false },
    });
    assert.equal(report.systems.filter((s) => s.included).length, 24);
    assert.equal(report.systems.find((s) => s.name === 'bart_out.txt')?.included, true);
    assert.deepEqual(report.missing.aliases, [{ names: ['abs/bart_out.txt', 'ext/bart_out.txt'], countedAs: 'bart_out.txt' }]);
    assert.deepEqual(report.missing.judgedSystemsWithoutOutput, []);
    assert.equal(report.human.label, 'litepyramid_recall');
    assert.equal(report.segmentLevel?.judgedSegments, 240);
  });

  it('stops when cancelled', () => {
    assert.throws(
      () =>
        runMetaEvaluation({
          references: [{ file: 'ref.A', segments: readDataLines('data/wmt21-news/txt/references/newstest2021.cs-en.ref.A.en') }],
          systems: wmt21Systems('cs-en'),
          metrics: [metricRequest('bleu', DEFAULT_METRIC_SETTINGS)],
          human: wmt21Human('cs-en', false),
          isCancelled: () => true,
        }),
      ScoringCancelled,
    );
  });
});
