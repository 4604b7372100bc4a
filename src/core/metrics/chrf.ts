import { isPythonWhitespace } from '../text/tokenizers/tokenizer-13a';
import { WordInterner } from '../text/word-interner';
import { Span } from '../text/token';
import { Explanation, SpanMatch } from './explanation';
import { MetricScore, PreparedMetric, ReferenceSet } from './metric';

/**
 * chrF and chrF++ exactly as sacreBLEU 2.6.0 computes them (`sacrebleu.metrics.CHRF`).
 *
 * Character n-grams (n = 1..charOrder) are taken over the segment's Unicode code points with Python whitespace
 * removed (kept with `whitespace`); word n-grams (n = 1..wordOrder) over `str.split()` words, each word longer than
 * one code point losing one trailing — or else one leading — ASCII punctuation character into a word of its own
 * (so `(hi)` gives `(hi` and `)`, as in sacreBLEU). Lower-casing (`lowercase`) comes first, on the whole line.
 *
 * Statistics, for each character order n = 1..charOrder and then each word order n = 1..wordOrder, are the triplet
 * [hyp n-gram count, ref n-gram count, matches] with matches = Σ_g min(hyp count of g, ref count of g).
 * sacreBLEU quirk kept: the hyp count is 0 when the reference has no n-gram of that order. With several references,
 * the statistics of the reference with the best sentence-level chrF are used (the first one on ties).
 *
 * Score from (summed) statistics: per order P = matches/hyp and R = matches/ref (1e-16 when the denominator is 0);
 * default ("effective order"): P and R are averaged over the orders where hyp and ref counts are both > 0, and
 * chrF = 100·(1+β²)·P·R/(β²·P + R); `epsSmoothing` (chrF++.py, NLTK, Moses): the mean over all orders of each
 * order's F-beta (1e-16 for an order whose P and R are 0).
 */
export interface ChrfOptions {
  readonly charOrder?: number;
  readonly wordOrder?: number;
  readonly beta?: number;
  readonly lowercase?: boolean;
  readonly whitespace?: boolean;
  readonly epsSmoothing?: boolean;
}

interface ResolvedChrfOptions {
  readonly charOrder: number;
  readonly wordOrder: number;
  readonly beta: number;
  readonly lowercase: boolean;
  readonly whitespace: boolean;
  readonly epsSmoothing: boolean;
}

/** Column names: `char{n}_hyp`, `char{n}_ref`, `char{n}_match` for n = 1..charOrder, then the same for `word{n}`. */
export function chrfStatsLayout(charOrder: number, wordOrder: number): string[] {
  const layout: string[] = [];
  for (let n = 1; n <= charOrder; n++) layout.push(`char${n}_hyp`, `char${n}_ref`, `char${n}_match`);
  for (let n = 1; n <= wordOrder; n++) layout.push(`word${n}_hyp`, `word${n}_ref`, `word${n}_match`);
  return layout;
}

/** sacreBLEU's `_compute_f_score` on [hyp, ref, match] triplets (charOrder + wordOrder of them). */
export function chrfFromStats(stats: ArrayLike<number>, o: ResolvedChrfOptions): number {
  const eps = 1e-16;
  const factor = o.beta ** 2;
  const order = o.charOrder + o.wordOrder;
  let score = 0;
  let effectiveOrder = 0;
  let averagePrecision = 0;
  let averageRecall = 0;
  for (let i = 0; i < order; i++) {
    const hyp = stats[3 * i];
    const ref = stats[3 * i + 1];
    const match = stats[3 * i + 2];
    const precision = hyp > 0 ? match / hyp : eps;
    const recall = ref > 0 ? match / ref : eps;
    const denominator = factor * precision + recall;
    score += denominator > 0 ? ((1 + factor) * precision * recall) / denominator : eps;
    if (hyp > 0 && ref > 0) {
      averagePrecision += precision;
      averageRecall += recall;
      effectiveOrder++;
    }
  }
  if (o.epsSmoothing) return (100 * score) / order;
  if (effectiveOrder === 0) return 0;
  averagePrecision /= effectiveOrder;
  averageRecall /= effectiveOrder;
  if (averagePrecision + averageRecall === 0) return 0;
  return (100 * ((1 + factor) * averagePrecision * averageRecall)) / (factor * averagePrecision + averageRecall);
}

