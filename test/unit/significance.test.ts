import * as assert from 'node:assert/strict';
import { approximateRandomization } from '../../src/core/significance/approximate-randomization';
import { bootstrapConfidenceInterval } from '../../src/core/significance/bootstrap-confidence';
import { exactMean, lowerPercentileIndex, numpySum, sampleStandardDeviation } from '../../src/core/significance/bootstrap-summary';
import { lineComparison } from '../../src/core/significance/line-comparison';
import { bonferroni, experimentwiseErrorRate, holm, pairCount, perComparisonLevel } from '../../src/core/significance/multiple-comparisons';
import { pairedBootstrap } from '../../src/core/significance/paired-bootstrap';
import { comparisonBetween, pairwiseTable } from '../../src/core/significance/pairwise-table';
import { seededRandom } from '../../src/core/significance/pcg64';
import { CorpusScoreFunction } from '../../src/core/significance/resampling-input';
import { uniformBelow } from '../../src/core/significance/uniform-integers';
import { ScoringCancelled } from '../../src/core/engine/score-systems';

/** A toy metric: stats [correct, count] per segment, score = 100 · Σcorrect / Σcount. */
const accuracy: CorpusScoreFunction = (totals) => (totals[1] === 0 ? 0 : (100 * totals[0]) / totals[1]);
const rowsOf = (correct: number[], count = 1): Float64Array[] => correct.map((c) => Float64Array.of(c, count));
/** Deterministic pseudo-data: segment i correct when (i·a + b) mod m < t. */
const pattern = (n: number, a: number, b: number, m: number, t: number): number[] => Array.from({ length: n }, (_, i) => ((i * a + b) % m < t ? 1 : 0));

describe('significance: summaries of bootstrap scores', () => {
  it('takes the percentile bounds at ⌊n/40⌋ for 95% (sacreBLEU) and ⌊n·(1−level)/2⌋ otherwise', () => {
    assert.equal(lowerPercentileIndex(1000, 0.95), 25);
    assert.equal(lowerPercentileIndex(39, 0.95), 0);
    assert.equal(lowerPercentileIndex(40, 0.95), 1);
    assert.equal(lowerPercentileIndex(1000, 0.9), 50);
    assert.equal(lowerPercentileIndex(1000, 0.99), 5);
  });

  // Values (i·7919 mod 1000)/7 ± 1e10 where summation order changes the result; expected values printed by
  // NumPy 2.4.6 (np.sum, np.mean) and Python 3.11 statistics.mean.
  const values = (n: number): Float64Array =>
    Float64Array.from({ length: n }, (_, i) => ((i * 7919) % 1000) / 7 + (i % 3 === 0 ? 1e10 : 0) - (i % 5 === 0 ? 1e10 : 0));

  it('sums like NumPy (pairwise), which is not the left-to-right sum', () => {
    const v = values(1000);
    assert.equal(numpySum(v, 0, 1000), 1340000071357.1426);
    assert.equal(numpySum(values(100), 0, 100), 140000007007.14288);
    assert.equal(numpySum(values(5), 0, 5), 10000000455.714285);
    let naive = 0;
    for (const x of v) naive += x;
    assert.equal(naive, 1340000071357.1418);
  });

  it('exactMean is the correctly rounded mean (statistics.mean)', () => {
    assert.equal(exactMean(values(1000)), 1340000071.357143);
    assert.equal(exactMean(values(100)), 1400000070.0714285);
    assert.equal(exactMean(Float64Array.of(0.1, 0.2, 0.3)), 0.2);
    assert.equal(exactMean(Float64Array.of(-1, -2)), -1.5);
    assert.equal(exactMean(Float64Array.of(5e-324, 5e-324)), 5e-324);
    assert.equal(exactMean(Float64Array.of(1e308, 1e308)), 1e308);
  });

  it('sample standard deviation uses n − 1', () => {
    assert.equal(sampleStandardDeviation(Float64Array.of(1, 2, 3, 4)), Math.sqrt(5 / 3));
    assert.ok(Number.isNaN(sampleStandardDeviation(Float64Array.of(1))));
  });
});

