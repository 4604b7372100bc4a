/**
 * Inputs of the data-condition experiments (seed 002, Owczarzak & Dang): plain typed arrays, so the experiments run
 * the same on statistics from the engine, from a file, or from a test.
 *
 * Everything is indexed by system s (0..S−1), item i (0..N−1: a document/topic, or a segment) and reference r
 * (0..R−1). A metric is given by its additive statistics: a system's score on a set of items is `score` of the column
 * sums of its rows over those items — a corpus score from summed statistics (BLEU, chrF, TER), or, for metrics whose
 * system score is the mean of summary scores (ROUGE-1.5.5, rouge-score), the sum of per-summary values over a count.
 * So a subset of items costs a sum, never a re-scoring.
 */

/** A system's score from summed statistics: `width` values at `stats[offset]`, summed over `items` items. */
export type StatsScore = (stats: Float64Array, offset: number, items: number) => number;

/**
 * The statistics of every (system, item) against any subset of the item's references. Chosen references are given
 * in ascending order (stream order), as `PreparedMetric.combineReferences` expects.
 */
export interface ReferenceSubsets {
  /** R: reference streams. */
  readonly references: number;
  /**
   * 'combined': rows against each reference alone, combined exactly by the metric's `combineReferences`;
   * 'enumerated': rows computed beforehand for every subset of the streams (metrics that do not decompose).
   */
  readonly mode: 'combined' | 'enumerated';
  /** The references each item has (ascending). */
  readonly present: readonly Int32Array[];
  /** Writes the row of (system, item) against references `chosen[0..k)` to `out` (length ≥ width). */
  rowFor(system: number, item: number, chosen: Int32Array, k: number, out: Float64Array): void;
}

export interface ConditionMetric {
  readonly name: string;
  readonly width: number;
  readonly score: StatsScore;
  /** systems × items × width: each (system, item) row against all of the item's references. */
  readonly itemStats: Float64Array;
  /** Needed for the references axis; absent when the metric cannot be scored on reference subsets. */
  readonly references?: ReferenceSubsets;
  /** The metric's signature, for the result's provenance. */
  readonly signature?: string;
}

/** Human scores the metrics are correlated with. */
export interface HumanConditionScores {
  /** What they are, e.g. 'relevance (expert mean)', 'DA z'. */
  readonly name: string;
  /** The full-data system-level score of each system (the reference the paper correlates with). */
  readonly system: Float64Array;
  /** systems × items human scores (NaN = missing); needed for same-items targets, the bootstrap and pair tests. */
  readonly items?: Float64Array;
}

export interface ConditionData {
  readonly systems: readonly string[];
  readonly items: number;
  readonly human: HumanConditionScores;
  readonly metrics: readonly ConditionMetric[];
}

/** Checks shapes; throws a message that says which array is wrong and what it should hold. */
export function checkConditionData(data: ConditionData): void {
  const systems = data.systems.length;
  const items = data.items;
  if (systems < 3) throw new RangeError(`Data conditions need at least 3 systems to correlate (got ${systems}).`);
  if (!(Number.isInteger(items) && items >= 1)) throw new RangeError(`The number of items must be a positive integer, not ${items}.`);
  if (data.human.system.length !== systems) {
    throw new RangeError(`Human system scores: ${data.human.system.length} values for ${systems} systems.`);
  }
  if (data.human.items && data.human.items.length !== systems * items) {
    throw new RangeError(`Human item scores: ${data.human.items.length} values, expected systems × items = ${systems * items}.`);
  }
  if (data.metrics.length === 0) throw new RangeError('Data conditions need at least one metric.');
  for (const m of data.metrics) {
    if (m.itemStats.length !== systems * items * m.width) {
      throw new RangeError(`Metric ${m.name}: ${m.itemStats.length} statistics, expected systems × items × width = ${systems * items * m.width}.`);
    }
    if (m.references && m.references.present.length !== items) {
      throw new RangeError(`Metric ${m.name}: reference presence given for ${m.references.present.length} items, expected ${items}.`);
    }
  }
}
