import { ComparisonReport, MetricComparison } from './comparison-report';
import { describeSettings, formatDelta, formatInterval, formatLineCounts, formatMetricValue, formatPValue, rankedSystems, shownPValue } from './format-comparison';

/** Left-aligned columns separated by two spaces (the last column is not padded). */
function columns(rows: readonly (readonly string[])[]): string[] {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => [...(r[c] ?? '')].length)));
  return rows.map((row) => row.map((cell, c) => (c === row.length - 1 ? cell : cell + ' '.repeat(widths[c] - [...cell].length))).join('  ').trimEnd());
}

/** "*" after a p-value below the level, as sacreBLEU marks significant differences. */
function star(outcome: { significant: boolean } | undefined): string {
  return outcome?.significant ? '*' : '';
}

function twoSystemTable(report: ComparisonReport): string[] {
  const rows: string[][] = [['metric', 'A', 'B', 'B-A', '95% CI of B-A', 'p (bootstrap)', 'p (AR)', 'lines B better / worse / equal']];
  for (const metric of report.metrics) {
    const pair = metric.pairs[0];
    rows.push([
      metric.metric,
      formatMetricValue(metric.scores[0], metric.metric),
      formatMetricValue(metric.scores[1], metric.metric),
      formatDelta(pair.delta, metric.metric),
      formatInterval(pair.bootstrap?.deltaLower, pair.bootstrap?.deltaUpper, metric.metric),
      formatPValue(pair.bootstrap?.pValue) + star(pair.bootstrap),
      formatPValue(pair.randomization?.pValue) + star(pair.randomization),
      formatLineCounts(pair),
    ]);
  }
  return columns(rows);
}

function systemScores(report: ComparisonReport, metric: MetricComparison): string[] {
  const rows: string[][] = [['rank', 'system', metric.metric, 'bootstrap μ ± 95% CI']];
  rankedSystems(metric).forEach((s, rank) => {
    const interval = metric.intervals?.[s];
    rows.push([
      String(rank + 1),
      report.systems[s].name,
      formatMetricValue(metric.scores[s], metric.metric),
      interval ? `${formatMetricValue(interval.mean, metric.metric)} ± ${formatMetricValue(interval.halfWidth, metric.metric)}` : '–',
    ]);
  });
  return columns(rows);
}

function pairTable(report: ComparisonReport, metric: MetricComparison): string[] {
  const corrected = report.settings.correction !== 'none';
  const header = ['A', 'B', 'B-A', 'p (bootstrap)', ...(corrected ? ['adjusted'] : []), 'p (AR)', ...(corrected ? ['adjusted'] : []), 'lines B better / worse / equal'];
  const rows: string[][] = [header];
  for (const pair of metric.pairs) {
    rows.push([
      report.systems[pair.baseline].name,
      report.systems[pair.system].name,
      formatDelta(pair.delta, metric.metric),
      formatPValue(pair.bootstrap?.pValue),
      ...(corrected ? [formatPValue(pair.bootstrap?.adjustedPValue) + star(pair.bootstrap)] : []),
      formatPValue(pair.randomization?.pValue),
      ...(corrected ? [formatPValue(pair.randomization?.adjustedPValue) + star(pair.randomization)] : []),
      formatLineCounts(pair),
    ]);
  }
  return columns(rows);
}

/** The comparison as `understudy compare` prints it: the same numbers, digits and signatures as the editor's views. */
export function comparisonToText(report: ComparisonReport): string {
  const lines: string[] = [];
  const [a, b] = report.systems;
  if (report.systems.length === 2) {
    lines.push(`A (baseline): ${a.name}`, `B:            ${b.name}`);
  } else {
    report.systems.forEach((s, i) => lines.push(`${i + 1}. ${s.name}`));
  }
  lines.push(`${report.segments} segments · references: ${report.references.join(', ')}`, describeSettings(report), '');
  if (report.systems.length === 2) {
    lines.push(...twoSystemTable(report));
  } else {
    for (const metric of report.metrics) lines.push(metric.metric, ...systemScores(report, metric), '', ...pairTable(report, metric), '');
  }
  if (lines[lines.length - 1] !== '') lines.push('');
  lines.push(`* significant at α = ${report.settings.alpha}${report.systems.length > 2 && report.settings.correction !== 'none' ? ' after correction' : ''}`, 'signatures:');
  const width = Math.max(...report.metrics.map((m) => m.metric.length));
  for (const metric of report.metrics) lines.push(`  ${metric.metric.padEnd(width)}  ${metric.signature}`);
  return lines.join('\n') + '\n';
}

/** Per-line scores of two systems and their difference (tab-separated, 1-based line numbers), for `--sentence`. */
export function lineDeltasToTsv(metrics: readonly string[], sentenceA: Readonly<Record<string, ArrayLike<number>>>, sentenceB: Readonly<Record<string, ArrayLike<number>>>): string {
  const header = ['line', ...metrics.flatMap((m) => [`${m} A`, `${m} B`, `${m} B-A`])];
  const count = Math.min(...metrics.map((m) => Math.min(sentenceA[m].length, sentenceB[m].length)));
  const rows = [header.join('\t')];
  for (let i = 0; i < count; i++) {
    rows.push([String(i + 1), ...metrics.flatMap((m) => [sentenceA[m][i], sentenceB[m][i], sentenceB[m][i] - sentenceA[m][i]].map(String))].join('\t'));
  }
  return rows.join('\n') + '\n';
}
