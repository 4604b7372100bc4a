import * as Plot from '@observablehq/plot';
import { chartColours, ChartColours } from '../correlation/charts';
import { PLOT_CLASS, withoutInlineStyle } from '../report/histogram';

/**
 * The QARLA and heterogeneity panels' plots (Observable Plot, coloured from the VS Code theme): ranked bars (KING of
 * metric sets, the QARLA estimate, AUC, OST), a dot chart of QUEENs, the JACK curve with its band, the metric
 * proximity heatmap and the HBR/ULC/human rank chart. Every mark a reader may want to read is focusable with a
 * spoken label; names from the table are drawn by Plot as SVG text (never parsed as markup).
 */

export { chartColours };
export type { ChartColours };

/** Makes the marks of one mark group focusable, each with the label of its datum (in data order). */
function focusable<T>(svg: Element, group: string, data: readonly T[], label: (d: T) => string): void {
  svg.querySelectorAll(`g[aria-label="${group}"] > *`).forEach((mark, i) => {
    const d = data[i];
    if (d === undefined) return;
    mark.setAttribute('tabindex', '0');
    mark.setAttribute('role', 'img');
    mark.setAttribute('class', 'point');
    mark.setAttribute('aria-label', label(d));
  });
}

export interface Bar {
  readonly label: string;
  readonly value: number | null;
  /** Optional second category (e.g. peer/model, metric/combination), coloured apart. */
  readonly group?: string;
}

/**
 * Horizontal bars, in the order given (best first, top to bottom), values written at their ends; `reference` draws a
 * dashed rule (0.5 = chance for estimates and AUC) and `rules` labelled ones (OST's max/rand/min).
 */
export function rankedBars(
  bars: readonly Bar[],
  options: { readonly x: string; readonly width: number; readonly colours: ChartColours; readonly domain?: [number, number]; readonly reference?: number; readonly rules?: readonly { readonly label: string; readonly value: number }[]; readonly digits?: number },
): SVGSVGElement | HTMLElement {
  const { colours } = options;
  const digits = options.digits ?? 4;
  const data = bars.filter((b): b is Bar & { value: number } => b.value !== null && Number.isFinite(b.value));
  const labels = data.map((b) => b.label);
  const longest = Math.max(4, ...labels.map((l) => l.length));
  const groups = [...new Set(data.map((b) => b.group ?? ''))];
  const fill = (b: Bar): string => (groups.length > 1 && b.group === groups[1] ? colours.selected : colours.point);
  const chart = Plot.plot({
    className: PLOT_CLASS,
    width: options.width,
    height: 36 + 22 * Math.max(1, data.length),
    marginLeft: Math.min(260, 12 + 6.5 * longest),
    marginRight: 60,
    x: { label: `${options.x} →`, grid: true, ...(options.domain && { domain: options.domain }) },
    y: { domain: labels, label: null },
    marks: [
      Plot.barX(data, { y: 'label', x: 'value', fill, title: (b: Bar & { value: number }) => `${b.label}: ${b.value.toFixed(digits)}` }),
      Plot.text(data, { y: 'label', x: 'value', text: (b: Bar & { value: number }) => b.value.toFixed(digits), dx: 4, textAnchor: 'start', fill: colours.foreground, fontSize: 10 }),
      ...(options.reference !== undefined ? [Plot.ruleX([options.reference], { stroke: colours.line, strokeDasharray: '4,3' })] : []),
      ...(options.rules ? [Plot.ruleX(options.rules, { x: 'value', stroke: colours.negative, strokeDasharray: '2,2' }), Plot.text(options.rules, { x: 'value', text: 'label', frameAnchor: 'top', dy: -2, fill: colours.negative, fontSize: 10 })] : []),
      Plot.ruleX([0], { stroke: colours.foreground }),
    ],
  });
  const svg = withoutInlineStyle(chart);
  focusable(svg, 'bar', data, (b) => `${b.label}: ${options.x} ${b.value.toFixed(digits)}`);
  return svg;
}

