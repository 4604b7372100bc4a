import '../correlation/correlation.css';
import './fragments.css';
import type { FragmentRunReport } from '../../src/core/meta/gap/fragment-report';
import { fragmentTable, FragmentTableId } from '../../src/core/meta/gap/fragment-tables';
import type { FormattableTable, TableExportFormat } from '../../src/core/report/correlation-tables';
import type { TableSort } from '../compare/table-sort';
import { statusLine, STATUS_ID } from '../correlation/header';
import { modelTable, tableHeading } from '../correlation/model-table';
import { plotExportButtons } from '../correlation/plot-export';
import { el } from '../report/dom';
import { isMessageToFragmentsWebview, MessageFromFragmentsWebview, ShowFragmentsMessage } from '../shared/fragments-protocol';
import { redrawOnThemeAndResize } from '../shared/redraw';
import { reproduceSection } from '../shared/reproduce';
import { keptOnRedraw, replaceStatus } from '../shared/rerender';
import { vscodeApi } from '../shared/vscode-api';
import { fragmentsOptionsForm } from './options-form';
import { effectPlot, fragmentColours, sharePlot, swatchLegend } from './plots';

interface FragmentsViewState {
  readonly optionsOpen?: boolean;
  readonly sorts?: Readonly<Record<string, TableSort>>;
  /** The reader asked for every fragment output, not the first FIRST_OUTPUTS. */
  readonly allOutputs?: boolean;
}

/** Fragment outputs listed before "Show all". */
export const FIRST_OUTPUTS = 50;

const api = vscodeApi<MessageFromFragmentsWebview, FragmentsViewState>();
const root = document.getElementById('fragments') ?? document.body;
let current: ShowFragmentsMessage | undefined;
let renderedRevision: number | undefined;
let state: FragmentsViewState = api.getState() ?? {};

const post = (message: MessageFromFragmentsWebview): void => api.postMessage(message);

function setState(patch: Partial<FragmentsViewState>): void {
  state = { ...state, ...patch };
  api.setState(state);
}

function width(): number {
  return Math.max(320, Math.min(1100, (root.clientWidth || 960) - 8));
}

function summary(report: FragmentRunReport): HTMLElement {
  const r = report.result;
  const outputs = r.systems.length * report.items.length;
  const unterminated = r.systems.reduce((n, s) => n + s.unterminated, 0);
  const cut = r.systems.reduce((n, s) => n + s.cut, 0);
  const fragments = report.outputs.filter((o) => o.fragment).length;
  return el(
    'p',
    { class: 'summary' },
    `${report.source} · ${r.systems.length} systems × ${report.items.length} items · ${outputs} outputs: ${outputs - unterminated - cut} complete, ${unterminated} unterminated, ${cut} cut · ` +
      `${fragments} fragments (${((100 * fragments) / outputs).toFixed(1)}%) · ${r.systems.filter((s) => s.fragmentSystem).length} fragment systems at ≥ ${r.options.systemThreshold}`,
  );
}

/** One sentence on what the numbers say: where metrics and humans part ways (largest human d against the metrics'). */
function finding(report: FragmentRunReport): HTMLElement | undefined {
  const rows = report.result.outputLevel.filter((c) => c.standardized !== null);
  const humans = rows.filter((c) => c.kind === 'human');
  const metrics = rows.filter((c) => c.kind === 'metric');
  if (humans.length === 0 || metrics.length === 0) return undefined;
  const top = humans.reduce((a, b) => ((b.standardized as number) > (a.standardized as number) ? b : a));
  const range = (list: typeof rows): string => {
    const ds = list.map((c) => c.standardized as number);
    return Math.min(...ds) === Math.max(...ds) ? ds[0].toFixed(2) : `${Math.min(...ds).toFixed(2)} to ${Math.max(...ds).toFixed(2)}`;
  };
  return el('p', { class: 'finding' }, `Over all outputs, ending in a fragment costs d = ${range(humans)} with the human scores (most: ${top.measure}, ${(top.standardized as number).toFixed(2)}) and d = ${range(metrics)} with the metrics.`);
}

function notes(report: FragmentRunReport): HTMLElement | undefined {
  const items = [...report.leftOut.map((l) => `Left out ${l.system}: ${l.reason}.`), ...report.warnings, ...report.result.notes];
  const lower = report.measures.filter((m) => !m.higherIsBetter).map((m) => m.name);
  if (lower.length > 0) items.push(`Lower is better for ${lower.join(', ')}: a negative d there means fragments score worse.`);
  if (items.length === 0) return undefined;
  return el('ul', { class: 'notes', role: 'note' }, ...items.map((n) => el('li', {}, n)));
}

