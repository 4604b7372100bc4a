/**
 * Straight-line fits of y on x that resist outliers, for the human–system gap plot (Conroy & Dang 2008, §3: "we fit
 * the systems data using robust linear regression"; the paper does not say which).
 *
 * - 'bisquare' (default): MATLAB's `robustfit(x, y)` defaults — the authors worked in MATLAB (their CCA came from a
 *   MATLAB routine) and the digest names it as the likely reading: iteratively reweighted least squares with Tukey's
 *   bisquare weights w = (1 − u²)² for |u| < 1, u = r·adj/(4.685·s), residuals adjusted for leverage
 *   (adj = 1/√(1 − h)), s = MAD/0.6745 of the adjusted residuals leaving out the smallest p − 1 = 1, never below
 *   10⁻⁶·sd(y); stop when every coefficient changes by ≤ √ε relative, or after 50 iterations.
 * - 'huber': the same iteration with Huber's weights w = 1/max(1, |u|), tuning constant 1.345 (robustfit 'huber').
 * - 'theil-sen': SciPy's `theilslopes(y, x)`: the median of the slopes over pairs with different x, intercept
 *   median(y) − slope·median(x) (SciPy's default 'separate').
 * - 'ols': ordinary least squares.
 */
export type RobustMethod = 'bisquare' | 'huber' | 'theil-sen' | 'ols';

export const ROBUST_METHODS: readonly RobustMethod[] = ['bisquare', 'huber', 'theil-sen', 'ols'];

export interface LineFit {
  readonly method: RobustMethod;
  readonly slope: number;
  readonly intercept: number;
  /** Final IRLS weight of each point (bisquare/huber); all 1 for OLS; absent for Theil–Sen. */
  readonly weights?: readonly number[];
  /** IRLS iterations (0 for the closed forms). */
  readonly iterations: number;
  /** False when IRLS stopped at the iteration limit. */
  readonly converged: boolean;
  /** Robust scale of the residuals at the end (bisquare/huber), else NaN. */
  readonly scale: number;
}

function median(values: ArrayLike<number>): number {
  const sorted = Float64Array.from(values).sort();
  const n = sorted.length;
  if (n === 0) return NaN;
  return n % 2 === 1 ? sorted[(n - 1) / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
}

/** Weighted least squares line (weights ≥ 0); NaN slope when the weighted x has no spread. */
function weightedLine(x: ArrayLike<number>, y: ArrayLike<number>, w: ArrayLike<number>): { slope: number; intercept: number } {
  let sw = 0;
  let sx = 0;
  let sy = 0;
  for (let i = 0; i < x.length; i++) {
    sw += w[i];
    sx += w[i] * x[i];
    sy += w[i] * y[i];
  }
  const mx = sx / sw;
  const my = sy / sw;
  let sxx = 0;
  let sxy = 0;
  for (let i = 0; i < x.length; i++) {
    const dx = x[i] - mx;
    sxx += w[i] * dx * dx;
    sxy += w[i] * dx * (y[i] - my);
  }
  const slope = sxx > 0 ? sxy / sxx : NaN;
  return { slope, intercept: my - slope * mx };
}

function sampleSd(values: ArrayLike<number>): number {
  const n = values.length;
  let mean = 0;
  for (let i = 0; i < n; i++) mean += values[i];
  mean /= n;
  let squares = 0;
  for (let i = 0; i < n; i++) squares += (values[i] - mean) * (values[i] - mean);
  return n > 1 ? Math.sqrt(squares / (n - 1)) : 0;
}

const SQRT_EPSILON = Math.sqrt(Number.EPSILON);

function irls(x: ArrayLike<number>, y: ArrayLike<number>, method: 'bisquare' | 'huber'): LineFit {
  const n = x.length;
  const tune = method === 'bisquare' ? 4.685 : 1.345;
  const weightOf = method === 'bisquare'
    ? (u: number): number => (Math.abs(u) < 1 ? (1 - u * u) * (1 - u * u) : 0)
    : (u: number): number => 1 / Math.max(1, Math.abs(u));
  const ones = new Float64Array(n).fill(1);
  let { slope, intercept } = weightedLine(x, y, ones);
  // Leverage of each point in the unweighted design [1, x]: h = 1/n + (x − x̄)²/Sxx, capped at 0.9999 as robustfit does.
  let mx = 0;
  for (let i = 0; i < n; i++) mx += x[i];
  mx /= n;
  let sxx = 0;
  for (let i = 0; i < n; i++) sxx += (x[i] - mx) * (x[i] - mx);
  const adjust = Float64Array.from({ length: n }, (_, i) => 1 / Math.sqrt(1 - Math.min(0.9999, 1 / n + ((x[i] - mx) * (x[i] - mx)) / sxx)));
  let tiny = 1e-6 * sampleSd(y);
  if (tiny === 0) tiny = 1;
  const weights = new Float64Array(n).fill(1);
  const adjusted = new Float64Array(n);
  let scale = NaN;
  let iterations = 0;
  let converged = false;
  const rank = 2;
  for (;;) {
    iterations++;
    if (iterations > 50) break;
    for (let i = 0; i < n; i++) adjusted[i] = (y[i] - intercept - slope * x[i]) * adjust[i];
    // madsigma: median of the sorted |r| from the rank-th smallest on, / 0.6745.
    const magnitudes = Float64Array.from(adjusted, Math.abs).sort();
    scale = median(magnitudes.subarray(Math.max(1, rank) - 1)) / 0.6745;
    const divisor = Math.max(scale, tiny) * tune;
    for (let i = 0; i < n; i++) weights[i] = weightOf(adjusted[i] / divisor);
    const previous = [intercept, slope];
    ({ slope, intercept } = weightedLine(x, y, weights));
    const current = [intercept, slope];
    if (current.every((b, k) => Math.abs(b - previous[k]) <= SQRT_EPSILON * Math.max(Math.abs(b), Math.abs(previous[k])))) {
      converged = true;
      break;
    }
  }
  return { method, slope, intercept, weights: Array.from(weights), iterations: Math.min(iterations, 50), converged, scale };
}

function theilSen(x: ArrayLike<number>, y: ArrayLike<number>): LineFit {
  const slopes: number[] = [];
  for (let i = 0; i < x.length; i++) {
    for (let j = 0; j < x.length; j++) {
      const dx = x[j] - x[i];
      if (dx > 0) slopes.push((y[j] - y[i]) / dx);
    }
  }
  const slope = median(slopes);
  return { method: 'theil-sen', slope, intercept: median(y) - slope * median(x), iterations: 0, converged: true, scale: NaN };
}

/** Fits y ≈ intercept + slope·x with `method` (default 'bisquare'); at least 3 points with some spread in x. */
export function fitLine(x: ArrayLike<number>, y: ArrayLike<number>, method: RobustMethod = 'bisquare'): LineFit {
  if (x.length !== y.length) throw new RangeError(`A line fit needs as many x as y values (${x.length} and ${y.length}).`);
  if (x.length < 3) throw new RangeError(`A line fit needs at least 3 points (got ${x.length}).`);
  let spread = false;
  for (let i = 1; i < x.length; i++) if (x[i] !== x[0]) spread = true;
  if (!spread) throw new RangeError('A line fit needs at least two different x values.');
  switch (method) {
    case 'theil-sen':
      return theilSen(x, y);
    case 'ols': {
      const { slope, intercept } = weightedLine(x, y, new Float64Array(x.length).fill(1));
      return { method, slope, intercept, weights: Array.from({ length: x.length }, () => 1), iterations: 0, converged: true, scale: NaN };
    }
    default:
      return irls(x, y, method);
  }
}