describe('significance: bootstrap confidence interval', () => {
  it('a system with the same score on every segment has a zero-width interval', () => {
    const ci = bootstrapConfidenceInterval(rowsOf(new Array(50).fill(1), 2), accuracy, { samples: 200 });
    assert.deepEqual([ci.score, ci.mean, ci.lower, ci.upper, ci.halfWidth, ci.standardDeviation], [50, 50, 50, 50, 0, 0]);
  });

  it('scores each resample from the summed stats of the drawn segments and takes sacreBLEU’s bounds', () => {
    const correct = pattern(30, 7, 3, 10, 6);
    const rows = correct.map((c, i) => Float64Array.of(c, 1 + (i % 3)));
    const ci = bootstrapConfidenceInterval(rows, accuracy, { samples: 80, seed: 99 });
    // The same computation by hand: 80 × 30 indices from the generator, row by row.
    const random = seededRandom(99);
    const byHand: number[] = [];
    for (let s = 0; s < 80; s++) {
      let c = 0;
      let n = 0;
      for (let j = 0; j < 30; j++) {
        const i = uniformBelow(random, 30);
        c += rows[i][0];
        n += rows[i][1];
      }
      byHand.push((100 * c) / n);
    }
    const sorted = [...byHand].sort((x, y) => x - y);
    assert.equal(ci.lower, sorted[2]);
    assert.equal(ci.upper, sorted[77]);
    assert.equal(ci.halfWidth, (sorted[77] - sorted[2]) / 2);
    assert.equal(ci.mean, exactMean(Float64Array.from(byHand)));
    const total = rows.reduce((acc, r) => [acc[0] + r[0], acc[1] + r[1]], [0, 0]);
    assert.equal(ci.score, (100 * total[0]) / total[1]);
    assert.ok(ci.lower <= ci.score && ci.score <= ci.upper);
  });

  it('is deterministic for a seed and changes with the seed', () => {
    const rows = rowsOf(pattern(200, 13, 5, 17, 9));
    const a = bootstrapConfidenceInterval(rows, accuracy, { seed: 1 });
    const b = bootstrapConfidenceInterval(rows, accuracy, { seed: 1 });
    const c = bootstrapConfidenceInterval(rows, accuracy, { seed: 2 });
    assert.deepEqual(a, b);
    assert.notEqual(a.mean, c.mean);
  });

  it('a wider level gives a wider interval', () => {
    const rows = rowsOf(pattern(200, 13, 5, 17, 9));
    const narrow = bootstrapConfidenceInterval(rows, accuracy, { level: 0.5 });
    const wide = bootstrapConfidenceInterval(rows, accuracy, { level: 0.99 });
    assert.ok(wide.lower < narrow.lower && narrow.upper < wide.upper);
  });

  it('refuses empty input, ragged rows and bad options', () => {
    assert.throws(() => bootstrapConfidenceInterval([], accuracy), RangeError);
    assert.throws(() => bootstrapConfidenceInterval([Float64Array.of(1, 1), Float64Array.of(1)], accuracy), RangeError);
    assert.throws(() => bootstrapConfidenceInterval(rowsOf([1]), accuracy, { samples: 0 }), RangeError);
    assert.throws(() => bootstrapConfidenceInterval(rowsOf([1]), accuracy, { level: 1 }), RangeError);
  });
});

