import { SparseWeightData } from '../sparse-weights';

/**
 * A multi-class averaged perceptron over hashed features (Collins 2002; the averaging trick of Daumé III, 2006:
 * keep w and u = Σ c·Δw, then the average is w − u/c, so nothing is touched on the steps without an update).
 *
 * Storage is sparse and cache-friendly: a hash table from feature hash to a row, and each row's (class, w, u)
 * entries kept contiguous in pooled typed arrays (a full row moves to the end of the pool with twice the room), so
 * tens of millions of weights fit in a few hundred megabytes, scoring reads memory in order, and no JavaScript
 * object is made per feature.
 */
export class AveragedPerceptron {
  private tableKeys: Uint32Array;
  private rowStart: Int32Array;
  private rowLength: Int32Array;
  private rowRoom: Int32Array;
  private tableUsed = 0;
  private classOf: Uint16Array;
  private weight: Float32Array;
  private accumulated: Float64Array;
  private poolUsed = 0;
  private entries = 0;
  /** Instances seen, plus one (c in the averaging trick). */
  private clock = 1;

  constructor(
    readonly classCount: number,
    initialFeatures = 1 << 20,
  ) {
    let capacity = 1 << 10;
    while (capacity < initialFeatures * 2) capacity *= 2;
    this.tableKeys = new Uint32Array(capacity);
    this.rowStart = new Int32Array(capacity);
    this.rowLength = new Int32Array(capacity);
    this.rowRoom = new Int32Array(capacity);
    this.classOf = new Uint16Array(initialFeatures * 2);
    this.weight = new Float32Array(initialFeatures * 2);
    this.accumulated = new Float64Array(initialFeatures * 2);
  }

  get featureCount(): number {
    return this.tableUsed;
  }

  get entryCount(): number {
    return this.entries;
  }

  /** Marks the end of one training instance (one token tagged, one transition taken). */
  tick(): void {
    this.clock++;
  }

  private slotOf(feature: number): number {
    const mask = this.tableKeys.length - 1;
    let slot = feature & mask;
    for (;;) {
      const key = this.tableKeys[slot];
      if (key === feature || key === 0) return slot;
      slot = (slot + 1) & mask;
    }
  }

  /**
   * Adds the weights of `features[0..count)` to `scores`: the current weights, or the averaged ones (what the
   * trained model will use) when `averaged`.
   */
  score(features: Uint32Array, count: number, scores: Float64Array, averaged = false): void {
    const { classOf, weight, accumulated } = this;
    const inverseClock = 1 / this.clock;
    for (let f = 0; f < count; f++) {
      const slot = this.slotOf(features[f]);
      if (this.tableKeys[slot] === 0) continue;
      const start = this.rowStart[slot];
      const end = start + this.rowLength[slot];
      if (averaged) {
        for (let e = start; e < end; e++) scores[classOf[e]] += weight[e] - accumulated[e] * inverseClock;
      } else {
        for (let e = start; e < end; e++) scores[classOf[e]] += weight[e];
      }
    }
  }

  /** The perceptron update: the features' weights for `gold` go up by one, for `predicted` down by one. */
  update(features: Uint32Array, count: number, gold: number, predicted: number): void {
    if (gold === predicted) return;
    for (let f = 0; f < count; f++) {
      this.add(features[f], gold, 1);
      this.add(features[f], predicted, -1);
    }
  }

  /**
   * Adds `delta` to the weights of `features[0..count)` for class `cls`: one transition's share of a structured
   * update, which raises the gold sequence's transitions and lowers the predicted one's (`train-beam-parser.ts`).
   */
  adjust(features: Uint32Array, count: number, cls: number, delta: number): void {
    for (let f = 0; f < count; f++) this.add(features[f], cls, delta);
  }

  private add(feature: number, cls: number, delta: number): void {
    let slot = this.slotOf(feature);
    if (this.tableKeys[slot] === 0) {
      if ((this.tableUsed + 1) * 2 > this.tableKeys.length) {
        this.growTable();
        slot = this.slotOf(feature);
      }
      this.tableKeys[slot] = feature;
      this.rowStart[slot] = this.allocate(2);
      this.rowLength[slot] = 0;
      this.rowRoom[slot] = 2;
      this.tableUsed++;
    }
    const start = this.rowStart[slot];
    const length = this.rowLength[slot];
    let e = start;
    const end = start + length;
    while (e < end && this.classOf[e] !== cls) e++;
    if (e === end) {
      if (length === this.rowRoom[slot]) {
        const moved = this.allocate(2 * length);
        this.classOf.copyWithin(moved, start, end);
        this.weight.copyWithin(moved, start, end);
        this.accumulated.copyWithin(moved, start, end);
        this.rowStart[slot] = moved;
        this.rowRoom[slot] = 2 * length;
        e = moved + length;
      }
      this.classOf[e] = cls;
      this.weight[e] = 0;
      this.accumulated[e] = 0;
      this.rowLength[slot] = length + 1;
      this.entries++;
    }
    this.weight[e] += delta;
    this.accumulated[e] += this.clock * delta;
  }

