import * as crypto from 'crypto';
import * as vscode from 'vscode';
import { compareHtml } from '../../../webview/compare/compare-html';
import { makeNonce } from '../../../webview/report/report-html';
import { isMessageFromCompareWebview, MessageFromCompareWebview, MessageToCompareWebview } from '../../../webview/shared/compare-protocol';

function webviewHtml(webview: vscode.Webview, root: vscode.Uri, title: string): string {
  return compareHtml({
    cspSource: webview.cspSource,
    scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(root, 'compare.js')).toString(),
    styleUri: webview.asWebviewUri(vscode.Uri.joinPath(root, 'compare.css')).toString(),
    nonce: makeNonce((bound) => crypto.randomInt(bound)),
    title,
  });
}

/** Messages are coalesced: a burst of progress updates posts at most one message per this interval. */
const POST_INTERVAL_MS = 100;

/**
 * Holds the latest message for a webview that may not exist yet (a view is resolved when first shown), posts it when
 * the webview says it is ready and on every change (throttled), and passes validated messages on.
 */
class WebviewChannel {
  private webview: vscode.Webview | undefined;
  private latest: MessageToCompareWebview | undefined;
  private timer: NodeJS.Timeout | undefined;
  private lastPost = 0;

  constructor(private readonly onMessage: (message: MessageFromCompareWebview) => void) {}

  attach(webview: vscode.Webview): vscode.Disposable {
    this.webview = webview;
    const subscription = webview.onDidReceiveMessage((message: unknown) => {
      if (!isMessageFromCompareWebview(message)) return;
      if (message.type === 'ready') this.flush();
      this.onMessage(message);
    });
    return new vscode.Disposable(() => {
      subscription.dispose();
      if (this.webview === webview) this.webview = undefined;
    });
  }

  set(message: MessageToCompareWebview, immediately = false): void {
    this.latest = message;
    if (immediately || Date.now() - this.lastPost >= POST_INTERVAL_MS) {
      this.flush();
      return;
    }
    this.timer ??= setTimeout(() => this.flush(), POST_INTERVAL_MS);
  }

  get current(): MessageToCompareWebview | undefined {
    return this.latest;
  }

  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.webview || !this.latest) return;
    this.lastPost = Date.now();
    void this.webview.postMessage(this.latest);
  }

  dispose(): void {
    clearTimeout(this.timer);
  }
}

/**
 * The two-system summary, a webview view in the panel ("Understudy Comparison"), below the two systems' editors:
 * corpus scores, p-values, line counts, the histogram of per-line differences and the largest differences.
 */
export class ComparisonSummaryView implements vscode.WebviewViewProvider, vscode.Disposable {
  static readonly viewId = 'understudy.comparison';
  private readonly channel: WebviewChannel;
  private view: vscode.WebviewView | undefined;
  private readonly root: vscode.Uri;

  constructor(extensionUri: vscode.Uri, onMessage: (message: MessageFromCompareWebview) => void) {
    this.root = vscode.Uri.joinPath(extensionUri, 'dist', 'webview');
    this.channel = new WebviewChannel(onMessage);
  }

  resolveWebviewView(view: vscode.WebviewView): void {
    this.view = view;
    view.webview.options = { enableScripts: true, localResourceRoots: [this.root] };
    view.webview.html = webviewHtml(view.webview, this.root, 'Understudy comparison');
    const attached = this.channel.attach(view.webview);
    view.onDidDispose(() => {
      attached.dispose();
      if (this.view === view) this.view = undefined;
    });
  }

  update(message: MessageToCompareWebview, immediately = false): void {
    this.channel.set(message, immediately);
  }

  /** Shows the view (resolving it the first time) without taking focus from the editors. */
  async reveal(): Promise<void> {
    if (this.view) {
      this.view.show(true);
      return;
    }
    await vscode.commands.executeCommand(`${ComparisonSummaryView.viewId}.focus`, { preserveFocus: true });
  }

  get isResolved(): boolean {
    return this.view !== undefined;
  }

  dispose(): void {
    this.channel.dispose();
  }
}

/** The pairwise table of more than two systems: one editor panel, reused by later tables. */
export class PairwisePanel implements vscode.Disposable {
  static readonly viewType = 'understudy.pairwise';
  private panel: vscode.WebviewPanel | undefined;
  private readonly channel: WebviewChannel;
  private readonly root: vscode.Uri;
  private attached: vscode.Disposable | undefined;

  constructor(extensionUri: vscode.Uri, onMessage: (message: MessageFromCompareWebview) => void) {
    this.root = vscode.Uri.joinPath(extensionUri, 'dist', 'webview');
    this.channel = new WebviewChannel(onMessage);
  }

  show(message: MessageToCompareWebview): void {
    if (!this.panel) {
      const panel = vscode.window.createWebviewPanel(PairwisePanel.viewType, message.title, vscode.ViewColumn.Active, {
        enableScripts: true,
        localResourceRoots: [this.root],
        retainContextWhenHidden: false,
      });
      panel.webview.html = webviewHtml(panel.webview, this.root, 'Understudy pairwise comparison');
      this.attached = this.channel.attach(panel.webview);
      panel.onDidDispose(() => {
        this.attached?.dispose();
        if (this.panel === panel) this.panel = undefined;
      });
      this.panel = panel;
    } else {
      this.panel.reveal(undefined, false);
    }
    this.update(message, true);
  }

  update(message: MessageToCompareWebview, immediately = false): void {
    if (this.panel) this.panel.title = message.title;
    this.channel.set(message, immediately);
  }

  get isOpen(): boolean {
    return this.panel !== undefined;
  }

  dispose(): void {
    this.panel?.dispose();
    this.channel.dispose();
  }
}