describe('significance: paired bootstrap', () => {
  it('a system better on every segment gets the smallest p-value, 1/(samples + 1)', () => {
    const r = pairedBootstrap(rowsOf(new Array(40).fill(0)), rowsOf(new Array(40).fill(1)), accuracy, { samples: 500 });
    // Every resample has |Δ| = 100 = mean, so no shifted difference exceeds the observed 100.
    assert.equal(r.delta, 100);
    assert.equal(r.pValue, 1 / 501);
    assert.equal(r.systemHigher, 500);
    assert.equal(r.baselineHigher, 0);
  });

  it('identical systems: every resampled difference is 0, so the shifted statistic never exceeds 0', () => {
    const rows = rowsOf(pattern(60, 7, 1, 11, 5));
    const r = pairedBootstrap(rows, rows, accuracy, { samples: 300 });
    assert.equal(r.delta, 0);
    assert.equal(r.pValue, 1 / 301);
    assert.equal(r.tied, 300);
    assert.deepEqual(r.baseline, r.system);
  });

  it('systems that differ on one segment are not significantly different', () => {
    const a = pattern(100, 7, 1, 10, 5);
    const b = [...a];
    b[3] = 1 - b[3]; // one segment changes: |Δ| = 1 point
    const r = pairedBootstrap(rowsOf(a), rowsOf(b), accuracy);
    // A resample's |Δ| is k points, k ~ Binomial(100, 1/100) copies of segment 3, mean ≈ 1; the shifted statistic
    // exceeds 1 when k ≥ 3, so p ≈ P(k ≥ 3) ≈ 0.079.
    assert.equal(Math.abs(r.delta), 1);
    assert.ok(r.pValue > 0.05 && r.pValue < 0.12, `p = ${r.pValue}`);
  });

  it('uses the same resamples for both systems: their intervals equal the single-system ones', () => {
    const a = rowsOf(pattern(80, 3, 2, 7, 4));
    const b = rowsOf(pattern(80, 5, 1, 7, 3));
    const r = pairedBootstrap(a, b, accuracy, { samples: 200, seed: 7 });
    const ciB = bootstrapConfidenceInterval(b, accuracy, { samples: 200, seed: 7 });
    assert.equal(r.system.lower, ciB.lower);
    assert.equal(r.system.upper, ciB.upper);
    assert.equal(r.systemHigher + r.baselineHigher + r.tied, 200);
    assert.ok(r.deltaInterval.lower <= r.deltaInterval.upper);
    assert.equal(r.pValue, (r.exceedances + 1) / 201);
  });

  it('refuses systems of different lengths', () => {
    assert.throws(() => pairedBootstrap(rowsOf([1, 0]), rowsOf([1]), accuracy), RangeError);
  });
});