/** sacreBLEU's chrF signature; like sacreBLEU's, it leaves beta out (sacreBLEU shows it in the name, e.g. `chrF1`). */
export function chrfSignature(nrefs: number, o: ResolvedChrfOptions): string {
  return [
    `nrefs:${nrefs}`,
    `case:${o.lowercase ? 'lc' : 'mixed'}`,
    `eff:${o.epsSmoothing ? 'no' : 'yes'}`,
    `nc:${o.charOrder}`,
    `nw:${o.wordOrder}`,
    `space:${o.whitespace ? 'yes' : 'no'}`,
    'version:2.6.0',
  ].join('|');
}

/**
 * Python's `str.lower()`. JavaScript's `toLowerCase()` is the same full Unicode mapping, context rule included:
 * both turn a capital sigma that ends a cased word into final sigma ς (checked against CPython 3.11 on every code
 * point; only characters newer than that Python's Unicode version differ).
 */
const lower = (text: string): string => text.toLowerCase();

/** sacreBLEU's `_PUNCTS` (Python's `string.punctuation`), indexed by code unit. */
const ASCII_PUNCTUATION = new Uint8Array(128);
for (const ch of '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~') ASCII_PUNCTUATION[ch.charCodeAt(0)] = 1;
const isPunctuation = (unit: number): boolean => unit < 128 && ASCII_PUNCTUATION[unit] === 1;

const isHighSurrogate = (unit: number): boolean => unit >= 0xd800 && unit <= 0xdbff;
const isLowSurrogate = (unit: number): boolean => unit >= 0xdc00 && unit <= 0xdfff;

/** A growable Int32Array that sequences of symbols (code points, word ids) are appended to. */
class SymbolBuffer {
  data = new Int32Array(1 << 12);
  length = 0;
  /** At least every symbol appended (scanners keep it up to date). */
  max = 0;

  reserve(extra: number): void {
    if (this.length + extra <= this.data.length) return;
    let capacity = this.data.length;
    while (capacity < this.length + extra) capacity *= 2;
    const grown = new Int32Array(capacity);
    grown.set(this.data.subarray(0, this.length));
    this.data = grown;
  }

  /** Exact-size copy of what was appended, as the stored form of a reference set. */
  trimmed(): Int32Array {
    return this.data.slice(0, this.length);
  }
}

/** Python whitespace (what `str.split()` splits on) by code unit; every such character is below U+3001. */
const PYTHON_SPACE = new Uint8Array(0x3001);
for (let u = 0; u <= 0x3000; u++) PYTHON_SPACE[u] = isPythonWhitespace(u) ? 1 : 0;

/** FNV-1a over code units, as `WordInterner` hashes words. */
const FNV_OFFSET = 0x811c9dc5 | 0;
const FNV_PRIME = 0x01000193;

/**
 * Turns lines into chrF's symbol sequences in one pass, without creating a string per character or per word:
 * code points (Python whitespace dropped unless kept) and sacreBLEU's chrF words as interned ids, their hashes
 * computed on the way.
 */
class ChrfScanner {
  private units = new Uint16Array(1024);
  private readonly interner = new WordInterner();

  constructor(private readonly keepWhitespace: boolean) {}

