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

/**
 * The weights laid out for scoring, where the time goes into cache misses: an open-addressing table whose slot
 * holds the feature hash next to its row's place and length (one memory access finds both), and each row's pairs
 * packed into one 32-bit integer each (weight << 8 | class), so a feature costs two cache misses, not five.
 */
export class SparseWeights {
  readonly classCount: number;
  /** Slot s: [2s] feature hash (0 empty), [2s + 1] row start << 8 | row length. */
  private readonly slots: Uint32Array;
  private readonly mask: number;
  private readonly pairs: Int32Array;

  constructor(readonly data: SparseWeightData) {
    this.classCount = data.classCount;
    const { keys, rowStarts, classes, weights } = data;
    if (classes.length >= 1 << 24) throw new Error(`SparseWeights: ${classes.length} weights, at most 2^24`);
    let capacity = 1024;
    while (capacity < keys.length * 2) capacity *= 2;
    this.mask = capacity - 1;
    this.slots = new Uint32Array(2 * capacity);
    for (let row = 0; row < keys.length; row++) {
      const length = rowStarts[row + 1] - rowStarts[row];
      if (length > 255) throw new Error(`SparseWeights: a row of ${length} weights, at most 255`);
      let slot = keys[row] & this.mask;
      while (this.slots[2 * slot] !== 0) slot = (slot + 1) & this.mask;
      this.slots[2 * slot] = keys[row];
      this.slots[2 * slot + 1] = ((rowStarts[row] << 8) | length) >>> 0;
    }
    this.pairs = new Int32Array(classes.length);
    for (let k = 0; k < classes.length; k++) this.pairs[k] = (weights[k] << 8) | classes[k];
  }

  /** Adds the weights of `features[0..count)` to `scores` (length classCount), in integer units. */
  addScores(features: Uint32Array, count: number, scores: Int32Array | Float64Array): void {
    const { slots, pairs, mask } = this;
    for (let f = 0; f < count; f++) {
      const feature = features[f];
      let slot = feature & mask;
      let place = 0;
      for (;;) {
        const key = slots[2 * slot];
        if (key === feature) {
          place = slots[2 * slot + 1];
          break;
        }
        if (key === 0) break;
        slot = (slot + 1) & mask;
      }
      if (place === 0) continue;
      const start = place >>> 8;
      const end = start + (place & 0xff);
      for (let k = start; k < end; k++) {
        const pair = pairs[k];
        scores[pair & 0xff] += pair >> 8;
      }
    }
  }
}
