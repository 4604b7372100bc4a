/**
 * Ordinary least squares with an intercept on small numbers of predictors (ROSE fits k ≤ ~12 metric scores), by the
 * normal equations on centred cross-products: with the predictors and the target centred on their means, the slopes
 * solve C_xx β = C_xy and the intercept is ȳ − β·x̄. C is k × k, so a Cholesky factorisation costs ~k³/6 flops —
 * nothing next to forming C, which `centredCrossProducts` does once for all subsets of the predictors.
 *
 * Maximising Pearson's r between Σ_j a_ij x_j and b_i (Conroy & Dang's eq. 1) is this fit: r is invariant to the
 * scale and shift of the combination, the optimum direction is the OLS slope vector, and the maximum r is the
 * multiple correlation R (the digest checked it numerically; test/unit/rose.test.ts checks it again).
 */

/**
 * Means and centred cross-products of the columns of `data` (rows × columns, row-major) over the rows
 * `rows[from..to)`, two passes (means first) for accuracy. `products` receives the full symmetric columns × columns
 * matrix Σ (x_a − x̄_a)(x_b − x̄_b); `means` the column means.
 */
export function centredCrossProducts(
  data: Float64Array, columns: number, rows: Int32Array, from: number, to: number, means: Float64Array, products: Float64Array,
): void {
  const n = to - from;
  means.fill(0);
  for (let j = from; j < to; j++) {
    const at = rows[j] * columns;
    for (let a = 0; a < columns; a++) means[a] += data[at + a];
  }
  for (let a = 0; a < columns; a++) means[a] /= n;
  products.fill(0);
  const centred = new Float64Array(columns);
  for (let j = from; j < to; j++) {
    const at = rows[j] * columns;
    for (let a = 0; a < columns; a++) centred[a] = data[at + a] - means[a];
    for (let a = 0; a < columns; a++) {
      const x = centred[a];
      const row = a * columns;
      for (let b = a; b < columns; b++) products[row + b] += x * centred[b];
    }
  }
  for (let a = 0; a < columns; a++) for (let b = 0; b < a; b++) products[a * columns + b] = products[b * columns + a];
}

/** Relative size below which a pivot counts as zero: the column is (numerically) a combination of earlier ones. */
export const PIVOT_TOLERANCE = 1e-10;

/**
 * Solves C_xx β = C_xy for the predictors `columns[0..k)` of a cross-product matrix `products` (size × size) whose
 * column `target` is the target. Cholesky with dropped pivots: a predictor whose remaining variance, after the earlier
 * ones, is below PIVOT_TOLERANCE of its own (a constant column, or a copy or combination of others on these rows)
 * gets weight 0 — the fit is then still a least-squares solution, the same predictions as any other. Writes β into
 * `beta[0..k)` and returns the number of predictors kept. `work` needs k·k values.
 */
export function solveNormalEquations(
  products: Float64Array, size: number, columns: Int32Array, k: number, target: number, beta: Float64Array, work: Float64Array,
): number {
  const L = work; // k × k, lower triangle
  let kept = 0;
  for (let j = 0; j < k; j++) {
    const cj = columns[j];
    const diagonal = products[cj * size + cj];
    let d = diagonal;
    for (let t = 0; t < j; t++) d -= L[j * k + t] * L[j * k + t];
    if (!(d > PIVOT_TOLERANCE * diagonal) || !(diagonal > 0)) {
      for (let i = j; i < k; i++) L[i * k + j] = 0;
      continue;
    }
    kept++;
    const root = Math.sqrt(d);
    L[j * k + j] = root;
    for (let i = j + 1; i < k; i++) {
      const ci = columns[i];
      let v = products[ci * size + cj];
      for (let t = 0; t < j; t++) v -= L[i * k + t] * L[j * k + t];
      L[i * k + j] = v / root;
    }
  }
  // Forward: L z = C_xy (z in beta), then back: Lᵀ β = z; dropped pivots give 0.
  for (let j = 0; j < k; j++) {
    const pivot = L[j * k + j];
    if (pivot === 0) {
      beta[j] = 0;
      continue;
    }
    let v = products[columns[j] * size + target];
    for (let t = 0; t < j; t++) v -= L[j * k + t] * beta[t];
    beta[j] = v / pivot;
  }
  for (let j = k - 1; j >= 0; j--) {
    const pivot = L[j * k + j];
    if (pivot === 0) {
      beta[j] = 0;
      continue;
    }
    let v = beta[j];
    for (let t = j + 1; t < k; t++) v -= L[t * k + j] * beta[t];
    beta[j] = v / pivot;
  }
  return kept;
}

/**
 * Pearson r between the combination Σ β_j x_j and the target over the rows behind `products` (their centred
 * cross-products): cov = βᵀ C_xy, var = βᵀ C_xx β. NaN when the combination or the target is constant there.
 */
export function combinationCorrelation(products: Float64Array, size: number, columns: Int32Array, k: number, target: number, beta: Float64Array): number {
  let covariance = 0;
  let variance = 0;
  for (let a = 0; a < k; a++) {
    const ba = beta[a];
    if (ba === 0) continue;
    const ca = columns[a];
    covariance += ba * products[ca * size + target];
    let inner = 0;
    for (let b = 0; b < k; b++) inner += products[ca * size + columns[b]] * beta[b];
    variance += ba * inner;
  }
  const targetVariance = products[target * size + target];
  if (!(variance > 0) || !(targetVariance > 0)) return NaN;
  const r = covariance / Math.sqrt(variance * targetVariance);
  return Math.max(-1, Math.min(1, r));
}
