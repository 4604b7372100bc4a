import * as assert from 'assert';
import { prepareGtm, gtmRuns } from '../../src/core/metrics/gtm';
import { preparePer } from '../../src/core/metrics/per';
import { prepareWer } from '../../src/core/metrics/wer';
import { levenshtein } from '../../src/core/metrics/edit-distance';

const score = (metric: ReturnType<typeof prepareWer>, hyp: string) => metric.sentenceScore(metric.stats(hyp, 0)).score;

describe('WER and PER (Leusch et al. 2005)', () => {
  it('the digest\'s derived example: "a b c d" vs "a b e" gives d_L = d_PER = 2 and WER = PER = 2/3', () => {
    const refs = { streams: [['a b e']] };
    assert.deepStrictEqual(Array.from(prepareWer(refs).stats('a b c d', 0)), [2, 3, 4]);
    assert.deepStrictEqual(Array.from(preparePer(refs).stats('a b c d', 0)), [2, 3, 4]);
    assert.ok(Math.abs(score(prepareWer(refs), 'a b c d') - 200 / 3) < 1e-12);
    assert.ok(Math.abs(score(preparePer(refs), 'a b c d') - 200 / 3) < 1e-12);
  });
  it('PER ignores order where WER does not: "c b a" vs "a b c"', () => {
    const refs = { streams: [['a b c']] };
    assert.strictEqual(score(preparePer(refs), 'c b a'), 0);
    assert.strictEqual(prepareWer(refs).stats('c b a', 0)[0], 2); // substitute a→c and c→a
  });
  it('is 0 for an identical candidate (Owczarzak et al. Table 1) and counts an empty one as deleting every word', () => {
    const refs = { streams: [['the cat sat .']] };
    assert.strictEqual(score(prepareWer(refs), 'the cat sat.'), 0);
    assert.strictEqual(score(prepareWer(refs), ''), 100);
    assert.strictEqual(score(preparePer(refs), ''), 100);
  });
  it('chooses the reference and its length as configured', () => {
    // hyp "a b c d": ref1 "a b c d e f g h" (d=4, len 8, rel 0.5), ref2 "a x" (d=3, len 2, rel 1.5).
    const refs = { streams: [['a b c d e f g h'], ['a x']] };
    const stats = (referenceLength: 'best' | 'nearest' | 'average' | 'average-nearest') => Array.from(prepareWer(refs, { referenceLength }).stats('a b c d', 0)).slice(0, 2);
    assert.deepStrictEqual(stats('best'), [4, 8]); // lowest relative error: ref1
    assert.deepStrictEqual(stats('nearest'), [3, 2]); // min distance 3; nearest length to 4 is 2 (|4−2| < |4−8|)
    assert.deepStrictEqual(stats('average'), [3, 5]);
    assert.deepStrictEqual(stats('average-nearest'), [3, 2]); // only ref2 reaches d = 3
  });
  it('sums distances and reference lengths over the corpus', () => {
    const metric = prepareWer({ streams: [['a b c', 'd e f g']] });
    const rows = [metric.stats('a b c', 0), metric.stats('d e', 1)];
    const totals = rows.reduce((t, r) => t.map((x, i) => x + r[i]), new Float64Array(3));
    assert.strictEqual(metric.corpusScore(Float64Array.from(totals), 2).score, (100 * 2) / 7);
  });
  it('explains WER with an edit script over spans of the original lines', () => {
    const metric = prepareWer({ streams: [['the cat sat on the mat']] });
    const hyp = 'the dog sat on mat';
    const e = metric.explain(hyp, 0);
    assert.deepStrictEqual(e.edits!.map((s) => s.op), ['match', 'substitute', 'match', 'match', 'delete', 'match']);
    const sub = e.edits!.find((s) => s.op === 'substitute')!;
    assert.strictEqual(hyp.slice(sub.hypothesis!.start, sub.hypothesis!.end), 'dog');
    assert.deepStrictEqual(e.unmatchedHypothesis.map((s) => hyp.slice(s.start, s.end)), ['dog']);
    assert.strictEqual(e.details.distance, 2);
  });
  it('computes Levenshtein distances', () => {
    assert.strictEqual(levenshtein(Int32Array.of(1, 2, 3), Int32Array.of(1, 3)), 1);
    assert.strictEqual(levenshtein(Int32Array.of(), Int32Array.of(1, 2)), 2);
    assert.strictEqual(levenshtein(Int32Array.of(1, 2, 3, 4), Int32Array.of(4, 3, 2, 1)), 4);
  });
});

describe('GTM (Turian et al. 2003)', () => {
  it('is 100 for an identical candidate (Owczarzak et al. Table 1)', () => {
    const refs = { streams: [['john resigned yesterday']] };
    for (const exponent of [1, 2]) assert.strictEqual(score(prepareGtm(refs, { exponent }), 'john resigned yesterday'), 100);
  });
  it('e = 1 is the bag overlap; e = 2 rewards contiguous runs', () => {
    // "a b c d" vs "c d a b": runs "a b" and "c d". e=1: MMS 4 → F 100. e=2: MMS = √(2² + 2²) = √8; P = R = √8/4.
    const refs = { streams: [['c d a b']] };
    assert.strictEqual(score(prepareGtm(refs), 'a b c d'), 100);
    assert.ok(Math.abs(score(prepareGtm(refs, { exponent: 2 }), 'a b c d') - (100 * Math.sqrt(8)) / 4) < 1e-12);
    // The seed's reordering example: "yesterday , john resigned" vs "john resigned yesterday": runs "john resigned" and
    // "yesterday"; e=2: MMS = √5, P = √5/4, R = √5/3, F = 2PR/(P+R).
    const s = score(prepareGtm({ streams: [['john resigned yesterday']] }, { exponent: 2 }), 'yesterday , john resigned');
    const p = Math.sqrt(5) / 4;
    const r = Math.sqrt(5) / 3;
    assert.ok(Math.abs(s - (100 * 2 * p * r) / (p + r)) < 1e-12);
  });
  it('takes the longest run first', () => {
    assert.deepStrictEqual(gtmRuns(Int32Array.of(1, 2, 3, 1, 2), Int32Array.of(1, 2, 3)), [{ hyp: 0, ref: 0, length: 3 }]);
    assert.deepStrictEqual(gtmRuns(Int32Array.of(5, 1, 2), Int32Array.of(1, 2, 5)), [{ hyp: 0, ref: 2, length: 1 }, { hyp: 1, ref: 0, length: 2 }]);
  });
  it('sums Σ|run|^e and lengths over the corpus, and explains runs with spans', () => {
    const metric = prepareGtm({ streams: [['a b c', 'x y']] }, { exponent: 2 });
    const totals = Float64Array.from([metric.stats('a b c', 0), metric.stats('x z', 1)].reduce((t, r) => t.map((v, i) => v + r[i]), new Float64Array(3)));
    assert.deepStrictEqual(Array.from(totals), [9 + 1, 5, 5]);
    const e = metric.explain('z a b', 0);
    assert.deepStrictEqual(e.matches.map((m) => ['z a b'.slice(m.hypothesis[0].start, m.hypothesis[0].end), m.order]), [['a b', 2]]);
    assert.deepStrictEqual(e.unmatchedHypothesis, [{ start: 0, end: 1 }]);
  });
});
