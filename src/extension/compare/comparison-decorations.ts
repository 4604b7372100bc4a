import * as vscode from 'vscode';
import { improvement } from '../../core/compare/line-deltas';
import { WordDiff, wordDiff } from '../../core/compare/word-diff';
import { describeMetric } from '../../core/engine/metric-descriptions';
import { deltaLabel } from '../../core/compare/delta-label';
import { TwoSystemComparison } from './two-system-comparison';

/** Word differences are computed for the visible lines and this many lines around them (about 0.1 ms a line). */
const WORD_DIFF_MARGIN = 40;
/** The largest differences are marked in the overview ruler: this share of the ranked lines, within bounds. */
const RULER_SHARE = 0.05;
const RULER_MIN = 10;
const RULER_MAX = 100;

/**
 * Decorates the editors showing A and B: words of A not in B and words of B not in A (the diff editor's theme
 * colours), after each line of B the per-line score deltas coloured by whether B is better on the ranking metric, and
 * the largest differences in the overview ruler. Word differences follow the visible ranges (a 2,000-line file is
 * never diffed at once on the extension host's thread); deltas cover every line.
 */
export class ComparisonDecorations implements vscode.Disposable {
  private readonly removedWords = vscode.window.createTextEditorDecorationType({
    backgroundColor: new vscode.ThemeColor('diffEditor.removedTextBackground'),
    borderRadius: '2px',
  });
  private readonly addedWords = vscode.window.createTextEditorDecorationType({
    backgroundColor: new vscode.ThemeColor('diffEditor.insertedTextBackground'),
    borderRadius: '2px',
  });
  private readonly deltaTypes = {
    better: deltaType('understudy.compare.betterForeground'),
    worse: deltaType('understudy.compare.worseForeground'),
    same: deltaType('understudy.compare.sameForeground'),
  };
  private readonly rulerBetter = vscode.window.createTextEditorDecorationType({
    overviewRulerColor: new vscode.ThemeColor('understudy.compare.betterForeground'),
    overviewRulerLane: vscode.OverviewRulerLane.Right,
  });
  private readonly rulerWorse = vscode.window.createTextEditorDecorationType({
    overviewRulerColor: new vscode.ThemeColor('understudy.compare.worseForeground'),
    overviewRulerLane: vscode.OverviewRulerLane.Right,
  });
  /** Word differences by line, with the two texts they were computed from. */
  private readonly diffs = new Map<number, { readonly a: string; readonly b: string; readonly diff: WordDiff }>();
  private readonly subscriptions: vscode.Disposable[];
  private wordTimer: NodeJS.Timeout | undefined;

