import { markReassignable } from '../runtime/reassignable-fields';
import { WordInterner, WordNumbering } from '../text/word-interner';
import { distinctSymbols, ReferenceIndex, unigramSymbolBase } from './reference-ngram-index';

/**
 * Numbers a hypothesis's words by one reference's unigram ids (0 for a word the reference lacks), for a tokenizer:
 * only the reference's few words need a place, so a small table replaces the corpus-wide interner, and words the
 * reference lacks are never stored. Word equality is the interner's (same hash, same code units).
 *
 * Each reference's table is built once (`addReference`, when the reference is indexed) and kept end to end with the
 * others in one array; `select` points the lookup at one of them before a hypothesis is scanned.
 */
export class ReferenceWordLookup implements WordNumbering {
  /** Per reference, at its offset: the mask (entries − 1), then (hash, unigram id) per entry, unigram id 0 = empty. */
  private tables = new Int32Array(1 << 12);
  private used = 0;
  /** The selected reference: its table's first entry, mask, and index data with the base of its symbols. */
  private entries = 0;
  private mask = 0;
  private data: Int32Array = new Int32Array(0);
  private symbolBase = 0;

  /**
   * `passThrough`: every word is interned in `interner` instead (for the references themselves). The same class
   * serves both uses so that the tokenizer calling it sees one kind of object, which keeps V8 from re-optimizing the
   * tokenizer when the hypotheses start.
   */
  constructor(
    private readonly interner: WordInterner,
    private readonly passThrough = false,
  ) {
    markReassignable(this, 'tables', 'data');
  }

  /** Builds the table of `reference`, whose symbols are this interner's word ids; returns its handle for `select`. */
  addReference(reference: ReferenceIndex): number {
    const count = distinctSymbols(reference);
    const base = unigramSymbolBase(reference);
    const data = reference.data;
    let size = 16;
    while (size < 2 * count) size *= 2;
    const at = this.used;
    if (at + 1 + 2 * size > this.tables.length) {
      let capacity = this.tables.length;
      while (capacity < at + 1 + 2 * size) capacity *= 2;
      const grown = new Int32Array(capacity);
      grown.set(this.tables.subarray(0, at));
      this.tables = grown;
    }
    const tables = this.tables;
    const mask = size - 1;
    tables[at] = mask;
    for (let u = 1; u <= count; u++) {
      const hash = this.interner.hashOf(data[base + u]);
      let e = hash & mask;
      while (tables[at + 2 + 2 * e] !== 0) e = (e + 1) & mask;
      tables[at + 1 + 2 * e] = hash;
      tables[at + 2 + 2 * e] = u;
    }
    this.used = at + 1 + 2 * size;
    return at;
  }

  /** Makes the lookup answer with the unigram ids of `reference`, whose table `addReference` returned `handle` for. */
  select(reference: ReferenceIndex, handle: number): void {
    this.mask = this.tables[handle];
    this.entries = handle + 1;
    this.data = reference.data;
    this.symbolBase = unigramSymbolBase(reference);
  }

  intern(codes: Uint16Array, start: number, end: number): number {
    let hash = 0x811c9dc5 | 0;
    for (let i = start; i < end; i++) hash = Math.imul(hash ^ codes[i], 0x01000193);
    return this.internHashed(codes, start, end, hash);
  }

  internHashed(codes: Uint16Array, start: number, end: number, hash: number): number {
    if (this.passThrough) return this.interner.internHashed(codes, start, end, hash);
    const { tables, mask, entries } = this;
    let e = hash & mask;
    for (;;) {
      const unigram = tables[entries + 2 * e + 1];
      if (unigram === 0) return 0;
      if (tables[entries + 2 * e] === hash && this.interner.matches(this.data[this.symbolBase + unigram], codes, start, end)) return unigram;
      e = (e + 1) & mask;
    }
  }
}
