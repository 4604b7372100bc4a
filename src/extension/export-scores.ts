import * as vscode from 'vscode';
import { precisionRecallF } from '../core/report/report-json';
import { ExportFormat, ExportedSystem, exportFormatOf, formatExport, scoreExport } from '../core/report/score-export';
import { EvaluationStore, ScoredDocument, readSegments } from './evaluation-store';

/** Arguments of `understudy.exportScores` when a program (or a test) calls it; every one is optional. */
export interface ExportScoresOptions {
  /** Where to write (a Uri, URI string or path). Without it a save dialog asks, and confirms any overwrite itself. */
  readonly uri?: vscode.Uri | string;
  /** Default: from the file's extension (.csv, .json, .md/.markdown). */
  readonly format?: ExportFormat;
  /** The scored files to export (default: all of them, picked in a quick pick when there are several). */
  readonly systems?: readonly (vscode.Uri | string)[];
  /** Replace an existing file at `uri`; without it, an existing file is left alone and the command says so. */
  readonly overwrite?: boolean;
}

export type ExportScoresResult =
  | { readonly uri: string; readonly format: ExportFormat; readonly systems: number; readonly segments: number }
  | { readonly error: { readonly code: 'nothing-scored' | 'not-scored' | 'exists' | 'unknown-format' | 'write-failed'; readonly message: string } }
  | undefined;

const FORMAT_LABEL: Record<ExportFormat, string> = { csv: 'CSV', json: 'JSON', markdown: 'Markdown' };

function toUri(value: vscode.Uri | string): vscode.Uri {
  if (value instanceof vscode.Uri) return value;
  return /^[a-z][\w+.-]*:/i.test(value) && !/^[a-z]:[\\/]/i.test(value) ? vscode.Uri.parse(value) : vscode.Uri.file(value);
}

async function exists(uri: vscode.Uri): Promise<boolean> {
  try {
    await vscode.workspace.fs.stat(uri);
    return true;
  } catch {
    return false;
  }
}

function fail(code: NonNullable<Extract<ExportScoresResult, { error: unknown }>>['error']['code'], message: string, quiet: boolean): ExportScoresResult {
  if (!quiet) void vscode.window.showErrorMessage(`Understudy: ${message}`);
  return { error: { code, message } };
}

/** A scored document as exported: its current lines (unsaved edits included, as they were scored) and scores. */
async function exportedSystem(scored: ScoredDocument): Promise<ExportedSystem> {
  const { segments } = await readSegments(scored.uri);
  const { scores } = scored;
  const corpus: ExportedSystem['corpus'] = Object.fromEntries(
    Object.entries(scores.corpus).map(([metric, result]) => {
      const interval = scored.intervals?.[metric];
      return [
        metric,
        {
          score: result.score,
          ...precisionRecallF(result),
          signature: result.signature,
          ...(interval && {
            interval: { mean: interval.mean, halfWidth: interval.halfWidth, lower: interval.lower, upper: interval.upper, samples: interval.samples, seed: Number(interval.seed) },
          }),
        },
      ];
    }),
  );
  return {
    name: scored.name,
    file: vscode.workspace.asRelativePath(scored.uri),
    references: scored.references.map((r) => vscode.workspace.asRelativePath(r)),
    corpus,
    segments: Array.from({ length: scores.scoredCount }, (_, i) => ({
      hypothesis: segments[i] ?? '',
      scores: Object.fromEntries(Object.entries(scores.sentence).map(([metric, values]) => [metric, values[i]])),
    })),
  };
}

async function pickDocuments(store: EvaluationStore): Promise<ScoredDocument[] | undefined> {
  const all = store.all();
  if (all.length <= 1) return all;
  const active = vscode.window.activeTextEditor?.document.uri.toString();
  const items = all
    .sort((x, y) => (x.uri.toString() === active ? -1 : y.uri.toString() === active ? 1 : x.name.localeCompare(y.name)))
    .map((scored) => ({ label: scored.name, description: `${scored.scores.scoredCount} segments · ${scored.metrics.join(', ')}`, picked: true, scored }));
  const picked = await vscode.window.showQuickPick(items, { canPickMany: true, title: 'Export the scores of…' });
  return picked && picked.length > 0 ? picked.map((p) => p.scored) : undefined;
}

