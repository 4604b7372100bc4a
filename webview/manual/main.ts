import '../shared/analysis-panel.css';
import './manual.css';
import { isMessageToManualWebview, MessageFromManualWebview, ShowManualMessage } from '../shared/manual-protocol';
import { redrawOnThemeAndResize } from '../shared/redraw';
import { focusSelector, keptOnRedraw, replaceContent, replaceStatus } from '../shared/rerender';
import { vscodeApi } from '../shared/vscode-api';
import type { TableSort } from '../compare/table-sort';
import { plotExportButtons } from '../correlation/plot-export';
import { el } from '../report/dom';
import { filesLine, reproduceSection, skippedBox, STATUS_ID, statusLine, textOutput, warningsBox } from './frame';
import { optionsForm } from './options-form';
import { analysisViews } from './views';

/** What the panel remembers across re-renders and reloads (VS Code keeps it while the panel is hidden). */
interface ManualViewState {
  readonly sorts?: Readonly<Record<string, TableSort>>;
  /** Long tables the reader asked to see whole. */
  readonly shownInFull?: Readonly<Record<string, boolean>>;
  readonly tiers?: { readonly topic?: string; readonly peer?: string };
}

const api = vscodeApi<MessageFromManualWebview, ManualViewState>();
const root = document.getElementById('manual') ?? document.body;
let current: ShowManualMessage | undefined;
let renderedRevision: number | undefined;
let state: ManualViewState = api.getState() ?? {};

const post = (message: MessageFromManualWebview): void => api.postMessage(message);

function setState(patch: Partial<ManualViewState>): void {
  state = { ...state, ...patch };
  api.setState(state);
}

/** Where a control is: the table section it is in (see focusSelector). */
function scopeOf(element: Element): string {
  const section = element.closest('[data-table]');
  return section ? `[data-table="${CSS.escape(section.getAttribute('data-table') ?? '')}"] ` : '';
}

const actions = {
  onCancel: () => post({ type: 'cancel' }),
  onRerun: () => {
    if (current) post({ type: 'recompute', options: current.options });
  },
};

function render(): void {
  const message = current;
  if (!message) return;
  const focus = focusSelector(root, document.activeElement, ['data-key', 'data-format', 'data-file', 'data-weight', 'name'], scopeOf);
  const scroll = window.scrollY;
  const sameNumbers = message.revision === renderedRevision;
  renderedRevision = message.revision;
  const analysis = message.analysis;
  const open = (path: string): void => post({ type: 'openFile', path });
  const width = Math.max(320, Math.min(1100, (root.clientWidth || 960) - 8));
  const parts = [
    el('h1', {}, message.title),
    filesLine(message.files, open),
    statusLine(message.status, analysis !== undefined, actions),
    skippedBox(message.skipped, open),
    analysis ? warningsBox(analysis) : undefined,
    keptOnRedraw(root, sameNumbers, () => optionsForm(message.options, message.identical, (options) => post({ type: 'recompute', options }))),
    ...(analysis
      ? analysisViews({
          analysis,
          width,
          sorts: state.sorts ?? {},
          onSort: (table, sort) => setState({ sorts: { ...state.sorts, [table]: sort } }),
          shownInFull: state.shownInFull ?? {},
          onShowAll: (table) => setState({ shownInFull: { ...state.shownInFull, [table]: true } }),
          exportTable: (table, format, order) => post({ type: 'exportTable', table, format, order }),
          tiers: state.tiers ?? {},
          chooseTier: (choice) => {
            setState({ tiers: choice });
            render();
          },
          plotButtons: (figure, name) => plotExportButtons(figure, name, (n, format, data) => post({ type: 'exportPlot', name: n, format, data })),
        })
      : []),
    analysis ? textOutput(analysis, (text) => post({ type: 'copy', text })) : undefined,
    reproduceSection(message, (text) => post({ type: 'copy', text })),
  ];
  replaceContent(root, parts, focus, scroll);
}

/** Progress only: the status line is replaced, nothing else moves. */
function renderStatus(): void {
  const message = current;
  if (message) replaceStatus(STATUS_ID, () => statusLine(message.status, message.analysis !== undefined, actions));
}

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  const message = event.data;
  if (!isMessageToManualWebview(message)) return;
  current = message;
  if (message.revision !== renderedRevision) render();
  else renderStatus();
});

redrawOnThemeAndResize(() => {
  if (current) render();
});

post({ type: 'ready' });
