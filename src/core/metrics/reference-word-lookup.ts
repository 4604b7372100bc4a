import { WordInterner, WordNumbering } from '../text/word-interner';
import { ReferenceIndex, unigramSymbols } from './reference-ngram-index';

/**
 * Numbers a hypothesis's words by one reference's unigram ids (0 for a word the reference lacks), for a tokenizer:
 * only the reference's few words need a place, so a small table replaces the corpus-wide interner, and words the
 * reference lacks are never stored. Word equality is the interner's (same hash, same code units).
 */
export class ReferenceWordLookup implements WordNumbering {
  /** Open addressing: (hash, unigram id) per entry, unigram id 0 = empty. */
  private table = new Int32Array(2 * 16);
  private mask = 15;
  /** Interner id of each unigram id. */
  private words = new Int32Array(16);

  /**
   * `passThrough`: every word is interned in `interner` instead (for the references themselves). The same class
   * serves both uses so that the tokenizer calling it sees one kind of object, which keeps V8 from re-optimizing the
   * tokenizer when the hypotheses start.
   */
  constructor(
    private readonly interner: WordInterner,
    private readonly passThrough = false,
  ) {}

  /** Makes the lookup answer with the unigram ids of `reference`, whose symbols are this interner's word ids. */
  load(reference: ReferenceIndex): void {
    const unigrams = unigramSymbols(reference);
    let size = 16;
    while (size < 2 * unigrams.length) size *= 2;
    if (this.table.length < 2 * size) this.table = new Int32Array(2 * size);
    else this.table.fill(0, 0, 2 * size);
    if (this.words.length < unigrams.length + 1) this.words = new Int32Array(2 * unigrams.length + 2);
    const mask = (this.mask = size - 1);
    const table = this.table;
    for (let k = 0; k < unigrams.length; k++) {
      const word = unigrams[k];
      this.words[k + 1] = word;
      const hash = this.interner.hashOf(word);
      let e = hash & mask;
      while (table[2 * e + 1] !== 0) e = (e + 1) & mask;
      table[2 * e] = hash;
      table[2 * e + 1] = k + 1;
    }
  }

  intern(codes: Uint16Array, start: number, end: number): number {
    let hash = 0x811c9dc5 | 0;
    for (let i = start; i < end; i++) hash = Math.imul(hash ^ codes[i], 0x01000193);
    return this.internHashed(codes, start, end, hash);
  }

  internHashed(codes: Uint16Array, start: number, end: number, hash: number): number {
    if (this.passThrough) return this.interner.internHashed(codes, start, end, hash);
    const { table, mask } = this;
    let e = hash & mask;
    for (;;) {
      const unigram = table[2 * e + 1];
      if (unigram === 0) return 0;
      if (table[2 * e] === hash && this.interner.matches(this.words[unigram], codes, start, end)) return unigram;
      e = (e + 1) & mask;
    }
  }
}
