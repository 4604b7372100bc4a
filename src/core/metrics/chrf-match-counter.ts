// Clipped n-gram match counting for chrF on integer symbols (used by chrf.ts).

/** Largest dense (n-gram id, unigram id) table, in entries, before a Map is used instead (very long lines). */
export const MAX_PAIR_TABLE = 1 << 22;

/**
 * Clipped n-gram matches of one hypothesis against one reference for n = 1..maxOrder at once, on integer symbols
 * and without building n-grams.
 *
 * Reference n-grams of each order get ids local to the pair (from 1; 0 = "not in the reference"): an (n+1)-gram's
 * id is that of the pair (id of its first n symbols, unigram id of its last symbol), numbered through a table, and a
 * hypothesis n-gram looks its id up. Matches of an id = min(hyp count, ref count). Shortcut: an n-gram occurring
 * once in the reference (at q) can only be extended one way, so a hypothesis position p in its class is settled by
 * comparing the symbols after p and q directly: its longer n-grams are the unique reference ones at q while the
 * symbols agree, each such class matching once however many hypothesis positions reach it. Positions stay in the
 * table-driven lists only while their class occurs at least twice in the reference and at least once in the
 * hypothesis, so the work shrinks fast with the order. Orders 1 and 2 are done in one pass over the hypothesis.
 */
export class ClippedMatchCounter {
  private symbolStamp = new Int32Array(256);
  private symbolLocal = new Int32Array(256);
  private symbolGeneration = 0;
  /** Interleaved [stamp, id] per (n-gram id, unigram id) key. */
  private pairs = new Int32Array(1 << 17);
  private pairGeneration = 0;
  private readonly pairMap = new Map<number, number>();
  /** Per position: unigram id and the current order's n-gram id; lists of the positions still followed. */
  private refUni = new Int32Array(256);
  private refCur = new Int32Array(256);
  private refLive = new Int32Array(256);
  private hypUni = new Int32Array(256);
  private hypCur = new Int32Array(256);
  private hypLive = new Int32Array(256);
  /**
   * Per unigram id and per id of the current order ≥ 2: reference count, a reference position, hypothesis count,
   * and (for ids occurring once in the reference) the longest order a hypothesis position in the class reached.
   */
  private uniRefCount = new Int32Array(256);
  private uniRefAt = new Int32Array(256);
  private uniCount = new Int32Array(256);
  private uniReach = new Int32Array(256);
  private refCount = new Int32Array(256);
  private refAt = new Int32Array(256);
  private hypCount = new Int32Array(256);
  private reach = new Int32Array(256);
  /** Matches per order from settled positions, as differences (matches[n] += Σ_{m ≤ n} extra[m]). */
  private extra = new Int32Array(16);