  /** Appends the line's code points to `chars` and, when given, its chrF word ids to `words`. */
  scan(line: string, chars: SymbolBuffer, words: SymbolBuffer | undefined): void {
    const length = line.length;
    chars.reserve(length);
    const data = chars.data;
    let at = chars.length;
    const keep = this.keepWhitespace;
    if (!words) {
      for (let i = 0; i < length; i++) {
        const unit = line.charCodeAt(i);
        if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < length) {
          const low = line.charCodeAt(i + 1);
          if (isLowSurrogate(low)) {
            data[at++] = 0x10000 + ((unit - 0xd800) << 10) + (low - 0xdc00);
            i++;
            continue;
          }
        }
        if (keep || unit > 0x3000 || PYTHON_SPACE[unit] === 0) data[at++] = unit;
      }
      this.noteMax(chars, at);
      return;
    }
    words.reserve(length + 1);
    if (this.units.length < length) this.units = new Uint16Array(2 * length);
    const units = this.units;
    let start = -1;
    let hash = FNV_OFFSET;
    let hashBeforeLast = FNV_OFFSET;
    for (let i = 0; i < length; i++) {
      const unit = line.charCodeAt(i);
      units[i] = unit;
      if (unit <= 0x3000 && PYTHON_SPACE[unit] === 1) {
        if (keep) data[at++] = unit;
        if (start >= 0) this.addWord(units, start, i, hash, hashBeforeLast, words);
        start = -1;
        continue;
      }
      if (start < 0) {
        start = i;
        hash = FNV_OFFSET;
      }
      hashBeforeLast = hash;
      hash = Math.imul(hash ^ unit, FNV_PRIME);
      if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < length) {
        const low = line.charCodeAt(i + 1);
        if (isLowSurrogate(low)) {
          data[at++] = 0x10000 + ((unit - 0xd800) << 10) + (low - 0xdc00);
          units[++i] = low;
          hashBeforeLast = hash;
          hash = Math.imul(hash ^ low, FNV_PRIME);
          continue;
        }
      }
      data[at++] = unit;
    }
    if (start >= 0) this.addWord(units, start, length, hash, hashBeforeLast, words);
    this.noteMax(chars, at);
    // Word ids are dense: the interner's size bounds them all.
    words.max = Math.max(words.max, this.interner.size);
  }

  /** Ends an append of code points at `end`, raising `max` to cover them (a high code point is rare). */
  private noteMax(chars: SymbolBuffer, end: number): void {
    const data = chars.data;
    let max = chars.max;
    for (let i = chars.length; i < end; i++) max = Math.max(max, data[i]);
    chars.max = max;
    chars.length = end;
  }

  /**
   * sacreBLEU's `_remove_punctuation` on the word `units[start..end)` (hash: of all its units; hashBeforeLast: of
   * all but the last): appends the ids of the resulting words. Python's len() counts code points, so a lone astral
   * character is a one-character word; the punctuation characters are ASCII, one code unit at either end.
   */
  private addWord(units: Uint16Array, start: number, end: number, hash: number, hashBeforeLast: number, words: SymbolBuffer): void {
    const interner = this.interner;
    const size = end - start;
    if (size === 1 || (size === 2 && isHighSurrogate(units[start]) && isLowSurrogate(units[start + 1]))) {
      words.data[words.length++] = interner.internHashed(units, start, end, hash);
    } else if (isPunctuation(units[end - 1])) {
      words.data[words.length++] = interner.internHashed(units, start, end - 1, hashBeforeLast);
      words.data[words.length++] = interner.internHashed(units, end - 1, end, Math.imul(FNV_OFFSET ^ units[end - 1], FNV_PRIME));
    } else if (isPunctuation(units[start])) {
      words.data[words.length++] = interner.internHashed(units, start, start + 1, Math.imul(FNV_OFFSET ^ units[start], FNV_PRIME));
      words.data[words.length++] = interner.intern(units, start + 1, end);
    } else words.data[words.length++] = interner.internHashed(units, start, end, hash);
  }
}

/**
 * sacreBLEU's `_remove_punctuation` on the whitespace-free word `units[start..end)`: calls `emit` for each resulting
 * word. Python's len() counts code points, so a lone astral character is a one-character word; the punctuation
 * characters are ASCII, one code unit at either end. (Explanations use this; `ChrfScanner.addWord` applies the same
 * rule with the words' hashes carried along, and the random test checks both against a naive split.)
 */
function forEachChrfWord(units: ArrayLike<number>, start: number, end: number, emit: (s: number, e: number) => void): void {
  const single = end - start === 1 || (end - start === 2 && isHighSurrogate(units[start]) && isLowSurrogate(units[start + 1]));
  if (single) emit(start, end);
  else if (isPunctuation(units[end - 1])) {
    emit(start, end - 1);
    emit(end - 1, end);
  } else if (isPunctuation(units[start])) {
    emit(start, start + 1);
    emit(start + 1, end);
  } else emit(start, end);
}

/** Largest dense (n-gram id, unigram id) table, in entries, before a Map is used instead (very long lines). */
const MAX_PAIR_TABLE = 1 << 22;

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
class ClippedMatchCounter {
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

function grownCapacity(capacity: number, size: number): number {
  while (capacity < size) capacity *= 2;
  return capacity;
}

/** The references of a set as symbol sequences stored back to back; reference k of segment i is entry k·segments + i. */
interface StoredReferences {
  readonly chars: Int32Array;
  readonly charBounds: Int32Array;
  readonly words: Int32Array;
  readonly wordBounds: Int32Array;
  /** Largest code point and word id stored. */
  readonly charMax: number;
  readonly wordMax: number;
}

class ChrfCore {
  private readonly scanner: ChrfScanner;
  private readonly charCounter = new ClippedMatchCounter();
  private readonly wordCounter = new ClippedMatchCounter();
  private readonly refs: StoredReferences;
  private readonly segments: number;
  private readonly referenceCount: number;
  private readonly hypChars = new SymbolBuffer();
  private readonly hypWords = new SymbolBuffer();
  private readonly candidate: Float64Array;

