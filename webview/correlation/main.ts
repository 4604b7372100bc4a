import '../shared/analysis-panel.css';
import './correlation.css';
import '@vscode-elements/elements/dist/vscode-tab-header/index.js';
import '@vscode-elements/elements/dist/vscode-tab-panel/index.js';
import '@vscode-elements/elements/dist/vscode-tabs/index.js';
import {
  isMessageToCorrelationWebview,
  MessageFromCorrelationWebview,
  ShowCorrelationsMessage,
} from '../shared/correlation-protocol';
import { redrawOnThemeAndResize } from '../shared/redraw';
import { focusSelector, keptOnRedraw, replaceContent, replaceStatus } from '../shared/rerender';
import { vscodeApi } from '../shared/vscode-api';
import { el } from '../report/dom';
import { chartColours } from './charts';
import { reproduceSection, STATUS_ID, statusLine, summaryLine, warningsBox } from './header';
import { displayedOrder } from './model-table';
import { optionsForm } from './options-form';
import { agreementView, dataView, matrixView, segmentLevelView } from './other-views';
import { CorrelationViewState, PanelContext } from './panel-context';
import { SEGMENT_LIST_ID, segmentListSection } from './segment-list';
import { systemLevelView } from './system-level';

const api = vscodeApi<MessageFromCorrelationWebview, CorrelationViewState>();
const root = document.getElementById('correlations') ?? document.body;
let current: ShowCorrelationsMessage | undefined;
let renderedRevision: number | undefined;
let state: CorrelationViewState = api.getState() ?? {};
const texts = new Map<string, readonly string[]>();
/** Systems whose lines were asked for and have not arrived yet. */
const pendingTexts = new Set<string>();

const post = (message: MessageFromCorrelationWebview): void => api.postMessage(message);

const TABS: readonly (readonly [string, (context: PanelContext) => HTMLElement[]])[] = [
  ['System level', systemLevelView],
  ['Segment level', segmentLevelView],
  ['Metric × metric', matrixView],
  ['Pairwise agreement', agreementView],
  ['Data', dataView],
];

let panels: HTMLElement[] = [];

function setState(patch: Partial<CorrelationViewState>): void {
  state = { ...state, ...patch };
  api.setState(state);
}

function makeContext(message: ShowCorrelationsMessage): PanelContext | undefined {
  const report = message.report;
  if (!report) return undefined;
  return {
    message,
    report,
    width: Math.max(320, Math.min(1400, (root.clientWidth || 960) - 8)),
    colours: chartColours(),
    get state() {
      return state;
    },
    update: (patch, redraw = 'none') => {
      setState(patch);
      if (redraw === 'segments') redrawSelection();
      else if (redraw === 'tab') fillTab(state.tab ?? 0, true);
    },
    post,
    texts,
    requestTexts: (system) => {
      if (pendingTexts.has(system)) return;
      pendingTexts.add(system);
      post({ type: 'requestTexts', system });
    },
    exportTable: (table, format, element, extra) => post({ type: 'exportTable', table, format, ...extra, ...(element && { order: displayedOrder(element) }) }),
    exportPlot: (name, format, data) => post({ type: 'exportPlot', name, format, data }),
  };
}

/** Fills one tab's panel (once, or again when `refill`), keeping the scroll position. */
function fillTab(index: number, refill = false): void {
  const panel = panels[index];
  const context = current && makeContext(current);
  if (!panel || !context || (panel.dataset.filled === 'true' && !refill)) return;
  const scroll = window.scrollY;
  panel.replaceChildren(...TABS[index][1](context));
  panel.dataset.filled = 'true';
  window.scrollTo(0, scroll);
}

/** The selected system's points and segment list follow a new selection; the plots are not redrawn. */
function redrawSelection(): void {
  const selected = state.selected?.system;
  const colours = chartColours();
  for (const dot of root.querySelectorAll<SVGElement>('figure.scatter circle.point')) {
    const on = dot.dataset.system === selected;
    dot.setAttribute('class', on ? 'point selected' : 'point');
    dot.setAttribute('fill', on ? colours.selected : colours.point);
  }
  const list = document.getElementById(SEGMENT_LIST_ID);
  const context = current && makeContext(current);
  if (list && context) list.replaceWith(segmentListSection(context));
}

function tabs(): HTMLElement {
  const selected = Math.min(state.tab ?? 0, TABS.length - 1);
  panels = TABS.map(([label]) => el('vscode-tab-panel', { 'aria-label': label }));
  const element = el(
    'vscode-tabs',
    { 'selected-index': String(selected) },
    ...TABS.map(([label], i) => el('vscode-tab-header', { 'data-tab': String(i) }, label)),
    ...panels,
  );
  element.addEventListener('vsc-tabs-select', (event) => {
    const index = (event as CustomEvent<{ selectedIndex: number }>).detail.selectedIndex;
    setState({ tab: index });
    fillTab(index);
  });
  fillTab(selected);
  return element;
}

/** Where a control is: the metric's figure or the table it is in (see focusSelector). */
function scopeOf(element: Element): string {
  const within = element.closest('[data-metric], table');
  return within?.hasAttribute('data-metric') ? `[data-metric="${CSS.escape(within.getAttribute('data-metric') ?? '')}"] ` : within ? `table.${CSS.escape(within.classList[0] ?? '')} ` : '';
}

function rerun(): void {
  if (current) post({ type: 'recompute', options: current.options });
}

/** Everything but the status line: rebuilt when the extension sends a new revision (new numbers, options, aspects). */
function render(): void {
  const message = current;
  if (!message) return;
  const focus = focusSelector(root, document.activeElement, ['data-key', 'data-system', 'data-index', 'data-format', 'data-tab'], scopeOf);
  const scroll = window.scrollY;
  const sameNumbers = message.revision === renderedRevision;
  renderedRevision = message.revision;
  const report = message.report;
  const actions = { onCancel: () => post({ type: 'cancel' }), onRerun: rerun };
  const parts: (HTMLElement | undefined)[] = [
    el('h1', {}, message.title),
    report ? summaryLine(report) : undefined,
    statusLine(message.status, report !== undefined, actions),
    report ? warningsBox(report) : undefined,
    keptOnRedraw(root, sameNumbers, () =>
      optionsForm(
        message.options,
        message.aspects,
        report ? report.segmentLevel !== null : true,
        state.optionsOpen ?? false,
        (options) => post({ type: 'recompute', options }),
        (open) => setState({ optionsOpen: open }),
      ),
    ),
    report ? tabs() : undefined,
    reproduceSection(message, (text) => post({ type: 'copy', text })),
  ];
  replaceContent(root, parts, focus, scroll);
}

/** Progress only: the status line is replaced, nothing else moves. */
function renderStatus(): void {
  const message = current;
  if (message) replaceStatus(STATUS_ID, () => statusLine(message.status, message.report !== undefined, { onCancel: () => post({ type: 'cancel' }), onRerun: rerun }));
}

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  const message = event.data;
  if (!isMessageToCorrelationWebview(message)) return;
  if (message.type === 'segmentTexts') {
    texts.set(message.system, message.lines);
    pendingTexts.delete(message.system);
    if (state.selected?.system === message.system) redrawSelection();
    return;
  }
  current = message;
  if (message.revision !== renderedRevision) {
    // New numbers may come from edited files: their lines are asked for again.
    texts.clear();
    pendingTexts.clear();
    render();
  } else {
    renderStatus();
  }
});

redrawOnThemeAndResize(() => {
  if (current) render();
});

post({ type: 'ready' });
