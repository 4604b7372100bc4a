import * as vscode from 'vscode';
import { copyText } from '../copy-text';
import { compareCommandLine } from '../../core/compare/command-line';
import { ComparisonReport, ComparisonSettings } from '../../core/compare/comparison-report';
import { DifferenceFilter, RankedPosition, stepThroughRanking } from '../../core/compare/line-deltas';
import { describeMetric } from '../../core/engine/metric-descriptions';
import { UnderstudyError } from '../../core/errors';
import type { ComparisonStatus, DifferenceEntry, MessageFromCompareWebview, ShowPairwiseMessage, ShowSummaryMessage } from '../../../webview/shared/compare-protocol';
import { EvaluationStore, ScoredDocument } from '../evaluation-store';
import { JobCancelled } from '../worker-client';
import { ComparisonDecorations } from './comparison-decorations';
import { ComparisonSummaryView, PairwisePanel } from './comparison-views';
import { deltaLabel, sentenceDeltaText } from '../../core/compare/delta-label';
import { LinkedEditors } from './linked-editors';
import { runComparison } from './run-comparison';
import { significanceSettings } from './significance-settings';
import { pickSystems } from './system-picker';
import { TwoSystemComparison } from './two-system-comparison';

/** What the comparison commands resolve to: the report (as `understudy compare --json` prints it), an error, or nothing (dismissed, cancelled). */
export type CompareResult = ComparisonReport | { readonly error: { readonly code: string; readonly message: string } } | undefined;

/** How many of the largest differences the summary lists. */
const LISTED_DIFFERENCES = 20;
const ACTIVE_CONTEXT = 'understudy.comparisonActive';

interface OpenComparison {
  readonly comparison: TwoSystemComparison;
  readonly decorations: ComparisonDecorations;
  readonly linked: LinkedEditors;
  readonly subscriptions: vscode.Disposable[];
}

interface PairwiseRun {
  readonly documents: readonly ScoredDocument[];
  readonly settings: ComparisonSettings;
  readonly abort: AbortController;
  status: ComparisonStatus;
  report?: ComparisonReport;
}

function failure(error: unknown): CompareResult {
  if (error instanceof JobCancelled) return undefined;
  const message = error instanceof Error ? error.message : String(error);
  void vscode.window.showErrorMessage(`Understudy: ${message}`);
  return { error: { code: error instanceof UnderstudyError ? error.code : 'compare-failed', message } };
}

/**
 * "Compare With…" and the pairwise table: scores the chosen systems against the baseline's references, opens A and B
 * side by side (linked scrolling, word differences, per-line deltas, navigation through the largest differences) with
 * the summary below, or the pairwise table for more than two systems; significance runs in the worker.
 */
export class ComparisonController implements vscode.Disposable {
  private open: OpenComparison | undefined;
  private pairwise: PairwiseRun | undefined;
  private readonly summary: ComparisonSummaryView;
  private readonly table: PairwisePanel;
  /** B − A on the cursor's line, while a compared editor is active. */
  private readonly lineStatus = vscode.window.createStatusBarItem('understudy.compareLine', vscode.StatusBarAlignment.Left, 99);
  private readonly subscriptions: vscode.Disposable[];

  constructor(extensionUri: vscode.Uri, private readonly store: EvaluationStore) {
    this.lineStatus.name = 'Understudy line comparison';
    this.lineStatus.command = 'understudy.compare.rankDifferencesBy';
    this.summary = new ComparisonSummaryView(extensionUri, (message) => this.fromSummary(message));
    this.table = new PairwisePanel(extensionUri, (message) => this.fromTable(message));
    this.subscriptions = [
      vscode.window.registerWebviewViewProvider(ComparisonSummaryView.viewId, this.summary),
      vscode.window.onDidChangeActiveTextEditor(() => this.updateContext()),
      vscode.window.onDidChangeTextEditorSelection((event) => {
        if (event.textEditor === vscode.window.activeTextEditor) this.updateLineStatus();
      }),
      this.lineStatus,
      this.summary,
      this.table,
    ];
  }

