import * as assert from 'node:assert/strict';
import { pairwiseAgreement } from '../../src/core/meta/pairwise-agreement';
import { proportionInterval } from '../../src/core/meta/stats/proportion-interval';

const N = 12;
const at = (f: (i: number) => number): Float64Array => Float64Array.from({ length: N }, (_, i) => f(i));

describe('pairwise agreement of a metric with the humans (Owczarzak et al. 2012)', () => {
  // Humans: A beats B and C on every segment; B and C differ in both directions (no significant difference).
  // Metric: A beats B everywhere (agrees), C beats A everywhere (contradicts), C beats B everywhere (humans: no diff).
  // System D was never judged: its pairs have no common segment and are skipped.
  const humanB = at((i) => 5 + i * 0.01);
  const input = {
    systems: ['A', 'B', 'C', 'D'],
    human: [at((i) => 10 + i * 0.1), humanB, at((i) => humanB[i] + (i % 2 ? 0.3 : -0.3) * (1 + i / 100)), at(() => NaN)],
    humanSystem: [3, 1, 2, NaN],
    metrics: [{ name: 'm', segment: [at((i) => 20 + i), at((i) => 10 + i / 2), at((i) => 30 + i), at((i) => i)], system: [2, 1, 3, 0] }],
    alpha: 0.05,
    level: 0.95,
  };

  it('decides every pair with a Wilcoxon test on each side and counts the agreements', () => {
    const [result] = pairwiseAgreement(input);
    assert.equal(result.pairs, 3);
    assert.equal(result.skippedPairs, 3);
    const outcomes = result.perPair.map((p) => `${p.a}${p.b}: ${p.human.outcome}/${p.metric.outcome}`);
    assert.deepEqual(outcomes, ['AB: a/a', 'AC: a/b', 'BC: none/b']);
    // All 12 differences positive: R− = 0, exact two-sided p = 2/2^12.
    assert.equal(result.perPair[0].human.pvalue, 2 / 4096);
    assert.equal(result.perPair[0].human.method, 'exact');
    assert.ok((result.perPair[2].human.pvalue as number) > 0.05);
    assert.equal(result.perPair[0].segments, 12);
    assert.ok(Math.abs((result.perPair[0].human.meanDifference as number) - (5 + 0.55 - 0.055)) < 1e-12);
    assert.deepEqual(
      [result.humanSignificant, result.metricSignificant, result.agreeSignificant, result.agreeNotSignificant, result.contradictions],
      [2, 3, 1, 0, 1],
    );
  });

  it('reports diff, no diff, contr, sig and all as the paper defines them', () => {
    const [result] = pairwiseAgreement(input);
    assert.equal(result.diffRecall, 1 / 2);
    assert.equal(result.noDiffRecall, 0);
    assert.equal(result.contradictionRate, 1 / 3);
    assert.equal(result.accuracy, 1 / 3);
    // System-level order: humans A > C > B, metric C > A > B: AB and BC agree, AC does not.
    assert.equal(result.directionAgreement, 2 / 3);
    const half = 1.959963984540054 * Math.sqrt((2 / 3) * (1 / 3) / 3);
    assert.ok(Math.abs((result.directionInterval?.lower as number) - Math.max(0, 2 / 3 - half)) < 1e-12);
    assert.equal(result.directionInterval?.upper, 1); // clipped
  });

  it('the binomial interval of the paper’s metric comparison: 0.89 over 1,000 pairs → [0.8706, 0.9094]', () => {
    const { estimate, lower, upper } = proportionInterval(890, 1000);
    assert.equal(estimate, 0.89);
    assert.equal(lower.toFixed(4), '0.8706');
    assert.equal(upper.toFixed(4), '0.9094');
    assert.ok(Number.isNaN(proportionInterval(0, 0).lower));
  });
});
