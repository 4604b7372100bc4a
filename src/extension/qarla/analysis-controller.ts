import * as vscode from 'vscode';
import type { HeterogeneityAnalysis } from '../../cli/heterogeneity-command';
import { UnderstudyError } from '../../core/errors';
import { formatAnalysisTable, orderedAnalysisTable } from '../../core/report/analysis-tables';
import { TableExportFormat } from '../../core/report/correlation-tables';
import { ExportResult, ExportTarget, writePlotExport, writeTableExport } from '../panel-export';
import type { HeterogeneitySettings, MetaAnalysisRequest, MetaAnalysisResult, QarlaSettings } from '../../worker/meta-analysis-types';
import { AnalysisKind, AnalysisSettings, MessageFromAnalysisWebview, ShowAnalysisMessage } from '../../../webview/shared/analysis-protocol';
import { WorkerClient } from '../worker-client';
import { copyText } from '../copy-text';
import { LatestComputation, PanelCommandResult, panelCommandResult } from '../latest-computation';
import { heterogeneityCommandLine, qarlaCommandLine } from './analysis-command-line';
import { AnalysisPanel } from './analysis-panel';
import { QARLA_PANEL_ANALYSES, checkedHeterogeneitySettings, checkedQarlaSettings, heterogeneityPanelAnalyses } from './analysis-settings';
import { TableChoices, readTableText, tableChoices } from './table-pickers';

/** A table and how to read it: everything a QARLA or heterogeneity run needs from the editor. */
export interface AnalysisInput {
  readonly table: vscode.Uri;
  readonly settings: AnalysisSettings;
  /** QARLA's search: system scores to correlate each metric set's QUEEN with. */
  readonly human?: { readonly uri: vscode.Uri; readonly column: string };
}

export type AnalysisRunResult = PanelCommandResult<MetaAnalysisResult>;

export type { ExportResult } from '../panel-export';

const ANALYSIS_LABELS: Readonly<Record<string, string>> = {
  queen: 'QUEEN',
  king: 'KING',
  jack: 'JACK',
  'jack-curve': 'JACK curve',
  search: 'KING search over metric subsets',
  clusters: 'Metric clustering',
  estimate: 'QARLA estimate',
  h: 'Heterogeneity H(X)',
  ulc: 'ULC',
  hbr: 'HBR',
  reliability: 'Reliability and sensitivity',
  subsets: 'Subsets (H, R, S)',
  sip: 'SIP/SIR',
  ost: 'Oracle System Test',
  auc: 'AUC',
};

/** A file as a command line names it: workspace-relative, or absolute outside the workspace. */
const displayPath = (uri: vscode.Uri): string => vscode.workspace.asRelativePath(uri, false);

/**
 * "Understudy: QARLA Analysis…" / "Understudy: Heterogeneity Analysis…": runs every analysis of its kind on one table
 * in the worker (progress by analysis, Cancel) and keeps its panel showing the results, the settings they ran with
 * and one command line per analysis that prints the same numbers. The panel's requests — other settings, cancel,
 * copy, export a table or a plot — land here.
 */
export class AnalysisController implements vscode.Disposable {
  private readonly panel: AnalysisPanel;
  private input: AnalysisInput | undefined;
  private choices: TableChoices = { columns: [], numeric: [], names: [] };
  private shown: { result: MetaAnalysisResult; settings: AnalysisSettings; unsaved: boolean } | undefined;
  private readonly computation = new LatestComputation((immediately) => this.post(immediately), ANALYSIS_LABELS);
  private revision = 0;
  /** A new table was shown: bring the panel to the front (behind another panel, it would stay hidden). */
  private revealNext = false;

  constructor(
    private readonly kind: AnalysisKind,
    extensionUri: vscode.Uri,
    private readonly worker: WorkerClient,
  ) {
    this.panel = new AnalysisPanel(extensionUri, kind, (message) => this.handle(message));
    this.panel.onDidDispose(() => this.computation.cancel());
  }

  /** The result on display (undefined before the first run finishes). */
  get result(): MetaAnalysisResult | undefined {
    return this.shown?.result;
  }

  /** Opens the panel for a table and runs it. Resolves to the result, `{ error }`, or undefined when cancelled. */
  async show(input: AnalysisInput): Promise<AnalysisRunResult> {
    this.input = input;
    this.shown = undefined;
    this.revision++;
    this.revealNext = true;
    try {
      this.choices = tableChoices(await readTableText(input.table), displayPath(input.table), this.kind === 'qarla' ? (input.settings as QarlaSettings) : undefined);
    } catch (error) {
      return this.fail(error);
    }
    return this.run(input.settings);
  }

  private fail(error: unknown): AnalysisRunResult {
    const message = error instanceof Error ? error.message : String(error);
    this.computation.status = { state: 'error', message };
    this.revision++;
    this.post(true);
    return { error: { code: error instanceof UnderstudyError ? error.code : 'bad-option', message } };
  }

  private title(): string {
    const table = this.input ? displayPath(this.input.table) : '';
    return `${this.kind === 'qarla' ? 'QARLA' : 'Heterogeneity'} — ${table}`;
  }

