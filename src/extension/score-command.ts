import * as vscode from 'vscode';
import { DEFAULT_METRIC_SETTINGS, MetricSettings } from '../core/engine/metric-settings';
import { JsonReport, reportToJsonObject } from '../core/report/report-json';
import { decodeSegments } from '../core/corpus/decode-segments';
import { UnderstudyError } from '../core/errors';
import { JobCancelled, WorkerClient } from './worker-client';
import { pickReferences } from './reference-picker';
import { ResultsView } from './results-view';

export type ScoreCommandResult = JsonReport | { error: { code: string; message: string } } | undefined;

const REMEMBERED_KEY = 'understudy.references';

/** Reads a file's segments from its open editor when there is one (unsaved edits count), else from disk. */
async function readSegments(uri: vscode.Uri): Promise<string[]> {
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  const bytes = open ? new TextEncoder().encode(open.getText()) : await vscode.workspace.fs.readFile(uri);
  return decodeSegments(bytes, vscode.workspace.asRelativePath(uri)).segments;
}

/**
 * Extension settings → metric settings. Each `understudy.*` key names one MetricSettings field, so the editor's numbers
 * can be reproduced by the CLI flag of the same name (see package.json `contributes.configuration`).
 */
const SETTING_KEYS: readonly (readonly [string, keyof MetricSettings])[] = [
  ['tokenize', 'tokenize'],
  ['lowercase', 'lowercase'],
  ['bleu.smooth', 'smooth'],
  ['bleu.effectiveOrder', 'effectiveOrder'],
  ['bleu.referenceLength', 'referenceLength'],
  ['chrf.charOrder', 'chrfCharOrder'],
  ['chrf.beta', 'chrfBeta'],
  ['ter.caseSensitive', 'terCaseSensitive'],
  ['ter.normalized', 'terNormalized'],
  ['ter.noPunct', 'terNoPunct'],
  ['ter.compat', 'terCompat'],
  ['nist.caseSensitive', 'nistCaseSensitive'],
  ['rouge.compat', 'rougeCompat'],
  ['rouge.stem', 'rougeStem'],
  ['rouge.stopwords', 'rougeStopwords'],
  ['rouge.modelAverage', 'rougeModelAverage'],
  ['rouge.jackknife', 'rougeJackknife'],
  ['rouge.alpha', 'rougeAlpha'],
  ['rouge.sentenceSplit', 'rougeSentenceSplit'],
  ['gtm.exponent', 'gtmExponent'],
];

function settingsFromConfiguration(): { metrics: string[]; settings: MetricSettings } {
  const config = vscode.workspace.getConfiguration('understudy');
  const settings: Record<string, unknown> = { ...DEFAULT_METRIC_SETTINGS };
  for (const [key, field] of SETTING_KEYS) settings[field] = config.get(key, DEFAULT_METRIC_SETTINGS[field]);
  return { metrics: config.get<string[]>('metrics', ['bleu', 'chrf', 'ter']), settings: settings as unknown as MetricSettings };
}

/**
 * "Understudy: Score Against Reference…": scores the active file (or `hypothesis`) against references picked in a
 * quick pick (or given), in the worker, with cancellable progress. Resolves to the CLI's JSON report, or to
 * `{ error }` when the files cannot be scored, so that programs and tests can call it too.
 */
export async function scoreAgainstReference(
  context: vscode.ExtensionContext,
  worker: WorkerClient,
  view: ResultsView,
  hypothesis?: vscode.Uri,
  references?: vscode.Uri[],
): Promise<ScoreCommandResult> {
  const target = hypothesis ?? vscode.window.activeTextEditor?.document.uri;
  if (!target) {
    void vscode.window.showInformationMessage('Understudy: open a system output (one segment per line) first, then run "Score Against Reference…".');
    return undefined;
  }
  const hypotheses = await readSegments(target);
  const remembered = context.workspaceState.get<Record<string, string[]>>(REMEMBERED_KEY, {});
  const chosen = references ?? (await pickReferences(target, hypotheses.length, remembered[target.toString()] ?? []));
  if (!chosen) return undefined;
  await context.workspaceState.update(REMEMBERED_KEY, { ...remembered, [target.toString()]: chosen.map((u) => u.toString()) });

  const { metrics, settings } = settingsFromConfiguration();
  try {
    const referenceInputs = await Promise.all(chosen.map(async (uri) => ({ file: vscode.workspace.asRelativePath(uri), segments: await readSegments(uri) })));
    const report = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `Understudy: scoring ${vscode.workspace.asRelativePath(target)}`, cancellable: true },
      (progress, token) => {
        const abort = new AbortController();
        token.onCancellationRequested(() => abort.abort());
        let reported = 0;
        return worker.score({
          references: referenceInputs,
          systems: [{ file: vscode.workspace.asRelativePath(target), hypotheses }],
          metrics,
          settings,
          // Sentence scores feed the report panel's histograms (and, later, the per-line decorations).
          sentence: true,
          signal: abort.signal,
          onProgress: (done, total) => {
            const percent = total > 0 ? (100 * done) / total : 100;
            progress.report({ increment: percent - reported, message: `${done} / ${total} segment scores` });
            reported = percent;
          },
        });
      },
    );
    view.show(report);
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
