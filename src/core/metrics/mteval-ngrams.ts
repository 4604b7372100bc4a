import { Token } from '../text/token';
import { logExact } from './correctly-rounded-math';
import { tokenizeMteval, tokenizeMtevalWords } from '../text/tokenizers/tokenizer-mteval';
import { ReferenceSet } from './metric';
import { SpanMatch } from './explanation';

/**
 * The reference side of mteval-v13a.pl (`compute_ngram_info`, `score_segment`), shared by its NIST and BLEU:
 * references tokenized with mteval's normalisation, corpus-wide n-gram counts for the information weights, and per
 * segment the maximum count of every n-gram over that segment's references (mteval's clipping).
 * N-grams are keyed as mteval keys them: their words joined by single spaces (a word never contains a space).
 */
export interface MtevalOptions {
  /** mteval `-c`: keep case (default false: ASCII letters are lower-cased). */
  readonly caseSensitive: boolean;
  /** Highest n-gram order scored. */
  readonly maxOrder: number;
}

/** One segment's n-gram statistics against its references, as `score_segment` returns them. */
export interface MtevalSegmentCounts {
  /** Per order n (index n−1): clipped matches, Σ min(hyp count, max ref count). */
  readonly matches: Float64Array;
  /** Per order: Σ info(n-gram) · clipped count over matched n-grams (NIST); zeros when info is not requested. */
  readonly matchedInfo: Float64Array;
  /** Per order: number of hypothesis n-grams (max(0, words − n + 1)). */
  readonly hypNgrams: Float64Array;
  readonly hypLength: number;
  /** Closest reference length, ties → shorter (`brevity_penalty_closest`, mteval's default). */
  readonly closestRefLength: number;
  /** Sum of the reference lengths over all references of the segment (NIST divides it by the number of references). */
  readonly refLengthSum: number;
}

interface SegmentReferences {
  readonly lengths: readonly number[];
  /** n-gram → max count over the references, and the first reference reaching that max. */
  readonly maxCounts: Map<string, number>;
  readonly maxRef: Map<string, number>;
}

