/**
 * Per-line score differences between a baseline A and a compared system B on one metric, and the order in which a
 * user walks through them ("largest differences first"). Lines are 0-based segment indexes.
 */

/** Which differences a ranking keeps: all of them, only the lines where B is better, or only where it is worse. */
export type DifferenceFilter = 'all' | 'better' | 'worse';

/**
 * B − A per line (on the metric's own scale, e.g. BLEU points; for error rates a negative delta is an improvement).
 * NaN where either line has no sentence score (unscored lines past a line-count mismatch). The result has the length
 * of the shorter input.
 */
export function lineDeltas(sentenceA: ArrayLike<number>, sentenceB: ArrayLike<number>): Float64Array {
  const count = Math.min(sentenceA.length, sentenceB.length);
  const deltas = new Float64Array(count);
  for (let i = 0; i < count; i++) deltas[i] = sentenceB[i] - sentenceA[i];
  return deltas;
}

/** The delta oriented so that positive means B is better (negated for error rates such as TER). */
export function improvement(delta: number, higherIsBetter: boolean): number {
  return higherIsBetter ? delta : -delta;
}

/**
 * Line indexes in the order of the size of their difference, largest |Δ| first; equal sizes in line order. Lines whose
 * scores are equal (Δ = 0) or missing (NaN) are left out, since there is nothing to look at; `filter` keeps only the
 * lines where B improves on A ('better') or falls behind it ('worse').
 */
export function rankDifferences(deltas: ArrayLike<number>, higherIsBetter: boolean, filter: DifferenceFilter = 'all'): number[] {
  const lines: number[] = [];
  for (let i = 0; i < deltas.length; i++) {
    const gain = improvement(deltas[i], higherIsBetter);
    if (Number.isNaN(gain) || gain === 0) continue;
    if ((filter === 'better' && gain < 0) || (filter === 'worse' && gain > 0)) continue;
    lines.push(i);
  }
  return lines.sort((x, y) => Math.abs(deltas[y]) - Math.abs(deltas[x]) || x - y);
}

export interface RankedPosition {
  /** The line to go to (0-based). */
  readonly line: number;
  /** Its place in the ranking (0 = the largest difference). */
  readonly rank: number;
  readonly total: number;
}

/**
 * The next (`step` +1) or previous (−1) entry of a ranking seen from `currentLine`: the neighbour of the current line's
 * rank when the line is ranked, wrapping around at either end. From a line that is not ranked (no difference), "next"
 * starts at the largest difference and "previous" at the smallest. Undefined when the ranking is empty.
 */
export function stepThroughRanking(ranking: readonly number[], currentLine: number, step: 1 | -1): RankedPosition | undefined {
  const total = ranking.length;
  if (total === 0) return undefined;
  const current = ranking.indexOf(currentLine);
  const rank = current < 0 ? (step === 1 ? 0 : total - 1) : (current + step + total) % total;
  return { line: ranking[rank], rank, total };
}
