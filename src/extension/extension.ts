import { performance } from 'perf_hooks';
import * as vscode from 'vscode';
import { createApi, UnderstudyApi } from './api';
import { registerEditorViews } from './editor-views';
import { EvaluationStore } from './evaluation-store';
import { ReportPanel } from './report-panel';
import { ResultsView } from './results-view';
import { ScoreDiagnostics } from './score-diagnostics';
import { scoreAgainstReference } from './score-command';
import { WorkerClient } from './worker-client';
import { registerComparison } from './compare/register-comparison';
import { registerExportScores } from './export-scores';
import { registerCorrelations } from './correlations/register-correlations';
import { registerConditions } from './conditions/register-conditions';
import { registerFragments } from './fragments/register-fragments';
import { registerManualEvaluation } from './manual/register-manual';
import { registerAnalyses } from './qarla/register-analyses';
import { registerRose } from './rose/register-rose';

export function activate(context: vscode.ExtensionContext): UnderstudyApi {
  const started = performance.now();
  // The built-in parser's threads are set when the scoring worker starts (0: Understudy chooses).
  const worker = new WorkerClient(context.extensionPath, undefined, () => vscode.workspace.getConfiguration('understudy').get<number>('performance.parserThreads', 0));
  const store = new EvaluationStore(worker);
  const view = new ResultsView();
  const panel = new ReportPanel(context.extensionUri);
  // Decorations, hovers, lenses, the Evaluations tree, the reference view, understudy.json manifests: editor-views.ts.
  registerEditorViews(context, store, panel, started);
  context.subscriptions.push(
    { dispose: () => worker.dispose() },
    store,
    new ScoreDiagnostics(store),
    view,
    panel,
    view.onDidChangeReport((report) => panel.update(report)),
    vscode.commands.registerCommand('understudy.scoreAgainstReference', (hypothesis?: vscode.Uri, references?: vscode.Uri[]) =>
      scoreAgainstReference(context, store, view, hypothesis instanceof vscode.Uri ? hypothesis : undefined, references),
    ),
    // The report panel once something was scored; before that, the (empty) output channel.
    vscode.commands.registerCommand('understudy.showReport', () => (view.latest ? panel.show(view.latest) : view.reveal())),
    registerExportScores(store),
  );
  registerComparison(context, store);
  registerCorrelations(context, store, worker);
  registerConditions(context, store, worker);
  registerFragments(context, store, worker);
  registerManualEvaluation(context, worker);
  registerAnalyses(context, worker);
  registerRose(context, worker);
  return createApi(store);
}

export function deactivate(): void {
  // Disposables registered on the context stop the worker.
}