/** Adds the n-grams of orders 1..maxOrder of `words` to `counts` (mteval's `Words2Ngrams`). */
export function countNgrams(words: readonly string[], maxOrder: number, counts = new Map<string, number>()): Map<string, number> {
  for (let i = 0; i < words.length; i++) {
    let key = '';
    for (let n = 1; n <= maxOrder && i + n <= words.length; n++) {
      key = n === 1 ? words[i] : `${key} ${words[i + n - 1]}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  return counts;
}

interface EnclosingCorpusCounts {
  readonly counts: ReadonlyMap<string, number>;
  readonly words: number;
  /** The n-grams and words of the segment's original references, which this set replaces. */
  readonly replaced: ReadonlyMap<string, number>;
  readonly replacedWords: number;
  /** Corpus streams / this set's references: how much each of this set's references weighs. */
  readonly scale: number;
}

/** Corpus-wide n-gram counts per reference set and options, shared by the one-segment sets that stand for its segments. */
const CORPUS_COUNTS = new WeakMap<ReferenceSet, Map<string, { counts: ReadonlyMap<string, number>; words: number }>>();

function corpusCountsOf(references: ReferenceSet, options: MtevalOptions): { counts: ReadonlyMap<string, number>; words: number } {
  let byOptions = CORPUS_COUNTS.get(references);
  if (!byOptions) {
    byOptions = new Map();
    CORPUS_COUNTS.set(references, byOptions);
  }
  const key = `${options.caseSensitive}:${options.maxOrder}`;
  let counts = byOptions.get(key);
  if (!counts) {
    const index = new MtevalReferenceIndex({ streams: references.streams }, options);
    counts = index.informationCounts();
    byOptions.set(key, counts);
  }
  return counts;
}

export class MtevalReferenceIndex {
  readonly nrefs: number;
  readonly segmentCount: number;
  readonly options: MtevalOptions;
  private readonly references: ReferenceSet;
  private readonly segments: (SegmentReferences | undefined)[];
  private readonly referenceWords: (readonly (readonly string[])[])[];
  private readonly referenceTokens: ((readonly (readonly Token[])[]) | undefined)[];
  private corpusCounts: Map<string, number> | undefined;
  private corpusWords = 0;
  private readonly infoCache = new Map<string, number>();

  constructor(references: ReferenceSet, options: MtevalOptions) {
    this.references = references;
    this.options = options;
    this.nrefs = references.streams.length;
    this.segmentCount = this.nrefs === 0 ? 0 : references.streams[0].length;
    this.segments = new Array<SegmentReferences | undefined>(this.segmentCount);
    this.referenceWords = new Array(this.segmentCount);
    this.referenceTokens = new Array(this.segmentCount);
    const tokenizeOptions = { caseSensitive: options.caseSensitive };
    for (let i = 0; i < this.segmentCount; i++) {
      this.referenceWords[i] = references.streams.map((stream) => tokenizeMtevalWords(stream[i], tokenizeOptions));
    }
  }

  /** Tokenizes a hypothesis exactly as mteval tokenizes the test set, with spans. */
  tokenize(line: string): Token[] {
    return tokenizeMteval(line, { caseSensitive: this.options.caseSensitive });
  }

  /** The words of {@link tokenize}, faster. */
  words(line: string): string[] {
    return tokenizeMtevalWords(line, { caseSensitive: this.options.caseSensitive });
  }

  /** The original text of reference `k` of segment `i`. */
  referenceLine(segment: number, k: number): string {
    return this.references.streams[k][segment];
  }

  /** Tokens (with spans) of each reference of a segment, tokenized on first use. */
  referenceTokensOf(segment: number): readonly (readonly Token[])[] {
    let tokens = this.referenceTokens[segment];
    if (!tokens) {
      const options = { caseSensitive: this.options.caseSensitive };
      tokens = this.references.streams.map((stream) => tokenizeMteval(stream[segment], options));
      this.referenceTokens[segment] = tokens;
    }
    return tokens;
  }

  /**
   * Information weight of an n-gram seen in the references (`compute_ngram_info`):
   * info(w1..wn) = −log(count(w1..wn) / count(w1..wn−1)) / log 2 over all references of all segments, with the
   * total number of reference words as the unigram denominator. Faithful to a Perl truthiness quirk: when the
   * (n−1)-gram is the single word `0`, mteval treats it as false and also divides by the total word count.
   */
  info(ngram: string): number {
    const cached = this.infoCache.get(ngram);
    if (cached !== undefined) return cached;
    const count = this.corpusCount(ngram);
    const cut = ngram.lastIndexOf(' ');
    const prefix = cut < 0 ? '' : ngram.slice(0, cut);
    const ratio = prefix === '' || prefix === '0' ? count / this.totalWords() : count / this.corpusCount(prefix);
    const value = -logExact(ratio) / logExact(2);
    this.infoCache.set(ngram, value);
    return value;
  }

  /** Counts the n-grams of the whole reference set now (NIST does this when prepared), instead of on first use. */
  computeInformationCounts(): void {
    this.corpusNgramCounts();
    this.enclosingCorpus();
  }

  /**
   * An n-gram's count over all references. For a set standing for one segment of a corpus (`ReferenceSet.corpus`),
   * the corpus's count with that segment's own references swapped for this set's — the weights mteval would compute
   * on the corpus reference files with this segment's lines replaced — where this set's counts weigh as many
   * references as the corpus has streams (a segment expanded to 40 references counts like its 1 original, not 40
   * times over, so its own words do not lose information for being repeated in every expansion).
   */
  private corpusCount(key: string): number {
    const own = this.corpusNgramCounts().get(key) ?? 0;
    const corpus = this.enclosingCorpus();
    return corpus ? (corpus.counts.get(key) ?? 0) - (corpus.replaced.get(key) ?? 0) + own * corpus.scale : own;
  }

  private totalWords(): number {
    this.corpusNgramCounts();
    const corpus = this.enclosingCorpus();
    return corpus ? corpus.words - corpus.replacedWords + this.corpusWords * corpus.scale : this.corpusWords;
  }

  private enclosingCorpusCounts: EnclosingCorpusCounts | undefined;

  private enclosingCorpus(): EnclosingCorpusCounts | undefined {
    const enclosing = this.references.corpus;
    if (!enclosing || this.enclosingCorpusCounts) return this.enclosingCorpusCounts;
    const whole = corpusCountsOf(enclosing.references, this.options);
    const replaced = new Map<string, number>();
    let replacedWords = 0;
    for (const stream of enclosing.references.streams) {
      const words = tokenizeMtevalWords(stream[enclosing.segment], { caseSensitive: this.options.caseSensitive });
      replacedWords += words.length;
      countNgrams(words, this.options.maxOrder, replaced);
    }
    const scale = this.nrefs === enclosing.references.streams.length ? 1 : enclosing.references.streams.length / this.nrefs;
    this.enclosingCorpusCounts = { counts: whole.counts, words: whole.words, replaced, replacedWords, scale };
    return this.enclosingCorpusCounts;
  }

  /** The n-gram counts and word total behind the information weights (of this set alone). */
  informationCounts(): { counts: ReadonlyMap<string, number>; words: number } {
    return { counts: this.corpusNgramCounts(), words: this.corpusWords };
  }

  private corpusNgramCounts(): Map<string, number> {
    if (!this.corpusCounts) {
      // Every reference segment's n-grams are counted once: into the corpus counts and, on the way, into that
      // segment's clipping maxima.
      const counts = new Map<string, number>();
      let words = 0;
      for (let i = 0; i < this.segmentCount; i++) {
        for (const refWords of this.referenceWords[i]) words += refWords.length;
        this.segmentReferences(i, (refCounts) => {
          for (const [key, count] of refCounts) counts.set(key, (counts.get(key) ?? 0) + count);
        });
      }
      this.corpusCounts = counts;
      this.corpusWords = words;
    }
    return this.corpusCounts;
  }

  private segmentReferences(segment: number, visitReferenceCounts?: (counts: Map<string, number>) => void): SegmentReferences {
    let refs = this.segments[segment];
    if (refs && !visitReferenceCounts) return refs;
    const referenceWords = this.referenceWords[segment];
    const maxCounts = new Map<string, number>();
    const maxRef = new Map<string, number>();
    referenceWords.forEach((refWords, k) => {
      const counts = countNgrams(refWords, this.options.maxOrder);
      visitReferenceCounts?.(counts);
      for (const [key, count] of counts) {
        const best = maxCounts.get(key);
        if (best === undefined || count > best) {
          maxCounts.set(key, count);
          maxRef.set(key, k);
        }
      }
    });
    refs ??= { lengths: referenceWords.map((w) => w.length), maxCounts, maxRef };
    this.segments[segment] = refs;
    return refs;
  }

  /** `score_segment` for a tokenized hypothesis; `withInfo` adds NIST's information sums. */
  segmentCounts(hypWords: readonly string[], segment: number, withInfo: boolean): MtevalSegmentCounts {
    const maxOrder = this.options.maxOrder;
    const refs = this.segmentReferences(segment);
    const matches = new Float64Array(maxOrder);
    const matchedInfo = new Float64Array(maxOrder);
    const hypNgrams = new Float64Array(maxOrder);
    const hypLength = hypWords.length;
    for (let n = 1; n <= maxOrder; n++) hypNgrams[n - 1] = n <= hypLength ? hypLength - n + 1 : 0;
    const hypCounts = countNgrams(hypWords, maxOrder);
    for (const [key, count] of hypCounts) {
      const refMax = refs.maxCounts.get(key);
      if (refMax === undefined) continue;
      const order = countSpaces(key) + 1;
      const clipped = Math.min(count, refMax);
      matches[order - 1] += clipped;
      if (withInfo) matchedInfo[order - 1] += this.info(key) * clipped;
    }
    return {
      matches,
      matchedInfo,
      hypNgrams,
      hypLength,
      closestRefLength: closestReferenceLength(refs.lengths, hypLength),
      refLengthSum: refs.lengths.reduce((a, b) => a + b, 0),
    };
  }

  /**
   * The matched n-grams behind a segment's counts, as spans: for every n-gram the first min(hyp count, max ref
   * count) occurrences in the hypothesis are matched, each to the next occurrence in the first reference that has
   * the maximal count. `weight` is the n-gram's information when `withInfo`.
   */
  matchedSpans(hypTokens: readonly Token[], segment: number, withInfo: boolean): { matches: SpanMatch[]; unmatched: Token[] } {
    const maxOrder = this.options.maxOrder;
    const refs = this.segmentReferences(segment);
    const hypWords = hypTokens.map((t) => t.text);
    const used = new Map<string, number>();
    const refOccurrences = new Map<string, Map<string, number[]>>();
    const matches: SpanMatch[] = [];
    const unigramMatched = new Array<boolean>(hypTokens.length).fill(false);
    for (let n = 1; n <= maxOrder; n++) {
      for (let i = 0; i + n <= hypWords.length; i++) {
        const key = hypWords.slice(i, i + n).join(' ');
        const refMax = refs.maxCounts.get(key);
        if (refMax === undefined) continue;
        const k = used.get(key) ?? 0;
        if (k >= refMax) continue;
        used.set(key, k + 1);
        const refIndex = refs.maxRef.get(key) ?? 0;
        const indexKey = `${refIndex}:${n}`;
        let index = refOccurrences.get(indexKey);
        if (!index) {
          index = ngramPositions(this.referenceTokensOf(segment)[refIndex], n);
          refOccurrences.set(indexKey, index);
        }
        const r = (index.get(key) as number[])[k];
        const refTokens = this.referenceTokensOf(segment)[refIndex];
        if (n === 1) unigramMatched[i] = true;
        matches.push({
          order: n,
          hypothesis: [{ start: hypTokens[i].start, end: hypTokens[i + n - 1].end }],
          referenceIndex: refIndex,
          reference: [{ start: refTokens[r].start, end: refTokens[r + n - 1].end }],
          ...(withInfo ? { weight: this.info(key) } : {}),
        });
      }
    }
    return { matches, unmatched: hypTokens.filter((_, i) => !unigramMatched[i]) };
  }
}

/** Where each n-gram of `tokens` starts (n-grams keyed as mteval joins them, with single spaces). */
function ngramPositions(tokens: readonly Token[], n: number): Map<string, number[]> {
  const index = new Map<string, number[]>();
  for (let i = 0; i + n <= tokens.length; i++) {
    let k = tokens[i].text;
    for (let j = 1; j < n; j++) k += ' ' + tokens[i + j].text;
    const list = index.get(k);
    if (list) list.push(i);
    else index.set(k, [i]);
  }
  return index;
}

function countSpaces(key: string): number {
  let spaces = 0;
  for (let i = 0; i < key.length; i++) if (key.charCodeAt(i) === 0x20) spaces++;
  return spaces;
}

/** `brevity_penalty_closest`: the reference length closest to the hypothesis length, ties → the shorter one. */
export function closestReferenceLength(lengths: readonly number[], hypLength: number): number {
  if (lengths.length === 0) return 0;
  let best = lengths[0];
  for (let k = 1; k < lengths.length; k++) {
    const d = Math.abs(hypLength - lengths[k]);
    const bestD = Math.abs(hypLength - best);
    if (d < bestD || (d === bestD && lengths[k] < best)) best = lengths[k];
  }
  return best;
}

/** Options with defaults filled in: lower-cased (mteval without `-c`) and the metric's default order. */
export function mtevalOptions(options: Partial<MtevalOptions> | undefined, defaultOrder: number): MtevalOptions {
  return {
    caseSensitive: options?.caseSensitive ?? false,
    maxOrder: options?.maxOrder ?? defaultOrder,
  };
}
