import * as vscode from 'vscode';
import { describeMetric } from '../core/engine/metric-descriptions';
import { corpusDecimals, formatCorpusScore } from '../core/inspect/score-labels';
import { displaySettings, shownMetrics } from './display-settings';
import { EvaluationStore, ScoredDocument } from './evaluation-store';
import { escapeMarkdownHtml } from './score-hover';
import { locateSystem } from './segment-locator';

/** "1000 segments", or what was scored when the counts differ. */
export function segmentSummary(scored: ScoredDocument): string {
  const { scoredCount, lineCount, referenceCount } = scored.scores;
  return scoredCount === referenceCount && lineCount === referenceCount ? `${scoredCount} segments` : `${scoredCount} of ${referenceCount} segments scored`;
}

export function referenceSummary(scored: ScoredDocument): string {
  const names = scored.referenceNames ?? scored.references.map((r) => vscode.workspace.asRelativePath(r));
  return names.length <= 3 ? `refs: ${names.join(', ')}` : `${names.length} references`;
}

/** The full story of a system's corpus scores: each with its 95% interval and signature, the segments, the references. */
export function corpusTooltip(scored: ScoredDocument): vscode.MarkdownString {
  const md = new vscode.MarkdownString(undefined, true);
  md.appendMarkdown(`**Understudy** — ${escapeMarkdownHtml(scored.name)}\n\n`);
  md.appendMarkdown('| metric | corpus score | 95% CI (bootstrap) | signature |\n|---|---|---|---|\n');
  for (const metric of scored.metrics) {
    const score = scored.scores.corpus[metric];
    if (!score) continue;
    const interval = scored.intervals?.[metric];
    const d = corpusDecimals(metric);
    const ci = interval ? `${interval.lower.toFixed(d)} – ${interval.upper.toFixed(d)} (μ = ${interval.mean.toFixed(d)} ± ${interval.halfWidth.toFixed(d)}, ${interval.samples} resamples, seed ${String(interval.seed)})` : 'computing…';
    md.appendMarkdown(`| ${describeMetric(metric).label} | ${score.score.toFixed(d)} | ${ci} | \`${score.signature}\` |\n`);
  }
  md.appendMarkdown(`\n${segmentSummary(scored)} · ${escapeMarkdownHtml((scored.referenceNames ?? []).join(', '))}\n`);
  return md;
}

/** All signatures of a system, one per line (what "Copy Signatures" puts on the clipboard). */
export function signatures(scored: ScoredDocument): string {
  return scored.metrics.map((m) => `${m}: ${scored.scores.corpus[m]?.signature ?? ''}`).join('\n');
}

/** CodeLens on the first line of a scored system: corpus scores with 95% intervals, segments, references, signature. */
export class CorpusCodeLensProvider implements vscode.CodeLensProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly store: EvaluationStore) {
    this.subscriptions = [
      store.onDidChange(() => this.changed.fire()),
      store.onDidRemove(() => this.changed.fire()),
      vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration('understudy') && this.changed.fire()),
      this.changed,
    ];
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const located = locateSystem(this.store, document);
    if (!located || document.lineCount === 0) return [];
    const { scored } = located;
    const at = new vscode.Range(0, 0, 0, 0);
    const lenses: vscode.CodeLens[] = [];
    for (const metric of shownMetrics(scored.metrics, displaySettings())) {
      const score = scored.scores.corpus[metric];
      if (!score) continue;
      const interval = scored.intervals?.[metric];
      lenses.push(
        new vscode.CodeLens(at, {
          title: formatCorpusScore(metric, score.score, interval),
          tooltip: `${interval ? '95% bootstrap confidence interval in brackets. ' : 'Confidence interval being computed. '}${score.signature}`,
          command: 'understudy.showEvaluationReport',
          arguments: [scored.uri],
        }),
      );
    }
    if (scored.provisional) lenses.push(new vscode.CodeLens(at, { title: '$(sync~spin) scoring the whole file…', tooltip: 'The visible lines are scored; corpus scores follow', command: '' }));
    lenses.push(new vscode.CodeLens(at, { title: segmentSummary(scored), tooltip: 'Segments scored (lines with a reference line)', command: 'understudy.revealInTree', arguments: [scored.uri] }));
    lenses.push(new vscode.CodeLens(at, { title: referenceSummary(scored), tooltip: (scored.referenceNames ?? []).join('\n'), command: 'understudy.openReferences', arguments: [scored.uri] }));
    lenses.push(new vscode.CodeLens(at, { title: 'signature', tooltip: signatures(scored), command: 'understudy.copySignatures', arguments: [scored.uri] }));
    return lenses;
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
  }
}

/** The status bar item: the active editor's system's corpus scores with intervals; the full table on hover. */
export class ScoreStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('understudy.corpusScores', vscode.StatusBarAlignment.Left, 100);
  private readonly subscriptions: vscode.Disposable[];
  private timer: NodeJS.Timeout | undefined;
  private tooltipSource = '';

  constructor(private readonly store: EvaluationStore) {
    this.item.name = 'Understudy corpus scores';
    this.item.command = 'understudy.showEvaluationReport';
    // Re-scores arrive with every pause in typing: the item follows at most every 200 ms (its markdown tooltip is
    // parsed by the host each time it is set, so it is set only when it changed).
    this.subscriptions = [
      store.onDidChange(() => this.schedule()),
      store.onDidRemove(() => this.schedule()),
      vscode.window.onDidChangeActiveTextEditor(() => this.update()),
      vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration('understudy') && this.schedule()),
    ];
    this.update();
  }

  /** The system whose scores are shown: the active editor's, else the latest scored. */
  private current(): ScoredDocument | undefined {
    const editor = vscode.window.activeTextEditor;
    const located = editor && locateSystem(this.store, editor.document);
    if (located) return located.scored;
    return editor ? undefined : this.store.all().at(-1);
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.update();
    }, 200);
  }

  update(): void {
    const scored = this.current();
    void vscode.commands.executeCommand('setContext', 'understudy.isScored', scored !== undefined && vscode.window.activeTextEditor !== undefined);
    if (!scored) {
      this.item.hide();
      return;
    }
    const shown = shownMetrics(scored.metrics, displaySettings());
    const scores = shown.filter((m) => scored.scores.corpus[m]).map((m) => formatCorpusScore(m, scored.scores.corpus[m].score, scored.intervals?.[m]));
    this.item.text = scored.provisional ? '$(sync~spin) Understudy: scoring…' : `$(pulse) ${scores.join(' · ')}`;
    const tooltip = corpusTooltip(scored);
    if (tooltip.value !== this.tooltipSource) {
      this.tooltipSource = tooltip.value;
      this.item.tooltip = tooltip;
    }
    this.item.accessibilityInformation = { label: `Understudy corpus scores of ${scored.name}: ${scores.join(', ')}; ${segmentSummary(scored)}` };
    this.item.show();
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.item.dispose();
    for (const s of this.subscriptions) s.dispose();
  }
}