  constructor(referenceSet: ReferenceSet, readonly o: ResolvedChrfOptions) {
    this.scanner = new ChrfScanner(o.whitespace);
    this.referenceCount = referenceSet.streams.length;
    this.segments = referenceSet.streams[0]?.length ?? 0;
    this.candidate = new Float64Array(3 * (o.charOrder + o.wordOrder));
    const chars = new SymbolBuffer();
    const words = new SymbolBuffer();
    const entries = this.referenceCount * this.segments;
    const charBounds = new Int32Array(entries + 1);
    const wordBounds = new Int32Array(entries + 1);
    let entry = 0;
    for (const stream of referenceSet.streams) {
      for (let i = 0; i < this.segments; i++) {
        const line = o.lowercase ? lower(stream[i]) : stream[i];
        this.scanner.scan(line, chars, o.wordOrder > 0 ? words : undefined);
        entry++;
        charBounds[entry] = chars.length;
        wordBounds[entry] = words.length;
      }
    }
    this.refs = { chars: chars.trimmed(), charBounds, words: words.trimmed(), wordBounds, charMax: chars.max, wordMax: words.max };
  }

  /** Statistics of the prepared hypothesis (in hypChars / hypWords) against reference entry `e`, into `out`. */
  private statsAgainst(e: number, out: Float64Array): void {
    const { charOrder, wordOrder } = this.o;
    const { chars, charBounds, words, wordBounds, charMax, wordMax } = this.refs;
    const { hypChars, hypWords } = this;
    this.charCounter.count(hypChars.data, 0, hypChars.length, chars, charBounds[e], charBounds[e + 1], Math.max(hypChars.max, charMax), charOrder, out, 2);
    fillCounts(out, 0, charOrder, this.hypChars.length, charBounds[e + 1] - charBounds[e]);
    if (wordOrder === 0) return;
    const at = 3 * charOrder;
    this.wordCounter.count(hypWords.data, 0, hypWords.length, words, wordBounds[e], wordBounds[e + 1], Math.max(hypWords.max, wordMax), wordOrder, out, at + 2);
    fillCounts(out, at, wordOrder, this.hypWords.length, wordBounds[e + 1] - wordBounds[e]);
  }

  /** Best reference's statistics into `out`; returns the index of that reference. */
  stats(hypothesis: string, segment: number, out: Float64Array): number {
    if (!(segment >= 0 && segment < this.segments)) throw new RangeError(`chrF: no references for segment ${segment}`);
    const line = this.o.lowercase ? lower(hypothesis) : hypothesis;
    this.hypChars.length = this.hypChars.max = 0;
    this.hypWords.length = this.hypWords.max = 0;
    this.scanner.scan(line, this.hypChars, this.o.wordOrder > 0 ? this.hypWords : undefined);
    if (this.referenceCount === 1) {
      this.statsAgainst(segment, out);
      return 0;
    }
    let best = -1;
    let bestScore = -1;
    for (let k = 0; k < this.referenceCount; k++) {
      this.statsAgainst(k * this.segments + segment, this.candidate);
      const f = chrfFromStats(this.candidate, this.o);
      if (f > bestScore) {
        bestScore = f;
        best = k;
        out.set(this.candidate);
      }
    }
    return best;
  }

