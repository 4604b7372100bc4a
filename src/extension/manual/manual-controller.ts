import * as vscode from 'vscode';
import { ManualKind } from '../../core/meta/manual/manual-analysis';
import { manualCommandLine } from '../../core/meta/manual/manual-command-line';
import { formatManualTable } from '../../core/meta/manual/manual-table-export';
import { manualPanelView, ManualPanelView } from '../../core/meta/manual/manual-panel-view';
import { ManualJobResult } from '../../worker/protocol';
import { isManualPanelOptions, ManualPanelOptions, MessageFromManualWebview, ShowManualMessage, TableFormat } from '../../../webview/shared/manual-protocol';
import { displayPath } from '../correlations/run-correlation';
import { WorkerClient } from '../worker-client';
import { copyText } from '../copy-text';
import { LatestComputation, PanelCommandResult, panelCommandResult } from '../latest-computation';
import { defaultManualOptions, ManualSources, readManualInput, sourceUris } from './manual-inputs';
import { ManualPanel } from './manual-panel';
import { ExportResult, ExportTarget, writePlotExport, writeTableExport } from '../panel-export';

export type ShowManualResult = PanelCommandResult<ManualJobResult>;

export type { ExportResult as ManualExportResult, ExportTarget as ManualExportTarget } from '../panel-export';

/** Names the panel in the export dialog's title. */
const PANEL_NAME = 'Manual Evaluation panel';

export const MANUAL_KIND_LABELS: Readonly<Record<ManualKind, string>> = {
  pyramid: 'Pyramid scores',
  realsumm: 'Pyramid scores (REALSumm)',
  agreement: "Krippendorff's alpha",
  nuggets: 'Nugget precision, recall and F',
  relevance: 'Relevance-Prediction and LDC-Agreement',
  comprehension: 'Cross comprehension',
};

const STAGE_LABELS: Readonly<Record<string, string>> = { reading: 'Reading the annotations', scoring: 'Scoring' };

/**
 * "Understudy: Show Manual Evaluation": runs a manual-evaluation analysis of the user's annotation files in the
 * worker (progress, Cancel) and keeps the panel showing its numbers, the options they were computed with and the
 * `understudy …` command line that prints them. The panel's requests (other options, export, copy, open a file) land here.
 */
export class ManualController implements vscode.Disposable {
  private readonly panel: ManualPanel;
  private sources: ManualSources | undefined;
  private options: ManualPanelOptions = { kind: 'comprehension' };
  private shown: { result: ManualJobResult; view: ManualPanelView; options: ManualPanelOptions; unsaved: readonly string[] } | undefined;
  private pendingCommand = '';
  private readonly computation = new LatestComputation((immediately) => this.post(immediately), STAGE_LABELS);
  private revision = 0;

  constructor(
    context: vscode.ExtensionContext,
    private readonly worker: WorkerClient,
  ) {
    this.panel = new ManualPanel(context.extensionUri, (message) => this.handle(message));
    this.panel.onDidDispose(() => this.computation.cancel());
  }

  /** The analysis on display. */
  get result(): ManualJobResult | undefined {
    return this.shown?.result;
  }

  /** Opens the panel on `sources` and runs the analysis with `options` (default: the CLI's). */
  async show(sources: ManualSources, options?: ManualPanelOptions): Promise<ShowManualResult> {
    const merged = options ?? defaultManualOptions(sources.kind);
    if (!isManualPanelOptions(merged) || merged.kind !== sources.kind) {
      return { error: { code: 'bad-option', message: `options: not valid ${sources.kind} options: ${JSON.stringify(options)}` } };
    }
    this.sources = sources;
    this.shown = undefined;
    this.pendingCommand = '';
    this.revision++;
    return this.run(merged);
  }

  private title(): string {
    const sources = this.sources;
    if (!sources) return 'Manual evaluation';
    const [first, ...rest] = sources.kind === 'realsumm' ? [sources.dir] : sourceUris(sources);
    const name = first ? displayPath(first).split('/').pop() ?? '' : '';
    return `${MANUAL_KIND_LABELS[sources.kind]} — ${name}${rest.length > 0 ? ` +${rest.length}` : ''}`;
  }

