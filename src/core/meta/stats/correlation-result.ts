/** A correlation coefficient with its two-sided p-value for H₀: no association. */
export interface CorrelationTest {
  /** The coefficient; NaN when undefined (constant input, fewer than 2 points, NaN in the input). */
  readonly statistic: number;
  /** Two-sided p-value; NaN when the statistic is, or when the test is undefined (e.g. n = 2 for Spearman). */
  readonly pvalue: number;
  /** Number of paired observations. */
  readonly n: number;
}

export const UNDEFINED_CORRELATION = (n: number): CorrelationTest => ({ statistic: NaN, pvalue: NaN, n });
