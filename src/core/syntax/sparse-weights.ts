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

export class SparseWeights {
  readonly classCount: number;
  private readonly slots: Int32Array;
  private readonly mask: number;

  constructor(readonly data: SparseWeightData) {
    this.classCount = data.classCount;
    let capacity = 1024;
    while (capacity < data.keys.length * 2) capacity *= 2;
    this.mask = capacity - 1;
    // Open addressing: slot → row + 1 (0 empty); keys are well mixed hashes, so their low bits index the table.
    this.slots = new Int32Array(capacity);
    const { keys } = data;
    for (let row = 0; row < keys.length; row++) {
      let slot = keys[row] & this.mask;
      while (this.slots[slot] !== 0) slot = (slot + 1) & this.mask;
      this.slots[slot] = row + 1;
    }
  }

  /** Row of `feature`, or -1 when it has no weights. */
  row(feature: number): number {
    const { keys } = this.data;
    let slot = feature & this.mask;
    for (;;) {
      const entry = this.slots[slot];
      if (entry === 0) return -1;
      if (keys[entry - 1] === feature) return entry - 1;
      slot = (slot + 1) & this.mask;
    }
  }

  /** Adds the weights of `features[0..count)` to `scores` (length classCount), in integer units. */
  addScores(features: Uint32Array, count: number, scores: Int32Array | Float64Array): void {
    const { rowStarts, classes, weights } = this.data;
    for (let f = 0; f < count; f++) {
      const row = this.row(features[f]);
      if (row < 0) continue;
      const end = rowStarts[row + 1];
      for (let k = rowStarts[row]; k < end; k++) scores[classes[k]] += weights[k];
    }
  }
}
