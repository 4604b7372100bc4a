// Clipped n-gram match counting against a reference indexed once (used by chrf.ts and bleu.ts).
import { markReassignable } from '../runtime/reassignable-fields';

/**
 * A reference line's n-grams of orders 1..maxOrder, indexed once for every hypothesis counted against it.
 * `data` holds everything; `rows` is a 16-bit view of its dense rows (empty when hashed).
 */
export interface ReferenceIndex {
  readonly data: Int32Array;
  readonly rows: Int16Array;
}

/**
 * Layout of `data`, in this order:
 *   header: r (the reference's symbol count), U (its distinct symbols), E (explicit nodes), maxOrder, rows, largest
 *     symbol;
 *   the r symbols as unigram ids;
 *   the U distinct symbols: symbol k has unigram id k + 1 (0 stands for "not in the reference");
 *   per unigram id 0..U: its target;
 *   per explicit node 0..E: its reference count (0 for the dummy node 0);
 *   the rows: `rows` rows of U + 1 targets (16-bit, seen through `ReferenceIndex.rows`): row t − 1 holds, per
 *     unigram id u, the target of node t's n-gram extended by u; or, where dense rows would be large or need more
 *     than 16 bits, an open-addressing table of (node, unigram id, target) (`rows` then −1).
 * An explicit node t ≥ 1 is an n-gram occurring at least twice in the reference (numbered by order, so the nodes
 * below maxOrder, which have rows, come first). A target is 0 (no such n-gram in the reference), an explicit node t,
 * or ~q < 0: an n-gram occurring once, at reference position q. A once-only n-gram's extensions occur at most once
 * too and are found by comparing symbols after q, so they need no entries. Each position starts at most one
 * once-only n-gram in the index (the shortest unique n-gram starting there, one order past a repeated prefix), so
 * the position names it.
 */
const HEADER = 6;

/**
 * Past this many dense row entries per reference symbol (plus a constant), the rows are an open-addressing table
 * instead: dense rows grow with (repeated n-grams) × (distinct symbols), quadratic on a long line of distinct words.
 */
export const DENSE_ENTRIES_PER_SYMBOL = 32;

/** Builds indexes; keeps scratch space between builds. */
export class ReferenceNgramIndexer {
  private stamp = new Int32Array(256);
  private slot = new Int32Array(256);
  private generation = 0;
  private unigramIds = new Int32Array(256);
  private unigramSymbols = new Int32Array(256);
  /** Per unigram id: the group that last saw it, and its slot in that group. */
  private seen = new Int32Array(256);
  private slotOf = new Int32Array(256);
  private work = new Int32Array(1024);
  /** Per group (from, to, order); group 0 is the empty n-gram, group t ≥ 1 explicit node t. */
  private groups = new Int32Array(3 * 256);
  private counts = new Int32Array(256);
  /** (node, unigram id, target) per extension of an explicit node. */
  private extensions = new Int32Array(3 * 256);
  private slotCount = new Int32Array(256);
  private slotFirst = new Int32Array(256);
  /** What the last `groupPositions` left: groups (explicit nodes + 1), extension entries, nodes with rows. */
  private groupCount = 0;
  private extensionEnd = 0;
  private rowCount = 0;

  private readonly slab = new Int32Slab();

  /** `denseEntriesPerSymbol` only for tests (0 forces the hashed rows). */
  constructor(private readonly denseEntriesPerSymbol = DENSE_ENTRIES_PER_SYMBOL) {
    markReassignable(this, 'stamp', 'slot', 'unigramIds', 'unigramSymbols', 'seen', 'slotOf', 'work', 'groups', 'counts', 'extensions', 'slotCount', 'slotFirst');
  }

  /** The index of `symbols[start..end)` (non-negative integers) for orders 1..maxOrder. */
  build(symbols: Int32Array, start: number, end: number, maxOrder: number): ReferenceIndex {
    const r = end - start;
    let maxSymbol = 0;
    for (let i = start; i < end; i++) if (symbols[i] > maxSymbol) maxSymbol = symbols[i];
    this.reserve(r, maxOrder, maxSymbol);
    // Three phases in three functions: each compiles quickly, so a long run leaves the slow tiers early.
    const U = this.numberUnigrams(symbols, start, r);
    this.groupPositions(r, maxOrder);
    return this.writeIndex(r, U, maxOrder, maxSymbol);
  }

