import { TokenizerName, sacrebleuTokenizer, SacrebleuTokenizer } from '../text/tokenizers/tokenizer';
import { WordInterner } from '../text/word-interner';
import { ReferenceSet } from './metric';
import { chooseErrorRateReference, ErrorRateReferenceLength } from './reference-length-choice';

/** Tokenized, interned references shared by WER, PER and GTM (sacreBLEU tokenizers, optional lower-casing). */
export class TokenizedReferences {
  readonly tokenizer: SacrebleuTokenizer;
  private readonly interner = new WordInterner();
  private readonly references: Int32Array[][];

  constructor(readonly referenceSet: ReferenceSet, tokenize: TokenizerName, lowercase: boolean) {
    this.tokenizer = sacrebleuTokenizer(tokenize, lowercase);
    const cache = new Map<string, Int32Array>();
    const segments = referenceSet.streams[0]?.length ?? 0;
    this.references = new Array(segments);
    for (let i = 0; i < segments; i++) {
      this.references[i] = referenceSet.streams.map((stream) => {
        let ids = cache.get(stream[i]);
        if (!ids) cache.set(stream[i], (ids = this.ids(stream[i])));
        return ids;
      });
    }
  }

  ids(line: string): Int32Array {
    const words = this.tokenizer.words(line);
    const out = new Int32Array(words.length);
    for (let i = 0; i < words.length; i++) out[i] = this.interner.internString(words[i]);
    return out;
  }

  of(segment: number): Int32Array[] {
    const refs = this.references[segment];
    if (!refs) throw new RangeError(`no references for segment ${segment}`);
    return refs;
  }
}

/** Σ_w min(count_a(w), count_b(w)): the bag-of-words overlap. */
export function bagOverlap(a: Int32Array, b: Int32Array): number {
  const counts = new Map<number, number>();
  for (const w of b) counts.set(w, (counts.get(w) ?? 0) + 1);
  let overlap = 0;
  for (const w of a) {
    const c = counts.get(w) ?? 0;
    if (c > 0) {
      overlap++;
      counts.set(w, c - 1);
    }
  }
  return overlap;
}

/**
 * For WER and PER: the hypothesis as ids, and the distance, reference length and reference chosen among the segment's
 * references (reference-length-choice.ts), given the metric's distance between two id sequences.
 */
export function chooseErrorRate(
  refs: TokenizedReferences, hypothesis: string, segment: number, referenceLength: ErrorRateReferenceLength,
  distance: (hyp: Int32Array, ref: Int32Array) => number,
): { hyp: Int32Array; distance: number; refLength: number; best: number } {
  const hyp = refs.ids(hypothesis);
  const candidates = refs.of(segment);
  const distances = candidates.map((r) => distance(hyp, r));
  return { hyp, ...chooseErrorRateReference(distances, candidates.map((r) => r.length), hyp.length, referenceLength) };
}
