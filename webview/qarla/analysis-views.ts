import '@vscode-elements/elements/dist/vscode-button/index.js';
import type { TableSort } from '../compare/table-sort';
import { sortableTable } from '../compare/sortable-table';
import { plotExportButtons } from '../correlation/plot-export';
import { el } from '../report/dom';
import { copyButton } from '../shared/reproduce';
import type { TableExportFormat } from '../../src/core/report/correlation-tables';
import { formatTableCell } from '../../src/core/report/correlation-tables';
import { AnalysisTable, analysisTableColumns } from '../../src/core/report/analysis-tables';
import type { AnalysisOutcome, MetaAnalysisResult } from '../../src/worker/meta-analysis-types';
import type { JackCurveResult, JackResult, KingResult, MetricClusteringResult, MetricSelectionResult, QarlaEstimateResult, QueenResult } from '../../src/core/meta/qarla';
import type { AucResult, HbrResult, HeterogeneityResult, OracleResult, ReliabilityResult, SignificantImprovementsResult, SubsetTableResult, UlcResult } from '../../src/core/meta/heterogeneity';
import type { ShowAnalysisMessage } from '../shared/analysis-protocol';
import { ChartColours, jackCurveChart, proximityHeatmap, queenDots, rankChart, rankedBars, RankRow, rankLegend } from './analysis-charts';

/** What a tab's views need: the message, the theme, table sorts and the way back to the extension. */
export interface ViewContext {
  readonly message: ShowAnalysisMessage;
  readonly result: MetaAnalysisResult;
  readonly width: number;
  readonly colours: ChartColours;
  sort(key: string): TableSort | undefined;
  setSort(key: string, sort: TableSort): void;
  exportTable(analysis: string, format: TableExportFormat, order: readonly number[]): void;
  exportPlot(name: string, format: 'svg' | 'png', data: string): void;
  copy(text: string): void;
}

export type Tab = readonly [label: string, view: (context: ViewContext) => HTMLElement[]];

const outcomeOf = (context: ViewContext, analysis: string): AnalysisOutcome | undefined => context.result.outcomes.find((o) => o.analysis === analysis);

/** The rows of a table element in the order shown (its model indexes). */
export function displayedOrder(table: HTMLTableElement): number[] {
  return [...table.tBodies[0].rows].map((tr) => Number(tr.dataset.row));
}

/** An analysis's main table, as the CLI's text prints it and sortable by any column (click, Enter or Space). */
function resultTable(context: ViewContext, analysis: string, table: AnalysisTable): HTMLTableElement {
  const columns = analysisTableColumns(table);
  const key = `${context.message.kind}:${analysis}`;
  return sortableTable({
    label: table.title,
    className: `analysis-table ${analysis}`,
    columns: columns.map((c, k) => ({ key: `c${k}`, label: c.label, numeric: c.kind !== 'text', initial: c.kind === 'text' || c.label === 'rank' ? 'ascending' : 'descending' })),
    rowCount: table.rows.length,
    rowAttributes: (row) => ({ 'data-row': String(row) }),
    value: (row, k) => table.rows[row][Number(k.slice(1))] ?? undefined,
    cell: (row, k) => formatTableCell(columns[Number(k.slice(1))], table.rows[row][Number(k.slice(1))]),
    sort: context.sort(key),
    onSort: (sort) => context.setSort(key, sort),
  });
}

const FORMATS: readonly [TableExportFormat, string][] = [
  ['csv', 'CSV'],
  ['latex', 'LaTeX'],
  ['markdown', 'Markdown'],
];

/** A plot in a figure with its caption and SVG/PNG export buttons. */
export function figure(context: ViewContext, name: string, caption: string, plot: Element, legend?: HTMLElement): HTMLElement {
  const element = el('figure', { class: 'plot', 'data-plot': name }, el('figcaption', {}, caption));
  if (legend) element.append(legend);
  element.append(plot, plotExportButtons(element, name, context.exportPlot));
  return element;
}

/**
 * One analysis: its heading with the table's exports, what could not be computed (the CLI's message), the plots
 * `visuals` draws from the result, the main table and notes, and the command line that prints them.
 */
