import * as vscode from 'vscode';
import { UnderstudyError } from '../../core/errors';
import { HumanSystemGapResult } from '../../core/meta/gap/human-system-gap';
import { gapCommandLine, GapRunOptions } from '../../core/meta/rose/rose-command-line';
import { computeGap } from './compute-gap';
import { gapGroupsTable, gapPointsTable } from '../../core/meta/rose/rose-tables';
import { TableExportFormat } from '../../core/report/correlation-tables';
import { isGapRunOptions, isMessageFromGapWebview, MessageFromGapWebview, MetaStatus, MetaTableId, ShowGapMessage } from '../../../webview/shared/rose-protocol';
import type { ExportResult, ExportTarget } from '../panel-export';
import { readTableSource, TableSource } from './score-table-source';
import { handleSharedMessage } from './panel-messages';
import { exportTable, inOrder } from './table-export';
import { WebviewPanelHost } from '../webview-panel-host';
import { gapHtml } from '../../../webview/rose/panel-documents';

export type GapRunResult = HumanSystemGapResult | { readonly error: { readonly code: string; readonly message: string } } | undefined;

/**
 * "Understudy: Show Human–System Gap…": metric against human score with human-written and system rows apart, a robust
 * line per group and the gap, as `understudy gap` prints them. Quick (a few robust fits), so it runs in the host.
 */
export class GapController implements vscode.Disposable {
  private readonly panel: WebviewPanelHost<ShowGapMessage, MessageFromGapWebview>;
  private source: TableSource | undefined;
  private options: GapRunOptions | undefined;
  private shown: { result: HumanSystemGapResult; warnings: string[] } | undefined;
  private status: MetaStatus = { state: 'ready' };
  private revision = 0;

  constructor(context: vscode.ExtensionContext) {
    this.panel = new WebviewPanelHost<ShowGapMessage, MessageFromGapWebview>(context.extensionUri, { viewType: 'understudy.gap', bundle: 'gap', documentTitle: 'Understudy human–system gap', html: gapHtml, isMessage: isMessageFromGapWebview }, (message) => this.handle(message));
  }

  get result(): HumanSystemGapResult | undefined {
    return this.shown?.result;
  }

  async show(source: TableSource, options: GapRunOptions): Promise<GapRunResult> {
    if (!isGapRunOptions(options)) return { error: { code: 'bad-option', message: `not valid gap options: ${JSON.stringify(options)}` } };
    this.source = source;
    this.shown = undefined;
    return this.run(options);
  }

  private message(): ShowGapMessage | undefined {
    const source = this.source;
    const options = this.options;
    if (!source || !options) return undefined;
    const groupIndex = source.table.columns.indexOf(options.group);
    return {
      type: 'gap',
      revision: this.revision,
      title: `Human–system gap — ${source.path}`,
      table: source.path,
      columns: source.table.columns,
      numeric: source.numeric,
      status: this.status,
      commandLine: gapCommandLine(source.path, options),
      unsaved: source.unsaved,
      warnings: this.shown?.warnings ?? [],
      options,
      groupValues: groupIndex < 0 ? [] : [...new Set(source.table.cells.map((row) => row[groupIndex]))],
      ...(this.shown && { result: this.shown.result }),
    };
  }

  private post(): void {
    const message = this.message();
    if (message) this.panel.present(message, true);
  }

  private async run(options: GapRunOptions): Promise<GapRunResult> {
    const source = this.source;
    if (!source) return undefined;
    this.options = options;
    this.revision++;
    try {
      const fresh = await readTableSource(source.uri).catch(() => source);
      this.source = fresh;
      this.shown = computeGap(fresh, options);
      this.status = { state: 'ready' };
      return this.shown.result;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.shown = undefined;
      this.status = { state: 'error', message };
      return { error: { code: error instanceof UnderstudyError ? error.code : 'internal', message } };
    } finally {
      this.revision++;
      this.post();
    }
  }

  private async handle(message: MessageFromGapWebview): Promise<void> {
    switch (message.type) {
      case 'ready':
      case 'cancel':
        return;
      case 'recompute':
        await this.run(message.options);
        return;
      case 'copy':
      case 'exportPlot':
        await handleSharedMessage(message, 'gap panel');
        return;
      case 'exportTable':
        await this.exportTable(message.table, message.format, message.order);
        return;
    }
  }

  async exportTable(table: MetaTableId, format: TableExportFormat, order?: readonly number[], target?: ExportTarget): Promise<ExportResult> {
    const result = this.shown?.result;
    if (!result) return { error: 'no gap computed yet' };
    if (table === 'groups') return exportTable(gapGroupsTable(result), 'gap-groups', format, 'gap panel', target);
    if (table === 'points') return exportTable(inOrder(gapPointsTable(result), order), 'gap-points', format, 'gap panel', target);
    return { error: `the gap panel has no ${table} table` };
  }

  dispose(): void {
    this.panel.dispose();
  }
}
