import * as vscode from 'vscode';
import { isRealSummRecord } from '../../core/meta/judgments/realsumm';
import { isSummEvalRecord } from '../../core/meta/judgments/summeval';
import { FragmentTableColumns, TEXT_COLUMN_NAMES } from '../../core/meta/gap/fragment-run';
import { FragmentTableId, FRAGMENT_TABLE_IDS } from '../../core/meta/gap/fragment-tables';
import { TableExportFormat } from '../../core/report/correlation-tables';
import { FragmentsPanelOptions } from '../../../webview/shared/fragments-protocol';
import { asUri } from '../compare/register-comparison';
import { settingsFromConfiguration } from '../configuration';
import { commandEvaluation, uriOf } from '../correlations/register-correlations';
import { EvaluationStore } from '../evaluation-store';
import { ExportResult } from '../panel-export';
import { likelyHumanColumn, readTableSource } from '../rose/score-table-source';
import { WorkerClient } from '../worker-client';
import { FragmentsController, FragmentsSource } from './fragments-controller';

type UriLike = vscode.Uri | string;

/**
 * Arguments of `understudy.showFragments` from a program or a test: a table of outputs with its columns, SummEval's
 * or REALSumm's summaries.jsonl with docs.jsonl, or an evaluation as for Show Correlations; and panel options.
 */
export type ShowFragmentsArgs =
  | ({ readonly table: UriLike; readonly humanColumns: readonly string[]; readonly metricColumns?: readonly string[]; readonly textColumn?: string; readonly systemColumn?: string; readonly itemColumn?: string } & { readonly options?: Partial<FragmentsPanelOptions> })
  | { readonly summaries: UriLike; readonly docs: UriLike; readonly options?: Partial<FragmentsPanelOptions> };

