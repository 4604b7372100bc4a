import * as Plot from '@observablehq/plot';
import type { ComparisonReport } from '../../src/core/compare/comparison-report';
import type { DifferenceFilter } from '../../src/core/compare/line-deltas';
import { describeSettings, formatDelta, formatInterval, formatMetricValue, formatPValue } from '../../src/core/compare/format-comparison';
import { describeMetric } from '../../src/core/engine/metric-descriptions';
import { directionMark, sentenceDeltaText } from '../../src/core/compare/delta-label';
import type { DifferenceEntry, ShowSummaryMessage } from '../shared/compare-protocol';
import { el } from '../report/dom';
import { systemLabels } from '../report/system-names';
import { PLOT_CLASS, themeColours, withoutInlineStyle } from '../report/histogram';
import { commandLineBlock, markedText, signatureList, statusLine } from './common';
import { arrowKeysBetween } from '../shared/list-keyboard';

export interface SummaryActions {
  readonly onRevealLine: (line: number) => void;
  readonly onRankBy: (metric: string, filter: DifferenceFilter) => void;
  readonly onCancel: () => void;
  readonly onRerun: () => void;
  readonly onCopy: (text: string) => void;
}

/** A p-value cell: four decimals as sacreBLEU prints them, marked when below the level. */
function pCell(outcome: { pValue: number; significant: boolean } | undefined): HTMLElement {
  const td = el('td', { class: outcome?.significant ? 'numeric significant' : 'numeric' }, formatPValue(outcome?.pValue));
  if (outcome?.significant) td.append(el('span', { class: 'mark', title: 'significant at α = 0.05' }, '*'));
  return td;
}

/** Corpus scores of A and B with the difference, its bootstrap interval, both p-values and the line counts. */
function summaryTable(report: ComparisonReport): HTMLElement {
  const header = ['Metric', 'A', 'B', 'B − A', '95% CI of B − A', 'p (paired bootstrap)', 'p (approx. randomization)', 'B better', 'B worse', 'equal'];
  const rows = report.metrics.map((metric) => {
    const pair = metric.pairs[0];
    const sign = pair.delta === 0 || Number.isNaN(pair.delta) ? 0 : (metric.higherIsBetter ? 1 : -1) * Math.sign(pair.delta);
    return el(
      'tr',
      { 'data-metric': metric.metric },
      el('th', { scope: 'row', title: metric.higherIsBetter ? 'higher is better' : 'lower is better' }, `${metric.label} ${metric.higherIsBetter ? '↑' : '↓'}`),
      el('td', { class: 'numeric' }, formatMetricValue(metric.scores[0], metric.metric)),
      el('td', { class: 'numeric' }, formatMetricValue(metric.scores[1], metric.metric)),
      el('td', { class: `numeric delta ${sign > 0 ? 'better' : sign < 0 ? 'worse' : ''}` }, formatDelta(pair.delta, metric.metric)),
      el('td', { class: 'numeric' }, formatInterval(pair.bootstrap?.deltaLower, pair.bootstrap?.deltaUpper, metric.metric)),
      pCell(pair.bootstrap),
      pCell(pair.randomization),
      el('td', { class: 'numeric' }, String(pair.lines.better)),
      el('td', { class: 'numeric' }, String(pair.lines.worse)),
      el('td', { class: 'numeric' }, String(pair.lines.equal)),
    );
  });
  return el(
    'table',
    { class: 'summary', 'aria-label': 'Corpus scores and significance' },
    el('thead', {}, el('tr', {}, ...header.map((h) => el('th', { scope: 'col' }, h)))),
    el('tbody', {}, ...rows),
  );
}

/** One-sentence reading of the first metric, e.g. "On BLEU, B is 0.60 lower than A: not significant at α = 0.05." */
function verdict(report: ComparisonReport): HTMLElement {
  const metric = report.metrics[0];
  const pair = metric.pairs[0];
  const significant = (pair.bootstrap?.significant ?? true) && (pair.randomization?.significant ?? true);
  const either = pair.bootstrap?.significant || pair.randomization?.significant;
  const direction = pair.delta === 0 ? 'the same as' : pair.delta > 0 ? 'higher than' : 'lower than';
  const size = pair.delta === 0 ? '' : `${formatMetricValue(Math.abs(pair.delta), metric.metric)} `;
  const judgement = significant ? 'significant in both tests' : either ? 'significant in one test only' : 'not significant';
  return el('p', { class: `verdict ${significant ? 'significant' : ''}` }, `On ${metric.label}, B is ${size}${direction} A: ${judgement} at α = ${report.settings.alpha}.`);
}

