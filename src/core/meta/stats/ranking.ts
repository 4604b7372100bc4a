/** Ranks of a score vector, computed with one native sort of the values and a binary search per element. */

/** A read-only vector of scores (plain arrays and typed arrays both qualify). */
export type Scores = ArrayLike<number>;

/** The values sorted ascending (−0 and +0 compare equal and are ties everywhere below). */
function sortedCopy(values: Scores): Float64Array {
  return Float64Array.from(values).sort();
}

/** Index of the first element of `sorted` that is not below `value`. */
export function lowerBound(sorted: Float64Array, value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Index of the first element of `sorted` above `value`. */
export function upperBound(sorted: Float64Array, value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * 1-based ranks with tied values given the mean of the ranks they span (SciPy's `rankdata(method='average')`, the
 * ranking Spearman's ρ uses). Values must not be NaN.
 */
export function averageRanks(values: Scores): Float64Array {
  const sorted = sortedCopy(values);
  const ranks = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const first = lowerBound(sorted, values[i]);
    const last = upperBound(sorted, values[i]);
    ranks[i] = 0.5 * (first + last + 1); // mean of first+1 … last
  }
  return ranks;
}

/** Dense ranks 1..distinct (equal values share a rank, no gaps) and the number of distinct values. */
export interface DenseRanks {
  readonly ranks: Int32Array;
  readonly distinct: number;
}

/** Dense 1-based ranks of values that must not be NaN. */
export function denseRanks(values: Scores): DenseRanks {
  const sorted = sortedCopy(values);
  // Collapse the sorted values to the distinct ones.
  let distinct = 0;
  for (let i = 0; i < sorted.length; i++) {
    if (i === 0 || sorted[i] !== sorted[distinct - 1]) sorted[distinct++] = sorted[i];
  }
  const unique = sorted.subarray(0, distinct);
  const ranks = new Int32Array(values.length);
  for (let i = 0; i < values.length; i++) ranks[i] = lowerBound(unique, values[i]) + 1;
  return { ranks, distinct };
}

/** True when some element is NaN. */
export function containsNaN(values: Scores): boolean {
  for (let i = 0; i < values.length; i++) if (Number.isNaN(values[i])) return true;
  return false;
}

/** True when every element equals the first (SciPy's constant-input test `(x == x[0]).all()`). */
export function isConstant(values: Scores): boolean {
  for (let i = 1; i < values.length; i++) if (values[i] !== values[0]) return false;
  return true;
}

/** Throws unless the two vectors have the same length. */
export function checkSameLength(x: Scores, y: Scores): void {
  if (x.length !== y.length) throw new RangeError(`Correlated vectors must have the same length (${x.length} ≠ ${y.length}).`);
}
