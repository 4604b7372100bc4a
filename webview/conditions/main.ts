import '../correlation/correlation.css';
import './conditions.css';
import type { ConditionTableId } from '../../src/core/meta/conditions/condition-tables';
import { conditionTable, formatConditionCell } from '../../src/core/meta/conditions/condition-tables';
import type { ConditionRunReport } from '../../src/core/meta/conditions/condition-run';
import type { TableExportFormat } from '../../src/core/report/correlation-tables';
import type { TableSort } from '../compare/table-sort';
import { statusLine, STATUS_ID } from '../correlation/header';
import { modelTable, tableHeading } from '../correlation/model-table';
import { plotExportButtons } from '../correlation/plot-export';
import { el } from '../report/dom';
import { isMessageToConditionsWebview, MessageFromConditionsWebview, ShowConditionsMessage } from '../shared/conditions-protocol';
import { redrawOnThemeAndResize } from '../shared/redraw';
import { reproduceSection } from '../shared/reproduce';
import { vscodeApi } from '../shared/vscode-api';
import { correlationPoints, curveColours, curvesLegend, curvesPlot, pairPoints } from './curves';
import { conditionsOptionsForm } from './options-form';
import { keptOnRedraw, replaceStatus } from '../shared/rerender';

interface ConditionsViewState {
  readonly optionsOpen?: boolean;
  readonly sorts?: Readonly<Record<string, TableSort>>;
}

const api = vscodeApi<MessageFromConditionsWebview, ConditionsViewState>();
const root = document.getElementById('conditions') ?? document.body;
let current: ShowConditionsMessage | undefined;
let renderedRevision: number | undefined;
let state: ConditionsViewState = api.getState() ?? {};

const post = (message: MessageFromConditionsWebview): void => api.postMessage(message);

function setState(patch: Partial<ConditionsViewState>): void {
  state = { ...state, ...patch };
  api.setState(state);
}

function width(): number {
  return Math.max(320, Math.min(1200, (root.clientWidth || 960) - 8));
}

function summary(report: ConditionRunReport): HTMLElement {
  const r = report.result;
  const what = r.axis === 'references' ? `${r.references} references per item shrink to ${r.options.sizes.join(', ') || '–'}` : `${r.items} items shrink to ${r.options.sizes.join(', ') || '–'}`;
  return el('p', { class: 'summary' }, `${r.systems.length} systems · ${r.items} items · ${what} · ${r.options.repetitions} random subsets per size, seed ${r.options.seed} · ${r.options.correlation} correlation with ${report.human.label} (${report.human.level} level${r.human.target === 'same-items' ? ', over the same items' : ''}) · systems: ${r.systems.join(', ')}`);
}

function notes(report: ConditionRunReport): HTMLElement | undefined {
  const items = [
    ...report.leftOut.map((l) => `Left out ${l.system}: ${l.reason}.`),
    ...report.warnings,
    ...report.result.notes,
  ];
  if (items.length === 0) return undefined;
  return el('ul', { class: 'notes', role: 'note' }, ...items.map((n) => el('li', {}, n)));
}

function exportTable(table: ConditionTableId, metric: string | undefined): (format: TableExportFormat) => void {
  return (format) => post({ type: 'exportTable', table, format, ...(metric !== undefined && { metric }) });
}

/** One table of the result drawn as the CLI prints it (sortable by its headers, keyboard too). */
function tableSection(report: ConditionRunReport, table: ConditionTableId, metric?: string): HTMLElement[] {
  const model = conditionTable(report.result, { table, metric });
  if (!model) return [];
  const key = `${table}:${metric ?? ''}`;
  const element = modelTable(model, {
    className: `conditions-${table}`,
    label: model.title,
    sort: state.sorts?.[key],
    onSort: (sort) => setState({ sorts: { ...state.sorts, [key]: sort } }),
    cell: (row, column) => formatConditionCell(model.columns[column], model.rows[row][column]),
  });
  if (metric !== undefined) element.dataset.metric = metric;
  return [tableHeading(model.title, table, exportTable(table, metric)), element];
}

