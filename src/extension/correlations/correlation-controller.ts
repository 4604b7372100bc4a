import * as vscode from 'vscode';
import { UnderstudyError } from '../../core/errors';
import { CorrelationReport, MetaEvaluationOptions } from '../../core/meta/correlation-report';
import {
  CorrelationTableRequest,
  TableExportFormat,
  correlationTable,
  formatCorrelationTable,
} from '../../core/report/correlation-tables';
import {
  CorrelationPanelOptions,
  CorrelationStatus,
  MessageFromCorrelationWebview,
  ShowCorrelationsMessage,
  isCorrelationPanelOptions,
} from '../../../webview/shared/correlation-protocol';
import { readSegments } from '../evaluation-store';
import { WorkerClient } from '../worker-client';
import { ExportResult, ExportTarget, writePlotExport, writeTableExport } from '../panel-export';
import { copyText } from '../copy-text';
import { LatestComputation, PanelCommandResult, panelCommandResult } from '../latest-computation';
import { CorrelationPanel } from './correlation-panel';
import { judgmentAspects } from './correlation-pickers';
import { CorrelationEvaluation, CorrelationRun, correlationCommandLine, displayPath, runCorrelation } from './run-correlation';

/** The panel's options last applied, per workspace (the judgments' aspect belongs to the judgments, not here). */
const OPTIONS_KEY = 'understudy.correlations.options';

export type ShowCorrelationsResult = PanelCommandResult<CorrelationReport>;

export type { ExportResult, ExportTarget } from '../panel-export';

/** `understudy correlate`'s defaults, with the seed, bootstrap samples and correction of the `understudy.significance.*` settings. */
export function defaultPanelOptions(): CorrelationPanelOptions {
  const config = vscode.workspace.getConfiguration('understudy.significance');
  const seed = config.get<number>('seed', 12345);
  const samples = config.get<number>('bootstrapSamples', 1000);
  const correction = config.get<string>('correction', 'holm');
  return {
    correlations: ['pearson', 'spearman', 'kendall-b'],
    groupings: ['pooled', 'by-system', 'by-item'],
    level: 0.95,
    bootstrapSamples: Number.isSafeInteger(samples) && samples >= 0 ? samples : 1000,
    resample: 'items',
    permutationSamples: 1000,
    seed: Number.isSafeInteger(seed) && seed >= 0 ? seed : 12345,
    correction: correction === 'bonferroni' || correction === 'none' ? correction : 'holm',
    aspects: [],
  };
}

/** The panel's options as the meta-evaluation (and `understudy correlate`) take them. */
export function metaEvaluationOptions(options: CorrelationPanelOptions): MetaEvaluationOptions {
  return {
    correlations: options.correlations,
    groupings: options.groupings,
    level: options.level,
    bootstrapSamples: options.bootstrapSamples,
    resample: options.resample,
    permutationSamples: options.permutationSamples,
    seed: options.seed,
    correction: options.correction,
  };
}

/** The evaluation with the panel's choice of human score aspects (none chosen: the judgments' own). */
function withAspects(evaluation: CorrelationEvaluation, aspects: readonly string[]): CorrelationEvaluation {
  if (aspects.length === 0) return evaluation;
  const { judgments } = evaluation;
  return { ...evaluation, judgments: { ...judgments, combine: { ...judgments.combine, aspects } } };
}

const STAGE_LABELS: Readonly<Record<string, string>> = {
  scoring: 'Scoring the systems',
  bootstrap: 'Bootstrap intervals',
  comparisons: 'Comparing the metrics',
  segments: 'Segment level',
  agreement: 'Pairwise agreement',
};

/**
 * "Understudy: Show Correlations": runs the meta-evaluation of one evaluation in the worker (progress, cancellation)
 * and keeps the panel showing its report, the options it ran with and the command line that reproduces it. The
 * panel's requests — recompute with other options, open a system or a segment, export a table or a plot — land here.
 */