  /** Unigram ids (1..U, in order of first occurrence) of the reference's symbols, into `unigramIds`; returns U. */
  private numberUnigrams(symbols: Int32Array, start: number, r: number): number {
    const { stamp, slot, unigramIds, unigramSymbols } = this;
    if (++this.generation === 0x7fffffff) {
      stamp.fill(0);
      this.generation = 1;
    }
    const generation = this.generation;
    let U = 0;
    for (let p = 0; p < r; p++) {
      const s = symbols[start + p];
      if (stamp[s] !== generation) {
        stamp[s] = generation;
        slot[s] = ++U;
        unigramSymbols[U] = s;
      }
      unigramIds[p] = slot[s];
    }
    return U;
  }

  /**
   * Groups positions by n-gram, order after order: each group is a range of `work` holding the positions that start
   * its n-gram. Leaves the explicit nodes in `groups`/`counts` and every extension in `extensions`
   * (`groupCount`, `extensionEnd`, `rowCount` say how many).
   */
  private groupPositions(r: number, maxOrder: number): void {
    const { slot, slotCount, slotFirst, slotOf, work, groups, counts, extensions, unigramIds, seen } = this;
    for (let p = 0; p < r; p++) work[p] = p;
    let workEnd = r;
    groups[0] = 0;
    groups[1] = r;
    groups[2] = 0;
    let groupCount = 1;
    let extensionEnd = 0;
    let rows = 0;
    for (let g = 0; g < groupCount; g++) {
      const from = groups[3 * g];
      const to = groups[3 * g + 1];
      const n = groups[3 * g + 2];
      if (n >= maxOrder) break; // groups come in order of n
      if (g > 0) rows = g;
      // Group the positions that have a symbol n places on by its unigram id (counting sort into fresh work space).
      const mark = g + 1;
      let distinct = 0;
      for (let k = from; k < to; k++) {
        const p = work[k];
        let d = -1;
        if (p + n < r) {
          const u = unigramIds[p + n];
          if (seen[u] !== mark) {
            seen[u] = mark;
            slotOf[u] = distinct;
            slotCount[distinct] = 0;
            work[workEnd + distinct] = u;
            distinct++;
          }
          d = slotOf[u];
          slotCount[d]++;
        }
        slot[k - from] = d;
      }
      const idsAt = workEnd;
      let at = workEnd + distinct;
      for (let d = 0; d < distinct; d++) {
        slotFirst[d] = at;
        at += slotCount[d];
      }
      for (let k = from; k < to; k++) {
        const d = slot[k - from];
        if (d >= 0) work[slotFirst[d]++] = work[k];
      }
      workEnd = at;
      for (let d = 0; d < distinct; d++) {
        const count = slotCount[d];
        const first = slotFirst[d] - count;
        let target: number;
        if (count === 1) target = ~work[first];
        else {
          target = groupCount;
          counts[groupCount] = count;
          groups[3 * groupCount] = first;
          groups[3 * groupCount + 1] = first + count;
          groups[3 * groupCount + 2] = n + 1;
          groupCount++;
        }
        extensions[extensionEnd++] = g;
        extensions[extensionEnd++] = work[idsAt + d];
        extensions[extensionEnd++] = target;
      }
    }
    this.groupCount = groupCount;
    this.extensionEnd = extensionEnd;
    this.rowCount = rows;
  }

