import * as vscode from 'vscode';
import { TwoSystemComparison } from './two-system-comparison';

/** How long the visible-range events of an editor scrolled by this class are taken for echoes of that scroll. */
const ECHO_WINDOW_MS = 250;

/** The line in the middle of an editor's first visible range. */
function centerLine(editor: vscode.TextEditor): number | undefined {
  const range = editor.visibleRanges[0];
  return range && Math.floor((range.start.line + range.end.line) / 2);
}

/**
 * Keeps the editors of A and B on the same segments: scrolling one scrolls the other to the same lines, and the
 * line under the cursor in one is highlighted in the other. Both files have one segment per line, so line i of A and
 * line i of B are always the same segment (a line diff would pair them by content instead, which is why the
 * comparison does not use the diff editor's alignment).
 */
export class LinkedEditors implements vscode.Disposable {
  private readonly counterpart = vscode.window.createTextEditorDecorationType({
    isWholeLine: true,
    backgroundColor: new vscode.ThemeColor('editor.rangeHighlightBackground'),
  });
  /**
   * Editors this class just scrolled: their visible-range events until then are echoes of that scroll (events arrive
   * late and in bursts, so matching them by position would bounce scrolls back and forth), and are not followed.
   */
  private readonly quietUntil = new WeakMap<vscode.TextEditor, number>();
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly comparison: TwoSystemComparison) {
    this.subscriptions = [
      vscode.window.onDidChangeTextEditorVisibleRanges((event) => this.followScroll(event.textEditor)),
      vscode.window.onDidChangeTextEditorSelection((event) => this.followCursor(event.textEditor)),
      this.counterpart,
    ];
  }

  /** The visible editors showing the other file of the comparison. */
  private others(editor: vscode.TextEditor): vscode.TextEditor[] {
    const key = editor.document.uri.toString();
    const a = this.comparison.a.toString();
    const b = this.comparison.b.toString();
    if (key !== a && key !== b) return [];
    const other = key === a ? b : a;
    return vscode.window.visibleTextEditors.filter((e) => e.document.uri.toString() === other && e.viewColumn !== editor.viewColumn);
  }

  private quiet(editor: vscode.TextEditor): void {
    this.quietUntil.set(editor, Date.now() + ECHO_WINDOW_MS);
  }

  /**
   * Scrolls the other file's editors so that they centre the line this one centres. (Centring is exact; revealing "at
   * top" keeps a few lines of context above, which would drift the editors apart a few lines per round.)
   */
  private followScroll(editor: vscode.TextEditor): void {
    if (Date.now() < (this.quietUntil.get(editor) ?? 0)) return;
    const center = centerLine(editor);
    if (center === undefined) return;
    for (const other of this.others(editor)) {
      if (centerLine(other) === center) continue;
      this.quiet(other);
      other.revealRange(new vscode.Range(center, 0, center, 0), vscode.TextEditorRevealType.InCenter);
    }
  }

  private followCursor(editor: vscode.TextEditor): void {
    const others = this.others(editor);
    if (others.length === 0) return;
    const line = editor.selection.active.line;
    editor.setDecorations(this.counterpart, []);
    for (const other of others) other.setDecorations(this.counterpart, line < other.document.lineCount ? [new vscode.Range(line, 0, line, 0)] : []);
  }

  /**
   * Shows `line` in every editor of A and B and puts the cursor on it in `focus`. Editors that all show the line
   * already stay where they are; otherwise each centres it, so they stay aligned.
   */
  revealLine(line: number, focus?: vscode.TextEditor): void {
    const all = vscode.window.visibleTextEditors.filter((e) => this.comparison.involves(e.document.uri) && line < e.document.lineCount);
    const position = new vscode.Position(line, 0);
    if (focus && line < focus.document.lineCount) focus.selection = new vscode.Selection(position, position);
    if (!all.every((e) => e.visibleRanges.some((r) => r.start.line < line && line < r.end.line))) {
      for (const editor of all) {
        this.quiet(editor);
        editor.revealRange(new vscode.Range(position, position), vscode.TextEditorRevealType.InCenter);
      }
    }
    if (focus) this.followCursor(focus);
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
  }
}
