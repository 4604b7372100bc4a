import * as Plot from '@observablehq/plot';
import type { CorrelationReport, MetricInfo, MetricMatrix, Statistic } from '../../src/core/meta/correlation-report';
import { formatStatistic } from '../../src/core/report/correlation-format';
import { correlatedMetricLabel } from '../../src/core/report/correlation-tables';
import { digitsFor } from '../../src/core/report/format-report';
import { PLOT_CLASS, themeColours, withoutInlineStyle } from '../report/histogram';

/** The theme's colours for the charts, resolved now (charts are redrawn when the theme changes). */
export interface ChartColours {
  readonly point: string;
  readonly selected: string;
  readonly line: string;
  readonly foreground: string;
  readonly background: string;
  readonly negative: string;
  readonly positive: string;
}

export function chartColours(): ChartColours {
  const { palette, foreground } = themeColours();
  const background = getComputedStyle(document.body).getPropertyValue('--vscode-editor-background').trim() || '#ffffff';
  return { point: palette[0], selected: palette[1], line: palette[3], foreground, background, negative: palette[4], positive: palette[0] };
}

/** One system of a scatter plot: its metric score (as printed, not negated) and human score. */
export interface SystemPoint {
  readonly name: string;
  readonly x: number;
  readonly y: number;
}

/** The included systems that have both numbers, in report order. */
export function systemPoints(report: CorrelationReport, metric: string): SystemPoint[] {
  return report.systems
    .filter((s) => s.included && s.human !== null && typeof s.scores[metric] === 'number')
    .map((s) => ({ name: s.name, x: s.scores[metric] as number, y: s.human as number }));
}

/**
 * Metric score against human score, one dot per system with its name, and the least-squares line (Plot's
 * linearRegressionY). Every dot is a button for the keyboard too (tabindex, role, label): Enter or a click selects
 * the system, whose segments the panel then lists.
 */
export function systemScatter(
  report: CorrelationReport,
  metric: MetricInfo,
  width: number,
  colours: ChartColours,
  selected: string | undefined,
  onSelect: (system: string) => void,
): SVGSVGElement | HTMLElement {
  const points = systemPoints(report, metric.name);
  const digits = digitsFor(metric.name);
  const direction = metric.higherIsBetter ? '→' : '← (lower is better)';
  const chart = Plot.plot({
    className: PLOT_CLASS,
    width,
    height: Math.round(Math.min(360, Math.max(240, width * 0.7))),
    marginLeft: 52,
    marginRight: 24,
    marginTop: 24,
    inset: 12,
    grid: true,
    x: { label: `${metric.label} ${direction}` },
    y: { label: `↑ ${report.human.label}` },
    marks: [
      ...(points.length >= 2 ? [Plot.linearRegressionY(points, { x: 'x', y: 'y', stroke: colours.line, strokeWidth: 1.5, ci: 0 })] : []),
      Plot.dot(points, {
        x: 'x',
        y: 'y',
        r: 5,
        fill: (p: SystemPoint) => (p.name === selected ? colours.selected : colours.point),
        stroke: colours.background,
        strokeWidth: 1,
        title: (p: SystemPoint) => `${p.name}\n${metric.label} ${p.x.toFixed(digits)}\n${report.human.label} ${p.y.toFixed(4)}`,
      }),
      Plot.text(points, { x: 'x', y: 'y', text: 'name', dy: -10, fill: colours.foreground, fontSize: 10, stroke: colours.background, strokeWidth: 3, paintOrder: 'stroke' }),
    ],
  });
  const svg = withoutInlineStyle(chart);
  // Plot draws the dots in data order (constant radius): dot i is points[i].
  const dots = svg.querySelectorAll('g[aria-label="dot"] circle');
  dots.forEach((dot, i) => {
    const point = points[i];
    if (!point) return;
    dot.setAttribute('tabindex', '0');
    dot.setAttribute('role', 'button');
    dot.setAttribute('class', point.name === selected ? 'point selected' : 'point');
    dot.setAttribute('data-system', point.name);
    dot.setAttribute('aria-label', `${point.name}: ${metric.label} ${point.x.toFixed(digits)}, ${report.human.label} ${point.y.toFixed(4)}. List its segments.`);
    dot.addEventListener('click', () => onSelect(point.name));
    dot.addEventListener('keydown', (event) => {
      const key = (event as KeyboardEvent).key;
      if (key === 'Enter' || key === ' ') {
        event.preventDefault();
        onSelect(point.name);
      }
    });
  });
  return svg;
}