  /** The index of the groups `groupPositions` left, in the layout described above. */
  private writeIndex(r: number, U: number, maxOrder: number, maxSymbol: number): ReferenceIndex {
    const { counts, extensions, unigramIds, unigramSymbols, extensionEnd } = this;
    const rows = this.rowCount;
    const E = this.groupCount - 1;
    const width = U + 1;
    // Dense 16-bit rows hold node numbers up to E and positions up to r.
    const dense = rows * width <= this.denseEntriesPerSymbol * (r + 8) && E <= 0x7fff && r <= 0x7fff;
    const tableSize = dense ? (rows * width + 1) >> 1 : 3 * grown(16, (2 * (extensionEnd - 3 * U)) / 3);
    const unigramsAt = HEADER + r;
    const targetsAt = unigramsAt + U;
    const countsAt = targetsAt + width;
    const rowsAt = countsAt + E + 1;
    const index = this.slab.take(rowsAt + tableSize);
    index[0] = r;
    index[1] = U;
    index[2] = E;
    index[3] = maxOrder;
    index[4] = dense ? rows : -1;
    index[5] = maxSymbol;
    for (let i = 0; i < r; i++) index[HEADER + i] = unigramIds[i];
    for (let u = 1; u <= U; u++) index[unigramsAt + u - 1] = unigramSymbols[u];
    for (let t = 1; t <= E; t++) index[countsAt + t] = counts[t];
    for (let i = 0; i < 3 * U; i += 3) index[targetsAt + extensions[i + 1]] = extensions[i + 2];
    if (!dense) {
      writeHashedRows(index, rowsAt, tableSize / 3 - 1, extensions, 3 * U, extensionEnd);
      return { data: index, rows: EMPTY_ROWS };
    }
    const dense16 = new Int16Array(index.buffer, index.byteOffset + 4 * rowsAt, rows * width);
    for (let i = 3 * U; i < extensionEnd; i += 3) dense16[(extensions[i] - 1) * width + extensions[i + 1]] = extensions[i + 2];
    return { data: index, rows: dense16 };
  }

  private reserve(r: number, maxOrder: number, maxSymbol: number): void {
    // Each order's groups hold at most r positions, plus its slots' symbols (at most r).
    const work = 2 * (maxOrder + 1) * r + 1;
    if (this.work.length < work) this.work = new Int32Array(grown(this.work.length, work));
    if (maxSymbol >= this.stamp.length) {
      this.stamp = new Int32Array(grown(this.stamp.length, maxSymbol + 1));
      this.generation = 0;
    }
    // `slot` serves first per symbol, then per position of a group.
    if (this.slot.length < Math.max(maxSymbol + 1, r)) this.slot = new Int32Array(grown(this.slot.length, Math.max(maxSymbol + 1, r)));
    if (this.unigramIds.length < r + 1) {
      const size = grown(this.unigramIds.length, r + 1);
      this.unigramIds = new Int32Array(size);
      this.unigramSymbols = new Int32Array(size);
      this.slotOf = new Int32Array(size);
    }
    // Group marks restart at 1 in every build.
    if (this.seen.length < r + 1) this.seen = new Int32Array(grown(this.seen.length, r + 1));
    this.seen.fill(0, 0, r + 1);
    // Explicit nodes occur twice or more: at most r/2 per order; extensions: at most r per order.
    const groups = Math.floor((maxOrder * r) / 2) + 2;
    if (this.counts.length < groups) {
      this.counts = new Int32Array(grown(this.counts.length, groups));
      this.groups = new Int32Array(3 * this.counts.length);
    }
    if (this.extensions.length < 3 * (maxOrder * r + 1)) this.extensions = new Int32Array(grown(this.extensions.length, 3 * (maxOrder * r + 1)));
    if (this.slotCount.length < r + 1) {
      this.slotCount = new Int32Array(grown(this.slotCount.length, r + 1));
      this.slotFirst = new Int32Array(this.slotCount.length);
    }
  }
}

/**
 * Zeroed Int32Arrays carved out of large buffers: thousands of small indexes cost one allocation per megabyte
 * instead of one each, and an index's neighbours in memory are the ones built just before and after it.
 */
class Int32Slab {
  private buffer = new ArrayBuffer(0);
  private used = 0;

  constructor() {
    markReassignable(this, 'buffer');
  }

  take(length: number): Int32Array {
    const bytes = 4 * length;
    if (this.used + bytes > this.buffer.byteLength) {
      this.buffer = new ArrayBuffer(Math.max(SLAB_BYTES, bytes));
      this.used = 0;
    }
    const view = new Int32Array(this.buffer, this.used, length);
    this.used += bytes;
    return view;
  }
}

const SLAB_BYTES = 1 << 20;

/** Hash of an (explicit node, unigram id) pair for the hashed rows. */
function pairHash(t: number, u: number): number {
  let h = Math.imul(t, 0x9e3779b1) + u;
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  return h ^ (h >>> 13);
}

