import * as vscode from 'vscode';
import { JsonReport, reportToJsonObject } from '../core/report/report-json';
import { UnderstudyError } from '../core/errors';
import { settingsFromConfiguration } from './configuration';
import { EvaluationStore, readSegments } from './evaluation-store';
import { reportOfScoredDocument } from './scored-report';
import { JobCancelled } from './worker-client';
import { pickReferences } from './reference-picker';
import { ResultsView } from './results-view';
import { offerManifest } from './manifest-writer';

export type ScoreCommandResult = JsonReport | { error: { code: string; message: string } } | undefined;

const REMEMBERED_KEY = 'understudy.references';

/**
 * "Understudy: Score Against Reference…": scores the active file (or `hypothesis`) against references picked in a
 * quick pick (or given), in the worker, with cancellable progress, and keeps it scored: its lines are decorated and
 * edits re-score them. Resolves to the CLI's JSON report (with a `line-count-mismatch` warning when the counts
 * differ: the lines that can be scored still are), or to `{ error }` when the files cannot be scored, so that
 * programs and tests can call it too.
 */
export async function scoreAgainstReference(
  context: vscode.ExtensionContext,
  store: EvaluationStore,
  view: ResultsView,
  hypothesis?: vscode.Uri,
  references?: vscode.Uri[],
): Promise<ScoreCommandResult> {
  const target = hypothesis ?? vscode.window.activeTextEditor?.document.uri;
  if (!target) {
    void vscode.window.showInformationMessage('Understudy: open a system output (one segment per line) first, then run "Score Against Reference…".');
    return undefined;
  }
  const remembered = context.workspaceState.get<Record<string, string[]>>(REMEMBERED_KEY, {});
  let chosen = references;
  if (!chosen) {
    const { segments } = await readSegments(target);
    chosen = await pickReferences(target, segments.length, remembered[target.toString()] ?? []);
  }
  if (!chosen) return undefined;
  await context.workspaceState.update(REMEMBERED_KEY, { ...remembered, [target.toString()]: chosen.map((u) => u.toString()) });

  const { metrics, settings } = settingsFromConfiguration();
  const picked = chosen;
  try {
    const scored = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `Understudy: scoring ${vscode.workspace.asRelativePath(target)}`, cancellable: true },
      (progress, token) => {
        const abort = new AbortController();
        token.onCancellationRequested(() => abort.abort());
        let reported = 0;
        return store.attach(target, picked, metrics, settings, {
          control: {
            signal: abort.signal,
            onProgress: (done, total) => {
              const percent = total > 0 ? (100 * done) / total : 100;
              progress.report({ increment: percent - reported, message: `${done} / ${total} segment scores` });
              reported = percent;
            },
          },
        });
      },
    );
    const report = reportOfScoredDocument(scored);
    view.show(report);
    if (scored.scores.mismatch) void vscode.window.showWarningMessage(`Understudy: ${scored.scores.mismatch.message}`);
    // Picked by hand (not given by a program): offer to keep the choice in a manifest.
    if (!references) void offerManifest(context, target, picked, metrics);
    return reportToJsonObject(report);
  } catch (error) {
    if (error instanceof JobCancelled) return undefined;
    if (error instanceof UnderstudyError) {
      void vscode.window.showErrorMessage(`Understudy: ${error.message}`);
      return { error: { code: error.code, message: error.message } };
    }
    throw error;
  }
}
