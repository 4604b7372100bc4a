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
