import * as assert from 'assert';
import { IndexedMatchCounter, indexedLength, ReferenceNgramIndexer } from '../../src/core/metrics/reference-ngram-index';
import { prepareBleu, prepareSentenceBleu } from '../../src/core/metrics/bleu';
import { prepareChrf } from '../../src/core/metrics/chrf';
import { PreparedMetric, ReferenceSet } from '../../src/core/metrics/metric';
import { readDataLines } from './golden';

/** Σ over n-grams of min(hyp count, ref count), for n = 1..maxOrder, by counting joined n-gram strings. */
function naiveClippedMatches(hyp: readonly number[], ref: readonly number[], maxOrder: number): number[] {
  const result: number[] = [];
  for (let n = 1; n <= maxOrder; n++) {
    const counts = (symbols: readonly number[]): Map<string, number> => {
      const map = new Map<string, number>();
      for (let i = 0; i + n <= symbols.length; i++) {
        const key = symbols.slice(i, i + n).join(',');
        map.set(key, (map.get(key) ?? 0) + 1);
      }
      return map;
    };
    const refCounts = counts(ref);
    let matched = 0;
    for (const [key, count] of counts(hyp)) matched += Math.min(count, refCounts.get(key) ?? 0);
    result.push(matched);
  }
  return result;
}

describe('reference n-gram index: clipped matches against a naive count (random sequences)', () => {
  let seed = 2024;
  const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
  const sequence = (length: number, alphabet: number, offset: number): number[] =>
    Array.from({ length }, () => offset + Math.floor(random() * alphabet));

  for (const [rows, indexer] of [
    ['dense rows', new ReferenceNgramIndexer()],
    ['hashed rows', new ReferenceNgramIndexer(0)],
  ] as const) {
    it(`agree on 4,000 hypothesis/reference pairs (${rows})`, () => {
      const counter = new IndexedMatchCounter();
      for (let t = 0; t < 4000; t++) {
        const alphabet = 1 + Math.floor(random() * [2, 4, 12, 300][t % 4]);
        // Large symbol values too (code points, word ids of a big vocabulary), and symbols only one side has.
        const offset = t % 5 === 0 ? 70_000 : 0;
        const ref = sequence(Math.floor(random() * 40), alphabet, offset);
        const hyp =
          random() < 0.5 ? sequence(Math.floor(random() * 40), alphabet + 2, offset) : [...sequence(3, alphabet, offset), ...ref.slice(2), ...sequence(2, alphabet, offset)];
        const maxOrder = 1 + Math.floor(random() * 8);
        // The index may be built for a higher order than the count asks for.
        const index = indexer.build(Int32Array.from([5, ...ref, 7]), 1, ref.length + 1, maxOrder + (t % 3));
        assert.strictEqual(indexedLength(index), ref.length);
        const stride = 1 + (t % 3);
        const out = new Float64Array(stride * maxOrder + 2).fill(-1);
        const maxSymbol = Math.max(0, ...hyp, ...ref);
        counter.count(index, Int32Array.from([9, 9, ...hyp]), 2, hyp.length + 2, maxSymbol, maxOrder, out, 1, stride);
        const got = Array.from({ length: maxOrder }, (_, n) => out[1 + stride * n]);
        assert.deepStrictEqual(got, naiveClippedMatches(hyp, ref, maxOrder), JSON.stringify({ hyp, ref, maxOrder }));
      }
    });
  }

  it('refuses a count of a higher order than the index has', () => {
    const index = new ReferenceNgramIndexer().build(Int32Array.from([1, 2, 3]), 0, 3, 2);
    assert.throws(() => new IndexedMatchCounter().count(index, Int32Array.from([1, 2, 3]), 0, 3, 3, 3, new Float64Array(9), 0, 3), RangeError);
  });
});

describe('a corpus whose reference lines repeat (several systems against one reference set)', () => {
  // Four WMT21 cs-en systems against reference A (and B), concatenated: every reference line occurs four times.
  const lines = 250;
  const systems = ['Facebook-AI', 'Online-B', 'CUNI-DocTransformer', 'Online-W'].map((s) =>
    readDataLines(`data/wmt21-news/txt/system-outputs/newstest2021.cs-en.hyp.${s}.en`, lines),
  );
  const refA = readDataLines('data/wmt21-news/txt/references/newstest2021.cs-en.ref.A.en', lines);
  const refB = readDataLines('data/wmt21-news/txt/references/newstest2021.cs-en.ref.B.en', lines);
  const hypotheses = systems.flat();
  const streamA = systems.flatMap(() => refA);
  const streamB = systems.flatMap(() => refB);

  const cases: [string, (refs: ReferenceSet) => PreparedMetric][] = [
    ['BLEU', (refs) => prepareBleu(refs)],
    ['BLEU, intl tokenizer, max order 5', (refs) => prepareBleu(refs, { tokenize: 'intl', maxOrder: 5 })],
    ['sentence BLEU', (refs) => prepareSentenceBleu(refs)],
    ['chrF', (refs) => prepareChrf(refs)],
    ['chrF++ lowercased', (refs) => prepareChrf(refs, { wordOrder: 2, lowercase: true })],
  ];
  for (const [name, prepare] of cases) {
    for (const streams of [[streamA], [streamA, streamB]]) {
      it(`${name} with ${streams.length} reference(s): each segment's stats are those of the segment scored alone`, () => {
        const corpus = prepare({ streams });
        assert.strictEqual(new Set(streams[0]).size, lines);
        for (let i = 0; i < hypotheses.length; i++) {
          const alone = prepare({ streams: streams.map((s) => [s[i]]) }).stats(hypotheses[i], 0);
          assert.deepStrictEqual(Array.from(corpus.stats(hypotheses[i], i)), Array.from(alone), `segment ${i}`);
        }
        // Rows are independent: scoring more segments does not change a row already returned.
        const first = corpus.stats(hypotheses[0], 0);
        const copy = Array.from(first);
        for (let i = 1; i < 50; i++) corpus.stats(hypotheses[i], i);
        assert.deepStrictEqual(Array.from(first), copy);
      });
    }
  }
});
