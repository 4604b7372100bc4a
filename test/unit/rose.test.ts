import * as assert from 'node:assert/strict';
import * as path from 'path';
import { DEFAULT_METRIC_SETTINGS, MetricSettings } from '../../src/core/engine/metric-settings';
import { metricRequest } from '../../src/core/engine/metric-registry';
import { drawWithoutReplacement } from '../../src/core/meta/conditions/random-subsets';
import { pearson, pearsonPValue } from '../../src/core/meta/stats/pearson';
import { mannWhitneyU } from '../../src/core/meta/rose/mann-whitney';
import { applyRose, fitRose, parseRoseModel, RoseInput } from '../../src/core/meta/rose/rose-model';
import { criticalCorrelation, roseSearch } from '../../src/core/meta/rose/rose-search';
import { prepareRoseMetric, signatureMismatches } from '../../src/core/meta/rose/rose-metric';
import { ScoringCancelled } from '../../src/core/engine/score-systems';
import { seededRandom } from '../../src/core/significance/pcg64';
import { summEvalTable, systemMeans } from '../../bench/meta-data';
import { FIXTURES } from './golden';

const DATA = path.join(FIXTURES, 'data');

function close(a: number | null, b: number, tol = 1e-12, what = ''): void {
  assert.ok(a !== null && Math.abs(a - b) <= tol * Math.max(1, Math.abs(b)), `${what} ${a} ≠ ${b}`);
}

// Expected values printed by SciPy 1.17.1 (scipy.stats.mannwhitneyu; its documentation's example first).
describe('Mann–Whitney U as scipy.stats.mannwhitneyu', () => {
  const males = [19, 22, 16, 29, 24];
  const females = [20, 11, 17, 12];
  it('exact, asymptotic with and without continuity, one-sided (SciPy\'s documented example)', () => {
    const exact = mannWhitneyU(males, females, { method: 'exact' });
    assert.equal(exact.statistic, 17);
    close(exact.pvalue, 0.1111111111111111, 1e-15);
    close(mannWhitneyU(males, females, { method: 'asymptotic' }).pvalue, 0.11134688653314041, 1e-13);
    close(mannWhitneyU(males, females, { method: 'asymptotic', useContinuity: false }).pvalue, 0.0864107329737, 1e-11);
    const less = mannWhitneyU(females, males, { alternative: 'less', method: 'exact' });
    assert.equal(less.statistic, 3);
    close(less.pvalue, 0.05555555555555555, 1e-15);
    assert.equal(mannWhitneyU(males, females).method, 'exact'); // 'auto': no ties, a sample of ≤ 8
  });
  it('auto picks the normal approximation with ties, and corrects σ for them', () => {
    const x = [1, 2, 2, 3, 3, 3, 4, 5, 6, 7];
    const y = [2, 3, 4, 4, 5, 5, 6, 8, 9, 9, 10];
    const r = mannWhitneyU(x, y);
    assert.equal(r.method, 'asymptotic');
    assert.equal(r.statistic, 27);
    close(r.pvalue, 0.05096671578225301, 1e-12);
    close(mannWhitneyU(x, y, { alternative: 'greater' }).pvalue, 0.9784496586650422, 1e-12);
    const tied = mannWhitneyU([0.91, 0.95, 0.97, 0.99, 0.935], Array.from({ length: 40 }, (_, i) => 0.9 + 0.001 * i + 0.0003 * (i % 7)));
    assert.equal(tied.statistic, 164.5);
    close(tied.pvalue, 0.020806107434774374, 1e-11);
  });
  it('exact null distribution for 8 × 8 and 3 × 500', () => {
    const r = mannWhitneyU([3.1, 4.2, 5.3, 6.4, 7.5, 8.6, 9.7, 10.8], [1.05, 2.15, 3.25, 4.35, 5.45, 6.55, 7.65, 8.75]);
    assert.equal(r.statistic, 43);
    close(r.pvalue, 0.2786324786324786, 1e-14);
    const big = mannWhitneyU([0.7005, 0.8005, 0.9005], Array.from({ length: 500 }, (_, i) => 0.5 + i * 0.001));
    assert.equal(big.method, 'exact');
    assert.equal(big.statistic, 903);
    close(big.pvalue, 0.5630102771969463, 1e-12);
  });
  it('far tails of large samples (the paper marks p ≤ 1e-7)', () => {
    const a = Array.from({ length: 300 }, (_, i) => Math.round((0.95 + 0.01 * Math.sin(i * 1.7) + 0.004 * Math.cos(i * 0.3)) * 1e4) / 1e4);
    const b = Array.from({ length: 280 }, (_, i) => Math.round((0.943 + 0.01 * Math.sin(i * 2.3 + 1) + 0.004 * Math.cos(i * 0.7)) * 1e4) / 1e4);
    const r = mannWhitneyU(a, b);
    assert.equal(r.statistic, 61400);
    close(r.pvalue / 6.605702629294684e-22, 1, 1e-9);
    assert.equal(mannWhitneyU(a, b, { alternative: 'less' }).pvalue, 1);
  });
});

