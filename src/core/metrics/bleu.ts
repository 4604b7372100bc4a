import { TokenizerName, sacrebleuTokenizer, SacrebleuTokenizer } from '../text/tokenizers/tokenizer';
import { Token } from '../text/token';
import { ClippedNgramMatcher } from './clipped-ngram-matcher';
import { IndexedMatchCounter, indexedLength, ReferenceIndex, ReferenceNgramIndexer } from './reference-ngram-index';
import { Tokenizer13aIds } from '../text/tokenizers/tokenizer-13a-ids';
import { WordInterner } from '../text/word-interner';
import { ReferenceWordLookup } from './reference-word-lookup';
import { Explanation, SpanMatch } from './explanation';
import { MetricScore, PreparedMetric, ReferenceSet } from './metric';
import { StatsRows } from './stats-rows';

/**
 * BLEU exactly as sacreBLEU 2.6.0 computes it (`sacrebleu.metrics.BLEU`, `compat.sentence_bleu`).
 *
 * Per segment: hypothesis length, the chosen reference length, clipped n-gram matches and hypothesis n-gram counts
 * for n = 1..4 (layout `[sys_len, ref_len, correct_1..4, total_1..4]`, sacreBLEU's). From (summed) statistics:
 *   BP = 1 if sys_len ≥ ref_len, else exp(1 − ref_len/sys_len) (0 when sys_len = 0);
 *   p_n = 100·correct_n/total_n, with smoothing when correct_n = 0: `exp` halves the previous value each time
 *   (100/(2^k·total_n)), `floor` uses 100·v/total_n, `none` leaves 0; `add-k` adds v to correct_n and total_n for
 *   n ≥ 2 first. The loop stops at the first order with total_n = 0; with effective order, only the orders reached
 *   are averaged. BLEU = BP·exp(Σ log p_n / N), log 0 taken as −9999999999; 0 when no n-gram matched at all.
 * `add-one` is BLEU+1 (Lin & Och 2004): add-k with k = 1, which is what sacreBLEU computes for that name.
 *
 * Reference length: `closest` (sacreBLEU, mteval-v13a: the reference length nearest the hypothesis length, the shorter
 * one on ties), `shortest` (mteval-v11b) or `average` (the mean of the references' lengths: the convention of mteval's
 * NIST score and of TER, "the modus operandi for NIST" in Leusch et al. 2005; not an option of sacreBLEU, so the
 * signature then says `reflen:average`).
 */
export type BleuSmoothing = 'none' | 'floor' | 'add-k' | 'exp' | 'add-one';
export type ReferenceLengthChoice = 'closest' | 'shortest' | 'average';

export interface BleuOptions {
  readonly tokenize?: TokenizerName;
  readonly lowercase?: boolean;
  readonly smooth?: BleuSmoothing;
  /** `floor` default 0.1, `add-k` default 1. */
  readonly smoothValue?: number;
  readonly effectiveOrder?: boolean;
  readonly referenceLength?: ReferenceLengthChoice;
  readonly maxOrder?: number;
}

interface ResolvedBleuOptions {
  readonly tokenize: TokenizerName;
  readonly lowercase: boolean;
  readonly smooth: Exclude<BleuSmoothing, 'add-one'>;
  readonly smoothValue: number;
  readonly effectiveOrder: boolean;
  readonly referenceLength: ReferenceLengthChoice;
  readonly maxOrder: number;
}

const SMOOTH_DEFAULTS: Record<'floor' | 'add-k', number> = { floor: 0.1, 'add-k': 1 };

export function resolveBleuOptions(options: BleuOptions, effectiveOrderDefault: boolean): ResolvedBleuOptions {
  const smooth = options.smooth === 'add-one' ? 'add-k' : options.smooth ?? 'exp';
  const smoothValue =
    options.smooth === 'add-one' ? 1 : options.smoothValue ?? (smooth === 'floor' || smooth === 'add-k' ? SMOOTH_DEFAULTS[smooth] : 0);
  return {
    tokenize: options.tokenize ?? '13a',
    lowercase: options.lowercase ?? false,
    smooth,
    smoothValue,
    effectiveOrder: options.effectiveOrder ?? effectiveOrderDefault,
    referenceLength: options.referenceLength ?? 'closest',
    maxOrder: options.maxOrder ?? 4,
  };
}

export function bleuStatsLayout(maxOrder: number): string[] {
  const layout = ['sys_len', 'ref_len'];
  for (let n = 1; n <= maxOrder; n++) layout.push(`correct_${n}`);
  for (let n = 1; n <= maxOrder; n++) layout.push(`total_${n}`);
  return layout;
}

/** sacreBLEU's `my_log`. */
function sacrebleuLog(x: number): number {
  return x === 0 ? -9999999999 : Math.log(x);
}

