import * as assert from 'node:assert/strict';
import * as path from 'path';
import { DEFAULT_METRIC_SETTINGS, MetricSettings } from '../../src/core/engine/metric-settings';
import { metricRequest } from '../../src/core/engine/metric-registry';
import { ScoringCancelled } from '../../src/core/engine/score-systems';
import { ConditionData, ConditionMetric } from '../../src/core/meta/conditions/condition-data';
import { DataConditionResult, dataConditions, defaultItemSizes } from '../../src/core/meta/conditions/data-conditions';
import { conditionMetricFromEngine, ReferenceSubsetMode } from '../../src/core/meta/conditions/engine-statistics';
import { pearson } from '../../src/core/meta/stats/pearson';
import { pairedTTest } from '../../src/core/meta/stats/t-tests';
import { summEvalTable, systemMeans, wmt21Table } from '../../bench/meta-data';
import { FIXTURES, loadGolden } from './golden';

const DATA = path.join(FIXTURES, 'data');
const STEMMED: MetricSettings = { ...DEFAULT_METRIC_SETTINGS, rougeStem: true };

function engineMetric(name: string, settings: MetricSettings, references: string[][], hypotheses: string[][], mode: ReferenceSubsetMode = 'auto'): ConditionMetric {
  return conditionMetricFromEngine({ name, prepare: metricRequest(name, settings).prepare, references, hypotheses, referenceSubsets: mode });
}

/** The result without what legitimately differs between two ways of computing the same numbers. */
function numbersOf(result: DataConditionResult): unknown {
  return result.metrics.map((m) => ({ points: m.points, anova: m.anova, comparisons: m.comparisons }));
}

