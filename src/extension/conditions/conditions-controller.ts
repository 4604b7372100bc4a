import * as vscode from 'vscode';
import { ConditionRunReport, DataConditionSettings } from '../../core/meta/conditions/condition-sources';
import { conditionsCommandLine } from '../../core/meta/conditions/conditions-command-line';
import { ConditionTableRequest, conditionTable } from '../../core/meta/conditions/condition-tables';
import { TableExportFormat, formatCorrelationTable } from '../../core/report/correlation-tables';
import {
  ConditionsPanelOptions,
  MessageFromConditionsWebview,
  ShowConditionsMessage,
  defaultConditionsOptions,
  isConditionsPanelOptions,
} from '../../../webview/shared/conditions-protocol';
import { WorkerClient } from '../worker-client';
import { copyText } from '../copy-text';
import { LatestComputation, PanelCommandResult, panelCommandResult } from '../latest-computation';
import { ExportResult, ExportTarget, writePlotExport, writeTableExport } from '../panel-export';
import { CorrelationEvaluation, displayPath, humanScoreSpec, readEvaluationSources, unsavedFiles } from '../correlations/run-correlation';
import { ConditionsPanel } from './conditions-panel';

/** The panel's options last applied, per workspace. */
const OPTIONS_KEY = 'understudy.conditions.options';

export type ShowConditionsResult = PanelCommandResult<ConditionRunReport>;

/**
 * The panel's options as `dataConditions` (and `understudy conditions`) take them: only what differs from the
 * command's defaults, so that the result — its notes on defaults taken included — is the one the command line prints.
 */
export function conditionSettings(options: ConditionsPanelOptions): DataConditionSettings {
  const defaults = defaultConditionsOptions([]);
  const differs = <K extends keyof ConditionsPanelOptions>(key: K): boolean => options[key] !== defaults[key];
  return {
    axis: options.axis,
    ...(differs('repetitions') && { repetitions: options.repetitions }),
    ...(differs('seed') && { seed: options.seed }),
    ...(options.sizes.length > 0 && { sizes: [...options.sizes] }),
    ...(differs('correlation') && { correlation: options.correlation }),
    ...(differs('humanTarget') && { humanTarget: options.humanTarget }),
    ...(differs('correction') && { pairwiseCorrection: options.correction }),
    ...(differs('alpha') && { alpha: options.alpha }),
    ...(differs('pairAlpha') && { pairAlpha: options.pairAlpha }),
    ...(differs('bootstrap') && { bootstrap: options.bootstrap }),
    ...(differs('pairs') && { pairs: options.pairs }),
  };
}

/** The `understudy conditions` command line of an evaluation run with these options. */
export function conditionsCommandFor(evaluation: CorrelationEvaluation, options: ConditionsPanelOptions): { commandLine: string; commandNote?: string } {
  return conditionsCommandLine({
    human: humanScoreSpec(evaluation.judgments),
    references: evaluation.references.map(displayPath),
    systems: evaluation.systems.map((s) => displayPath(s.uri)),
    namedSystems: evaluation.systems.some((s) => s.name !== undefined),
    metrics: options.metrics,
    metricSettings: evaluation.settings,
    options: conditionSettings(options),
  });
}

const STAGE_LABELS: Readonly<Record<string, string>> = {
  scoring: 'Scoring each system against every reference',
  subsets: 'Resampling subsets',
};

/**
 * "Understudy: Show Data Conditions": runs seed 002's data-condition experiments on an evaluation in the worker
 * (progress, cancellation) and keeps the panel showing the result, its options and the command line that prints
 * the same numbers. The panel's requests — recompute, cancel, copy, export a table or a plot — land here.
 */