/** BLEU from (summed) statistics in sacreBLEU's layout. */
export function bleuFromStats(stats: Float64Array, o: ResolvedBleuOptions): MetricScore {
  const N = o.maxOrder;
  const sysLen = stats[0];
  const refLen = stats[1];
  const correct = Array.from(stats.subarray(2, 2 + N));
  const total = Array.from(stats.subarray(2 + N, 2 + 2 * N));
  let bp = 1;
  if (sysLen < refLen) bp = sysLen > 0 ? Math.exp(1 - refLen / sysLen) : 0;
  const precisions = new Array<number>(N).fill(0);
  const parts = (score: number) => ({
    score,
    parts: { precisions, bp, ratio: refLen > 0 ? sysLen / refLen : 0, sys_len: sysLen, ref_len: refLen, counts: correct, totals: total },
  });
  if (!correct.some((c) => c !== 0)) return parts(0);
  let smoothMteval = 1;
  let effectiveOrder = N;
  for (let n = 1; n <= N; n++) {
    if (o.smooth === 'add-k' && n > 1) {
      correct[n - 1] += o.smoothValue;
      total[n - 1] += o.smoothValue;
    }
    if (total[n - 1] === 0) break;
    if (o.effectiveOrder) effectiveOrder = n;
    if (correct[n - 1] === 0) {
      if (o.smooth === 'exp') {
        smoothMteval *= 2;
        precisions[n - 1] = 100 / (smoothMteval * total[n - 1]);
      } else if (o.smooth === 'floor') {
        precisions[n - 1] = (100 * o.smoothValue) / total[n - 1];
      }
    } else {
      precisions[n - 1] = (100 * correct[n - 1]) / total[n - 1];
    }
  }
  let logSum = 0;
  for (let n = 0; n < effectiveOrder; n++) logSum += sacrebleuLog(precisions[n]);
  return parts(bp * Math.exp(logSum / effectiveOrder));
}

/** sacreBLEU's signature string (`nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:2.6.0`). */
export function bleuSignature(nrefs: number, o: ResolvedBleuOptions): string {
  let smooth: string = o.smooth;
  if (o.smooth === 'floor' || o.smooth === 'add-k') smooth += `[${o.smoothValue.toFixed(2)}]`;
  const parts = [`nrefs:${nrefs}`, `case:${o.lowercase ? 'lc' : 'mixed'}`, `eff:${o.effectiveOrder ? 'yes' : 'no'}`, `tok:${o.tokenize}`, `smooth:${smooth}`];
  if (o.referenceLength !== 'closest') parts.push(`reflen:${o.referenceLength}`);
  if (o.maxOrder !== 4) parts.push(`order:${o.maxOrder}`);
  parts.push('version:2.6.0');
  return parts.join('|');
}

/** Chooses the reference length sacreBLEU-style (`_get_closest_ref_len`) or by the other conventions. */
export function chooseReferenceLength(hypLength: number, refLengths: readonly number[], choice: ReferenceLengthChoice): number {
  if (refLengths.length === 0) return 0;
  if (choice === 'shortest') return Math.min(...refLengths);
  if (choice === 'average') return refLengths.reduce((a, b) => a + b, 0) / refLengths.length;
  let closestDiff = -1;
  let closestLength = -1;
  for (const length of refLengths) {
    const diff = Math.abs(hypLength - length);
    if (closestDiff === -1 || diff < closestDiff) {
      closestDiff = diff;
      closestLength = length;
    } else if (diff === closestDiff && length < closestLength) {
      closestLength = length;
    }
  }
  return closestLength;
}

/** The state shared by corpus BLEU and sentence BLEU: tokenized references as word ids. */
class BleuCore {
  readonly tokenizer: SacrebleuTokenizer;
  private readonly interner = new WordInterner();
  /** The default tokenization (13a, cased) runs on code-unit buffers; others go through the string path. */
  private readonly fast13a?: Tokenizer13aIds;
  /** With one reference stream and 13a: hypothesis words numbered straight by their reference's unigram ids. */
  private readonly referenceWords = new ReferenceWordLookup(this.interner);
  private readonly hypothesis13a = new Tokenizer13aIds(this.referenceWords);
  private readonly references: Int32Array[][];
  /** With one reference stream: each segment's reference n-grams, indexed once per distinct line. */
  private readonly indexes?: ReferenceIndex[];
  /** With `indexes` and 13a: each segment's handle of its reference's table in `referenceWords`. */
  private readonly wordTables?: Int32Array;
  private readonly matcher: ClippedNgramMatcher;
  private readonly singleCounter = new IndexedMatchCounter();

