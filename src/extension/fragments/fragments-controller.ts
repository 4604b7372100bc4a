import * as vscode from 'vscode';
import { FragmentOptions } from '../../core/meta/gap/fragment-effect';
import { FragmentRunReport, FragmentTableColumns } from '../../core/meta/gap/fragment-run';
import { FragmentTableId, fragmentTable } from '../../core/meta/gap/fragment-tables';
import { fragmentsCommandLine, FragmentsCommandInput } from '../../core/meta/gap/fragments-command-line';
import { commandLineLimitation } from '../../core/meta/correlate-command-line';
import { TableExportFormat, formatCorrelationTable } from '../../core/report/correlation-tables';
import { defaultFragmentsOptions, FragmentsPanelOptions, isFragmentsPanelOptions, MessageFromFragmentsWebview, ShowFragmentsMessage } from '../../../webview/shared/fragments-protocol';
import type { FragmentJobInput } from '../../worker/fragments-job';
import { WorkerClient } from '../worker-client';
import { copyText } from '../copy-text';
import { LatestComputation, PanelCommandResult, panelCommandResult } from '../latest-computation';
import { ExportResult, ExportTarget, writePlotExport, writeTableExport } from '../panel-export';
import { CorrelationEvaluation, displayPath, humanScoreSpec, readEvaluationSources, unsavedFiles } from '../correlations/run-correlation';
import { readTableSource } from '../rose/score-table-source';
import { FragmentsPanel } from './fragments-panel';
import { MetricSettings } from '../../core/engine/metric-settings';

/** The panel's options last applied, per workspace. */
const OPTIONS_KEY = 'understudy.fragments.options';

/** Metrics scored for a SummEval/REALSumm corpus unless the options say otherwise (as `understudy fragments`). */
export const SUMMARY_METRICS = ['rouge1', 'rouge2', 'rougeL'];

/** What the panel reads: an evaluation (judgments + outputs), SummEval/REALSumm's two files, or a table of outputs. */
export type FragmentsSource =
  | { readonly kind: 'evaluation'; readonly evaluation: CorrelationEvaluation }
  | { readonly kind: 'summaries'; readonly summaries: vscode.Uri; readonly docs: vscode.Uri; readonly settings: MetricSettings }
  | { readonly kind: 'table'; readonly uri: vscode.Uri; readonly columns: FragmentTableColumns };

export type ShowFragmentsResult = PanelCommandResult<FragmentRunReport>;

/** The panel's options as `runFragments` (and `understudy fragments`) take them: only what differs from the defaults. */
export function fragmentOptionsOf(options: FragmentsPanelOptions): FragmentOptions {
  return {
    ...(options.fragmentWhen !== 'unterminated' && { fragmentWhen: options.fragmentWhen }),
    ...(options.systemThreshold !== 0.5 && { systemThreshold: options.systemThreshold }),
    ...(options.test === 'welch' && { equalVariance: false }),
    ...(options.alternative !== 'two-sided' && { alternative: options.alternative }),
    ...(options.wordLimit !== null && { wordLimit: options.wordLimit }),
  };
}

async function readText(uri: vscode.Uri): Promise<{ text: string; unsaved: boolean }> {
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  if (open) return { text: open.getText(), unsaved: open.isDirty };
  try {
    return { text: new TextDecoder('utf-8').decode(await vscode.workspace.fs.readFile(uri)), unsaved: false };
  } catch (error) {
    throw new Error(`Cannot read ${displayPath(uri)}: ${(error as Error).message}`);
  }
}

const STAGE_LABELS: Readonly<Record<string, string>> = { scoring: 'Scoring every output' };

/**
 * "Understudy: Show Truncated-Sentence Diagnostics": which outputs end in a fragment and what that costs them with the
 * metrics and with the humans (src/core/meta/gap/fragment-run.ts), run in the worker (progress, cancellation), with
 * the options, the tables, the plots and the `understudy fragments` command line that prints the same numbers.
 */
