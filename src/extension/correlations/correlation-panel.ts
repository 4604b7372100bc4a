import * as crypto from 'crypto';
import * as vscode from 'vscode';
import { correlationHtml } from '../../../webview/correlation/correlation-html';
import { makeNonce } from '../../../webview/report/report-html';
import {
  isMessageFromCorrelationWebview,
  MessageFromCorrelationWebview,
  MessageToCorrelationWebview,
  ShowCorrelationsMessage,
} from '../../../webview/shared/correlation-protocol';

/** Progress updates are coalesced: at most one `correlations` message per this interval. */
const POST_INTERVAL_MS = 100;

/**
 * The correlation panel's webview (one editor panel, reused by later evaluations): its HTML under a nonce-only CSP,
 * the latest `correlations` message (re-sent whenever the webview says it is ready, e.g. after being hidden), and the
 * webview's messages, validated, passed to `onMessage`.
 */
export class CorrelationPanel implements vscode.Disposable {
  static readonly viewType = 'understudy.correlations';
  private panel: vscode.WebviewPanel | undefined;
  private latest: ShowCorrelationsMessage | undefined;
  private timer: NodeJS.Timeout | undefined;
  private lastPost = 0;
  private readonly root: vscode.Uri;
  private readonly disposed = new vscode.EventEmitter<void>();
  /** Fires when the user closes the panel. */
  readonly onDidDispose = this.disposed.event;

  constructor(
    extensionUri: vscode.Uri,
    private readonly onMessage: (message: MessageFromCorrelationWebview) => void,
  ) {
    this.root = vscode.Uri.joinPath(extensionUri, 'dist', 'webview');
  }

  /** Opens (or reveals) the panel with this state. */
  show(message: ShowCorrelationsMessage): void {
    if (!this.panel) {
      const panel = vscode.window.createWebviewPanel(CorrelationPanel.viewType, message.title, vscode.ViewColumn.Active, {
        enableScripts: true,
        localResourceRoots: [this.root],
        retainContextWhenHidden: false,
      });
      const webview = panel.webview;
      webview.html = correlationHtml({
        cspSource: webview.cspSource,
        scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(this.root, 'correlation.js')).toString(),
        styleUri: webview.asWebviewUri(vscode.Uri.joinPath(this.root, 'correlation.css')).toString(),
        nonce: makeNonce((bound) => crypto.randomInt(bound)),
        title: 'Understudy correlations',
      });
      webview.onDidReceiveMessage((received: unknown) => {
        if (!isMessageFromCorrelationWebview(received)) return;
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
  update(message: ShowCorrelationsMessage, immediately = false): void {
    this.latest = message;
    if (!this.panel) return;
    this.panel.title = message.title;
    if (immediately || Date.now() - this.lastPost >= POST_INTERVAL_MS) {
      this.flush();
      return;
    }
    this.timer ??= setTimeout(() => this.flush(), POST_INTERVAL_MS);
  }

  /** A one-off message (segment texts), sent at once. */
  send(message: MessageToCorrelationWebview): void {
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
