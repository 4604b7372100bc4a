import * as vscode from 'vscode';
import { formatSentenceScores } from '../core/inspect/score-labels';
import { HEAT_LEVELS, heatLevel } from '../core/inspect/score-scale';
import { displaySettings, DisplaySettings, heatMetric, shownMetrics } from './display-settings';
import { EvaluationStore } from './evaluation-store';
import { locateSystem } from './segment-locator';

/** Lines above and below the visible ones that get their score text too, so that scrolling shows them at once. */
const TEXT_MARGIN_LINES = 150;

/**
 * Sentence scores at the end of every line of a scored system (`BLEU 23.4 · chrF 51.2 · TER 61.0`), coloured on a
 * theme-aware scale by the heat metric, with a gutter mark and (for low and poor lines) an overview-ruler mark.
 * As in Error Lens: one decoration type per style (scale level), the per-line text in each range's render options,
 * updates coalesced per editor. The text is set for the visible lines and a margin around them (the ruler and
 * gutter marks cover the whole file), so a 100,000-line file costs what its screen does.
 */
export class LineScoreDecorations implements vscode.Disposable {
  private textTypes: vscode.TextEditorDecorationType[] = [];
  private markTypes: vscode.TextEditorDecorationType[] = [];
  private unscoredType!: vscode.TextEditorDecorationType;
  private display: DisplaySettings = displaySettings();
  private readonly pending = new Map<vscode.TextEditor, NodeJS.Timeout>();
  /** Per editor, the line window whose score text is set. */
  private readonly windows = new Map<vscode.TextEditor, { first: number; last: number }>();
  /** Per editor and decoration type, what was last set (so that an edit re-sends only what changed). */
  private readonly sent = new Map<vscode.TextEditor, Map<vscode.TextEditorDecorationType, string>>();
  private readonly subscriptions: vscode.Disposable[] = [];
  private readonly rendered = new vscode.EventEmitter<vscode.TextEditor>();
  /** Fires after an editor's decorations were set (benchmarks and tests time it). */
  readonly onDidRender = this.rendered.event;