  /**
   * Writes the matches of order n into `out[at + 3(n − 1)]` for n = 1..maxOrder. Symbols are integers from 0 to
   * `maxSymbol`.
   */
  count(hyp: Int32Array, hypStart: number, hypEnd: number, ref: Int32Array, refStart: number, refEnd: number, maxSymbol: number, maxOrder: number, out: Float64Array, at: number): void {
    for (let n = 0; n < maxOrder; n++) out[at + 3 * n] = 0;
    const h = hypEnd - hypStart;
    const r = refEnd - refStart;
    if (h === 0 || r === 0 || maxOrder < 1) return;
    this.ensureRef(r);
    this.ensureHyp(h);
    if (maxSymbol >= this.symbolStamp.length) this.growSymbols(maxSymbol + 1);
    if (this.extra.length < maxOrder + 2) this.extra = new Int32Array(maxOrder + 2);
    const extra = this.extra;
    extra.fill(0, 0, maxOrder + 2);
    const unigrams = this.unigramIds(ref, refStart, r);
    const width = unigrams + 1;
    const { refUni, refCur, refLive, hypUni, hypCur, hypLive, refCount, refAt, uniRefCount, uniRefAt, uniCount, uniReach } = this;
    uniCount.fill(0, 0, width);
    uniReach.fill(1, 0, width);
    const gen = this.symbolGeneration;
    const { symbolStamp, symbolLocal } = this;
    let n: number;
    let distinct = unigrams;
    let hypAlive = 0;
    let refAlive = 0;
    if (maxOrder >= 2 && h >= 2 && r >= 2 && width * width <= MAX_PAIR_TABLE) {
      // Orders 1 and 2 together: number the reference bigrams, then one pass over the hypothesis.
      this.preparePairs(width * width);
      const pairs = this.pairs;
      const pairGen = this.pairGeneration;
      let next = 0;
      for (let p = 0; p < r - 1; p++) {
        const e = 2 * (refUni[p] * width + refUni[p + 1]);
        const fresh = pairs[e] !== pairGen;
        const id = fresh ? next + 1 : pairs[e + 1];
        pairs[e] = pairGen;
        pairs[e + 1] = id;
        next += +fresh;
        refCount[id] = fresh ? 1 : refCount[id] + 1;
        refCur[p] = id;
        refAt[id] = p;
      }
      refCount[0] = 0;
      distinct = next;
      const counts = this.hypCount;
      counts.fill(0, 0, distinct + 1);
      this.reach.fill(2, 0, distinct + 1);
      let matched1 = 0;
      let matched2 = 0;
      let kept = 0;
      let before = 0;
      for (let p = 0; p < h; p++) {
        const s = hyp[hypStart + p];
        const u = symbolStamp[s] === gen ? symbolLocal[s] : 0;
        hypUni[p] = u;
        matched1 += +(++uniCount[u] <= uniRefCount[u]);
        if (uniRefCount[u] === 1) this.settle(hyp, hypStart, h, ref, refStart, r, p, uniRefAt[u], u, 1, maxOrder, uniReach);
        if (p > 0) {
          // The bigram at p − 1, unless its first symbol occurs once in the reference (then it is settled).
          const e = 2 * (before * width + u);
          const id = uniRefCount[before] > 1 && pairs[e] === pairGen ? pairs[e + 1] : 0;
          matched2 += +(++counts[id] <= refCount[id]);
          hypCur[p - 1] = id;
          if (refCount[id] === 1) this.settle(hyp, hypStart, h, ref, refStart, r, p - 1, refAt[id], id, 2, maxOrder, this.reach);
          hypLive[kept] = p - 1;
          kept += +(refCount[id] > 1);
        }
        before = u;
      }
      out[at] = matched1;
      out[at + 3] = matched2;
      hypAlive = kept;
      n = 2;
      // Reference positions to follow: all, filtered below.
      for (let p = 0; p < r - 1; p++) refLive[p] = p;
      refAlive = r - 1;
    } else {
      let matched = 0;
      let kept = 0;
      for (let p = 0; p < h; p++) {
        const s = hyp[hypStart + p];
        const u = symbolStamp[s] === gen ? symbolLocal[s] : 0;
        hypUni[p] = u;
        hypCur[p] = u;
        matched += +(++uniCount[u] <= uniRefCount[u]);
        if (uniRefCount[u] === 1) this.settle(hyp, hypStart, h, ref, refStart, r, p, uniRefAt[u], u, 1, maxOrder, uniReach);
        hypLive[kept] = p;
        kept += +(uniRefCount[u] > 1);
      }
      out[at] = matched;
      hypAlive = kept;
      n = 1;
      for (let p = 0; p < r; p++) {
        refCur[p] = refUni[p];
        refLive[p] = p;
      }
      refAlive = r;
    }
    while (n < maxOrder) {
      // Follow on to order n + 1: positions with a symbol n places further on, whose n-gram occurs twice or more
      // in the reference and at least once in the hypothesis.
      while (hypAlive > 0 && hypLive[hypAlive - 1] >= h - n) hypAlive--;
      if (hypAlive === 0) break;
      const counts = n === 1 ? uniCount : this.hypCount;
      const refCounts = n === 1 ? uniRefCount : refCount;
      let kept = 0;
      for (let k = 0; k < refAlive; k++) {
        const p = refLive[k];
        const id = refCur[p];
        refLive[kept] = p;
        kept += +(p < r - n) & +(refCounts[id] > 1) & +(counts[id] !== 0);
      }
      refAlive = kept;
      if (refAlive === 0) break;
      n++;
      // Extend the followed (n−1)-grams by one symbol: reference positions first, numbering the n-grams.
      const useMap = (distinct + 1) * width > MAX_PAIR_TABLE;
      if (useMap) this.pairMap.clear();
      else this.preparePairs((distinct + 1) * width);
      const pairs = this.pairs;
      const pairGen = this.pairGeneration;
      const map = this.pairMap;
      let next = 0;
      for (let k = 0; k < refAlive; k++) {
        const p = refLive[k];
        const key = refCur[p] * width + refUni[p + n - 1];
        let id: number;
        if (!useMap) {
          const e = 2 * key;
          const fresh = pairs[e] !== pairGen;
          id = fresh ? next + 1 : pairs[e + 1];
          pairs[e] = pairGen;
          pairs[e + 1] = id;
          next += +fresh;
          refCount[id] = fresh ? 1 : refCount[id] + 1;
        } else {
          const known = map.get(key);
          if (known === undefined) {
            map.set(key, (id = ++next));
            refCount[id] = 1;
          } else refCount[(id = known)]++;
        }
        refCur[p] = id;
        refAt[id] = p;
      }
      refCount[0] = 0;
      distinct = next;
      const now = this.hypCount;
      now.fill(0, 0, distinct + 1);
      this.reach.fill(n, 0, distinct + 1);
      // Then the hypothesis: look its n-grams up and count them; settle those of once-only reference n-grams.
      let matched = 0;
      kept = 0;
      for (let k = 0; k < hypAlive; k++) {
        const p = hypLive[k];
        const key = hypCur[p] * width + hypUni[p + n - 1];
        let id: number;
        if (!useMap) {
          const e = 2 * key;
          id = pairs[e] === pairGen ? pairs[e + 1] : 0;
        } else id = map.get(key) ?? 0;
        matched += +(++now[id] <= refCount[id]);
        hypCur[p] = id;
        if (refCount[id] === 1) this.settle(hyp, hypStart, h, ref, refStart, r, p, refAt[id], id, n, maxOrder, this.reach);
        hypLive[kept] = p;
        kept += +(refCount[id] > 1);
      }
      hypAlive = kept;
      out[at + 3 * (n - 1)] = matched;
    }
    let settled = 0;
    for (let m = 1; m <= maxOrder; m++) {
      settled += extra[m];
      out[at + 3 * (m - 1)] += settled;
    }
  }

