import * as assert from 'node:assert/strict';
import { kendallCounts, countInversions } from '../../src/core/meta/stats/kendall-counts';
import { kendallExactPValue } from '../../src/core/meta/stats/kendall-exact-null';
import { kendallLike, kendallLikeFromPreferences } from '../../src/core/meta/stats/kendall-like';
import { kendallTau } from '../../src/core/meta/stats/kendall-tau';
import { agreement, mtmeKendall } from '../../src/core/meta/stats/mtme-kendall';
import { pearson } from '../../src/core/meta/stats/pearson';
import { averageRanks, denseRanks } from '../../src/core/meta/stats/ranking';
import { spearman } from '../../src/core/meta/stats/spearman';

/** Deterministic pseudo-random values with many ties: ⌊(i·a + b) mod m / step⌋. */
const pattern = (n: number, a: number, b: number, m: number, step: number): number[] => Array.from({ length: n }, (_, i) => Math.floor(((i * a + b) % m) / step));

/** Pair counts straight from the definition, O(n²). */
function bruteCounts(x: number[], y: number[]) {
  let concordant = 0, discordant = 0, tiedXOnly = 0, tiedYOnly = 0, tiedBoth = 0;
  for (let i = 0; i < x.length; i++) {
    for (let j = i + 1; j < x.length; j++) {
      const dx = Math.sign(x[j] - x[i]);
      const dy = Math.sign(y[j] - y[i]);
      if (dx === 0 && dy === 0) tiedBoth++;
      else if (dx === 0) tiedXOnly++;
      else if (dy === 0) tiedYOnly++;
      else if (dx === dy) concordant++;
      else discordant++;
    }
  }
  return { concordant, discordant, tiedXOnly, tiedYOnly, tiedBoth };
}

describe('correlation: ranks', () => {
  it('average ranks share the mean rank among ties (SciPy rankdata)', () => {
    assert.deepEqual(Array.from(averageRanks([10, 20, 20, 30])), [1, 2.5, 2.5, 4]);
    assert.deepEqual(Array.from(averageRanks([3, 1, 3, 3, 2])), [4, 1, 4, 4, 2]);
    assert.deepEqual(Array.from(averageRanks([-0, 0, 1])), [1.5, 1.5, 3]);
  });

  it('dense ranks number the distinct values', () => {
    const r = denseRanks([0.5, 0.1, 0.5, 0.9]);
    assert.deepEqual(Array.from(r.ranks), [2, 1, 2, 3]);
    assert.equal(r.distinct, 3);
  });
});

describe('correlation: Pearson and Spearman by hand', () => {
  it('an exact line has r = 1 and p = 0; reversed, r = −1', () => {
    const p = pearson([1, 2, 3, 4, 5], [3, 5, 7, 9, 11]);
    assert.equal(p.statistic, 1);
    assert.equal(p.pvalue, 0);
    assert.equal(pearson([1, 2, 3, 4, 5], [5, 4, 3, 2, 1]).statistic, -1);
  });

  it('n = 3 follows the arcsine law and n = 4 the uniform law', () => {
    // Under H₀, r over 3 points has the Beta(½, ½) law on [−1, 1]: p = (4/π)·asin(√((1 − |r|)/2)).
    const three = pearson([0.1, 0.4, 0.2], [1.0, 3.0, 2.5]);
    assert.ok(Math.abs(three.pvalue - (4 / Math.PI) * Math.asin(Math.sqrt((1 - three.statistic) / 2))) < 1e-15);
    // Over 4 points, Beta(1, 1): p = 1 − |r|.
    const four = pearson([1, 2, 3, 4], [2, 1, 4, 3]);
    assert.equal(four.statistic, 0.6);
    assert.ok(Math.abs(four.pvalue - 0.4) < 1e-15);
  });

  it('constant input, NaN input and n < 2 give NaN; n = 2 gives ±1 with p = 1', () => {
    assert.ok(Number.isNaN(pearson([1, 1, 1], [1, 2, 3]).statistic));
    assert.ok(Number.isNaN(pearson([1, NaN, 3], [1, 2, 3]).pvalue));
    assert.ok(Number.isNaN(pearson([1], [2]).statistic));
    assert.deepEqual(pearson([2, 1], [5, 7]), { statistic: -1, pvalue: 1, n: 2 });
    assert.throws(() => pearson([1, 2], [1, 2, 3]), RangeError);
  });

  it("Spearman's ρ is Pearson's r of the average ranks, with the t-test p-value", () => {
    const x = [3.2, 4.1, 2.2, 4.1, 3.9, 1.5];
    const y = [3.0, 4.3, 2.7, 4.0, 4.0, 1.3];
    const s = spearman(x, y);
    const viaRanks = pearson(Array.from(averageRanks(x)), Array.from(averageRanks(y)));
    assert.ok(Math.abs(s.statistic - viaRanks.statistic) < 1e-15);
    assert.ok(Math.abs(s.pvalue - viaRanks.pvalue) < 1e-14);
    // No ties: ρ = 1 − 6Σd²/(n(n²−1)); ranks of y are [2, 1, 4, 3, 5], Σd² = 4 → ρ = 1 − 24/120 = 0.8.
    assert.ok(Math.abs(spearman([1, 2, 3, 4, 5], [2, 1, 4, 3, 5]).statistic - 0.8) < 1e-15);
    assert.ok(Number.isNaN(spearman([1, 2], [1, 2]).pvalue), 'zero degrees of freedom');
  });
});

