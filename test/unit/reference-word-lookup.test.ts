import * as assert from 'assert';
import { ReferenceNgramIndexer } from '../../src/core/metrics/reference-ngram-index';
import { ReferenceWordLookup } from '../../src/core/metrics/reference-word-lookup';
import { markReassignable } from '../../src/core/runtime/reassignable-fields';
import { WordInterner } from '../../src/core/text/word-interner';

const units = (word: string): Uint16Array => Uint16Array.from(word, (c) => c.charCodeAt(0));

describe('reference word lookup: hypothesis words numbered by each reference’s unigram ids', () => {
  it('finds every word of each of 3,000 references (their tables built once, end to end) and nothing else', () => {
    const interner = new WordInterner();
    const indexer = new ReferenceNgramIndexer();
    const lookup = new ReferenceWordLookup(interner);
    // Words w0..w499, each reference a run of 5 to 44 of them with repeats: tables of 16 to 128 entries.
    const references = Array.from({ length: 3000 }, (_, r) => Array.from({ length: 5 + (r % 40) }, (_unused, k) => `w${(r * 7 + k * (k % 3)) % 500}`));
    const entries = references.map((words) => {
      const ids = Int32Array.from(words, (w) => interner.internString(w));
      const index = indexer.build(ids, 0, ids.length, 4);
      return { words, index, handle: lookup.addReference(index) };
    });
    for (const { words, index, handle } of entries) {
      lookup.select(index, handle);
      const distinct = [...new Set(words)];
      // Unigram ids are 1.. in order of first occurrence.
      distinct.forEach((word, k) => assert.strictEqual(lookup.intern(units(word), 0, word.length), k + 1, word));
      for (const absent of ['w500', 'w', 'x1', ''].concat(distinct.map((w) => `${w}x`))) assert.strictEqual(lookup.intern(units(absent), 0, absent.length), 0, absent);
    }
  });

  it('in pass-through mode numbers words by the interner, as the references themselves are', () => {
    const interner = new WordInterner();
    const through = new ReferenceWordLookup(interner, true);
    const id = through.intern(units('house'), 0, 5);
    assert.strictEqual(interner.internString('house'), id);
    assert.strictEqual(through.intern(units('house'), 0, 5), id);
  });
});

describe('markReassignable', () => {
  class Buffers {
    codes = new Uint16Array(4);
    ids = new Int32Array(8);
    constructor() {
      markReassignable(this, 'codes', 'ids');
    }
  }

  it('leaves each field holding its value', () => {
    const first = new Buffers();
    const codes = first.codes;
    first.codes[0] = 7;
    assert.strictEqual(first.codes, codes);
    assert.ok(first.ids instanceof Int32Array && first.ids.length === 8);
    assert.ok(new Buffers().codes instanceof Uint16Array);
  });

  it('refuses a field the object does not have (a misspelt name would otherwise go unnoticed)', () => {
    assert.throws(() => markReassignable({ a: new Int32Array(1) }, 'b'), /no field b/);
  });
});