export class FragmentsController implements vscode.Disposable {
  private readonly panel: FragmentsPanel;
  private source: FragmentsSource | undefined;
  private options: FragmentsPanelOptions = defaultFragmentsOptions([]);
  private shown: { report: FragmentRunReport; options: FragmentsPanelOptions; unsaved: string[] } | undefined;
  private readonly computation = new LatestComputation((immediately) => this.post(immediately), STAGE_LABELS);
  private revision = 0;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly worker: WorkerClient,
  ) {
    this.panel = new FragmentsPanel(context.extensionUri, (message) => this.handle(message));
    this.panel.onDidDispose(() => this.computation.cancel());
  }

  get report(): FragmentRunReport | undefined {
    return this.shown?.report;
  }

  /** Metrics the options choose from: the evaluation's, ROUGE for SummEval/REALSumm, none for a table. */
  private availableMetrics(source: FragmentsSource): string[] {
    if (source.kind === 'evaluation') return [...source.evaluation.metrics];
    return source.kind === 'summaries' ? [...SUMMARY_METRICS] : [];
  }

  /** Opens the panel on `source` and runs it; resolves to the report, `{ error }`, or undefined when cancelled. */
  async show(source: FragmentsSource, options?: Partial<FragmentsPanelOptions>): Promise<ShowFragmentsResult> {
    const saved = this.context.workspaceState.get<Partial<FragmentsPanelOptions>>(OPTIONS_KEY, {});
    const metrics = this.availableMetrics(source);
    const merged = { ...defaultFragmentsOptions(metrics), ...saved, ...options };
    if (!options?.metrics && !(merged.metrics.length > 0 && merged.metrics.every((m) => metrics.includes(m)))) merged.metrics = metrics;
    if (!isFragmentsPanelOptions(merged)) {
      return { error: { code: 'bad-option', message: `options: not valid fragment options (fragmentWhen unterminated|cut, 0 < systemThreshold ≤ 1, test student|welch, alternative, wordLimit ≥ 1 or null): ${JSON.stringify(options)}` } };
    }
    this.source = source;
    this.shown = undefined;
    return this.run(merged);
  }

  private title(): string {
    const source = this.source;
    if (!source) return 'Truncated sentences';
    if (source.kind === 'table') return `Truncated sentences — ${displayPath(source.uri)}`;
    if (source.kind === 'summaries') return `Truncated sentences — ${displayPath(source.summaries)}`;
    const evaluation = source.evaluation;
    const folder = evaluation.systems[0] ? displayPath(vscode.Uri.joinPath(evaluation.systems[0].uri, '..')) : '';
    return `Truncated sentences — ${evaluation.title ?? (folder && folder !== '.' ? folder : vscode.workspace.name ?? 'evaluation')}`;
  }

  private commandInput(source: FragmentsSource, options: FragmentsPanelOptions): FragmentsCommandInput {
    switch (source.kind) {
      case 'table':
        return { kind: 'table', table: displayPath(source.uri), columns: source.columns };
      case 'summaries':
        return { kind: 'judgments', human: { files: [{ file: displayPath(source.summaries) }] }, references: [], systems: [], docs: displayPath(source.docs), metrics: options.metrics, metricSettings: source.settings };
      case 'evaluation': {
        const evaluation = source.evaluation;
        return {
          kind: 'judgments',
          human: humanScoreSpec(evaluation.judgments),
          references: evaluation.references.map(displayPath),
          systems: evaluation.systems.map((s) => displayPath(s.uri)),
          names: evaluation.systems.some((s) => s.name !== undefined) ? evaluation.systems.map((s) => s.name ?? displayPath(s.uri)) : undefined,
          metrics: options.metrics,
          metricSettings: evaluation.settings,
        };
      }
    }
  }

  private message(): ShowFragmentsMessage | undefined {
    const source = this.source;
    if (!source) return undefined;
    const options = this.shown?.options ?? this.options;
    const note = source.kind === 'evaluation' ? commandLineLimitation(humanScoreSpec(source.evaluation.judgments)) : undefined;
    return {
      type: 'fragments',
      revision: this.revision,
      title: this.title(),
      ...(this.shown && { report: this.shown.report }),
      options,
      metrics: this.availableMetrics(source),
      status: this.computation.status,
      commandLine: fragmentsCommandLine(this.commandInput(source, options), fragmentOptionsOf(options)),
      ...(note && { commandNote: note }),
      unsaved: this.shown?.unsaved ?? [],
    };
  }

  private post(immediately = false): void {
    const message = this.message();
    if (!message) return;
    if (this.panel.isOpen) this.panel.update(message, immediately);
    else this.panel.show(message);
  }

  /** The worker's input for the source, read now (open editors' text wins over the disk), and the files with unsaved changes. */
  private async jobInput(source: FragmentsSource, options: FragmentsPanelOptions): Promise<{ input: FragmentJobInput; unsaved: string[] }> {
    switch (source.kind) {
      case 'table': {
        const table = await readTableSource(source.uri);
        return { input: { kind: 'table', table: { path: table.path, text: table.text }, columns: source.columns }, unsaved: table.unsaved ? [table.path] : [] };
      }
      case 'summaries': {
        const [summaries, docs] = await Promise.all([readText(source.summaries), readText(source.docs)]);
        const path = displayPath(source.summaries);
        const docsPath = displayPath(source.docs);
        return {
          input: { kind: 'judgments', sources: { human: { files: [{ file: path }] }, judgmentTexts: [summaries.text], references: [], systems: [], docs: { file: docsPath, text: docs.text } }, metrics: options.metrics, settings: source.settings },
          unsaved: [...(summaries.unsaved ? [path] : []), ...(docs.unsaved ? [docsPath] : [])],
        };
      }
      case 'evaluation': {
        const evaluation = source.evaluation;
        const aspects = evaluation.judgments.combine?.aspects;
        return {
          input: { kind: 'judgments', sources: await readEvaluationSources(evaluation), metrics: options.metrics, settings: evaluation.settings, ...(aspects && aspects.length > 0 && { aspects }) },
          unsaved: unsavedFiles(evaluation),
        };
      }
    }
  }

  private async run(options: FragmentsPanelOptions): Promise<ShowFragmentsResult> {
    const source = this.source;
    if (!source) return undefined;
    this.options = options;
    this.revision++;
    let unsaved: string[] = [];
    const outcome = await this.computation.run(
      async (control) => {
        const job = await this.jobInput(source, options);
        unsaved = job.unsaved;
        return this.worker.request<'fragments'>({ type: 'fragments', input: job.input, options: fragmentOptionsOf(options) }, control);
      },
      (ended) => {
        if (ended.kind !== 'done') return;
        this.shown = { report: ended.value, options, unsaved };
        this.revision++;
      },
    );
    return panelCommandResult(outcome, (value) => value);
  }

  private async handle(message: MessageFromFragmentsWebview): Promise<void> {
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
        await this.exportTable(message.table, message.format);
        return;
      case 'exportPlot':
        await writePlotExport('fragment panel', message.name, message.format, message.data, undefined);
        return;
    }
  }

  /** Writes one table of the report shown as CSV, LaTeX or Markdown (asking where, unless `target` says). */
  async exportTable(table: FragmentTableId, format: TableExportFormat, target?: ExportTarget): Promise<ExportResult> {
    const report = this.report;
    if (!report) return { error: 'no truncated-sentence diagnostics computed yet' };
    return writeTableExport('fragment panel', `fragments-${table}`, format, () => formatCorrelationTable(fragmentTable(report, table), format), target);
  }

  dispose(): void {
    this.computation.cancel();
    this.panel.dispose();
  }
}
