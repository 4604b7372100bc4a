import * as assert from 'assert';
import { GoldenCase, closeTo, lineLimit, loadGolden, readDataLines } from './golden';
import { ChrfOptions, prepareChrf } from '../../src/core/metrics/chrf';
import { ReferenceSet, sumStats } from '../../src/core/metrics/metric';

function caseData(c: GoldenCase): { hyps: string[]; references: ReferenceSet } {
  const limit = lineLimit(c.inputs.line_range);
  const hyps: string[] = c.inputs.hyps ?? readDataLines(c.inputs.hyp_file, limit);
  const streams: string[][] = c.inputs.refs ?? (c.inputs.ref_files as string[]).map((f) => readDataLines(f, limit));
  return { hyps, references: { streams } };
}

function optionsOf(kwargs: Record<string, any>): ChrfOptions {
  return {
    charOrder: kwargs.char_order,
    wordOrder: kwargs.word_order,
    beta: kwargs.beta,
    lowercase: kwargs.lowercase,
    whitespace: kwargs.whitespace,
    epsSmoothing: kwargs.eps_smoothing,
  };
}

describe('chrF against sacreBLEU 2.6.0 (golden)', () => {
  const cases = loadGolden('sacrebleu').cases.filter((c) => c.metric === 'chrF');
  it('has the 152 chrF cases', () => assert.strictEqual(cases.length, 152));
  for (const c of cases) {
    it(c.id, function () {
      this.timeout(30000);
      const { hyps, references } = caseData(c);
      const metric = prepareChrf(references, optionsOf(c.options.kwargs));
      assert.strictEqual(metric.signature(), c.signature);
      const rows = hyps.map((h, i) => metric.stats(h, i));
      const e = c.expected;
      if (e.segments.stats) rows.forEach((row, i) => assert.deepStrictEqual(Array.from(row), e.segments.stats[i], `segment ${i} stats`));
      e.segments.score.forEach((score: number, i: number) => {
        const got = metric.sentenceScore(rows[i]).score;
        assert.ok(closeTo(got, score), `segment ${i}: ${got} vs sacreBLEU ${score}`);
      });
      const corpus = metric.corpusScore(sumStats(rows, metric.statsLayout.length), rows.length).score;
      assert.ok(closeTo(corpus, e.corpus.score), `corpus: ${corpus} vs sacreBLEU ${e.corpus.score}`);
    });
  }
});

describe('chrF explain', () => {
  it('reports character and word matches with spans in the original lines, against the best reference', () => {
    const refs = { streams: [['completely different'], ['The cat, sat.']] };
    const metric = prepareChrf(refs, { wordOrder: 2 });
    const hyp = 'The cat sat.';
    const e = metric.explain(hyp, 0);
    assert.strictEqual(e.bestReference, 1);
    const words = e.matches.filter((m) => m.kind === 'word' && m.order === 1).map((m) => hyp.slice(m.hypothesis[0].start, m.hypothesis[0].end));
    assert.deepStrictEqual(words.sort(), ['.', 'The', 'cat', 'sat']);
    const catRef = e.matches.find((m) => m.kind === 'word' && hyp.slice(m.hypothesis[0].start, m.hypothesis[0].end) === 'cat')!;
    assert.strictEqual('The cat, sat.'.slice(catRef.reference[0].start, catRef.reference[0].end), 'cat');
    // Character 6-grams skip the spaces: "Thecat" spans "The cat" in the hypothesis.
    const six = e.matches.find((m) => m.kind === 'char' && m.order === 6)!;
    assert.strictEqual(hyp.slice(six.hypothesis[0].start, six.hypothesis[0].end), 'The cat');
    assert.deepStrictEqual(e.unmatchedHypothesis, []);
    const stats = metric.stats(hyp, 0);
    for (let n = 1; n <= 6; n++) assert.strictEqual(e.matches.filter((m) => m.kind === 'char' && m.order === n).length, stats[3 * (n - 1) + 2]);
  });
  it('maps astral characters to both UTF-16 units', () => {
    const metric = prepareChrf({ streams: [['a𠀀b']] });
    const e = metric.explain('𠀀', 0);
    assert.deepStrictEqual(e.matches.map((m) => m.hypothesis[0]), [{ start: 0, end: 2 }]);
  });
});