// X: three predictors over 8 units; expected values from numpy.linalg.lstsq with an intercept column.
const X = [
  [0.31, 0.08, 0.11], [0.35, 0.09, 0.12], [0.29, 0.07, 0.10], [0.40, 0.11, 0.15],
  [0.38, 0.10, 0.13], [0.33, 0.085, 0.125], [0.36, 0.095, 0.115], [0.30, 0.075, 0.105],
];
const y = [2.8, 3.1, 2.5, 3.6, 3.4, 3.0, 3.2, 2.6];
const toy: RoseInput = { metrics: ['a', 'b', 'c'], predictors: [0, 1, 2].map((j) => X.map((row) => row[j])), target: y, targetName: 'toy' };

describe('ROSE: least squares with an intercept = the combination of maximum Pearson r', () => {
  it('weights, intercept and multiple R as numpy.linalg.lstsq', () => {
    const model = fitRose(toy);
    close(model.intercept, 0.08237288135594881, 1e-9);
    [4.779661016949118, 11.966101694915379, 2.203389830508455].forEach((w, j) => close(model.weights[j], w, 1e-9, `w${j}`));
    close(model.fit.r, 0.9958501184726807, 1e-12);
    const sub = fitRose(toy, [0, 2]);
    assert.deepEqual(sub.metrics, ['a', 'c']);
    close(sub.intercept, -0.23252564556066177, 1e-10);
    close(sub.weights[0], 8.413512557481424, 1e-10);
    close(sub.weights[1], 3.325079589671022, 1e-10);
    close(sub.fit.r, 0.995110729746741, 1e-12);
  });

  it('no other direction correlates better, and R is at least every single predictor\'s |r|', () => {
    const model = fitRose(toy);
    const random = seededRandom(4);
    for (let t = 0; t < 200; t++) {
      const w = model.weights.map((v) => v * (1 + (random.nextUint32() / 2 ** 32 - 0.5) * 0.4));
      const combined = X.map((row) => row.reduce((s, x, j) => s + w[j] * x, 0));
      assert.ok(pearson(combined, y).statistic <= model.fit.r! + 1e-12);
    }
    for (let j = 0; j < 3; j++) assert.ok(model.fit.r! >= Math.abs(pearson(toy.predictors[j], y).statistic) - 1e-12);
    // The fitted values are applyRose on the training scores, and correlate with the target at R.
    const fitted = applyRose(model, { a: toy.predictors[0], b: toy.predictors[1], c: toy.predictors[2] });
    close(pearson(fitted, y).statistic, model.fit.r!, 1e-12);
  });

  it('a predictor that copies another gets weight 0 and the fit is unchanged', () => {
    const copy: RoseInput = { ...toy, metrics: ['a', 'b', 'c', 'a2'], predictors: [...toy.predictors, Array.from(toy.predictors[0], (v) => 2 * v)] };
    const model = fitRose(copy);
    assert.deepEqual(model.fit.dropped, ['a2']);
    close(model.fit.r, 0.9958501184726807, 1e-10);
  });

  it('a fitted model is JSON that reads back, applies by metric name, and says what is missing or malformed', () => {
    const model = fitRose(toy, [0, 2], 'rose-toy');
    const json = JSON.parse(JSON.stringify(model));
    assert.deepEqual(parseRoseModel(json), model);
    assert.throws(() => applyRose(model, { a: [1] }), /scores for c are missing/);
    assert.throws(() => parseRoseModel({ ...json, kind: 'x' }), /"kind" must be "understudy.rose"/);
    assert.throws(() => parseRoseModel({ ...json, weights: [1] }), /1 weights for 2 metrics/);
    assert.throws(() => parseRoseModel({ ...json, version: 2 }), /version 2 is not supported/);
  });

  it('critical correlation of the test sets: p < α from there on (n = 4: 0.95; n = 10: 0.632)', () => {
    for (const [n, expected] of [[4, 0.95], [10, 0.6318968647198338]] as const) {
      const rc = criticalCorrelation(n, 0.05);
      close(rc, expected, 1e-13, `n=${n}`);
      assert.ok(pearsonPValue(rc, n) < 0.05 && pearsonPValue(rc - 1e-15, n) >= 0.05);
    }
  });
});

