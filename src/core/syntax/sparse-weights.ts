/**
 * A linear classifier's weights as the tagger and parser use them: for each feature hash, the few classes it has a
 * weight for. Averaged-perceptron weights are sparse (a feature only ever gets weights for the classes it was
 * updated towards or away from), so a row holds (class, weight) pairs rather than one weight per class; scoring walks
 * the rows of the features present, which is both smaller and faster than dense rows.
 *
 * Weights are quantised to 16-bit integers with one scale per table: the classifier takes an argmax, which a common
 * scale does not change, so scores are sums of the integers.
 */
export interface SparseWeightData {
  readonly classCount: number;
  /** Feature hashes, one per row. */
  readonly keys: Uint32Array;
  /** Row r's pairs are at [rowStarts[r], rowStarts[r + 1]). */
  readonly rowStarts: Uint32Array;
  readonly classes: Uint8Array;
  readonly weights: Int16Array;
  /** Real weight = integer weight × scale. */
  readonly scale: number;
}

/** Most entries of the table filled: linear probing stays short below this. */
const MAX_LOAD = 0.5;

/** The open-addressing table `SparseWeights` scores with (its fields are described there). */
export interface SparseWeightTable {
  readonly classCount: number;
  readonly slots: Uint32Array;
  readonly overflow: Int32Array;
  readonly mask: number;
  readonly shift: number;
}

/** Lays out weights for scoring, on shared memory (a SharedArrayBuffer) so that several threads can use one copy. */
function layOut(data: SparseWeightData): SparseWeightTable {
  const { keys, rowStarts, classes, weights } = data;
  let capacity = 1024;
  let bits = 10;
  while (keys.length > MAX_LOAD * capacity) {
    capacity *= 2;
    bits++;
  }
  const mask = capacity - 1;
  const shift = 32 - bits;
  const slots = new Uint32Array(new SharedArrayBuffer(16 * capacity));
  const pair = (k: number): number => (weights[k] << 8) | classes[k];
  let overflowSize = 0;
  for (let row = 0; row < keys.length; row++) overflowSize += Math.max(0, rowStarts[row + 1] - rowStarts[row] - 2);
  if (overflowSize >= 1 << 24) throw new Error(`SparseWeights: ${overflowSize} overflow weights, at most 2^24`);
  const overflow = new Int32Array(new SharedArrayBuffer(4 * overflowSize));
  let at = 0;
  for (let row = 0; row < keys.length; row++) {
    const start = rowStarts[row];
    const length = rowStarts[row + 1] - start;
    if (length > 255) throw new Error(`SparseWeights: a row of ${length} weights, at most 255`);
    if (length === 0) continue;
    let slot = keys[row] >>> shift;
    while (slots[4 * slot] !== 0) slot = (slot + 1) & mask;
    const s = 4 * slot;
    slots[s] = keys[row];
    slots[s + 1] = ((at << 8) | length) >>> 0;
    slots[s + 2] = pair(start);
    if (length > 1) slots[s + 3] = pair(start + 1);
    for (let k = start + 2; k < start + length; k++) overflow[at++] = pair(k);
  }
  return { classCount: data.classCount, slots, overflow, mask, shift };
}

/**
 * The weights laid out for scoring, where the time goes into cache misses. An open-addressing table of 16-byte
 * slots holds the feature hash, its row's length, and the row's first two (class, weight) pairs, each packed into
 * one 32-bit integer (weight << 8 | class); longer rows continue in an overflow array. Most rows have two pairs
 * (a perceptron update raises one class and lowers another), so most features cost one cache line, found or not.
 * A feature's home slot is given by the hash's high bits, so the rows, stored in ascending order of their hashes,
 * are inserted in slot order: building the table at load time writes memory in order rather than at random.
 */
export class SparseWeights {
  readonly classCount: number;
  /**
   * Slot s at 4s: feature hash (0 empty) · overflow start << 8 | row length · first pair · second pair. The overflow
   * pairs of a row longer than two are at overflow[start .. start + length − 2).
   */
  private readonly slots: Uint32Array;
  /** Slot index mask. */
  private readonly mask: number;
  /** Home slot of hash h: h >>> shift. */
  private readonly shift: number;
  private readonly overflow: Int32Array;

  /** Weights laid out from `source`, or a table laid out before (another thread's: `table`) used as it is. */
  constructor(source: SparseWeightData | SparseWeightTable) {
    const table = 'slots' in source ? source : layOut(source);
    this.classCount = table.classCount;
    this.slots = table.slots;
    this.overflow = table.overflow;
    this.mask = table.mask;
    this.shift = table.shift;
  }

  /** The table scored with, on shared memory: other threads score with it without a copy (`new SparseWeights(table)`). */
  get table(): SparseWeightTable {
    return { classCount: this.classCount, slots: this.slots, overflow: this.overflow, mask: this.mask, shift: this.shift };
  }

  /** Per-call scratch: where each feature's slot is (−1: absent). */
  private found = new Int32Array(256);

  /**
   * Adds the weights of `features[0..count)` to `scores` (length classCount), in integer units. Memory latency is
   * what costs here, so the lookups are made in phases: first every feature's home slot is read in a loop of
   * independent loads (the processor keeps many cache misses in flight at once), then the probe chains are
   * followed where the home slot holds another feature, then the rows are added.
   */
  addScores(features: Uint32Array, count: number, scores: Int32Array | Float64Array): void {
    const { slots, overflow, mask, shift } = this;
    if (count > this.found.length) this.found = new Int32Array(count);
    const found = this.found;
    for (let f = 0; f < count; f++) found[f] = slots[4 * (features[f] >>> shift)];
    for (let f = 0; f < count; f++) {
      const feature = features[f];
      let key = found[f] >>> 0;
      let slot = feature >>> shift;
      while (key !== feature && key !== 0) {
        slot = (slot + 1) & mask;
        key = slots[4 * slot];
      }
      found[f] = key === 0 ? -1 : 4 * slot;
    }
    for (let f = 0; f < count; f++) {
      const s = found[f];
      if (s < 0) continue;
      const meta = slots[s + 1];
      const length = meta & 0xff;
      const first = slots[s + 2];
      scores[first & 0xff] += first >> 8;
      if (length === 1) continue;
      const second = slots[s + 3];
      scores[second & 0xff] += second >> 8;
      if (length === 2) continue;
      const start = meta >>> 8;
      const end = start + length - 2;
      for (let k = start; k < end; k++) {
        const pair = overflow[k];
        scores[pair & 0xff] += pair >> 8;
      }
    }
  }
}