describe('significance: approximate randomization', () => {
  it('identical systems: p = 1 when ties count (Riezler & Maxwell), 1/(trials + 1) as sacreBLEU counts', () => {
    const rows = rowsOf(pattern(50, 3, 1, 4, 2));
    assert.equal(approximateRandomization(rows, rows, accuracy, { trials: 200, countTies: true }).pValue, 1);
    assert.equal(approximateRandomization(rows, rows, accuracy, { trials: 200 }).pValue, 1 / 201);
  });

  it('a system better on every segment: no shuffle exceeds the observed difference', () => {
    // Shuffled |Δ'| = |2·heads − 40|/40 · 100 ≤ 100 = |Δ|, equal only if all coins agree (probability 2^-39).
    const r = approximateRandomization(rowsOf(new Array(40).fill(0)), rowsOf(new Array(40).fill(1)), accuracy, { trials: 1000 });
    assert.equal(r.exceedances, 0);
    assert.equal(r.pValue, 1 / 1001);
    assert.equal(r.delta, 100);
  });

  it('a one-segment difference: every shuffle ties, so p = 1 with ties counted but 1/(trials + 1) as sacreBLEU counts', () => {
    // Swapping a segment on which the systems agree changes nothing; swapping segment 3 exchanges A and B: |Δ'| = |Δ|.
    const a = pattern(100, 7, 1, 10, 5);
    const b = [...a];
    b[3] = 1 - b[3];
    assert.equal(approximateRandomization(rowsOf(a), rowsOf(b), accuracy, { trials: 2000, countTies: true }).pValue, 1);
    assert.equal(approximateRandomization(rowsOf(a), rowsOf(b), accuracy, { trials: 2000 }).pValue, 1 / 2001);
  });

  it('matches the exact randomization distribution of 12 discordant segments; symmetric in A and B', () => {
    // B = A except on 12 segments: 8 where B gains a point, 4 where it loses one (Δ = 4/200 = 2 points). Only those
    // swaps matter: with X ~ Binomial(12, ½) of them keeping B's gains, |Δ'| ∝ |2X − 12| against the observed 4, so
    // P(|2X − 12| > 4) = 598/4096 ≈ 0.146 and P(≥) = 1588/4096 ≈ 0.388. 2000 trials: standard error ≈ 0.008.
    const a = pattern(200, 7, 1, 10, 5);
    const b = [...a];
    let gains = 0;
    let losses = 0;
    for (let i = 100; i < 200; i++) {
      if (a[i] === 0 && gains < 8) (b[i] = 1), gains++;
      else if (a[i] === 1 && losses < 4) (b[i] = 0), losses++;
    }
    const ab = approximateRandomization(rowsOf(a), rowsOf(b), accuracy, { trials: 2000 });
    const ba = approximateRandomization(rowsOf(b), rowsOf(a), accuracy, { trials: 2000 });
    assert.equal(ab.delta, 2);
    assert.equal(ab.pValue, ba.pValue);
    assert.equal(ab.delta, -ba.delta);
    assert.ok(ab.pValue > 0.12 && ab.pValue < 0.175, `p = ${ab.pValue}`);
    const withTies = approximateRandomization(rowsOf(a), rowsOf(b), accuracy, { trials: 2000, countTies: true });
    assert.ok(withTies.pValue > 0.35 && withTies.pValue < 0.43, `p = ${withTies.pValue}`);
  });

  it('is deterministic for a seed and changes with the seed', () => {
    const a = rowsOf(pattern(300, 7, 1, 10, 5));
    const b = rowsOf(pattern(300, 3, 2, 10, 6));
    const p = (seed: number): number => approximateRandomization(a, b, accuracy, { trials: 500, seed }).exceedances;
    assert.equal(p(3), p(3));
    assert.notEqual(p(3), p(4));
  });
});

describe('significance: cancellation and progress', () => {
  it('stops with ScoringCancelled when asked, and reports progress up to the total', () => {
    const rows = rowsOf(pattern(100, 7, 1, 10, 5));
    let polls = 0;
    assert.throws(() => pairedBootstrap(rows, rows, accuracy, { isCancelled: () => ++polls > 3 }), ScoringCancelled);
    assert.equal(polls, 4);
    const seen: number[] = [];
    approximateRandomization(rows, rows, accuracy, { trials: 100, onProgress: (done, total) => { assert.equal(total, 100); seen.push(done); } });
    assert.deepEqual(seen, [0, 16, 32, 48, 64, 80, 96, 100]);
  });
});

describe('significance: line comparison', () => {
  it('counts better, worse and equal lines from B’s side', () => {
    const a = [10, 20, 30, 40, NaN];
    const b = [15, 20, 25, 50, 1];
    assert.deepEqual(lineComparison(a, b, true), { better: 2, worse: 1, equal: 1, incomparable: 1 });
    assert.deepEqual(lineComparison(a, b, false), { better: 1, worse: 2, equal: 1, incomparable: 1 });
    assert.throws(() => lineComparison([1], [1, 2], true), RangeError);
  });
});

