import * as Plot from '@observablehq/plot';
import type { BandJson, CurvePoint, DataConditionResult } from '../../src/core/meta/conditions/data-conditions';
import { PLOT_CLASS, themeColours, withoutInlineStyle } from '../report/histogram';

/** One point of a plot: a metric (or the human score) at one size. */
export interface SizePoint {
  readonly series: string;
  readonly size: number;
  /** Seed 002's row label ('3', '11 (actual)', '11 (bootstr)'). */
  readonly label: string;
  readonly kind: CurvePoint['kind'] | 'human';
  readonly mean: number;
  readonly lower: number;
  readonly upper: number;
}

export interface CurveColours {
  readonly series: readonly string[];
  readonly foreground: string;
  readonly background: string;
}

/** The theme's chart palette (one colour per metric) and its foreground and background, resolved now. */
export function curveColours(): CurveColours {
  const { palette, foreground } = themeColours();
  const background = getComputedStyle(document.body).getPropertyValue('--vscode-editor-background').trim() || '#ffffff';
  return { series: palette, foreground, background };
}

function point(series: string, p: { size: number; label: string }, kind: SizePoint['kind'], b: BandJson | null): SizePoint | undefined {
  if (!b || b.mean === null) return undefined;
  return { series, size: p.size, label: p.label, kind, mean: b.mean, lower: b.lower ?? b.mean, upper: b.upper ?? b.mean };
}

/** Every metric's correlation per size: sampled rows (mean and band), the actual and the bootstrap row. */
export function correlationPoints(result: DataConditionResult): SizePoint[] {
  return result.metrics.flatMap((m) => m.points.flatMap((p) => point(m.metric, p, p.kind, p.correlation) ?? []));
}

/** Every metric's share of system pairs separated per size (and the human score's, on the items axis with item scores). */
export function pairPoints(result: DataConditionResult): SizePoint[] {
  const metrics = result.metrics.flatMap((m) => m.points.filter((p) => p.kind !== 'bootstrap').flatMap((p) => point(m.metric, p, p.kind, p.significantPairs) ?? []));
  const human = (result.humanPairs ?? []).flatMap((h) => point(`human: ${result.human.name}`, h, 'human', h.significantPairs) ?? []);
  return [...metrics, ...human];
}

function describe(p: SizePoint, what: string): string {
  const band = p.kind === 'actual' ? '' : `, band ${p.lower.toFixed(3)} to ${p.upper.toFixed(3)}`;
  return `${p.series} at ${p.label}: ${what} ${p.mean.toFixed(4)}${band}`;
}

/** Makes every dot of a plot a focusable, labelled point (Plot draws the dots of one mark in data order). */
function focusableDots(svg: Element, label: string, points: readonly SizePoint[], what: string): void {
  const dots = svg.querySelectorAll(`g.${label}-dots circle, g.${label}-dots path`);
  dots.forEach((dot, i) => {
    const p = points[i];
    if (!p) return;
    dot.setAttribute('tabindex', '0');
    dot.setAttribute('role', 'img');
    dot.setAttribute('class', `point ${p.kind}`);
    dot.setAttribute('data-series', p.series);
    dot.setAttribute('data-label', p.label);
    dot.setAttribute('aria-label', describe(p, what));
  });
}

/**
 * Correlation against size, one colour per metric: the percentile band of the sampled rows (area), their means (line
 * and dots), the bootstrap row (a dot with its band as a rule) and the full-data "actual" correlation (a diamond) at
 * the full size. Every dot is focusable, its numbers in its label (and title).
 */
export function curvesPlot(
  points: readonly SizePoint[],
  options: { width: number; colours: CurveColours; xLabel: string; yLabel: string; what: string; className: string; domain?: [number, number] },
): SVGSVGElement | HTMLElement {
  const { colours } = options;
  const seriesNames = [...new Set(points.map((p) => p.series))];
  const sampled = points.filter((p) => p.kind === 'sampled' || p.kind === 'human');
  const bootstrap = points.filter((p) => p.kind === 'bootstrap');
  const actual = points.filter((p) => p.kind === 'actual');
  const lineData = points.filter((p) => p.kind !== 'bootstrap');
  const title = (p: SizePoint): string => describe(p, options.what);
  const chart = Plot.plot({
    className: PLOT_CLASS,
    width: options.width,
    height: Math.round(Math.min(400, Math.max(260, options.width * 0.5))),
    marginLeft: 52,
    marginRight: 24,
    grid: true,
    x: { label: `${options.xLabel} →` },
    y: { label: `↑ ${options.yLabel}`, ...(options.domain && { domain: options.domain }) },
    color: { domain: seriesNames, range: seriesNames.map((_, i) => colours.series[i % colours.series.length]) },
    marks: [
      Plot.areaY(sampled, { x: 'size', y1: 'lower', y2: 'upper', fill: 'series', fillOpacity: 0.18, curve: 'linear' }),
      Plot.lineY(lineData, { x: 'size', y: 'mean', stroke: 'series', strokeWidth: 1.5 }),
      Plot.ruleX(bootstrap, { x: 'size', y1: 'lower', y2: 'upper', stroke: 'series', strokeWidth: 2, dx: 4 }),
      Plot.dot(sampled, { x: 'size', y: 'mean', fill: 'series', r: 3.5, stroke: colours.background, strokeWidth: 1, title, className: 'sampled-dots' }),
      Plot.dot(bootstrap, { x: 'size', y: 'mean', fill: 'series', r: 3.5, dx: 4, stroke: colours.background, strokeWidth: 1, title, className: 'bootstrap-dots' }),
      Plot.dot(actual, { x: 'size', y: 'mean', stroke: 'series', fill: colours.background, symbol: 'diamond', r: 6, strokeWidth: 2, title, className: 'actual-dots' }),
    ],
  });
  const svg = withoutInlineStyle(chart);
  svg.setAttribute('class', `${svg.getAttribute('class') ?? ''} ${options.className}`.trim());
  focusableDots(svg, 'sampled', sampled, options.what);
  focusableDots(svg, 'bootstrap', bootstrap, options.what);
  focusableDots(svg, 'actual', actual, options.what);
  return svg;
}

/**
 * The plot's legend as HTML (Plot's own legend styles itself inline, which the panel's CSP refuses): a swatch drawn
 * as a small SVG (colours as presentation attributes) and the name as text.
 */
export function curvesLegend(points: readonly SizePoint[], colours: CurveColours): HTMLElement {
  const seriesNames = [...new Set(points.map((p) => p.series))];
  return swatchLegend(
    seriesNames.map((name, i) => [name, colours.series[i % colours.series.length]]),
    'band: percentile band of the subsets · ◆ full data (actual) · offset dot with bar: bootstrap',
  );
}

/** A legend as HTML: one swatch (a small SVG, the colour as a presentation attribute) and name per entry, then `keys`. */
export function swatchLegend(entries: readonly (readonly [string, string])[], keys: string): HTMLElement {
  const list = document.createElement('ul');
  list.className = 'legend';
  for (const [name, colour] of entries) {
    const item = document.createElement('li');
    const swatch = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    swatch.setAttribute('width', '12');
    swatch.setAttribute('height', '12');
    swatch.setAttribute('aria-hidden', 'true');
    const rect = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
    rect.setAttribute('width', '12');
    rect.setAttribute('height', '12');
    rect.setAttribute('fill', colour);
    swatch.append(rect);
    const text = document.createElement('span');
    text.textContent = name;
    item.append(swatch, text);
    list.append(item);
  }
  const key = document.createElement('li');
  key.className = 'keys';
  key.textContent = keys;
  list.append(key);
  return list;
}
