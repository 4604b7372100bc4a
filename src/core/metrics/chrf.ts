import { isPythonWhitespace } from '../text/tokenizers/tokenizer-13a';
import { pythonLower } from '../text/python-lower';
import { WordInterner } from '../text/word-interner';
import { Span } from '../text/token';
import { ClippedNgramMatcher } from './clipped-ngram-matcher';
import { Explanation, SpanMatch } from './explanation';
import { MetricScore, PreparedMetric, ReferenceSet } from './metric';

/**
 * chrF and chrF++ exactly as sacreBLEU 2.6.0 computes them (`sacrebleu.metrics.CHRF`).
 *
 * Character n-grams (n = 1..charOrder) are taken over the segment's Unicode code points with Python whitespace
 * removed (kept with `whitespace`); word n-grams (n = 1..wordOrder) over `str.split()` words, each word longer than
 * one character losing one trailing — or else one leading — ASCII punctuation character into a word of its own.
 * Statistics per order: [hyp count, ref count, matches], matches = Σ min(hyp, ref) counts; sacreBLEU quirk kept: the
 * hyp count is 0 when the reference has no n-gram of that order. With several references, the statistics of the
 * reference with the best sentence-level chrF are used (the first one on ties).
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

/** sacreBLEU's `_PUNCTS`: Python's `string.punctuation`. */
const ASCII_PUNCTUATION = new Set('!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~');

/** A segment prepared for chrF: code points and words as ids, with where each came from in the original line. */
interface ChrfSide {
  readonly chars: Int32Array;
  /** UTF-16 offset of each code point in the original line (its end is the next character's start or +1/+2). */
  readonly charStarts: Int32Array;
  readonly charEnds: Int32Array;
  readonly words: Int32Array;
  readonly wordSpans: readonly Span[];
}

export function chrfStatsLayout(charOrder: number, wordOrder: number): string[] {
  const layout: string[] = [];
  for (let n = 1; n <= charOrder; n++) layout.push(`char${n}_hyp`, `char${n}_ref`, `char${n}_match`);
  for (let n = 1; n <= wordOrder; n++) layout.push(`word${n}_hyp`, `word${n}_ref`, `word${n}_match`);
  return layout;
}

/** sacreBLEU's `_compute_f_score` on [hyp, ref, match] triplets. */
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

const EMPTY = new Int32Array(0);

class ChrfCore {
  private readonly interner = new WordInterner();
  private readonly charMatcher: ClippedNgramMatcher;
  private readonly wordMatcher: ClippedNgramMatcher;
  private readonly references: ChrfSide[][];
  private readonly scratch: Float64Array;
  private readonly candidate: Float64Array;
  private hypChars = new Int32Array(1024);

  constructor(referenceSet: ReferenceSet, readonly o: ResolvedChrfOptions) {
    this.charMatcher = new ClippedNgramMatcher(Math.max(o.charOrder, 1));
    this.wordMatcher = new ClippedNgramMatcher(Math.max(o.wordOrder, 1));
    const cache = new Map<string, ChrfSide>();
    const prepare = (line: string): ChrfSide => {
      let side = cache.get(line);
      if (!side) cache.set(line, (side = this.side(line)));
      return side;
    };
    const segments = referenceSet.streams[0]?.length ?? 0;
    this.references = new Array(segments);
    for (let i = 0; i < segments; i++) this.references[i] = referenceSet.streams.map((stream) => prepare(stream[i]));
    const order = Math.max(o.charOrder, o.wordOrder, 1);
    this.scratch = new Float64Array(2 * order);
    this.candidate = new Float64Array(3 * (o.charOrder + o.wordOrder));
  }

