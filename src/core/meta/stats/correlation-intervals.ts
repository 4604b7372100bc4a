import { normalQuantile } from './special/normal-distribution';

/** Which approximation a confidence interval uses. */
export type IntervalMethod = 'fisher' | 'bonett-wright' | 'fieller';

export interface CorrelationInterval {
  readonly lower: number;
  readonly upper: number;
  /** Coverage, e.g. 0.95. */
  readonly level: number;
  readonly method: IntervalMethod;
  /** Standard error on the z = artanh(coefficient) scale. */
  readonly standardError: number;
}

/**
 * Interval tanh(artanh(c) ± q·se), q = Φ⁻¹(1 − (1 − level)/2), the form all three approximations share: the
 * coefficient is mapped by Fisher's z = artanh(c), assumed normal there with standard error se, and mapped back.
 */
function transformedInterval(coefficient: number, standardError: number, level: number, method: IntervalMethod): CorrelationInterval {
  if (!(level > 0 && level < 1)) throw new RangeError(`Confidence level must lie in (0, 1), not ${level}.`);
  const q = normalQuantile(1 - (1 - level) / 2);
  const z = Math.atanh(coefficient);
  if (!Number.isFinite(standardError) || Number.isNaN(z)) return { lower: NaN, upper: NaN, level, method, standardError };
  return { lower: Math.tanh(z - q * standardError), upper: Math.tanh(z + q * standardError), level, method, standardError };
}

/**
 * Fisher's z interval for Pearson's r over n points: se = 1/√(n − 3) (Fisher 1921). Exact in distribution for
 * bivariate normal data as n grows; NaN for n ≤ 3. r = ±1 gives the degenerate interval [r, r].
 */
export function pearsonInterval(r: number, n: number, level = 0.95): CorrelationInterval {
  return transformedInterval(r, n > 3 ? 1 / Math.sqrt(n - 3) : NaN, level, 'fisher');
}

/**
 * Interval for Spearman's ρ on the Fisher-z scale. 'bonett-wright' (default): se² = (1 + ρ²/2)/(n − 3)
 * (Bonett & Wright 2000, Psychometrika 65:23–28, good coverage for n ≥ 10); 'fieller': se² = 1.06/(n − 3)
 * (Fieller, Hartley & Pearson 1957). NaN for n ≤ 3.
 */
export function spearmanInterval(rho: number, n: number, level = 0.95, method: 'bonett-wright' | 'fieller' = 'bonett-wright'): CorrelationInterval {
  const variance = method === 'fieller' ? 1.06 / (n - 3) : (1 + (rho * rho) / 2) / (n - 3);
  return transformedInterval(rho, n > 3 ? Math.sqrt(variance) : NaN, level, method);
}

/**
 * Interval for Kendall's τ on the Fisher-z scale with se² = 0.437/(n − 4) (Fieller, Hartley & Pearson 1957, the
 * approximation Bonett & Wright 2000 recommend for τ). Meant for τ-b/τ-a without heavy ties; NaN for n ≤ 4.
 */
export function kendallInterval(tau: number, n: number, level = 0.95): CorrelationInterval {
  return transformedInterval(tau, n > 4 ? Math.sqrt(0.437 / (n - 4)) : NaN, level, 'fieller');
}
