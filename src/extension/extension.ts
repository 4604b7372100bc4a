import * as vscode from 'vscode';
import { ReportPanel } from './report-panel';
import { ResultsView } from './results-view';
import { scoreAgainstReference } from './score-command';
import { WorkerClient } from './worker-client';

export function activate(context: vscode.ExtensionContext): void {
  const worker = new WorkerClient(context.extensionPath);
  const view = new ResultsView();
  const panel = new ReportPanel(context.extensionUri);
  context.subscriptions.push(
    view,
    panel,
    view.onDidChangeReport((report) => panel.update(report)),
    { dispose: () => worker.dispose() },
    vscode.commands.registerCommand('understudy.scoreAgainstReference', (hypothesis?: vscode.Uri, references?: vscode.Uri[]) =>
      scoreAgainstReference(context, worker, view, hypothesis instanceof vscode.Uri ? hypothesis : undefined, references),
    ),
    // The report panel once something was scored; before that, the (empty) output channel.
    vscode.commands.registerCommand('understudy.showReport', () => (view.latest ? panel.show(view.latest) : view.reveal())),
  );
}

export function deactivate(): void {
  // Disposables registered on the context stop the worker.
}