const exportTable = (table: FragmentTableId) => (format: TableExportFormat): void => post({ type: 'exportTable', table, format });

function tableSection(report: FragmentRunReport, id: FragmentTableId, shown?: (table: FormattableTable) => FormattableTable): HTMLElement[] {
  const full = fragmentTable(report, id);
  const model = shown ? shown(full) : full;
  const element = modelTable(model, {
    className: `fragments-${id}`,
    label: full.title,
    sort: state.sorts?.[id],
    onSort: (sort) => setState({ sorts: { ...state.sorts, [id]: sort } }),
  });
  return [tableHeading(full.title, id, exportTable(id)), element];
}

function figure(name: string, title: string, plot: SVGSVGElement | HTMLElement, legend: HTMLElement): HTMLElement {
  const fig = el('figure', { class: 'plot', 'data-plot': name });
  fig.append(plot);
  return el('section', { class: 'chart' }, el('div', { class: 'table-heading' }, el('h3', {}, title), plotExportButtons(fig, name, (n, format, data) => post({ type: 'exportPlot', name: n, format, data }))), legend, fig);
}

function outputsSection(report: FragmentRunReport): HTMLElement[] {
  const all = state.allOutputs ?? false;
  const total = report.outputs.length;
  const parts = tableSection(report, 'fragments', (table) => (all ? table : { ...table, rows: table.rows.slice(0, FIRST_OUTPUTS) }));
  if (!all && total > FIRST_OUTPUTS) {
    const more = el('vscode-button', { class: 'show-all', secondary: '' }, `Show all ${total}`);
    more.addEventListener('click', () => {
      setState({ allOutputs: true });
      render();
    });
    parts.push(el('p', { class: 'note' }, `The first ${FIRST_OUTPUTS} of ${total} outputs not ending in a complete sentence (the export writes them all). `, more));
  }
  return parts;
}

function results(report: FragmentRunReport): HTMLElement[] {
  const colours = fragmentColours();
  const r = report.result;
  const parts: HTMLElement[] = [
    el('h2', {}, 'Effect of ending in a fragment'),
    figure('fragments-effect', 'Standardized difference, complete − fragment, per measure', effectPlot(report, width(), colours), swatchLegend([['metric', colours.metric], ['human score', colours.human]], '● all outputs · ◆ within systems · ■ system means (when both classes of systems exist)')),
    ...tableSection(report, 'output-level'),
    ...tableSection(report, 'within'),
    ...tableSection(report, 'system-level'),
  ];
  if (r.systemLevel.every((c) => c.t === null)) parts.push(el('p', { class: 'note' }, 'The system-level test needs systems in both classes: lower the fragment-system threshold in the options to split them.'));
  parts.push(
    el('h2', {}, 'Endings per system'),
    figure('fragments-share', 'Share of each system’s outputs ending in a fragment', sharePlot(report, width(), colours), swatchLegend([['unterminated', colours.complete], ['cut', colours.fragment]], `solid: fragment systems (≥ ${r.options.systemThreshold}, dashed line) · faded: complete-ending systems`)),
    ...tableSection(report, 'systems'),
    el('h2', {}, 'Outputs not ending in a complete sentence'),
    ...outputsSection(report),
  );
  return parts;
}

const actions = { what: 'the truncated-sentence diagnostics', onCancel: () => post({ type: 'cancel' }), onRerun: () => current && post({ type: 'recompute', options: current.options }) };

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
    report ? finding(report) : undefined,
    statusLine(message.status, report !== undefined, actions),
    report ? notes(report) : undefined,
    keptOnRedraw(root, sameNumbers, () =>
      fragmentsOptionsForm(message.options, message.metrics, state.optionsOpen ?? false, (options) => post({ type: 'recompute', options }), (open) => setState({ optionsOpen: open })),
    ),
    ...(report ? results(report) : []),
    reproduceSection(
      { hint: 'add --json for every number at full precision, --tsv for every output not ending complete.', commandLine: message.commandLine, unsaved: message.unsaved, commandNote: message.commandNote, signature: message.report?.result.signature },
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
  if (!isMessageToFragmentsWebview(message)) return;
  current = message;
  if (message.revision !== renderedRevision) render();
  else renderStatus();
});

redrawOnThemeAndResize(() => {
  if (current) render();
});

post({ type: 'ready' });
