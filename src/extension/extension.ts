import * as vscode from 'vscode';
import { ResultsView } from './results-view';
import { scoreAgainstReference } from './score-command';
import { WorkerClient } from './worker-client';

export function activate(context: vscode.ExtensionContext): void {
  const worker = new WorkerClient(context.extensionPath);
  const view = new ResultsView();
  context.subscriptions.push(
    view,
    { dispose: () => worker.dispose() },
    vscode.commands.registerCommand('understudy.scoreAgainstReference', (hypothesis?: vscode.Uri, references?: vscode.Uri[]) =>
      scoreAgainstReference(context, worker, view, hypothesis instanceof vscode.Uri ? hypothesis : undefined, references),
    ),
    vscode.commands.registerCommand('understudy.showReport', () => view.reveal()),
  );
}

export function deactivate(): void {
  // Disposables registered on the context stop the worker.
}
