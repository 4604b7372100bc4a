import { Explanation, SpanMatch } from './explanation';
import { MetricScore, PreparedMetric, ReferenceSet } from './metric';
import { Span, Token } from '../text/token';
import { rougeScoreTokens } from '../text/rouge-score-tokenize';

/**
 * ROUGE as Google's `rouge-score` package computes it (google-research rouge/rouge_scorer.py @ 61ce9f0c):
 * `RougeScorer([type], use_stemmer).score(target=reference, prediction=hypothesis)`.
 *
 * - `rougeN`: clipped n-gram overlap; P = overlap / max(#hyp n-grams, 1), R = overlap / max(#ref n-grams, 1).
 * - `rougeL`: LCS of the whole token sequences; P = LCS / |hyp|, R = LCS / |ref| (0 when either is empty).
 * - `rougeLsum`: summary-level LCS over sentences separated by '\n' (the union LCS of each reference sentence
 *   against all hypothesis sentences, each token counted at most as often as it occurs on both sides).
 * - F = 2PR / (P + R), 0 when P + R = 0 (no β, unlike ROUGE-1.5.5).
 *
 * With several references the reference with the highest F wins (the first on ties), as rouge-score's
 * `score_multi` does. Statistics are `[precision, recall, fmeasure, count]` of that reference (count = 1), so the
 * corpus score is the plain mean over segments of the per-segment scores — rouge-score has no corpus-level
 * statistic; its `BootstrapAggregator` reports (a resampled estimate of) this same mean.
 */
export type RougeScoreType = 'rouge1' | 'rouge2' | 'rougeL' | 'rougeLsum' | `rouge${number}`;

export interface RougeScoreOptions {
  readonly type: RougeScoreType;
  /** rouge-score's `use_stemmer`: NLTK Porter stemming of tokens longer than 3 characters. */
  readonly useStemmer: boolean;
}

/** One side's tokens, interned to integer ids for fast comparison. */
interface Side {
  readonly tokens: readonly Token[];
  readonly ids: Int32Array;
}

/**
 * Per-reference preprocessing, cached in the prepared metric: token ids only (explanations re-tokenize the one
 * reference they show, which keeps the cache small).
 */
interface PreparedReference {
  readonly text: string;
  readonly whole: Int32Array;
  /** rougeN: reference n-gram counts. */
  readonly ngrams?: Map<NgramKey, number>;
  readonly ngramTotal: number;
  /** rougeLsum: the sentences' token ids. */
  readonly sentences?: readonly Int32Array[];
}

interface ReferenceResult {
  readonly precision: number;
  readonly recall: number;
  readonly fmeasure: number;
}

export const ROUGE_SCORE_STATS_LAYOUT: readonly string[] = ['precision', 'recall', 'fmeasure', 'count'];

