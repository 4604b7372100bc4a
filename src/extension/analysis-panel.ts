import * as crypto from 'crypto';
import * as vscode from 'vscode';
import { makeNonce } from '../../webview/report/report-html';
import { PanelHtmlOptions } from '../../webview/shared/panel-html';

/** Progress updates are coalesced: at most one state message per this interval. */
const POST_INTERVAL_MS = 100;

/**
 * One analysis panel's webview (the correlations, ROSE, the human–system gap; one editor panel, reused by later runs):
 * its HTML under the nonce-only CSP with the panel's bundle, the latest state message (re-sent whenever the webview
 * says it is ready, e.g. after being hidden), and the webview's messages, checked by `accept`, passed to `onMessage`.
 */
export class AnalysisPanel<ToWebview extends { readonly title: string }, FromWebview extends { readonly type: string }> implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private latest: ToWebview | undefined;
  private timer: NodeJS.Timeout | undefined;
  private lastPost = 0;
  private readonly root: vscode.Uri;
  private readonly disposed = new vscode.EventEmitter<void>();
  readonly onDidDispose = this.disposed.event;

  constructor(
    extensionUri: vscode.Uri,
    private readonly viewType: string,
    /** The bundle's base name under dist/webview (`rose` → rose.js, rose.css). */
    private readonly bundle: string,
    /** The panel's HTML document (panelHtml with its <main> id and placeholder). */
    private readonly html: (options: PanelHtmlOptions) => string,
    private readonly accept: (message: unknown) => message is FromWebview,
    private readonly onMessage: (message: FromWebview) => void,
    /** The document's <title> (what screen readers announce for the frame); default: the first message's title. */
    private readonly documentTitle?: string,
  ) {
    this.root = vscode.Uri.joinPath(extensionUri, 'dist', 'webview');
  }

  show(message: ToWebview): void {
    if (!this.panel) {
      const panel = vscode.window.createWebviewPanel(this.viewType, message.title, vscode.ViewColumn.Active, {
        enableScripts: true,
        localResourceRoots: [this.root],
        retainContextWhenHidden: false,
      });
      const webview = panel.webview;
      webview.html = this.html({
        cspSource: webview.cspSource,
        scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(this.root, `${this.bundle}.js`)).toString(),
        styleUri: webview.asWebviewUri(vscode.Uri.joinPath(this.root, `${this.bundle}.css`)).toString(),
        nonce: makeNonce((bound) => crypto.randomInt(bound)),
        title: this.documentTitle ?? message.title,
      });
      webview.onDidReceiveMessage((received: unknown) => {
        if (!this.accept(received)) return;
        if (received.type === 'ready') this.flush();
        this.onMessage(received);
      });
      panel.onDidDispose(() => {
        if (this.panel !== panel) return;
        this.panel = undefined;
        clearTimeout(this.timer);
        this.disposed.fire();
      });
      this.panel = panel;
    } else {
      this.panel.reveal(undefined, false);
    }
    this.update(message, true);
  }

  /** Shows `message`: in the open panel (throttled unless `immediately`), or in a new one. */
  present(message: ToWebview, immediately = false): void {
    if (this.panel) this.update(message, immediately);
    else this.show(message);
  }

  update(message: ToWebview, immediately = false): void {
    this.latest = message;
    if (!this.panel) return;
    this.panel.title = message.title;
    if (immediately || Date.now() - this.lastPost >= POST_INTERVAL_MS) {
      this.flush();
      return;
    }
    this.timer ??= setTimeout(() => this.flush(), POST_INTERVAL_MS);
  }

  /** A one-off message (e.g. segment texts), sent at once. */
  send(message: unknown): void {
    void this.panel?.webview.postMessage(message);
  }

  get isOpen(): boolean {
    return this.panel !== undefined;
  }

  get viewColumn(): vscode.ViewColumn | undefined {
    return this.panel?.viewColumn;
  }

  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.panel || !this.latest) return;
    this.lastPost = Date.now();
    void this.panel.webview.postMessage(this.latest);
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.panel?.dispose();
    this.disposed.dispose();
  }
}