/** One dot per name on a 0–1 scale, best at the top; models and peers in two theme colours. */
export function queenDots(rows: readonly { readonly name: string; readonly kind: string; readonly queen: number }[], width: number, colours: ChartColours): SVGSVGElement | HTMLElement {
  const longest = Math.max(4, ...rows.map((r) => r.name.length));
  const chart = Plot.plot({
    className: PLOT_CLASS,
    width,
    height: 40 + 20 * Math.max(1, rows.length),
    marginLeft: Math.min(260, 12 + 6.5 * longest),
    marginRight: 24,
    x: { label: 'QUEEN →', domain: [0, 1], grid: true },
    y: { domain: rows.map((r) => r.name), label: null },
    color: { domain: ['peer', 'model'], range: [colours.point, colours.selected], legend: false },
    marks: [
      Plot.ruleY(rows, { y: 'name', x1: 0, x2: 'queen', stroke: colours.foreground, strokeOpacity: 0.25 }),
      Plot.dot(rows, { y: 'name', x: 'queen', r: 5, fill: 'kind', stroke: colours.background, title: (r: { name: string; kind: string; queen: number }) => `${r.name} (${r.kind}): ${r.queen.toFixed(4)}` }),
    ],
  });
  const svg = withoutInlineStyle(chart);
  focusable(svg, 'dot', rows, (r) => `${r.name}, ${r.kind}: QUEEN ${r.queen.toFixed(4)}`);
  return svg;
}

/** JACK as peers are added: the mean over the orders and the band from the smallest to the largest. */
export function jackCurveChart(points: readonly { readonly systems: number; readonly jack: number; readonly min: number; readonly max: number }[], width: number, colours: ChartColours): SVGSVGElement | HTMLElement {
  const chart = Plot.plot({
    className: PLOT_CLASS,
    width,
    height: Math.round(Math.min(320, Math.max(220, width * 0.45))),
    marginLeft: 48,
    grid: true,
    x: { label: 'peers in the test bed →', ticks: Math.min(points.length, 12) },
    y: { label: '↑ JACK', domain: [0, 1] },
    marks: [
      Plot.areaY(points, { x: 'systems', y1: 'min', y2: 'max', fill: colours.point, fillOpacity: 0.18 }),
      Plot.line(points, { x: 'systems', y: 'jack', stroke: colours.point, strokeWidth: 2 }),
      Plot.dot(points, { x: 'systems', y: 'jack', r: 3.5, fill: colours.point, title: (p: { systems: number; jack: number; min: number; max: number }) => `${p.systems} peers: JACK ${p.jack.toFixed(4)} [${p.min.toFixed(4)}, ${p.max.toFixed(4)}]` }),
    ],
  });
  const svg = withoutInlineStyle(chart);
  focusable(svg, 'dot', points, (p) => `${p.systems} peers: mean JACK ${p.jack.toFixed(4)}, from ${p.min.toFixed(4)} to ${p.max.toFixed(4)}`);
  return svg;
}

/** Metric × metric proximity (0 to 1: background to the theme's blue), values written in. */
export function proximityHeatmap(metrics: readonly string[], proximity: readonly (readonly number[])[], width: number, colours: ChartColours): SVGSVGElement | HTMLElement {
  const cells = metrics.flatMap((row, i) => metrics.map((column, j) => ({ row, column, value: proximity[i][j] })));
  const longest = Math.max(4, ...metrics.map((m) => m.length));
  const margin = Math.min(200, 12 + 6.5 * longest);
  const size = Math.max(30, Math.min(64, Math.floor((width - margin) / Math.max(1, metrics.length))));
  const chart = Plot.plot({
    className: PLOT_CLASS,
    width: margin + size * metrics.length + 20,
    height: margin * 0.6 + size * metrics.length + 10,
    marginLeft: margin,
    marginTop: margin * 0.6,
    padding: 0.04,
    x: { domain: metrics, axis: 'top', label: null, tickRotate: metrics.length > 5 ? -35 : 0 },
    y: { domain: metrics, label: null },
    color: { type: 'linear', domain: [0, 1], range: [colours.background, colours.positive] },
    marks: [
      Plot.cell(cells, { x: 'column', y: 'row', fill: 'value', title: (d: { row: string; column: string; value: number }) => `${d.row} × ${d.column}: ${d.value.toFixed(4)}` }),
      Plot.text(cells, { x: 'column', y: 'row', text: (d: { value: number }) => d.value.toFixed(2), fill: colours.foreground, stroke: colours.background, strokeWidth: 3, paintOrder: 'stroke', fontSize: 10 }),
    ],
  });
  const svg = withoutInlineStyle(chart);
  focusable(svg, 'cell', cells, (d) => `proximity of ${d.row} and ${d.column}: ${d.value.toFixed(4)}`);
  return svg;
}

