import * as assert from 'node:assert/strict';
import { bootstrapInterval, systemLevelBootstrap, ScoreMatrix } from '../../src/core/meta/stats/bootstrap-correlation';
import { correlationStatistic } from '../../src/core/meta/stats/correlation-functions';
import { kendallInterval, pearsonInterval, spearmanInterval } from '../../src/core/meta/stats/correlation-intervals';
import { permutationSigDiff, zscore } from '../../src/core/meta/stats/permutation-test';
import { pearson } from '../../src/core/meta/stats/pearson';
import { williamsSigDiff, williamsTest } from '../../src/core/meta/stats/williams-test';

const near = (actual: number, expected: number, tolerance: number, label = ''): void =>
  assert.ok(Math.abs(actual - expected) <= tolerance * Math.max(1, Math.abs(expected)), `${label} got ${actual}, expected ${expected}`);

/** Deterministic noise in [−0.5, 0.5). */
const noise = (i: number, salt: number): number => (((i * 7919 + salt * 104729) % 1000) / 1000) - 0.5;

describe('correlation: confidence intervals', () => {
  it("Fisher's z interval for Pearson's r", () => {
    // r = 0.5, n = 28: z = artanh(0.5), se = 1/5, q = 1.959963984540054 → tanh(z ∓ q/5) (mpmath, 30 digits).
    const ci = pearsonInterval(0.5, 28);
    near(ci.lower, 0.156028362529086064, 1e-15, 'lower');
    near(ci.upper, 0.735818479443937580, 1e-15, 'upper');
    assert.equal(ci.method, 'fisher');
    assert.equal(ci.standardError, 0.2);
    const wider = pearsonInterval(0.5, 28, 0.99);
    assert.ok(wider.lower < ci.lower && wider.upper > ci.upper);
    assert.ok(Number.isNaN(pearsonInterval(0.5, 3).lower));
  });

  it("Spearman (Bonett–Wright, Fieller) and Kendall (Fieller) intervals use their standard errors", () => {
    const s = spearmanInterval(0.6, 40);
    assert.equal(s.standardError, Math.sqrt((1 + 0.18) / 37));
    assert.equal(spearmanInterval(0.6, 40, 0.95, 'fieller').standardError, Math.sqrt(1.06 / 37));
    const k = kendallInterval(0.4, 30);
    assert.equal(k.standardError, Math.sqrt(0.437 / 26));
    near(Math.atanh(k.upper) - Math.atanh(0.4), 1.959963984540054 * k.standardError, 1e-14, 'symmetric on the z scale');
    assert.ok(Number.isNaN(kendallInterval(0.4, 4).upper));
  });
});

describe('correlation: bootstrap intervals', () => {
  // 8 systems × 40 items; system quality q_s plus item noise; the metric tracks the human scores loosely.
  const systems = 8;
  const items = 40;
  const human: ScoreMatrix = { systems, items, values: Float64Array.from({ length: systems * items }, (_, k) => Math.floor(k / items) * 0.3 + noise(k, 1)) };
  const metric: ScoreMatrix = { systems, items, values: human.values.map((v, k) => v + 0.8 * noise(k, 2)) };

  it('is reproducible for a seed, differs for another, and brackets the statistic', () => {
    const a = systemLevelBootstrap(human, [metric], ['pearson', 'kendall-b'], { samples: 300, seed: 7 });
    const b = systemLevelBootstrap(human, [metric], ['pearson', 'kendall-b'], { samples: 300, seed: 7 });
    const c = systemLevelBootstrap(human, [metric], ['pearson', 'kendall-b'], { samples: 300, seed: 8 });
    assert.deepEqual(a, b);
    assert.notDeepEqual(a[0][0].lower, c[0][0].lower);
    for (const interval of a[0]) {
      assert.ok(interval.lower <= interval.statistic && interval.statistic <= interval.upper, JSON.stringify(interval));
      assert.equal(interval.samples, 300);
    }
    // The point estimate is the correlation of the plain system means.
    const means = (m: ScoreMatrix): number[] => Array.from({ length: systems }, (_, s) => m.values.subarray(s * items, (s + 1) * items).reduce((x, y) => x + y, 0) / items);
    near(a[0][0].statistic, pearson(means(metric), means(human)).statistic, 1e-14, 'statistic');
  });

  it('agrees with the generic bootstrap on the same draws', () => {
    const specific = systemLevelBootstrap(human, [metric], ['pearson'], { samples: 200, seed: 3, resample: 'both' })[0][0];
    const generic = bootstrapInterval(
      ({ itemCounts, systemDraws }) => {
        const mean = (m: ScoreMatrix, s: number): number => {
          let sum = 0;
          for (let i = 0; i < items; i++) sum += itemCounts[i] * m.values[s * items + i];
          return sum / items;
        };
        const x = Array.from(systemDraws, (s) => mean(metric, s));
        const y = Array.from(systemDraws, (s) => mean(human, s));
        return correlationStatistic('pearson', x, y);
      },
      systems,
      items,
      { samples: 200, seed: 3, resample: 'both' },
    );
    near(specific.lower, generic.lower, 1e-12, 'lower');
    near(specific.upper, generic.upper, 1e-12, 'upper');
    assert.equal(specific.definedSamples, generic.definedSamples);
  });

  it('a perfectly correlated metric has the interval [1, 1]; constant resamples are left out', () => {
    const perfect = systemLevelBootstrap(human, [human], ['pearson'], { samples: 100, seed: 1, resample: 'systems' })[0][0];
    assert.equal(perfect.upper, 1);
    near(perfect.lower, 1, 1e-15, 'lower');
    // Resampling 8 systems draws a single system 8 times with probability 8·8⁻⁸; over 100 draws that is unlikely,
    // but every sample that is defined must be counted.
    assert.ok(perfect.definedSamples <= 100 && perfect.definedSamples >= 95);
  });
});

