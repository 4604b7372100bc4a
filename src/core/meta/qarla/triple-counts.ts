import { QarlaOptions } from './qarla-options';
import { QarlaTestCase } from './test-bed';

/**
 * The counting behind QUEEN: over the triples ⟨m, m′, m″⟩ of a set S of a case's models, how many a candidate c
 * passes — x(c, m) ≥ x(m′, m″) (or >) for every metric x of a set. QUEEN = passed / triples.
 *
 * A candidate is a peer (0 … |A| − 1) or a model (|A| + h); its similarities to the models are one contiguous block
 * of |M|·|X| values (see `candidateBlock`). The triples of a model set S are listed once (`triplesOf`).
 */

/** The |M|·|X| values x(c, m) of candidate c: peers first, then models (rows of modelModel). */
export function candidateBlock(kase: QarlaTestCase, metricCount: number, candidate: number): Float64Array {
  const m = kase.models.length;
  const a = kase.peers.length;
  const width = m * metricCount;
  return candidate < a ? kase.peerModel.subarray(candidate * width, (candidate + 1) * width) : kase.modelModel.subarray((candidate - a) * width, (candidate - a + 1) * width);
}

/**
 * QUEEN's triples ⟨m, m′, m″⟩ over the models of a case, leaving out model `left` (−1: none), as two parallel lists:
 * the model m and the pair index m′·|M| + m″ (the row of modelModel). Built once per model set and shared by every
 * candidate.
 */
export interface Triples {
  readonly count: number;
  readonly model: Int32Array;
  readonly pair: Int32Array;
}

export function triplesOf(modelCount: number, options: QarlaOptions, left = -1): Triples {
  const model: number[] = [];
  const pair: number[] = [];
  for (let m = 0; m < modelCount; m++) {
    if (m === left) continue;
    for (let m1 = 0; m1 < modelCount; m1++) {
      if (m1 === left) continue;
      for (let m2 = 0; m2 < modelCount; m2++) {
        if (m2 === left) continue;
        if (options.distinctPair && m1 === m2) continue;
        if (options.modelInPair === 'excluded' && (m === m1 || m === m2)) continue;
        model.push(m);
        pair.push(m1 * modelCount + m2);
      }
    }
  }
  return { count: model.length, model: Int32Array.from(model), pair: Int32Array.from(pair) };
}

/**
 * Triples that candidate values `block` (x(c, m) at m·k + x) pass under every metric in `metrics`: the direct count,
 * for any number of metrics.
 */
export function passedTriples(kase: QarlaTestCase, k: number, block: Float64Array, triples: Triples, metrics: readonly number[], options: QarlaOptions): number {
  const pairs = kase.modelModel;
  const strict = options.queenComparison === 'greater';
  const n = metrics.length;
  let passed = 0;
  for (let t = 0; t < triples.count; t++) {
    const cOffset = triples.model[t] * k;
    const pOffset = triples.pair[t] * k;
    let ok = true;
    for (let j = 0; j < n && ok; j++) {
      const x = metrics[j];
      ok = strict ? block[cOffset + x] > pairs[pOffset + x] : block[cOffset + x] >= pairs[pOffset + x];
    }
    if (ok) passed++;
  }
  return passed;
}

/**
 * For the exhaustive search (at most 16 metrics): the pass mask of every (candidate, m, m′, m″) — bit b set when the
 * candidate passes metric `metrics[b]` on that triple — computed once per case, so that each model set S only
 * histograms the masks of its triples.
 */
export class CaseMasks {
  /** masks[((c·|M| + m)·|M| + m′)·|M| + m″] */
  private readonly masks: Uint16Array;
  readonly candidates: number;
  readonly modelCount: number;

  constructor(
    readonly kase: QarlaTestCase,
    k: number,
    metrics: readonly number[],
    options: QarlaOptions,
  ) {
    const modelCount = kase.models.length;
    this.modelCount = modelCount;
    this.candidates = kase.peers.length + modelCount;
    const pairCount = modelCount * modelCount;
    this.masks = new Uint16Array(this.candidates * modelCount * pairCount);
    const strict = options.queenComparison === 'greater';
    const bits = metrics.length;
    // The compared values, gathered contiguously: pair p's under metric b at p·bits + b, the candidate's likewise.
    const pairValues = new Float64Array(pairCount * bits);
    for (let p = 0; p < pairCount; p++) for (let b = 0; b < bits; b++) pairValues[p * bits + b] = kase.modelModel[p * k + metrics[b]];
    const values = new Float64Array(bits);
    const masks = this.masks;
    for (let c = 0; c < this.candidates; c++) {
      const block = candidateBlock(kase, k, c);
      for (let m = 0; m < modelCount; m++) {
        for (let b = 0; b < bits; b++) values[b] = block[m * k + metrics[b]];
        const base = (c * modelCount + m) * pairCount;
        for (let p = 0, o = 0; p < pairCount; p++, o += bits) {
          let mask = 0;
          if (strict) {
            for (let b = 0; b < bits; b++) mask |= (values[b] > pairValues[o + b] ? 1 : 0) << b;
          } else {
            for (let b = 0; b < bits; b++) mask |= (values[b] >= pairValues[o + b] ? 1 : 0) << b;
          }
          masks[base + p] = mask;
        }
      }
    }
  }

  /**
   * counts[X] = triples of S that candidate c passes under every metric of subset X (bit b ↔ metrics[b]), for all
   * 2^bits subsets: a histogram of the triples' masks, then the sum over supersets (one pass per bit).
   */
  passedBySubset(candidate: number, triples: Triples, counts: Int32Array): void {
    counts.fill(0);
    const modelCount = this.modelCount;
    const pairCount = modelCount * modelCount;
    const base = candidate * modelCount * pairCount;
    for (let t = 0; t < triples.count; t++) counts[this.masks[base + triples.model[t] * pairCount + triples.pair[t]]]++;
    supersetSums(counts);
  }
}

/** f[X] ← Σ over supersets Y ⊇ X of f[Y], in place (f has 2^bits entries). */
export function supersetSums(f: Int32Array | Float64Array): void {
  const size = f.length;
  for (let bit = 1; bit < size; bit <<= 1) {
    for (let base = 0; base < size; base += bit << 1) {
      for (let j = base; j < base + bit; j++) f[j] += f[j + bit];
    }
  }
}
