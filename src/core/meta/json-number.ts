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

/** A statistic as the meta-evaluation subcommands print it (`-` when missing); the ROSE and gap views show the same. */
export const fmt = (x: Statistic | undefined, digits = 4): string => (x === null || x === undefined ? '-' : x.toFixed(digits));
/** A p-value as those subcommands print it. */
export const pValue = (p: Statistic): string => (p === null ? '-' : p === 0 ? '0' : p < 1e-4 ? p.toExponential(2) : p.toFixed(4));
