import * as assert from 'node:assert/strict';
import { percentileOfSorted, summarizeDistribution } from '../../src/core/meta/conditions/distribution-summary';
import { fDistributionSf, oneWayAnova } from '../../src/core/meta/conditions/one-way-anova';
import { staircase } from '../../src/core/meta/conditions/staircase-marks';
import { CriticalT, pairDecisions } from '../../src/core/meta/conditions/system-pairs';
import { pairedTFromSums, pairedTTest, twoSampleTTest } from '../../src/core/meta/stats/t-tests';
import { studentTTwoSided } from '../../src/core/meta/stats/special/student-t';
import { drawWithoutReplacement, sortPrefix } from '../../src/core/meta/conditions/random-subsets';
import { seededRandom } from '../../src/core/significance/pcg64';

/** |a − b| ≤ tol·max(1, |b|). */
function close(a: number, b: number, tol = 1e-12, what = ''): void {
  assert.ok(Math.abs(a - b) <= tol * Math.max(1, Math.abs(b)), `${what} ${a} ≠ ${b}`);
}

// Expected values printed by SciPy 1.17.1 / NumPy 2.4.6 (scipy.stats.f_oneway, f.sf, ttest_ind, ttest_rel; np.percentile).
describe('data conditions: statistics', () => {
  it('percentiles interpolate as NumPy (linear)', () => {
    const sorted = Float64Array.from([0.3, 0.1, 0.7, 0.5, 0.9, 0.2, 0.4]).sort();
    const expected = [0.1, 0.115, 0.25, 0.4, 0.8699999999999999, 0.9];
    [0, 2.5, 25, 50, 97.5, 100].forEach((q, k) => close(percentileOfSorted(sorted, q), expected[k], 1e-15, `q=${q}`));
  });

  it('summarizes a distribution, leaving NaN out and counting it', () => {
    const s = summarizeDistribution([1, 2, NaN, 3, 4]);
    assert.equal(s.count, 4);
    assert.equal(s.undefinedCount, 1);
    assert.equal(s.mean, 2.5);
    close(s.sd, Math.sqrt(5 / 3), 1e-15);
    assert.equal(s.median, 2.5);
    close(s.lower, 1.075, 1e-15); // 1 + 0.025·3
    close(s.upper, 3.925, 1e-15);
  });

  it('one-way ANOVA: F and p as scipy.stats.f_oneway', () => {
    const r = oneWayAnova([[0.81, 0.83, 0.80, 0.85], [0.86, 0.88, 0.84, 0.87, 0.9], [0.79, 0.78, 0.82]]);
    close(r.f, 11.556621880998094, 1e-12);
    close(r.pvalue, 0.0032659723291853775, 1e-12);
    assert.equal(r.dfBetween, 2);
    assert.equal(r.dfWithin, 9);
    // Constant groups with different means: F = ∞, p = 0; all equal: undefined.
    assert.equal(oneWayAnova([[1, 1], [2, 2]]).pvalue, 0);
    assert.ok(Number.isNaN(oneWayAnova([[1, 1], [1, 1]]).f));
    assert.ok(Number.isNaN(oneWayAnova([[1, 2, 3]]).f));
  });

  it('F distribution upper tail as scipy.stats.f.sf, far tails included', () => {
    close(fDistributionSf(3.2, 2, 10), 0.08429091335387388, 1e-12);
    close(fDistributionSf(45.0, 3, 1000), 2.7872729966685283e-27, 1e-11);
    close(fDistributionSf(0.5, 1, 5), 0.5110840804302806, 1e-12);
    close(fDistributionSf(60, 9, 3996) / 1.8783562646954732e-103, 1, 1e-11);
    close(fDistributionSf(12.5, 4, 40), 1.0953013583733458e-06, 1e-11);
    close(fDistributionSf(1.7, 30, 12), 0.16577487109696676, 1e-12);
    assert.equal(fDistributionSf(0, 2, 3), 1);
  });

  it('t-tests as scipy.stats.ttest_ind (Student and Welch, three alternatives) and ttest_rel', () => {
    const a = [4.88, 4.9, 5.0, 4.7, 4.95, 4.85];
    const b = [4.61, 4.7, 4.5, 4.8, 4.55, 4.65, 4.6];
    const expected: Record<string, [number, number, number]> = {
      'true two-sided': [4.457264623762176, 0.0009670166379287253, 11],
      'true greater': [4.457264623762176, 0.00048350831896436263, 11],
      'true less': [4.457264623762176, 0.9995164916810356, 11],
      'false two-sided': [4.4426165831931765, 0.001097576314392006, 10.545688244917036],
      'false greater': [4.4426165831931765, 0.000548788157196003, 10.545688244917036],
      'false less': [4.4426165831931765, 0.9994512118428039, 10.545688244917036],
    };
    for (const equalVariance of [true, false]) {
      for (const alternative of ['two-sided', 'greater', 'less'] as const) {
        const r = twoSampleTTest(a, b, { equalVariance, alternative });
        const [t, p, df] = expected[`${equalVariance} ${alternative}`];
        close(r.t, t, 1e-13, 't');
        close(r.pvalue, p, 1e-11, `p ${equalVariance} ${alternative}`);
        close(r.df, df, 1e-13, 'df');
      }
    }
    const paired = pairedTTest([1, 2, 3, 4, 5.5], [1.1, 1.8, 2.5, 4.2, 5.0]);
    close(paired.t, 1.2304546686443933, 1e-13);
    close(paired.pvalue, 0.2859386304278619, 1e-12);
    // From sums: the same test.
    const d = [1 - 1.1, 2 - 1.8, 3 - 2.5, 4 - 4.2, 5.5 - 5.0];
    const fromSums = pairedTFromSums(d.reduce((x, y) => x + y, 0), d.reduce((x, y) => x + y * y, 0), 5);
    close(fromSums.pvalue, 0.2859386304278619, 1e-10);
  });

  it('critical t: |t| > t*(df) exactly when the two-sided p < α', () => {
    const critical = new CriticalT(0.05);
    close(critical.at(10), 2.228138851986274, 1e-14); // scipy.stats.t.ppf(0.975, 10)
    for (const df of [1, 2, 5, 15, 99, 1000]) {
      const c = critical.at(df);
      assert.ok(studentTTwoSided(c, df) >= 0.05 && studentTTwoSided(c * (1 + 4 * Number.EPSILON), df) < 0.05, `df ${df}`);
    }
  });

  it('pair decisions: paired t over items per pair of systems, +1/−1 when significant', () => {
    // System 0 beats 1 on every item by 0.1 ± noise; 2 equals 0 up to noise around zero.
    const items = 12;
    const noise = (i: number): number => ((i * 37) % 11) / 1000 - 0.005;
    const scores = new Float64Array(3 * items);
    for (let i = 0; i < items; i++) {
      scores[i] = 0.5 + noise(i);
      scores[items + i] = 0.4 + noise(i + 3);
      scores[2 * items + i] = 0.5 + noise(i + 5);
    }
    const out = new Int8Array(3);
    pairDecisions(scores, 3, items, undefined, items, new CriticalT(0.05), out);
    // Pairs in order (0,1), (0,2), (1,2).
    const p02 = pairedTTest(scores.subarray(0, items), scores.subarray(2 * items)).pvalue;
    assert.deepEqual(Array.from(out), [1, p02 < 0.05 ? Math.sign(scores.subarray(0, items).reduce((a, b) => a + b) - scores.subarray(2 * items).reduce((a, b) => a + b)) : 0, -1]);
  });

  it("staircase marks reproduce seed 002's Table 7 BE column (36 *, 39 *†, 42 *†‡, 45 †‡§, 48 bootstr †‡§)", () => {
    // The column's means with a spread that puts the significance threshold (no correction) between the
    // differences 0.0085 (36 vs 42: not significant) and 0.0115 (36 vs 45: significant), as the marks say.
    const row = (mean: number): number[] => Array.from({ length: 200 }, (_, k) => mean + 0.072 * Math.sin(k * 1.3));
    const result = staircase([0.8017, 0.8063, 0.8102, 0.8132, 0.8138].map(row), { correction: 'none' });
    assert.deepEqual(result.marks, ['*', '*†', '*†‡', '†‡§', '†‡§']);
    assert.equal(result.comparisons.length, 10);
    const different = (i: number, j: number): boolean => result.comparisons.find((c) => c.first === i && c.second === j)!.significant;
    assert.equal(different(0, 2), false);
    assert.equal(different(0, 3), true);
    assert.equal(different(1, 4), false);
    // Bonferroni over the 10 pairs widens the threshold: 36 and 45 are no longer different.
    assert.equal(staircase([0.8017, 0.8063, 0.8102, 0.8132, 0.8138].map(row)).marks[0], '*');
    // Clearly separated rows get no marks.
    assert.deepEqual(staircase([0.5, 0.6, 0.7].map(row)).marks, ['', '', '']);
  });

  it('draws k of n uniformly without replacement (every subset about equally often)', () => {
    const random = seededRandom(3);
    const pool = Int32Array.from({ length: 5 }, (_, i) => i);
    const counts = new Map<string, number>();
    const chosen = new Int32Array(2);
    for (let t = 0; t < 20000; t++) {
      drawWithoutReplacement(random, pool, 2);
      chosen[0] = pool[0];
      chosen[1] = pool[1];
      sortPrefix(chosen, 2);
      const key = `${chosen[0]}${chosen[1]}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    assert.equal(counts.size, 10);
    for (const [key, n] of counts) assert.ok(Math.abs(n - 2000) < 200, `${key}: ${n}`);
  });
});