export class CorrelationController implements vscode.Disposable {
  private readonly panel: CorrelationPanel;
  private evaluation: CorrelationEvaluation | undefined;
  private options: CorrelationPanelOptions = defaultPanelOptions();
  private shown: { run: CorrelationRun; options: CorrelationPanelOptions } | undefined;
  private aspects: string[] = [];
  private readonly computation = new LatestComputation((immediately) => this.post(immediately), STAGE_LABELS);
  /** Bumped whenever what the panel shows changes other than the status (see ShowCorrelationsMessage.revision). */
  private revision = 0;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly worker: WorkerClient,
  ) {
    this.panel = new CorrelationPanel(context.extensionUri, (message) => this.handle(message));
    this.panel.onDidDispose(() => this.computation.cancel());
  }

  /** The report on display (undefined before the first run finishes). */
  get report(): CorrelationReport | undefined {
    return this.shown?.run.report;
  }

  /**
   * Opens the panel for `evaluation` and runs it with `options` (default: the options last applied in this
   * workspace). Resolves to the report once computed, `{ error }` when it cannot be, undefined when cancelled.
   */
  async show(evaluation: CorrelationEvaluation, options?: Partial<CorrelationPanelOptions>): Promise<ShowCorrelationsResult> {
    const saved = this.context.workspaceState.get<Partial<CorrelationPanelOptions>>(OPTIONS_KEY, {});
    const merged = { ...defaultPanelOptions(), ...saved, ...options, aspects: options?.aspects ?? evaluation.judgments.combine?.aspects ?? [] };
    // The webview accepts only what the CLI would (it would drop the message): say so here, before anything runs.
    if (!isCorrelationPanelOptions(merged)) {
      return { error: { code: 'bad-option', message: `options: not valid correlate options (coefficients, groupings, 0 < level < 1, at most 1,000,000 bootstrap or permutation samples, …): ${JSON.stringify(options)}` } };
    }
    this.evaluation = evaluation;
    this.shown = undefined;
    this.options = merged;
    this.aspects = [];
    this.computation.status = { state: 'computing', done: 0, total: 1 };
    this.revision++;
    this.post(true);
    // The aspects the options offer: the judgments read once more (quick) before the long run.
    const aspects = await judgmentAspects(this.worker, evaluation.judgments);
    if (this.evaluation !== evaluation) return undefined;
    this.aspects = aspects;
    this.revision++;
    return this.run(this.options);
  }

  private title(): string {
    const evaluation = this.evaluation;
    if (!evaluation) return 'Understudy correlations';
    const folder = evaluation.systems[0] ? displayPath(vscode.Uri.joinPath(evaluation.systems[0].uri, '..')) : '';
    const name = evaluation.title ?? (folder && folder !== '.' ? folder : vscode.workspace.name ?? 'evaluation');
    const human = this.shown?.run.report.human.label;
    return `Correlations${human ? ` with ${human}` : ''} — ${name}`;
  }

  private message(): ShowCorrelationsMessage | undefined {
    const evaluation = this.evaluation;
    if (!evaluation) return undefined;
    const shown = this.shown;
    const options = shown?.options ?? this.options;
    const command = shown?.run ?? correlationCommandLine(withAspects(evaluation, options.aspects), metaEvaluationOptions(options));
    return {
      type: 'correlations',
      revision: this.revision,
      title: this.title(),
      ...(shown && { report: shown.run.report }),
      options,
      aspects: this.aspects.length > 0 ? this.aspects : [...(shown?.run.report.human.aspects ?? [])],
      status: this.computation.status,
      commandLine: command.commandLine,
      ...(command.commandNote && { commandNote: command.commandNote }),
      unsaved: shown?.run.unsaved ?? [],
      openable: shown ? shown.run.report.systems.filter((s) => s.file !== null && shown.run.files.has(s.file)).map((s) => s.name) : [],
    };
  }

  private post(immediately = false): void {
    const message = this.message();
    if (message) this.panel.present(message, immediately);
  }

  private async run(options: CorrelationPanelOptions): Promise<ShowCorrelationsResult> {
    const evaluation = this.evaluation;
    if (!evaluation) return undefined;
    this.options = options;
    this.revision++;
    const outcome = await this.computation.run(
      (control) => runCorrelation(this.worker, withAspects(evaluation, options.aspects), metaEvaluationOptions(options), control),
      (ended) => {
        if (ended.kind === 'done') {
          this.shown = { run: ended.value, options };
          this.revision++;
          for (const warning of ended.value.report.warnings) console.log(`Understudy correlations: ${warning}`);
        } else if (ended.kind === 'failed') {
          const offered = ended.error instanceof UnderstudyError ? ended.error.details.aspects : undefined;
          if (Array.isArray(offered)) {
            this.aspects = offered.map(String);
            this.revision++;
          }
        }
      },
    );
    return panelCommandResult(outcome, (value) => value.report);
  }

  private async handle(message: MessageFromCorrelationWebview): Promise<void> {
    switch (message.type) {
      case 'ready':
        return;
      case 'recompute': {
        const { aspects: _aspects, ...rest } = message.options;
        await this.context.workspaceState.update(OPTIONS_KEY, rest);
        await this.run(message.options);
        return;
      }
      case 'cancel':
        this.computation.cancel();
        return;
      case 'copy':
        await copyText(message.text);
        return;
      case 'openSystem':
        await this.openSegment(message.system, undefined);
        return;
      case 'openSegment':
        await this.openSegment(message.system, message.index);
        return;
      case 'requestTexts': {
        const uri = this.systemUri(message.system);
        if (!uri) return;
        const { segments } = await readSegments(uri);
        this.panel.send({ type: 'segmentTexts', system: message.system, lines: segments });
        return;
      }
      case 'exportTable':
        await this.exportTable(message, message.format);
        return;
      case 'exportPlot':
        await this.exportPlot(message.name, message.format, message.data);
        return;
    }
  }

  /** Only systems of the report shown, with the files this evaluation named (the webview is not trusted with paths). */
  private systemUri(system: string): vscode.Uri | undefined {
    const run = this.shown?.run;
    const file = run?.report.systems.find((s) => s.name === system)?.file;
    return file ? run?.files.get(file) : undefined;
  }

  /** Opens a system's output, at segment `index` (its line) when given, beside the panel. */
  async openSegment(system: string, index: number | undefined): Promise<vscode.TextEditor | undefined> {
    const uri = this.systemUri(system);
    if (!uri) {
      void vscode.window.showWarningMessage(`Understudy: ${system} has no output file in this evaluation.`);
      return undefined;
    }
    const viewColumn = this.panel.viewColumn === vscode.ViewColumn.One ? vscode.ViewColumn.Beside : vscode.ViewColumn.One;
    const document = await vscode.workspace.openTextDocument(uri);
    const line = index === undefined ? undefined : Math.min(index, Math.max(0, document.lineCount - 1));
    const selection = line === undefined ? undefined : new vscode.Range(line, 0, line, document.lineAt(line).text.length);
    const editor = await vscode.window.showTextDocument(document, { preview: false, viewColumn, selection });
    if (selection) editor.revealRange(selection, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
    return editor;
  }

  /** Writes one table of the report shown as CSV, LaTeX or Markdown (asking where, unless `target` says). */
  async exportTable(request: CorrelationTableRequest, format: TableExportFormat, target?: ExportTarget): Promise<ExportResult> {
    const report = this.report;
    const table = report && correlationTable(report, request);
    if (!table) return { error: report ? `the report has no ${request.table} table` : 'no correlations computed yet' };
    const suffix = request.table === 'metric-matrix' ? `-${request.level ?? 'system'}-${request.correlation ?? ''}` : '';
    return writeTableExport('correlation panel', `correlations-${request.table}${suffix}`, format, () => formatCorrelationTable(table, format), target);
  }

  /** Writes a plot the webview drew (an SVG document, or a PNG data URL). */
  async exportPlot(name: string, format: 'svg' | 'png', data: string, target?: ExportTarget): Promise<ExportResult> {
    return writePlotExport('correlation panel', name, format, data, target);
  }

  dispose(): void {
    this.computation.cancel();
    this.panel.dispose();
  }
}
