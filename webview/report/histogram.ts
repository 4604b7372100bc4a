import * as Plot from '@observablehq/plot';
import type { JsonReport } from '../../src/core/report/report-json';
import { el } from './dom';
import { histogramBars, segmentMetrics } from './histogram-bins';

/** Class given to every Plot svg; report.css carries the rules Plot would otherwise put in an inline <style>. */
export const PLOT_CLASS = 'understudy-plot';

const CHART_VARIABLES: readonly [string, string][] = [
  ['--vscode-charts-blue', '#3794ff'],
  ['--vscode-charts-orange', '#d18616'],
  ['--vscode-charts-green', '#89d185'],
  ['--vscode-charts-purple', '#b180d7'],
  ['--vscode-charts-red', '#f14c4c'],
  ['--vscode-charts-yellow', '#cca700'],
];

/** The theme's chart colours, resolved now (the histogram is redrawn when the theme changes). */
export function themeColours(): { palette: string[]; foreground: string } {
  const style = getComputedStyle(document.body);
  const read = (name: string, fallback: string): string => style.getPropertyValue(name).trim() || fallback;
  return {
    palette: CHART_VARIABLES.map(([name, fallback]) => read(name, fallback)),
    foreground: read('--vscode-foreground', '#cccccc'),
  };
}

/**
 * Plot appends a <style> element to its svg, which the webview's CSP (no 'unsafe-inline') would refuse once the
 * svg is in the document; it is removed while the svg is still detached. Its rules live in report.css.
 */
export function withoutInlineStyle<T extends Element>(node: T): T {
  for (const style of node.querySelectorAll('style')) style.remove();
  return node;
}

/** One histogram of sentence-level scores for one metric, a row per system (Plot facets, labelled with the file). */
function metricHistogram(report: JsonReport, metric: string, width: number): HTMLElement {
  const bars = histogramBars(report, metric);
  const systems = [...new Set(bars.map((b) => b.system))];
  const { palette, foreground } = themeColours();
  const chart = Plot.plot({
    className: PLOT_CLASS,
    width,
    height: 40 + 90 * systems.length,
    marginLeft: 50,
    marginRight: 160,
    x: { label: `${metric} (sentence level)` },
    y: { label: 'segments', grid: true },
    fy: { label: null, domain: systems },
    color: { domain: systems, range: palette },
    marks: [
      Plot.rectY(bars, {
        x1: 'x1',
        x2: 'x2',
        y: 'count',
        fy: 'system',
        fill: 'system',
        inset: 0.5,
        title: (bar: { system: string; x1: number; x2: number; count: number }) =>
          `${bar.system}\n${bar.count} segment${bar.count === 1 ? '' : 's'} in [${bar.x1.toFixed(2)}, ${bar.x2.toFixed(2)})`,
      }),
      Plot.ruleY([0], { stroke: foreground }),
    ],
  });
  return el('figure', { class: 'histogram', 'data-metric': metric }, el('figcaption', {}, metric), withoutInlineStyle(chart));
}

/** Histograms of sentence-level scores, one per metric, when the report has segment scores. */
export function histograms(report: JsonReport, width: number): HTMLElement | undefined {
  const metrics = segmentMetrics(report);
  if (metrics.length === 0) return undefined;
  return el(
    'section',
    { class: 'histograms-section' },
    el('h2', {}, 'Sentence-level scores'),
    ...metrics.map((metric) => metricHistogram(report, metric, width)),
  );
}
