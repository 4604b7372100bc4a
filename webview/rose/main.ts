import '../correlation/correlation.css';
import './rose.css';
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-checkbox/index.js';
import '@vscode-elements/elements/dist/vscode-collapsible/index.js';
import '@vscode-elements/elements/dist/vscode-option/index.js';
import '@vscode-elements/elements/dist/vscode-single-select/index.js';
import '@vscode-elements/elements/dist/vscode-textfield/index.js';
import { roseHeadline, roseModelLines, roseModelTable, roseSubsetsTable, roseWinnerLines } from '../../src/core/meta/rose/rose-tables';
import type { TableSort } from '../compare/table-sort';
import { plotExportButtons } from '../correlation/plot-export';
import { el } from '../report/dom';
import { redrawOnThemeAndResize } from '../shared/redraw';
import { isShowRoseMessage, MessageFromRoseWebview, ShowRoseMessage } from '../shared/rose-protocol';
import { vscodeApi } from '../shared/vscode-api';
import { roseOptionsForm } from './rose-options';
import { distributionPlot } from './rose-plot';
import { cliLines, cliTable, displayedOrder, reproduceSection, STATUS_ID, statusLine, tableHeading } from './table-view';
import { keptOnRedraw, replaceStatus } from '../shared/rerender';

interface RoseViewState {
  readonly sort?: TableSort;
  readonly optionsOpen?: boolean;
}

const api = vscodeApi<MessageFromRoseWebview, RoseViewState>();
const root = document.getElementById('rose') ?? document.body;
let current: ShowRoseMessage | undefined;
let renderedRevision: number | undefined;
let state: RoseViewState = api.getState() ?? {};
const post = (message: MessageFromRoseWebview): void => api.postMessage(message);

function setState(patch: Partial<RoseViewState>): void {
  state = { ...state, ...patch };
  api.setState(state);
}

const rerun = (): void => {
  if (current) post({ type: 'recompute', options: current.options });
};
const status = (message: ShowRoseMessage): HTMLElement =>
  statusLine(message.status, message.result !== undefined, 'Train/test splits', { onCancel: () => post({ type: 'cancel' }), onRerun: rerun });

function winnerSection(message: ShowRoseMessage): HTMLElement[] {
  const result = message.result;
  if (!result) return [];
  const save = el('vscode-button', { class: 'save-model', title: message.manifest ? `Add it to ${message.manifest} ("roseModels")` : 'No understudy.json in this workspace: save it as a model file' }, 'Save as workspace metric');
  save.addEventListener('click', () => post({ type: 'saveModel' }));
  const saveFile = el('vscode-button', { class: 'save-model-file', secondary: '', title: 'The JSON model `understudy rose --save` writes' }, 'Save model file…');
  saveFile.addEventListener('click', () => post({ type: 'saveModelFile' }));
  const modelTable = roseModelTable(result.model);
  const figure = el('figure', { class: 'distribution' }, distributionPlot(result, Math.max(320, Math.min(900, (root.clientWidth || 900) - 8))));
  return [
    el('h2', {}, 'Winner'),
    cliLines(roseWinnerLines(result), 'winner'),
    cliLines(roseModelLines(result), 'model-lines'),
    el(
      'div',
      { class: 'save-actions' },
      save,
      saveFile,
      el('span', { class: 'note' }, message.manifest ? `Saved under "roseModels" in ${message.manifest}; Show Correlations then computes "${result.model.name}" wherever ${result.model.metrics.join(', ')} can be scored.` : 'No understudy.json in this workspace: save the model as a file and apply it with `understudy rose --apply`.'),
    ),
    tableHeading('Weights', 'model', (format) => post({ type: 'exportTable', table: 'model', format })),
    cliTable(modelTable, 'rose-model', undefined, () => undefined),
    el('div', { class: 'table-heading' }, el('h3', {}, 'Test correlations of the winner and the best single metric'), plotExportButtons(figure, `rose-${result.model.name}-test-correlations`, (name, format, data) => post({ type: 'exportPlot', name, format, data }))),
    figure,
  ];
}

function subsetsSection(message: ShowRoseMessage): HTMLElement[] {
  const result = message.result;
  if (!result) return [];
  const table = roseSubsetsTable(result);
  const best = result.subsets.indexOf(result.subsets.find((s) => s.metrics.join('+') === result.best.metrics.join('+')) ?? result.subsets[0]);
  const element = cliTable(table, 'rose-subsets', state.sort, (sort) => setState({ sort }), (row) => (row === best ? 'winner' : undefined));
  return [
    tableHeading(`Subsets (${result.subsets.length}), ranked by the median significant test r`, 'subsets', (format) => post({ type: 'exportTable', table: 'subsets', format, order: displayedOrder(element) })),
    el('p', { class: 'note' }, 'Column names as `understudy rose --tsv` writes them. Click a header (or Enter on it) to sort; arrow keys move between headers.'),
    element,
  ];
}

function render(): void {
  const message = current;
  if (!message) return;
  const sameNumbers = message.revision === renderedRevision;
  renderedRevision = message.revision;
  const focusKey = document.activeElement instanceof HTMLElement ? document.activeElement.getAttribute('data-key') ?? undefined : undefined;
  const scroll = window.scrollY;
  const result = message.result;
  const parts: (HTMLElement | undefined)[] = [
    el('h1', {}, message.title),
    result ? el('p', { class: 'summary' }, roseHeadline(result)) : el('p', { class: 'summary' }, `Table ${message.table}`),
    status(message),
    message.warnings.length > 0 ? el('div', { class: 'warnings', role: 'note' }, ...message.warnings.map((w) => el('p', {}, w))) : undefined,
    keptOnRedraw(root, sameNumbers, () =>
      roseOptionsForm(message, state.optionsOpen ?? false, (options) => post({ type: 'recompute', options }), (open) => setState({ optionsOpen: open })),
    ),
    ...winnerSection(message),
    ...subsetsSection(message),
    result && result.notes.length > 0 ? el('ul', { class: 'notes' }, ...result.notes.map((n) => el('li', {}, `note: ${n}`))) : undefined,
    reproduceSection(message.commandLine, message.unsaved, result?.signature, (text) => post({ type: 'copy', text })),
  ];
  root.replaceChildren(...parts.filter((p): p is HTMLElement => p !== undefined));
  if (focusKey) root.querySelector<HTMLElement>(`th[data-key="${CSS.escape(focusKey)}"]`)?.focus({ preventScroll: true });
  window.scrollTo(0, scroll);
}

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  if (!isShowRoseMessage(event.data)) return;
  current = event.data;
  if (current.revision !== renderedRevision) render();
  else {
    const shown = current;
    replaceStatus(STATUS_ID, () => status(shown));
  }
});

redrawOnThemeAndResize(() => {
  if (current) render();
});

post({ type: 'ready' });