  /** Code points (whitespace removed unless kept) and sacreBLEU's chrF words of one line. */
  side(line: string): ChrfSide {
    const text = this.o.lowercase ? pythonLower(line) : line;
    // Lower-casing can change lengths (İ → i̇); offsets then refer to the lower-cased text, which equals the line
    // whenever lower-casing is off or length-preserving (explanations map them back when it is not).
    const chars: number[] = [];
    const starts: number[] = [];
    const ends: number[] = [];
    const wordSpans: Span[] = [];
    const words: number[] = [];
    let wordStart = -1;
    const endWord = (end: number) => {
      if (wordStart < 0) return;
      this.addWords(text, wordStart, end, words, wordSpans);
      wordStart = -1;
    };
    for (let i = 0; i < text.length; ) {
      const cp = text.codePointAt(i) as number;
      const width = cp > 0xffff ? 2 : 1;
      const space = isPythonWhitespace(cp);
      if (!space || this.o.whitespace) {
        chars.push(cp);
        starts.push(i);
        ends.push(i + width);
      }
      if (space) endWord(i);
      else if (wordStart < 0) wordStart = i;
      i += width;
    }
    endWord(text.length);
    return { chars: Int32Array.from(chars), charStarts: Int32Array.from(starts), charEnds: Int32Array.from(ends), words: Int32Array.from(words), wordSpans };
  }

  /** sacreBLEU's `_remove_punctuation` on one whitespace-separated word. */
  private addWords(text: string, start: number, end: number, words: number[], spans: Span[]): void {
    if (this.o.wordOrder === 0) return;
    const word = text.slice(start, end);
    const push = (s: number, e: number) => {
      words.push(this.interner.internString(text.slice(s, e)));
      spans.push({ start: s, end: e });
    };
    // Python's len() counts code points; punctuation is ASCII, so one UTF-16 unit at either end.
    const codePoints = word.length === 1 || (word.length === 2 && (word.codePointAt(0) as number) > 0xffff) ? 1 : 2;
    if (codePoints === 1) push(start, end);
    else if (ASCII_PUNCTUATION.has(word[word.length - 1])) {
      push(start, end - 1);
      push(end - 1, end);
    } else if (ASCII_PUNCTUATION.has(word[0])) {
      push(start, start + 1);
      push(start + 1, end);
    } else push(start, end);
  }

  /** Statistics of `hyp` against one reference, into `out` (layout of chrfStatsLayout). */
  private statsAgainst(hyp: ChrfSide, ref: ChrfSide, out: Float64Array): void {
    const { charOrder, wordOrder } = this.o;
    const s = this.scratch;
    this.fill(this.charMatcher, hyp.chars, ref.chars, charOrder, out, 0, s);
    if (wordOrder > 0) this.fill(this.wordMatcher, hyp.words, ref.words, wordOrder, out, 3 * charOrder, s);
  }

  private fill(matcher: ClippedNgramMatcher, hyp: Int32Array, ref: Int32Array, order: number, out: Float64Array, at: number, s: Float64Array): void {
    matcher.count(hyp, [ref], s, 0, order);
    for (let n = 1; n <= order; n++) {
      const refCount = Math.max(ref.length - n + 1, 0);
      out[at + 3 * (n - 1)] = refCount > 0 ? s[order + n - 1] : 0;
      out[at + 3 * (n - 1) + 1] = refCount;
      out[at + 3 * (n - 1) + 2] = s[n - 1];
    }
  }

  referencesOf(segment: number): ChrfSide[] {
    const refs = this.references[segment];
    if (!refs) throw new RangeError(`chrF: no references for segment ${segment}`);
    return refs;
  }

  /** The hypothesis side for scoring only (no spans), built in reusable buffers. */
  private hypothesisSide(line: string): ChrfSide {
    if (this.o.wordOrder > 0 || this.o.lowercase) return this.side(line);
    if (this.hypChars.length < line.length) this.hypChars = new Int32Array(2 * line.length);
    const chars = this.hypChars;
    let count = 0;
    for (let i = 0; i < line.length; i++) {
      let cp = line.charCodeAt(i);
      if (cp >= 0xd800 && cp <= 0xdbff && i + 1 < line.length) {
        const low = line.charCodeAt(i + 1);
        if (low >= 0xdc00 && low <= 0xdfff) {
          cp = 0x10000 + ((cp - 0xd800) << 10) + (low - 0xdc00);
          i++;
        }
      }
      if (this.o.whitespace || !isPythonWhitespace(cp)) chars[count++] = cp;
    }
    return { chars: chars.subarray(0, count), charStarts: EMPTY, charEnds: EMPTY, words: EMPTY, wordSpans: [] };
  }

