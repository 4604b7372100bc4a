/**
 * Numbers in meta-evaluation results that views and the CLI serialise as JSON: an undefined number (a correlation of
 * a constant vector, a test over too few values) or an infinite one (F of constant groups) is `null`, since JSON has
 * neither NaN nor Infinity. The same convention as the correlation report.
 */
export type Statistic = number | null;

/** `x`, or null when it is NaN or infinite. */
export function statistic(x: number): Statistic {
  return Number.isFinite(x) ? x : null;
}