/** Writes the (node, unigram id, target) entries `extensions[from..to)` into hashed rows at `rowsAt`. */
function writeHashedRows(index: Int32Array, rowsAt: number, mask: number, extensions: Int32Array, from: number, to: number): void {
  for (let i = from; i < to; i += 3) {
    const t = extensions[i];
    const u = extensions[i + 1];
    let e = pairHash(t, u) & mask;
    while (index[rowsAt + 3 * e] !== 0) e = (e + 1) & mask;
    index[rowsAt + 3 * e] = t;
    index[rowsAt + 3 * e + 1] = u;
    index[rowsAt + 3 * e + 2] = extensions[i + 2];
  }
}

/** The target of node t's n-gram extended by unigram id u, in hashed rows at `rowsAt` (`mask`: entries − 1). */
function hashedTarget(index: Int32Array, rowsAt: number, mask: number, t: number, u: number): number {
  let e = pairHash(t, u) & mask;
  for (;;) {
    const at = rowsAt + 3 * e;
    const node = index[at];
    if (node === 0) return 0;
    if (node === t && index[at + 1] === u) return index[at + 2];
    e = (e + 1) & mask;
  }
}

const EMPTY_ROWS = new Int16Array(0);

/**
 * Where the reference's distinct symbols lie in `index.data`: the symbol of unigram id u (1..U) is at the offset
 * returned + u (read in place, as a subarray would be an object per call).
 */
export function unigramSymbolBase(index: ReferenceIndex): number {
  return HEADER + index.data[0] - 1;
}

/** The reference's count of distinct symbols (its largest unigram id). */
export function distinctSymbols(index: ReferenceIndex): number {
  return index.data[1];
}

/** The reference's symbol count. */
export function indexedLength(index: ReferenceIndex): number {
  return index.data[0];
}

/**
 * Counts clipped matches of hypotheses against indexed references: for each order n, Σ over n-grams g of
 * min(hyp count of g, ref count of g). From each hypothesis position it walks the index along the symbols that
 * follow, one order per step, as long as the reference has the n-gram: a repeated reference n-gram (explicit node)
 * counts its hypothesis occurrences and matches while they do not exceed its reference count; a once-only one is
 * settled by comparing symbols, and it and each longer n-gram agreeing with the reference there match once, however
 * many hypothesis positions reach them.
 */
export class IndexedMatchCounter {
  /** Unigram id per symbol while a count runs (0 otherwise). */
  private unigramOf = new Int32Array(256);
  /** The hypothesis as unigram ids. */
  private ids = new Int32Array(256);
  /** Per explicit node: hypothesis count. */
  private hypCount = new Int32Array(256);
  /** Per reference position starting a once-only n-gram: the longest order matched there. */
  private reach = new Int32Array(256);
  /** Per order: matches of repeated reference n-grams (explicit nodes). */
  private matched = new Int32Array(16);
  /** Per order, as differences: matches of once-only reference n-grams (order n's are the sum of entries 1..n). */
  private onceOnly = new Int32Array(16);
  private sink = 0;

  constructor() {
    markReassignable(this, 'unigramOf', 'ids', 'hypCount', 'reach', 'matched', 'onceOnly');
  }

  /**
   * Writes the matches of order n into `out[at + stride·(n − 1)]` for n = 1..maxOrder (maxOrder at most the
   * index's). Hypothesis symbols are integers from 0 to `maxSymbol`.
   */
  count(reference: ReferenceIndex, hyp: Int32Array, hypStart: number, hypEnd: number, maxSymbol: number, maxOrder: number, out: Float64Array, at: number, stride: number): void {
    const h = hypEnd - hypStart;
    const table = this.unigramTable(reference, maxSymbol);
    const ids = this.idBuffer(h);
    for (let p = 0; p < h; p++) ids[p] = table[hyp[hypStart + p]];
    this.releaseUnigramTable(reference);
    this.countIds(reference, ids, h, maxOrder, out, at, stride);
  }

  /**
   * The table from symbol (0..max(maxSymbol, the reference's largest)) to the reference's unigram id (0: not in
   * it), for a caller that turns its hypothesis into ids itself (into `idBuffer`); release it before the next one.
   */
  unigramTable(reference: ReferenceIndex, maxSymbol: number): Int32Array {
    const index = reference.data;
    const size = Math.max(maxSymbol, index[5]) + 1;
    if (this.unigramOf.length < size) this.unigramOf = new Int32Array(grown(this.unigramOf.length, size));
    const unigramOf = this.unigramOf;
    const unigramsAt = HEADER + index[0];
    for (let k = 0; k < index[1]; k++) unigramOf[index[unigramsAt + k]] = k + 1;
    return unigramOf;
  }

