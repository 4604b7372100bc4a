import { studentTCdf, studentTSf, studentTTwoSided } from './special/student-t';

/** Which alternative a t-test's p-value is for (SciPy's `alternative`): 'greater' means mean(a) > mean(b). */
export type Alternative = 'two-sided' | 'greater' | 'less';

export interface TTestResult {
  /** t statistic (NaN when undefined: too few values or zero variance with equal means). */
  readonly t: number;
  readonly df: number;
  readonly pvalue: number;
  readonly meanA: number;
  readonly meanB: number;
  readonly nA: number;
  readonly nB: number;
}

function pValue(t: number, df: number, alternative: Alternative): number {
  if (Number.isNaN(t)) return NaN;
  switch (alternative) {
    case 'two-sided':
      return studentTTwoSided(t, df);
    case 'greater':
      return studentTSf(t, df);
    case 'less':
      return studentTCdf(t, df);
  }
}

function meanAndSquares(values: ArrayLike<number>): { n: number; mean: number; squares: number } {
  const n = values.length;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += values[i];
  const mean = n > 0 ? sum / n : NaN;
  let squares = 0;
  for (let i = 0; i < n; i++) squares += (values[i] - mean) * (values[i] - mean);
  return { n, mean, squares };
}

/** t from a mean difference and its standard error, with SciPy's conventions for a zero standard error. */
function tOf(difference: number, standardError: number): number {
  if (standardError > 0) return difference / standardError;
  if (difference === 0 || Number.isNaN(difference)) return NaN;
  return difference > 0 ? Infinity : -Infinity;
}

/**
 * Two-sample t-test (SciPy's `ttest_ind`): Student's pooled-variance test (`equalVariance`, default, as SciPy) or
 * Welch's, with the Welch–Satterthwaite degrees of freedom. NaN values must be removed by the caller.
 */
export function twoSampleTTest(a: ArrayLike<number>, b: ArrayLike<number>, options: { equalVariance?: boolean; alternative?: Alternative } = {}): TTestResult {
  const alternative = options.alternative ?? 'two-sided';
  const x = meanAndSquares(a);
  const y = meanAndSquares(b);
  const base = { meanA: x.mean, meanB: y.mean, nA: x.n, nB: y.n };
  if (x.n < 1 || y.n < 1 || x.n + y.n < 3) return { t: NaN, df: NaN, pvalue: NaN, ...base };
  let t: number;
  let df: number;
  if (options.equalVariance ?? true) {
    df = x.n + y.n - 2;
    const pooled = (x.squares + y.squares) / df;
    t = tOf(x.mean - y.mean, Math.sqrt(pooled * (1 / x.n + 1 / y.n)));
  } else {
    if (x.n < 2 || y.n < 2) return { t: NaN, df: NaN, pvalue: NaN, ...base };
    const va = x.squares / (x.n - 1) / x.n;
    const vb = y.squares / (y.n - 1) / y.n;
    df = ((va + vb) * (va + vb)) / ((va * va) / (x.n - 1) + (vb * vb) / (y.n - 1));
    t = tOf(x.mean - y.mean, Math.sqrt(va + vb));
  }
  return { t, df, pvalue: pValue(t, df, alternative), ...base };
}

/** Paired t-test (SciPy's `ttest_rel`) on equal-length a, b: a one-sample test of the differences a − b against 0. */
export function pairedTTest(a: ArrayLike<number>, b: ArrayLike<number>, alternative: Alternative = 'two-sided'): TTestResult {
  if (a.length !== b.length) throw new RangeError(`A paired t-test needs equal lengths (${a.length} and ${b.length}).`);
  const differences = Float64Array.from({ length: a.length }, (_, i) => a[i] - b[i]);
  const d = meanAndSquares(differences);
  const x = meanAndSquares(a);
  const y = meanAndSquares(b);
  const base = { meanA: x.mean, meanB: y.mean, nA: x.n, nB: y.n };
  if (d.n < 2) return { t: NaN, df: NaN, pvalue: NaN, ...base };
  const df = d.n - 1;
  const t = tOf(d.mean, Math.sqrt(d.squares / df / d.n));
  return { t, df, pvalue: pValue(t, df, alternative), ...base };
}

/**
 * Paired t from sums over n pairs — Σd and Σd² of the differences — for resampling loops where those sums are
 * updated cheaply. Returns the two-sided p-value (NaN for n < 2 or zero variance with a zero mean difference).
 * The one-pass variance Σd² − (Σd)²/n is clamped at 0 against rounding.
 */
export function pairedTFromSums(sumDifference: number, sumSquaredDifference: number, n: number): { t: number; pvalue: number } {
  if (n < 2) return { t: NaN, pvalue: NaN };
  const mean = sumDifference / n;
  const squares = Math.max(sumSquaredDifference - sumDifference * mean, 0);
  const t = tOf(mean, Math.sqrt(squares / (n - 1) / n));
  return { t, pvalue: Number.isNaN(t) ? NaN : studentTTwoSided(t, n - 1) };
}