  /**
   * Hypothesis position p is in the class `id` of an order-n reference n-gram that occurs only at q: finds how far
   * the two agree (up to maxOrder) and records the orders newly reached by the class (each matches once).
   */
  private settle(hyp: Int32Array, hypStart: number, h: number, ref: Int32Array, refStart: number, r: number, p: number, q: number, id: number, n: number, maxOrder: number, reach: Int32Array): void {
    const limit = Math.min(maxOrder, h - p, r - q);
    let m = n;
    while (m < limit && hyp[hypStart + p + m] === ref[refStart + q + m]) m++;
    const before = reach[id];
    if (m > before) {
      this.extra[before + 1]++;
      this.extra[m + 1]--;
      reach[id] = m;
    }
  }

  /**
   * Unigram ids (from 1) of the reference's symbols into refUni, with their counts (uniRefCount, [0] = 0) and a
   * position of each (uniRefAt). Returns the number of ids.
   */
  private unigramIds(ref: Int32Array, refStart: number, r: number): number {
    if (++this.symbolGeneration === 0x7fffffff) {
      this.symbolStamp.fill(0);
      this.symbolGeneration = 1;
    }
    const gen = this.symbolGeneration;
    const { symbolStamp: stamp, symbolLocal: local, refUni, uniRefCount, uniRefAt } = this;
    let distinct = 0;
    uniRefCount[0] = 0;
    for (let i = 0; i < r; i++) {
      const s = ref[refStart + i];
      let g: number;
      if (stamp[s] !== gen) {
        stamp[s] = gen;
        local[s] = g = ++distinct;
        uniRefCount[g] = 1;
        uniRefAt[g] = i;
      } else uniRefCount[(g = local[s])]++;
      refUni[i] = g;
    }
    return distinct;
  }

  /** A fresh generation of the pair table, with room for `keys` keys. */
  private preparePairs(keys: number): void {
    if (2 * keys > this.pairs.length) {
      this.pairs = new Int32Array(grownCapacity(this.pairs.length, 2 * keys));
      this.pairGeneration = 0;
    }
    if (++this.pairGeneration === 0x7fffffff) {
      this.pairs.fill(0);
      this.pairGeneration = 1;
    }
  }

  private ensureRef(size: number): void {
    if (this.refUni.length > size + 1) return;
    const capacity = grownCapacity(this.refUni.length, size + 2);
    this.refUni = new Int32Array(capacity);
    this.refCur = new Int32Array(capacity);
    this.refLive = new Int32Array(capacity);
    // Ids are numbered over reference positions (plus the dummy 0), so per-id arrays follow the reference length.
    this.uniRefCount = new Int32Array(capacity);
    this.uniRefAt = new Int32Array(capacity);
    this.uniCount = new Int32Array(capacity);
    this.uniReach = new Int32Array(capacity);
    this.refCount = new Int32Array(capacity);
    this.refAt = new Int32Array(capacity);
    this.hypCount = new Int32Array(capacity);
    this.reach = new Int32Array(capacity);
  }

  private ensureHyp(size: number): void {
    if (this.hypUni.length >= size) return;
    const capacity = grownCapacity(this.hypUni.length, size);
    this.hypUni = new Int32Array(capacity);
    this.hypCur = new Int32Array(capacity);
    this.hypLive = new Int32Array(capacity);
  }

  private growSymbols(size: number): void {
    const capacity = grownCapacity(this.symbolStamp.length, size);
    const stamp = new Int32Array(capacity);
    stamp.set(this.symbolStamp);
    this.symbolStamp = stamp;
    const local = new Int32Array(capacity);
    local.set(this.symbolLocal);
    this.symbolLocal = local;
  }
}

export function grownCapacity(capacity: number, size: number): number {
  while (capacity < size) capacity *= 2;
  return capacity;
}

