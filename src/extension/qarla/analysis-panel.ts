import * as crypto from 'crypto';
import * as vscode from 'vscode';
import { analysisHtml } from '../../../webview/qarla/analysis-html';
import { makeNonce } from '../../../webview/report/report-html';
import { AnalysisKind, isMessageFromAnalysisWebview, MessageFromAnalysisWebview, ShowAnalysisMessage } from '../../../webview/shared/analysis-protocol';

/** Progress updates are coalesced: at most one message per this interval. */
const POST_INTERVAL_MS = 100;

/**
 * A QARLA or heterogeneity panel's webview (one editor panel per kind, reused by later tables): its HTML under a
 * nonce-only CSP, the latest state (re-sent when the webview says it is ready, e.g. after being hidden), and the
 * webview's messages, validated, passed to `onMessage`.
 */
export class AnalysisPanel implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private latest: ShowAnalysisMessage | undefined;
  private timer: NodeJS.Timeout | undefined;
  private lastPost = 0;
  private readonly root: vscode.Uri;
  private readonly disposed = new vscode.EventEmitter<void>();
  readonly onDidDispose = this.disposed.event;

  constructor(
    extensionUri: vscode.Uri,
    private readonly kind: AnalysisKind,
    private readonly onMessage: (message: MessageFromAnalysisWebview) => void,
  ) {
    this.root = vscode.Uri.joinPath(extensionUri, 'dist', 'webview');
  }

  static viewType(kind: AnalysisKind): string {
    return kind === 'qarla' ? 'understudy.qarla' : 'understudy.heterogeneity';
  }

  show(message: ShowAnalysisMessage): void {
    if (!this.panel) {
      const panel = vscode.window.createWebviewPanel(AnalysisPanel.viewType(this.kind), message.title, vscode.ViewColumn.Active, {
        enableScripts: true,
        localResourceRoots: [this.root],
        retainContextWhenHidden: false,
      });
      const webview = panel.webview;
      webview.html = analysisHtml({
        cspSource: webview.cspSource,
        scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(this.root, 'qarla.js')).toString(),
        styleUri: webview.asWebviewUri(vscode.Uri.joinPath(this.root, 'qarla.css')).toString(),
        nonce: makeNonce((bound) => crypto.randomInt(bound)),
        title: this.kind === 'qarla' ? 'Understudy QARLA' : 'Understudy heterogeneity',
      });
      webview.onDidReceiveMessage((received: unknown) => {
        if (!isMessageFromAnalysisWebview(received)) return;
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
  update(message: ShowAnalysisMessage, immediately = false): void {
    this.latest = message;
    if (!this.panel) return;
    this.panel.title = message.title;
    if (immediately || Date.now() - this.lastPost >= POST_INTERVAL_MS) {
      this.flush();
      return;
    }
    this.timer ??= setTimeout(() => this.flush(), POST_INTERVAL_MS);
  }

  get isOpen(): boolean {
    return this.panel !== undefined;
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
