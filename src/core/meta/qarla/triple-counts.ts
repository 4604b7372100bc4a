import { QarlaOptions } from './qarla-options';
import { QarlaTestCase } from './test-bed';

/**
 * The counting behind QUEEN: over the triples ⟨m, m′, m″⟩ of a set S of a case's models, how many a candidate c
 * passes — x(c, m) ≥ x(m′, m″) (or >) for every metric x of a set. QUEEN = passed / triples.
 *
 * A candidate is a peer (0 … |A| − 1) or a model (|A| + h); its similarities to the models are one contiguous block
 * of |M|·|X| values (see `candidateBlock`). A model set S is a membership mask over the case's models.
 */

/** The |M|·|X| values x(c, m) of candidate c: peers first, then models (rows of modelModel). */
export function candidateBlock(kase: QarlaTestCase, metricCount: number, candidate: number): Float64Array {
  const m = kase.models.length;
  const a = kase.peers.length;
  const width = m * metricCount;
  return candidate < a ? kase.peerModel.subarray(candidate * width, (candidate + 1) * width) : kase.modelModel.subarray((candidate - a) * width, (candidate - a + 1) * width);
}

/** Models of the case except `left` (−1: all of them). */
export function modelSet(modelCount: number, left = -1): Uint8Array {
  const members = new Uint8Array(modelCount).fill(1);
  if (left >= 0) members[left] = 0;
  return members;
}

/** Whether ⟨m, m′, m″⟩ is one of QUEEN's triples under the options (all three already in S). */
function tripleAllowed(m: number, m1: number, m2: number, options: QarlaOptions): boolean {
  if (options.distinctPair && m1 === m2) return false;
  if (options.modelInPair === 'excluded' && (m === m1 || m === m2)) return false;
  return true;
}

/** Number of QUEEN triples over the members of S. */
export function tripleCount(members: Uint8Array, options: QarlaOptions): number {
  let s = 0;
  for (const v of members) s += v;
  const pairs = options.distinctPair ? s * (s - 1) : s * s;
  if (options.modelInPair === 'allowed') return s * pairs;
  // m outside the pair: for distinct pairs (s − 2)·s(s − 1); otherwise s·s² minus pairs that contain m (2s − 1 of them).
  return options.distinctPair ? s * (s - 1) * (s - 2) : s * (s * s - (2 * s - 1));
}

/**
 * Triples of S that candidate values `block` (x(c, m) at m·k + x) pass under every metric in `metrics`.
 * The direct count, for any number of metrics.
 */
export function passedTriples(
  kase: QarlaTestCase,
  k: number,
  block: Float64Array,
  members: Uint8Array,
  metrics: readonly number[],
  options: QarlaOptions,
): number {
  const modelCount = kase.models.length;
  const pairs = kase.modelModel;
  const strict = options.queenComparison === 'greater';
  const n = metrics.length;
  let passed = 0;
  for (let m = 0; m < modelCount; m++) {
    if (!members[m]) continue;
    const cOffset = m * k;
    for (let m1 = 0; m1 < modelCount; m1++) {
      if (!members[m1]) continue;
      for (let m2 = 0; m2 < modelCount; m2++) {
        if (!members[m2] || !tripleAllowed(m, m1, m2, options)) continue;
        const pOffset = (m1 * modelCount + m2) * k;
        let ok = true;
        for (let j = 0; j < n && ok; j++) {
          const x = metrics[j];
          const v = block[cOffset + x];
          const w = pairs[pOffset + x];
          ok = strict ? v > w : v >= w;
        }
        if (ok) passed++;
      }
    }
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
    private readonly options: QarlaOptions,
  ) {
    const modelCount = kase.models.length;
    this.modelCount = modelCount;
    this.candidates = kase.peers.length + modelCount;
    const pairCount = modelCount * modelCount;
    this.masks = new Uint16Array(this.candidates * modelCount * pairCount);
    const strict = options.queenComparison === 'greater';
    const pairs = kase.modelModel;
    const bits = metrics.length;
    for (let c = 0; c < this.candidates; c++) {
      const block = candidateBlock(kase, k, c);
      for (let m = 0; m < modelCount; m++) {
        const base = (c * modelCount + m) * pairCount;
        for (let p = 0; p < pairCount; p++) {
          let mask = 0;
          for (let b = 0; b < bits; b++) {
            const x = metrics[b];
            const v = block[m * k + x];
            const w = pairs[p * k + x];
            if (strict ? v > w : v >= w) mask |= 1 << b;
          }
          this.masks[base + p] = mask;
        }
      }
    }
  }

  /**
   * counts[X] = triples of S that candidate c passes under every metric of subset X (bit b ↔ metrics[b]), for all
   * 2^bits subsets: a histogram of the triples' masks, then the sum over supersets (one pass per bit).
   */
  passedBySubset(candidate: number, members: Uint8Array, counts: Int32Array): void {
    counts.fill(0);
    const modelCount = this.modelCount;
    const pairCount = modelCount * modelCount;
    const options = this.options;
    for (let m = 0; m < modelCount; m++) {
      if (!members[m]) continue;
      const base = (candidate * modelCount + m) * pairCount;
      for (let m1 = 0; m1 < modelCount; m1++) {
        if (!members[m1]) continue;
        const row = base + m1 * modelCount;
        for (let m2 = 0; m2 < modelCount; m2++) {
          if (!members[m2] || !tripleAllowed(m, m1, m2, options)) continue;
          counts[this.masks[row + m2]]++;
        }
      }
    }
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