async function pickTarget(): Promise<{ uri: vscode.Uri; format: ExportFormat } | undefined> {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const uri = await vscode.window.showSaveDialog({
    title: 'Export Understudy scores',
    saveLabel: 'Export',
    defaultUri: folder && vscode.Uri.joinPath(folder, 'understudy-scores.csv'),
    filters: { CSV: ['csv'], JSON: ['json'], Markdown: ['md', 'markdown'] },
  });
  if (!uri) return undefined;
  const format = exportFormatOf(uri.path);
  if (format) return { uri, format };
  const chosen = await vscode.window.showQuickPick(
    (Object.keys(FORMAT_LABEL) as ExportFormat[]).map((f) => ({ label: FORMAT_LABEL[f], format: f })),
    { title: `Write ${vscode.workspace.asRelativePath(uri)} as…` },
  );
  return chosen && { uri, format: chosen.format };
}

/**
 * "Understudy: Export Scores": per-segment and corpus scores of scored files, with signatures (and bootstrap
 * intervals where computed), as CSV, JSON or Markdown. Interactively the save dialog picks the file and asks before
 * replacing one; a program passing `uri` gets `{ error: { code: 'exists' } }` for an existing file unless it passes
 * `overwrite: true`. Nothing is written when anything fails.
 */
export async function exportScores(store: EvaluationStore, options: ExportScoresOptions = {}): Promise<ExportScoresResult> {
  const programmatic = options.uri !== undefined;
  if (store.all().length === 0) {
    const message = 'nothing is scored yet: run "Understudy: Score Against Reference…" on a system output first.';
    if (!programmatic) void vscode.window.showInformationMessage(`Understudy: ${message}`);
    return { error: { code: 'nothing-scored', message } };
  }
  let documents: ScoredDocument[] | undefined;
  if (options.systems) {
    documents = [];
    for (const value of options.systems) {
      const scored = store.get(toUri(value));
      if (!scored) return fail('not-scored', `${vscode.workspace.asRelativePath(toUri(value))} is not scored: score it first, then export.`, programmatic);
      documents.push(scored);
    }
  } else {
    documents = await pickDocuments(store);
  }
  if (!documents || documents.length === 0) return undefined;

  let target: { uri: vscode.Uri; format: ExportFormat } | undefined;
  if (options.uri !== undefined) {
    const uri = toUri(options.uri);
    const format = options.format ?? exportFormatOf(uri.path);
    if (!format) return fail('unknown-format', `cannot tell the format of ${uri.path}: name it .csv, .json or .md, or pass format.`, true);
    if (!options.overwrite && (await exists(uri))) {
      return fail('exists', `${vscode.workspace.asRelativePath(uri)} already exists and was left as it is: pass overwrite: true to replace it.`, true);
    }
    target = { uri, format };
  } else {
    target = await pickTarget();
  }
  if (!target) return undefined;

  const systems = await Promise.all(documents.map(exportedSystem));
  const text = formatExport(scoreExport(systems, new Date().toISOString()), target.format);
  try {
    await vscode.workspace.fs.writeFile(target.uri, new TextEncoder().encode(text));
  } catch (error) {
    return fail('write-failed', `could not write ${target.uri.fsPath}: ${(error as Error).message}`, false);
  }
  const segments = systems.reduce((sum, s) => sum + s.segments.length, 0);
  if (!programmatic) {
    void vscode.window
      .showInformationMessage(`Understudy: exported ${systems.length} system${systems.length === 1 ? '' : 's'} (${segments} segment scores) to ${vscode.workspace.asRelativePath(target.uri)}.`, 'Open')
      .then((choice) => (choice === 'Open' ? vscode.window.showTextDocument(target.uri) : undefined));
  }
  return { uri: target.uri.toString(), format: target.format, systems: systems.length, segments };
}

export function registerExportScores(store: EvaluationStore): vscode.Disposable {
  return vscode.commands.registerCommand('understudy.exportScores', (options?: unknown) =>
    exportScores(store, typeof options === 'object' && options !== null && !(options instanceof vscode.Uri) ? (options as ExportScoresOptions) : {}),
  );
}
