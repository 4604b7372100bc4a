import * as assert from 'assert';
import { gtmRuns, matchingSize, prepareGtm } from '../../src/core/metrics/gtm';
import { PreparedMetric, ReferenceSet, sumStats } from '../../src/core/metrics/metric';
import { preparePer } from '../../src/core/metrics/per';
import { prepareWer } from '../../src/core/metrics/wer';
import { levenshtein } from '../../src/core/metrics/edit-distance';
import { readDataLines } from './golden';

const score = (metric: PreparedMetric, hyp: string, segment = 0) => metric.sentenceScore(metric.stats(hyp, segment)).score;
const stats = (metric: PreparedMetric, hyp: string, segment = 0) => Array.from(metric.stats(hyp, segment));
const near = (actual: number, expected: number) => assert.ok(Math.abs(actual - expected) <= 1e-12 * Math.max(1, Math.abs(expected)), `${actual} ≠ ${expected}`);
const corpus = (metric: PreparedMetric, hyps: string[]) => {
  const rows = hyps.map((h, i) => metric.stats(h, i));
  return metric.corpusScore(sumStats(rows, metric.statsLayout.length), rows.length);
};
const text = (line: string, s: { start: number; end: number } | undefined) => (s ? line.slice(s.start, s.end) : undefined);