  /** The two-system comparison on screen, if any. */
  get current(): TwoSystemComparison | undefined {
    return this.open?.comparison;
  }

  /**
   * Compares `candidate` (default: the active editor's file) with other systems, picked in a quick pick unless given:
   * one other system opens side by side, several open the pairwise table. `line` (0-based) is revealed in both.
   */
  async compareWith(candidate?: vscode.Uri, line?: number, others?: readonly vscode.Uri[]): Promise<CompareResult> {
    const target = candidate ?? vscode.window.activeTextEditor?.document.uri;
    if (!target) {
      void vscode.window.showInformationMessage('Understudy: open a system output first, then run "Compare With…".');
      return undefined;
    }
    let baseline = this.store.get(target);
    if (!baseline) {
      const scored = await vscode.commands.executeCommand<unknown>('understudy.scoreAgainstReference', target);
      baseline = this.store.get(target);
      if (!baseline) return scored && typeof scored === 'object' && 'error' in scored ? (scored as CompareResult) : undefined;
    }
    const picked = others ?? (await pickSystems(this.store, baseline));
    if (!picked) return undefined;
    const seen = new Set([target.toString()]);
    const distinct = picked.filter((uri) => !seen.has(uri.toString()) && seen.add(uri.toString()));
    if (distinct.length === 0) return failure(new Error('pick a system other than the baseline to compare it with.'));
    let documents: ScoredDocument[];
    try {
      documents = await this.scoreLike(distinct, baseline);
    } catch (error) {
      return failure(error);
    }
    return documents.length === 1 ? this.openTwo(baseline, documents[0], line) : this.openPairwise([baseline, ...documents]);
  }

  /** The pairwise table of `uris` (default: picked, starting from the active file), scored against the first one's references. */
  async compareSystems(uris?: readonly vscode.Uri[]): Promise<CompareResult> {
    if (!uris || uris.length === 0) return this.compareWith();
    const [first, ...rest] = uris;
    const baseline = this.store.get(first);
    if (!baseline) return this.compareWith(first, undefined, rest);
    try {
      return this.openPairwise([baseline, ...(await this.scoreLike(rest, baseline))]);
    } catch (error) {
      return failure(error);
    }
  }

  /** Moves to the next (+1) or previous (−1) of the largest differences; returns where it went. */
  navigate(step: 1 | -1): RankedPosition | undefined {
    const open = this.open;
    if (!open) {
      void vscode.window.showInformationMessage('Understudy: no comparison is open. Run "Understudy: Compare With…" first.');
      return undefined;
    }
    const { comparison } = open;
    const editor = this.comparisonEditor();
    const position = stepThroughRanking(comparison.ranking, editor?.selection.active.line ?? -1, step);
    const label = describeMetric(comparison.rankBy).label;
    if (!position) {
      vscode.window.setStatusBarMessage(`Understudy: no line differs on ${label}${comparison.filter === 'all' ? '' : ` where B is ${comparison.filter}`}.`, 4000);
      return undefined;
    }
    open.linked.revealLine(position.line, editor);
    const delta = comparison.deltasOf(comparison.rankBy)[position.line];
    vscode.window.setStatusBarMessage(
      `Understudy: difference ${position.rank + 1} of ${position.total} by ${label} — line ${position.line + 1}, Δ ${sentenceDeltaText(delta, comparison.rankBy)}`,
      5000,
    );
    return position;
  }