function analysisSection<R>(context: ViewContext, analysis: string, heading: string, visuals?: (result: R) => (HTMLElement | undefined)[]): HTMLElement {
  const outcome = outcomeOf(context, analysis);
  const section = el('section', { class: 'analysis', 'data-analysis': analysis });
  const head = el('div', { class: 'table-heading' }, el('h2', {}, heading));
  section.append(head);
  if (!outcome) {
    section.append(el('p', { class: 'note' }, analysis === 'h' || analysis === 'ulc' || analysis === 'hbr' ? 'Not computed.' : 'Needs human scores: choose the human score column in Options.'));
    return section;
  }
  if (outcome.error !== undefined || !outcome.result || !outcome.table) {
    section.append(el('p', { class: 'analysis-error', role: 'note' }, `Could not be computed on this table: ${outcome.error ?? 'no result'}`));
    return section;
  }
  const table = outcome.table;
  const element = resultTable(context, analysis, table);
  head.append(
    el(
      'span',
      { class: 'export', 'data-table': analysis },
      el('span', { class: 'export-label' }, 'Export'),
      ...FORMATS.map(([format, label]) => {
        const button = el('button', { type: 'button', class: 'export-table', 'data-format': format, title: `Save the ${heading} table as ${label}` }, label);
        button.addEventListener('click', () => context.exportTable(analysis, format, displayedOrder(element)));
        return button;
      }),
    ),
  );
  section.append(el('p', { class: 'headline' }, table.title));
  for (const visual of visuals?.(outcome.result as unknown as R) ?? []) if (visual) section.append(visual);
  section.append(element);
  for (const note of table.notes) section.append(el('p', { class: 'note table-note' }, note));
  const command = context.message.commandLines.find((c) => c.analysis === analysis)?.commandLine;
  if (command) section.append(el('div', { class: 'command' }, el('code', {}, command), copyButton(`Copy the ${heading} command line`, 'copy-command', command, context.copy)));
  return section;
}

const setLabel = (metrics: readonly string[]): string => `{${metrics.join(', ')}}`;
/** Bars drawn at most (the table lists every set). */
const TOP_SETS = 25;

// ——— QARLA ———

function kingSearchView(context: ViewContext): HTMLElement[] {
  return [
    analysisSection<MetricSelectionResult>(context, 'search', 'KING of every metric subset', (r) => {
      const sets = r.search.sets.slice(0, TOP_SETS);
      const caption = `KING of the ${sets.length === r.search.sets.length ? '' : `${sets.length} best of the `}${r.search.sets.length} metric sets, best first${r.clustering ? ` (the best metric of each of ${r.clustering.clusters.length} clusters)` : ''}`;
      return [figure(context, 'qarla-king-search', caption, rankedBars(sets.map((s) => ({ label: setLabel(s.metrics), value: s.king })), { x: 'KING', width: context.width, colours: context.colours, domain: [0, 1] }))];
    }),
  ];
}

function queenView(context: ViewContext): HTMLElement[] {
  return [
    analysisSection<QueenResult>(context, 'queen', 'QUEEN of every peer and model', (r) => [
      figure(context, 'qarla-queen', `QUEEN under ${setLabel(r.metrics)}, mean over cases (models in the second colour)`, queenDots(r.ranking, context.width, context.colours)),
    ]),
  ];
}

function kingJackView(context: ViewContext): HTMLElement[] {
  return [
    analysisSection<KingResult>(context, 'king', 'KING of the metric set'),
    analysisSection<JackResult>(context, 'jack', 'JACK of the test bed'),
    analysisSection<JackCurveResult>(context, 'jack-curve', 'JACK as peers are added', (r) => [
      figure(context, 'qarla-jack-curve', r.order ? `JACK with the peers added in the order ${r.order.join(', ')}` : `Mean JACK over ${r.orders} random orders of the peers (seed ${r.seed}); the band spans the smallest to the largest`, jackCurveChart(r.points, context.width, context.colours)),
    ]),
  ];
}

function clustersView(context: ViewContext): HTMLElement[] {
  return [
    analysisSection<MetricClusteringResult>(context, 'clusters', 'Metric clustering by proximity', (r) => [
      figure(context, 'qarla-proximity', 'Proximity P(two metrics accept or reject together)', proximityHeatmap(r.metrics, r.proximity, context.width, context.colours)),
      el('ol', { class: 'clusters' }, ...r.clusters.map((c) => el('li', {}, el('strong', {}, c.representative), ` (KING ${c.representativeKing.toFixed(4)})`, c.members.length > 1 ? `: ${c.members.join(', ')}` : ''))),
    ]),
  ];
}

function estimateView(context: ViewContext): HTMLElement[] {
  return [
    analysisSection<QarlaEstimateResult>(context, 'estimate', 'QARLA estimate of each metric', (r) => {
      const sorted = [...r.metrics].sort((a, b) => b.estimate - a.estimate);
      return [figure(context, 'qarla-estimate', 'P(x(M, Mref) > x(A, Mref)), best first; 0.5 (dashed) is chance', rankedBars(sorted.map((m) => ({ label: m.metric, value: m.estimate })), { x: 'estimate', width: context.width, colours: context.colours, domain: [0, 1], reference: 0.5 }))];
    }),
  ];
}

export const QARLA_TABS: readonly Tab[] = [
  ['KING ranking', kingSearchView],
  ['QUEEN', queenView],
  ['KING and JACK', kingJackView],
  ['Metric clusters', clustersView],
  ['Estimate', estimateView],
];

// ——— Heterogeneity ———

/** Competition ranks ("1224") of values, larger first; null values last, unranked. */
function ranks(values: readonly (number | null)[]): (number | null)[] {
  return values.map((v) => (v === null ? null : 1 + values.filter((w) => w !== null && w > v).length));
}