describe('significance: multiple comparisons', () => {
  const p = [0.01, 0.04, 0.03, 0.005];

  it('Bonferroni multiplies by m and caps at 1', () => {
    assert.deepEqual(bonferroni(p), [0.01 * 4, 0.04 * 4, 0.03 * 4, 0.005 * 4]);
    assert.deepEqual(bonferroni([0.5, 0.2]), [1, 0.4]);
  });

  it('Holm steps down, stays monotone and caps at 1', () => {
    // sorted: 0.005·4 = 0.02, 0.01·3 = 0.03, 0.03·2 = 0.06, 0.04·1 = 0.04 → raised to 0.06
    assert.deepEqual(holm(p), [0.01 * 3, 0.03 * 2, 0.03 * 2, 0.005 * 4]);
    assert.deepEqual(holm([0.5, 0.6]), [1, 1]);
    assert.deepEqual(holm([0.02, 0.02]), [0.04, 0.04]);
    assert.deepEqual(holm([]), []);
    assert.throws(() => holm([1.5]), RangeError);
  });

  it('experimentwise error rate: Riezler & Maxwell’s examples and the inverse', () => {
    assert.equal(pairCount(15), 105);
    assert.equal(experimentwiseErrorRate(0.05, 105).toFixed(4), '0.9954');
    assert.equal(experimentwiseErrorRate(0.015, 5).toFixed(4), '0.0728');
    assert.ok(Math.abs(experimentwiseErrorRate(perComparisonLevel(0.05, 10), 10) - 0.05) < 1e-15);
    assert.equal(perComparisonLevel(0.05, 1).toFixed(12), '0.050000000000');
  });
});

describe('significance: pairwise table', () => {
  const systems = [
    { name: 'A', rows: rowsOf(pattern(120, 7, 1, 10, 5)) },
    { name: 'B', rows: rowsOf(pattern(120, 3, 2, 10, 6)) },
    { name: 'C', rows: rowsOf(pattern(120, 11, 4, 10, 8)) },
  ];

  it('paired bootstrap on every pair equals pairedBootstrap per pair, Holm-adjusted', () => {
    const table = pairwiseTable(systems, accuracy, { samples: 300, seed: 5 }, 'holm');
    assert.deepEqual(table.comparisons.map((c) => [c.baseline, c.system]), [[0, 1], [0, 2], [1, 2]]);
    const raw = table.comparisons.map((c) => pairedBootstrap(systems[c.baseline].rows, systems[c.system].rows, accuracy, { samples: 300, seed: 5 }));
    assert.deepEqual(table.comparisons.map((c) => c.pValue), raw.map((r) => r.pValue));
    assert.deepEqual(table.comparisons.map((c) => c.bootstrap), raw);
    assert.deepEqual(table.comparisons.map((c) => c.adjustedPValue), holm(raw.map((r) => r.pValue)));
    assert.deepEqual(table.intervals?.[2], raw[1].system);
    assert.equal(comparisonBetween(table, 2, 0), table.comparisons[1]);
    const ac = table.comparisons[1];
    assert.equal(ac.delta, 30); // A: 50%, C: 80%
    assert.equal(ac.significant, ac.adjustedPValue < 0.05);
    assert.ok(ac.significant);
  });

  it('approximate randomization on every pair, Bonferroni-adjusted', () => {
    const seen: number[] = [];
    const table = pairwiseTable(systems, accuracy, { test: 'approximate-randomization', samples: 400, onProgress: (d) => seen.push(d) }, 'bonferroni');
    const raw = table.comparisons.map((c) => approximateRandomization(systems[c.baseline].rows, systems[c.system].rows, accuracy, { trials: 400 }).pValue);
    assert.deepEqual(table.comparisons.map((c) => c.pValue), raw);
    assert.deepEqual(table.comparisons.map((c) => c.adjustedPValue), bonferroni(raw));
    assert.equal(seen[seen.length - 1], 1200);
    assert.ok(seen.every((d, i) => i === 0 || d >= seen[i - 1]));
  });

  it('needs two systems of equal length', () => {
    assert.throws(() => pairwiseTable(systems.slice(0, 1), accuracy), RangeError);
    assert.throws(() => pairwiseTable([systems[0], { name: 'short', rows: rowsOf([1]) }], accuracy), RangeError);
  });
});
