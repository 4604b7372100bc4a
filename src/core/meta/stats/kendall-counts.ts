import { Scores, checkSameLength, denseRanks } from './ranking';

/** Sums over the groups of tied values of one vector (t = group size), the ingredients of Kendall's tie corrections. */
export interface TieSums {
  /** Σ t(t−1)/2: pairs tied in this vector. */
  readonly pairs: number;
  /** Σ t(t−1)(t−2). */
  readonly cubic: number;
  /** Σ t(t−1)(2t+5). */
  readonly variance: number;
  /** Number of distinct values. */
  readonly distinct: number;
}

/** How the n(n−1)/2 pairs of two score vectors relate (every pair falls in exactly one of the first five counts). */
export interface KendallCounts {
  readonly n: number;
  /** n(n−1)/2. */
  readonly pairs: number;
  readonly concordant: number;
  readonly discordant: number;
  /** Tied in x, not in y. */
  readonly tiedXOnly: number;
  /** Tied in y, not in x. */
  readonly tiedYOnly: number;
  /** Tied in both. */
  readonly tiedBoth: number;
  readonly x: TieSums;
  readonly y: TieSums;
}

/**
 * Concordant, discordant and tied pairs in O(n log n) (Knight 1966): order the points by (x, y), then the discordant
 * pairs are exactly the strict inversions of the y sequence, counted by a bottom-up merge sort; ties come from runs.
 * Values are first replaced by dense ranks (one native sort per vector) so that the (x, y) ordering is two counting
 * sorts. Counts are exact integers in doubles up to n ≈ 1.3·10⁸. NaN values are not allowed (callers check).
 */
export function kendallCounts(x: Scores, y: Scores): KendallCounts {
  checkSameLength(x, y);
  const n = x.length;
  const rx = denseRanks(x);
  const ry = denseRanks(y);
  // Order by y rank, then stably by x rank: the result is sorted by (x, y).
  const byY = countingOrder(ry.ranks, ry.distinct, identity(n));
  const order = countingOrder(rx.ranks, rx.distinct, byY);
  const sequence = new Int32Array(n);
  let tiedBoth = 0;
  let runXY = 1;
  for (let k = 0; k < n; k++) {
    sequence[k] = ry.ranks[order[k]];
    if (k > 0) {
      if (rx.ranks[order[k]] === rx.ranks[order[k - 1]] && sequence[k] === sequence[k - 1]) runXY++;
      else {
        tiedBoth += (runXY * (runXY - 1)) / 2;
        runXY = 1;
      }
    }
  }
  tiedBoth += (runXY * (runXY - 1)) / 2;
  const xSums = tieSums(rx.ranks, rx.distinct);
  const ySums = tieSums(ry.ranks, ry.distinct);
  const discordant = countInversions(sequence);
  const pairs = (n * (n - 1)) / 2;
  const concordant = pairs - xSums.pairs - ySums.pairs + tiedBoth - discordant;
  return {
    n,
    pairs,
    concordant,
    discordant,
    tiedXOnly: xSums.pairs - tiedBoth,
    tiedYOnly: ySums.pairs - tiedBoth,
    tiedBoth,
    x: xSums,
    y: ySums,
  };
}

function identity(n: number): Int32Array {
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  return order;
}

/** Stable counting sort of `order` (indices) by `ranks[index]` (1..distinct). */
function countingOrder(ranks: Int32Array, distinct: number, order: Int32Array): Int32Array {
  const starts = new Int32Array(distinct + 2);
  for (let i = 0; i < ranks.length; i++) starts[ranks[i] + 1]++;
  for (let r = 1; r <= distinct + 1; r++) starts[r] += starts[r - 1];
  const sorted = new Int32Array(order.length);
  for (let k = 0; k < order.length; k++) sorted[starts[ranks[order[k]]]++] = order[k];
  return sorted;
}

function tieSums(ranks: Int32Array, distinct: number): TieSums {
  const counts = new Float64Array(distinct + 1);
  for (let i = 0; i < ranks.length; i++) counts[ranks[i]]++;
  let pairs = 0;
  let cubic = 0;
  let variance = 0;
  for (let r = 1; r <= distinct; r++) {
    const t = counts[r];
    if (t > 1) {
      pairs += (t * (t - 1)) / 2;
      cubic += t * (t - 1) * (t - 2);
      variance += t * (t - 1) * (2 * t + 5);
    }
  }
  return { pairs, cubic, variance, distinct };
}

/** Number of pairs i < j with values[i] > values[j] (ties are not inversions); sorts `values` in place. */
export function countInversions(values: Int32Array): number {
  const n = values.length;
  let source: Int32Array = values;
  let target: Int32Array = new Int32Array(n);
  let inversions = 0;
  for (let width = 1; width < n; width *= 2) {
    for (let start = 0; start < n; start += 2 * width) {
      const middle = Math.min(start + width, n);
      const end = Math.min(start + 2 * width, n);
      let i = start;
      let j = middle;
      let k = start;
      while (i < middle && j < end) {
        if (source[j] < source[i]) {
          inversions += middle - i;
          target[k++] = source[j++];
        } else target[k++] = source[i++];
      }
      while (i < middle) target[k++] = source[i++];
      while (j < end) target[k++] = source[j++];
    }
    const swap = source;
    source = target;
    target = swap;
  }
  if (source !== values) values.set(source);
  return inversions;
}
