import * as crypto from 'crypto';
import * as vscode from 'vscode';
import { makeNonce } from '../../webview/report/report-html';
import type { PanelHtmlOptions } from '../../webview/shared/panel-html';

/** Progress updates are coalesced: at most one state message per this interval. */
const POST_INTERVAL_MS = 100;

export interface PanelHostSpec<FromWebview> {
  readonly viewType: string;
  /** The bundle under dist/webview: `<bundle>.js` and `<bundle>.css`. */
  readonly bundle: string;
  /** The frame's document title (what screen readers announce). */
  readonly documentTitle: string;
  /** The panel's HTML (webview/<panel>/*-html.ts, the same the headless Chromium tests serve). */
  readonly html: (options: PanelHtmlOptions) => string;
  /** Checks what the webview sends (untrusted input); anything else is dropped. */
  readonly isMessage: (value: unknown) => value is FromWebview;
}

/**
 * An analysis panel's webview (one editor panel, reused by later runs): its HTML under the panels' nonce-only CSP, the
 * latest state message (sent again whenever the webview says it is ready, e.g. after being hidden; progress throttled),
 * and the webview's messages, validated, passed to `onMessage`.
 */
export class PanelHost<State extends { readonly title: string }, FromWebview extends { readonly type: string }> implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private latest: State | undefined;
  private timer: NodeJS.Timeout | undefined;
  private lastPost = 0;
  private readonly root: vscode.Uri;
  private readonly disposed = new vscode.EventEmitter<void>();
  /** Fires when the user closes the panel. */
  readonly onDidDispose = this.disposed.event;

  constructor(
    extensionUri: vscode.Uri,
    private readonly spec: PanelHostSpec<FromWebview>,
    private readonly onMessage: (message: FromWebview) => void,
  ) {
    this.root = vscode.Uri.joinPath(extensionUri, 'dist', 'webview');
  }

  /** Opens (or reveals) the panel with this state. */
  show(message: State): void {
    if (!this.panel) {
      const panel = vscode.window.createWebviewPanel(this.spec.viewType, message.title, vscode.ViewColumn.Active, {
        enableScripts: true,
        localResourceRoots: [this.root],
        retainContextWhenHidden: false,
      });
      const webview = panel.webview;
      webview.html = this.spec.html({
        cspSource: webview.cspSource,
        scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(this.root, `${this.spec.bundle}.js`)).toString(),
        styleUri: webview.asWebviewUri(vscode.Uri.joinPath(this.root, `${this.spec.bundle}.css`)).toString(),
        nonce: makeNonce((bound) => crypto.randomInt(bound)),
        title: this.spec.documentTitle,
      });
      webview.onDidReceiveMessage((received: unknown) => {
        if (!this.spec.isMessage(received)) return;
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

  /** New state for an open panel (throttled unless `immediately`). */
  update(message: State, immediately = false): void {
    this.latest = message;
    if (!this.panel) return;
    this.panel.title = message.title;
    if (immediately || Date.now() - this.lastPost >= POST_INTERVAL_MS) {
      this.flush();
      return;
    }
    this.timer ??= setTimeout(() => this.flush(), POST_INTERVAL_MS);
  }

  /** A one-off message, sent at once. */
  protected post(message: unknown): void {
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
