import * as vscode from 'vscode';
import { ROSE_DEFAULTS, roseCommandLine, RoseRunOptions } from '../../core/meta/rose/rose-command-line';
import { RoseSearchResult } from '../../core/meta/rose/rose-search';
import { roseModelTable, roseSubsetsTable } from '../../core/meta/rose/rose-tables';
import { TableExportFormat } from '../../core/report/correlation-tables';
import { isMessageFromRoseWebview, isRoseRunOptions, MessageFromRoseWebview, MetaTableId, ShowRoseMessage } from '../../../webview/shared/rose-protocol';
import type { ExportResult, ExportTarget } from '../panel-export';
import { WorkerClient } from '../worker-client';
import { LatestComputation, PanelCommandResult, panelCommandResult } from '../latest-computation';
import { findWorkspaceManifests } from '../correlations/workspace-manifest';
import { askModelName, pickManifest, SaveModelResult, saveRoseModelToManifest } from './save-rose-model';
import { handleSharedMessage } from './panel-messages';
import { exportTable, inOrder } from './table-export';
import { WebviewPanelHost } from '../webview-panel-host';
import { roseHtml } from '../../../webview/rose/panel-documents';
import { readTableSource, TableSource } from './score-table-source';

export type RoseRunResult = PanelCommandResult<RoseSearchResult>;

/** The ROSE options of a table: `understudy rose`'s defaults, with the columns given. */
export function defaultRoseOptions(columns: Pick<RoseRunOptions, 'human'> & Partial<RoseRunOptions>): RoseRunOptions {
  return {
    stratify: false,
    trials: ROSE_DEFAULTS.trials,
    testFraction: ROSE_DEFAULTS.testFraction,
    seed: ROSE_DEFAULTS.seed,
    alpha: ROSE_DEFAULTS.alpha,
    significance: ROSE_DEFAULTS.significance,
    candidates: ROSE_DEFAULTS.candidates,
    comparison: ROSE_DEFAULTS.comparison,
    require: [],
    name: ROSE_DEFAULTS.name,
    ...columns,
  };
}

/**
 * "Understudy: Fit ROSE Combination…": the search runs in the worker (progress, Cancel), the panel shows the ranked
 * subsets, the winner and its test-correlation distribution against the best single metric, the command line that
 * prints the same numbers, and saves the winner as a workspace metric (understudy.json `roseModels`).
 */
export class RoseController implements vscode.Disposable {
  private readonly panel: WebviewPanelHost<ShowRoseMessage, MessageFromRoseWebview>;
  private source: TableSource | undefined;
  private options: RoseRunOptions | undefined;
  private shown: { result: RoseSearchResult; options: RoseRunOptions; warnings: readonly string[] } | undefined;
  private readonly computation = new LatestComputation((immediately) => this.post(immediately));
  private revision = 0;
  private manifest: vscode.Uri | undefined;
  private manifestLabel: string | undefined;

  constructor(
    context: vscode.ExtensionContext,
    private readonly worker: WorkerClient,
  ) {
    this.panel = new WebviewPanelHost<ShowRoseMessage, MessageFromRoseWebview>(context.extensionUri, { viewType: 'understudy.rose', bundle: 'rose', documentTitle: 'Understudy ROSE', html: roseHtml, isMessage: isMessageFromRoseWebview }, (message) => this.handle(message));
    this.panel.onDidDispose(() => this.computation.cancel());
  }

  /** The search on display. */
  get result(): RoseSearchResult | undefined {
    return this.shown?.result;
  }

  async show(source: TableSource, options: RoseRunOptions): Promise<RoseRunResult> {
    if (!isRoseRunOptions(options)) return { error: { code: 'bad-option', message: `not valid ROSE options: ${JSON.stringify(options)}` } };
    this.source = source;
    this.shown = undefined;
    // Where a save goes without asking: the workspace's only understudy.json (with several, saving asks which).
    const manifests = await findWorkspaceManifests().catch(() => []);
    this.manifest = manifests.length === 1 ? manifests[0] : undefined;
    this.manifestLabel = manifests.length === 1 ? vscode.workspace.asRelativePath(manifests[0], false) : manifests.length > 1 ? `one of the ${manifests.length} understudy.json files (asked when saving)` : undefined;
    return this.run(options);
  }

  private message(): ShowRoseMessage | undefined {
    const source = this.source;
    const options = this.shown?.options ?? this.options;
    if (!source || !options) return undefined;
    return {
      type: 'rose',
      revision: this.revision,
      title: `ROSE — ${source.path}`,
      table: source.path,
      columns: source.table.columns,
      numeric: source.numeric,
      status: this.computation.status,
      commandLine: roseCommandLine(source.path, options),
      unsaved: source.unsaved,
      warnings: this.shown?.warnings ?? [],
      options,
      ...(this.shown && { result: this.shown.result }),
      ...(this.manifestLabel && { manifest: this.manifestLabel }),
    };
  }