describe("correlation: Kendall's τ", () => {
  it('merge-sort counts equal the O(n²) definition, with ties in either or both vectors', () => {
    const cases: [number[], number[]][] = [
      [pattern(300, 37, 5, 101, 7), pattern(300, 53, 11, 97, 5)],
      [pattern(257, 7, 3, 13, 1), pattern(257, 11, 2, 17, 3)],
      [pattern(64, 1, 0, 64, 1), pattern(64, 1, 0, 64, 1)],
      [pattern(50, 3, 1, 5, 1), pattern(50, 3, 1, 5, 1).map((v) => -v)],
      [[1, 1, 1], [1, 2, 3]],
    ];
    for (const [x, y] of cases) {
      const c = kendallCounts(x, y);
      assert.deepEqual(
        { concordant: c.concordant, discordant: c.discordant, tiedXOnly: c.tiedXOnly, tiedYOnly: c.tiedYOnly, tiedBoth: c.tiedBoth },
        bruteCounts(x, y),
      );
      assert.equal(c.concordant + c.discordant + c.tiedXOnly + c.tiedYOnly + c.tiedBoth, c.pairs);
    }
  });

  it('counts inversions like the definition', () => {
    assert.equal(countInversions(Int32Array.of(3, 1, 2)), 2);
    assert.equal(countInversions(Int32Array.of(1, 1, 1)), 0);
    assert.equal(countInversions(Int32Array.of(5, 4, 3, 2, 1)), 10);
  });

  it('τ-a, τ-b and τ-c of a small table by hand', () => {
    // x = [1,2,2,3], y = [1,3,2,3]: pairs (12)C (13)C (14)C (23)Tx (24)Ty (34)C → C = 4, D = 0, Tx = 1, Ty = 1.
    const x = [1, 2, 2, 3];
    const y = [1, 3, 2, 3];
    assert.equal(kendallTau(x, y, { variant: 'a' }).statistic, 4 / 6);
    assert.ok(Math.abs(kendallTau(x, y, { variant: 'b' }).statistic - 4 / 5) < 1e-15);
    // τ-c = 2(C − D)/(n²(m−1)/m) with m = 3 distinct values in both: 8/(16·2/3) = 0.75.
    assert.equal(kendallTau(x, y, { variant: 'c' }).statistic, 0.75);
  });

  it('exact p-values equal the permutation distribution enumerated by brute force', () => {
    for (const n of [3, 4, 5, 6, 7]) {
      const distribution = new Array((n * (n - 1)) / 2 + 1).fill(0);
      let permutations = 0;
      const permute = (prefix: number[], rest: number[]): void => {
        if (rest.length === 0) {
          let inversions = 0;
          for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (prefix[i] > prefix[j]) inversions++;
          distribution[inversions]++;
          permutations++;
          return;
        }
        rest.forEach((v, k) => permute([...prefix, v], [...rest.slice(0, k), ...rest.slice(k + 1)]));
      };
      permute([], Array.from({ length: n }, (_, i) => i));
      const total = (n * (n - 1)) / 2;
      for (let c = 0; c <= total; c++) {
        // concordant pairs c ⇔ discordant pairs total − c; p = 2·P(C ≤ min(c, total − c)), at most 1
        const tail = Math.min(c, total - c);
        let count = 0;
        for (let k = 0; k <= tail; k++) count += distribution[total - k];
        const expected = Math.min(1, (2 * count) / permutations);
        assert.ok(Math.abs(kendallExactPValue(n, c) - expected) < 1e-15, `n = ${n}, c = ${c}`);
      }
    }
  });

  it("'auto' uses the exact distribution only without ties and for n ≤ 33", () => {
    const x = Array.from({ length: 34 }, (_, i) => i);
    const y = x.map((v) => (v * 7) % 34);
    assert.equal(kendallTau(x.slice(0, 33), y.slice(0, 33)).method, 'exact');
    assert.equal(kendallTau(x, y).method, 'asymptotic');
    assert.equal(kendallTau(x, x).method, 'exact', 'min(D, pairs − D) ≤ 1 keeps n = 34 exact');
    assert.equal(kendallTau([1, 2, 2, 3], [1, 2, 3, 4]).method, 'asymptotic');
    assert.throws(() => kendallTau([1, 2, 2, 3], [1, 2, 3, 4], { method: 'exact' }), RangeError);
  });

  it('runs over 100,000 tied points and agrees with the definition on a slice', () => {
    const n = 100_000;
    const x = Float64Array.from({ length: n }, (_, i) => Math.round(Math.sin(i * 0.7) * 50) / 10);
    const y = Float64Array.from({ length: n }, (_, i) => Math.round((Math.sin(i * 0.7) + Math.cos(i * 1.3)) * 20));
    const full = kendallTau(x, y);
    assert.equal(full.method, 'asymptotic');
    assert.ok(full.statistic > 0.5 && full.statistic < 1, `τ-b = ${full.statistic}`);
    assert.ok(full.pvalue < 1e-300 || full.pvalue === 0);
    const c = kendallCounts(x, y);
    assert.equal(c.concordant + c.discordant + c.tiedXOnly + c.tiedYOnly + c.tiedBoth, (n * (n - 1)) / 2);
    const sx = Array.from(x.subarray(0, 1500));
    const sy = Array.from(y.subarray(0, 1500));
    const slice = kendallCounts(sx, sy);
    assert.deepEqual(
      { concordant: slice.concordant, discordant: slice.discordant, tiedXOnly: slice.tiedXOnly, tiedYOnly: slice.tiedYOnly, tiedBoth: slice.tiedBoth },
      bruteCounts(sx, sy),
    );
  });
});

