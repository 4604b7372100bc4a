import * as assert from 'assert';
import { GoldenCase, closeTo, lineLimit, loadGolden, readDataLines } from './golden';
import { BleuOptions, prepareBleu, prepareSentenceBleu } from '../../src/core/metrics/bleu';
import { PreparedMetric, ReferenceSet, sumStats } from '../../src/core/metrics/metric';
import { TokenizerName } from '../../src/core/text/tokenizers/tokenizer';

function caseData(c: GoldenCase): { hyps: string[]; references: ReferenceSet } {
  const limit = lineLimit(c.inputs.line_range);
  const hyps: string[] = c.inputs.hyps ?? readDataLines(c.inputs.hyp_file, limit);
  const streams: string[][] = c.inputs.refs ?? (c.inputs.ref_files as string[]).map((f) => readDataLines(f, limit));
  return { hyps, references: { streams } };
}

/** sacreBLEU keyword arguments (BLEU(...) or compat.sentence_bleu(...)) → our options. */
function optionsOf(kwargs: Record<string, any>): BleuOptions {
  return {
    tokenize: kwargs.tokenize as TokenizerName | undefined,
    lowercase: kwargs.lowercase,
    smooth: kwargs.smooth_method,
    smoothValue: kwargs.smooth_value ?? undefined,
    effectiveOrder: kwargs.effective_order ?? kwargs.use_effective_order,
  };
}

function assertClose(actual: number, expected: number, what: string): void {
  assert.ok(closeTo(actual, expected), `${what}: got ${actual}, sacreBLEU ${expected}`);
}

describe('BLEU against sacreBLEU 2.6.0 (golden)', () => {
  const cases = loadGolden('sacrebleu').cases.filter((c) => c.metric === 'BLEU');
  it('has the 408 BLEU cases', () => assert.strictEqual(cases.length, 408));
  for (const c of cases) {
    it(c.id, function () {
      this.timeout(30000);
      const { hyps, references } = caseData(c);
      const sentence = (c.config ?? '').startsWith('sentence_bleu');
      const metric: PreparedMetric = sentence ? prepareSentenceBleu(references, optionsOf(c.options.kwargs)) : prepareBleu(references, optionsOf(c.options.kwargs));
      assert.strictEqual(metric.signature(), c.signature);
      const rows = hyps.map((h, i) => metric.stats(h, i));
      const expectedSegments = c.expected.segments;
      if (expectedSegments?.stats) {
        rows.forEach((row, i) => assert.deepStrictEqual(Array.from(row.subarray(0, 10)), expectedSegments.stats[i], `segment ${i} stats`));
      }
      expectedSegments.score.forEach((score: number, i: number) => assertClose(metric.sentenceScore(rows[i]).score, score, `segment ${i}`));
      if (c.expected.corpus) {
        const corpus = metric.corpusScore(sumStats(rows, metric.statsLayout.length), rows.length);
        const e = c.expected.corpus;
        assertClose(corpus.score, e.score, 'corpus');
        assertClose(corpus.parts.bp as number, e.bp, 'bp');
        assert.deepStrictEqual(corpus.parts.counts, e.counts);
        assert.deepStrictEqual(corpus.parts.totals, e.totals);
        (corpus.parts.precisions as number[]).forEach((p, n) => assertClose(p, e.precisions[n], `p${n + 1}`));
        assert.strictEqual(corpus.parts.sys_len, e.sys_len);
        assert.strictEqual(corpus.parts.ref_len, e.ref_len);
      }
    });
  }
});

describe('BLEU: the worked example of Owczarzak et al. (seed000 §2.1)', () => {
  // "John resigned yesterday" vs "Yesterday , John resigned", case-insensitive: 3/3 unigrams, 1/2 bigrams, 0/1
  // trigrams, no 4-gram; c = 3, r = 4, BP = exp(1 − 4/3).
  const refs = { streams: [['Yesterday , John resigned']] };
  it('has the paper\'s n-gram counts', () => {
    const row = prepareBleu(refs, { lowercase: true }).stats('John resigned yesterday', 0);
    assert.deepStrictEqual(Array.from(row), [3, 4, 3, 1, 0, 0, 3, 2, 1, 0]);
  });
  it('gives BLEU+1 = 0.5444 (add-one on n ≥ 2: p = 1, 2/3, 1/2, 1/1)', () => {
    const metric = prepareBleu(refs, { lowercase: true, smooth: 'add-one' });
    const score = metric.sentenceScore(metric.stats('John resigned yesterday', 0)).score / 100;
    const expected = Math.exp(1 - 4 / 3) * Math.pow(1 * (2 / 3) * (1 / 2) * 1, 1 / 4);
    assert.ok(Math.abs(score - expected) < 1e-12);
    assert.strictEqual(score.toFixed(4), '0.5444');
  });
  it('gives 0 without smoothing, and BLEU = 100 for an identical candidate', () => {
    const metric = prepareBleu(refs, { lowercase: true, smooth: 'none' });
    assert.strictEqual(metric.sentenceScore(metric.stats('John resigned yesterday', 0)).score, 0);
    assertClose(metric.sentenceScore(metric.stats('Yesterday , John resigned', 0)).score, 100, 'identical');
  });
});

