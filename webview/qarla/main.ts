import '../correlation/correlation.css';
import './qarla.css';
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-tab-header/index.js';
import '@vscode-elements/elements/dist/vscode-tab-panel/index.js';
import '@vscode-elements/elements/dist/vscode-tabs/index.js';
import type { TableSort } from '../compare/table-sort';
import { el } from '../report/dom';
import { copyButton } from '../shared/reproduce';
import { AnalysisStatus, isMessageToAnalysisWebview, MessageFromAnalysisWebview, ShowAnalysisMessage } from '../shared/analysis-protocol';
import { redrawOnThemeAndResize } from '../shared/redraw';
import { vscodeApi } from '../shared/vscode-api';
import { chartColours } from './analysis-charts';
import { conventionsLine, optionsForm } from './analysis-options';
import { HETEROGENEITY_TABS, QARLA_TABS, Tab, ViewContext } from './analysis-views';
import { keptOnRedraw, replaceStatus } from '../shared/rerender';

/** What the panel remembers across re-renders and reloads (VS Code keeps it while the panel is hidden). */
interface AnalysisViewState {
  readonly tab?: number;
  readonly sorts?: Readonly<Record<string, TableSort>>;
  readonly optionsOpen?: boolean;
}

const STATUS_ID = 'analysis-status';
const api = vscodeApi<MessageFromAnalysisWebview, AnalysisViewState>();
const root = document.getElementById('analysis') ?? document.body;
let current: ShowAnalysisMessage | undefined;
let renderedRevision: number | undefined;
let state: AnalysisViewState = api.getState() ?? {};
let panels: HTMLElement[] = [];

const post = (message: MessageFromAnalysisWebview): void => api.postMessage(message);

function setState(patch: Partial<AnalysisViewState>): void {
  state = { ...state, ...patch };
  api.setState(state);
}

const tabsOf = (message: ShowAnalysisMessage): readonly Tab[] => (message.kind === 'qarla' ? QARLA_TABS : HETEROGENEITY_TABS);

function context(message: ShowAnalysisMessage): ViewContext | undefined {
  if (!message.result) return undefined;
  return {
    message,
    result: message.result,
    width: Math.max(320, Math.min(1200, (root.clientWidth || 960) - 8)),
    colours: chartColours(),
    sort: (key) => state.sorts?.[key],
    setSort: (key, sort) => setState({ sorts: { ...state.sorts, [key]: sort } }),
    exportTable: (analysis, format, order) => post({ type: 'exportTable', analysis, format, order }),
    exportPlot: (name, format, data) => post({ type: 'exportPlot', name, format, data }),
    copy: (text) => post({ type: 'copy', text }),
  };
}

/** Fills one tab's panel (once, or again when `refill`). */
function fillTab(index: number, refill = false): void {
  const panel = panels[index];
  const message = current;
  const made = message && context(message);
  if (!panel || !message || !made || (panel.dataset.filled === 'true' && !refill)) return;
  panel.replaceChildren(...tabsOf(message)[index][1](made));
  panel.dataset.filled = 'true';
}

function tabs(message: ShowAnalysisMessage): HTMLElement {
  const list = tabsOf(message);
  const selected = Math.min(state.tab ?? 0, list.length - 1);
  panels = list.map(([label]) => el('vscode-tab-panel', { 'aria-label': label }));
  const element = el('vscode-tabs', { 'selected-index': String(selected) }, ...list.map(([label], i) => el('vscode-tab-header', { 'data-tab': String(i) }, label)), ...panels);
  element.addEventListener('vsc-tabs-select', (event) => {
    const index = (event as CustomEvent<{ selectedIndex: number }>).detail.selectedIndex;
    setState({ tab: index });
    fillTab(index);
  });
  fillTab(selected);
  return element;
}

/** Progress (analysis, percent, Cancel), or what stopped the computation (with Run again). */
function statusLine(message: ShowAnalysisMessage): HTMLElement {
  const status: AnalysisStatus = message.status;
  const hasResult = message.result !== undefined;
  const region = el('div', { id: STATUS_ID, class: `status ${status.state}`, role: 'status' });
  if (status.state === 'computing') {
    const percent = Math.floor((100 * status.done) / Math.max(1, status.total));
    const cancel = el('vscode-button', { class: 'cancel', secondary: '' }, 'Cancel');
    cancel.addEventListener('click', () => post({ type: 'cancel' }));
    region.append(
      el('span', { class: 'stage' }, `${status.stage ?? 'Starting'}… `),
      el('progress', { max: '100', value: String(percent), 'aria-label': `Computing the ${message.kind === 'qarla' ? 'QARLA' : 'heterogeneity'} analyses` }),
      el('span', { class: 'percent' }, `${percent}% `),
      cancel,
      hasResult ? el('span', { class: 'note' }, ' The numbers below are from the previous settings until these are ready.') : '',
    );
  } else if (status.state === 'cancelled' || status.state === 'error') {
    const rerun = el('vscode-button', { class: 'rerun', secondary: '' }, 'Run again');
    rerun.addEventListener('click', () => post({ type: 'recompute', settings: message.settings }));
    const text = status.state === 'cancelled' ? 'The computation was cancelled.' : `Could not compute: ${status.message}`;
    region.append(el('span', {}, `${text}${hasResult ? ' The numbers below are from the previous run.' : ''} `), rerun);
  }
  return region;
}

