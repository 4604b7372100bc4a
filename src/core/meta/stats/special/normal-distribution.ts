/**
 * The error function, its complement and the standard normal distribution, to about 1e-15 relative everywhere
 * (SciPy's `ndtr`/`erfc` are Cephes rational approximations of the same accuracy; results agree to a few ulps).
 *
 * - |x| < 1: erf by the series (2x/√π) e^(−x²) Σₙ (2x²)ⁿ / (1·3·5 ⋯ (2n+1)), all terms positive; erfc = 1 − erf.
 * - |x| ≥ 1: erfc(x) = Γ(½, x²)/√π with Legendre's continued fraction for the upper incomplete gamma function,
 *   evaluated by modified Lentz, and e^(−x²) taken from a split x = hi + lo (hi with 24 bits, so hi² is exact) so that
 *   the exponent carries no rounding error even far in the tail.
 */

const SQRT_PI = 1.7724538509055159;
const SQRT_TWO_PI = 2.5066282746310002;
const SQRT_HALF = 0.7071067811865476;
const SERIES_LIMIT = 1;
const TINY = 1e-300;

/** e^(−x²) without the rounding error of forming x² first. */
function expMinusSquare(x: number): number {
  if (Math.abs(x) > 1e10) return 0;
  const hi = Math.fround(x);
  const lo = x - hi;
  return Math.exp(-hi * hi) * Math.exp(-(2 * hi * lo + lo * lo));
}

/** e^(−z²/2) without the rounding error of forming z² first. */
function expMinusHalfSquare(z: number): number {
  if (Math.abs(z) > 1e10) return 0;
  const hi = Math.fround(z);
  const lo = z - hi;
  return Math.exp(-0.5 * hi * hi) * Math.exp(-(hi * lo + 0.5 * lo * lo));
}

/** erf(x) for |x| < 1 by the positive series. */
function erfSeries(x: number): number {
  const x2 = x * x;
  let term = 1;
  let sum = 1;
  for (let n = 1; n < 200; n++) {
    term *= (2 * x2) / (2 * n + 1);
    sum += term;
    if (term <= 1e-17 * sum) break;
  }
  return ((2 * x) / SQRT_PI) * Math.exp(-x2) * sum;
}

/**
 * Γ(½, w²) / (e^(−w²) w) for w ≥ 1, Legendre's continued fraction 1/(z + ½ − (1·½)/(z + 5/2 − (2·3/2)/(z + 9/2 − …)))
 * with z = w².
 */
function upperGammaHalfFraction(w: number): number {
  const z = w * w;
  let f = z + 0.5;
  let c = f;
  let d = 0;
  for (let i = 1; i < 10000; i++) {
    const an = -i * (i - 0.5);
    const bn = z + 2 * i + 0.5;
    d = bn + an * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = bn + an / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const step = c * d;
    f *= step;
    if (Math.abs(step - 1) <= Number.EPSILON) break;
  }
  return 1 / f;
}

/** The error function. */
export function erf(x: number): number {
  if (Number.isNaN(x)) return NaN;
  if (Math.abs(x) < SERIES_LIMIT) return erfSeries(x);
  const tail = erfcPositive(Math.abs(x));
  return x > 0 ? 1 - tail : tail - 1;
}

/** erfc(x) for x ≥ 1. */
function erfcPositive(x: number): number {
  if (x === Infinity) return 0;
  return (expMinusSquare(x) * x * upperGammaHalfFraction(x)) / SQRT_PI;
}

/** The complementary error function 1 − erf(x), accurate in relative terms for large x. */
export function erfc(x: number): number {
  if (Number.isNaN(x)) return NaN;
  if (Math.abs(x) < SERIES_LIMIT) return 1 - erfSeries(x);
  return x > 0 ? erfcPositive(x) : 2 - erfcPositive(-x);
}

/** P(Z > z) for a standard normal Z (SciPy's `norm.sf`, i.e. `ndtr(−z)`). */
export function normalSf(z: number): number {
  if (Number.isNaN(z)) return NaN;
  if (z < 0) return 1 - normalSf(-z);
  const w = z * SQRT_HALF;
  if (w < SERIES_LIMIT) return 0.5 - 0.5 * erfSeries(w);
  if (z === Infinity) return 0;
  // ½ erfc(w), with e^(−w²) computed from z itself.
  return (expMinusHalfSquare(z) * w * upperGammaHalfFraction(w)) / (2 * SQRT_PI);
}

/** P(Z ≤ z) for a standard normal Z (SciPy's `ndtr`). */
export function normalCdf(z: number): number {
  return normalSf(-z);
}

// Acklam's rational approximation of the normal quantile (relative error < 1.2e-9), refined below by Halley steps.
const A = [-3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1, 2.506628277459239];
const B = [-5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1];
const C = [-7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
const D = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];
const P_LOW = 0.02425;

function acklam(p: number): number {
  if (p < P_LOW) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (((((C[0] * q + C[1]) * q + C[2]) * q + C[3]) * q + C[4]) * q + C[5]) / ((((D[0] * q + D[1]) * q + D[2]) * q + D[3]) * q + 1);
  }
  const q = p - 0.5;
  const r = q * q;
  return ((((((A[0] * r + A[1]) * r + A[2]) * r + A[3]) * r + A[4]) * r + A[5]) * q) / (((((B[0] * r + B[1]) * r + B[2]) * r + B[3]) * r + B[4]) * r + 1);
}

/** The standard normal quantile Φ⁻¹(p) (SciPy's `ndtri` / `norm.ppf`), to full double precision. */
export function normalQuantile(p: number): number {
  if (Number.isNaN(p) || p < 0 || p > 1) return NaN;
  if (p === 0) return -Infinity;
  if (p === 1) return Infinity;
  if (p > 0.5) return -normalQuantile(1 - p); // 1 − p is exact here
  let x = acklam(p);
  for (let step = 0; step < 4; step++) {
    // Halley's method on Φ(x) − p; Φ(x) = P(Z > −x) keeps full relative precision in the lower tail.
    const error = normalSf(-x) - p;
    const u = error * SQRT_TWO_PI * Math.exp(0.5 * x * x);
    const next = x - u / (1 + 0.5 * x * u);
    if (next === x || !Number.isFinite(next)) break;
    x = next;
  }
  return x;
}
