import { digitsFor as digitsForMetric } from '../report/format-report';
import { ComparedPair, ComparisonReport, MetricComparison } from './comparison-report';

/**
 * How comparison numbers are written, shared by `understudy compare` and the comparison views so that a number on
 * screen and in the terminal read the same. p-values have four decimals, as sacreBLEU prints them ("p = 0.0649");
 * scores and deltas the digits of the metric's reference tool (sacreBLEU 2, ROUGE-1.5.5 5, mteval NIST 4).
 */
export function formatPValue(p: number | undefined): string {
  if (p === undefined) return '–';
  if (Number.isNaN(p)) return 'nan';
  return p.toFixed(4);
}

export function formatMetricValue(value: number | undefined, metric: string): string {
  if (value === undefined) return '–';
  if (Number.isNaN(value)) return 'nan';
  return value.toFixed(digitsForMetric(metric));
}

/** A difference with its sign always written ("+0.60", "-1.25"; zero as "0.00"). */
export function formatDelta(value: number | undefined, metric: string): string {
  if (value === undefined) return '–';
  if (Number.isNaN(value)) return 'nan';
  const text = Math.abs(value).toFixed(digitsForMetric(metric));
  if (Number(text) === 0) return text;
  return (value > 0 ? '+' : '-') + text;
}

export function formatInterval(lower: number | undefined, upper: number | undefined, metric: string): string {
  if (lower === undefined || upper === undefined) return '–';
  return `[${formatDelta(lower, metric)}, ${formatDelta(upper, metric)}]`;
}

/** "412 / 455 / 133" (B better / worse / equal), with " (+3 unscored)" when some lines have no score. */
export function formatLineCounts(pair: ComparedPair): string {
  const { better, worse, equal, incomparable } = pair.lines;
  return `${better} / ${worse} / ${equal}${incomparable > 0 ? ` (+${incomparable} unscored)` : ''}`;
}

/** Correction names as the views and the CLI print them. */
export const CORRECTION_LABEL: Readonly<Record<string, string>> = { none: 'no correction', holm: 'Holm', bonferroni: 'Bonferroni' };

/** "paired bootstrap 1000 samples · approximate randomization 10000 trials · seed 12345 (· Holm over 3 pairs)". */
export function describeSettings(report: ComparisonReport): string {
  const { settings } = report;
  const parts: string[] = [];
  if (settings.tests.includes('paired-bootstrap')) parts.push(`paired bootstrap ${settings.bootstrapSamples} samples`);
  if (settings.tests.includes('approximate-randomization')) parts.push(`approximate randomization ${settings.randomizationTrials} trials`);
  parts.push(`seed ${settings.seed}`);
  const pairs = (report.systems.length * (report.systems.length - 1)) / 2;
  if (pairs > 1) parts.push(`${CORRECTION_LABEL[settings.correction]} over ${pairs} pairs, α = ${settings.alpha}`);
  return parts.join(' · ');
}

/** The p-value a table shows for a pair: adjusted when a correction applies to several pairs. */
export function shownPValue(report: ComparisonReport, outcome: { pValue: number; adjustedPValue: number } | undefined): number | undefined {
  if (!outcome) return undefined;
  return report.systems.length > 2 && report.settings.correction !== 'none' ? outcome.adjustedPValue : outcome.pValue;
}

/** Systems in order of a metric's corpus score, best first (ties keep input order). */
export function rankedSystems(metric: MetricComparison): number[] {
  const order = metric.scores.map((_, i) => i);
  const sign = metric.higherIsBetter ? -1 : 1;
  return order.sort((a, b) => {
    const x = metric.scores[a];
    const y = metric.scores[b];
    if (Number.isNaN(x) || Number.isNaN(y)) return Number.isNaN(x) === Number.isNaN(y) ? a - b : Number.isNaN(x) ? 1 : -1;
    return sign * (x - y) || a - b;
  });
}
