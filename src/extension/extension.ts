import { performance } from 'perf_hooks';
import * as vscode from 'vscode';
import { createApi, UnderstudyApi } from './api';
import { EvaluationStore } from './evaluation-store';
import { ReportPanel } from './report-panel';
import { ResultsView } from './results-view';
import { ScoreDiagnostics } from './score-diagnostics';
import { scoreAgainstReference } from './score-command';
import { WorkerClient } from './worker-client';
import { registerEditorViews } from './editor-views';

/** Set by the bundle's first and last lines (esbuild.js banner and footer); absent when loaded unbundled. */
const loadTimes = globalThis as { __understudyLoadStart?: number; __understudyLoadEnd?: number };

export function activate(context: vscode.ExtensionContext): UnderstudyApi {
  const started = performance.now();
  const { __understudyLoadStart: loadStart, __understudyLoadEnd: loadEnd } = loadTimes;
  const load = loadStart === undefined || loadEnd === undefined ? undefined : { evaluateMs: loadEnd - loadStart, untilActivateMs: started - loadEnd };
  const worker = new WorkerClient(context.extensionPath);
  const store = new EvaluationStore(worker);
  const view = new ResultsView();
  const panel = new ReportPanel(context.extensionUri);
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
  );
  // Decorations, hovers, lenses, tree, reference view, manifests: src/extension/editor-views.ts.
  const views = registerEditorViews(context, store, view, panel);
  return createApi(store, { manifests: views.manifests, activationMs: performance.now() - started, load, tree: views.tree, references: views.references, decorations: views.decorations });
}

export function deactivate(): void {
  // Disposables registered on the context stop the worker.
}