export interface RankRow {
  readonly system: string;
  readonly measure: string;
  readonly rank: number;
  readonly value: number | null;
}

/**
 * Systems ranked by HBR (top to bottom), each system's rank by HBR, by ULC and by the human score side by side: a
 * point per (system, measure), the measures told apart by colour and symbol, joined per system by a faint rule.
 */
export function rankChart(rows: readonly RankRow[], order: readonly string[], width: number, colours: ChartColours): SVGSVGElement | HTMLElement {
  const measures = [...new Set(rows.map((r) => r.measure))];
  const longest = Math.max(4, ...order.map((s) => s.length));
  const palette = [colours.point, colours.selected, colours.negative, colours.line];
  const chart = Plot.plot({
    className: PLOT_CLASS,
    width,
    height: 56 + 22 * Math.max(1, order.length),
    marginLeft: Math.min(260, 12 + 6.5 * longest),
    marginRight: 24,
    x: { label: 'rank (1 = best) →', domain: [0.5, order.length + 0.5], ticks: Math.min(order.length, 15), grid: true },
    y: { domain: order, label: null },
    color: { domain: measures, range: palette.slice(0, measures.length), legend: false },
    symbol: { domain: measures, range: ['circle', 'square', 'triangle', 'diamond'].slice(0, measures.length) },
    marks: [
      Plot.ruleY(order, { x1: 1, x2: order.length, stroke: colours.foreground, strokeOpacity: 0.12 }),
      // One mark per measure, each a little above or below the system's line, so equal ranks stay visible side by side.
      ...measures.map((measure, i) =>
        Plot.dot(
          rows.filter((r) => r.measure === measure),
          { y: 'system', x: 'rank', fill: 'measure', symbol: 'measure', r: 4.5, dy: (i - (measures.length - 1) / 2) * 6, title: (r: RankRow) => `${r.system}: ${r.measure} rank ${r.rank}${r.value === null ? '' : ` (${r.value.toFixed(4)})`}` },
        ),
      ),
    ],
  });
  const svg = withoutInlineStyle(chart);
  // The marks come measure by measure: their data in that order.
  const ordered = measures.flatMap((measure) => rows.filter((r) => r.measure === measure));
  focusable(svg, 'dot', ordered, (r) => `${r.system}: rank ${r.rank} by ${r.measure}${r.value === null ? '' : `, ${r.value.toFixed(4)}`}`);
  return svg;
}

/** The colour and symbol of each measure of the rank chart (an HTML legend: Plot's own would need an inline <style>). */
export function rankLegend(measures: readonly string[], colours: ChartColours): HTMLElement {
  const palette = [colours.point, colours.selected, colours.negative, colours.line];
  const shapes = ['<circle cx="6" cy="6" r="5"/>', '<rect x="1" y="1" width="10" height="10"/>', '<path d="M6 1 L11 11 L1 11 Z"/>', '<path d="M6 0 L12 6 L6 12 L0 6 Z"/>'];
  const legend = document.createElement('p');
  legend.className = 'legend';
  measures.forEach((measure, i) => {
    const item = document.createElement('span');
    item.className = 'legend-item';
    const swatch = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    swatch.setAttribute('width', '12');
    swatch.setAttribute('height', '12');
    swatch.setAttribute('aria-hidden', 'true');
    const shape = new DOMParser().parseFromString(`<svg xmlns="http://www.w3.org/2000/svg">${shapes[i % shapes.length]}</svg>`, 'image/svg+xml').documentElement.firstElementChild;
    if (shape) {
      shape.setAttribute('fill', palette[i % palette.length]);
      swatch.append(document.importNode(shape, true));
    }
    item.append(swatch, document.createTextNode(` ${measure}`));
    legend.append(item);
  });
  return legend;
}