  private message(): ShowManualMessage | undefined {
    const sources = this.sources;
    if (!sources) return undefined;
    const shown = this.shown;
    return {
      type: 'manual',
      revision: this.revision,
      title: this.title(),
      kind: sources.kind,
      identical: sources.kind === 'agreement' && sources.identical,
      files: (sources.kind === 'realsumm' ? [sources.dir] : sourceUris(sources)).map(displayPath),
      // After a failure, the options that failed (to be corrected); otherwise those of the numbers shown.
      options: this.computation.status.state === 'error' ? this.options : (shown?.options ?? this.options),
      ...(shown && { analysis: shown.view }),
      skipped: shown?.result.skipped ?? [],
      status: this.computation.status,
      commandLine: shown?.result.commandLine ?? this.pendingCommand,
      unsaved: shown?.unsaved ?? [],
    };
  }

  private post(immediately = false): void {
    const message = this.message();
    if (!message) return;
    if (this.panel.isOpen) this.panel.update(message, immediately);
    else this.panel.show(message);
  }

  private async run(options: ManualPanelOptions): Promise<ShowManualResult> {
    const sources = this.sources;
    if (!sources) return undefined;
    this.options = options;
    this.revision++;
    const outcome = await this.computation.run(
      async (control) => {
        const { input, unsaved } = await readManualInput(sources, options);
        this.pendingCommand = manualCommandLine(input);
        return { result: await this.worker.request<'manual'>({ type: 'manual', input }, control), unsaved };
      },
      (ended) => {
        if (ended.kind === 'done') this.shown = { ...ended.value, view: manualPanelView(ended.value.result.analysis), options };
        if (ended.kind !== 'cancelled') this.revision++;
      },
    );
    return panelCommandResult(outcome, (value) => value.result);
  }

  /** Cancels the analysis under way (what the panel's Cancel does). */
  cancel(): void {
    this.computation.cancel();
  }

  private async handle(message: MessageFromManualWebview): Promise<void> {
    switch (message.type) {
      case 'ready':
        return;
      case 'recompute':
        if (this.sources && message.options.kind === this.sources.kind) await this.run(message.options);
        return;
      case 'cancel':
        this.cancel();
        return;
      case 'copy':
        await copyText(message.text);
        return;
      case 'openFile': {
        // Only files of this analysis (the webview is not trusted with paths).
        const uri = this.sources && sourceUris(this.sources).find((u) => displayPath(u) === message.path);
        if (uri) await vscode.window.showTextDocument(uri, { preview: false, viewColumn: vscode.ViewColumn.Beside });
        return;
      }
      case 'exportTable':
        await this.exportTable(message.table, message.format, undefined, message.order);
        return;
      case 'exportPlot':
        await this.exportPlot(message.name, message.format, message.data);
        return;
    }
  }

  /** Writes one table of the analysis shown (its `--tsv` table) as CSV or LaTeX, rows in the panel's order. */
  async exportTable(name: string, format: TableFormat, target?: ExportTarget, order?: readonly number[]): Promise<ExportResult> {
    const shown = this.shown;
    const table = shown?.result.analysis.tables.find((t) => t.name === name);
    if (!shown || !table) return { error: shown ? `the analysis has no ${name} table` : 'nothing computed yet' };
    const kind = shown.result.analysis.kind;
    const notes = [...(shown.result.analysis.signature ? [`Signature: ${shown.result.analysis.signature}`] : []), `Command: ${shown.result.commandLine} --tsv --table ${name}`];
    return writeTableExport(PANEL_NAME, `${kind}-${name}`, format, () => formatManualTable(table, format, `${MANUAL_KIND_LABELS[kind]}: ${name}`, notes, order), target);
  }

  /** Writes a plot the webview drew (an SVG document, or a PNG data URL). */
  exportPlot(name: string, format: 'svg' | 'png', data: string, target?: ExportTarget): Promise<ExportResult> {
    return writePlotExport(PANEL_NAME, name, format, data, target);
  }

  dispose(): void {
    this.computation.cancel();
    this.panel.dispose();
  }
}
