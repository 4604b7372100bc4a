/**
 * The alignment prior of fast_align (Dyer, Chahuneau & Smith 2013, "A Simple, Fast, and Effective
 * Reparameterization of IBM Model 2"), as clab/fast_align's `DiagonalAlignment` computes it.
 *
 * For target position j (1-based) of a sentence of m target words whose source has n words, and source
 * position i (1-based):
 *   h(i, j, m, n) = −| i/n − j/m |                      (distance from the diagonal)
 *   δ(a_j = i)    = (1 − p0) · e^{λ·h(i,j,m,n)} / Z_λ(j, m, n)     δ(a_j = null) = p0
 * Z sums e^{λh} over i = 1..n. Below and above the point where the diagonal crosses row j the terms form two
 * geometric series of ratio e^{−λ/n}, so Z (and the expectation of h used to learn λ) take O(1) time.
 */

/** h(i, j, m, n): fast_align's `Feature(j, i, m, n)` (target index, source index, target length, source length). */
export function diagonalFeature(targetIndex: number, sourceIndex: number, targetLength: number, sourceLength: number): number {
  return -Math.abs(sourceIndex / sourceLength - targetIndex / targetLength);
}

/** e^{λh}: the unnormalised prior of linking target position `targetIndex` to source position `sourceIndex`. */
export function unnormalizedDiagonalPrior(targetIndex: number, sourceIndex: number, targetLength: number, sourceLength: number, tension: number): number {
  return Math.exp(diagonalFeature(targetIndex, sourceIndex, targetLength, sourceLength) * tension);
}

/** Z_λ(j, m, n) = Σ_{i=1..n} e^{λ h(i, j, m, n)}, in closed form (fast_align's `ComputeZ`). */
export function diagonalPartition(targetIndex: number, targetLength: number, sourceLength: number, tension: number): number {
  const split = (targetIndex * sourceLength) / targetLength;
  // The source positions at or below the diagonal: 1..floor; above it: floor+1..n.
  const floor = Math.trunc(split);
  const ratio = Math.exp(-tension / sourceLength);
  // fast_align counts the terms above the diagonal in an unsigned int. With the lengths swapped (see
  // diagonalExpectedFeature) the crossing point can lie past the last position and the count wraps round to ~2^32:
  // the series then runs on to its limit, first term / (1 − ratio). Kept, since the learned λ depends on it.
  const aboveSigned = sourceLength - floor;
  const above = aboveSigned < 0 ? aboveSigned + 2 ** 32 : aboveSigned;
  let sum = 0;
  if (above > 0) sum += (unnormalizedDiagonalPrior(targetIndex, floor + 1, targetLength, sourceLength, tension) * (1 - Math.pow(ratio, above))) / (1 - ratio);
  if (floor > 0) sum += (unnormalizedDiagonalPrior(targetIndex, floor, targetLength, sourceLength, tension) * (1 - Math.pow(ratio, floor))) / (1 - ratio);
  return sum;
}

/** Σ_{k=1..count} a_k·g_k for a_k = a1 + (k−1)·step and g_k = g1·r^{k−1}. */
function arithmeticoGeometricSum(a1: number, g1: number, r: number, step: number, count: number): number {
  const gAfterLast = g1 * Math.pow(r, count);
  const aLast = step * (count - 1) + a1;
  const rMinus1 = r - 1;
  return (aLast * gAfterLast - a1 * g1) / rMinus1 - (step * (gAfterLast - g1 * r)) / (rMinus1 * rMinus1);
}

/**
 * ∂ log Z_λ / ∂λ = E_δ[h] at target position j, the model side of the gradient fast_align follows to learn λ
 * (`ComputeDLogZ`). With `fastAlignQuirk`, the normaliser is computed as fast_align 2013–2017 computes it, with the
 * target and source lengths swapped (`ComputeZ(i, n, m, …)`, clab/fast_align issue #11); the learned tension then
 * equals what fast_align prints. Without it, the exact expectation.
 */
export function diagonalExpectedFeature(targetIndex: number, targetLength: number, sourceLength: number, tension: number, fastAlignQuirk: boolean): number {
  const z = fastAlignQuirk
    ? diagonalPartition(targetIndex, sourceLength, targetLength, tension)
    : diagonalPartition(targetIndex, targetLength, sourceLength, tension);
  const split = (targetIndex * sourceLength) / targetLength;
  const floor = Math.trunc(split);
  const ratio = Math.exp(-tension / sourceLength);
  const step = -1 / sourceLength;
  const above = sourceLength - floor;
  let sum = 0;
  if (above > 0) {
    sum += arithmeticoGeometricSum(
      diagonalFeature(targetIndex, floor + 1, targetLength, sourceLength),
      unnormalizedDiagonalPrior(targetIndex, floor + 1, targetLength, sourceLength, tension),
      ratio,
      step,
      above,
    );
  }
  if (floor > 0) {
    sum += arithmeticoGeometricSum(
      diagonalFeature(targetIndex, floor, targetLength, sourceLength),
      unnormalizedDiagonalPrior(targetIndex, floor, targetLength, sourceLength, tension),
      ratio,
      step,
      floor,
    );
  }
  return sum / z;
}
