import './report.css';
import { isMessageToReportWebview, MessageFromReportWebview, ShowReportMessage } from '../shared/protocol';
import { vscodeApi } from '../shared/vscode-api';
import { redrawOnThemeAndResize } from '../shared/redraw';
import { el } from './dom';
import { histograms } from './histogram';
import { signatureList } from './signatures';
import { scoreTable } from './score-table';
import { SortState } from './sort';
import { warningList } from './warnings';

/** What survives the panel being hidden and shown again (the report itself is re-sent by the extension). */
interface ReportViewState {
  readonly sort?: SortState;
}

const api = vscodeApi<MessageFromReportWebview, ReportViewState>();
const root = document.getElementById('report') ?? document.body;
let current: ShowReportMessage | undefined;
let sort: SortState | undefined = api.getState()?.sort;

function render(): void {
  if (!current) return;
  const { report, title } = current;
  const table = scoreTable(report, {
    sort,
    onSort: (next) => {
      sort = next;
      api.setState({ sort });
    },
    onOpenFile: (file) => api.postMessage({ type: 'openFile', file }),
  });
  const width = Math.max(320, Math.min(960, root.clientWidth || 640));
  root.replaceChildren(
    ...[
      el('h1', {}, title),
      warningList(report),
      table,
      signatureList(report, (text) => api.postMessage({ type: 'copySignature', text })),
      histograms(report, width),
    ].filter((node): node is HTMLElement => node !== undefined),
  );
}

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  if (!isMessageToReportWebview(event.data)) return;
  current = event.data;
  render();
});

redrawOnThemeAndResize(render);

api.postMessage({ type: 'ready' });
