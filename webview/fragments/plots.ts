import * as Plot from '@observablehq/plot';
import type { FragmentRunReport } from '../../src/core/meta/gap/fragment-report';
import { PLOT_CLASS, themeColours, withoutInlineStyle } from '../report/histogram';

export { swatchLegend } from '../conditions/curves';

/** Theme colours of the two plots: fragment systems / metrics in one colour, complete systems / human scores in another. */
export interface FragmentColours {
  readonly fragment: string;
  readonly complete: string;
  readonly metric: string;
  readonly human: string;
  readonly foreground: string;
  readonly background: string;
}

export function fragmentColours(): FragmentColours {
  const { palette, foreground } = themeColours();
  const style = getComputedStyle(document.body);
  const read = (name: string, fallback: string): string => style.getPropertyValue(name).trim() || fallback;
  return {
    fragment: read('--vscode-charts-orange', palette[1] ?? '#d18616'),
    complete: read('--vscode-charts-blue', palette[0] ?? '#3794ff'),
    metric: read('--vscode-charts-purple', palette[2] ?? '#b180d7'),
    human: read('--vscode-charts-green', palette[3] ?? '#89d185'),
    foreground,
    background: read('--vscode-editor-background', '#ffffff'),
  };
}

/** Marks every element Plot drew for a mark (in data order) focusable, with its numbers as its accessible name. */
function focusable(svg: Element, className: string, labels: readonly string[]): void {
  svg.querySelectorAll(`g.${className} > *`).forEach((node, i) => {
    if (labels[i] === undefined) return;
    node.setAttribute('tabindex', '0');
    node.setAttribute('role', 'img');
    node.setAttribute('class', 'point');
    node.setAttribute('aria-label', labels[i]);
  });
}

interface ShareBar {
  readonly system: string;
  readonly verdict: 'unterminated' | 'cut';
  readonly share: number;
  readonly fragmentSystem: boolean;
}

/**
 * Per system, the share of its outputs ending unterminated and cut (stacked bars, fragment systems drawn solid and
 * complete-ending ones faded), the class threshold as a rule. Systems sorted by their share of fragments.
 */
export function sharePlot(report: FragmentRunReport, width: number, colours: FragmentColours): SVGSVGElement | HTMLElement {
  const r = report.result;
  const items = report.items.length;
  const systems = [...r.systems].sort((a, b) => b.unterminated + b.cut - (a.unterminated + a.cut) || a.name.localeCompare(b.name));
  const bars: ShareBar[] = systems.flatMap((s) => [
    { system: s.name, verdict: 'unterminated' as const, share: s.unterminated / items, fragmentSystem: s.fragmentSystem },
    { system: s.name, verdict: 'cut' as const, share: s.cut / items, fragmentSystem: s.fragmentSystem },
  ]);
  const label = (b: ShareBar): string => `${b.system}: ${(100 * b.share).toFixed(1)}% of its outputs end ${b.verdict}${b.fragmentSystem ? ' (a fragment system)' : ''}`;
  const maxShare = Math.max(r.options.systemThreshold, ...systems.map((s) => (s.unterminated + s.cut) / items));
  const chart = Plot.plot({
    className: PLOT_CLASS,
    width,
    height: 40 + 22 * systems.length,
    marginLeft: Math.min(200, 12 + 7 * Math.max(...systems.map((s) => s.name.length))),
    marginRight: 24,
    x: { label: 'share of the system’s outputs →', domain: [0, Math.min(1, maxShare * 1.08)], grid: true, tickFormat: '.0%' },
    y: { label: null, domain: systems.map((s) => s.name) },
    color: { domain: ['unterminated', 'cut'], range: [colours.complete, colours.fragment] },
    marks: [
      Plot.barX(bars, Plot.stackX({ x: 'share', y: 'system', fill: 'verdict', fillOpacity: (b: ShareBar) => (b.fragmentSystem ? 1 : 0.55), title: label, className: 'share-bars' })),
      Plot.ruleX([r.options.systemThreshold], { stroke: colours.foreground, strokeDasharray: '4,3' }),
      Plot.ruleX([0], { stroke: colours.foreground }),
    ],
  });
  const svg = withoutInlineStyle(chart);
  svg.setAttribute('class', `${svg.getAttribute('class') ?? ''} share-plot`.trim());
  focusable(svg, 'share-bars', bars.map(label));
  return svg;
}

interface EffectPoint {
  readonly measure: string;
  readonly kind: 'metric' | 'human';
  readonly level: 'all outputs' | 'within systems' | 'system means';
  readonly d: number;
  readonly p: number | null;
}

const LEVEL_SYMBOLS: Readonly<Record<EffectPoint['level'], string>> = { 'all outputs': 'circle', 'within systems': 'diamond', 'system means': 'square' };

/** The effect points the plot draws (standardized differences that exist), metrics first then the human scores. */
export function effectPoints(report: FragmentRunReport): EffectPoint[] {
  const r = report.result;
  const points: EffectPoint[] = [];
  const add = (measure: string, kind: 'metric' | 'human', level: EffectPoint['level'], d: number | null, p: number | null): void => {
    if (d !== null) points.push({ measure, kind, level, d, p });
  };
  r.outputLevel.forEach((c) => add(c.measure, c.kind, 'all outputs', c.standardized, c.pvalue));
  r.withinSystem.forEach((w) => add(w.measure, w.kind, 'within systems', w.standardized, w.pvalue));
  r.systemLevel.forEach((c) => add(c.measure, c.kind, 'system means', c.standardized, c.pvalue));
  return points;
}

/**
 * How much worse fragment-ending outputs score, in standard deviations (d = (complete − fragment) / sd), per measure:
 * metrics and human scores side by side in two colours, one symbol per comparison (all outputs, within systems,
 * system means), zero marked. A metric that tracks the humans sits where they sit.
 */
export function effectPlot(report: FragmentRunReport, width: number, colours: FragmentColours): SVGSVGElement | HTMLElement {
  const points = effectPoints(report);
  const measures = report.measures.map((m) => m.name);
  const label = (e: EffectPoint): string => `${e.measure} (${e.kind}), ${e.level}: d ${e.d.toFixed(3)}${e.p === null ? '' : `, p ${e.p < 1e-4 ? e.p.toExponential(2) : e.p.toFixed(4)}`}`;
  const extent = Math.max(0.25, ...points.map((e) => Math.abs(e.d)));
  const chart = Plot.plot({
    className: PLOT_CLASS,
    width,
    height: 50 + 30 * measures.length,
    marginLeft: Math.min(200, 16 + 7 * Math.max(...measures.map((m) => m.length))),
    marginRight: 40,
    x: { label: 'd = (complete − fragment) / sd; right of 0: fragments score lower →', domain: [-extent * 1.1, extent * 1.1], grid: true },
    y: { label: null, domain: measures },
    color: { domain: ['metric', 'human'], range: [colours.metric, colours.human] },
    symbol: { domain: Object.keys(LEVEL_SYMBOLS), range: Object.values(LEVEL_SYMBOLS) },
    marks: [
      Plot.ruleX([0], { stroke: colours.foreground }),
      Plot.dot(points, { x: 'd', y: 'measure', fill: 'kind', symbol: 'level', r: 5, stroke: colours.background, strokeWidth: 1, title: label, className: 'effect-dots' }),
    ],
  });
  const svg = withoutInlineStyle(chart);
  svg.setAttribute('class', `${svg.getAttribute('class') ?? ''} effect-plot`.trim());
  focusable(svg, 'effect-dots', points.map(label));
  return svg;
}
