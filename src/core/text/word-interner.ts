import { markReassignable } from '../runtime/reassignable-fields';
/** How a tokenizer numbers the words it finds: a `WordInterner`, or a lookup that knows only some words (0 else). */
export interface WordNumbering {
  intern(codes: Uint16Array, start: number, end: number): number;
  /** `intern` when the caller has already computed the FNV-1a hash of the code units. */
  internHashed(codes: Uint16Array, start: number, end: number, hash: number): number;
}

/**
 * Interns words to dense integer ids straight from UTF-16 code units, so a hot tokenizer can number its words
 * without creating a JavaScript string per word (open addressing over a pool of code units; FNV-1a hashing).
 * `internString` gives the same id as interning the same code units.
 */
export class WordInterner implements WordNumbering {
  private pool = new Uint16Array(1 << 16);
  private poolUsed = 0;
  private offsets = new Int32Array(1 << 12);
  private lengths = new Int32Array(1 << 12);
  private hashes = new Int32Array(1 << 12);
  private table = new Int32Array(1 << 13).fill(-1);
  private count = 0;
  private scratch = new Uint16Array(256);

  constructor() {
    markReassignable(this, 'pool', 'offsets', 'lengths', 'hashes', 'table', 'scratch');
  }

  get size(): number {
    return this.count;
  }

  /** The id of the word made of `codes[start..end)`. */
  intern(codes: Uint16Array, start: number, end: number): number {
    let hash = 0x811c9dc5 | 0;
    for (let i = start; i < end; i++) hash = Math.imul(hash ^ codes[i], 0x01000193);
    return this.internHashed(codes, start, end, hash);
  }

  /** `intern` when the caller has already computed the FNV-1a hash of the code units (as `intern` does). */
  internHashed(codes: Uint16Array, start: number, end: number, hash: number): number {
    const mask = this.table.length - 1;
    let slot = hash & mask;
    const length = end - start;
    for (;;) {
      const id = this.table[slot];
      if (id < 0) break;
      if (this.hashes[id] === hash && this.lengths[id] === length && this.sameCodes(id, codes, start, length)) return id;
      slot = (slot + 1) & mask;
    }
    const id = this.add(codes, start, length, hash);
    this.table[slot] = id;
    if (this.count * 2 > this.table.length) this.rehash();
    return id;
  }

  internString(word: string): number {
    if (word.length > this.scratch.length) this.scratch = new Uint16Array(word.length * 2);
    for (let i = 0; i < word.length; i++) this.scratch[i] = word.charCodeAt(i);
    return this.intern(this.scratch, 0, word.length);
  }

  /** The FNV-1a hash of word `id`'s code units. */
  hashOf(id: number): number {
    return this.hashes[id];
  }

  /** Whether word `id` is made of `codes[start..end)`. */
  matches(id: number, codes: Uint16Array, start: number, end: number): boolean {
    return this.lengths[id] === end - start && this.sameCodes(id, codes, start, end - start);
  }

  word(id: number): string {
    const start = this.offsets[id];
    return String.fromCharCode(...this.pool.subarray(start, start + this.lengths[id]));
  }

  private sameCodes(id: number, codes: Uint16Array, start: number, length: number): boolean {
    const at = this.offsets[id];
    for (let k = 0; k < length; k++) if (this.pool[at + k] !== codes[start + k]) return false;
    return true;
  }

  private add(codes: Uint16Array, start: number, length: number, hash: number): number {
    if (this.poolUsed + length > this.pool.length) {
      const grown = new Uint16Array(Math.max(this.pool.length * 2, this.poolUsed + length));
      grown.set(this.pool.subarray(0, this.poolUsed));
      this.pool = grown;
    }
    this.pool.set(codes.subarray(start, start + length), this.poolUsed);
    if (this.count === this.offsets.length) {
      const grow = (a: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> => {
        const b = new Int32Array(a.length * 2);
        b.set(a);
        return b;
      };
      this.offsets = grow(this.offsets);
      this.lengths = grow(this.lengths);
      this.hashes = grow(this.hashes);
    }
    const id = this.count++;
    this.offsets[id] = this.poolUsed;
    this.lengths[id] = length;
    this.hashes[id] = hash;
    this.poolUsed += length;
    return id;
  }

  private rehash(): void {
    const table = new Int32Array(this.table.length * 2).fill(-1);
    const mask = table.length - 1;
    for (let id = 0; id < this.count; id++) {
      let slot = this.hashes[id] & mask;
      while (table[slot] >= 0) slot = (slot + 1) & mask;
      table[slot] = id;
    }
    this.table = table;
  }
}