/** Judged segments of the included systems for one metric: sentence score (as printed) and human score. */
export function segmentPoints(report: CorrelationReport, metric: string): { x: number; y: number; system: string }[] {
  const table = report.segments;
  if (!table) return [];
  const scores = table.scores[metric];
  const included = new Set(report.systems.filter((s) => s.included).map((s) => s.name));
  const points: { x: number; y: number; system: string }[] = [];
  table.systems.forEach((system, s) => {
    if (!included.has(system)) return;
    const human = table.human[s];
    const metricScores = scores?.[s] ?? [];
    for (let i = 0; i < human.length; i++) {
      const y: Statistic = human[i];
      const x: Statistic = metricScores[i] ?? null;
      if (x !== null && y !== null) points.push({ x, y, system });
    }
  });
  return points;
}

/** Every judged segment as a faint dot (sentence score against the segment's human score) with the fitted line. */
export function segmentScatter(report: CorrelationReport, metric: MetricInfo, width: number, colours: ChartColours): SVGSVGElement | HTMLElement {
  const points = segmentPoints(report, metric.name);
  const chart = Plot.plot({
    className: PLOT_CLASS,
    width,
    height: Math.round(Math.min(420, Math.max(260, width * 0.55))),
    marginLeft: 52,
    grid: true,
    x: { label: `${metric.label} (sentence level) ${metric.higherIsBetter ? '→' : '← (lower is better)'}` },
    y: { label: `↑ ${report.human.label} (segment)` },
    marks: [
      Plot.dot(points, { x: 'x', y: 'y', r: 1.5, fill: colours.point, fillOpacity: 0.25 }),
      ...(points.length >= 2 ? [Plot.linearRegressionY(points, { x: 'x', y: 'y', stroke: colours.line, strokeWidth: 1.5, ci: 0 })] : []),
    ],
  });
  return withoutInlineStyle(chart);
}

/** The metric × metric matrix as a heatmap from −1 (theme red) through 0 (background) to +1 (theme blue), values written in. */
export function metricHeatmap(report: CorrelationReport, matrix: MetricMatrix, width: number, colours: ChartColours): SVGSVGElement | HTMLElement {
  const info = new Map(report.metrics.map((m) => [m.name, m]));
  const labels = matrix.metrics.map((m) => correlatedMetricLabel(info.get(m), m));
  const cells = matrix.metrics.flatMap((_, i) => matrix.metrics.map((__, j) => ({ row: labels[i], column: labels[j], value: matrix.values[i][j] })));
  const size = Math.max(36, Math.min(72, Math.floor((width - 90) / Math.max(1, labels.length))));
  const chart = Plot.plot({
    className: PLOT_CLASS,
    width: 90 + size * labels.length + 20,
    height: 40 + size * labels.length + 10,
    marginLeft: 90,
    marginTop: 40,
    padding: 0.04,
    x: { domain: labels, axis: 'top', label: null, tickRotate: labels.length > 6 ? -30 : 0 },
    y: { domain: labels, label: null },
    color: { type: 'linear', domain: [-1, 0, 1], range: [colours.negative, colours.background, colours.positive] },
    marks: [
      Plot.cell(cells, { x: 'column', y: 'row', fill: (d: { value: Statistic }) => d.value ?? 0, title: (d: { row: string; column: string; value: Statistic }) => `${d.row} × ${d.column}: ${formatStatistic(d.value)}` }),
      Plot.text(cells, {
        x: 'column',
        y: 'row',
        text: (d: { value: Statistic }) => formatStatistic(d.value, 2),
        fill: colours.foreground,
        stroke: colours.background,
        strokeWidth: 3,
        paintOrder: 'stroke',
        fontSize: 11,
      }),
    ],
  });
  return withoutInlineStyle(chart);
}
