import * as vscode from 'vscode';
import { UnderstudyError } from '../../core/errors';
import { ManualKind } from '../../core/meta/manual/manual-analysis';
import { ManualPanelOptions, TableFormat } from '../../../webview/shared/manual-protocol';
import { asUri } from '../compare/register-comparison';
import { WorkerClient } from '../worker-client';
import { ManualController, ManualExportResult, ShowManualResult } from './manual-controller';
import { ManualSources, sourcesFromUris } from './manual-inputs';

/**
 * Arguments of `understudy.showManualEvaluation` when a program (or a test) names the files instead of the Explorer
 * or the pickers: file paths or URIs (read as the Explorer's selection would be), optionally the kind (to say that a
 * .jsonl file is for `--identical`, or to force one) and the panel's options.
 */
export interface ShowManualArgs {
  readonly files: readonly (vscode.Uri | string)[];
  readonly kind?: ManualKind;
  readonly options?: ManualPanelOptions;
}

/** Arguments of `understudy.manualEvaluation.export` (programs and tests; the panel's buttons ask with a save dialog). */
export interface ExportManualArgs {
  readonly table: string;
  readonly format: TableFormat;
  readonly uri: vscode.Uri | string;
  readonly overwrite?: boolean;
}

interface AnalysisChoice extends vscode.QuickPickItem {
  readonly pick: () => Promise<vscode.Uri[] | undefined>;
}

const files = (title: string, filters: Record<string, string[]>, many = false) => async (): Promise<vscode.Uri[] | undefined> =>
  await vscode.window.showOpenDialog({ title, canSelectMany: many, filters, openLabel: 'Analyse' });

/** Without a selection: which analysis, then its files. */
async function pickSources(): Promise<ManualSources | undefined> {
  const choices: AnalysisChoice[] = [
    { label: 'Pyramid scores', description: 'DUCView .pan peer annotations (with .pyr pyramids) or pyramids as JSON', pick: files('Pyramid annotations', { 'DUCView or JSON': ['pan', 'pyr', 'json'] }, true) },
    {
      label: 'Pyramid scores of REALSumm',
      description: 'a REALSumm folder (SCUs_list.csv, selected_documents.md, summaries.jsonl)',
      pick: async () => await vscode.window.showOpenDialog({ title: 'REALSumm folder', canSelectFolders: true, canSelectFiles: false, openLabel: 'Analyse' }),
    },
    { label: "Krippendorff's alpha", description: 'reliability data: a CSV/TSV, a row per unit (or unit, coder, value rows)', pick: files('Reliability data', { 'CSV/TSV': ['csv', 'tsv', 'txt'] }) },
    { label: "Krippendorff's alpha of identical summaries", description: 'judged summaries as JSON Lines (SummEval, REALSumm)', pick: files('Judged summaries', { 'JSON Lines': ['jsonl'] }) },
    { label: 'Nugget precision, recall and F(β)', description: 'the answer key and the judged responses (two CSV/TSV files)', pick: files('Answer key and responses (choose both)', { 'CSV/TSV': ['csv', 'tsv', 'txt'] }, true) },
    { label: 'Relevance-Prediction and LDC-Agreement', description: 'relevance judgments (subject, event, document, condition, judgment)', pick: files('Relevance judgments', { 'CSV/TSV': ['csv', 'tsv', 'txt'] }) },
    { label: 'Cross comprehension', description: 'labels of summaries under other authors’ questions', pick: files('Comprehension judgments', { 'CSV/TSV': ['csv', 'tsv', 'txt'] }) },
  ];
  const choice = await vscode.window.showQuickPick(choices, { title: 'Understudy: which manual evaluation?', matchOnDescription: true });
  const uris = choice && (await choice.pick());
  if (!uris || uris.length === 0) return undefined;
  return sourcesFromUris(uris);
}

/** `kind` forces what the files are read as (e.g. reliability data that the header would take for something else). */
async function sourcesOf(uris: readonly vscode.Uri[], kind: ManualKind | undefined): Promise<ManualSources> {
  const guessed = await sourcesFromUris(uris);
  if (kind === undefined || kind === guessed.kind) return guessed;
  if (kind === 'agreement' && uris.length === 1) return { kind, file: uris[0], identical: uris[0].path.toLowerCase().endsWith('.jsonl') };
  if (kind === 'relevance' || kind === 'comprehension') return { kind, file: uris[0] };
  throw new UnderstudyError('bad-option', `${uris.length} file(s) cannot be read as ${kind} input.`);
}

/**
 * Registers "Understudy: Show Manual Evaluation" (`understudy.showManualEvaluation`: from the Explorer on .pan/.pyr
 * files or a REALSumm folder, from the palette with pickers, or with `ShowManualArgs`; resolves to the result, `{ error }`
 * or undefined) and `understudy.manualEvaluation.export` (a table of the analysis shown, written where a program says).
 */
export function registerManualEvaluation(context: vscode.ExtensionContext, worker: WorkerClient): ManualController {
  const controller = new ManualController(context, worker);
  context.subscriptions.push(
    controller,
    vscode.commands.registerCommand('understudy.showManualEvaluation', async (first?: unknown, selected?: unknown): Promise<ShowManualResult> => {
      let sources: ManualSources | undefined;
      let options: ManualPanelOptions | undefined;
      try {
        if (first instanceof vscode.Uri) {
          // The Explorer passes the clicked file and the whole selection.
          const uris = Array.isArray(selected) && selected.every((u) => u instanceof vscode.Uri) && selected.length > 0 ? (selected as vscode.Uri[]) : [first];
          sources = await sourcesFromUris(uris);
        } else if (typeof first === 'object' && first !== null) {
          const args = first as ShowManualArgs;
          if (!Array.isArray(args.files)) throw new UnderstudyError('bad-option', 'files: give the annotation files (paths or URIs).');
          const uris = args.files.map((f) => {
            const uri = asUri(f);
            if (!uri) throw new UnderstudyError('bad-option', `files: expected a URI or a path, got ${JSON.stringify(f)}.`);
            return uri;
          });
          sources = await sourcesOf(uris, args.kind);
          options = args.options;
        } else {
          sources = await pickSources();
        }
      } catch (error) {
        const message = (error as Error).message;
        void vscode.window.showErrorMessage(`Understudy: ${message}`);
        return { error: { code: error instanceof UnderstudyError ? error.code : 'bad-option', message } };
      }
      return sources ? controller.show(sources, options) : undefined;
    }),
    vscode.commands.registerCommand('understudy.manualEvaluation.export', (args?: ExportManualArgs): Promise<ManualExportResult> => {
      const uri = args && asUri(args.uri);
      if (!args || !uri) return Promise.resolve({ error: 'give { table, format, uri }' });
      return controller.exportTable(args.table, args.format, { uri, overwrite: args.overwrite });
    }),
  );
  return controller;
}
