import { SegmentExplanation, SystemScores } from '../core/engine/evaluation-session';
import { EvaluationStore, ScoredDocument } from './evaluation-store';

/**
 * Explanations of segments, asked from the worker once per scored text: the hover and the match highlights of the
 * same line share one answer, and a re-score (new SystemScores) makes the old answers unreachable.
 */
export class ExplanationCache {
  private readonly byScores = new WeakMap<SystemScores, Map<string, Promise<SegmentExplanation | undefined>>>();

  constructor(private readonly store: EvaluationStore) {}

  private entries(scored: ScoredDocument): Map<string, Promise<SegmentExplanation | undefined>> {
    let entries = this.byScores.get(scored.scores);
    if (!entries) this.byScores.set(scored.scores, (entries = new Map()));
    return entries;
  }

  get(scored: ScoredDocument, index: number): Promise<SegmentExplanation | undefined> {
    return this.getMany(scored, [index]).then(([explanation]) => explanation);
  }

  /** Explanations of several segments, the ones not cached asked in one worker request. */
  getMany(scored: ScoredDocument, indexes: readonly number[]): Promise<(SegmentExplanation | undefined)[]> {
    const entries = this.entries(scored);
    const missing = indexes.filter((i) => i < scored.scores.scoredCount && !entries.has(String(i)));
    if (missing.length > 0) {
      const asked = this.store.explainLines(scored.uri, missing, scored.metrics);
      missing.forEach((index, k) => {
        const one = asked.then((all) => all[k]);
        // A failed request (worker restarted, file detached) is not cached.
        one.catch(() => entries.delete(String(index)));
        entries.set(String(index), one);
      });
    }
    return Promise.all(indexes.map((i) => entries.get(String(i)) ?? Promise.resolve(undefined)));
  }
}