/** Prepares rouge-score compatible ROUGE for a reference set. */
export function prepareRougeScore(references: ReferenceSet, options: RougeScoreOptions): PreparedMetric {
  const type = options.type;
  const match = /^rouge(\d+)$/.exec(type);
  const order = match ? Number(match[1]) : 0;
  if (!match && type !== 'rougeL' && type !== 'rougeLsum') throw new Error(`Invalid rouge type: ${type}`);
  if (match && order <= 0) throw new Error(`rougen requires positive n: ${type}`);
  const useStemmer = options.useStemmer;

  // Reference token ids are dense, non-negative; hypothesis tokens unseen in any reference get -1 (never equal to a
  // reference id), so the vocabulary does not grow with every edited hypothesis.
  const vocabulary = new Map<string, number>();
  const internReference = (tokens: readonly Token[]): Side => {
    const ids = new Int32Array(tokens.length);
    for (let i = 0; i < tokens.length; i++) {
      let id = vocabulary.get(tokens[i].text);
      if (id === undefined) {
        id = vocabulary.size;
        vocabulary.set(tokens[i].text, id);
      }
      ids[i] = id;
    }
    return { tokens, ids };
  };
  const lookupHypothesis = (tokens: readonly Token[]): Side => {
    const ids = new Int32Array(tokens.length);
    for (let i = 0; i < tokens.length; i++) ids[i] = vocabulary.get(tokens[i].text) ?? -1;
    return { tokens, ids };
  };

  const streams = references.streams;
  const segmentCount = streams.length > 0 ? streams[0].length : 0;
  const cache = new Map<number, PreparedReference[]>();
  const referencesOf = (segment: number): PreparedReference[] => {
    let prepared = cache.get(segment);
    if (!prepared) {
      if (streams.length > 0 && (segment < 0 || segment >= segmentCount)) {
        throw new RangeError(`segment ${segment} out of range`);
      }
      prepared = streams.map((stream) => prepareReference(stream[segment]));
      cache.set(segment, prepared);
    }
    return prepared;
  };
  const prepareReference = (text: string): PreparedReference => {
    if (type === 'rougeLsum') {
      const sentences = splitLines(text).map((s) => internReference(tokenizeSpan(text, s, useStemmer)).ids);
      return { text, whole: new Int32Array(0), sentences, ngramTotal: 0 };
    }
    const whole = internReference(rougeScoreTokens(text, useStemmer)).ids;
    if (order > 0) {
      const ngrams = countNgrams(whole, order);
      return { text, whole, ngrams, ngramTotal: Math.max(whole.length - order + 1, 0) };
    }
    return { text, whole, ngramTotal: 0 };
  };
  /** The reference's tokens with their ids, for explanations. */
  const referenceSides = (ref: PreparedReference): { whole: Side; sentences: Side[] } =>
    type === 'rougeLsum'
      ? {
        whole: { tokens: [], ids: new Int32Array(0) },
        sentences: splitLines(ref.text).map((s) => lookupHypothesis(tokenizeSpan(ref.text, s, useStemmer))),
      }
      : { whole: lookupHypothesis(rougeScoreTokens(ref.text, useStemmer)), sentences: [] };

  const hypothesisSides = (hypothesis: string): { whole: Side; sentences: Side[] } => {
    if (type === 'rougeLsum') {
      return {
        whole: { tokens: [], ids: new Int32Array(0) },
        sentences: splitLines(hypothesis).map((s) => lookupHypothesis(tokenizeSpan(hypothesis, s, useStemmer))),
      };
    }
    return { whole: lookupHypothesis(rougeScoreTokens(hypothesis, useStemmer)), sentences: [] };
  };

  /** Scores against every reference of the segment and picks rouge-score's score_multi winner. */
  const scoreSegment = (hypothesis: string, segment: number) => {
    const refs = referencesOf(segment);
    const hyp = hypothesisSides(hypothesis);
    const hypNgrams = order > 0 ? countNgrams(hyp.whole.ids, order) : undefined;
    const hypNgramTotal = order > 0 ? Math.max(hyp.whole.ids.length - order + 1, 0) : 0;
    const results: ReferenceResult[] = refs.map((ref) => {
      if (order > 0) return scoreNgrams(ref, hypNgrams as Map<NgramKey, number>, hypNgramTotal);
      if (type === 'rougeL') return scoreLcs(ref.whole, hyp.whole.ids);
      return summaryLevelLcs(ref.sentences as readonly Int32Array[], hyp.sentences.map((h) => h.ids)).score;
    });
    let best = 0;
    for (let k = 1; k < results.length; k++) if (results[k].fmeasure > results[best].fmeasure) best = k;
    return { refs, hyp, results, best };
  };

  const toScore = (precision: number, recall: number, fmeasure: number, count: number): MetricScore => ({
    score: fmeasure,
    parts: { precision, recall, fmeasure, segments: count },
  });

  return {
    name: type,
    statsLayout: ROUGE_SCORE_STATS_LAYOUT,
    stats(hypothesis: string, segment: number): Float64Array {
      const { results, best } = scoreSegment(hypothesis, segment);
      const stats = new Float64Array(4);
      if (results.length === 0) return stats; // no reference: the segment does not enter the mean
      const r = results[best];
      stats[0] = r.precision;
      stats[1] = r.recall;
      stats[2] = r.fmeasure;
      stats[3] = 1;
      return stats;
    },
    // score_multi: the reference with the highest F (the first on ties); no reference leaves a zero row.
    combineReferences(rows: Float64Array, offset: number, chosen: Int32Array, count: number, out: Float64Array): void {
      out.fill(0);
      let best = -1;
      for (let k = 0; k < count; k++) {
        const at = offset + chosen[k] * 4;
        if (best < 0 || rows[at + 2] > rows[best + 2]) best = at;
      }
      if (best >= 0) for (let c = 0; c < 4; c++) out[c] = rows[best + c];
    },
    corpusScore(totals: Float64Array): MetricScore {
      const count = totals[3];
      if (!(count > 0)) return toScore(0, 0, 0, 0);
      return toScore(totals[0] / count, totals[1] / count, totals[2] / count, count);
    },
    sentenceScore(stats: Float64Array): MetricScore {
      const count = stats[3];
      if (!(count > 0)) return toScore(0, 0, 0, 0);
      return toScore(stats[0] / count, stats[1] / count, stats[2] / count, count);
    },
    explain(hypothesis: string, segment: number): Explanation {
      const { refs, hyp, results, best } = scoreSegment(hypothesis, segment);
      const matches: SpanMatch[] = [];
      const hypTokens = type === 'rougeLsum' ? hyp.sentences.flatMap((s) => s.tokens) : hyp.whole.tokens;
      const matchedHyp = new Set<Token>();
      if (refs.length > 0) {
        const ref = referenceSides(refs[best]);
        if (order > 0) explainNgrams(ref.whole, hyp.whole, order, best, matches, matchedHyp);
        else if (type === 'rougeL') explainLcs(ref.whole, hyp.whole, best, matches, matchedHyp);
        else {
          const lcs = summaryLevelLcs(ref.sentences.map((r) => r.ids), hyp.sentences.map((h) => h.ids));
          for (const hit of lcs.hits) {
            const hypToken = hyp.sentences[hit.hypSentence].tokens[hit.hypPosition];
            const refToken = ref.sentences[hit.refSentence].tokens[hit.refPosition];
            matches.push({ order: 1, hypothesis: [span(hypToken)], referenceIndex: best, reference: [span(refToken)] });
            matchedHyp.add(hypToken);
          }
        }
      }
      const chosen = results[best] ?? { precision: 0, recall: 0, fmeasure: 0 };
      return {
        metric: type,
        score: chosen.fmeasure,
        matches,
        unmatchedHypothesis: hypTokens.filter((t) => !matchedHyp.has(t)).map(span),
        bestReference: refs.length > 0 ? best : undefined,
        details: {
          precision: chosen.precision,
          recall: chosen.recall,
          fmeasure: chosen.fmeasure,
          perReferenceF: results.map((r) => r.fmeasure),
          hypothesisTokens: hypTokens.map((t) => t.text),
        },
      };
    },
    signature(): string {
      return `rouge-score|type:${type}|nrefs:${streams.length}|stem:${useStemmer ? 'yes' : 'no'}|version:compat`;
    },
  };
}

