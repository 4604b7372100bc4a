import { CorrelationTest, UNDEFINED_CORRELATION } from './correlation-result';
import { KendallCounts, kendallCounts } from './kendall-counts';
import { kendallExactPValue } from './kendall-exact-null';
import { Scores, checkSameLength, containsNaN } from './ranking';
import { normalSf } from './special/normal-distribution';

/** τ-a = (C − D)/(n(n−1)/2); τ-b corrects the denominator for ties; τ-c (Stuart) for rectangular tables. */
export type KendallVariant = 'a' | 'b' | 'c';

/**
 * 'auto' (SciPy's default): the exact null distribution when neither vector has ties and n ≤ 33 or
 * min(D, pairs − D) ≤ 1 (the SciPy 1.10 rule), otherwise 'asymptotic'. 'exact' throws on ties, as SciPy does.
 */
export type KendallMethod = 'auto' | 'exact' | 'asymptotic';

export interface KendallOptions {
  readonly variant?: KendallVariant;
  readonly method?: KendallMethod;
}

export interface KendallTest extends CorrelationTest {
  /** The method the p-value actually came from. */
  readonly method: 'exact' | 'asymptotic' | 'none';
  /** Pair counts (undefined when the input had NaN or fewer than one point). */
  readonly counts?: KendallCounts;
}

/**
 * Kendall's τ with SciPy 1.10's `kendalltau(x, y, variant, method)` p-value (two-sided). Variant 'a' is not in
 * SciPy; it gets the same p-value, which depends only on C − D.
 *
 * - τ-b = (C − D)/√(pairs − Tx)/√(pairs − Ty), Tx, Ty = pairs tied in x, y; τ-c = 2(C − D)/(n²(m−1)/m) with m the
 *   smaller number of distinct values; both clipped to [−1, 1] like SciPy.
 * - Asymptotic: z = (C − D)/√var with SciPy's tie-corrected variance
 *   var = (v₀ − vₓ − v_y)/18 + 2·Tx·Ty/(n(n−1)) + t₂ₓ·t₂ᵧ/(9n(n−1)(n−2)), v₀ = n(n−1)(2n+5),
 *   vₓ = Σ t(t−1)(2t+5), t₂ₓ = Σ t(t−1)(t−2) over tie groups; p = 2·Φ(−|z|). For n = 2 the last term is 0/0 and p is
 *   NaN, as in SciPy. (SciPy forms 2·Tx·Ty in int64, which would overflow only beyond ~3·10⁹ tied pairs per vector;
 *   doubles here do not.)
 * - Either vector constant (all pairs tied), empty input or NaN anywhere → NaN (nan_policy='propagate').
 */
export function kendallTau(x: Scores, y: Scores, options: KendallOptions = {}): KendallTest {
  checkSameLength(x, y);
  const variant = options.variant ?? 'b';
  const requested = options.method ?? 'auto';
  const n = x.length;
  if (n === 0 || containsNaN(x) || containsNaN(y)) return { ...UNDEFINED_CORRELATION(n), method: 'none' };
  const counts = kendallCounts(x, y);
  const tiedX = counts.x.pairs;
  const tiedY = counts.y.pairs;
  const total = counts.pairs;
  if (tiedX === total || tiedY === total) return { ...UNDEFINED_CORRELATION(n), method: 'none', counts };
  const difference = counts.concordant - counts.discordant;
  const statistic = clip(kendallStatistic(counts, variant));
  const untied = tiedX === 0 && tiedY === 0;
  if (requested === 'exact' && !untied) throw new RangeError('Ties found, the exact Kendall method cannot be used.');
  const exact = requested === 'exact' || (requested === 'auto' && untied && (n <= 33 || Math.min(counts.discordant, total - counts.discordant) <= 1));
  if (exact) return { statistic, pvalue: kendallExactPValue(n, total - counts.discordant), n, method: 'exact', counts };
  return { statistic, pvalue: 2 * normalSf(Math.abs(difference / Math.sqrt(kendallNullVariance(counts)))), n, method: 'asymptotic', counts };
}

/** τ-a, τ-b or τ-c from pair counts (unclipped; NaN when all pairs are tied in one vector for b and c). */
export function kendallStatistic(counts: KendallCounts, variant: KendallVariant): number {
  const difference = counts.concordant - counts.discordant;
  switch (variant) {
    case 'a':
      return difference / counts.pairs;
    case 'b':
      return difference / Math.sqrt(counts.pairs - counts.x.pairs) / Math.sqrt(counts.pairs - counts.y.pairs);
    case 'c': {
      const classes = Math.min(counts.x.distinct, counts.y.distinct);
      return (2 * difference) / ((counts.n * counts.n * (classes - 1)) / classes);
    }
  }
}

/** SciPy's variance of C − D under independence, corrected for ties in both vectors. */
export function kendallNullVariance(counts: KendallCounts): number {
  const n = counts.n;
  const m = n * (n - 1);
  return (m * (2 * n + 5) - counts.x.variance - counts.y.variance) / 18 + (2 * counts.x.pairs * counts.y.pairs) / m + (counts.x.cubic * counts.y.cubic) / (9 * m * (n - 2));
}

function clip(tau: number): number {
  return Number.isNaN(tau) ? tau : Math.min(1, Math.max(-1, tau));
}