function figure(name: string, title: string, plot: SVGSVGElement | HTMLElement, legend: HTMLElement): HTMLElement {
  const fig = el('figure', { class: 'plot', 'data-plot': name });
  fig.append(plot);
  return el('section', { class: 'chart' }, el('div', { class: 'table-heading' }, el('h3', {}, title), plotExportButtons(fig, name, (n, format, data) => post({ type: 'exportPlot', name: n, format, data }))), legend, fig);
}

function results(report: ConditionRunReport): HTMLElement[] {
  const r = report.result;
  const colours = curveColours();
  const xLabel = r.axis === 'references' ? 'references per item' : 'items';
  const correlations = correlationPoints(r);
  const parts: HTMLElement[] = [
    el('h2', {}, 'Correlation by size'),
    figure('conditions-correlation', `${r.options.correlation} correlation with ${r.human.name}`, curvesPlot(correlations, { width: width(), colours, xLabel, yLabel: `${r.options.correlation} with ${r.human.name}`, what: 'mean correlation', className: 'curves' }), curvesLegend(correlations, colours)),
  ];
  const pairs = pairPoints(r);
  if (pairs.length > 0) {
    parts.push(figure('conditions-pairs', 'Share of system pairs still separated', curvesPlot(pairs, { width: width(), colours, xLabel, yLabel: 'share of system pairs separated', what: 'share separated', className: 'pairs', domain: [0, 1] }), curvesLegend(pairs, colours)));
  }
  parts.push(el('h2', {}, 'Tables'));
  for (const m of r.metrics) {
    parts.push(el('section', { class: 'metric', 'data-metric': m.metric }, ...tableSection(report, 'curve', m.metric), el('p', { class: 'note' }, `ANOVA across sizes: F ${m.anova.f === null ? '-' : m.anova.f.toFixed(2)} (${m.anova.dfBetween}, ${m.anova.dfWithin}), p ${formatConditionCell({ label: 'p', kind: 'p' }, m.anova.pvalue)}${m.referenceMode ? ` · reference subsets ${m.referenceMode}` : ''}`)));
  }
  parts.push(...tableSection(report, 'anova'));
  if (r.metrics.length > 1) parts.push(...tableSection(report, 'rows'));
  parts.push(...tableSection(report, 'pairs'), ...tableSection(report, 'human-pairs'));
  return parts;
}

const actions = { what: 'the data conditions', onCancel: () => post({ type: 'cancel' }), onRerun: () => current && post({ type: 'recompute', options: current.options }) };

function render(): void {
  const message = current;
  if (!message) return;
  const sameNumbers = message.revision === renderedRevision;
  renderedRevision = message.revision;
  const scroll = window.scrollY;
  const report = message.report;
  const parts: (HTMLElement | undefined)[] = [
    el('h1', {}, message.title),
    report ? summary(report) : undefined,
    statusLine(message.status, report !== undefined, actions),
    report ? notes(report) : undefined,
    keptOnRedraw(root, sameNumbers, () =>
      conditionsOptionsForm(message.options, message.metrics, state.optionsOpen ?? false, (options) => post({ type: 'recompute', options }), (open) => setState({ optionsOpen: open })),
    ),
    ...(report ? results(report) : []),
    reproduceSection(
      { hint: 'add --json for every number at full precision, --tsv for one row per metric and size.', commandLine: message.commandLine, unsaved: message.unsaved, commandNote: message.commandNote, signature: message.report?.result.signature },
      (text) => post({ type: 'copy', text }),
    ),
  ];
  root.replaceChildren(...parts.filter((p): p is HTMLElement => p !== undefined));
  window.scrollTo(0, scroll);
}

function renderStatus(): void {
  const message = current;
  if (message) replaceStatus(STATUS_ID, () => statusLine(message.status, message.report !== undefined, actions));
}

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  const message = event.data;
  if (!isMessageToConditionsWebview(message)) return;
  current = message;
  if (message.revision !== renderedRevision) render();
  else renderStatus();
});

redrawOnThemeAndResize(() => {
  if (current) render();
});

post({ type: 'ready' });
