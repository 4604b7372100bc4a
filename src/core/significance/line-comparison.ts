export interface LineComparison {
  /** Lines where system B's sentence score is better than baseline A's (higher, or lower when lower is better). */
  readonly better: number;
  /** Lines where B is worse than A. */
  readonly worse: number;
  /** Lines where both scores are exactly equal. */
  readonly equal: number;
  /** Lines where either score is NaN (no sentence score), counted apart. */
  readonly incomparable: number;
}

/**
 * Counts the lines on which system B's sentence score beats, loses to or equals baseline A's. Scores are compared
 * exactly (equal statistics give equal scores), `higherIsBetter` false for error rates (TER, WER).
 */
export function lineComparison(sentenceScoresA: ArrayLike<number>, sentenceScoresB: ArrayLike<number>, higherIsBetter: boolean): LineComparison {
  if (sentenceScoresA.length !== sentenceScoresB.length) {
    throw new RangeError(`The systems have ${sentenceScoresA.length} and ${sentenceScoresB.length} sentence scores: lines can only be compared one to one.`);
  }
  let higher = 0;
  let lower = 0;
  let equal = 0;
  let incomparable = 0;
  for (let i = 0; i < sentenceScoresA.length; i++) {
    const a = sentenceScoresA[i];
    const b = sentenceScoresB[i];
    if (Number.isNaN(a) || Number.isNaN(b)) incomparable++;
    else if (b > a) higher++;
    else if (b < a) lower++;
    else equal++;
  }
  return higherIsBetter ? { better: higher, worse: lower, equal, incomparable } : { better: lower, worse: higher, equal, incomparable };
}
