import * as vscode from 'vscode';
import { HumanCombineOptions, HumanJudgmentsFile } from '../../core/meta/judgments/human-judgments';
import { CorrelationTableRequest, TableExportFormat } from '../../core/report/correlation-tables';
import { CorrelationPanelOptions } from '../../../webview/shared/correlation-protocol';
import { asUri } from '../compare/register-comparison';
import { settingsFromConfiguration } from '../configuration';
import { EvaluationStore } from '../evaluation-store';
import { WorkerClient } from '../worker-client';
import { CorrelationController, ExportResult } from './correlation-controller';
import { pickCorrelationEvaluation } from './correlation-pickers';
import { CorrelationEvaluation } from './run-correlation';
import { evaluationFromManifest, findWorkspaceManifests } from './workspace-manifest';
import { UnderstudyError } from '../../core/errors';
import { manifestRoseModels } from '../../core/meta/rose/rose-manifest';

type UriLike = vscode.Uri | string;

/**
 * Arguments of `understudy.showCorrelations` when a program (a manifest, a test) names the evaluation instead of the
 * pickers: URIs (or URI strings or paths), the judgments as an `understudy.json` `humanJudgments` entry with `uri`
 * for `file`, metrics (default: the `understudy.metrics` setting, with the `understudy.*` metric settings) and panel
 * options.
 */
export interface ShowCorrelationsArgs {
  readonly title?: string;
  readonly references: readonly UriLike[];
  readonly systems: readonly (UriLike | { readonly uri: UriLike; readonly name?: string })[];
  readonly judgments: {
    readonly label?: string;
    readonly files: readonly (Omit<HumanJudgmentsFile, 'file'> & { readonly uri: UriLike })[];
    readonly combine?: HumanCombineOptions;
  };
  readonly metrics?: readonly string[];
  readonly options?: Partial<CorrelationPanelOptions>;
  /** ROSE models (as understudy.json `roseModels` holds them) to correlate as metrics too. */
  readonly roseModels?: readonly unknown[];
}

/** Arguments of `understudy.correlations.export` (programs and tests; the panel's buttons ask with a save dialog). */
export interface ExportCorrelationsArgs extends CorrelationTableRequest {
  readonly format: TableExportFormat;
  readonly uri: UriLike;
  readonly overwrite?: boolean;
}

export function uriOf(value: unknown, what: string): vscode.Uri {
  const uri = asUri(value);
  if (!uri) throw new Error(`${what}: expected a URI or a path, got ${JSON.stringify(value)}.`);
  return uri;
}

/** The evaluation a program describes (validated enough to fail with a message rather than deep in the worker). */
export function evaluationFromArgs(args: ShowCorrelationsArgs): CorrelationEvaluation {
  if (!Array.isArray(args.references) || args.references.length === 0) throw new Error('references: give at least one reference file.');
  if (!Array.isArray(args.systems) || args.systems.length === 0) throw new Error('systems: give the system output files.');
  if (!args.judgments || !Array.isArray(args.judgments.files) || args.judgments.files.length === 0) throw new Error('judgments.files: give at least one judgments file.');
  const configured = settingsFromConfiguration();
  return {
    ...(args.title !== undefined && { title: args.title }),
    references: args.references.map((r) => uriOf(r, 'references')),
    systems: args.systems.map((s) =>
      typeof s === 'object' && !(s instanceof vscode.Uri) ? { uri: uriOf(s.uri, 'systems'), ...(s.name !== undefined && { name: s.name }) } : { uri: uriOf(s, 'systems') },
    ),
    judgments: {
      ...(args.judgments.label !== undefined && { label: args.judgments.label }),
      files: args.judgments.files.map(({ uri, ...options }) => ({ uri: uriOf(uri, 'judgments.files'), ...options })),
      ...(args.judgments.combine && { combine: args.judgments.combine }),
    },
    metrics: args.metrics ?? configured.metrics,
    settings: configured.settings,
    ...(args.roseModels !== undefined && { roseModels: manifestRoseModels(args.roseModels) ?? [] }),
  };
}

/** The workspace's understudy.json: the only one, or one picked when several folders have one; none: undefined. */
async function pickWorkspaceManifest(title: string): Promise<vscode.Uri | undefined> {
  const manifests = await findWorkspaceManifests();
  if (manifests.length <= 1) return manifests[0];
  const picked = await vscode.window.showQuickPick(
    manifests.map((uri) => ({ label: vscode.workspace.getWorkspaceFolder(uri)?.name ?? uri.fsPath, description: vscode.workspace.asRelativePath(uri, true), uri })),
    { title },
  );
  return picked?.uri;
}

/**
 * The evaluation a show command runs on: `ShowCorrelationsArgs` (with the options they carry), or an understudy.json
 * (the one given, e.g. from the Explorer, or the workspace's: it says everything), else the pickers. `{ error }` when
 * the arguments or the manifest are wrong; undefined when the user gives up.
 */
export async function commandEvaluation(
  args: unknown,
  context: vscode.ExtensionContext,
  store: EvaluationStore,
  worker: WorkerClient,
  pickTitle: string,
): Promise<{ evaluation: CorrelationEvaluation; options?: unknown } | { error: { code: string; message: string } } | undefined> {
  if (typeof args === 'object' && args !== null && !(args instanceof vscode.Uri)) {
    try {
      return { evaluation: evaluationFromArgs(args as ShowCorrelationsArgs), options: (args as { options?: unknown }).options };
    } catch (error) {
      return { error: { code: 'bad-option', message: (error as Error).message } };
    }
  }
  const manifest = args instanceof vscode.Uri ? args : await pickWorkspaceManifest(pickTitle);
  if (!manifest) {
    const picked = await pickCorrelationEvaluation(context, store, worker);
    return picked && { evaluation: picked };
  }
  try {
    const evaluation = await evaluationFromManifest(manifest);
    return evaluation && { evaluation };
  } catch (error) {
    const message = (error as Error).message;
    void vscode.window.showErrorMessage(`Understudy: ${message}`, 'Open the Manifest').then((choice) => (choice ? vscode.commands.executeCommand('vscode.open', manifest) : undefined));
    return { error: { code: error instanceof UnderstudyError ? error.code : 'bad-option', message } };
  }
}

/**
 * Registers "Understudy: Show Correlations" (`understudy.showCorrelations`: the workspace's `understudy.json`, else
 * pickers; or the URI of a manifest; or a `ShowCorrelationsArgs`;
 * resolves to the report, `{ error }` or undefined) and `understudy.correlations.export` (a table of the report shown,
 * written where a program says).
 */
export function registerCorrelations(context: vscode.ExtensionContext, store: EvaluationStore, worker: WorkerClient): CorrelationController {
  const controller = new CorrelationController(context, worker);
  context.subscriptions.push(
    controller,
    vscode.commands.registerCommand('understudy.showCorrelations', async (args?: unknown) => {
      const evaluation = await commandEvaluation(args, context, store, worker, 'Show the correlations of which evaluation?');
      if (evaluation && 'error' in evaluation) return evaluation;
      return evaluation ? controller.show(evaluation.evaluation, evaluation.options as Partial<CorrelationPanelOptions> | undefined) : undefined;
    }),
    vscode.commands.registerCommand('understudy.correlations.export', (args?: ExportCorrelationsArgs): Promise<ExportResult> => {
      if (!args || typeof args !== 'object') return Promise.resolve({ error: 'give { table, format, uri }' });
      const { format, uri, overwrite, ...request } = args;
      return controller.exportTable(request, format, { uri: uriOf(uri, 'uri'), overwrite });
    }),
  );
  return controller;
}
