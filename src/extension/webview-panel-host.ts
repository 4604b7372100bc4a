import * as crypto from 'crypto';
import * as vscode from 'vscode';
import { makeNonce } from '../../webview/report/report-html';
import type { PanelHtmlOptions } from '../../webview/shared/panel-html';

/** Progress updates are coalesced: at most one state message per this interval. */
const POST_INTERVAL_MS = 100;

/** What differs between the analysis panels (correlations, data conditions, manual evaluation, QARLA, heterogeneity, ROSE, gap): their view, bundle, HTML and messages. */
export interface PanelHostOptions<From> {
  readonly viewType: string;
  /** dist/webview/<bundle>.js and .css. */
  readonly bundle: string;
  /** The document title screen readers announce for the frame. */
  readonly documentTitle: string;
  readonly html: (options: PanelHtmlOptions) => string;
  /** Validates what the webview sends (it is untrusted input like any other). */
  readonly isMessage: (value: unknown) => value is From;
}

/** What a panel does with the webview's (validated) messages; a failure it returns is shown as an error message. */
export type PanelMessageHandler<From> = (message: From) => void | Promise<void>;

/**
 * An analysis panel's webview (one editor panel, reused by later analyses): its HTML under a nonce-only CSP, the
 * latest state message (throttled while progress streams in, re-sent whenever the webview says it is ready, e.g.
 * after being hidden), and the webview's messages, validated, passed to `onMessage`.
 */
export class WebviewPanelHost<State extends { readonly title: string }, From extends { readonly type: string }, To = State> implements vscode.Disposable {
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
    private readonly options: PanelHostOptions<From>,
    private readonly onMessage: PanelMessageHandler<From>,
  ) {
    this.root = vscode.Uri.joinPath(extensionUri, 'dist', 'webview');
  }

  /** Opens (or reveals) the panel with this state. */
  show(message: State): void {
    if (!this.panel) {
      const panel = vscode.window.createWebviewPanel(this.options.viewType, message.title, vscode.ViewColumn.Active, {
        enableScripts: true,
        localResourceRoots: [this.root],
        retainContextWhenHidden: false,
      });
      const webview = panel.webview;
      webview.html = this.options.html({
        cspSource: webview.cspSource,
        scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(this.root, `${this.options.bundle}.js`)).toString(),
        styleUri: webview.asWebviewUri(vscode.Uri.joinPath(this.root, `${this.options.bundle}.css`)).toString(),
        nonce: makeNonce((bound) => crypto.randomInt(bound)),
        title: this.options.documentTitle,
      });
      webview.onDidReceiveMessage((received: unknown) => {
        if (!this.options.isMessage(received)) return;
        if (received.type === 'ready') this.flush();
        void Promise.resolve()
          .then(() => this.onMessage(received))
          .catch((error: unknown) => {
            void vscode.window.showErrorMessage(`Understudy: ${error instanceof Error ? error.message : String(error)}`);
          });
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
  present(message: State, immediately = false): void {
    if (this.panel) this.update(message, immediately);
    else this.show(message);
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

  /** A one-off message (e.g. segment texts), sent at once. */
  send(message: To): void {
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