function deltaHistogram(message: ShowSummaryMessage, width: number): HTMLElement | undefined {
  const values = (message.deltas[message.rankBy] ?? []).filter((d): d is number => d !== null);
  if (values.length === 0) return undefined;
  const { palette, foreground } = themeColours();
  const label = describeMetric(message.rankBy).label;
  const chart = Plot.plot({
    className: PLOT_CLASS,
    width,
    height: 160,
    marginLeft: 50,
    x: { label: `B − A, ${label} per line` },
    y: { label: 'lines', grid: true },
    marks: [
      Plot.rectY(values, Plot.binX<Plot.RectYOptions>({ y: 'count' }, { x: (d: number) => d, fill: palette[0], inset: 0.5, thresholds: 40 })),
      Plot.ruleX([0], { stroke: foreground }),
      Plot.ruleY([0], { stroke: foreground }),
    ],
  });
  return el('figure', { class: 'histogram', 'data-metric': message.rankBy }, el('figcaption', {}, `Per-line differences (${label})`), withoutInlineStyle(chart));
}

function differenceItem(entry: DifferenceEntry, message: ShowSummaryMessage, actions: SummaryActions): HTMLElement {
  const button = el('button', { type: 'button', class: 'line-link', 'data-line': String(entry.line), title: 'Show this line in both editors' }, `Line ${entry.line + 1}`);
  button.addEventListener('click', () => actions.onRevealLine(entry.line));
  const deltas = message.metrics.map((metric) => {
    const delta = entry.deltas[metric];
    const description = describeMetric(metric);
    const better = delta !== undefined && !Number.isNaN(delta) && delta !== 0 && (delta > 0) === description.higherIsBetter;
    const worse = delta !== undefined && !Number.isNaN(delta) && delta !== 0 && !better;
    return el('span', { class: `delta ${better ? 'better' : worse ? 'worse' : ''}` }, `${description.label} ${delta === undefined ? '–' : sentenceDeltaText(delta, metric)} ${delta === undefined || Number.isNaN(delta) ? '' : directionMark(delta, metric)}`.trimEnd());
  });
  return el(
    'li',
    { 'data-line': String(entry.line) },
    el('div', { class: 'difference-head' }, button, ...deltas),
    el('div', { class: 'pair' }, el('span', { class: 'side' }, 'A'), markedText(entry.textA, entry.removed, 'del'), el('span', { class: 'side' }, 'B'), markedText(entry.textB, entry.added, 'ins')),
  );
}

function rankingControls(message: ShowSummaryMessage, actions: SummaryActions): HTMLElement {
  const metric = el('select', { class: 'rank-metric', 'aria-label': 'Rank by metric' }, ...message.metrics.map((m) => el('option', { value: m }, describeMetric(m).label)));
  metric.value = message.rankBy;
  const filters: [DifferenceFilter, string][] = [['all', 'either way'], ['better', 'where B is better'], ['worse', 'where B is worse']];
  const filter = el('select', { class: 'rank-filter', 'aria-label': 'Which differences' }, ...filters.map(([value, label]) => el('option', { value }, label)));
  filter.value = message.filter;
  const changed = (): void => actions.onRankBy(metric.value, filter.value as DifferenceFilter);
  metric.addEventListener('change', changed);
  filter.addEventListener('change', changed);
  return el('div', { class: 'ranking' }, el('label', {}, 'Largest differences by ', metric), ' ', filter);
}

/** The two-system comparison summary. */
export function renderSummary(message: ShowSummaryMessage, width: number, actions: SummaryActions): HTMLElement[] {
  const [nameA, nameB] = message.names;
  const [labelA, labelB] = systemLabels(message.names);
  const parts: (HTMLElement | undefined)[] = [
    el('h1', { title: message.title }, `${labelA} ↔ ${labelB}`),
    el('p', { class: 'systems' }, el('span', { class: 'side' }, 'A'), ` ${nameA} (baseline)  `, el('span', { class: 'side' }, 'B'), ` ${nameB}`),
    statusLine(message.status, message.stale, actions),
  ];
  const { report } = message;
  if (report) {
    parts.push(verdict(report), summaryTable(report), el('p', { class: 'settings' }, `${report.segments} segments · ${describeSettings(report)} · * p < ${report.settings.alpha}`));
  }
  parts.push(deltaHistogram(message, width));
  const list = el('ol', { class: 'differences', 'aria-label': 'Largest differences' }, ...message.differences.map((entry) => differenceItem(entry, message, actions)));
  arrowKeysBetween(list, 'button.line-link');
  parts.push(
    el(
      'section',
      { class: 'differences-section' },
      el('h2', {}, 'Lines'),
      rankingControls(message, actions),
      el('p', { class: 'note' }, message.rankedCount === 0 ? 'No line differs on this metric.' : `${message.rankedCount} lines differ; the first ${message.differences.length} are listed. F7 / Shift+F7 in the editors walk through all of them.`),
      list,
    ),
  );
  if (report) parts.push(el('section', {}, el('h2', {}, 'Signatures'), signatureList(report, actions.onCopy)));
  parts.push(commandLineBlock(message.commandLine, message.unsaved, actions.onCopy));
  return parts.filter((p): p is HTMLElement => p !== undefined);
}
