import type { Interval, Statistic } from '../meta/correlation-report';
import type { CorrelationName } from '../meta/stats/correlation-functions';

/**
 * How correlation reports print their numbers — the `understudy correlate` text tables, the correlation panel and the
 * table exports share these, so a number read in the panel is the one the terminal prints.
 */

/** A correlation (or any report statistic) with 4 decimals; undefined (null) is an en dash. */
export function formatStatistic(value: Statistic, digits = 4): string {
  return value === null ? '–' : value.toFixed(digits);
}

/** `[lower, upper]`, or an en dash when there is no interval. */
export function formatInterval(interval: Interval | null, digits = 4): string {
  return interval === null ? '–' : `[${formatStatistic(interval.lower, digits)}, ${formatStatistic(interval.upper, digits)}]`;
}

/** A p-value: 4 decimals, or one significant digit in exponent notation below 0.0001. */
export function formatPValue(p: Statistic): string {
  if (p === null) return '–';
  return p < 0.0001 ? p.toExponential(1) : p.toFixed(4);
}

/** Short symbols of the coefficients, as papers write them (r, ρ, τb …). */
export const CORRELATION_SYMBOLS: Readonly<Record<CorrelationName, string>> = {
  pearson: 'r',
  spearman: 'ρ',
  'kendall-a': 'τa',
  'kendall-b': 'τb',
  'kendall-c': 'τc',
  'kendall-23': 'τ23',
  'kendall-acc23': 'acc23',
  'kendall-like': 'τ (Kendall-like)',
};
