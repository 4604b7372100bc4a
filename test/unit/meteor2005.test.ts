import * as assert from 'assert';
import { prepareMeteor2005, meteor2005FromStats } from '../../src/core/metrics/meteor/meteor2005';
import { loadWordNet } from '../../src/core/io/wordnet-file';

describe('METEOR 2005 (Banerjee & Lavie, the original formula)', () => {
  it('reproduces the paper\'s worked example: two chunks, score 0.853462', () => {
    const m = prepareMeteor2005({ streams: [['the president then spoke to the audience']] }, { wordnet: loadWordNet });
    const hyp = 'the president spoke to the audience';
    const stats = m.stats(hyp, 0);
    assert.deepStrictEqual(Array.from(stats), [6, 6, 7, 2]);
    const s = m.sentenceScore(stats);
    assert.strictEqual(s.parts.precision, 1);
    assert.strictEqual(s.parts.recall, 6 / 7);
    assert.ok(Math.abs((s.parts.fMean as number) - 60 / 69) < 1e-15);
    assert.ok(Math.abs((s.parts.penalty as number) - 1 / 54) < 1e-15);
    assert.strictEqual(s.score.toFixed(6), '0.853462');
    // Both "the"s had two candidates; only the non-crossing choice gives two chunks.
    const e = m.explain(hyp, 0);
    assert.deepStrictEqual(e.details.chunkOfMatch, [0, 0, 1, 1, 1, 1]);
    const ref = 'the president then spoke to the audience';
    assert.deepStrictEqual(e.matches.map((x) => [hyp.slice(x.hypothesis[0].start, x.hypothesis[0].end), x.reference[0].start]), [
      ['the', 0], ['president', 4], ['spoke', ref.indexOf('spoke')], ['to', ref.indexOf(' to ') + 1], ['the', ref.lastIndexOf('the')], ['audience', ref.indexOf('audience')],
    ]);
  });

  it('runs the stages in order: exact, then Porter stem, then WordNet synonym, each on the words left over', () => {
    const m = prepareMeteor2005({ streams: [['the computers run quickly']] }, { wordnet: loadWordNet });
    const e = m.explain('the computer runs speedily', 0);
    assert.deepStrictEqual(e.matches.map((x) => x.kind), ['exact', 'stem', 'stem', 'synonym']);
    assert.strictEqual(e.details.chunks, 1);
    const exactOnly = prepareMeteor2005({ streams: [['the computers run quickly']] }, { stages: ['exact'] });
    assert.deepStrictEqual(Array.from(exactOnly.stats('the computer runs speedily', 0)), [1, 4, 4, 1]);
  });

  it('takes the best reference and sums statistics for the corpus score', () => {
    const m = prepareMeteor2005({ streams: [['a b c d', 'x y'], ['a b c', 'x z y']] }, { stages: ['exact'] });
    const e = m.explain('a b c', 0);
    assert.strictEqual(e.bestReference, 1);
    const rows = [m.stats('a b c', 0), m.stats('x y', 1)];
    assert.deepStrictEqual(Array.from(rows[1]), [2, 2, 2, 1]);
    const totals = Float64Array.from(rows[0], (v, i) => v + rows[1][i]);
    const corpus = m.corpusScore(totals, 2);
    assert.strictEqual(corpus.parts.precision, 1);
    assert.strictEqual(corpus.score, meteor2005FromStats(Float64Array.of(5, 5, 5, 2)).score);
    assert.strictEqual(m.sentenceScore(m.stats('q', 0)).score, 0);
    assert.match(m.signature(), /^nrefs:2\|meteor:2005\|norm:norm\|stages:exact\|stem:porter1980$/);
  });
});