function summaryLine(message: ShowAnalysisMessage): HTMLElement | undefined {
  const s = message.result?.summary;
  if (!s) return undefined;
  const metrics = `${s.metrics.length} metric${s.metrics.length === 1 ? '' : 's'} (${s.metrics.join(', ')})`;
  if (message.kind === 'qarla') {
    return el('p', { class: 'summary' }, `${s.cases} case${s.cases === 1 ? '' : 's'} · ${s.models?.length ?? 0} models (${(s.models ?? []).join(', ')}) · ${s.peers?.length ?? 0} peers · ${metrics}`);
  }
  const human = message.settings as { human?: string };
  return el(
    'p',
    { class: 'summary' },
    `${s.systems?.length ?? 0} systems × ${s.segments} segment${s.segments === 1 ? '' : 's'}${s.assessed !== undefined ? `, ${s.assessed} assessed (human score ${human.human})` : ', no human scores'} · ${metrics}`,
  );
}

function reproduceSection(message: ShowAnalysisMessage): HTMLElement {
  return el(
    'section',
    { class: 'reproduce' },
    el('h2', {}, 'Reproduce in a terminal'),
    el('p', { class: 'note' }, 'From the workspace folder; each prints one analysis’s numbers (add --json for every number at full precision, --tsv for the table).'),
    message.unsaved ? el('p', { class: 'note warning' }, `Unsaved changes in ${message.table}: the panel used them, the command lines read the saved file, so save it first.`) : '',
    el(
      'ul',
      { class: 'commands' },
      ...message.commandLines.map(({ analysis, commandLine }) => {
        const copy = copyButton(`Copy the ${analysis} command line`, 'copy-command', commandLine, (text) => post({ type: 'copy', text }));
        return el('li', { 'data-analysis': analysis }, el('span', { class: 'analysis-name' }, analysis), el('code', {}, commandLine), copy);
      }),
    ),
  );
}

/** A selector that finds "the same" control after a re-render. */
function focusSelector(element: Element | null): string | undefined {
  if (!element || element === document.body || !root.contains(element)) return undefined;
  const attributes = ['data-key', 'data-format', 'data-tab', 'name'].filter((a) => element.hasAttribute(a)).map((a) => `[${a}="${CSS.escape(element.getAttribute(a) ?? '')}"]`);
  const within = element.closest('[data-analysis], [data-plot]');
  const scope = within ? `[data-analysis="${CSS.escape(within.getAttribute('data-analysis') ?? '')}"] ` : '';
  return `${within?.hasAttribute('data-analysis') ? scope : ''}${element.tagName.toLowerCase()}${[...element.classList].map((c) => `.${CSS.escape(c)}`).join('')}${attributes.join('')}`;
}

/** Everything but the status line: rebuilt when the extension sends a new revision. */
function render(): void {
  const message = current;
  if (!message) return;
  const focus = focusSelector(document.activeElement);
  const scroll = window.scrollY;
  const sameNumbers = message.revision === renderedRevision;
  renderedRevision = message.revision;
  const parts: (HTMLElement | undefined)[] = [
    el('h1', {}, message.title),
    summaryLine(message),
    statusLine(message),
    conventionsLine(message),
    keptOnRedraw(root, sameNumbers, () =>
      optionsForm(
        message,
        state.optionsOpen ?? false,
        (settings) => post({ type: 'recompute', settings }),
        (open) => setState({ optionsOpen: open }),
      ),
    ),
    message.result ? tabs(message) : undefined,
    reproduceSection(message),
  ];
  root.replaceChildren(...parts.filter((p): p is HTMLElement => p !== undefined));
  if (focus) {
    try {
      root.querySelector<HTMLElement>(focus)?.focus({ preventScroll: true });
    } catch {
      // A selector from an unusual element: focus stays on the page.
    }
  }
  window.scrollTo(0, scroll);
}

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  const message = event.data;
  if (!isMessageToAnalysisWebview(message)) return;
  current = message;
  if (message.revision !== renderedRevision) render();
  else replaceStatus(STATUS_ID, () => statusLine(message));
});

redrawOnThemeAndResize(() => {
  if (current) render();
});

post({ type: 'ready' });