  /** Best reference's statistics into `out`; returns the index of that reference. */
  stats(hypothesis: string, segment: number, out: Float64Array): number {
    const refs = this.referencesOf(segment);
    const hyp = this.hypothesisSide(hypothesis);
    if (refs.length === 1) {
      this.statsAgainst(hyp, refs[0], out);
      return 0;
    }
    let best = -1;
    let bestScore = -1;
    for (let k = 0; k < refs.length; k++) {
      this.statsAgainst(hyp, refs[k], this.candidate);
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
    const hyp = this.side(hypothesis);
    const ref = this.referencesOf(segment)[best];
    const hypLine = this.o.lowercase ? pythonLower(hypothesis) : hypothesis;
    const refLine = this.o.lowercase ? pythonLower(referenceSet.streams[best][segment]) : referenceSet.streams[best][segment];
    const toOriginal = (line: string, lowered: string) => originalOffsets(line, lowered);
    const hypMap = toOriginal(hypothesis, hypLine);
    const refMap = toOriginal(referenceSet.streams[best][segment], refLine);
    const matches: SpanMatch[] = [];
    const charSpan = (side: ChrfSide, from: number, to: number, map: (o: number) => number): Span => ({ start: map(side.charStarts[from]), end: map(side.charEnds[to - 1]) });
    for (let n = 1; n <= this.o.charOrder; n++) {
      for (const [h, r] of pairOccurrences(hyp.chars, ref.chars, n)) {
        matches.push({ order: n, kind: 'char', referenceIndex: best, hypothesis: [charSpan(hyp, h, h + n, hypMap)], reference: [charSpan(ref, r, r + n, refMap)] });
      }
    }
    for (let n = 1; n <= this.o.wordOrder; n++) {
      for (const [h, r] of pairOccurrences(hyp.words, ref.words, n)) {
        matches.push({
          order: n,
          kind: 'word',
          referenceIndex: best,
          hypothesis: [{ start: hypMap(hyp.wordSpans[h].start), end: hypMap(hyp.wordSpans[h + n - 1].end) }],
          reference: [{ start: refMap(ref.wordSpans[r].start), end: refMap(ref.wordSpans[r + n - 1].end) }],
        });
      }
    }
    // A hypothesis word is unmatched when none of its characters is a matched character unigram.
    const matchedChars = new Set<number>();
    for (const m of matches) if (m.kind === 'char' && m.order === 1) matchedChars.add(m.hypothesis[0].start);
    const unmatched: Span[] = [];
    for (const span of whitespaceWords(hypothesis)) {
      let any = false;
      for (let i = span.start; i < span.end && !any; i++) any = matchedChars.has(i);
      if (!any) unmatched.push(span);
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
      details: { precision, recall, charOrder: this.o.charOrder, wordOrder: this.o.wordOrder, beta: this.o.beta },
    };
  }
}

/** Clipped occurrence pairs of equal n-grams: the k-th occurrence in `hyp` with the k-th in `ref`. */
function pairOccurrences(hyp: Int32Array, ref: Int32Array, n: number): [number, number][] {
  const key = (ids: Int32Array, i: number) => Array.from(ids.subarray(i, i + n)).join(',');
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

/** Maps offsets in the lower-cased text back to the original line (identity when lengths agree). */
function originalOffsets(line: string, lowered: string): (offset: number) => number {
  if (line.length === lowered.length) return (offset) => offset;
  const map: number[] = [];
  let i = 0;
  while (i < line.length) {
    const width = (line.codePointAt(i) as number) > 0xffff ? 2 : 1;
    const piece = pythonLower(line.slice(i, i + width));
    for (let k = 0; k < piece.length; k++) map.push(i);
    i += width;
  }
  map.push(line.length);
  return (offset) => map[Math.min(offset, map.length - 1)];
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
