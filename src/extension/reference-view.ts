import * as vscode from 'vscode';
import { EvaluationStore } from './evaluation-store';
import type { ManifestEvaluations } from './manifest-evaluations';
import { locateSystem, referencePlaces } from './segment-locator';

/**
 * The reference view: a scored system's references opened beside it (one column each), scrolled in step with it
 * (line i of the system is segment i of every reference); the match highlights paint the reference side too.
 */
export class ReferenceView implements vscode.Disposable {
  /** Groups of documents that scroll together (a system and its line-aligned references). */
  private readonly groups: string[][] = [];
  private readonly subscriptions: vscode.Disposable[] = [];
  /** Editors being scrolled by us, with the line they are being brought to (their own scroll event is ignored). */
  private readonly steering = new Map<vscode.TextEditor, number>();

  constructor(
    private readonly store: EvaluationStore,
    private readonly manifests: ManifestEvaluations | undefined,
  ) {
    this.subscriptions.push(vscode.window.onDidChangeTextEditorVisibleRanges(({ textEditor, visibleRanges }) => this.follow(textEditor, visibleRanges)));
  }

  /** Opens the references of `uri` (or the active editor's system) beside it; `segment` is brought into view. */
  async open(uri?: vscode.Uri, segment?: number): Promise<void> {
    const editor = uri ? vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === uri.toString()) : vscode.window.activeTextEditor;
    const document = editor?.document ?? (uri && uri.fragment === '' ? await vscode.workspace.openTextDocument(uri) : undefined);
    const scored = (document && locateSystem(this.store, document)?.scored) ?? (uri ? this.store.get(uri) : undefined);
    if (!scored) {
      void vscode.window.showInformationMessage('Understudy: this file is not scored. Run "Understudy: Score Against Reference…" first (or list it in understudy.json).');
      return;
    }
    const places = referencePlaces(scored, this.manifests);
    const index = segment ?? (editor && document ? (locateSystem(this.store, document)?.placement.segmentAt(editor.selection.active.line) ?? 0) : 0);
    const baseColumn = editor?.viewColumn ?? vscode.ViewColumn.One;
    const opened: string[] = document && scored.layout?.kind !== 'files' ? [document.uri.toString()] : [];
    let column = baseColumn;
    for (const place of places) {
      const target = place.layout.kind === 'files' ? place.layout.files[index] : place.uri;
      if (!target) continue;
      column = (column + 1) as vscode.ViewColumn;
      const line = place.layout.kind === 'files' ? 0 : index;
      const shown = await vscode.window.showTextDocument(target, { viewColumn: column, preserveFocus: true, preview: false, selection: new vscode.Range(line, 0, line, 0) });
      shown.revealRange(new vscode.Range(line, 0, line, 0), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
      if (place.layout.kind !== 'files') opened.push(target.toString());
    }
    if (editor && segment !== undefined && scored.layout?.kind !== 'files') {
      const position = new vscode.Position(segment, 0);
      editor.selection = new vscode.Selection(position, position);
      editor.revealRange(new vscode.Range(position, position), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
    }
    if (opened.length > 1) {
      // One group per system; a document is in at most one group (the latest).
      for (const group of this.groups) for (let i = group.length - 1; i >= 0; i--) if (opened.includes(group[i])) group.splice(i, 1);
      for (let g = this.groups.length - 1; g >= 0; g--) if (this.groups[g].length < 2) this.groups.splice(g, 1);
      this.groups.push(opened);
      // Bring the references to the system's scroll position.
      if (editor) this.follow(editor, editor.visibleRanges);
    }
  }

  private follow(source: vscode.TextEditor, visibleRanges: readonly vscode.Range[]): void {
    const top = visibleRanges[0]?.start.line;
    if (top === undefined) return;
    const steered = this.steering.get(source);
    if (steered !== undefined) {
      // Our own scroll arriving: only a user's further scrolling moves the others.
      this.steering.delete(source);
      if (Math.abs(steered - top) <= 1) return;
    }
    const group = this.groups.find((g) => g.includes(source.document.uri.toString()));
    if (!group) return;
    for (const editor of vscode.window.visibleTextEditors) {
      if (editor === source || !group.includes(editor.document.uri.toString())) continue;
      if (editor.visibleRanges[0]?.start.line === top) continue;
      this.steering.set(editor, top);
      editor.revealRange(new vscode.Range(top, 0, top, 0), vscode.TextEditorRevealType.AtTop);
    }
  }

  /** The documents scrolled in step with `uri` (for tests). */
  linkedWith(uri: vscode.Uri): string[] {
    return this.groups.find((g) => g.includes(uri.toString()))?.slice() ?? [];
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
  }
}