  constructor(
    private readonly referenceSet: ReferenceSet,
    readonly options: ResolvedBleuOptions,
  ) {
    this.tokenizer = sacrebleuTokenizer(options.tokenize, options.lowercase);
    if (options.tokenize === '13a' && !options.lowercase) this.fast13a = new Tokenizer13aIds(new ReferenceWordLookup(this.interner, true));
    const segments = referenceSet.streams[0]?.length ?? 0;
    // Identical reference lines (common when several systems or test sets share references) are tokenized once,
    // and with one reference stream their n-grams are indexed once.
    if (referenceSet.streams.length === 1) {
      const indexer = new ReferenceNgramIndexer();
      const cache = new Map<string, { index: ReferenceIndex; wordTable: number }>();
      const stream = referenceSet.streams[0];
      this.indexes = new Array<ReferenceIndex>(segments);
      const wordTables = this.fast13a ? new Int32Array(segments) : undefined;
      for (let i = 0; i < segments; i++) {
        const line = stream[i];
        let entry = cache.get(line);
        if (!entry) {
          const ids = this.wordIds(line);
          const index = indexer.build(ids, 0, ids.length, options.maxOrder);
          cache.set(line, (entry = { index, wordTable: wordTables ? this.referenceWords.addReference(index) : -1 }));
        }
        this.indexes[i] = entry.index;
        if (wordTables) wordTables[i] = entry.wordTable;
      }
      this.wordTables = wordTables;
      this.references = [];
    } else {
      const cache = new Map<string, Int32Array>();
      const encode = (line: string): Int32Array => {
        let ids = cache.get(line);
        if (!ids) cache.set(line, (ids = this.wordIds(line)));
        return ids;
      };
      this.references = new Array(segments);
      for (let i = 0; i < segments; i++) this.references[i] = referenceSet.streams.map((stream) => encode(stream[i]));
    }
    this.matcher = new ClippedNgramMatcher(options.maxOrder);
  }

  private wordIds(line: string): Int32Array {
    if (this.fast13a) return this.fast13a.words(line);
    const words = this.tokenizer.words(line);
    const ids = new Int32Array(words.length);
    for (let i = 0; i < words.length; i++) ids[i] = this.interner.internString(words[i]);
    return ids;
  }

  referencesOf(segment: number): Int32Array[] {
    const refs = this.references[segment];
    if (!refs) throw new RangeError(`BLEU: no references for segment ${segment}`);
    return refs;
  }

  stats(hypothesis: string, segment: number, out: Float64Array): void {
    const N = this.options.maxOrder;
    if (this.indexes) {
      const index = this.indexes[segment];
      if (!index) throw new RangeError(`BLEU: no references for segment ${segment}`);
      // One reference (the usual case): the hypothesis walks the reference's n-gram index, as chrF's does.
      let length: number;
      if (this.wordTables) {
        this.referenceWords.select(index, this.wordTables[segment]);
        length = this.hypothesis13a.scan(hypothesis);
        this.singleCounter.countIds(index, this.hypothesis13a.scanned, length, N, out, 2, 1);
      } else {
        const hyp = this.wordIds(hypothesis);
        length = hyp.length;
        this.singleCounter.count(index, hyp, 0, length, this.interner.size, N, out, 2, 1);
      }
      out[0] = length;
      out[1] = indexedLength(index);
      for (let n = 1; n <= N; n++) out[2 + N + n - 1] = Math.max(length - n + 1, 0);
      return;
    }
    const refs = this.referencesOf(segment);
    const hyp = this.wordIds(hypothesis);
    out[0] = hyp.length;
    out[1] = refs.length === 1 ? refs[0].length : chooseReferenceLength(hyp.length, refs.map((r) => r.length), this.options.referenceLength);
    this.matcher.count(hyp, refs, out, 2, 2 + N);
  }

  explain(metric: string, hypothesis: string, segment: number, score: number, scoreParts: MetricScore['parts']): Explanation {
    const hyp = this.tokenizer.tokens(hypothesis);
    const refs = this.referenceSet.streams.map((stream) => this.tokenizer.tokens(stream[segment]));
    const matches = clippedNgramMatches(hyp, refs, this.options.maxOrder);
    const matchedTokenIndices = new Set<number>();
    for (const m of matches) if (m.order === 1) matchedTokenIndices.add(m.hypothesis[0].start);
    return {
      metric,
      score,
      matches,
      unmatchedHypothesis: hyp.filter((t) => !matchedTokenIndices.has(t.start)).map((t) => ({ start: t.start, end: t.end })),
      details: {
        precisions: scoreParts.precisions as number[],
        bp: scoreParts.bp as number,
        hypLength: scoreParts.sys_len as number,
        refLength: scoreParts.ref_len as number,
        counts: scoreParts.counts as number[],
        totals: scoreParts.totals as number[],
        hypothesisTokens: hyp.map((t) => t.text),
      },
    };
  }
}