describe('WER and PER (Leusch et al. 2005)', () => {
  it('the digest\'s derived example: "a b c d" vs "a b e" gives d_L = d_PER = 2 and WER = PER = 2/3', () => {
    const refs = { streams: [['a b e']] };
    // d_L: substitute c→e, delete d = 2. d_PER = ½(|4−3| + c:1 + d:1 + e:1) = 2. Stats [distance, refLength, hypLength].
    assert.deepStrictEqual(stats(prepareWer(refs), 'a b c d'), [2, 3, 4]);
    assert.deepStrictEqual(stats(preparePer(refs), 'a b c d'), [2, 3, 4]);
    near(score(prepareWer(refs), 'a b c d'), 200 / 3);
    near(score(preparePer(refs), 'a b c d'), 200 / 3);
  });

  it('PER ignores order where WER does not: "c b a" vs "a b c"', () => {
    const refs = { streams: [['a b c']] };
    assert.strictEqual(score(preparePer(refs), 'c b a'), 0); // same bag of words
    assert.strictEqual(stats(prepareWer(refs), 'c b a')[0], 2); // substitute a→c and c→a
  });

  it('PER equals Leusch et al.\'s ½(|I − Ĩ| + Σ_e |n_e − ñ_e|) on real segments', () => {
    const hyps = readDataLines('data/wmt21-news/txt/system-outputs/newstest2021.cs-en.hyp.Online-B.en', 60);
    const refLines = readDataLines('data/wmt21-news/txt/references/newstest2021.cs-en.ref.A.en', 60);
    const per = preparePer({ streams: [refLines] }, { tokenize: 'none' });
    hyps.forEach((hyp, i) => {
      const h = hyp.split(/\s+/).filter(Boolean);
      const r = refLines[i].split(/\s+/).filter(Boolean);
      const counts = new Map<string, number>();
      for (const w of h) counts.set(w, (counts.get(w) ?? 0) + 1);
      for (const w of r) counts.set(w, (counts.get(w) ?? 0) - 1);
      let diff = 0;
      for (const c of counts.values()) diff += Math.abs(c);
      assert.strictEqual(per.stats(hyp, i)[0], (Math.abs(h.length - r.length) + diff) / 2, `segment ${i}`);
    });
  });

  it('is 0 for an identical candidate (Owczarzak et al. Table 1) and handles empty lines', () => {
    const refs = { streams: [['the cat sat .']] };
    assert.strictEqual(score(prepareWer(refs), 'the cat sat.'), 0); // 13a splits the full stop: same 4 words
    // Empty hypothesis: delete all 4 reference words → 4/4.
    assert.deepStrictEqual(stats(prepareWer(refs), ''), [4, 4, 0]);
    assert.strictEqual(score(prepareWer(refs), ''), 100);
    assert.strictEqual(score(preparePer(refs), ''), 100); // ½(|0−4| + 4) = 4
    // Empty reference: 2 insertions over length 0 → 100 (sacreBLEU's TER convention); both empty → 0.
    for (const prepare of [prepareWer, preparePer]) {
      const empty = prepare({ streams: [['']] });
      assert.deepStrictEqual(stats(empty, 'x y'), [2, 0, 2]);
      assert.strictEqual(score(empty, 'x y'), 100);
      assert.deepStrictEqual(stats(empty, ''), [0, 0, 0]);
      assert.strictEqual(score(empty, ''), 0);
    }
  });

  it('chooses the reference and its length as configured', () => {
    // hyp "a b c d": ref1 "a b c d e f g h" (d=4, len 8, rel 0.5), ref2 "a x" (d=3, len 2, rel 1.5).
    const refs = { streams: [['a b c d e f g h'], ['a x']] };
    const first2 = (referenceLength: 'best' | 'nearest' | 'average' | 'average-nearest') => stats(prepareWer(refs, { referenceLength }), 'a b c d').slice(0, 2);
    assert.deepStrictEqual(first2('best'), [4, 8]); // lowest relative error: ref1
    assert.deepStrictEqual(first2('nearest'), [3, 2]); // min distance 3; nearest length to 4 is 2 (|4−2| < |4−8|)
    assert.deepStrictEqual(first2('average'), [3, 5]); // min distance 3, (8 + 2)/2
    assert.deepStrictEqual(first2('average-nearest'), [3, 2]); // only ref2 reaches d = 3
    // An empty reference has infinite relative error once there is an edit: "a b" vs "a b c" (1/3) beats "" (2/0).
    const withEmpty = prepareWer({ streams: [['a b c'], ['']] });
    assert.deepStrictEqual(stats(withEmpty, 'a b'), [1, 3, 2]);
    assert.strictEqual(withEmpty.explain('a b', 0).bestReference, 0);
  });

  it('PER with several references: min over references, normalised like WER', () => {
    // hyp "b a c": ref1 "a b c" d_PER = 0 (len 3); ref2 "a b" d_PER = ½(1 + 1) = 1 (len 2).
    const refs = { streams: [['a b c'], ['a b']] };
    assert.deepStrictEqual(stats(preparePer(refs), 'b a c'), [0, 3, 3]);
    assert.deepStrictEqual(stats(preparePer(refs, { referenceLength: 'average' }), 'b a c'), [0, 2.5, 3]);
  });

  it('sums distances and reference lengths over the corpus', () => {
    // seg 1: 0 edits / 3; seg 2: "d e" vs "d e f g" = 2 deletions / 4 → 100 · 2/7.
    const metric = prepareWer({ streams: [['a b c', 'd e f g']] });
    assert.strictEqual(corpus(metric, ['a b c', 'd e']).score, (100 * 2) / 7);
    // 'average' over two references: seg 1 min d = 0, lengths (3 + 1)/2 = 2; seg 2 min d = 1 ("d e" vs "d e f"),
    // lengths (4 + 3)/2 = 3.5 → 100 · 1/5.5.
    const average = prepareWer({ streams: [['a b c', 'd e f g'], ['a', 'd e f']] }, { referenceLength: 'average' });
    assert.strictEqual(corpus(average, ['a b c', 'd e']).score, 100 / 5.5);
  });

  it('lower-cases and tokenizes as configured', () => {
    const refs = { streams: [['the cat .']] };
    assert.strictEqual(stats(prepareWer(refs), 'The Cat.')[0], 2); // The≠the, Cat≠cat
    assert.strictEqual(stats(prepareWer(refs, { lowercase: true }), 'The Cat.')[0], 0);
    // tokenize none: "cat." is one word → substitute it and delete "." (3 reference words, 2 hypothesis words).
    assert.deepStrictEqual(stats(prepareWer(refs, { tokenize: 'none', lowercase: true }), 'The cat.'), [2, 3, 2]);
  });

  it('explains WER with an edit script over spans of the original lines', () => {
    const ref = 'the cat sat on the mat';
    const metric = prepareWer({ streams: [[ref]] });
    const hyp = 'the dog  sat on mat';
    const e = metric.explain(hyp, 0);
    assert.deepStrictEqual(e.edits!.map((s) => s.op), ['match', 'substitute', 'match', 'match', 'delete', 'match']);
    const sub = e.edits!.find((s) => s.op === 'substitute')!;
    assert.strictEqual(text(hyp, sub.hypothesis), 'dog');
    assert.strictEqual(text(ref, sub.reference), 'cat');
    const del = e.edits!.find((s) => s.op === 'delete')!;
    assert.strictEqual(del.hypothesis, undefined);
    assert.strictEqual(text(ref, del.reference), 'the');
    assert.deepStrictEqual(e.matches.map((m) => text(hyp, m.hypothesis[0])), ['the', 'sat', 'on', 'mat']);
    assert.deepStrictEqual(e.unmatchedHypothesis.map((s) => text(hyp, s)), ['dog']);
    assert.strictEqual(e.details.distance, 2);
    assert.strictEqual(e.bestReference, 0);
  });

  it('the edit script has as many edits as the Levenshtein distance, on real segments', () => {
    const hyps = readDataLines('data/wmt21-news/txt/system-outputs/newstest2021.cs-en.hyp.Online-B.en', 40);
    const refLines = readDataLines('data/wmt21-news/txt/references/newstest2021.cs-en.ref.A.en', 40);
    const wer = prepareWer({ streams: [refLines] });
    hyps.forEach((hyp, i) => {
      const e = wer.explain(hyp, i);
      assert.strictEqual(e.edits!.filter((s) => s.op !== 'match').length, wer.stats(hyp, i)[0], `segment ${i}`);
      for (const m of e.matches) assert.strictEqual(text(hyp, m.hypothesis[0]), text(refLines[i], m.reference[0]));
    });
  });

  it('explains PER with bag matches and the unmatched hypothesis words', () => {
    const hyp = 'b a a z';
    const e = preparePer({ streams: [['a b c']] }).explain(hyp, 0);
    // Bags: hyp {a:2, b, z}, ref {a, b, c}: overlap 2 ("b", the first "a"); d = max(4, 3) − 2 = 2.
    assert.deepStrictEqual(e.matches.map((m) => [text(hyp, m.hypothesis[0]), text('a b c', m.reference[0]), m.order]), [['b', 'b', 1], ['a', 'a', 1]]);
    assert.deepStrictEqual(e.unmatchedHypothesis.map((s) => text(hyp, s)), ['a', 'z']);
    assert.strictEqual(e.details.distance, 2);
    near(e.score, 200 / 3);
  });

  it('computes Levenshtein distances', () => {
    assert.strictEqual(levenshtein(Int32Array.of(1, 2, 3), Int32Array.of(1, 3)), 1);
    assert.strictEqual(levenshtein(Int32Array.of(), Int32Array.of(1, 2)), 2);
    assert.strictEqual(levenshtein(Int32Array.of(1, 2, 3, 4), Int32Array.of(4, 3, 2, 1)), 4);
  });
});

