import { ConditionMetric } from './condition-data';

/** Default memory for one item's rows of already-seen reference subsets (16 MiB). */
export const DEFAULT_SUBSET_CACHE_BYTES = 16 * 1024 * 1024;

/** C(n, k) for n, k ≤ limit as a table (binomial[n][k]). */
function binomials(limit: number): number[][] {
  const table: number[][] = [];
  for (let n = 0; n <= limit; n++) {
    table.push([]);
    for (let k = 0; k <= limit; k++) table[n].push(k === 0 ? 1 : n === 0 ? 0 : table[n - 1][k - 1] + table[n - 1][k]);
  }
  return table;
}

/**
 * One item's rows (every system) against reference subsets of one size, kept after their first use while the
 * repetitions visit that item: 1,000 random k-subsets of 11 references repeat a lot (there are only C(11, k) ≤ 462),
 * so most draws become a read instead of combining k rows per system. Subsets are indexed by their colex rank
 * Σ_j C(chosen[j], j + 1) in a dense table small enough to stay in cache (C(11, 5) subsets × 16 systems × 7 columns:
 * 414 KB); when it would exceed `maxBytes`, every draw is combined afresh. The numbers are the same either way.
 */
export class SubsetRowCache {
  private readonly rows?: Float64Array;
  private readonly scores?: Float64Array;
  private readonly filled?: Uint8Array;
  private readonly binomial: number[][];
  private readonly width: number;
  private readonly direct: Float64Array;
  private readonly directScores: Float64Array;
  private readonly row: Float64Array;
  private item = -1;

  constructor(
    private readonly metric: ConditionMetric,
    private readonly systems: number,
    references: number,
    private readonly size: number,
    maxBytes = DEFAULT_SUBSET_CACHE_BYTES,
  ) {
    this.width = metric.width;
    this.direct = new Float64Array(systems * this.width);
    this.directScores = new Float64Array(systems);
    this.row = new Float64Array(this.width);
    this.binomial = binomials(Math.min(references, 40));
    const subsets = references <= 40 ? this.binomial[references][size] : Infinity;
    if (subsets * systems * (this.width + 1) * 8 <= maxBytes) {
      this.rows = new Float64Array(subsets * systems * this.width);
      this.scores = new Float64Array(subsets * systems);
      this.filled = new Uint8Array(subsets);
    }
  }

  /**
   * Item i's rows against the references `chosen[0..size)` (ascending): returns the offset of system 0's row in
   * `rowsOut()` (systems rows of `width` values follow) and the item scores at `scoresOut()[offset / width + s]`.
   */
  lookup(i: number, chosen: Int32Array): number {
    const { systems, width, metric } = this;
    if (i !== this.item) {
      this.item = i;
      this.filled?.fill(0);
    }
    const subsets = metric.references!;
    const row = this.row;
    if (!this.rows) {
      for (let s = 0; s < systems; s++) {
        subsets.rowFor(s, i, chosen, this.size, row);
        this.direct.set(row, s * width);
        this.directScores[s] = metric.score(row, 0, 1);
      }
      return 0;
    }
    let rank = 0;
    for (let j = 0; j < this.size; j++) rank += this.binomial[chosen[j]][j + 1];
    const base = rank * systems * width;
    if (this.filled![rank] === 0) {
      for (let s = 0; s < systems; s++) {
        subsets.rowFor(s, i, chosen, this.size, row);
        this.rows.set(row, base + s * width);
        this.scores![rank * systems + s] = metric.score(row, 0, 1);
      }
      this.filled![rank] = 1;
    }
    return base;
  }

  /** The rows `lookup` offsets point into. */
  rowsOut(): Float64Array {
    return this.rows ?? this.direct;
  }

  /** Item scores: system s of the subset at offset o is at `o / width + s`. */
  scoresOut(): Float64Array {
    return this.scores ?? this.directScores;
  }
}
