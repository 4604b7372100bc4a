import * as Plot from '@observablehq/plot';
import type { RoseSearchResult } from '../../src/core/meta/rose/rose-search';
import { fmt, pValue } from '../../src/core/meta/json-number';
import { PLOT_CLASS, themeColours, withoutInlineStyle } from '../report/histogram';
import { el } from '../report/dom';

interface Sample {
  readonly series: string;
  readonly r: number;
}

/**
 * The per-split test correlations of the winner and of the best single metric (every split with a defined r), one
 * histogram row each in the theme's chart colours, with each one's median significant r as a dashed rule: what the
 * Mann–Whitney U test below compares (the significant trials by default).
 */
export function distributionPlot(result: RoseSearchResult, width: number): HTMLElement {
  const samples = result.samples;
  if (!samples) return el('p', { class: 'note' }, 'The search kept no per-split correlations to plot.');
  const winner = `winner ${result.best.metrics.join('+')}`;
  const single = `best single ${result.bestSingle.metrics.join('+')}`;
  const same = result.comparison.u === null && result.best.metrics.join('+') === result.bestSingle.metrics.join('+');
  const data: Sample[] = [
    ...samples.best.filter((r): r is number => r !== null).map((r) => ({ series: winner, r })),
    ...(same ? [] : samples.bestSingle.filter((r): r is number => r !== null).map((r) => ({ series: single, r }))),
  ];
  const medians = [
    { series: winner, r: result.best.medianSignificant },
    ...(same ? [] : [{ series: single, r: result.bestSingle.medianSignificant }]),
  ].filter((m): m is Sample => m.r !== null);
  const { palette, foreground } = themeColours();
  const series = same ? [winner] : [winner, single];
  const chart = Plot.plot({
    className: PLOT_CLASS,
    width,
    height: 70 + 130 * series.length,
    marginLeft: 56,
    marginRight: 16,
    marginTop: 24,
    x: { label: `test correlation with ${result.target} (${result.testSize} held-out units per split) →` },
    y: { label: '↑ splits', grid: true },
    fy: { domain: series, label: null },
    color: { domain: series, range: [palette[0], palette[1]] },
    marks: [
      // fy is a channel binX groups by (Plot's types do not list it among binX's inputs).
      Plot.rectY(data, Plot.binX({ y: 'count' }, { x: 'r', fy: 'series', fill: 'series', fillOpacity: 0.8, thresholds: 40 } as Parameters<typeof Plot.binX>[1])),
      Plot.ruleX(medians, { x: 'r', fy: 'series', stroke: foreground, strokeDasharray: '4,3', strokeWidth: 1.5 }),
      Plot.text(medians, { x: 'r', fy: 'series', text: (m: Sample) => `median sig. r ${fmt(m.r)}`, frameAnchor: 'top', dy: 4, dx: -4, textAnchor: 'end', fill: foreground, fontSize: 10 }),
      Plot.ruleY([0]),
    ],
  });
  const svg = withoutInlineStyle(chart);
  svg.setAttribute('role', 'img');
  const c = result.comparison;
  const caption =
    c.u === null
      ? 'The winner is the best single metric: nothing to compare.'
      : `Mann–Whitney U ${fmt(c.u, 1)} (n ${c.n1}, ${c.n2}; ${c.method}; ${c.samples} trials), two-sided p ${pValue(c.pvalue)}${c.marked ? ` — below the paper's mark ${result.options.markThreshold}` : ''}.`;
  svg.setAttribute('aria-label', `Histograms of the test correlations over ${result.options.trials} splits. ${caption}`);
  return el('div', { class: 'plot' }, svg, el('figcaption', { class: 'mann-whitney' }, caption));
}