describe('GTM (Turian et al. 2003)', () => {
  it('is 100 for an identical candidate (Owczarzak et al. Table 1), for any exponent and at corpus level', () => {
    const refs = { streams: [['john resigned yesterday .', 'it rained']] };
    for (const exponent of [1, 2, 3]) {
      const gtm = prepareGtm(refs, { exponent });
      assert.strictEqual(score(gtm, 'john resigned yesterday .'), 100);
      assert.strictEqual(corpus(gtm, ['john resigned yesterday .', 'it rained']).score, 100);
    }
  });

  it('e = 1 is the bag overlap; e = 2 rewards contiguous runs', () => {
    // "a b c d" vs "c d a b": runs "a b" and "c d". e=1: MMS 4 → F 100. e=2: MMS = √(2² + 2²) = √8; P = R = √8/4.
    const refs = { streams: [['c d a b']] };
    assert.strictEqual(score(prepareGtm(refs), 'a b c d'), 100);
    near(score(prepareGtm(refs, { exponent: 2 }), 'a b c d'), (100 * Math.sqrt(8)) / 4);
    // The seed's reordering example: "yesterday , john resigned" vs "john resigned yesterday": runs "john resigned" and
    // "yesterday"; e=2: MMS = √(2² + 1²) = √5, P = √5/4, R = √5/3, F = 2PR/(P+R).
    const s = score(prepareGtm({ streams: [['john resigned yesterday']] }, { exponent: 2 }), 'yesterday , john resigned');
    const p = Math.sqrt(5) / 4;
    const r = Math.sqrt(5) / 3;
    near(s, (100 * 2 * p * r) / (p + r));
    // e=1 on the same pair: MMS 3, P = 3/4, R = 1 → F = 2·0.75/1.75 = 6/7.
    near(score(prepareGtm({ streams: [['john resigned yesterday']] }), 'yesterday , john resigned'), 600 / 7);
  });

  it('takes the longest run first (the GTM tool\'s greedy approximation)', () => {
    assert.deepStrictEqual(gtmRuns(Int32Array.of(1, 2, 3, 1, 2), Int32Array.of(1, 2, 3)), [{ hyp: 0, ref: 0, length: 3 }]);
    assert.deepStrictEqual(gtmRuns(Int32Array.of(5, 1, 2), Int32Array.of(1, 2, 5)), [{ hyp: 0, ref: 2, length: 1 }, { hyp: 1, ref: 0, length: 2 }]);
    // Ties go to the earliest run in the hypothesis: "1 2" at hyp 0 takes ref 0, "1 2" at hyp 2 takes ref 2.
    assert.deepStrictEqual(gtmRuns(Int32Array.of(1, 2, 1, 2), Int32Array.of(1, 2, 1, 2)), [{ hyp: 0, ref: 0, length: 4 }]);
    assert.deepStrictEqual(gtmRuns(Int32Array.of(1, 2, 9, 1, 2), Int32Array.of(1, 2, 1, 2)), [{ hyp: 0, ref: 0, length: 2 }, { hyp: 3, ref: 2, length: 2 }]);
    // Leftover single words pair earliest-first: hyp 7 7 vs ref 7 8 7.
    assert.deepStrictEqual(gtmRuns(Int32Array.of(7, 7), Int32Array.of(7, 8, 7)), [{ hyp: 0, ref: 0, length: 1 }, { hyp: 1, ref: 2, length: 1 }]);
    assert.deepStrictEqual(gtmRuns(Int32Array.of(), Int32Array.of(1)), []);
    assert.strictEqual(matchingSize([{ hyp: 0, ref: 0, length: 3 }, { hyp: 3, ref: 5, length: 4 }], 2), 5); // √(9 + 16)
  });

  it('uses the reference with the best F', () => {
    // hyp "a b c": ref1 "a x y z w" MMS 1, P 1/3, R 1/5, F 1/4; ref2 "a b c d" MMS 3, P 1, R 3/4, F 6/7 → ref2.
    const gtm = prepareGtm({ streams: [['a x y z w'], ['a b c d']] });
    assert.deepStrictEqual(stats(gtm, 'a b c'), [3, 3, 4]);
    near(score(gtm, 'a b c'), 600 / 7);
    const e = gtm.explain('a b c', 0);
    assert.strictEqual(e.bestReference, 1);
    assert.deepStrictEqual(e.matches.map((m) => [m.referenceIndex, m.order]), [[1, 3]]);
  });

  it('scores empty lines 0', () => {
    const gtm = prepareGtm({ streams: [['a b', '']] });
    assert.deepStrictEqual(stats(gtm, ''), [0, 0, 2]); // P undefined → 0, R = 0/2
    assert.strictEqual(score(gtm, ''), 0);
    assert.deepStrictEqual(stats(gtm, 'a', 1), [0, 1, 0]);
    assert.strictEqual(score(gtm, 'a', 1), 0);
    assert.strictEqual(score(gtm, '', 1), 0);
    assert.deepStrictEqual(gtm.explain('', 1).matches, []);
    assert.throws(() => prepareGtm({ streams: [['a']] }, { exponent: 0.5 }), RangeError);
  });

  it('sums per-segment MMS and lengths over the corpus', () => {
    // e=2. seg 1 identical "a b c": one run of 3, MMS 3. seg 2 "x z" vs "x y": MMS 1. Totals [4, 5, 5] → P = R = F = 0.8.
    const metric = prepareGtm({ streams: [['a b c', 'x y']] }, { exponent: 2 });
    const rows = [metric.stats('a b c', 0), metric.stats('x z', 1)];
    assert.deepStrictEqual(Array.from(sumStats(rows, 3)), [4, 5, 5]);
    assert.strictEqual(metric.corpusScore(sumStats(rows, 3), 2).score, 80);
    const parts = metric.corpusScore(sumStats(rows, 3), 2).parts;
    assert.deepStrictEqual([parts.p, parts.r, parts.f], [80, 80, 80]);
  });

  it('explains runs as contiguous spans of the original lines', () => {
    const ref = 'the cat sat on the mat';
    const hyp = 'on the mat,  the cat sat';
    const e = prepareGtm({ streams: [[ref]] }, { exponent: 2 }).explain(hyp, 0);
    // Longest runs: "the cat sat" (3) then "on the mat" (3); the comma matches nothing. MMS = √18, |hyp| 7, |ref| 6.
    assert.deepStrictEqual(e.matches.map((m) => [text(hyp, m.hypothesis[0]), text(ref, m.reference[0]), m.order]), [
      ['on the mat', 'on the mat', 3],
      ['the cat sat', 'the cat sat', 3],
    ]);
    assert.deepStrictEqual(e.unmatchedHypothesis.map((s) => text(hyp, s)), [',']);
    near(e.details.mms as number, Math.sqrt(18));
    const p = Math.sqrt(18) / 7;
    const r = Math.sqrt(18) / 6;
    near(e.score, (100 * 2 * p * r) / (p + r));
    assert.deepStrictEqual(e.details.runs, [3, 3]);
  });

  it('explains e = 1 with runs whose lengths add up to the bag overlap', () => {
    const hyps = readDataLines('data/wmt21-news/txt/system-outputs/newstest2021.cs-en.hyp.Online-B.en', 30);
    const refs: ReferenceSet = { streams: [readDataLines('data/wmt21-news/txt/references/newstest2021.cs-en.ref.A.en', 30)] };
    const gtm = prepareGtm(refs);
    hyps.forEach((hyp, i) => {
      const e = gtm.explain(hyp, i);
      assert.strictEqual(e.matches.reduce((sum, m) => sum + m.order, 0), gtm.stats(hyp, i)[0], `segment ${i}`);
    });
  });
});
