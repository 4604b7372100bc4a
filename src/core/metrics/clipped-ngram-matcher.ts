import { markReassignable } from '../runtime/reassignable-fields';
/**
 * Clipped n-gram matching of one hypothesis against its references — BLEU's modified precision counts — on integer
 * word ids, without building n-gram strings or allocating per segment.
 *
 * Per segment, every n-gram of the hypothesis and the references gets a small local id: unigrams through a
 * vocabulary-indexed table, (n+1)-grams as the pair (local id of the n-gram, local id of the word after it), looked
 * up in a dense table when the segment is short (the usual case) or in a Map when it is very long. Counts are arrays
 * indexed by local id: matches_n = Σ_g min(count_hyp(g), max_k count_ref_k(g)).
 */
export class ClippedNgramMatcher {
  private unigramLocal = new Int32Array(1024);
  private unigramStamp = new Int32Array(1024);
  private generation = 0;
  private readonly pairLocal = new Int32Array(1 << 20);
  private readonly pairStamp = new Int32Array(1 << 20);
  private pairGeneration = 0;
  /** Per position (hypothesis, then each reference): unigram local id, and the current order's local id. */
  private uni = new Int32Array(256);
  private cur = new Int32Array(256);
  private hypCount = new Int32Array(256);
  private refCount = new Int32Array(256);
  private refMax = new Int32Array(256);
  private bounds = new Int32Array(16);

  constructor(private readonly maxOrder: number) {
    markReassignable(this, 'unigramLocal', 'unigramStamp', 'uni', 'cur', 'hypCount', 'refCount', 'refMax', 'bounds');
  }

  /**
   * Writes matches_n into `out[matchOffset + n − 1]` and hypothesis n-gram counts into `out[totalOffset + n − 1]` for
   * n = 1..maxOrder. Word ids are non-negative integers.
   */
  count(hypothesis: Int32Array, references: readonly Int32Array[], out: Float64Array, matchOffset: number, totalOffset: number): void {
    const N = this.maxOrder;
    for (let n = 0; n < N; n++) {
      out[matchOffset + n] = 0;
      out[totalOffset + n] = Math.max(hypothesis.length - n, 0);
    }
    if (hypothesis.length === 0) return;
    const sentences = references.length + 1;
    if (this.bounds.length < 2 * sentences) this.bounds = new Int32Array(4 * sentences);
    let positions = hypothesis.length;
    for (const r of references) positions += r.length;
    this.ensureScratch(positions);
    const { uni, cur, bounds } = this;

    // Unigram local ids over all positions.
    let maxId = 0;
    for (let i = 0; i < hypothesis.length; i++) if (hypothesis[i] > maxId) maxId = hypothesis[i];
    for (const r of references) for (let i = 0; i < r.length; i++) if (r[i] > maxId) maxId = r[i];
    if (maxId >= this.unigramStamp.length) this.growVocabulary(maxId + 1);
    const gen = ++this.generation;
    const stamp = this.unigramStamp;
    const localOf = this.unigramLocal;
    let distinct = 0;
    let p = 0;
    for (let s = 0; s < sentences; s++) {
      const ids = s === 0 ? hypothesis : references[s - 1];
      bounds[2 * s] = p;
      for (let i = 0; i < ids.length; i++) {
        const w = ids[i];
        if (stamp[w] !== gen) {
          stamp[w] = gen;
          localOf[w] = distinct++;
        }
        uni[p] = cur[p] = localOf[w];
        p++;
      }
      bounds[2 * s + 1] = p;
    }
    const unigramCount = distinct;

    for (let n = 1; n <= N; n++) {
      // n-grams start at [start, end − n + 1) of each sentence.
      const hypEnd = bounds[1] - n + 1;
      if (hypEnd <= 0) break;
      const matched = this.clippedMatches(sentences, n, distinct, hypEnd);
      out[matchOffset + n - 1] = matched;
      // No n-gram matched: no longer one can (each contains one), so the higher orders stay at 0.
      if (matched === 0 || n === N) break;
      distinct = this.extend(sentences, n, unigramCount, distinct);
    }
  }

  private clippedMatches(sentences: number, n: number, distinct: number, hypEnd: number): number {
    const { cur, hypCount, refMax, refCount, bounds } = this;
    hypCount.fill(0, 0, distinct);
    refMax.fill(0, 0, distinct);
    for (let p = 0; p < hypEnd; p++) hypCount[cur[p]]++;
    if (sentences === 2) {
      // One reference: its counts are the maxima.
      const end = bounds[3] - n + 1;
      for (let p = bounds[2]; p < end; p++) refMax[cur[p]]++;
    } else for (let s = 1; s < sentences; s++) {
      const start = bounds[2 * s];
      const end = bounds[2 * s + 1] - n + 1;
      for (let p = start; p < end; p++) refCount[cur[p]]++;
      for (let p = start; p < end; p++) {
        const g = cur[p];
        if (refCount[g] > refMax[g]) refMax[g] = refCount[g];
      }
      for (let p = start; p < end; p++) refCount[cur[p]] = 0;
    }
    let matched = 0;
    for (let p = 0; p < hypEnd; p++) {
      const g = cur[p];
      if (hypCount[g] > 0) {
        matched += Math.min(hypCount[g], refMax[g]);
        hypCount[g] = 0; // each distinct n-gram once
      }
    }
    return matched;
  }

  /** Turns the current order-n ids into order-(n+1) ids in place; returns the number of distinct (n+1)-grams. */
  private extend(sentences: number, n: number, unigramCount: number, distinct: number): number {
    const { cur, uni, bounds } = this;
    let next = 0;
    // Keys a·U + b are below distinct·U (a < distinct n-grams, b < U unigrams): use the dense table when that fits.
    if (distinct * unigramCount <= this.pairLocal.length) {
      const gen = ++this.pairGeneration;
      const { pairLocal, pairStamp } = this;
      for (let s = 0; s < sentences; s++) {
        const end = bounds[2 * s + 1] - n;
        for (let p = bounds[2 * s]; p < end; p++) {
          const key = cur[p] * unigramCount + uni[p + n];
          if (pairStamp[key] !== gen) {
            pairStamp[key] = gen;
            pairLocal[key] = next++;
          }
          cur[p] = pairLocal[key];
        }
      }
      return next;
    }
    const map = new Map<number, number>();
    for (let s = 0; s < sentences; s++) {
      const end = bounds[2 * s + 1] - n;
      for (let p = bounds[2 * s]; p < end; p++) {
        const key = cur[p] * unigramCount + uni[p + n];
        let id = map.get(key);
        if (id === undefined) map.set(key, (id = next++));
        cur[p] = id;
      }
    }
    return next;
  }

  private ensureScratch(size: number): void {
    if (this.uni.length >= size) return;
    let capacity = this.uni.length;
    while (capacity < size) capacity *= 2;
    this.uni = new Int32Array(capacity);
    this.cur = new Int32Array(capacity);
    this.hypCount = new Int32Array(capacity);
    this.refCount = new Int32Array(capacity);
    this.refMax = new Int32Array(capacity);
  }

  private growVocabulary(size: number): void {
    let capacity = this.unigramStamp.length;
    while (capacity < size) capacity *= 2;
    const local = new Int32Array(capacity);
    const stamp = new Int32Array(capacity);
    local.set(this.unigramLocal);
    stamp.set(this.unigramStamp);
    this.unigramLocal = local;
    this.unigramStamp = stamp;
  }
}
