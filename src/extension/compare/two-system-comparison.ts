import * as vscode from 'vscode';
import { ComparisonReport } from '../../core/compare/comparison-report';
import { DifferenceFilter, lineDeltas, rankDifferences } from '../../core/compare/line-deltas';
import { describeMetric } from '../../core/engine/metric-descriptions';
import type { ComparisonStatus } from '../../../webview/shared/compare-protocol';
import { EvaluationStore, ScoredDocument } from '../evaluation-store';
import { JobCancelled } from '../worker-client';
import { runComparison } from './run-comparison';
import { significanceSettings } from './significance-settings';

/** Significance tests wait this long after the last edit of either file (they resample the whole test set). */
const RERUN_DEBOUNCE_MS = 1500;

/**
 * System B compared with baseline A: per-line score deltas (kept current as either file is edited), the ranking of
 * the largest differences the navigation walks, and the significance report, recomputed in the worker after edits.
 */
export class TwoSystemComparison implements vscode.Disposable {
  private deltas: Record<string, Float64Array> = {};
  /** The scores objects the deltas were computed from. */
  private seenScores: readonly object[] = [];
  private rankingCache: number[] | undefined;
  private reportValue: ComparisonReport | undefined;
  private statusValue: ComparisonStatus = { state: 'computing', done: 0, total: 1 };
  private staleValue = false;
  private running: AbortController | undefined;
  private rerunTimer: NodeJS.Timeout | undefined;
  private readonly changed = new vscode.EventEmitter<{ readonly deltas: boolean }>();
  private readonly ended = new vscode.EventEmitter<void>();
  /** Fires when deltas (`deltas: true`), the ranking, the report or the status changed. */
  readonly onDidChange = this.changed.event;
  /** Fires when A or B stops being scored: the comparison is over. */
  readonly onDidEnd = this.ended.event;
  private readonly subscriptions: vscode.Disposable[];
  /** Resolves when the latest run of the tests has finished (whatever its outcome). */
  private lastRun: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: EvaluationStore,
    readonly a: vscode.Uri,
    readonly b: vscode.Uri,
    private rankMetric: string,
    private rankFilter: DifferenceFilter = 'all',
  ) {
    this.updateDeltas();
    this.subscriptions = [
      store.onDidChange((scored) => {
        if (!this.involves(scored.uri)) return;
        const lengthsOrTexts = this.updateDeltas();
        this.changed.fire({ deltas: true });
        // Intervals arriving re-fire onDidChange with the same scores: only new scores call for new tests.
        if (lengthsOrTexts) this.scheduleRerun();
      }),
      store.onDidRemove((uri) => {
        if (this.involves(uri)) this.ended.fire();
      }),
      this.changed,
      this.ended,
    ];
  }

  involves(uri: vscode.Uri): boolean {
    const key = uri.toString();
    return key === this.a.toString() || key === this.b.toString();
  }

  /** Both scored documents, or undefined once either was closed or re-scored elsewhere. */
  documents(): [ScoredDocument, ScoredDocument] | undefined {
    const a = this.store.get(this.a);
    const b = this.store.get(this.b);
    return a && b && a.sessionKey === b.sessionKey ? [a, b] : undefined;
  }

  get metrics(): readonly string[] {
    return this.store.get(this.a)?.metrics ?? [];
  }

  /** B − A per line for a metric (NaN where either line has no score). */
  deltasOf(metric: string): Float64Array {
    return this.deltas[metric] ?? new Float64Array(0);
  }

  get rankBy(): string {
    return this.rankMetric;
  }

  get filter(): DifferenceFilter {
    return this.rankFilter;
  }

  /** Lines in the order the navigation visits them: largest |Δ| of the ranking metric first. */
  get ranking(): readonly number[] {
    this.rankingCache ??= rankDifferences(this.deltasOf(this.rankMetric), describeMetric(this.rankMetric).higherIsBetter, this.rankFilter);
    return this.rankingCache;
  }

  setRanking(metric: string, filter: DifferenceFilter): void {
    if (!this.metrics.includes(metric)) return;
    this.rankMetric = metric;
    this.rankFilter = filter;
    this.rankingCache = undefined;
    this.changed.fire({ deltas: false });
  }

  get report(): ComparisonReport | undefined {
    return this.reportValue;
  }

  get status(): ComparisonStatus {
    return this.statusValue;
  }

  /** True while the report describes the files as they were before the latest edit. */
  get stale(): boolean {
    return this.staleValue;
  }

  /** Resolves when the tests under way (if any) have finished. */
  whenSettled(): Promise<void> {
    return this.lastRun;
  }

  /**
   * Runs the significance tests (cancelling a run under way). `visible` shows a cancellable notification (the first
   * run); re-runs after edits only show in the status bar.
   */
  run(visible: boolean): Promise<void> {
    clearTimeout(this.rerunTimer);
    this.rerunTimer = undefined;
    this.running?.abort();
    const abort = new AbortController();
    this.running = abort;
    this.statusValue = { state: 'computing', done: 0, total: 1 };
    this.changed.fire({ deltas: false });
    const documents = this.documents();
    const names = documents ? `${documents[0].name} and ${documents[1].name}` : 'the systems';
    const task = (progress?: vscode.Progress<{ message?: string; increment?: number }>, token?: vscode.CancellationToken): Promise<void> => {
      token?.onCancellationRequested(() => abort.abort());
      let reported = 0;
      return this.compute(abort, (done, total) => {
        const percent = (100 * done) / Math.max(1, total);
        progress?.report({ increment: percent - reported, message: `${Math.floor(percent)}%` });
        reported = percent;
      });
    };
    const run = visible
      ? vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `Understudy: significance of ${names}`, cancellable: true }, task)
      : vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: 'Understudy: significance' }, () => task());
    this.lastRun = Promise.resolve(run);
    return this.lastRun;
  }

  cancel(): void {
    this.running?.abort();
  }

  private async compute(abort: AbortController, onProgress: (done: number, total: number) => void): Promise<void> {
    const documents = this.documents();
    if (!documents) {
      this.statusValue = { state: 'error', message: 'Both files must be scored against the same references to be compared.' };
      this.changed.fire({ deltas: false });
      return;
    }
    const texts = documents.map((d) => d.scores);
    try {
      const report = await runComparison(this.store, documents, significanceSettings(false), {
        signal: abort.signal,
        onProgress: (done, total) => {
          if (this.running !== abort) return;
          this.statusValue = { state: 'computing', done, total };
          onProgress(done, total);
          this.changed.fire({ deltas: false });
        },
      });
      if (this.running !== abort) return;
      this.reportValue = report;
      // An edit that arrived while the tests ran leaves the report stale (and has scheduled another run).
      const now = this.documents();
      this.staleValue = !now || now[0].scores !== texts[0] || now[1].scores !== texts[1];
      this.statusValue = { state: 'ready' };
    } catch (error) {
      if (this.running !== abort) return;
      this.statusValue = error instanceof JobCancelled ? { state: 'cancelled' } : { state: 'error', message: (error as Error).message };
    } finally {
      if (this.running === abort) this.running = undefined;
    }
    this.changed.fire({ deltas: false });
  }

  /**
   * Recomputes the deltas from the current sentence scores; true when the scores themselves changed (a re-score
   * replaces a document's `scores`; intervals arriving keep them).
   */
  private updateDeltas(): boolean {
    const documents = this.documents();
    const next: Record<string, Float64Array> = {};
    if (documents) {
      const [a, b] = documents;
      for (const metric of a.metrics) next[metric] = lineDeltas(a.scores.sentence[metric] ?? [], b.scores.sentence[metric] ?? []);
    }
    this.deltas = next;
    this.rankingCache = undefined;
    const seen = documents ? documents.map((d) => d.scores) : [];
    const changed = seen.length !== this.seenScores.length || seen.some((scores, i) => scores !== this.seenScores[i]);
    this.seenScores = seen;
    return changed;
  }

  private scheduleRerun(): void {
    this.staleValue = this.reportValue !== undefined;
    this.running?.abort();
    clearTimeout(this.rerunTimer);
    this.rerunTimer = setTimeout(() => void this.run(false), RERUN_DEBOUNCE_MS);
  }

  dispose(): void {
    clearTimeout(this.rerunTimer);
    this.running?.abort();
    for (const s of this.subscriptions) s.dispose();
  }
}
