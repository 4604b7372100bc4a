import * as assert from 'node:assert/strict';
import { signedRankDistribution, wilcoxonSignedRank, WilcoxonAlternative, WilcoxonZeroMethod } from '../../src/core/meta/stats/wilcoxon';
import { closeTo } from './golden';

/**
 * Expected values: the digest's worked example (../shared/papers/digests/seed000.md §4.9 #12, checked by hand below),
 * hand-derived exact probabilities, and SciPy (scipy.stats.wilcoxon, run with SciPy 1.17.1 for the cases where its
 * results are those of 1.10.1: `method='exact'` without ties or zeros, `method='asymptotic'` — 1.10's 'approx' —
 * whose formulas are unchanged).
 */

const DIGEST = [0.5, 1.2, -0.3, 2.0, 0.8, -0.1, 1.5, 0.9];
const TIES_ZEROS = [1, -1, 2, 0, 0, 3, -2, 2, 4, 1.5, -0.5, 2, 0];
const N60 = Array.from({ length: 60 }, (_, i) => ((i * 37) % 23) - 11 + 0.25 * ((i * 7) % 5));

describe('Wilcoxon signed-rank test (SciPy 1.10 semantics)', () => {
  it('digest example: W = 3, exact two-sided p = 10/256 = 0.0390625; normal approximation 0.0357', () => {
    // Negative differences −0.1 and −0.3 have ranks 1 and 2: R− = 3, R+ = 33. P(R+ ≤ 3) = #{∅,{1},{2},{3},{1,2}}/2^8 = 5/256.
    const exact = wilcoxonSignedRank(DIGEST);
    assert.deepEqual([exact.statistic, exact.pvalue, exact.method, exact.rankSumPositive, exact.rankSumNegative], [3, 0.0390625, 'exact', 33, 3]);
    const approx = wilcoxonSignedRank(DIGEST, undefined, { method: 'approx' });
    // z = (3 − 18)/√51
    assert.ok(closeTo(approx.z, -15 / Math.sqrt(51)));
    assert.ok(closeTo(approx.pvalue, 0.03569190011680441), `${approx.pvalue}`);
    assert.equal(wilcoxonSignedRank(DIGEST, undefined, { alternative: 'greater' }).pvalue, 0.01953125);
    assert.equal(wilcoxonSignedRank(DIGEST, undefined, { alternative: 'less' }).pvalue, 0.98828125);
  });

  it('paired samples x, y test x − y', () => {
    const y = DIGEST.map((_, i) => i * 0.37);
    const x = DIGEST.map((d, i) => d + y[i]);
    const paired = wilcoxonSignedRank(x, y);
    assert.equal(paired.statistic, 3);
    assert.ok(closeTo(paired.pvalue, 0.0390625));
  });

  it('normal approximation with zeros and ties: every zero method, alternative and continuity correction (SciPy)', () => {
    const expected: [WilcoxonZeroMethod, WilcoxonAlternative, boolean, number, number][] = [
      ['wilcox', 'two-sided', false, 10, 0.07239207373879514],
      ['wilcox', 'two-sided', true, 10, 0.08093060764773466],
      ['wilcox', 'greater', false, 45, 0.03619603686939757],
      ['wilcox', 'greater', true, 45, 0.04046530382386733],
      ['wilcox', 'less', false, 45, 0.9638039631306025],
      ['wilcox', 'less', true, 45, 0.9676971799908168],
      ['pratt', 'two-sided', false, 19, 0.09646857895173262],
      ['pratt', 'two-sided', true, 19, 0.10376809518115648],
      ['pratt', 'greater', false, 66, 0.04823428947586631],
      ['pratt', 'less', true, 66, 0.9552071171152684],
      ['zsplit', 'two-sided', false, 22, 0.09896652007912962],
      ['zsplit', 'two-sided', true, 22, 0.10635817836755745],
      ['zsplit', 'greater', false, 69, 0.04948326003956481],
      ['zsplit', 'less', true, 69, 0.9540046176370153],
    ];
    for (const [zeroMethod, alternative, correction, statistic, p] of expected) {
      // 'auto' switches to the approximation because of the zeros.
      const r = wilcoxonSignedRank(TIES_ZEROS, undefined, { zeroMethod, alternative, correction });
      assert.equal(r.method, 'approx');
      assert.equal(r.statistic, statistic, `${zeroMethod} ${alternative} ${correction}`);
      assert.ok(closeTo(r.pvalue, p), `${zeroMethod} ${alternative} ${correction}: ${r.pvalue} vs ${p}`);
    }
  });

  it('more than 50 differences use the normal approximation (SciPy: 803, p = 0.6843590886080216)', () => {
    const r = wilcoxonSignedRank(N60);
    assert.equal(r.method, 'approx');
    assert.equal(r.statistic, 803);
    assert.ok(closeTo(r.pvalue, 0.6843590886080216));
    assert.ok(closeTo(wilcoxonSignedRank(N60, undefined, { zeroMethod: 'zsplit' }).pvalue, 0.6882344408491051));
  });

  it('exact distribution for n = 20 without ties (SciPy: 97, p = 0.7841262817382812)', () => {
    const d = Array.from({ length: 20 }, (_, i) => ((i * 13) % 17) - 8.5 + i / 100);
    const r = wilcoxonSignedRank(d);
    assert.deepEqual([r.statistic, r.method], [97, 'exact']);
    assert.ok(closeTo(r.pvalue, 0.7841262817382812));
    assert.ok(closeTo(wilcoxonSignedRank(d, undefined, { method: 'approx' }).pvalue, 0.7651984444971875));
  });

  it('ties without zeros: SciPy 1.10 still uses the exact distribution, truncating a half-integer R+ (hand-derived)', () => {
    // |d| = 1, 1, 2, 3 → ranks 1.5, 1.5, 3, 4; R+ = 8.5 → int 8. Null counts of R+ for n = 4 over 0…10:
    // 1 1 1 2 2 2 2 2 1 1 1 (16 subsets). P(R+ ≤ 8) = 14/16, P(R+ ≥ 8) = 3/16 → p = 2·3/16 = 0.375.
    const r = wilcoxonSignedRank([1, -1, 2, 3]);
    assert.deepEqual([r.method, r.statistic, r.pvalue], ['exact', 1.5, 0.375]);
    // R+ at the centre of the distribution gives p = 1.
    assert.equal(wilcoxonSignedRank([1, -2, -3, 4]).pvalue, 1);
  });

  it('the null distribution of R+ (SciPy’s recursion) for n = 4', () => {
    assert.deepEqual(Array.from(signedRankDistribution(4), (p) => p * 16), [1, 1, 1, 2, 2, 2, 2, 2, 1, 1, 1]);
    const n30 = signedRankDistribution(30);
    assert.equal(n30.length, 466);
    assert.ok(closeTo(n30.reduce((a, b) => a + b, 0), 1, 1e-15));
  });

  it('undefined cases: no data, or every difference zero (where SciPy raises)', () => {
    assert.ok(Number.isNaN(wilcoxonSignedRank([]).pvalue));
    const allZero = wilcoxonSignedRank([1, 2, 3], [1, 2, 3]);
    assert.ok(Number.isNaN(allZero.statistic) && Number.isNaN(allZero.pvalue));
    assert.equal(allZero.method, null);
    assert.throws(() => wilcoxonSignedRank([1, 2], [1]), RangeError);
  });
});