/**
 * Which hypothesis n-gram occurrences matched, after clipping: for each n-gram, its first min(count_hyp, max_k
 * count_ref_k) occurrences in hypothesis order, each paired with the same-numbered occurrence in the first reference
 * that has the maximal count.
 */
export function clippedNgramMatches(hyp: readonly Token[], refs: readonly (readonly Token[])[], maxOrder: number): SpanMatch[] {
  const matches: SpanMatch[] = [];
  for (let n = 1; n <= maxOrder; n++) {
    const positions = (tokens: readonly Token[]): Map<string, number[]> => {
      const map = new Map<string, number[]>();
      for (let i = 0; i + n <= tokens.length; i++) {
        const key = tokens.slice(i, i + n).map((t) => t.text).join('\u0001');
        const list = map.get(key);
        if (list) list.push(i);
        else map.set(key, [i]);
      }
      return map;
    };
    const hypPositions = positions(hyp);
    const refPositions = refs.map(positions);
    for (const [key, occurrences] of hypPositions) {
      let best = -1;
      let bestCount = 0;
      refPositions.forEach((map, k) => {
        const count = map.get(key)?.length ?? 0;
        if (count > bestCount) {
          best = k;
          bestCount = count;
        }
      });
      const clipped = Math.min(occurrences.length, bestCount);
      for (let j = 0; j < clipped; j++) {
        const h = occurrences[j];
        const r = (refPositions[best].get(key) as number[])[j];
        matches.push({
          order: n,
          hypothesis: [{ start: hyp[h].start, end: hyp[h + n - 1].end }],
          referenceIndex: best,
          reference: [{ start: refs[best][r].start, end: refs[best][r + n - 1].end }],
        });
      }
    }
  }
  matches.sort((a, b) => a.order - b.order || a.hypothesis[0].start - b.hypothesis[0].start);
  return matches;
}

/** Prepares corpus BLEU (sacreBLEU `BLEU(...)`); its sentence score uses the same settings, as `sentence_score`. */
export function prepareBleu(references: ReferenceSet, options: BleuOptions = {}): PreparedMetric {
  const o = resolveBleuOptions(options, false);
  const core = new BleuCore(references, o);
  const layout = bleuStatsLayout(o.maxOrder);
  const rows = new StatsRows(layout.length);
  const signature = bleuSignature(references.streams.length, o);
  return {
    name: 'bleu',
    statsLayout: layout,
    stats(hypothesis, segment) {
      const out = rows.next();
      core.stats(hypothesis, segment, out);
      return out;
    },
    corpusScore: (totals) => bleuFromStats(totals, o),
    sentenceScore: (stats) => bleuFromStats(stats, o),
    explain(hypothesis, segment) {
      const row = new Float64Array(layout.length);
      core.stats(hypothesis, segment, row);
      const s = bleuFromStats(row, o);
      return core.explain('bleu', hypothesis, segment, s.score, s.parts);
    },
    signature: () => signature,
  };
}

/**
 * Prepares sentence BLEU (sacreBLEU `compat.sentence_bleu`: smoothing `exp` and effective order by default). Its
 * corpus score is the mean of the segments' sentence BLEU — not additive in the n-gram counts, so each row carries
 * its own sentence score in a last column `sentence_bleu`, and the corpus score averages that column.
 */
export function prepareSentenceBleu(references: ReferenceSet, options: BleuOptions = {}): PreparedMetric {
  const o = resolveBleuOptions(options, true);
  const core = new BleuCore(references, o);
  const width = bleuStatsLayout(o.maxOrder).length;
  const layout = [...bleuStatsLayout(o.maxOrder), 'sentence_bleu'];
  const rows = new StatsRows(layout.length);
  const signature = bleuSignature(references.streams.length, o);
  return {
    name: 'sentbleu',
    statsLayout: layout,
    stats(hypothesis, segment) {
      const out = rows.next();
      core.stats(hypothesis, segment, out);
      out[width] = bleuFromStats(out.subarray(0, width), o).score;
      return out;
    },
    corpusScore(totals, segmentCount) {
      const pooled = bleuFromStats(totals.subarray(0, width), o);
      return { score: segmentCount > 0 ? totals[width] / segmentCount : 0, parts: { ...pooled.parts, pooledBleu: pooled.score } };
    },
    sentenceScore: (stats) => bleuFromStats(stats.subarray(0, width), o),
    explain(hypothesis, segment) {
      const row = new Float64Array(width);
      core.stats(hypothesis, segment, row);
      const s = bleuFromStats(row, o);
      return core.explain('sentbleu', hypothesis, segment, s.score, s.parts);
    },
    signature: () => signature,
  };
}
