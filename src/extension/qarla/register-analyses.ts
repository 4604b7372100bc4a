import * as vscode from 'vscode';
import type { HeterogeneitySettings, QarlaSettings } from '../../worker/meta-analysis-types';
import { asUri } from '../compare/register-comparison';
import { WorkerClient } from '../worker-client';
import { AnalysisController, AnalysisRunResult } from './analysis-controller';
import { pickHeterogeneityInput, pickQarlaInput } from './table-pickers';

/**
 * Arguments of `understudy.qarlaAnalysis` / `understudy.heterogeneityAnalysis` when a program (or a test) names the
 * table instead of the pickers: its URI (or path) and the settings, as `understudy qarla|heterogeneity` takes them.
 */
export interface AnalysisArgs {
  readonly table: vscode.Uri | string;
  readonly settings: Partial<QarlaSettings> | Partial<HeterogeneitySettings>;
  /** QARLA's search: system scores (names in the file's first column) to correlate each set's QUEEN with. */
  readonly human?: { readonly uri: vscode.Uri | string; readonly column: string };
}

const QARLA_DEFAULTS: Omit<QarlaSettings, 'models'> = { candidate: 'candidate', reference: 'reference', symmetric: false, options: {} };
const HETEROGENEITY_DEFAULTS: HeterogeneitySettings = { system: 'system', lowerIsBetter: [], combinations: [] };

function badArgs(message: string): AnalysisRunResult {
  return { error: { code: 'bad-option', message } };
}

/**
 * Registers "Understudy: QARLA Analysis…" and "Understudy: Heterogeneity Analysis…" (each: pickers, or an
 * `AnalysisArgs`; resolves to the worker's result, `{ error }`, or undefined when dismissed or cancelled).
 */
export function registerAnalyses(context: vscode.ExtensionContext, worker: WorkerClient): { qarla: AnalysisController; heterogeneity: AnalysisController } {
  const qarla = new AnalysisController('qarla', context.extensionUri, worker);
  const heterogeneity = new AnalysisController('heterogeneity', context.extensionUri, worker);
  const fromArgs = (args: unknown, defaults: object): AnalysisArgs | string => {
    const a = args as Partial<AnalysisArgs>;
    if (!asUri(a.table)) return 'table: give the URI or path of a CSV/TSV table.';
    if (typeof a.settings !== 'object' || a.settings === null) return 'settings: give the analysis settings (as understudy qarla|heterogeneity takes them).';
    return { table: asUri(a.table)!, settings: { ...defaults, ...a.settings }, ...(a.human && { human: a.human }) };
  };
  context.subscriptions.push(
    qarla,
    heterogeneity,
    vscode.commands.registerCommand('understudy.qarlaAnalysis', async (args?: unknown) => {
      if (typeof args === 'object' && args !== null && !(args instanceof vscode.Uri)) {
        const input = fromArgs(args, QARLA_DEFAULTS);
        if (typeof input === 'string') return badArgs(input);
        const human = input.human && asUri(input.human.uri);
        if (input.human && !human) return badArgs('human.uri: give the URI or path of the human scores file.');
        return qarla.show({ table: input.table as vscode.Uri, settings: input.settings as QarlaSettings, ...(human && input.human && { human: { uri: human, column: input.human.column } }) });
      }
      const picked = await pickQarlaInput(args instanceof vscode.Uri ? args : undefined);
      return picked ? qarla.show(picked) : undefined;
    }),
    vscode.commands.registerCommand('understudy.heterogeneityAnalysis', async (args?: unknown) => {
      if (typeof args === 'object' && args !== null && !(args instanceof vscode.Uri)) {
        const input = fromArgs(args, HETEROGENEITY_DEFAULTS);
        if (typeof input === 'string') return badArgs(input);
        return heterogeneity.show({ table: input.table as vscode.Uri, settings: input.settings as HeterogeneitySettings });
      }
      const picked = await pickHeterogeneityInput(args instanceof vscode.Uri ? args : undefined);
      return picked ? heterogeneity.show(picked) : undefined;
    }),
  );
  return { qarla, heterogeneity };
}