/** rouge-score's `scoring.fmeasure`. */
function fmeasure(precision: number, recall: number): number {
  return precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
}

function span(token: Token): Span {
  return { start: token.start, end: token.end };
}

/** The '\n'-separated parts of `text` as spans (rouge-score drops empty ones; a part without tokens is harmless). */
function splitLines(text: string): Span[] {
  const spans: Span[] = [];
  let start = 0;
  for (;;) {
    const end = text.indexOf('\n', start);
    const stop = end < 0 ? text.length : end;
    if (stop > start) spans.push({ start, end: stop });
    if (end < 0) return spans;
    start = end + 1;
  }
}

/** Tokens of `text.slice(s.start, s.end)` with offsets into `text`. */
function tokenizeSpan(text: string, s: Span, useStemmer: boolean): Token[] {
  const tokens = rougeScoreTokens(text.slice(s.start, s.end), useStemmer);
  if (s.start === 0) return tokens;
  return tokens.map((t) => ({ text: t.text, start: t.start + s.start, end: t.end + s.start }));
}

/** An n-gram's map key: the id itself for unigrams, a packed number for bigrams, ids joined with ',' beyond. */
type NgramKey = number | string;

/** Bigram packing stays exact while ids are below 2^26 (a vocabulary of 67 million words). */
const BIGRAM_BASE = 67_108_864;

function ngramKey(ids: Int32Array, i: number, n: number): NgramKey {
  if (n === 1) return ids[i];
  if (n === 2) return ids[i] * BIGRAM_BASE + ids[i + 1];
  let key = String(ids[i]);
  for (let k = 1; k < n; k++) key += ',' + ids[i + k];
  return key;
}

/** Whether the n-gram at `i` holds a hypothesis token unknown to every reference (id -1): it can never match. */
function hasUnknown(ids: Int32Array, i: number, n: number): boolean {
  for (let k = 0; k < n; k++) if (ids[i + k] < 0) return true;
  return false;
}

