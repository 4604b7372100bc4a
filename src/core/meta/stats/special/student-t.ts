import { symmetricBetaLowerTail } from './incomplete-beta';
import { normalCdf } from './normal-distribution';

/**
 * P(T ≤ −|t|) for Student's t with ν degrees of freedom: ½ I_{ν/(ν+t²)}(ν/2, ½) (the form SciPy 1.10's `stdtr`,
 * CDFLIB `cdft`, evaluates), computed here through the equivalent symmetric form I_{(1−r)/2}(ν/2, ν/2) with
 * r = |t|/√(ν + t²). Both are the same number; the symmetric one stays accurate to ~1e-14 relative also for
 * ν in the hundred thousands (segment-level tests), where the (ν/2, ½) continued fraction cancels.
 */
function lowerTail(t: number, nu: number): number {
  const tt = t * t;
  const denominator = nu + tt;
  if (denominator === Infinity) return 0; // |t| = ∞
  return symmetricBetaLowerTail(0.5 * nu, Math.abs(t) / Math.sqrt(denominator), nu / denominator);
}

/**
 * P(T ≤ t) for Student's t with ν > 0 degrees of freedom (SciPy 1.10's `special.stdtr(ν, t)`). ν = ∞ is the normal;
 * ν ≤ 0 or NaN gives NaN (SciPy signals a domain error and returns NaN, which is why Spearman's p for n = 2 is NaN).
 */
export function studentTCdf(t: number, degreesOfFreedom: number): number {
  const nu = degreesOfFreedom;
  if (Number.isNaN(t) || Number.isNaN(nu) || nu <= 0) return NaN;
  if (nu === Infinity) return normalCdf(t);
  if (t === 0) return 0.5;
  const tail = lowerTail(t, nu);
  return t < 0 ? tail : 1 - tail;
}

/** P(T > t) (SciPy 1.10's `stats.t.sf(t, ν)` = `stdtr(ν, −t)`). */
export function studentTSf(t: number, degreesOfFreedom: number): number {
  return studentTCdf(-t, degreesOfFreedom);
}

/** Two-sided p-value 2·P(T ≤ −|t|) (SciPy's `_ttest_finish` with alternative='two-sided'). */
export function studentTTwoSided(t: number, degreesOfFreedom: number): number {
  const nu = degreesOfFreedom;
  if (Number.isNaN(t) || Number.isNaN(nu) || nu <= 0) return NaN;
  if (nu === Infinity) return 2 * normalCdf(-Math.abs(t));
  if (t === 0) return 1;
  return 2 * lowerTail(t, nu);
}