/** Arguments of `understudy.fragments.export`: a table of the report shown, written where a program says. */
export interface ExportFragmentsArgs {
  readonly table: FragmentTableId;
  readonly format: TableExportFormat;
  readonly uri: UriLike;
  readonly overwrite?: boolean;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !(v instanceof vscode.Uri);

/** The first line of a JSON Lines document, parsed (undefined when it is not an object). */
function firstRecord(document: vscode.TextDocument): Record<string, unknown> | undefined {
  for (let line = 0; line < Math.min(document.lineCount, 5); line++) {
    const text = document.lineAt(line).text.trim();
    if (text === '') continue;
    try {
      const value: unknown = JSON.parse(text);
      return isObject(value) ? value : undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** SummEval/REALSumm's summaries.jsonl open in the editor, with the docs.jsonl beside it (or one the user picks). */
async function summariesSource(document: vscode.TextDocument): Promise<FragmentsSource | undefined> {
  const beside = vscode.Uri.joinPath(document.uri, '..', 'docs.jsonl');
  let docs: vscode.Uri | undefined = beside;
  try {
    await vscode.workspace.fs.stat(beside);
  } catch {
    docs = (await vscode.window.showOpenDialog({ title: 'The docs.jsonl of these summaries (documents and references)', canSelectMany: false, filters: { 'JSON Lines': ['jsonl'] }, defaultUri: vscode.Uri.joinPath(document.uri, '..') }))?.[0];
  }
  return docs && { kind: 'summaries', summaries: document.uri, docs, settings: settingsFromConfiguration().settings };
}

/** A table of outputs open in the editor: its human score columns picked (several may be). */
async function tableSource(uri: vscode.Uri): Promise<FragmentsSource | undefined> {
  const table = await readTableSource(uri);
  const text = TEXT_COLUMN_NAMES.find((c) => table.table.columns.includes(c));
  const pickedText = text ?? (await vscode.window.showQuickPick(table.table.columns.filter((c) => !table.numeric.includes(c)), { title: 'Which column holds each output’s text?' }));
  if (!pickedText) return undefined;
  const candidates = table.numeric.filter((c) => c !== 'item' && c !== 'system');
  const likely = new Set(candidates.filter((c) => likelyHumanColumn([c]) !== undefined));
  const picked = await vscode.window.showQuickPick(
    candidates.map((c) => ({ label: c, picked: likely.has(c) })),
    { title: 'Which columns are human scores? (the other numeric columns are metrics)', canPickMany: true },
  );
  if (!picked || picked.length === 0) return undefined;
  const columns: FragmentTableColumns = { human: picked.map((p) => p.label), ...(text === undefined && { text: pickedText }) };
  return { kind: 'table', uri, columns };
}

function columnsFromArgs(args: Record<string, unknown>): FragmentTableColumns {
  const names = (value: unknown, what: string): string[] => {
    if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) throw new Error(`${what}: expected a list of column names.`);
    return value as string[];
  };
  const name = (value: unknown, what: string): string | undefined => {
    if (value === undefined) return undefined;
    if (typeof value !== 'string') throw new Error(`${what}: expected a column name.`);
    return value;
  };
  const text = name(args.textColumn, 'textColumn');
  const system = name(args.systemColumn, 'systemColumn');
  const item = name(args.itemColumn, 'itemColumn');
  return {
    human: names(args.humanColumns, 'humanColumns'),
    ...(args.metricColumns !== undefined && { metrics: names(args.metricColumns, 'metricColumns') }),
    ...(text !== undefined && { text }),
    ...(system !== undefined && { system }),
    ...(item !== undefined && { item }),
  };
}

/**
 * Registers "Understudy: Show Truncated-Sentence Diagnostics…" (`understudy.showFragments`: `ShowFragmentsArgs`; else
 * the table or SummEval/REALSumm summaries.jsonl in the active editor; else the workspace's evaluation as for Show
 * Correlations — resolves to the report, `{ error }` or undefined) and `understudy.fragments.export`.
 */
export function registerFragments(context: vscode.ExtensionContext, store: EvaluationStore, worker: WorkerClient): FragmentsController {
  const controller = new FragmentsController(context, worker);
  context.subscriptions.push(
    controller,
    vscode.commands.registerCommand('understudy.showFragments', async (args?: unknown) => {
      let source: FragmentsSource | undefined;
      let options: Partial<FragmentsPanelOptions> | undefined;
      try {
        if (isObject(args) && 'table' in args) {
          source = { kind: 'table', uri: uriOf(args.table, 'table'), columns: columnsFromArgs(args) };
          options = args.options as Partial<FragmentsPanelOptions> | undefined;
        } else if (isObject(args) && 'summaries' in args) {
          source = { kind: 'summaries', summaries: uriOf(args.summaries, 'summaries'), docs: uriOf(args.docs, 'docs'), settings: settingsFromConfiguration().settings };
          options = args.options as Partial<FragmentsPanelOptions> | undefined;
        } else if (args === undefined || asUri(args)) {
          const document = args === undefined ? vscode.window.activeTextEditor?.document : undefined;
          const uri = asUri(args) ?? document?.uri;
          const opened = uri && !uri.path.endsWith('understudy.json') ? await vscode.workspace.openTextDocument(uri) : undefined;
          const record = opened && /\.jsonl$/i.test(opened.uri.path) ? firstRecord(opened) : undefined;
          if (opened && record && (isSummEvalRecord(record) || isRealSummRecord(record))) source = await summariesSource(opened);
          else if (opened && record) source = await tableSource(opened.uri);
          else if (opened && /\.(csv|tsv|tab)$/i.test(opened.uri.path)) source = await tableSource(opened.uri);
          if (opened && !source) return undefined;
        }
      } catch (error) {
        return { error: { code: 'bad-option', message: (error as Error).message } };
      }
      if (!source) {
        const evaluation = await commandEvaluation(args, context, store, worker, 'Show the truncated-sentence diagnostics of which evaluation?');
        if (evaluation && 'error' in evaluation) return evaluation;
        if (!evaluation) return undefined;
        source = { kind: 'evaluation', evaluation: evaluation.evaluation };
        options = evaluation.options as Partial<FragmentsPanelOptions> | undefined;
      }
      return controller.show(source, options);
    }),
    vscode.commands.registerCommand('understudy.fragments.export', (args?: ExportFragmentsArgs): Promise<ExportResult> => {
      if (!args || typeof args !== 'object' || !FRAGMENT_TABLE_IDS.includes(args.table)) return Promise.resolve({ error: `give { table: ${FRAGMENT_TABLE_IDS.join('|')}, format, uri }` });
      return controller.exportTable(args.table, args.format, { uri: uriOf(args.uri, 'uri'), overwrite: args.overwrite });
    }),
  );
  return controller;
}