  /** Room for `size` entries at the end of the pool. */
  private allocate(size: number): number {
    if (this.poolUsed + size > this.classOf.length) {
      let capacity = this.classOf.length * 2;
      while (capacity < this.poolUsed + size) capacity *= 2;
      const classOf = new Uint16Array(capacity);
      classOf.set(this.classOf);
      this.classOf = classOf;
      const weight = new Float32Array(capacity);
      weight.set(this.weight);
      this.weight = weight;
      const accumulated = new Float64Array(capacity);
      accumulated.set(this.accumulated);
      this.accumulated = accumulated;
    }
    const at = this.poolUsed;
    this.poolUsed += size;
    return at;
  }

  private growTable(): void {
    const oldKeys = this.tableKeys;
    const oldStart = this.rowStart;
    const oldLength = this.rowLength;
    const oldRoom = this.rowRoom;
    const capacity = oldKeys.length * 2;
    this.tableKeys = new Uint32Array(capacity);
    this.rowStart = new Int32Array(capacity);
    this.rowLength = new Int32Array(capacity);
    this.rowRoom = new Int32Array(capacity);
    for (let i = 0; i < oldKeys.length; i++) {
      if (oldKeys[i] === 0) continue;
      const slot = this.slotOf(oldKeys[i]);
      this.tableKeys[slot] = oldKeys[i];
      this.rowStart[slot] = oldStart[i];
      this.rowLength[slot] = oldLength[i];
      this.rowRoom[slot] = oldRoom[i];
    }
  }

  /** The averaged weights now, as a copy (kept when the model is the best so far on the development set). */
  averagedSnapshot(): AveragedWeights {
    const inverseClock = 1 / this.clock;
    let features = 0;
    for (let slot = 0; slot < this.tableKeys.length; slot++) if (this.tableKeys[slot] !== 0) features++;
    const keys = new Uint32Array(features);
    const rowStarts = new Uint32Array(features + 1);
    const classes = new Uint16Array(this.entries);
    const weights = new Float32Array(this.entries);
    let row = 0;
    let at = 0;
    for (let slot = 0; slot < this.tableKeys.length; slot++) {
      if (this.tableKeys[slot] === 0) continue;
      keys[row] = this.tableKeys[slot];
      rowStarts[row] = at;
      for (let e = this.rowStart[slot], end = e + this.rowLength[slot]; e < end; e++) {
        const w = this.weight[e] - this.accumulated[e] * inverseClock;
        if (w === 0) continue;
        classes[at] = this.classOf[e];
        weights[at] = w;
        at++;
      }
      row++;
    }
    rowStarts[features] = at;
    return new AveragedWeights(this.classCount, keys, rowStarts, classes.slice(0, at), weights.slice(0, at));
  }
}

/** Averaged weights taken out of training, to score with and to prune and quantise into the engine's `SparseWeightData`. */
export class AveragedWeights {
  constructor(
    readonly classCount: number,
    private readonly keys: Uint32Array,
    private readonly rowStarts: Uint32Array,
    private readonly classes: Uint16Array,
    private readonly weights: Float32Array,
  ) {}

  get featureCount(): number {
    return this.keys.length;
  }

  /**
   * Drops the weights whose magnitude is below `threshold` (a row left empty drops its feature), then quantises to
   * 16-bit integers with one scale (the largest magnitude maps to 32767). Rows are sorted by key so the same weights
   * always give the same file.
   */
  compact(threshold: number): SparseWeightData {
    let largest = 0;
    for (const w of this.weights) largest = Math.max(largest, Math.abs(w));
    const scale = largest > 0 ? largest / 32767 : 1;
    const quantised = (w: number): number => (Math.abs(w) >= threshold ? Math.round(w / scale) : 0);
    const order: number[] = [];
    let total = 0;
    for (let r = 0; r < this.keys.length; r++) {
      let kept = 0;
      for (let k = this.rowStarts[r]; k < this.rowStarts[r + 1]; k++) if (quantised(this.weights[k]) !== 0) kept++;
      if (kept > 0) {
        order.push(r);
        total += kept;
      }
    }
    order.sort((a, b) => this.keys[a] - this.keys[b]);
    const keys = new Uint32Array(order.length);
    const rowStarts = new Uint32Array(order.length + 1);
    const classes = new Uint8Array(total);
    const weights = new Int16Array(total);
    let at = 0;
    order.forEach((r, i) => {
      keys[i] = this.keys[r];
      rowStarts[i] = at;
      for (let k = this.rowStarts[r]; k < this.rowStarts[r + 1]; k++) {
        const q = quantised(this.weights[k]);
        if (q === 0) continue;
        classes[at] = this.classes[k];
        weights[at] = q;
        at++;
      }
    });
    rowStarts[order.length] = at;
    return { classCount: this.classCount, keys, rowStarts, classes, weights, scale };
  }
}