function hbrView(context: ViewContext): HTMLElement[] {
  const hbr = outcomeOf(context, 'hbr')?.result as unknown as HbrResult | undefined;
  const ulc = outcomeOf(context, 'ulc')?.result as unknown as UlcResult | undefined;
  const parts: HTMLElement[] = [];
  if (hbr) {
    const order = hbr.systems.map((s) => s.system);
    const rows: RankRow[] = hbr.systems.map((s) => ({ system: s.system, measure: 'HBR', rank: s.rank, value: s.hbr }));
    if (ulc) for (const s of ulc.systems) rows.push({ system: s.system, measure: 'ULC', rank: s.rank, value: s.ulc });
    const human = context.result.humanBySystem;
    if (human) {
      const humanRanks = ranks(human.map((h) => h.human));
      human.forEach((h, i) => {
        const rank = humanRanks[i];
        if (rank !== null) rows.push({ system: h.system, measure: 'human', rank, value: h.human });
      });
    }
    const measures = [...new Set(rows.map((r) => r.measure))];
    parts.push(
      figure(
        context,
        'heterogeneity-hbr-ranks',
        `Systems ranked by HBR (top = best), with their rank by ULC${human ? ' and by the mean human score' : ''}`,
        rankChart(rows, order, context.width, context.colours),
        rankLegend(measures, context.colours),
      ),
    );
  }
  parts.push(analysisSection<HbrResult>(context, 'hbr', 'HBR: heterogeneity-based ranking'), analysisSection<UlcResult>(context, 'ulc', 'ULC: uniform linear combination'));
  return parts;
}

function heterogeneityView(context: ViewContext): HTMLElement[] {
  return [analysisSection<HeterogeneityResult>(context, 'h', 'Heterogeneity H(X)'), analysisSection<ReliabilityResult>(context, 'reliability', 'Reliability and sensitivity')];
}

function subsetsView(context: ViewContext): HTMLElement[] {
  return [
    analysisSection<SubsetTableResult>(context, 'subsets', 'H, R and S of every metric subset', (r) => {
      const best = [...r.subsets].filter((s) => s.reliability !== null).sort((a, b) => (b.reliability ?? 0) - (a.reliability ?? 0)).slice(0, TOP_SETS);
      return [figure(context, 'heterogeneity-subsets', `Reliability R(X) of the ${best.length === r.subsets.length ? '' : `${best.length} most reliable of the `}${r.subsets.length} subsets`, rankedBars(best.map((s) => ({ label: setLabel(s.metrics), value: s.reliability })), { x: 'reliability', width: context.width, colours: context.colours, domain: [0, 1] }))];
    }),
  ];
}

function sipView(context: ViewContext): HTMLElement[] {
  return [
    analysisSection<SignificantImprovementsResult>(context, 'sip', 'SIP/SIR: significant improvements', (r) => [
      figure(context, 'heterogeneity-sip', 'SIP (precision) of each measure\'s significant improvements against the humans\'', rankedBars([...r.measures].sort((a, b) => (b.sip ?? -1) - (a.sip ?? -1)).map((m) => ({ label: m.measure, value: m.sip })), { x: 'SIP', width: context.width, colours: context.colours, domain: [0, 1] })),
      figure(context, 'heterogeneity-sir', 'SIR (recall)', rankedBars([...r.measures].sort((a, b) => (b.sir ?? -1) - (a.sir ?? -1)).map((m) => ({ label: m.measure, value: m.sir })), { x: 'SIR', width: context.width, colours: context.colours, domain: [0, 1] })),
    ]),
  ];
}

function ostView(context: ViewContext): HTMLElement[] {
  return [
    analysisSection<OracleResult>(context, 'ost', 'Oracle System Test', (r) => [
      figure(
        context,
        'heterogeneity-ost',
        'Mean human score of the output each measure picks per segment, against the oracle (max), a random pick (rand) and the worst (min)',
        rankedBars([...r.measures].sort((a, b) => (b.ost ?? -Infinity) - (a.ost ?? -Infinity)).map((m) => ({ label: m.measure, value: m.ost })), {
          x: 'OST',
          width: context.width,
          colours: context.colours,
          rules: [
            { label: 'max', value: r.maxOst },
            { label: 'rand', value: r.randOst },
            { label: 'min', value: r.minOst },
          ].filter((x) => x.value !== null && Number.isFinite(x.value)) as { label: string; value: number }[],
        }),
      ),
    ]),
  ];
}

function aucView(context: ViewContext): HTMLElement[] {
  return [
    analysisSection<AucResult>(context, 'auc', 'AUC against human preferences', (r) => [
      figure(context, 'heterogeneity-auc', 'AUC of each measure (ties ½), best first; 0.5 (dashed) is chance', rankedBars([...r.measures].sort((a, b) => (b.auc ?? -1) - (a.auc ?? -1)).map((m) => ({ label: m.measure, value: m.auc })), { x: 'AUC', width: context.width, colours: context.colours, domain: [0, 1], reference: 0.5 })),
    ]),
  ];
}

export const HETEROGENEITY_TABS: readonly Tab[] = [
  ['HBR ranks', hbrView],
  ['H, R and S', heterogeneityView],
  ['Subsets', subsetsView],
  ['SIP/SIR', sipView],
  ['Oracle System Test', ostView],
  ['AUC', aucView],
];
