import { PreparedMetric } from '../metrics/metric';
import { ScoringCancelled } from '../engine/score-systems';

/**
 * A corpus score from the column sums of some segments' statistics (`PreparedMetric.corpusScore(...).score`).
 * `totals` is a scratch buffer that the caller overwrites after the call: read it, do not keep it.
 */
export type CorpusScoreFunction = (totals: Float64Array, segmentCount: number) => number;

/** The corpus-score function of a prepared metric (its `corpusScore`, not `corpusScoreFromRows`). */
export function corpusScoreOf(metric: PreparedMetric): CorpusScoreFunction {
  return (totals, segmentCount) => metric.corpusScore(totals, segmentCount).score;
}

/** Progress and cancellation hooks shared by the resampling tests. */
export interface ResamplingControl {
  /** Polled every few samples/trials; when it returns true the computation stops with `ScoringCancelled`. */
  readonly isCancelled?: () => boolean;
  /** Called every few samples/trials and at the end with the samples (or trials) done and the total. */
  readonly onProgress?: (done: number, total: number) => void;
}

/** How often (in samples or trials) the control hooks are called. */
export const POLL_EVERY = 16;

/** Calls the hooks when `done` is a multiple of POLL_EVERY; throws `ScoringCancelled` when asked to stop. */
export function poll(control: ResamplingControl | undefined, done: number, total: number): void {
  if (!control || done % POLL_EVERY !== 0) return;
  if (control.isCancelled?.()) throw new ScoringCancelled();
  control.onProgress?.(done, total);
}

/** sacreBLEU's default seed (its SACREBLEU_SEED environment variable defaults to 12345). */
export const DEFAULT_SEED = 12345;

/** Per-segment statistics packed row after row into one typed array (segment i at [i·width, (i+1)·width)). */
export interface StatsMatrix {
  readonly values: Float64Array;
  readonly segments: number;
  readonly width: number;
}

/** Packs per-segment rows, checking that there is at least one and that all have the same width. */
export function packRows(rows: readonly Float64Array[], what = 'system'): StatsMatrix {
  if (rows.length === 0) throw new RangeError(`The ${what} has no segments: there is nothing to resample.`);
  const width = rows[0].length;
  const values = new Float64Array(rows.length * width);
  rows.forEach((row, i) => {
    if (row.length !== width) {
      throw new RangeError(`Segment ${i + 1} of the ${what} has ${row.length} statistics, segment 1 has ${width}: they must come from one metric.`);
    }
    values.set(row, i * width);
  });
  return { values, segments: rows.length, width };
}

/** Checks that two systems were scored on the same segments with the same metric. */
export function checkPaired(a: StatsMatrix, b: StatsMatrix): void {
  if (a.segments !== b.segments) {
    throw new RangeError(`The systems have ${a.segments} and ${b.segments} segments: a paired test needs the same segments for both.`);
  }
  if (a.width !== b.width) {
    throw new RangeError(`The systems have ${a.width} and ${b.width} statistics per segment: they must come from the same metric.`);
  }
}

/** Column sums of all segments. */
export function columnTotals(matrix: StatsMatrix): Float64Array {
  const { values, segments, width } = matrix;
  const totals = new Float64Array(width);
  for (let i = 0; i < segments; i++) {
    const base = i * width;
    for (let k = 0; k < width; k++) totals[k] += values[base + k];
  }
  return totals;
}

/** Overwrites `totals` with the column sums of the segments at `indices` (repeats counted), in that order. */
export function sumAtIndices(matrix: StatsMatrix, indices: Int32Array, totals: Float64Array): void {
  const { values, width } = matrix;
  totals.fill(0);
  for (let j = 0; j < indices.length; j++) {
    const base = indices[j] * width;
    for (let k = 0; k < width; k++) totals[k] += values[base + k];
  }
}

export function checkCount(value: number, what: string): number {
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`The number of ${what} must be a positive integer, not ${value}.`);
  return value;
}

export function checkLevel(level: number): number {
  if (!(level > 0 && level < 1)) throw new RangeError(`A confidence level must lie strictly between 0 and 1 (e.g. 0.95), not ${level}.`);
  return level;
}