describe('data conditions on SummEval (11 references, 100 documents)', () => {
  const table = summEvalTable(DATA);
  const S = table.systems.length;
  const D = table.documents.length;
  const rouge2 = engineMetric('rouge2', STEMMED, table.references, table.hypotheses);
  const data: ConditionData = {
    systems: table.systems,
    items: D,
    human: { name: 'relevance', system: systemMeans(table.human.relevance, S, D), items: table.human.relevance },
    metrics: [rouge2],
  };
  // SciPy's Pearson r of ROUGE-1.5.5 ROUGE-2 F (-m, 11 refs, -f A, plain mean of the printed per-summary F) with relevance.
  const golden = loadGolden('correlation').cases.find((c) => c.id === 'correlation/system/summeval.refs11/ROUGE-2_F_plainmean_vs_relevance')!;

  let references: DataConditionResult;
  before(() => {
    references = dataConditions(data, { axis: 'references', repetitions: 100, seed: 7 });
  });

  it('all references is the full-data correlation (SciPy golden value), with its p-value', () => {
    const actual = references.metrics[0].points.find((p) => p.kind === 'actual')!;
    assert.equal(actual.label, '11 (actual)');
    assert.ok(Math.abs(actual.correlation.mean! - golden.expected.pearson.statistic) < 1e-12, `${actual.correlation.mean}`);
    assert.ok(Math.abs(actual.pvalue! - golden.expected.pearson.pvalue) < 1e-12);
    const items = dataConditions(data, { axis: 'items', repetitions: 20, seed: 7, pairs: false });
    assert.equal(items.metrics[0].points.find((p) => p.kind === 'actual')!.correlation.mean, actual.correlation.mean);
  });

  it('samples 1..10 references per document, then the actual and bootstrap rows; ANOVA across them', () => {
    const labels = references.metrics[0].points.map((p) => p.label);
    assert.deepEqual(labels, ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11 (bootstr)', '11 (actual)']);
    const one = references.metrics[0].points[0];
    assert.equal(one.correlation.count, 100);
    assert.ok(one.correlation.lower! <= one.correlation.mean! && one.correlation.mean! <= one.correlation.upper!);
    // Fewer references, weaker agreement with the experts (seed 002's finding, on this data).
    assert.ok(one.correlation.mean! < references.metrics[0].points[11].correlation.mean!);
    const anova = references.metrics[0].anova;
    assert.equal(anova.dfBetween, 10);
    assert.equal(anova.dfWithin, 11 * 100 - 11);
    assert.ok(anova.pvalue !== null && anova.pvalue >= 0 && anova.pvalue <= 1);
    assert.equal(references.metrics[0].comparisons.length, (11 * 10) / 2);
    assert.equal(references.metrics[0].referenceMode, 'combined');
    assert.match(references.signature, /^conditions:references\|sizes:1,2,3,4,5,6,7,8,9,10\|full:11\|reps:100\|seed:7\|corr:pearson/);
  });

  it('the actual row\'s share of separated system pairs is the paired t-tests on the full data', () => {
    const actual = references.metrics[0].points.find((p) => p.kind === 'actual')!;
    let significant = 0;
    let pairs = 0;
    const scores = (s: number): number[] =>
      Array.from({ length: D }, (_, d) => rouge2.score(rouge2.itemStats, (s * D + d) * rouge2.width, 1));
    for (let a = 0; a < S; a++) {
      for (let b = a + 1; b < S; b++) {
        pairs++;
        if (pairedTTest(scores(a), scores(b)).pvalue < 0.05) significant++;
      }
    }
    assert.equal(actual.significantPairs!.mean, significant / pairs);
    assert.equal(actual.agreeingPairs!.mean, 1);
  });

  it('is reproducible from its seed, and another seed draws other subsets', () => {
    const again = dataConditions(data, { axis: 'references', repetitions: 100, seed: 7 });
    assert.deepEqual(again, references);
    const other = dataConditions(data, { axis: 'references', repetitions: 100, seed: 8, sizes: [1] });
    assert.notEqual(other.metrics[0].points[0].correlation.mean, references.metrics[0].points[0].correlation.mean);
  });

  it('combining per-reference statistics gives exactly what scoring every subset gives (4 references, 20 documents)', () => {
    const n = 20;
    const refs = table.references.slice(0, 4).map((s) => s.slice(0, n));
    const hyps = table.hypotheses.map((h) => h.slice(0, n));
    const human = new Float64Array(S * n);
    for (let s = 0; s < S; s++) for (let d = 0; d < n; d++) human[s * n + d] = table.human.relevance[s * D + d];
    const make = (mode: ReferenceSubsetMode): DataConditionResult => dataConditions(
      { systems: table.systems, items: n, human: { name: 'relevance', system: systemMeans(human, S, n), items: human }, metrics: [engineMetric('rouge2', STEMMED, refs, hyps, mode)] },
      { axis: 'references', repetitions: 60, seed: 3 },
    );
    const combined = make('combined');
    const enumerated = make('enumerated');
    assert.equal(enumerated.metrics[0].referenceMode, 'enumerated');
    assert.deepEqual(numbersOf(combined), numbersOf(enumerated));
    // And the cache of already-seen subsets changes nothing.
    const uncached = dataConditions(
      { systems: table.systems, items: n, human: { name: 'relevance', system: systemMeans(human, S, n), items: human }, metrics: [engineMetric('rouge2', STEMMED, refs, hyps)] },
      { axis: 'references', repetitions: 60, seed: 3, cacheBytes: 0 },
    );
    assert.deepEqual(numbersOf(uncached), numbersOf(combined));
  });

  it('items axis: seed 002 sizes, human pair shares, same-items target', () => {
    assert.deepEqual(defaultItemSizes(48), [1, 3, 6, 12, 24, 36, 39, 42, 45]);
    assert.deepEqual(defaultItemSizes(100), [1, 3, 6, 12, 24, 48, 75, 81, 88, 94]);
    const items = dataConditions(data, { axis: 'items', repetitions: 50, seed: 1, sizes: [3, 50] });
    assert.deepEqual(items.metrics[0].points.map((p) => p.label), ['3', '50', '100 (bootstr)', '100 (actual)']);
    assert.equal(items.humanPairs!.length, 3);
    assert.ok(items.humanPairs![0].significantPairs.mean! <= items.humanPairs![1].significantPairs.mean!);
    const same = dataConditions(data, { axis: 'items', repetitions: 50, seed: 1, sizes: [3, 50], humanTarget: 'same-items', pairs: false });
    assert.notEqual(same.metrics[0].points[0].correlation.mean, items.metrics[0].points[0].correlation.mean);
    assert.equal(same.human.target, 'same-items');
  });
});

describe('data conditions: hand-checkable cases', () => {
  // 4 systems × 3 items, one statistic per item (the item score), system score = mean over the chosen items.
  const itemScores = [
    [0.1, 0.5, 0.3],
    [0.4, 0.2, 0.6],
    [0.3, 0.3, 0.9],
    [0.8, 0.1, 0.2],
  ];
  const humanSystem = Float64Array.of(1, 2, 3, 4);
  const mean: ConditionMetric['score'] = (stats, offset, items) => stats[offset] / items;
  const metric: ConditionMetric = { name: 'toy', width: 1, score: mean, itemStats: Float64Array.from(itemScores.flat()) };
  const data: ConditionData = { systems: ['a', 'b', 'c', 'd'], items: 3, human: { name: 'h', system: humanSystem }, metrics: [metric] };

  it('every sampled correlation is one of the possible subsets\' correlations, each drawn about equally often', () => {
    const result = dataConditions(data, { axis: 'items', repetitions: 3000, seed: 11, sizes: [1, 2], keepSamples: true, pairs: false });
    for (const [row, size] of [[0, 1], [1, 2]] as const) {
      const subsets = size === 1 ? [[0], [1], [2]] : [[0, 1], [0, 2], [1, 2]];
      const possible = subsets.map((items) => pearson(itemScores.map((row) => items.reduce((s, i) => s + row[i], 0) / items.length), humanSystem).statistic);
      const counts = possible.map(() => 0);
      for (const v of result.metrics[0].points[row].values!) {
        const k = possible.findIndex((p) => Math.abs(p - v!) < 1e-12);
        assert.ok(k >= 0, `${v} is not a subset's correlation`);
        counts[k]++;
      }
      for (const c of counts) assert.ok(Math.abs(c - 1000) < 100, `counts ${counts}`);
      const expectedMean = possible.reduce((a, b) => a + b, 0) / 3;
      assert.ok(Math.abs(result.metrics[0].points[row].correlation.mean! - expectedMean) < 0.02);
    }
    // The full size is the actual row: r of the system means.
    const actual = pearson(itemScores.map((r) => (r[0] + r[1] + r[2]) / 3), humanSystem);
    assert.ok(Math.abs(result.metrics[0].points[3].correlation.mean! - actual.statistic) < 1e-15);
    assert.notEqual(result.notes.find((n) => n.includes('resamples the metric only')), undefined);
  });

  it('a metric equal to the human item scores correlates perfectly on every subset and separates the same pairs', () => {
    const human = Float64Array.from(itemScores.flat());
    const same: ConditionData = {
      systems: ['a', 'b', 'c', 'd'], items: 3,
      human: { name: 'h', system: Float64Array.from(itemScores, (r) => (r[0] + r[1] + r[2]) / 3), items: human },
      metrics: [metric],
    };
    const result = dataConditions(same, { axis: 'items', repetitions: 200, seed: 2, sizes: [2], humanTarget: 'same-items' });
    const point = result.metrics[0].points[0];
    assert.ok(Math.abs(point.correlation.min! - 1) < 1e-12 && Math.abs(point.correlation.max! - 1) < 1e-12);
    assert.deepEqual(point.significantPairs, result.humanPairs![0].significantPairs);
  });

  it('says what is wrong with impossible requests', () => {
    assert.throws(() => dataConditions(data, { axis: 'references' }), /cannot be scored on subsets of references/);
    assert.throws(() => dataConditions(data, { axis: 'items', sizes: [4] }), /Size 4 is out of range: items go from 1 to 3/);
    assert.throws(() => dataConditions({ ...data, systems: ['a', 'b'] }, { axis: 'items' }), /at least 3 systems/);
    assert.throws(() => dataConditions(data, { axis: 'items', humanTarget: 'same-items' }), /same-items/);
  });

  it('reports progress and stops when cancelled', () => {
    const seen: number[] = [];
    dataConditions(data, { axis: 'items', repetitions: 64, sizes: [1], pairs: false, onProgress: (done) => seen.push(done) });
    assert.deepEqual(seen.slice(0, 2), [16, 32]);
    assert.equal(seen[seen.length - 1], 128);
    let polls = 0;
    assert.throws(() => dataConditions(data, { axis: 'items', repetitions: 1000, sizes: [1], isCancelled: () => ++polls > 2 }), ScoringCancelled);
  });
});

describe('data conditions on WMT21 cs-en (references A and B, DA z)', () => {
  const table = wmt21Table('cs-en', DATA);
  const N = 120;
  const refs = table.references.map((s) => s.slice(0, N));
  const hyps = table.hypotheses.map((h) => h.slice(0, N));
  const S = table.systems.length;
  const z = new Float64Array(S * N);
  for (let s = 0; s < S; s++) for (let i = 0; i < N; i++) z[s * N + i] = table.z[s * table.references[0].length + i];
  const human = { name: 'DA z', system: systemMeans(z, S, N), items: z };

  it('BLEU (no combineReferences) is scored on every subset of the two references; chrF combined = enumerated', () => {
    const bleu = engineMetric('bleu', DEFAULT_METRIC_SETTINGS, refs, hyps);
    assert.equal(bleu.references!.mode, 'enumerated');
    const chrfCombined = engineMetric('chrf', DEFAULT_METRIC_SETTINGS, refs, hyps, 'combined');
    const chrfEnumerated = engineMetric('chrf', DEFAULT_METRIC_SETTINGS, refs, hyps, 'enumerated');
    const result = dataConditions({ systems: table.systems, items: N, human, metrics: [bleu, chrfCombined, chrfEnumerated] }, { axis: 'references', repetitions: 100, seed: 5 });
    assert.deepEqual(result.metrics[0].points.map((p) => p.label), ['1', '2 (bootstr)', '2 (actual)']);
    const [, combined, enumerated] = result.metrics;
    assert.deepEqual(combined.points, enumerated.points);
    // The actual BLEU row: corpus BLEU against A+B per system, correlated with the DA means of these segments.
    const prepared = metricRequest('bleu', DEFAULT_METRIC_SETTINGS).prepare({ streams: refs });
    const corpus = hyps.map((h) => {
      const totals = new Float64Array(prepared.statsLayout.length);
      h.forEach((line, i) => prepared.stats(line, i).forEach((v, c) => (totals[c] += v)));
      return prepared.corpusScore(totals, N).score;
    });
    assert.ok(Math.abs(result.metrics[0].points[2].correlation.mean! - pearson(corpus, human.system).statistic) < 1e-12);
    // One reference per segment is a different test set: the correlations spread.
    assert.ok(result.metrics[0].points[0].correlation.sd! > 0);
  });
});
