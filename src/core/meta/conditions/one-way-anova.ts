import { incompleteBeta } from '../stats/special/incomplete-beta';

/** One-way analysis of variance across groups of values (SciPy's `f_oneway`). */
export interface AnovaResult {
  /** F = (SS_between/(k − 1)) / (SS_within/(N − k)); NaN when undefined (fewer than 2 groups, N ≤ k). */
  readonly f: number;
  /** P(F(k − 1, N − k) ≥ f). 0 when every group is constant and the means differ (F = ∞); NaN when undefined. */
  readonly pvalue: number;
  readonly dfBetween: number;
  readonly dfWithin: number;
  readonly groups: number;
  readonly total: number;
}

/**
 * Upper tail of the F distribution with (d1, d2) degrees of freedom at f ≥ 0:
 * P(F ≥ f) = I_{d2/(d2 + d1·f)}(d2/2, d1/2) (the form of SciPy's `fdtrc`), with its complement's argument
 * d1·f/(d2 + d1·f) passed too, so that the small tail is computed directly.
 */
export function fDistributionSf(f: number, d1: number, d2: number): number {
  if (Number.isNaN(f) || !(d1 > 0) || !(d2 > 0)) return NaN;
  if (f <= 0) return 1;
  if (f === Infinity) return 0;
  const denominator = d2 + d1 * f;
  return incompleteBeta(d2 / 2, d1 / 2, d2 / denominator, (d1 * f) / denominator).lower;
}

/**
 * F test of equal means across groups; NaN values are left out of their group. Groups with no values are ignored.
 * Sums of squares are taken around the group means (two passes), as SciPy does after centring.
 */
export function oneWayAnova(groups: readonly ArrayLike<number>[]): AnovaResult {
  const cleaned = groups.map((g) => Array.from(g).filter((v) => !Number.isNaN(v))).filter((g) => g.length > 0);
  const k = cleaned.length;
  const total = cleaned.reduce((n, g) => n + g.length, 0);
  const dfBetween = k - 1;
  const dfWithin = total - k;
  if (k < 2 || dfWithin < 1) return { f: NaN, pvalue: NaN, dfBetween, dfWithin, groups: k, total };
  let grand = 0;
  for (const g of cleaned) for (const v of g) grand += v;
  grand /= total;
  let between = 0;
  let within = 0;
  for (const g of cleaned) {
    let mean = 0;
    for (const v of g) mean += v;
    mean /= g.length;
    between += g.length * (mean - grand) * (mean - grand);
    for (const v of g) within += (v - mean) * (v - mean);
  }
  if (within === 0) {
    // Every group constant: F is infinite when the means differ, undefined when they are all equal.
    return between === 0
      ? { f: NaN, pvalue: NaN, dfBetween, dfWithin, groups: k, total }
      : { f: Infinity, pvalue: 0, dfBetween, dfWithin, groups: k, total };
  }
  const f = between / dfBetween / (within / dfWithin);
  return { f, pvalue: fDistributionSf(f, dfBetween, dfWithin), dfBetween, dfWithin, groups: k, total };
}