describe('ROSE Monte Carlo search', () => {
  const table = summEvalTable(DATA);
  const S = table.systems.length;
  const D = table.documents.length;
  const names = ['rouge1', 'rouge2', 'rougeL', 'rougeSU4'];
  const settings: MetricSettings = { ...DEFAULT_METRIC_SETTINGS, rougeStem: true };
  const prepared = names.map((name) => metricRequest(name, settings).prepare({ streams: table.references }));
  const segmentScores = prepared.map((m) => {
    const out = new Float64Array(S * D);
    for (let s = 0; s < S; s++) for (let d = 0; d < D; d++) out[s * D + d] = m.sentenceScore(m.stats(table.hypotheses[s][d], d)).score;
    return out;
  });
  const input: RoseInput = {
    metrics: names,
    predictors: segmentScores.map((m) => systemMeans(m, S, D)),
    target: systemMeans(table.human.relevance, S, D),
    units: table.systems,
    targetName: 'relevance',
    signatures: prepared.map((m) => m.signature()),
  };

  it('with one predictor, each trial\'s test correlation is that predictor\'s, its sign the training slope\'s', () => {
    const one: RoseInput = { metrics: ['rouge2'], predictors: [input.predictors[1]], target: input.target };
    const result = roseSearch(one, { trials: 50, seed: 9 });
    // Redraw the same splits: 4 test systems of 16 per trial, from the same PCG64 stream.
    const random = seededRandom(9);
    const pool = Int32Array.from({ length: S }, (_, u) => u);
    for (let t = 0; t < 50; t++) {
      drawWithoutReplacement(random, pool, 4);
      const test = Array.from(pool.subarray(0, 4));
      const train = Array.from(pool.subarray(4));
      const r = pearson(test.map((u) => one.predictors[0][u]), test.map((u) => one.target[u])).statistic;
      const slope = Math.sign(pearson(train.map((u) => one.predictors[0][u]), train.map((u) => one.target[u])).statistic);
      close(result.samples!.best[t], slope * r, 1e-10, `trial ${t}`);
    }
  });

  it('searches every subset with shared splits, ranks by the median significant test r, fits the winner on all systems', () => {
    const result = roseSearch(input, { trials: 400, seed: 12345 });
    assert.equal(result.subsets.length, 15);
    assert.equal(result.testSize, 4);
    for (let k = 1; k < result.subsets.length; k++) {
      assert.ok((result.subsets[k - 1].medianSignificant ?? -Infinity) >= (result.subsets[k].medianSignificant ?? -Infinity));
    }
    assert.deepEqual(result.best, result.subsets[0]);
    assert.equal(result.bestSingle.size, 1);
    assert.deepEqual(result.model.metrics, result.best.metrics);
    assert.equal(result.model.fit.r, result.best.fullR);
    assert.equal(result.model.fit.monteCarlo!.trials, 400);
    assert.deepEqual(result.model.signatures, result.best.metrics.map((m) => input.signatures![names.indexOf(m)]));
    for (const subset of result.subsets) {
      assert.ok(subset.significantShare >= 0 && subset.significantShare <= 1);
      // A median over significant trials: |r| ≥ the critical value for 4 test systems.
      if (subset.medianSignificant !== null) assert.ok(Math.abs(subset.medianSignificant) >= 0.95 - 1e-12);
    }
    // Single predictors' full-data R is their |r| with the target.
    for (const subset of result.subsets.filter((s) => s.size === 1)) {
      close(subset.fullR, Math.abs(pearson(input.predictors[names.indexOf(subset.metrics[0])], input.target).statistic), 1e-12);
    }
    if (result.comparison.pvalue !== null) {
      assert.equal(result.comparison.method, 'asymptotic');
      assert.equal(result.comparison.marked, result.comparison.pvalue <= 1e-7);
    }
    assert.match(result.signature, /^rose\|predictors:rouge1\+rouge2\+rougeL\+rougeSU4\|target:relevance\|units:16\|trials:400\|test:4\|seed:12345/);
    assert.deepEqual(roseSearch(input, { trials: 400, seed: 12345 }), result);
  });

  it('options: combinations only, all trials compared, required predictors, stratified splits', () => {
    const combos = roseSearch(input, { trials: 100, candidates: 'combinations', comparisonSamples: 'all', require: ['rouge2'] });
    assert.equal(combos.subsets.length, 8);
    assert.ok(combos.best.size >= 2 && combos.best.metrics.includes('rouge2'));
    assert.equal(combos.comparison.n1, 100 - combos.best.undefinedTrials);
    const groups = table.systems.map((_, s) => (s < 8 ? 'first' : 'second'));
    const stratified = roseSearch(input, { trials: 50, stratify: true, groups });
    assert.equal(stratified.testSize, 4);
    assert.throws(() => roseSearch(input, { trials: 10, testFraction: 0.1 }), /test set of 2 units/);
    assert.throws(() => roseSearch(input, { trials: 10, require: ['bleu'] }), /required predictor bleu/);
  });

  it('as a metric: statistics side by side, scores the fitted combination of the components\' scores', () => {
    const model = fitRose(input, [0, 1], 'rose-r1r2');
    const rose = prepareRoseMetric(model, [prepared[0], prepared[1]]);
    assert.deepEqual(signatureMismatches(model, [prepared[0], prepared[1]]), []);
    assert.equal(rose.statsLayout.length, 14);
    const rows = table.hypotheses[3].map((h, d) => rose.stats(h, d));
    const totals = new Float64Array(14);
    for (const row of rows) row.forEach((v, c) => (totals[c] += v));
    const corpus = rose.corpusScore(totals, D).score;
    close(corpus, model.intercept + model.weights[0] * input.predictors[0][3] + model.weights[1] * input.predictors[1][3], 1e-12);
    // Linear: the mean of the segments' ROSE is the system's ROSE.
    const meanOfSegments = rows.reduce((s, row) => s + rose.sentenceScore(row).score, 0) / D;
    close(meanOfSegments, corpus, 1e-12);
    const explanation = rose.explain(table.hypotheses[3][0], 0);
    close(explanation.score, rose.sentenceScore(rows[0]).score, 1e-12);
    assert.deepEqual(explanation.details.components, ['rouge1', 'rouge2']);
    assert.ok(rose.combineReferences);
    assert.match(rose.signature(), /^rose:rose-r1r2\|metrics:rouge1\+rouge2\|w:/);
    assert.throws(() => prepareRoseMetric(model, [prepared[1], prepared[0]]), /component 1 should be rouge1, got rouge2/);
  });

  it('applies to another data set (a model fitted on documents 1–50 scores documents 51–100)', () => {
    const half = (m: Float64Array, first: number): Float64Array => {
      const out = new Float64Array(S * 50);
      for (let s = 0; s < S; s++) for (let d = 0; d < 50; d++) out[s * 50 + d] = m[s * D + first + d];
      return out;
    };
    const train: RoseInput = { ...input, predictors: segmentScores.map((m) => systemMeans(half(m, 0), S, 50)), target: systemMeans(half(table.human.relevance, 0), S, 50) };
    const model = fitRose(train, [0, 1, 3]);
    const test = Object.fromEntries(names.map((n, j) => [n, systemMeans(half(segmentScores[j], 50), S, 50)]));
    const scores = applyRose(model, test);
    for (let s = 0; s < S; s++) {
      close(scores[s], model.intercept + model.weights[0] * test.rouge1[s] + model.weights[1] * test.rouge2[s] + model.weights[2] * test.rougeSU4[s], 1e-12);
    }
    const r = pearson(scores, systemMeans(half(table.human.relevance, 50), S, 50));
    assert.ok(r.statistic > -1 && r.statistic < 1);
  });
});

describe('ROSE search: progress and cancellation', () => {
  const units = 20;
  const a = Float64Array.from({ length: units }, (_, u) => Math.sin(u));
  const b = Float64Array.from({ length: units }, (_, u) => Math.cos(u * 2));
  const input: RoseInput = { metrics: ['a', 'b'], predictors: [a, b], target: Float64Array.from(a, (x, u) => x + 0.5 * b[u] + 0.1 * Math.sin(7 * u)) };
  it('reports the splits done, ending at the total', () => {
    const seen: number[] = [];
    roseSearch(input, { trials: 100, onProgress: (done, total) => seen.push(done / total) });
    assert.ok(seen.length >= 2 && seen.every((x, i) => i === 0 || x >= seen[i - 1]));
    assert.equal(seen[seen.length - 1], 1);
  });
  it('stops with ScoringCancelled when asked to', () => {
    let polls = 0;
    assert.throws(() => roseSearch(input, { trials: 4000, isCancelled: () => ++polls > 3 }), ScoringCancelled);
    assert.equal(polls, 4);
  });
});