/** Counts of the n-grams of `ids`, leaving out those with an unknown token (they only count in the total). */
function countNgrams(ids: Int32Array, n: number): Map<NgramKey, number> {
  const counts = new Map<NgramKey, number>();
  for (let i = 0; i + n <= ids.length; i++) {
    if (hasUnknown(ids, i, n)) continue;
    const key = ngramKey(ids, i, n);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** rouge-score `_score_ngrams` (its sum over reference n-grams of the clipped counts, iterated from the other side). */
function scoreNgrams(ref: PreparedReference, hypNgrams: Map<NgramKey, number>, hypTotal: number): ReferenceResult {
  const refNgrams = ref.ngrams as Map<NgramKey, number>;
  let overlap = 0;
  for (const [key, count] of hypNgrams) {
    const refCount = refNgrams.get(key);
    if (refCount !== undefined) overlap += Math.min(count, refCount);
  }
  const precision = overlap / Math.max(hypTotal, 1);
  const recall = overlap / Math.max(ref.ngramTotal, 1);
  return { precision, recall, fmeasure: fmeasure(precision, recall) };
}

/** Scratch DP storage reused across calls (JavaScript is single-threaded; no call re-enters). */
let scratch = new Int32Array(1024);

function scratchOfSize(size: number): Int32Array {
  if (scratch.length < size) scratch = new Int32Array(Math.max(size, scratch.length * 2));
  return scratch;
}

/** Length of the LCS of two id sequences (two rows of the DP table). */
function lcsLength(a: Int32Array, b: Int32Array): number {
  const cols = b.length;
  const rows = scratchOfSize(2 * (cols + 1));
  let previous = 0;
  let current = cols + 1;
  rows.fill(0, 0, 2 * (cols + 1));
  for (let i = 1; i <= a.length; i++) {
    const x = a[i - 1];
    for (let j = 1; j <= cols; j++) {
      if (x === b[j - 1]) rows[current + j] = rows[previous + j - 1] + 1;
      else {
        const up = rows[previous + j];
        const left = rows[current + j - 1];
        rows[current + j] = up >= left ? up : left;
      }
    }
    const t = previous;
    previous = current;
    current = t;
  }
  return rows[previous + cols];
}

/** rouge-score `_score_lcs`. */
function scoreLcs(ref: Int32Array, hyp: Int32Array): ReferenceResult {
  if (ref.length === 0 || hyp.length === 0) return { precision: 0, recall: 0, fmeasure: 0 };
  const lcs = lcsLength(ref, hyp);
  const precision = lcs / hyp.length;
  const recall = lcs / ref.length;
  return { precision, recall, fmeasure: fmeasure(precision, recall) };
}

/**
 * One LCS of `ref` and `can` as pairs (reference index, candidate index), read out of the full DP table the way
 * rouge-score's `_backtrack_norec` does (from the end; on a mismatch move left in `can` only when that cell is
 * strictly larger, else up in `ref`). The chosen LCS matters for rougeLsum's union.
 */
function lcsPairs(ref: Int32Array, can: Int32Array): Array<[number, number]> {
  const rows = ref.length;
  const cols = can.length;
  const width = cols + 1;
  const table = scratchOfSize((rows + 1) * width);
  table.fill(0, 0, width); // row 0; column 0 of every row is set below
  for (let i = 1; i <= rows; i++) {
    const x = ref[i - 1];
    table[i * width] = 0;
    for (let j = 1; j <= cols; j++) {
      const up = table[(i - 1) * width + j];
      const left = table[i * width + j - 1];
      table[i * width + j] = x === can[j - 1] ? table[(i - 1) * width + j - 1] + 1 : up >= left ? up : left;
    }
  }
  const pairs: Array<[number, number]> = [];
  let i = rows;
  let j = cols;
  while (i > 0 && j > 0) {
    if (ref[i - 1] === can[j - 1]) {
      pairs.push([i - 1, j - 1]);
      i--;
      j--;
    } else if (table[i * width + j - 1] > table[(i - 1) * width + j]) j--;
    else i--;
  }
  return pairs.reverse();
}

/** A rougeLsum hit: reference sentence/position and the hypothesis sentence/position its LCS paired it with. */
interface HitPair {
  readonly refSentence: number;
  readonly refPosition: number;
  readonly hypSentence: number;
  readonly hypPosition: number;
}

/**
 * rouge-score `_summary_level_lcs`: for each reference sentence, the union (by reference position) of its LCS with
 * every hypothesis sentence; each union token is a hit while both sides still have an unused occurrence of it.
 */
function summaryLevelLcs(refSentences: readonly Int32Array[], hypSentences: readonly Int32Array[]): {
  score: ReferenceResult;
  hits: HitPair[];
} {
  const zero = { score: { precision: 0, recall: 0, fmeasure: 0 }, hits: [] };
  if (refSentences.length === 0 || hypSentences.length === 0) return zero;
  let m = 0;
  let n = 0;
  const refCounts = new Map<number, number>();
  const hypCounts = new Map<number, number>();
  for (const s of refSentences) {
    m += s.length;
    for (const id of s) refCounts.set(id, (refCounts.get(id) ?? 0) + 1);
  }
  for (const s of hypSentences) {
    n += s.length;
    for (const id of s) hypCounts.set(id, (hypCounts.get(id) ?? 0) + 1);
  }
  if (m === 0 || n === 0) return zero;

  let hitCount = 0;
  const hits: HitPair[] = [];
  for (const [rs, r] of refSentences.entries()) {
    // Reference position → the hypothesis [sentence, position] it was first paired with (for explanations).
    const union = new Map<number, [number, number]>();
    for (const [cs, c] of hypSentences.entries()) {
      if (c.length === 0 || r.length === 0) continue;
      for (const [ri, ci] of lcsPairs(r, c)) if (!union.has(ri)) union.set(ri, [cs, ci]);
    }
    const positions = [...union.keys()].sort((a, b) => a - b);
    for (const ri of positions) {
      const id = r[ri];
      const inHyp = hypCounts.get(id) ?? 0;
      const inRef = refCounts.get(id) ?? 0;
      if (inHyp > 0 && inRef > 0) {
        hitCount++;
        hypCounts.set(id, inHyp - 1);
        refCounts.set(id, inRef - 1);
        const [hypSentence, hypPosition] = union.get(ri) as [number, number];
        hits.push({ refSentence: rs, refPosition: ri, hypSentence, hypPosition });
      }
    }
  }
  const recall = hitCount / m;
  const precision = hitCount / n;
  return { score: { precision, recall, fmeasure: fmeasure(precision, recall) }, hits };
}

/** Matched n-grams of the chosen reference: each hypothesis n-gram occurrence matched while reference copies remain. */
function explainNgrams(
  ref: Side, hyp: Side, n: number, referenceIndex: number, out: SpanMatch[], matchedHyp: Set<Token>,
): void {
  const positions = new Map<NgramKey, number[]>();
  for (let i = 0; i + n <= ref.ids.length; i++) {
    const key = ngramKey(ref.ids, i, n);
    const list = positions.get(key);
    if (list) list.push(i);
    else positions.set(key, [i]);
  }
  for (let i = 0; i + n <= hyp.ids.length; i++) {
    if (hasUnknown(hyp.ids, i, n)) continue;
    const list = positions.get(ngramKey(hyp.ids, i, n));
    if (!list || list.length === 0) continue;
    const r = list.shift() as number;
    out.push({
      order: n,
      hypothesis: [{ start: hyp.tokens[i].start, end: hyp.tokens[i + n - 1].end }],
      referenceIndex,
      reference: [{ start: ref.tokens[r].start, end: ref.tokens[r + n - 1].end }],
    });
    for (let k = 0; k < n; k++) matchedHyp.add(hyp.tokens[i + k]);
  }
}

/** Above this many DP cells the explanation skips the LCS read-out (the score itself needs only two rows). */
const MAX_EXPLAIN_LCS_CELLS = 25_000_000;

function explainLcs(ref: Side, hyp: Side, referenceIndex: number, out: SpanMatch[], matchedHyp: Set<Token>): void {
  if (ref.ids.length * hyp.ids.length > MAX_EXPLAIN_LCS_CELLS) return;
  for (const [ri, hi] of lcsPairs(ref.ids, hyp.ids)) {
    out.push({ order: 1, hypothesis: [span(hyp.tokens[hi])], referenceIndex, reference: [span(ref.tokens[ri])] });
    matchedHyp.add(hyp.tokens[hi]);
  }
}