  explain(name: string, hypothesis: string, segment: number, referenceSet: ReferenceSet): Explanation {
    const row = new Float64Array(3 * (this.o.charOrder + this.o.wordOrder));
    const best = this.stats(hypothesis, segment, row);
    const reference = referenceSet.streams[best][segment];
    const hyp = spannedSide(hypothesis, this.o);
    const ref = spannedSide(reference, this.o);
    const matches: SpanMatch[] = [];
    const span = (side: SpannedSide, starts: readonly number[], ends: readonly number[], from: number, to: number): Span => ({
      start: side.originalStart(starts[from]),
      end: side.originalEnd(ends[to - 1]),
    });
    for (let n = 1; n <= this.o.charOrder; n++) {
      for (const [h, r] of pairOccurrences(hyp.chars, ref.chars, n)) {
        matches.push({
          order: n,
          kind: 'char',
          referenceIndex: best,
          hypothesis: [span(hyp, hyp.charStarts, hyp.charEnds, h, h + n)],
          reference: [span(ref, ref.charStarts, ref.charEnds, r, r + n)],
        });
      }
    }
    for (let n = 1; n <= this.o.wordOrder; n++) {
      for (const [h, r] of pairOccurrences(hyp.words, ref.words, n)) {
        matches.push({
          order: n,
          kind: 'word',
          referenceIndex: best,
          hypothesis: [span(hyp, hyp.wordStarts, hyp.wordEnds, h, h + n)],
          reference: [span(ref, ref.wordStarts, ref.wordEnds, r, r + n)],
        });
      }
    }
    // A hypothesis word (whitespace-separated token) is unmatched when none of its characters is a matched
    // character unigram: with chrF's partial credit, a word sharing any character with the reference is not "wrong".
    const matchedStarts = new Set<number>();
    for (const m of matches) if (m.kind === 'char' && m.order === 1) matchedStarts.add(m.hypothesis[0].start);
    const unmatched: Span[] = [];
    for (const word of whitespaceWords(hypothesis)) {
      let any = false;
      for (let i = word.start; i < word.end && !any; i++) any = matchedStarts.has(i);
      if (!any) unmatched.push(word);
    }
    const precision: number[] = [];
    const recall: number[] = [];
    for (let i = 0; i < this.o.charOrder + this.o.wordOrder; i++) {
      precision.push(row[3 * i] > 0 ? row[3 * i + 2] / row[3 * i] : 0);
      recall.push(row[3 * i + 1] > 0 ? row[3 * i + 2] / row[3 * i + 1] : 0);
    }
    return {
      metric: name,
      score: chrfFromStats(row, this.o),
      matches,
      unmatchedHypothesis: unmatched,
      bestReference: best,
      details: {
        charPrecision: precision.slice(0, this.o.charOrder),
        charRecall: recall.slice(0, this.o.charOrder),
        wordPrecision: precision.slice(this.o.charOrder),
        wordRecall: recall.slice(this.o.charOrder),
        charOrder: this.o.charOrder,
        wordOrder: this.o.wordOrder,
        beta: this.o.beta,
      },
    };
  }
}

/** Hyp and ref n-gram counts of orders 1..order into the triplets at `at` (hyp count 0 without ref n-grams). */
function fillCounts(out: Float64Array, at: number, order: number, hypLength: number, refLength: number): void {
  for (let n = 1; n <= order; n++) {
    const refCount = Math.max(refLength - n + 1, 0);
    out[at + 3 * (n - 1)] = refCount > 0 ? Math.max(hypLength - n + 1, 0) : 0;
    out[at + 3 * (n - 1) + 1] = refCount;
  }
}

/** A line's chrF symbols as strings, with where each came from (for explanations; speed does not matter here). */
interface SpannedSide {
  readonly chars: readonly string[];
  readonly charStarts: readonly number[];
  readonly charEnds: readonly number[];
  readonly words: readonly string[];
  readonly wordStarts: readonly number[];
  readonly wordEnds: readonly number[];
  /**
   * Map a span [start, end) of the (lower-cased) text the symbols come from back to the original line: its start
   * to the start of the original character it came from, its end to the end of the one its last unit came from.
   */
  readonly originalStart: (offset: number) => number;
  readonly originalEnd: (offset: number) => number;
}

function spannedSide(line: string, o: ResolvedChrfOptions): SpannedSide {
  const text = o.lowercase ? lower(line) : line;
  const side = { chars: [] as string[], charStarts: [] as number[], charEnds: [] as number[], words: [] as string[], wordStarts: [] as number[], wordEnds: [] as number[] };
  const units = codeUnits(text);
  let wordStart = -1;
  const endWord = (end: number) => {
    if (wordStart < 0) return;
    forEachChrfWord(units, wordStart, end, (s, e) => {
      side.words.push(text.slice(s, e));
      side.wordStarts.push(s);
      side.wordEnds.push(e);
    });
    wordStart = -1;
  };
  for (let i = 0; i < text.length; ) {
    const cp = text.codePointAt(i) as number;
    const width = cp > 0xffff ? 2 : 1;
    const space = isPythonWhitespace(cp);
    if (!space || o.whitespace) {
      side.chars.push(text.slice(i, i + width));
      side.charStarts.push(i);
      side.charEnds.push(i + width);
    }
    if (space) endWord(i);
    else if (wordStart < 0) wordStart = i;
    i += width;
  }
  endWord(text.length);
  return { ...side, ...originalOffsets(line, text) };
}

function codeUnits(text: string): Uint16Array {
  const units = new Uint16Array(text.length);
  for (let i = 0; i < text.length; i++) units[i] = text.charCodeAt(i);
  return units;
}

/** Clipped occurrence pairs of equal n-grams: the k-th occurrence in `hyp` with the k-th in `ref`. */
function pairOccurrences(hyp: readonly string[], ref: readonly string[], n: number): [number, number][] {
  // JSON keeps symbol boundaries whatever characters the symbols hold.
  const key = (symbols: readonly string[], i: number) => JSON.stringify(symbols.slice(i, i + n));
  const refPositions = new Map<string, number[]>();
  for (let i = 0; i + n <= ref.length; i++) {
    const k = key(ref, i);
    const list = refPositions.get(k);
    if (list) list.push(i);
    else refPositions.set(k, [i]);
  }
  const used = new Map<string, number>();
  const pairs: [number, number][] = [];
  for (let i = 0; i + n <= hyp.length; i++) {
    const k = key(hyp, i);
    const list = refPositions.get(k);
    const u = used.get(k) ?? 0;
    if (list && u < list.length) {
      pairs.push([i, list[u]]);
      used.set(k, u + 1);
    }
  }
  return pairs;
}

/**
 * Offsets in the lower-cased text back to the original line: identity when the lengths agree, else through the
 * original character each lower-cased unit came from (`İ` lower-cases to two code points, `i` and U+0307).
 */
function originalOffsets(line: string, lowered: string): { originalStart: (offset: number) => number; originalEnd: (offset: number) => number } {
  if (line.length === lowered.length) return { originalStart: (offset) => offset, originalEnd: (offset) => offset };
  const starts: number[] = [];
  const ends: number[] = [];
  for (let i = 0; i < line.length; ) {
    const width = (line.codePointAt(i) as number) > 0xffff ? 2 : 1;
    const piece = lower(line.slice(i, i + width));
    for (let k = 0; k < piece.length; k++) {
      starts.push(i);
      ends.push(i + width);
    }
    i += width;
  }
  const last = starts.length - 1;
  return {
    originalStart: (offset) => (offset > last ? line.length : starts[offset]),
    originalEnd: (offset) => (offset <= 0 ? 0 : ends[Math.min(offset - 1, last)]),
  };
}

function whitespaceWords(line: string): Span[] {
  const spans: Span[] = [];
  let start = -1;
  for (let i = 0; i <= line.length; i++) {
    const space = i === line.length || isPythonWhitespace(line.charCodeAt(i));
    if (space && start >= 0) {
      spans.push({ start, end: i });
      start = -1;
    } else if (!space && start < 0) start = i;
  }
  return spans;
}

export function prepareChrf(references: ReferenceSet, options: ChrfOptions = {}): PreparedMetric {
  const o: ResolvedChrfOptions = {
    charOrder: options.charOrder ?? 6,
    wordOrder: options.wordOrder ?? 0,
    beta: options.beta ?? 2,
    lowercase: options.lowercase ?? false,
    whitespace: options.whitespace ?? false,
    epsSmoothing: options.epsSmoothing ?? false,
  };
  const core = new ChrfCore(references, o);
  const layout = chrfStatsLayout(o.charOrder, o.wordOrder);
  const name = o.wordOrder === 0 ? 'chrf' : 'chrf++';
  const signature = chrfSignature(references.streams.length, o);
  const toScore = (stats: Float64Array): MetricScore => ({ score: chrfFromStats(stats, o), parts: { stats: Array.from(stats), beta: o.beta } });
  return {
    name,
    statsLayout: layout,
    stats(hypothesis, segment) {
      const out = new Float64Array(layout.length);
      core.stats(hypothesis, segment, out);
      return out;
    },
    corpusScore: (totals) => toScore(totals),
    sentenceScore: (stats) => toScore(stats),
    explain: (hypothesis, segment) => core.explain(name, hypothesis, segment, references),
    signature: () => signature,
  };
}
