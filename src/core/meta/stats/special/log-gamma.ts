/**
 * ln Γ(x) for x > 0 and the remainder of Stirling's formula, the two building blocks of the incomplete beta prefactor.
 *
 * For x ≥ 10 the asymptotic series is used,
 *   ln Γ(x) = (x − ½) ln x − x + ½ ln 2π + δ(x),
 *   δ(x) = Σₖ B₂ₖ / (2k(2k−1) x^(2k−1)) = 1/(12x) − 1/(360x³) + 1/(1260x⁵) − …,
 * truncated after the B₁₄ term (the next term is below 3·10⁻¹⁷ at x = 10). Below 10 the recurrence
 * Γ(x) = Γ(x + k) / (x (x+1) ⋯ (x+k−1)) moves the argument up. The absolute error of ln Γ is a few units of 10⁻¹⁵,
 * i.e. Γ itself is good to a few ulps, which is what matters when ln Γ ends up in an exponent.
 */

const HALF_LOG_TWO_PI = 0.9189385332046728; // ½ ln 2π
const STIRLING_MIN = 10;

/** δ(x) = ln Γ(x) − [(x − ½) ln x − x + ½ ln 2π], by its asymptotic series (x ≥ 10). */
function stirlingSeries(x: number): number {
  const r = 1 / x;
  const r2 = r * r;
  // Coefficients B₂ₖ / (2k(2k−1)) for k = 1..7: 1/12, −1/360, 1/1260, −1/1680, 1/1188, −691/360360, 1/156.
  return r * (1 / 12 + r2 * (-1 / 360 + r2 * (1 / 1260 + r2 * (-1 / 1680 + r2 * (1 / 1188 + r2 * (-691 / 360360 + r2 * (1 / 156)))))));
}

/** Smallest k ≥ 0 with x + k ≥ 10, and the product x (x+1) ⋯ (x+k−1). */
function shiftUp(x: number): { shifted: number; product: number } {
  let shifted = x;
  let product = 1;
  while (shifted < STIRLING_MIN) {
    product *= shifted;
    shifted += 1;
  }
  return { shifted, product };
}

const SQRT_PI = 1.7724538509055159;

/**
 * Γ(x) for the integers and half-integers below 10 as a product of exact factors — (x−1)! or √π·(½)(3/2)⋯(x−1) —
 * rounded once or twice; these are the arguments the correlation tests use (n/2 − 1, ν/2, ½).
 */
function smallGammaProduct(x: number): number | undefined {
  if (x >= STIRLING_MIN || !Number.isInteger(2 * x)) return undefined;
  let product = Number.isInteger(x) ? 1 : SQRT_PI;
  for (let factor = Number.isInteger(x) ? 1 : 0.5; factor < x; factor++) product *= factor;
  return product;
}

/** ln Γ(x) for x > 0 (NaN otherwise). */
export function logGamma(x: number): number {
  if (!(x > 0)) return NaN;
  if (x === Infinity) return Infinity;
  const exact = smallGammaProduct(x);
  if (exact !== undefined) return Math.log(exact);
  if (x >= STIRLING_MIN) return (x - 0.5) * Math.log(x) - x + HALF_LOG_TWO_PI + stirlingSeries(x);
  const { shifted, product } = shiftUp(x);
  return logGamma(shifted) - Math.log(product);
}

/** Stirling's remainder δ(x) = ln Γ(x) − [(x − ½) ln x − x + ½ ln 2π] for x > 0. */
export function stirlingRemainder(x: number): number {
  if (!(x > 0)) return NaN;
  if (x >= STIRLING_MIN) return stirlingSeries(x);
  return logGamma(x) - ((x - 0.5) * Math.log(x) - x + HALF_LOG_TWO_PI);
}

/**
 * ln Γ(x + s) − ln Γ(x) for x ≥ 10 and s ≥ 0 without the cancellation of subtracting two large logarithms:
 * (x − ½) ln(1 + s/x) + s ln(x + s) − s + δ(x + s) − δ(x).
 */
export function logGammaIncrement(x: number, s: number): number {
  if (x < STIRLING_MIN) return logGamma(x + s) - logGamma(x);
  return (x - 0.5) * Math.log1p(s / x) + s * Math.log(x + s) - s + stirlingSeries(x + s) - stirlingSeries(x);
}