  private post(immediately = false): void {
    const message = this.message();
    if (message) this.panel.present(message, immediately);
  }

  private async run(options: RoseRunOptions): Promise<RoseRunResult> {
    const source = this.source;
    if (!source) return undefined;
    this.options = options;
    this.revision++;
    const outcome = await this.computation.run(
      async (control) => {
        // The table as it is now (an edit since the panel opened is picked up by a recompute).
        const fresh = await readTableSource(source.uri).catch(() => source);
        this.source = fresh;
        return this.worker.request<'rose'>({ type: 'rose', table: { path: fresh.path, text: fresh.text }, options }, control);
      },
      (ended) => {
        if (ended.kind !== 'done') return;
        this.shown = { result: ended.value.result, options, warnings: ended.value.warnings };
        this.revision++;
      },
    );
    return panelCommandResult(outcome, (value) => value.result);
  }

  private async handle(message: MessageFromRoseWebview): Promise<void> {
    switch (message.type) {
      case 'ready':
        return;
      case 'recompute':
        await this.run(message.options);
        return;
      case 'cancel':
        this.computation.cancel();
        return;
      case 'copy':
      case 'exportPlot':
        await handleSharedMessage(message, 'ROSE panel');
        return;
      case 'exportTable':
        await this.exportTable(message.table, message.format, message.order);
        return;
      case 'saveModel':
        await this.saveFromUser();
        return;
      case 'saveModelFile':
        await this.saveModelFile();
        return;
    }
  }

  /** "Save as workspace metric": asks the name (and which manifest, when there are several), says what happened. */
  async saveFromUser(): Promise<SaveModelResult> {
    const saved = await this.saveModel({ interactive: true });
    if (saved && 'error' in saved) void vscode.window.showErrorMessage(`Understudy: ${saved.error}`);
    else if (saved) {
      const uri = vscode.Uri.parse(saved.uri);
      const where = vscode.workspace.asRelativePath(uri, false);
      void vscode.window
        .showInformationMessage(`Understudy: ${saved.replaced ? 'replaced' : 'saved'} the ROSE model in ${where}; Show Correlations computes it as a metric.`, 'Open')
        .then((choice) => (choice ? vscode.commands.executeCommand('vscode.open', uri) : undefined));
    }
    return saved;
  }

  /**
   * Saves the winner in understudy.json: `name` (else asked, when interactive), `manifest` (else the workspace's), an
   * existing model of that name replaced only with `replace` or the user's yes.
   */
  async saveModel(options: { name?: string; manifest?: vscode.Uri; replace?: boolean; interactive: boolean }): Promise<SaveModelResult> {
    const result = this.shown?.result;
    if (!result) return { error: 'no ROSE combination has been fitted yet' };
    const manifest = await pickManifest(options.manifest ?? this.manifest);
    if (!manifest) {
      if (!options.interactive) return { error: 'no understudy.json in the workspace' };
      const choice = await vscode.window.showWarningMessage('Understudy: there is no understudy.json in this workspace to save the model in. Save it as a model file instead (as `understudy rose --save` writes)?', 'Save as File…');
      if (choice) await this.saveModelFile();
      return undefined;
    }
    const name = options.name ?? (options.interactive ? await askModelName(result.model.name) : result.model.name);
    if (name === undefined) return undefined;
    const model = { ...result.model, name: name.trim() };
    return saveRoseModelToManifest(manifest, model, { replace: options.replace, interactive: options.interactive });
  }

  /** The winner as the JSON file `understudy rose --save` writes (the save dialog asks before replacing a file). */
  private async saveModelFile(): Promise<void> {
    const result = this.shown?.result;
    if (!result) return;
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    const uri = await vscode.window.showSaveDialog({ title: 'Save the ROSE model', defaultUri: folder && vscode.Uri.joinPath(folder, `${result.model.name}.json`), filters: { JSON: ['json'] } });
    if (!uri) return;
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(`${JSON.stringify(result.model, null, 2)}\n`));
  }

  async exportTable(table: MetaTableId, format: TableExportFormat, order?: readonly number[], target?: ExportTarget): Promise<ExportResult> {
    const result = this.shown?.result;
    if (!result) return { error: 'no ROSE search computed yet' };
    if (table === 'subsets') return exportTable(inOrder(roseSubsetsTable(result), order), 'rose-subsets', format, 'ROSE panel', target);
    if (table === 'model') return exportTable(roseModelTable(result.model), `rose-model-${result.model.name}`, format, 'ROSE panel', target);
    return { error: `the ROSE panel has no ${table} table` };
  }

  dispose(): void {
    this.computation.cancel();
    this.panel.dispose();
  }
}