  /** Asks which metric (and which direction) the differences are ranked by. */
  async chooseRanking(): Promise<void> {
    const comparison = this.open?.comparison;
    if (!comparison) {
      void vscode.window.showInformationMessage('Understudy: no comparison is open. Run "Understudy: Compare With…" first.');
      return;
    }
    type Item = vscode.QuickPickItem & { metric: string; filter: DifferenceFilter };
    const filters: [DifferenceFilter, string][] = [
      ['all', 'largest differences either way'],
      ['better', 'lines where B is better, most improved first'],
      ['worse', 'lines where B is worse, most degraded first'],
    ];
    const items: Item[] = comparison.metrics.flatMap((metric) =>
      filters.map(([filter, description]) => ({
        label: `${describeMetric(metric).label}: ${description}`,
        metric,
        filter,
        picked: metric === comparison.rankBy && filter === comparison.filter,
      })),
    );
    const chosen = await vscode.window.showQuickPick(items, { title: 'Rank the differences by', placeHolder: `Now: ${describeMetric(comparison.rankBy).label}, ${comparison.filter}` });
    if (chosen) comparison.setRanking(chosen.metric, chosen.filter);
  }

  /** Scores each file against the baseline's references, metrics and settings (unless it already is), with progress. */
  private async scoreLike(uris: readonly vscode.Uri[], baseline: ScoredDocument): Promise<ScoredDocument[]> {
    const pending = uris.filter((uri) => this.store.get(uri)?.sessionKey !== baseline.sessionKey);
    if (pending.length > 0) {
      await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: `Understudy: scoring ${pending.length} system${pending.length === 1 ? '' : 's'} against ${baseline.references.map((r) => vscode.workspace.asRelativePath(r)).join(', ')}`, cancellable: true },
        async (progress, token) => {
          const abort = new AbortController();
          token.onCancellationRequested(() => abort.abort());
          for (const [n, uri] of pending.entries()) {
            progress.report({ message: `${n + 1} / ${pending.length}: ${vscode.workspace.asRelativePath(uri)}`, increment: n === 0 ? 0 : 100 / pending.length });
            await this.store.attach(uri, baseline.references, baseline.metrics, baseline.settings, { name: this.store.get(uri)?.name, control: { signal: abort.signal } });
          }
        },
      );
    }
    const documents = uris.map((uri) => this.store.get(uri) as ScoredDocument);
    for (const document of [baseline, ...documents]) {
      if (document.scores.lineCount !== document.scores.referenceCount) {
        throw new UnderstudyError(
          'line-count-mismatch',
          `${document.name} has ${document.scores.lineCount} lines but the references have ${document.scores.referenceCount} segments: ` +
            'systems can only be compared segment by segment. Fix the line count (see the Problems panel), then compare again.',
        );
      }
    }
    return documents;
  }

  private async openTwo(a: ScoredDocument, b: ScoredDocument, line: number | undefined): Promise<CompareResult> {
    this.closeTwo();
    const comparison = new TwoSystemComparison(this.store, a.uri, b.uri, a.metrics[0]);
    const editorA = await vscode.window.showTextDocument(a.uri, { viewColumn: vscode.ViewColumn.One, preview: false });
    await vscode.window.showTextDocument(b.uri, { viewColumn: vscode.ViewColumn.Two, preview: false, preserveFocus: true });
    const open: OpenComparison = {
      comparison,
      decorations: new ComparisonDecorations(comparison),
      linked: new LinkedEditors(comparison),
      subscriptions: [],
    };
    open.subscriptions.push(
      comparison.onDidChange(() => {
        this.postSummary();
        this.updateLineStatus();
      }),
      comparison.onDidEnd(() => this.closeTwo()),
    );
    this.open = open;
    this.updateContext();
    this.postSummary(true);
    await this.summary.reveal();
    // Showing the view may move focus into it: give it back to A, where the navigation keys work.
    const focused = await vscode.window.showTextDocument(editorA.document, { viewColumn: editorA.viewColumn, preview: false });
    if (line !== undefined) open.linked.revealLine(line, focused);
    await comparison.run(true);
    if (this.open !== open) return undefined;
    const status = comparison.status;
    if (status.state === 'error') return failure(new Error(status.message));
    return status.state === 'ready' ? comparison.report : undefined;
  }

  private closeTwo(): void {
    const open = this.open;
    if (!open) return;
    this.open = undefined;
    for (const s of open.subscriptions) s.dispose();
    open.decorations.dispose();
    open.linked.dispose();
    open.comparison.dispose();
    this.summary.update(
      { type: 'empty', title: '', names: [], metrics: [], text: 'The comparison ended (a file stopped being scored). Run “Understudy: Compare With…” to compare again.' },
      true,
    );
    this.updateContext();
  }

  private async openPairwise(documents: readonly ScoredDocument[]): Promise<CompareResult> {
    this.pairwise?.abort.abort();
    const run: PairwiseRun = { documents, settings: significanceSettings(true), abort: new AbortController(), status: { state: 'computing', done: 0, total: 1 } };
    this.pairwise = run;
    this.table.show(this.pairwiseMessage(run));
    try {
      run.report = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: `Understudy: pairwise significance of ${documents.length} systems`, cancellable: true },
        (progress, token) => {
          token.onCancellationRequested(() => run.abort.abort());
          let reported = 0;
          return runComparison(this.store, documents, run.settings, {
            signal: run.abort.signal,
            onProgress: (done, total) => {
              const percent = (100 * done) / Math.max(1, total);
              progress.report({ increment: percent - reported, message: `${Math.floor(percent)}%` });
              reported = percent;
              run.status = { state: 'computing', done, total };
              if (this.pairwise === run) this.table.update(this.pairwiseMessage(run));
            },
          });
        },
      );
      run.status = { state: 'ready' };
      return run.report;
    } catch (error) {
      run.status = error instanceof JobCancelled ? { state: 'cancelled' } : { state: 'error', message: (error as Error).message };
      return failure(error);
    } finally {
      if (this.pairwise === run) this.table.update(this.pairwiseMessage(run), true);
    }
  }

  private pairwiseMessage(run: PairwiseRun): ShowPairwiseMessage {
    const [first] = run.documents;
    return {
      type: 'pairwise',
      title: `Understudy — ${run.documents.length} systems`,
      names: run.documents.map((d) => d.name),
      metrics: first.metrics,
      ...(run.report && { report: run.report }),
      status: run.status,
      commandLine: compareCommandLine({
        references: first.references.map((r) => vscode.workspace.asRelativePath(r)),
        systems: run.documents.map((d) => vscode.workspace.asRelativePath(d.uri)),
        metrics: first.metrics,
        metricSettings: first.settings,
        comparison: run.settings,
      }),
    };
  }

  private summaryMessage(open: OpenComparison): ShowSummaryMessage | undefined {
    const { comparison } = open;
    const documents = comparison.documents();
    if (!documents) return undefined;
    const [a, b] = documents;
    const textA = vscode.workspace.textDocuments.find((d) => d.uri.toString() === a.uri.toString());
    const textB = vscode.workspace.textDocuments.find((d) => d.uri.toString() === b.uri.toString());
    const differences: DifferenceEntry[] = [];
    if (textA && textB) {
      for (const line of comparison.ranking.slice(0, LISTED_DIFFERENCES)) {
        if (line >= textA.lineCount || line >= textB.lineCount) continue;
        const lineA = textA.lineAt(line).text;
        const lineB = textB.lineAt(line).text;
        const diff = open.decorations.wordDiffAt(line, lineA, lineB);
        differences.push({
          line,
          textA: lineA,
          textB: lineB,
          removed: diff.removed,
          added: diff.added,
          deltas: Object.fromEntries(comparison.metrics.map((m) => [m, comparison.deltasOf(m)[line]])),
        });
      }
    }
    const deltas = Object.fromEntries(comparison.metrics.map((m) => [m, Array.from(comparison.deltasOf(m), (d) => (Number.isNaN(d) ? null : d))]));
    return {
      type: 'summary',
      title: `${a.name} ↔ ${b.name}`,
      names: [a.name, b.name],
      metrics: comparison.metrics,
      ...(comparison.report && { report: comparison.report }),
      status: comparison.status,
      stale: comparison.stale,
      deltas,
      rankBy: comparison.rankBy,
      filter: comparison.filter,
      differences,
      rankedCount: comparison.ranking.length,
      commandLine: compareCommandLine({
        references: a.references.map((r) => vscode.workspace.asRelativePath(r)),
        systems: [a, b].map((d) => vscode.workspace.asRelativePath(d.uri)),
        metrics: a.metrics,
        metricSettings: a.settings,
        comparison: comparison.report?.settings ?? significanceSettings(false),
      }),
      unsaved: [textA, textB].filter((d): d is vscode.TextDocument => d?.isDirty === true).map((d) => vscode.workspace.asRelativePath(d.uri)),
    };
  }

  private postSummary(immediately = false): void {
    const message = this.open && this.summaryMessage(this.open);
    // While A or B is being re-scored (e.g. after a settings change) the last summary stays.
    if (message) this.summary.update(message, immediately);
  }

  /** The editor navigation acts in: the active one when it shows A or B, else a visible one showing B, then A. */
  private comparisonEditor(): vscode.TextEditor | undefined {
    const comparison = this.open?.comparison;
    if (!comparison) return undefined;
    const active = vscode.window.activeTextEditor;
    if (active && comparison.involves(active.document.uri)) return active;
    const visible = vscode.window.visibleTextEditors;
    return visible.find((e) => e.document.uri.toString() === comparison.b.toString()) ?? visible.find((e) => e.document.uri.toString() === comparison.a.toString());
  }

  private updateContext(): void {
    const active = vscode.window.activeTextEditor;
    const on = this.open !== undefined && active !== undefined && this.open.comparison.involves(active.document.uri);
    void vscode.commands.executeCommand('setContext', ACTIVE_CONTEXT, on);
    this.updateLineStatus();
  }

  private updateLineStatus(): void {
    const comparison = this.open?.comparison;
    const active = vscode.window.activeTextEditor;
    if (!comparison || !active || !comparison.involves(active.document.uri)) {
      this.lineStatus.hide();
      return;
    }
    const line = active.selection.active.line;
    const label = deltaLabel(comparison.metrics.map((metric) => ({ metric, delta: comparison.deltasOf(metric)[line] ?? NaN })));
    if (!label) {
      this.lineStatus.hide();
      return;
    }
    this.lineStatus.text = `$(git-compare) line ${line + 1} ${label}`;
    this.lineStatus.tooltip = `B − A on line ${line + 1} (▲ B better, ▼ B worse). F7 / Shift+F7: next / previous largest difference by ${describeMetric(comparison.rankBy).label}. Click to rank by another metric.`;
    this.lineStatus.show();
  }

  private fromSummary(message: MessageFromCompareWebview): void {
    const open = this.open;
    switch (message.type) {
      case 'revealLine':
        open?.linked.revealLine(message.line, this.comparisonEditor());
        return;
      case 'rankBy':
        open?.comparison.setRanking(message.metric, message.filter);
        return;
      case 'cancel':
        open?.comparison.cancel();
        return;
      case 'rerun':
        void open?.comparison.run(true);
        return;
      case 'copy':
        void copyText(message.text);
        return;
      default:
        return;
    }
  }

  private fromTable(message: MessageFromCompareWebview): void {
    const run = this.pairwise;
    switch (message.type) {
      case 'cancel':
        run?.abort.abort();
        return;
      case 'rerun':
        if (run) void this.openPairwise(run.documents.map((d) => this.store.get(d.uri) ?? d));
        return;
      case 'comparePair': {
        const a = run?.documents[message.baseline];
        const b = run?.documents[message.system];
        if (a && b && a !== b) void this.compareWith(a.uri, undefined, [b.uri]);
        return;
      }
      case 'copy':
        void copyText(message.text);
        return;
      default:
        return;
    }
  }

  dispose(): void {
    this.closeTwo();
    this.pairwise?.abort.abort();
    for (const s of this.subscriptions) s.dispose();
  }
}