  constructor(
    private readonly store: EvaluationStore,
    private readonly extensionUri: vscode.Uri,
  ) {
    this.createTypes();
    this.subscriptions.push(
      store.onDidChange((scored) => {
        for (const editor of vscode.window.visibleTextEditors) {
          const shown = locateSystem(store, editor.document);
          if (shown?.scored.uri.toString() === scored.uri.toString()) this.schedule(editor, 0);
        }
      }),
      store.onDidRemove(() => this.refreshAll()),
      vscode.window.onDidChangeVisibleTextEditors(() => this.refreshAll()),
      vscode.window.onDidChangeTextEditorVisibleRanges(({ textEditor, visibleRanges }) => {
        const window = this.windows.get(textEditor);
        const first = visibleRanges[0]?.start.line ?? 0;
        const last = visibleRanges[visibleRanges.length - 1]?.end.line ?? 0;
        // Scrolled near the edge of the decorated window: move it.
        if (window && (first < window.first + 20 || last > window.last - 20) && (window.first > 0 || window.last < textEditor.document.lineCount - 1)) this.schedule(textEditor, 30);
      }),
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (!event.affectsConfiguration('understudy')) return;
        this.display = displaySettings();
        this.refreshAll();
      }),
      this.rendered,
    );
  }

  private createTypes(): void {
    const icon = (level: number, kind: 'light' | 'dark'): vscode.Uri => vscode.Uri.joinPath(this.extensionUri, 'resources', 'gutter', `heat${level}-${kind}.svg`);
    for (let level = 0; level < HEAT_LEVELS; level++) {
      this.textTypes.push(
        vscode.window.createTextEditorDecorationType({
          after: { color: new vscode.ThemeColor(`understudy.heat${level}Foreground`), margin: '0 0 0 3ch', fontStyle: 'normal' },
          rangeBehavior: vscode.DecorationRangeBehavior.ClosedClosed,
        }),
      );
      this.markTypes.push(
        vscode.window.createTextEditorDecorationType({
          light: { gutterIconPath: icon(level, 'light'), gutterIconSize: 'contain' },
          dark: { gutterIconPath: icon(level, 'dark'), gutterIconSize: 'contain' },
          // Only low and poor lines go on the ruler: a mark per line would paint it solid.
          overviewRulerColor: level <= 1 ? new vscode.ThemeColor(`understudy.heat${level}OverviewRuler`) : undefined,
          overviewRulerLane: vscode.OverviewRulerLane.Right,
        }),
      );
    }
    this.unscoredType = vscode.window.createTextEditorDecorationType({
      after: { color: new vscode.ThemeColor('understudy.unscoredForeground'), margin: '0 0 0 3ch', fontStyle: 'italic' },
    });
  }

  refreshAll(): void {
    for (const editor of vscode.window.visibleTextEditors) this.schedule(editor, 0);
  }

  schedule(editor: vscode.TextEditor, delayMs: number): void {
    if (this.pending.has(editor)) return;
    this.pending.set(
      editor,
      setTimeout(() => {
        this.pending.delete(editor);
        this.update(editor);
      }, delayMs),
    );
  }

  private clear(editor: vscode.TextEditor): void {
    for (const type of [...this.textTypes, ...this.markTypes, this.unscoredType]) editor.setDecorations(type, []);
    this.windows.delete(editor);
    this.sent.delete(editor);
  }

  /** Sets a type's decorations unless exactly these were set last time (`key` describes them). */
  private set(editor: vscode.TextEditor, type: vscode.TextEditorDecorationType, key: string, decorations: readonly vscode.DecorationOptions[] | readonly vscode.Range[]): void {
    let sent = this.sent.get(editor);
    if (!sent) this.sent.set(editor, (sent = new Map()));
    if (sent.get(type) === key) return;
    sent.set(type, key);
    editor.setDecorations(type, decorations as vscode.DecorationOptions[]);
  }

  private update(editor: vscode.TextEditor): void {
    if (editor.document.isClosed) return;
    const located = locateSystem(this.store, editor.document);
    if (!located || !this.display.enabled) {
      if (this.windows.has(editor) || located) this.clear(editor);
      return;
    }
    const { scored, placement } = located;
    const { scores } = scored;
    const shown = shownMetrics(scored.metrics, this.display);
    const heat = heatMetric(scored.metrics, this.display);
    const document = editor.document;
    const lineCount = document.lineCount;
    const visible = editor.visibleRanges;
    const first = Math.max(0, (visible[0]?.start.line ?? 0) - TEXT_MARGIN_LINES);
    const last = Math.min(lineCount - 1, (visible[visible.length - 1]?.end.line ?? 0) + TEXT_MARGIN_LINES);

    const text: vscode.DecorationOptions[][] = this.textTypes.map(() => []);
    const textKeys: string[][] = this.textTypes.map(() => []);
    const marks: vscode.Range[][] = this.markTypes.map(() => []);
    const markKeys: number[][] = this.markTypes.map(() => []);
    const unscored: vscode.DecorationOptions[] = [];
    const values = heat ? scores.sentence[heat.metric] : undefined;
    for (const { index, line } of placement.segments) {
      if (line >= lineCount) continue;
      const inWindow = line >= first && line <= last;
      if (index >= scores.scoredCount) {
        if (inWindow) {
          const end = document.lineAt(line).range.end;
          unscored.push({ range: new vscode.Range(end, end), renderOptions: { after: { contentText: 'no reference line: not scored' } } });
        }
        continue;
      }
      const level = heat && values ? heatLevel(values[index] ?? Number.NaN, heat.thresholds) : undefined;
      if (level === undefined) continue;
      if (this.display.heatMarks) {
        marks[level].push(new vscode.Range(line, 0, line, 0));
        markKeys[level].push(line);
      }
      if (!inWindow) continue;
      const end = document.lineAt(line).range.end;
      const label = formatSentenceScores(shown.map((m) => [m, scores.sentence[m]?.[index] ?? Number.NaN] as const));
      text[level].push({ range: new vscode.Range(end, end), renderOptions: { after: { contentText: label } } });
      textKeys[level].push(`${line}:${end.character}:${label}`);
    }
    this.textTypes.forEach((type, level) => this.set(editor, type, textKeys[level].join('\n'), text[level]));
    this.markTypes.forEach((type, level) => this.set(editor, type, markKeys[level].join(','), marks[level]));
    this.set(editor, this.unscoredType, unscored.map((u) => `${u.range.start.line}:${u.range.start.character}`).join(','), unscored);
    this.windows.set(editor, { first, last });
    this.rendered.fire(editor);
  }

  dispose(): void {
    for (const timer of this.pending.values()) clearTimeout(timer);
    for (const type of [...this.textTypes, ...this.markTypes, this.unscoredType]) type.dispose();
    for (const s of this.subscriptions) s.dispose();
  }
}
