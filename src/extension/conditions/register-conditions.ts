import * as vscode from 'vscode';
import { ConditionTableRequest } from '../../core/meta/conditions/condition-tables';
import { TableExportFormat } from '../../core/report/correlation-tables';
import { ConditionsPanelOptions } from '../../../webview/shared/conditions-protocol';
import { EvaluationStore } from '../evaluation-store';
import { WorkerClient } from '../worker-client';
import { ShowCorrelationsArgs, commandEvaluation, uriOf } from '../correlations/register-correlations';
import { ExportResult } from '../panel-export';
import { ConditionsController } from './conditions-controller';

/** Arguments of `understudy.showDataConditions` from a program or a test: the evaluation as for Show Correlations, and panel options. */
export interface ShowConditionsArgs extends Omit<ShowCorrelationsArgs, 'options'> {
  readonly options?: Partial<ConditionsPanelOptions>;
}

/** Arguments of `understudy.conditions.export`: a table of the result shown, written where a program says. */
export interface ExportConditionsArgs extends ConditionTableRequest {
  readonly format: TableExportFormat;
  readonly uri: vscode.Uri | string;
  readonly overwrite?: boolean;
}

/**
 * Registers "Understudy: Show Data Conditions" (`understudy.showDataConditions`: the workspace's `understudy.json` —
 * the evaluation the correlation panel uses —, else the correlation pickers; or a manifest URI; or `ShowConditionsArgs`;
 * resolves to the report, `{ error }` or undefined) and `understudy.conditions.export`.
 */
export function registerConditions(context: vscode.ExtensionContext, store: EvaluationStore, worker: WorkerClient): ConditionsController {
  const controller = new ConditionsController(context, worker);
  context.subscriptions.push(
    controller,
    vscode.commands.registerCommand('understudy.showDataConditions', async (args?: unknown) => {
      const evaluation = await commandEvaluation(args, context, store, worker, 'Show the data conditions of which evaluation?');
      if (evaluation && 'error' in evaluation) return evaluation;
      return evaluation ? controller.show(evaluation.evaluation, evaluation.options as Partial<ConditionsPanelOptions> | undefined) : undefined;
    }),
    vscode.commands.registerCommand('understudy.conditions.export', (args?: ExportConditionsArgs): Promise<ExportResult> => {
      if (!args || typeof args !== 'object') return Promise.resolve({ error: 'give { table, metric, format, uri }' });
      return controller.exportTable({ table: args.table, metric: args.metric }, args.format, { uri: uriOf(args.uri, 'uri'), overwrite: args.overwrite });
    }),
  );
  return controller;
}