  releaseUnigramTable(reference: ReferenceIndex): void {
    const index = reference.data;
    const unigramsAt = HEADER + index[0];
    for (let k = 0; k < index[1]; k++) this.unigramOf[index[unigramsAt + k]] = 0;
  }

  /** Room for a hypothesis of `length` unigram ids. */
  idBuffer(length: number): Int32Array {
    if (this.ids.length < length) this.ids = new Int32Array(grown(this.ids.length, length));
    return this.ids;
  }

  /** `count` on a hypothesis already turned into the reference's unigram ids, `ids[0..h)`. */
  countIds(reference: ReferenceIndex, ids: Int32Array, h: number, maxOrder: number, out: Float64Array, at: number, stride: number): void {
    const index = reference.data;
    const rows = reference.rows;
    const r = index[0];
    const U = index[1];
    const E = index[2];
    if (maxOrder > index[3]) throw new RangeError(`index of order ${index[3]} asked for order ${maxOrder}`);
    if (this.matched.length < maxOrder + 2) {
      this.matched = new Int32Array(maxOrder + 2);
      this.onceOnly = new Int32Array(maxOrder + 2);
    }
    const { matched, onceOnly } = this;
    matched.fill(0, 0, maxOrder + 2);
    onceOnly.fill(0, 0, maxOrder + 2);
    if (h > 0 && r > 0 && maxOrder > 0) {
      this.prepare(E + 1, r);
      const { hypCount, reach } = this;
      const width = U + 1;
      const targetsAt = HEADER + r + U;
      const countsAt = targetsAt + width;
      // Dense rows: row t − 1 at (t − 1)·width of `rows`; else the hashed rows start one past the counts.
      const dense = index[4] >= 0;
      const rowsAt = countsAt + E + 1;
      const mask = dense ? 0 : (index.length - rowsAt) / 3 - 1;
      // Touch the index in order first: its cache lines then arrive as a stream rather than one miss at a time.
      let sink = 0;
      for (let i = 0; i < index.length; i += 16) sink ^= index[i];
      this.sink = sink;
      hypCount.fill(0, 0, E + 1);
      reach.fill(0, 0, r);
      for (let p = 0; p < h; p++) {
        const u = ids[p];
        if (u === 0) continue;
        let t = index[targetsAt + u];
        let n = 1;
        const limit = Math.min(maxOrder, h - p);
        for (;;) {
          if (t < 0) {
            // Once-only n-gram at q: it and its extensions that agree with the reference there match once each, so
            // only orders past the furthest already counted at q are new; extend by direct comparison.
            const q = ~t;
            const before = Math.max(reach[q], n - 1);
            const end = Math.min(limit, r - q);
            if (before >= end) break;
            let m = n;
            while (m < end && ids[p + m] === index[HEADER + q + m]) m++;
            if (m > before) {
              onceOnly[before + 1]++;
              onceOnly[m + 1]--;
              reach[q] = m;
            }
            break;
          }
          if (t === 0) break;
          matched[n] += +(++hypCount[t] <= index[countsAt + t]);
          if (n === limit) break;
          t = dense ? rows[(t - 1) * width + ids[p + n]] : ids[p + n] === 0 ? 0 : hashedTarget(index, rowsAt, mask, t, ids[p + n]);
          n++;
        }
      }
    }
    let ranges = 0;
    for (let n = 1; n <= maxOrder; n++) {
      ranges += onceOnly[n];
      out[at + stride * (n - 1)] = matched[n] + ranges;
    }
  }

  private prepare(nodes: number, r: number): void {
    if (this.hypCount.length < nodes) this.hypCount = new Int32Array(grown(this.hypCount.length, nodes));
    if (this.reach.length < r) this.reach = new Int32Array(grown(this.reach.length, r));
  }
}

export function grown(capacity: number, size: number): number {
  let c = Math.max(capacity, 1);
  while (c < size) c *= 2;
  return c;
}
