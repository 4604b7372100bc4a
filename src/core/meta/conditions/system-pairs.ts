import { studentTTwoSided } from '../stats/special/student-t';

/**
 * Two-sided critical values of Student's t at level α, one per degrees of freedom, found once by bisection to the
 * last bit: p < α exactly when |t| > t*(df), because the p-value falls strictly as |t| grows. The resampling loops
 * test millions of pairs; comparing with t* spares an incomplete beta function per test.
 */
export class CriticalT {
  private readonly cache: number[] = [];

  constructor(readonly alpha: number) {
    if (!(alpha > 0 && alpha < 1)) throw new RangeError(`The significance level must lie in (0, 1), not ${alpha}.`);
  }

  at(df: number): number {
    const cached = this.cache[df];
    if (cached !== undefined) return cached;
    let low = 0;
    let high = 1;
    while (studentTTwoSided(high, df) >= this.alpha) high *= 2;
    // Invariant: p(low) ≥ α > p(high).
    for (;;) {
      const middle = low + (high - low) / 2;
      if (middle <= low || middle >= high) break;
      if (studentTTwoSided(middle, df) >= this.alpha) low = middle;
      else high = middle;
    }
    this.cache[df] = low; // |t| > low ⇔ |t| ≥ high ⇔ p < α
    return low;
  }
}

/**
 * Decisions on every pair of systems from item scores: for systems a < b, +1 when a scores significantly higher
 * than b on the given items (two-sided paired t-test over the items, p < α), −1 when significantly lower, 0 when not
 * significantly different. `scores` is systems × items (NaN = missing: the pair uses the items both have).
 * `items`/`weights` select the items: `items[0..count)` with multiplicity 1.
 */
export function pairDecisions(
  scores: Float64Array,
  systems: number,
  itemCount: number,
  items: Int32Array | undefined,
  count: number,
  critical: CriticalT,
  out: Int8Array,
): void {
  let pair = 0;
  for (let a = 0; a < systems; a++) {
    for (let b = a + 1; b < systems; b++) {
      let sum = 0;
      let squares = 0;
      let n = 0;
      const rowA = a * itemCount;
      const rowB = b * itemCount;
      for (let j = 0; j < count; j++) {
        const i = items ? items[j] : j;
        const d = scores[rowA + i] - scores[rowB + i];
        if (d !== d) continue; // NaN: one of the two has no score
        sum += d;
        squares += d * d;
        n++;
      }
      out[pair++] = n >= 2 && significantPair(sum, squares, n, critical) ? (sum > 0 ? 1 : -1) : 0;
    }
  }
}

/**
 * Whether the paired t over n differences (Σd, Σd²) is significant: |t| > t*(n − 1), i.e. mean² > t*²·var/n, tested
 * without a square root. A zero variance is significant exactly when the mean difference is not zero (t = ±∞, as SciPy).
 */
function significantPair(sum: number, squares: number, n: number, critical: CriticalT): boolean {
  const mean = sum / n;
  const variance = Math.max(squares - sum * mean, 0) / (n - 1);
  if (variance === 0) return mean !== 0;
  const c = critical.at(n - 1);
  return mean * mean * n > c * c * variance;
}

/** Shares of pairs that are significantly different, and whose decision equals `reference`'s. */
export function pairShares(decisions: Int8Array, reference: Int8Array): { significant: number; agreeing: number } {
  let significant = 0;
  let agreeing = 0;
  for (let p = 0; p < decisions.length; p++) {
    if (decisions[p] !== 0) significant++;
    if (decisions[p] === reference[p]) agreeing++;
  }
  const n = decisions.length;
  return { significant: n > 0 ? significant / n : NaN, agreeing: n > 0 ? agreeing / n : NaN };
}

