import * as vscode from 'vscode';
import { SegmentExplanation } from '../core/engine/evaluation-session';
import { Explanation } from '../core/metrics/explanation';
import { HighlightKind, hypothesisHighlights, referenceHighlights } from '../core/inspect/highlight-spans';
import { displaySettings, DisplaySettings, shownMetrics } from './display-settings';
import { EvaluationStore, ScoredDocument } from './evaluation-store';
import { ExplanationCache } from './explanation-cache';
import type { ManifestEvaluations } from './manifest-evaluations';
import { locateReference, locateSystem, SegmentPlacement } from './segment-locator';
import { METEOR_HIGHLIGHT_KINDS, MeteorHighlightKind } from '../core/inspect/meteor-highlights';
import { meteorDecoration, meteorLayer } from './meteor-decorations';

/** At most this many segments are explained at once in "all lines" mode (the visible ones come first). */
const MAX_EXPLAINED = 150;
const DEBOUNCE_MS = 50;

const KINDS: readonly HighlightKind[] = ['order1', 'order2', 'order3', 'order4', 'unmatched', 'lcs', 'ter-shift', 'ter-substitute', 'ter-insert', 'ter-delete'];

function decorationFor(kind: HighlightKind): vscode.DecorationRenderOptions {
  const color = (id: string): vscode.ThemeColor => new vscode.ThemeColor(id);
  switch (kind) {
    case 'order1':
    case 'order2':
    case 'order3':
    case 'order4':
      return { backgroundColor: color(`understudy.matchOrder${kind.slice(5)}Background`) };
    case 'unmatched':
      return { borderStyle: 'none none dotted none', borderWidth: '0 0 2px 0', borderColor: color('understudy.unmatchedBorder') };
    case 'lcs':
      return { borderStyle: 'none none solid none', borderWidth: '0 0 2px 0', borderColor: color('understudy.lcsBorder') };
    case 'ter-shift':
      return { outlineStyle: 'dashed', outlineWidth: '1px', outlineColor: color('understudy.terShiftOutline') };
    case 'ter-substitute':
      return { outlineStyle: 'dotted', outlineWidth: '1px', outlineColor: color('understudy.terSubstitutionOutline') };
    case 'ter-insert':
      return { textDecoration: 'line-through', opacity: '0.8' };
    case 'ter-delete':
      return { backgroundColor: color('understudy.terDeletionBackground') };
  }
}

/**
 * Why a line scored as it did, painted on it: matched n-grams by order, unmatched hypothesis tokens, ROUGE's LCS,
 * TER's shifts and edits — on the active line (or on every visible line when toggled), and the same matches on the
 * reference lines of any visible reference editor.
 */
export class MatchHighlights implements vscode.Disposable {
  private readonly types = new Map<HighlightKind | MeteorHighlightKind, vscode.TextEditorDecorationType>([
    ...KINDS.map((k): [HighlightKind, vscode.TextEditorDecorationType] => [k, vscode.window.createTextEditorDecorationType(decorationFor(k))]),
    ...METEOR_HIGHLIGHT_KINDS.map((k): [MeteorHighlightKind, vscode.TextEditorDecorationType] => [k, vscode.window.createTextEditorDecorationType(meteorDecoration(k))]),
  ]);
  private display: DisplaySettings = displaySettings();
  private timer: NodeJS.Timeout | undefined;
  private generation = 0;
  private readonly subscriptions: vscode.Disposable[] = [];
  private readonly decorated = new Set<vscode.TextEditor>();

