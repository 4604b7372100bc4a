import * as vscode from 'vscode';
import { ScoreReport } from '../core/engine/score-systems';
import { ScoredDocument } from './evaluation-store';

/** A scored document as the engine's batch report (what the CLI prints, the output channel and report panel show). */
export function reportOfScoredDocument(scored: ScoredDocument): ScoreReport {
  const { scores } = scored;
  const segments = Array.from({ length: scores.scoredCount }, (_, index) => ({
    system: 0,
    index,
    scores: Object.fromEntries(Object.entries(scores.sentence).map(([metric, values]) => [metric, values[index]])),
  }));
  return {
    systems: [{ file: scored.name, scores: { ...scores.corpus }, stats: {} }],
    segments,
    warnings: [...scored.warnings, ...(scores.mismatch ? [scores.mismatch] : [])],
  };
}

/**
 * Several systems of one evaluation as one report (the report panel's systems × metrics table). Systems are named
 * by their files, so that the panel can open them; sentence scores are listed per system.
 */
export function reportOfSystems(documents: readonly ScoredDocument[]): ScoreReport {
  const reports = documents.map(reportOfScoredDocument);
  return {
    systems: reports.map((r, s) => ({ ...r.systems[0], file: documents[s].uri.fragment ? documents[s].name : vscode.workspace.asRelativePath(documents[s].uri) })),
    segments: reports.flatMap((r, s) => (r.segments ?? []).map((segment) => ({ ...segment, system: s }))),
    warnings: reports.flatMap((r) => r.warnings ?? []),
  };
}
