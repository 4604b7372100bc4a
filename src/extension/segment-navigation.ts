import * as vscode from 'vscode';
import { isLow } from '../core/inspect/score-scale';
import { nextLowSegment } from '../core/inspect/segment-filter';
import { describeMetric } from '../core/engine/metric-descriptions';
import { displaySettings, heatMetric } from './display-settings';
import { EvaluationStore } from './evaluation-store';
import { locateSystem } from './segment-locator';

/** Opens a system at a segment: its line (plain lines, JSONL) or its file (DUC/TAC), cursor there, centred. */
export async function revealSegment(store: EvaluationStore, uri: vscode.Uri, index: number): Promise<void> {
  const scored = store.get(uri);
  const layout = scored?.layout;
  const target = layout?.kind === 'files' ? layout.files[index] : uri;
  if (!target) {
    void vscode.window.showInformationMessage(`Understudy: ${scored?.name ?? 'this system'} has no summary for segment ${index + 1}.`);
    return;
  }
  const line = layout?.kind === 'files' ? 0 : index;
  const editor = await vscode.window.showTextDocument(target, { preview: true, preserveFocus: false });
  const position = new vscode.Position(Math.min(line, Math.max(0, editor.document.lineCount - 1)), 0);
  editor.selection = new vscode.Selection(position, position);
  editor.revealRange(new vscode.Range(position, position), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
}

/**
 * "Next/Previous Low Segment": moves to the next segment (wrapping around) whose heat-metric score is at or beyond
 * the metric's `bad` threshold. In a DUC/TAC summary file, moves to the next low summary's file.
 */
export async function goToLowSegment(store: EvaluationStore, direction: 1 | -1): Promise<number | undefined> {
  const editor = vscode.window.activeTextEditor;
  const located = editor && locateSystem(store, editor.document);
  if (!editor || !located) {
    void vscode.window.showInformationMessage('Understudy: the active editor is not a scored system.');
    return undefined;
  }
  const { scored, placement } = located;
  const heat = heatMetric(scored.metrics, displaySettings());
  if (!heat) return undefined;
  const values = scored.scores.sentence[heat.metric];
  const from = placement.segmentAt(editor.selection.active.line) ?? (direction === 1 ? -1 : 0);
  const next = nextLowSegment(scored.scores.scoredCount, from, direction, (i) => isLow(values[i], heat.thresholds));
  if (next === undefined) {
    const d = describeMetric(heat.metric);
    void vscode.window.showInformationMessage(`Understudy: no low segment in ${scored.name} (${d.label} ${d.higherIsBetter ? '≤' : '≥'} ${heat.thresholds.bad}; thresholds: understudy.colors.thresholds).`);
    return undefined;
  }
  await revealSegment(store, scored.uri, next);
  return next;
}