describe("correlation: Williams' test", () => {
  it('matches the formula evaluated with SciPy (t.sf) for three configurations', () => {
    // Reference: the mt-metrics-eval WilliamsTest expression evaluated with NumPy and scipy.stats.t.sf (SciPy 1.17.1).
    const a = williamsTest(0.5, 0.3, 0.6, 50);
    near(a.t, 1.7611359847846837, 1e-14, 't');
    near(a.pvalue, 0.042360094534089954, 1e-13, 'p');
    near(williamsTest(0.9, 0.85, 0.95, 20).pvalue, 0.07663732365521551, 1e-13, 'p');
    const c = williamsTest(0.2, 0.6, 0.1, 1000);
    near(c.t, -11.424537129964587, 1e-14, 't');
    assert.ok(Math.abs(c.pvalue - 8.550742123888813e-29) <= 1e-13 * 8.550742123888813e-29);
    assert.equal(c.degreesOfFreedom, 997);
  });

  it('equal correlations give t = 0 and one-sided p = ½; two-sided doubles it', () => {
    const r = williamsTest(0.7, 0.7, 0.5, 30);
    assert.equal(r.t, 0);
    assert.equal(r.pvalue, 0.5);
    assert.equal(williamsTest(0.5, 0.3, 0.6, 50, false).pvalue, 2 * williamsTest(0.5, 0.3, 0.6, 50).pvalue);
  });

  it('compares two metrics against human scores', () => {
    const h = Array.from({ length: 30 }, (_, i) => i + noise(i, 3) * 4);
    const good = h.map((v, i) => v + noise(i, 4) * 3);
    const poor = h.map((v, i) => v + noise(i, 5) * 30);
    const result = williamsSigDiff(h, good, poor);
    assert.ok(result.rA > result.rB);
    assert.equal(result.rAB, pearson(good, poor).statistic);
    assert.ok(result.pvalue < 0.01, `p = ${result.pvalue}`);
  });
});

describe('correlation: permutation test (PERM-BOTH)', () => {
  const n = 60;
  const h = Array.from({ length: n }, (_, i) => (i % 12) + noise(i, 6) * 6);
  const good = h.map((v, i) => v + noise(i, 7) * 2);
  const poor = h.map((v, i) => v + noise(i, 8) * 25);

  it('z-normalises like SciPy (population standard deviation)', () => {
    assert.deepEqual(Array.from(zscore(Float64Array.of(1, 2, 3))), [-Math.sqrt(1.5), 0, Math.sqrt(1.5)]);
  });

  it('a metric compared with itself has Δ = 0 and p = 1', () => {
    const r = permutationSigDiff(h, good, good, 'pearson', { samples: 200, seed: 1 });
    assert.equal(r.delta, 0);
    assert.equal(r.pvalue, 1);
  });

  it('finds the better metric, is reproducible, and stops early at block boundaries', () => {
    const r = permutationSigDiff(h, poor, good, 'pearson', { samples: 1000, seed: 5 });
    assert.ok(r.delta > 0);
    assert.ok(r.pvalue < 0.02, `p = ${r.pvalue}`);
    assert.deepEqual(permutationSigDiff(h, poor, good, 'pearson', { samples: 1000, seed: 5 }), r);
    const reverse = permutationSigDiff(h, good, poor, 'pearson', { samples: 1000, blockSize: 50, seed: 5 });
    assert.ok(reverse.pvalue > 0.5);
    assert.equal(reverse.samplesUsed, 50, 'p > early_max at the first block boundary');
    const early = permutationSigDiff(h, poor, good, 'kendall-b', { samples: 1000, blockSize: 100, seed: 2 });
    assert.equal(early.samplesUsed, 100, 'p < early_min at the first block boundary');
  });

  it('averages group correlations when groups are given, ignoring positions without a human score', () => {
    const groups = h.map((_, i) => i % 5);
    const withMissing = h.map((v, i) => (i === 3 ? null : v));
    const r = permutationSigDiff(withMissing, poor, good, 'spearman', { groups, samples: 100, blockSize: 100, seed: 9 });
    assert.ok(r.delta > 0);
    assert.ok(r.samplesUsed === 100);
  });
});