describe('BLEU options beyond sacreBLEU', () => {
  const refs = { streams: [['a b c d e f'], ['a b c'], ['a b c d']] };
  it('chooses the closest (shorter on ties), shortest or average reference length', () => {
    const length = (referenceLength: 'closest' | 'shortest' | 'average', hyp: string) => prepareBleu(refs, { referenceLength }).stats(hyp, 0)[1];
    assert.strictEqual(length('closest', 'a b c d e'), 4); // |5−6| = |5−4| = 1: the shorter
    assert.strictEqual(length('shortest', 'a b c d e'), 3);
    assert.strictEqual(length('average', 'a b c d e'), 13 / 3);
  });
  it('says so in the signature', () => {
    assert.match(prepareBleu(refs, { referenceLength: 'shortest' }).signature(), /\|reflen:shortest\|/);
    assert.strictEqual(prepareBleu(refs, { smooth: 'add-one' }).signature(), 'nrefs:3|case:mixed|eff:no|tok:13a|smooth:add-k[1.00]|version:2.6.0');
  });
});

describe('BLEU explain', () => {
  it('pairs clipped n-gram occurrences with reference spans in the original lines', () => {
    const metric = prepareBleu({ streams: [['the cat &quot;sat&quot; on the mat'], ['the the the dog']] });
    const hyp = 'The the the the cat "sat"';
    const e = metric.explain(hyp, 0);
    const unigrams = e.matches.filter((m) => m.order === 1);
    // "the" ×3 in the hypothesis (case-sensitive: "The" is different) clipped by the 3 of reference 2.
    const the = unigrams.filter((m) => hyp.slice(m.hypothesis[0].start, m.hypothesis[0].end) === 'the');
    assert.strictEqual(the.length, 3);
    assert.ok(the.every((m) => m.referenceIndex === 1));
    // The quote matched the entity in the reference: its reference span covers `&quot;`.
    const quote = unigrams.find((m) => hyp.slice(m.hypothesis[0].start, m.hypothesis[0].end) === '"');
    assert.ok(quote);
    assert.strictEqual(quote!.referenceIndex, 0);
    assert.strictEqual('the cat &quot;sat&quot; on the mat'.slice(quote!.reference[0].start, quote!.reference[0].end), '&quot;');
    assert.deepStrictEqual(e.unmatchedHypothesis.map((s) => hyp.slice(s.start, s.end)), ['The']);
    const stats = metric.stats(hyp, 0);
    for (let n = 1; n <= 4; n++) assert.strictEqual(e.matches.filter((m) => m.order === n).length, stats[1 + n], `order ${n}`);
  });
});

describe('sentence BLEU as a corpus metric', () => {
  it('averages the segments\' sentence BLEU (its last column), which is not BLEU of the pooled counts', () => {
    const references = { streams: [['the cat sat on the mat', 'a dog barked at the moon']] };
    const metric = prepareSentenceBleu(references);
    assert.strictEqual(metric.statsLayout[metric.statsLayout.length - 1], 'sentence_bleu');
    const hyps = ['the cat sat on a mat', 'a dog barked'];
    const rows = hyps.map((h, i) => metric.stats(h, i));
    const sentence = rows.map((r) => metric.sentenceScore(r).score);
    rows.forEach((r, i) => assert.strictEqual(r[r.length - 1], sentence[i]));
    const corpus = metric.corpusScore(sumStats(rows, metric.statsLayout.length), rows.length);
    assertClose(corpus.score, (sentence[0] + sentence[1]) / 2, 'mean of sentence BLEU');
    assert.notStrictEqual(corpus.score, corpus.parts.pooledBleu);
    assert.strictEqual(metric.signature(), 'nrefs:1|case:mixed|eff:yes|tok:13a|smooth:exp|version:2.6.0');
  });
});
