import * as crypto from 'crypto';
import * as path from 'path';
import * as vscode from 'vscode';
import type { JsonReport } from '../core/report/report-json';
import { isMessageFromReportWebview, MessageFromReportWebview, MessageToReportWebview } from '../../webview/shared/protocol';
import { makeNonce, reportHtml } from '../../webview/report/report-html';

/** The report heading: the scored system files as the report names them (workspace-relative, or absolute). */
export function reportTitle(report: JsonReport): string {
  const files = report.systems.map((s) => s.file);
  return files.length === 0 ? 'Understudy report' : `Understudy — ${files.join(', ')}`;
}

/** The editor tab title: the same, with base names only. */
function tabTitle(report: JsonReport): string {
  const files = report.systems.map((s) => s.file.split(/[\\/]/).pop() ?? s.file);
  return files.length === 0 ? 'Understudy report' : `Understudy — ${files.join(', ')}`;
}

/**
 * The score report webview (one panel at a time: showing it again reveals the existing one). Its script is
 * dist/webview/report.js (webview/report/main.ts) under a nonce-only CSP; it asks for the report with `ready`.
 */
export class ReportPanel implements vscode.Disposable {
  static readonly viewType = 'understudy.report';
  private panel: vscode.WebviewPanel | undefined;
  private report: JsonReport | undefined;
  private readonly webviewRoot: vscode.Uri;

  constructor(extensionUri: vscode.Uri) {
    this.webviewRoot = vscode.Uri.joinPath(extensionUri, 'dist', 'webview');
  }

  /** Opens (or reveals) the panel showing `report`. */
  show(report: JsonReport): void {
    this.report = report;
    if (this.panel) {
      this.panel.reveal(undefined, false);
      this.post();
      return;
    }
    const panel = vscode.window.createWebviewPanel(ReportPanel.viewType, tabTitle(report), vscode.ViewColumn.Beside, {
      enableScripts: true,
      localResourceRoots: [this.webviewRoot],
    });
    this.panel = panel;
    const webview = panel.webview;
    webview.html = reportHtml({
      cspSource: webview.cspSource,
      scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(this.webviewRoot, 'report.js')).toString(),
      styleUri: webview.asWebviewUri(vscode.Uri.joinPath(this.webviewRoot, 'report.css')).toString(),
      nonce: makeNonce((bound) => crypto.randomInt(bound)),
    });
    webview.onDidReceiveMessage((message: unknown) => this.receive(message));
    panel.onDidDispose(() => {
      if (this.panel === panel) this.panel = undefined;
    });
  }

  /** Refreshes an open panel with a newer report (a closed panel stays closed). */
  update(report: JsonReport): void {
    this.report = report;
    if (this.panel) this.post();
  }

  get isOpen(): boolean {
    return this.panel !== undefined;
  }

  private post(): void {
    if (!this.panel || !this.report) return;
    this.panel.title = tabTitle(this.report);
    const message: MessageToReportWebview = { type: 'report', report: this.report, title: reportTitle(this.report) };
    void this.panel.webview.postMessage(message);
  }

  private receive(message: unknown): void {
    if (!isMessageFromReportWebview(message)) return;
    void this.handle(message).catch((error: unknown) => {
      void vscode.window.showErrorMessage(`Understudy: ${error instanceof Error ? error.message : String(error)}`);
    });
  }

  private async handle(message: MessageFromReportWebview): Promise<void> {
    switch (message.type) {
      case 'ready':
        this.post();
        return;
      case 'openFile': {
        const uri = await this.resolveSystemFile(message.file);
        // Beside the report when it is alone in the first group, else in the first group.
        const viewColumn = this.panel?.viewColumn === vscode.ViewColumn.One ? vscode.ViewColumn.Beside : vscode.ViewColumn.One;
        if (uri) await vscode.window.showTextDocument(uri, { preview: false, viewColumn });
        else void vscode.window.showWarningMessage(`Understudy: cannot find ${message.file} in the workspace.`);
        return;
      }
      case 'copySignature':
        await vscode.env.clipboard.writeText(message.text);
        vscode.window.setStatusBarMessage('Understudy: signature copied', 3000);
        return;
    }
  }

  /**
   * Only files named in the current report are opened (the webview is not trusted to name arbitrary paths).
   * Report files are workspace-relative (`asRelativePath`) or absolute; an open editor with that name wins.
   */
  private async resolveSystemFile(file: string): Promise<vscode.Uri | undefined> {
    if (!this.report?.systems.some((s) => s.file === file)) return undefined;
    const open = vscode.workspace.textDocuments.find((d) => vscode.workspace.asRelativePath(d.uri) === file);
    if (open) return open.uri;
    const candidates = path.isAbsolute(file)
      ? [vscode.Uri.file(file)]
      : (vscode.workspace.workspaceFolders ?? []).map((folder) => {
          // asRelativePath prefixes the folder name in multi-root workspaces.
          const prefix = `${folder.name}/`;
          const relative = (vscode.workspace.workspaceFolders?.length ?? 0) > 1 && file.startsWith(prefix) ? file.slice(prefix.length) : file;
          return vscode.Uri.joinPath(folder.uri, relative);
        });
    for (const candidate of candidates) {
      try {
        await vscode.workspace.fs.stat(candidate);
        return candidate;
      } catch {
        // Not in this folder; try the next.
      }
    }
    return undefined;
  }

  dispose(): void {
    this.panel?.dispose();
    this.panel = undefined;
  }
}