  constructor(
    private readonly store: EvaluationStore,
    private readonly cache: ExplanationCache,
    private readonly manifests: ManifestEvaluations | undefined,
  ) {
    this.subscriptions.push(
      store.onDidChange(() => this.schedule()),
      store.onDidRemove(() => this.schedule()),
      vscode.window.onDidChangeTextEditorSelection(() => this.schedule()),
      vscode.window.onDidChangeActiveTextEditor(() => this.schedule()),
      vscode.window.onDidChangeVisibleTextEditors(() => this.schedule()),
      vscode.window.onDidChangeTextEditorVisibleRanges(() => {
        if (this.display.highlightMode === 'allLines') this.schedule();
      }),
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (!event.affectsConfiguration('understudy')) return;
        this.display = displaySettings();
        this.schedule();
      }),
    );
  }

  /** "Understudy: Toggle Matches on All Lines": every visible line, or the active line only. */
  async toggleAllLines(): Promise<void> {
    const next = this.display.highlightMode === 'allLines' ? 'activeLine' : 'allLines';
    await vscode.workspace.getConfiguration('understudy').update('highlights.mode', next, vscode.ConfigurationTarget.Global);
    this.display = displaySettings();
    this.schedule();
    void vscode.window.setStatusBarMessage(`Understudy: matches shown on ${next === 'allLines' ? 'all lines' : 'the active line'}`, 3000);
  }

  schedule(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.update(), DEBOUNCE_MS);
  }

  /** Segments to explain in a candidate editor: the active line's, or the visible ones. */
  private targets(editor: vscode.TextEditor, placement: SegmentPlacement): number[] {
    if (this.display.highlightMode === 'off') return [];
    if (this.display.highlightMode === 'activeLine') {
      if (editor !== vscode.window.activeTextEditor) return [];
      const index = placement.segmentAt(editor.selection.active.line);
      return index === undefined ? [] : [index];
    }
    const indexes = new Set<number>();
    for (const range of editor.visibleRanges) {
      for (let line = range.start.line; line <= range.end.line && indexes.size < MAX_EXPLAINED; line++) {
        const index = placement.segmentAt(line);
        if (index !== undefined) indexes.add(index);
      }
    }
    return [...indexes];
  }

  private async update(): Promise<void> {
    const generation = ++this.generation;
    const spans = new Map<vscode.TextEditor, Map<HighlightKind | MeteorHighlightKind, vscode.Range[]>>();
    const add = (editor: vscode.TextEditor, kind: HighlightKind | MeteorHighlightKind, range: vscode.Range | undefined): void => {
      if (!range || range.isEmpty) return;
      let byKind = spans.get(editor);
      if (!byKind) spans.set(editor, (byKind = new Map()));
      byKind.set(kind, [...(byKind.get(kind) ?? []), range]);
    };
    // Candidate editors first: which segments of which system are explained.
    const explained = new Map<string, { scored: ScoredDocument; byIndex: Map<number, SegmentExplanation> }>();
    for (const editor of vscode.window.visibleTextEditors) {
      const located = locateSystem(this.store, editor.document);
      if (!located) continue;
      const indexes = this.targets(editor, located.placement);
      if (indexes.length === 0) continue;
      let explanations: (SegmentExplanation | undefined)[];
      try {
        explanations = await this.cache.getMany(located.scored, indexes);
      } catch {
        continue; // detached or re-scored meanwhile: the next update redraws
      }
      if (generation !== this.generation) return;
      const shown = shownMetrics(located.scored.metrics, this.display);
      const entry = explained.get(located.scored.uri.toString()) ?? { scored: located.scored, byIndex: new Map() };
      explanations.forEach((explanation, k) => {
        if (!explanation) return;
        entry.byIndex.set(indexes[k], explanation);
        const byMetric = metricExplanations(explanation);
        // METEOR's alignment, when METEOR leads the shown metrics, takes the place of the n-gram colours.
        const meteor = meteorLayer(byMetric, shown, this.display.highlightLayers, explanation);
        for (const span of meteor?.spans ?? []) add(editor, span.kind, located.placement.range(indexes[k], span));
        for (const span of hypothesisHighlights(byMetric, shown, meteor?.otherLayers ?? this.display.highlightLayers)) add(editor, span.kind, located.placement.range(indexes[k], span));
      });
      explained.set(located.scored.uri.toString(), entry);
    }
    // Reference editors: the same segments' matches on the reference side.
    for (const editor of vscode.window.visibleTextEditors) {
      for (const { scored, k, placement } of locateReference(this.store, this.manifests, editor.document)) {
        const entry = explained.get(scored.uri.toString());
        if (!entry) continue;
        const shown = shownMetrics(scored.metrics, this.display);
        for (const [index, explanation] of entry.byIndex) {
          const byMetric = metricExplanations(explanation);
          const meteor = meteorLayer(byMetric, shown, this.display.highlightLayers, explanation, k);
          for (const span of meteor?.spans ?? []) add(editor, span.kind, placement.range(index, span));
          for (const span of referenceHighlights(byMetric, shown, k, meteor?.otherLayers ?? this.display.highlightLayers)) add(editor, span.kind, placement.range(index, span));
        }
      }
    }
    if (generation !== this.generation) return;
    for (const editor of new Set([...this.decorated, ...spans.keys()])) {
      if (!vscode.window.visibleTextEditors.includes(editor)) {
        this.decorated.delete(editor);
        continue;
      }
      const byKind = spans.get(editor);
      for (const [kind, type] of this.types) editor.setDecorations(type, byKind?.get(kind) ?? []);
      if (byKind) this.decorated.add(editor);
      else this.decorated.delete(editor);
    }
  }

  dispose(): void {
    clearTimeout(this.timer);
    for (const type of this.types.values()) type.dispose();
    for (const s of this.subscriptions) s.dispose();
  }
}

export function metricExplanations(explanation: SegmentExplanation): Record<string, Explanation> {
  return Object.fromEntries(Object.entries(explanation.metrics).map(([metric, m]) => [metric, m.explanation]));
}
