import { isPythonWhitespace } from '../text/tokenizers/tokenizer-13a';
import { ChrfScanner, forEachChrfWord, lower, mapCodePoints, SymbolBuffer } from './chrf-scanner';
import { IndexedMatchCounter, indexedLength, ReferenceIndex, ReferenceNgramIndexer } from './reference-ngram-index';
import { Span } from '../text/token';
import { Explanation, SpanMatch } from './explanation';
import { MetricScore, PreparedMetric, ReferenceSet } from './metric';
import { StatsRows } from './stats-rows';

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

/** A reference line's chrF symbols, indexed once for every hypothesis scored against it. */
interface IndexedReference {
  readonly chars: ReferenceIndex;
  readonly words: ReferenceIndex;
}

class ChrfCore {
  private readonly scanner: ChrfScanner;
  private readonly charCounter = new IndexedMatchCounter();
  private readonly wordCounter = new IndexedMatchCounter();
  /** Reference k of segment i is entry k·segments + i; identical lines share one entry object. */
  private readonly refs: IndexedReference[];
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
    // Each distinct reference line is scanned and indexed once, however many segments (systems, test sets) share it.
    const indexer = new ReferenceNgramIndexer();
    const cache = new Map<string, IndexedReference>();
    const chars = new SymbolBuffer();
    const words = new SymbolBuffer();
    // chrF proper (word order 0) counts no words: every reference shares one empty word index.
    const noWords = o.wordOrder === 0 ? indexer.build(words.data, 0, 0, 0) : undefined;
    this.refs = new Array<IndexedReference>(this.referenceCount * this.segments);
    let entry = 0;
    for (const stream of referenceSet.streams) {
      for (let i = 0; i < this.segments; i++) {
        const line = stream[i];
        let ref = cache.get(line);
        if (!ref) {
          chars.length = words.length = 0;
          this.scanner.scan(o.lowercase ? lower(line) : line, chars, o.wordOrder > 0 ? words : undefined);
          ref = { chars: indexer.build(chars.data, 0, chars.length, o.charOrder), words: noWords ?? indexer.build(words.data, 0, words.length, o.wordOrder) };
          cache.set(line, ref);
        }
        this.refs[entry++] = ref;
      }
    }
  }

  /** Statistics of the prepared hypothesis (in hypChars / hypWords) against reference entry `e`, into `out`. */
  private statsAgainst(e: number, out: Float64Array): void {
    const { charOrder, wordOrder } = this.o;
    const ref = this.refs[e];
    const { hypChars, hypWords } = this;
    this.charCounter.count(ref.chars, hypChars.data, 0, hypChars.length, hypChars.max, charOrder, out, 2, 3);
    fillCounts(out, 0, charOrder, hypChars.length, indexedLength(ref.chars));
    if (wordOrder === 0) return;
    const at = 3 * charOrder;
    this.wordCounter.count(ref.words, hypWords.data, 0, hypWords.length, hypWords.max, wordOrder, out, at + 2, 3);
    fillCounts(out, at, wordOrder, hypWords.length, indexedLength(ref.words));
  }

  /** Best reference's statistics into `out`; returns the index of that reference. */
  stats(hypothesis: string, segment: number, out: Float64Array): number {
    if (!(segment >= 0 && segment < this.segments)) throw new RangeError(`chrF: no references for segment ${segment}`);
    const line = this.o.lowercase ? lower(hypothesis) : hypothesis;
    if (this.referenceCount === 1 && this.o.wordOrder === 0) {
      // chrF against one reference: the line's code points go straight to that reference's unigram ids.
      const ref = this.refs[segment].chars;
      const counter = this.charCounter;
      const table = counter.unigramTable(ref, 0);
      const ids = counter.idBuffer(line.length);
      const length = mapCodePoints(line, this.o.whitespace, table, ids);
      counter.releaseUnigramTable(ref);
      counter.countIds(ref, ids, length, this.o.charOrder, out, 2, 3);
      fillCounts(out, 0, this.o.charOrder, length, indexedLength(ref));
      return 0;
    }
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
  const rows = new StatsRows(layout.length);
  const name = o.wordOrder === 0 ? 'chrf' : 'chrf++';
  const signature = chrfSignature(references.streams.length, o);
  const toScore = (stats: Float64Array): MetricScore => ({ score: chrfFromStats(stats, o), parts: { stats: Array.from(stats), beta: o.beta } });
  return {
    name,
    statsLayout: layout,
    stats(hypothesis, segment) {
      const out = rows.next();
      core.stats(hypothesis, segment, out);
      return out;
    },
    corpusScore: (totals) => toScore(totals),
    sentenceScore: (stats) => toScore(stats),
    // sacreBLEU keeps the statistics of the reference with the best sentence chrF, the first on ties.
    combineReferences: (candidates, offset, chosen, count, out) => {
      const width = layout.length;
      let bestScore = -1;
      for (let k = 0; k < count; k++) {
        const at = offset + chosen[k] * width;
        const row = candidates.subarray(at, at + width);
        const f = chrfFromStats(row, o);
        if (f > bestScore) {
          bestScore = f;
          out.set(row);
        }
      }
      if (count === 0) out.fill(0);
    },
    explain: (hypothesis, segment) => core.explain(name, hypothesis, segment, references),
    signature: () => signature,
  };
}