export class ConditionsController implements vscode.Disposable {
  private readonly panel: ConditionsPanel;
  private evaluation: CorrelationEvaluation | undefined;
  private options: ConditionsPanelOptions = defaultConditionsOptions([]);
  private shown: { report: ConditionRunReport; options: ConditionsPanelOptions; unsaved: string[] } | undefined;
  private readonly computation = new LatestComputation((immediately) => this.post(immediately), STAGE_LABELS);
  private revision = 0;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly worker: WorkerClient,
  ) {
    this.panel = new ConditionsPanel(context.extensionUri, (message) => this.handle(message));
    this.panel.onDidDispose(() => this.computation.cancel());
  }

  get report(): ConditionRunReport | undefined {
    return this.shown?.report;
  }

  /** Opens the panel for `evaluation` and runs it; resolves to the report, `{ error }`, or undefined when cancelled. */
  async show(evaluation: CorrelationEvaluation, options?: Partial<ConditionsPanelOptions>): Promise<ShowConditionsResult> {
    const saved = this.context.workspaceState.get<Partial<ConditionsPanelOptions>>(OPTIONS_KEY, {});
    const metrics = [...evaluation.metrics];
    const merged = { ...defaultConditionsOptions(metrics), ...saved, ...options };
    // Saved metrics of another evaluation: this one's.
    if (!options?.metrics && !merged.metrics.every((m) => metrics.includes(m))) merged.metrics = metrics;
    if (!isConditionsPanelOptions(merged)) {
      return { error: { code: 'bad-option', message: `options: not valid conditions options (axis references|items, 2 ≤ repetitions ≤ 100,000, sizes ≥ 1, 0 < alpha < 1, …): ${JSON.stringify(options)}` } };
    }
    this.evaluation = evaluation;
    this.shown = undefined;
    return this.run(merged);
  }

  private title(): string {
    const evaluation = this.evaluation;
    const folder = evaluation?.systems[0] ? displayPath(vscode.Uri.joinPath(evaluation.systems[0].uri, '..')) : '';
    const name = evaluation?.title ?? (folder && folder !== '.' ? folder : vscode.workspace.name ?? 'evaluation');
    return `Data conditions — ${name}`;
  }

  private message(): ShowConditionsMessage | undefined {
    const evaluation = this.evaluation;
    if (!evaluation) return undefined;
    const options = this.shown?.options ?? this.options;
    const command = conditionsCommandFor(evaluation, options);
    return {
      type: 'conditions',
      revision: this.revision,
      title: this.title(),
      ...(this.shown && { report: this.shown.report }),
      options,
      metrics: evaluation.metrics,
      status: this.computation.status,
      commandLine: command.commandLine,
      ...(command.commandNote && { commandNote: command.commandNote }),
      unsaved: this.shown?.unsaved ?? [],
    };
  }

  private post(immediately = false): void {
    const message = this.message();
    if (!message) return;
    if (this.panel.isOpen) this.panel.update(message, immediately);
    else this.panel.show(message);
  }

  private async run(options: ConditionsPanelOptions): Promise<ShowConditionsResult> {
    const evaluation = this.evaluation;
    if (!evaluation) return undefined;
    this.options = options;
    this.revision++;
    const outcome = await this.computation.run(
      async (control) =>
        this.worker.request<'conditions'>(
          { type: 'conditions', ...(await readEvaluationSources(evaluation)), metrics: options.metrics, settings: evaluation.settings, options: conditionSettings(options) },
          control,
        ),
      (ended) => {
        if (ended.kind !== 'done') return;
        this.shown = { report: ended.value, options, unsaved: unsavedFiles(evaluation) };
        this.revision++;
      },
    );
    return panelCommandResult(outcome, (value) => value);
  }

  private async handle(message: MessageFromConditionsWebview): Promise<void> {
    switch (message.type) {
      case 'ready':
        return;
      case 'recompute':
        await this.context.workspaceState.update(OPTIONS_KEY, message.options);
        await this.run(message.options);
        return;
      case 'cancel':
        this.computation.cancel();
        return;
      case 'copy':
        await copyText(message.text);
        return;
      case 'exportTable':
        await this.exportTable({ table: message.table, metric: message.metric }, message.format);
        return;
      case 'exportPlot':
        await this.exportPlot(message.name, message.format, message.data);
        return;
    }
  }

  /** Writes one table of the result shown as CSV, LaTeX or Markdown (asking where, unless `target` says). */
  async exportTable(request: ConditionTableRequest, format: TableExportFormat, target?: ExportTarget): Promise<ExportResult> {
    const result = this.report?.result;
    const table = result && conditionTable(result, request);
    if (!table) return { error: result ? `the result has no ${request.table} table${request.metric ? ` for ${request.metric}` : ''}` : 'no data conditions computed yet' };
    const metric = request.metric ? `-${request.metric.replace(/[^\w.+-]+/g, '-')}` : '';
    return writeTableExport('data-condition panel', `conditions-${request.table}${metric}`, format, () => formatCorrelationTable(table, format), target);
  }

  /** Writes a plot the webview drew (an SVG document, or a PNG data URL). */
  exportPlot(name: string, format: 'svg' | 'png', data: string, target?: ExportTarget): Promise<ExportResult> {
    return writePlotExport('data-condition panel', name, format, data, target);
  }

  dispose(): void {
    this.computation.cancel();
    this.panel.dispose();
  }
}
