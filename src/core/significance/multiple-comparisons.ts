/**
 * Corrections for running many significance tests at once (all pairs of k systems: k(k − 1)/2 tests).
 * Adjusted p-values are compared with the family-wise level directly: reject where adjusted p < α.
 */

function checkPValues(pValues: readonly number[]): void {
  for (const p of pValues) {
    if (!(p >= 0 && p <= 1)) throw new RangeError(`A p-value must lie in [0, 1], not ${p}.`);
  }
}

/** Bonferroni: p·m, capped at 1 (m = number of tests). */
export function bonferroni(pValues: readonly number[]): number[] {
  checkPValues(pValues);
  const m = pValues.length;
  return pValues.map((p) => Math.min(1, p * m));
}

/**
 * Holm's step-down correction (Holm 1979): with the p-values sorted ascending p(1) ≤ … ≤ p(m), the adjusted value of
 * p(j) is max over i ≤ j of min(1, (m − i + 1)·p(i)), so adjusted values keep the order of the raw ones and never
 * exceed 1. Returned in the input's order. Uniformly more powerful than Bonferroni at the same family-wise error rate.
 */
export function holm(pValues: readonly number[]): number[] {
  checkPValues(pValues);
  const m = pValues.length;
  const order = pValues.map((_, i) => i).sort((x, y) => pValues[x] - pValues[y] || x - y);
  const adjusted = new Array<number>(m);
  let running = 0;
  order.forEach((index, rank) => {
    running = Math.max(running, Math.min(1, (m - rank) * pValues[index]));
    adjusted[index] = running;
  });
  return adjusted;
}

/** Number of pairwise comparisons among k systems: k(k − 1)/2. */
export function pairCount(systems: number): number {
  return (systems * (systems - 1)) / 2;
}

/**
 * Riezler & Maxwell (2005, after Cohen 1995): the experimentwise error rate of m independent comparisons each run at
 * level α, 1 − (1 − α)^m. E.g. 105 comparisons (15 systems) at .05 give .9954; 5 at .015 give .0728.
 */
export function experimentwiseErrorRate(perComparisonLevel: number, comparisons: number): number {
  checkProbability(perComparisonLevel);
  return -Math.expm1(comparisons * Math.log1p(-perComparisonLevel));
}

/** The inverse: the per-comparison level that keeps m comparisons at experimentwise rate αe, 1 − (1 − αe)^(1/m) (Šidák). */
export function perComparisonLevel(experimentwiseLevel: number, comparisons: number): number {
  checkProbability(experimentwiseLevel);
  if (!(comparisons > 0)) throw new RangeError(`The number of comparisons must be positive, not ${comparisons}.`);
  return -Math.expm1(Math.log1p(-experimentwiseLevel) / comparisons);
}

function checkProbability(level: number): void {
  if (!(level >= 0 && level <= 1)) throw new RangeError(`An error rate must lie in [0, 1], not ${level}.`);
}