  constructor(private readonly comparison: TwoSystemComparison) {
    this.subscriptions = [
      comparison.onDidChange(({ deltas }) => this.refresh(deltas ? 'all' : 'deltas')),
      vscode.window.onDidChangeVisibleTextEditors(() => this.refresh('all')),
      vscode.window.onDidChangeTextEditorVisibleRanges((event) => {
        if (comparison.involves(event.textEditor.document.uri)) this.scheduleWords();
      }),
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.contentChanges.length > 0 && comparison.involves(event.document.uri)) this.scheduleWords();
      }),
    ];
    this.refresh('all');
  }

  /** The word differences of one line (computed now if needed), from the two documents' current texts. */
  wordDiffAt(line: number, textA: string, textB: string): WordDiff {
    const cached = this.diffs.get(line);
    if (cached && cached.a === textA && cached.b === textB) return cached.diff;
    const diff = wordDiff(textA, textB);
    this.diffs.set(line, { a: textA, b: textB, diff });
    return diff;
  }

  private scheduleWords(): void {
    clearTimeout(this.wordTimer);
    this.wordTimer = setTimeout(() => this.refresh('words'), 30);
  }

  private editors(): { a: vscode.TextEditor[]; b: vscode.TextEditor[] } {
    const a = this.comparison.a.toString();
    const b = this.comparison.b.toString();
    const visible = vscode.window.visibleTextEditors;
    return { a: visible.filter((e) => e.document.uri.toString() === a), b: visible.filter((e) => e.document.uri.toString() === b) };
  }

  refresh(what: 'all' | 'deltas' | 'words'): void {
    const { a, b } = this.editors();
    if (what !== 'deltas') this.decorateWords(a, b);
    if (what !== 'words') for (const editor of b) this.decorateDeltas(editor);
  }

  private decorateWords(editorsA: readonly vscode.TextEditor[], editorsB: readonly vscode.TextEditor[]): void {
    const documentA = editorsA[0]?.document ?? openDocument(this.comparison.a);
    const documentB = editorsB[0]?.document ?? openDocument(this.comparison.b);
    if (!documentA || !documentB) {
      for (const editor of [...editorsA, ...editorsB]) editor.setDecorations(editor.document === documentA ? this.removedWords : this.addedWords, []);
      return;
    }
    const common = Math.min(documentA.lineCount, documentB.lineCount);
    const lines = new Set<number>();
    for (const editor of [...editorsA, ...editorsB]) {
      for (const range of editor.visibleRanges) {
        for (let line = Math.max(0, range.start.line - WORD_DIFF_MARGIN); line <= Math.min(common - 1, range.end.line + WORD_DIFF_MARGIN); line++) lines.add(line);
      }
    }
    const removed: vscode.Range[] = [];
    const added: vscode.Range[] = [];
    for (const line of lines) {
      const diff = this.wordDiffAt(line, documentA.lineAt(line).text, documentB.lineAt(line).text);
      for (const span of diff.removed) removed.push(new vscode.Range(line, span.start, line, span.end));
      for (const span of diff.added) added.push(new vscode.Range(line, span.start, line, span.end));
    }
    for (const editor of editorsA) editor.setDecorations(this.removedWords, removed);
    for (const editor of editorsB) editor.setDecorations(this.addedWords, added);
  }

  private decorateDeltas(editor: vscode.TextEditor): void {
    const { comparison } = this;
    const metrics = comparison.metrics;
    const rankBy = comparison.rankBy;
    const higherIsBetter = describeMetric(rankBy).higherIsBetter;
    const byKind: Record<'better' | 'worse' | 'same', vscode.DecorationOptions[]> = { better: [], worse: [], same: [] };
    const rankDeltas = comparison.deltasOf(rankBy);
    const columns = metrics.map((metric) => ({ metric, deltas: comparison.deltasOf(metric) }));
    const lineCount = Math.min(editor.document.lineCount, rankDeltas.length);
    for (let line = 0; line < lineCount; line++) {
      const label = deltaLabel(columns.map((c) => ({ metric: c.metric, delta: c.deltas[line] })));
      if (!label) continue;
      const gain = improvement(rankDeltas[line], higherIsBetter);
      const kind = gain > 0 ? 'better' : gain < 0 ? 'worse' : 'same';
      const end = editor.document.lineAt(line).range.end;
      byKind[kind].push({ range: new vscode.Range(end, end), renderOptions: { after: { contentText: label } } });
    }
    for (const kind of ['better', 'worse', 'same'] as const) editor.setDecorations(this.deltaTypes[kind], byKind[kind]);

    const ranking = comparison.ranking;
    const marked = ranking.slice(0, Math.min(RULER_MAX, Math.max(RULER_MIN, Math.ceil(RULER_SHARE * ranking.length))));
    const mark = (line: number): vscode.Range => new vscode.Range(line, 0, line, 0);
    const isBetter = (line: number): boolean => improvement(rankDeltas[line], higherIsBetter) > 0;
    editor.setDecorations(this.rulerBetter, marked.filter(isBetter).filter((l) => l < editor.document.lineCount).map(mark));
    editor.setDecorations(this.rulerWorse, marked.filter((l) => !isBetter(l) && l < editor.document.lineCount).map(mark));
  }

  dispose(): void {
    clearTimeout(this.wordTimer);
    for (const s of this.subscriptions) s.dispose();
    for (const type of [this.removedWords, this.addedWords, this.deltaTypes.better, this.deltaTypes.worse, this.deltaTypes.same, this.rulerBetter, this.rulerWorse]) type.dispose();
  }
}

function deltaType(colour: string): vscode.TextEditorDecorationType {
  return vscode.window.createTextEditorDecorationType({
    after: { color: new vscode.ThemeColor(colour), margin: '0 0 0 2em', fontStyle: 'normal' },
    rangeBehavior: vscode.DecorationRangeBehavior.ClosedClosed,
  });
}

/** An already open document (no file is opened just to decorate). */
function openDocument(uri: vscode.Uri): vscode.TextDocument | undefined {
  return vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
}