  private humanSpec(): { path: string; column: string } | undefined {
    const human = this.input?.human;
    return human && { path: displayPath(human.uri), column: human.column };
  }

  private analyses(settings: AnalysisSettings): string[] {
    return this.kind === 'qarla' ? [...QARLA_PANEL_ANALYSES] : heterogeneityPanelAnalyses(settings as HeterogeneitySettings);
  }

  private commandLines(settings: AnalysisSettings): { analysis: string; commandLine: string }[] {
    const table = this.input ? displayPath(this.input.table) : 'TABLE';
    return this.analyses(settings).map((analysis) => ({
      analysis,
      commandLine:
        this.kind === 'qarla'
          ? qarlaCommandLine(analysis as (typeof QARLA_PANEL_ANALYSES)[number], table, settings as QarlaSettings, this.humanSpec())
          : heterogeneityCommandLine(analysis as HeterogeneityAnalysis, table, settings as HeterogeneitySettings),
    }));
  }

  private message(): ShowAnalysisMessage | undefined {
    const input = this.input;
    if (!input) return undefined;
    const settings = this.shown?.settings ?? input.settings;
    const human = this.humanSpec();
    return {
      type: 'analysis',
      kind: this.kind,
      revision: this.revision,
      title: this.title(),
      table: displayPath(input.table),
      settings,
      ...(human && { human }),
      choices: this.choices,
      ...(this.shown && { result: this.shown.result }),
      status: this.computation.status,
      commandLines: this.commandLines(settings),
      unsaved: this.shown?.unsaved ?? false,
    };
  }

  private post(immediately = false): void {
    const message = this.message();
    if (!message) return;
    if (this.panel.isOpen && !this.revealNext) this.panel.update(message, immediately);
    else this.panel.show(message);
    this.revealNext = false;
  }

  private async run(requested: AnalysisSettings): Promise<AnalysisRunResult> {
    const input = this.input;
    if (!input) return undefined;
    const table = displayPath(input.table);
    let settings: AnalysisSettings;
    try {
      settings = this.kind === 'qarla' ? checkedQarlaSettings(requested as QarlaSettings, table, this.humanSpec()) : checkedHeterogeneitySettings(requested as HeterogeneitySettings, table);
    } catch (error) {
      return this.fail(error);
    }
    this.input = { ...input, settings };
    this.revision++;
    const outcome = await this.computation.run(
      async (control) => {
        const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === input.table.toString());
        const text = await readTableText(input.table);
        let request: MetaAnalysisRequest;
        if (this.kind === 'qarla') {
          const human = input.human && { path: displayPath(input.human.uri), text: await readTableText(input.human.uri), column: input.human.column };
          request = { kind: 'qarla', table: { path: table, text }, settings: settings as QarlaSettings, ...(human && { human }), analyses: [...QARLA_PANEL_ANALYSES] };
        } else {
          request = { kind: 'heterogeneity', table: { path: table, text }, settings: settings as HeterogeneitySettings, analyses: heterogeneityPanelAnalyses(settings as HeterogeneitySettings) };
        }
        return { result: await this.worker.request<'meta-analysis'>({ type: 'meta-analysis', request }, control), unsaved: document?.isDirty ?? false };
      },
      (ended) => {
        if (ended.kind !== 'done') return;
        this.shown = { result: ended.value.result, settings, unsaved: ended.value.unsaved };
        this.revision++;
      },
    );
    return panelCommandResult(outcome, (value) => value.result);
  }

  private async handle(message: MessageFromAnalysisWebview): Promise<void> {
    switch (message.type) {
      case 'ready':
        return;
      case 'recompute':
        await this.run(message.settings);
        return;
      case 'cancel':
        this.computation.cancel();
        return;
      case 'copy':
        await copyText(message.text);
        return;
      case 'exportTable':
        await this.exportTable(message.analysis, message.format, message.order);
        return;
      case 'exportPlot':
        await this.exportPlot(message.name, message.format, message.data);
        return;
    }
  }

  private get panelName(): string {
    return `${this.kind === 'qarla' ? 'QARLA' : 'heterogeneity'} panel`;
  }

  /** Writes an analysis's main table (rows in the order shown) as CSV, LaTeX or Markdown. */
  async exportTable(analysis: string, format: TableExportFormat, order?: readonly number[], target?: ExportTarget): Promise<ExportResult> {
    const table = this.shown?.result.outcomes.find((o) => o.analysis === analysis)?.table;
    if (!table) return { error: this.shown ? `no ${analysis} table in the results shown` : 'nothing computed yet' };
    return writeTableExport(this.panelName, `${this.kind}-${analysis}`, format, () => formatAnalysisTable(orderedAnalysisTable(table, order), format), target);
  }

  /** Writes a plot the webview drew (an SVG document, or a PNG data URL). */
  exportPlot(name: string, format: 'svg' | 'png', data: string, target?: ExportTarget): Promise<ExportResult> {
    return writePlotExport(this.panelName, name, format, data, target);
  }

  dispose(): void {
    this.computation.cancel();
    this.panel.dispose();
  }
}