// Expected values from mt-metrics-eval's own stats_test.py (@ 68a481a).
describe('correlation: mt-metrics-eval variants', () => {
  const gold = [1, 2, 2, 3, 4];
  const metric = [2, 1, 1.5, 5, 3];

  it('KendallVariants b / c / 23 / acc23, and acc23 with ε = 2', () => {
    assert.ok(Math.abs(mtmeKendall(gold, metric, 'b') - 0.316227766) < 1e-9);
    assert.equal(mtmeKendall(gold, metric, 'c'), 0.32);
    assert.equal(mtmeKendall(gold, metric, '23'), 0.2);
    assert.equal(mtmeKendall(gold, metric, 'acc23'), 0.6);
    assert.equal(mtmeKendall(gold, metric, 'acc23', 2), 0.4);
    assert.throws(() => mtmeKendall(gold, metric, 'c', 1), RangeError);
  });

  it('Agreement counts same-sign pairs, tied-tied included', () => {
    assert.deepEqual(agreement([1, 2, 3, 3, 4], [1, 1, 2, 1, 2]), { agreePairs: 5, numPairs: 10 });
    // A missing human score removes its pairs; a NaN metric score agrees with nothing.
    assert.deepEqual(agreement([1, null, 3, 4], [1, 5, 2, 3]), { agreePairs: 3, numPairs: 3 });
    assert.deepEqual(agreement([1, 2, 3], [1, NaN, 3]), { agreePairs: 1, numPairs: 3 });
  });

  it('KendallLike: pairs at least `threshold` apart; metric ties are discordant', () => {
    assert.deepEqual(kendallLike([10, 11, 100, 150], [2, 1, 4, 3]), { statistic: 3 / 5, concordant: 4, discordant: 1, pairs: 5 });
    assert.deepEqual(kendallLike([10, 11, 100, 150], [2, 1, 4, 3], 1), { statistic: 2 / 6, concordant: 4, discordant: 2, pairs: 6 });
    assert.deepEqual(kendallLike([0, 30], [1, 1]), { statistic: -1, concordant: 0, discordant: 1, pairs: 1 });
    assert.deepEqual(kendallLike([0, 10], [1, 2]), { statistic: 0, concordant: 0, discordant: 0, pairs: 0 });
  });

  it('the relative-ranking τ over explicit preferences', () => {
    const prefs = [{ better: 0, worse: 1 }, { better: 2, worse: 1 }, { better: 0, worse: 2 }, { better: 3, worse: 0 }];
    const metric = [0.5, 0.2, 0.5, 0.1];
    // 0>1 concordant, 2>1 concordant, 0 vs 2 tie, 3>0 discordant
    assert.deepEqual(kendallLikeFromPreferences(prefs, metric), { statistic: (2 - 2) / 4, concordant: 2, discordant: 2, pairs: 4 });
    assert.deepEqual(kendallLikeFromPreferences(prefs, metric, { metricTies: 'excluded' }), { statistic: 1 / 3, concordant: 2, discordant: 1, pairs: 3 });
    // TER-like: lower is better flips every strict comparison.
    assert.equal(kendallLikeFromPreferences(prefs, metric, { higherIsBetter: false, metricTies: 'excluded' }).statistic, -1 / 3);
  });
});
