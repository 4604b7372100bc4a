import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { FIXTURES, GoldenCase, closeTo, loadGolden } from './golden';
import { PreparedMetric, sumStats } from '../../src/core/metrics/metric';
import { RougeScoreType, prepareRougeScore } from '../../src/core/metrics/rouge-score';

const TYPES: readonly RougeScoreType[] = ['rouge1', 'rouge2', 'rougeL', 'rougeLsum'];
const cases = loadGolden('rouge_score').cases;

function assertPrf(actual: Float64Array, expected: readonly number[], label: string): void {
  for (const [k, name] of ['precision', 'recall', 'fmeasure'].entries()) {
    assert.ok(closeTo(actual[k], expected[k]), `${label} ${name}: ${actual[k]} vs ${expected[k]}`);
  }
}

/** Scores `hypothesis` against each reference alone (one single-reference metric per reference). */
function perReference(type: RougeScoreType, useStemmer: boolean, hypothesis: string, references: readonly string[]): Float64Array[] {
  return references.map((ref) => prepareRougeScore({ streams: [[ref]] }, { type, useStemmer }).stats(hypothesis, 0));
}

/** The golden README's SummEval sentence split: a sentence ends after every space-separated token `.`, `!` or `?`. */
function summEvalSentences(text: string): string[] {
  const sentences: string[] = [];
  let current: string[] = [];
  for (const token of text.split(' ')) {
    current.push(token);
    if (token === '.' || token === '!' || token === '?') {
      sentences.push(current.join(' '));
      current = [];
    }
  }
  if (current.length > 0 && current.join(' ').length > 0) sentences.push(current.join(' '));
  return sentences;
}

function readJsonl<T>(relative: string): T[] {
  return fs.readFileSync(path.join(FIXTURES, relative), 'utf8').split('\n').filter((l) => l.length > 0).map((l) => JSON.parse(l) as T);
}

describe('rouge-score: golden rouge_score.json, inline cases', () => {
  for (const c of cases.filter((x: GoldenCase) => x.id.includes('/inline/'))) {
    it(c.id, () => {
      const useStemmer = c.options.use_stemmer as boolean;
      const prediction = c.inputs.prediction_sentences as string[];
      const targets = c.inputs.target_sentences_per_reference as string[][];
      for (const type of TYPES) {
        const sep = type === 'rougeLsum' ? '\n' : ' ';
        const got = perReference(type, useStemmer, prediction.join(sep), targets.map((t) => t.join(sep)));
        const expected = c.expected.scores[type] as number[][];
        assert.strictEqual(got.length, expected.length);
        got.forEach((g, j) => assertPrf(g, expected[j], `${type} ref ${j}`));
        // All references at once: score_multi picks the reference with the highest F (first on ties).
        const multi = prepareRougeScore({ streams: targets.map((t) => [t.join(sep)]) }, { type, useStemmer }).stats(prediction.join(sep), 0);
        let best = 0;
        expected.forEach((e, j) => { if (e[2] > expected[best][2]) best = j; });
        assertPrf(multi, expected[best], `${type} multi`);
        assert.strictEqual(multi[3], 1);
      }
    });
  }
});

interface SummEvalDoc { doc_id: string; ref: string; refs11: string[] }
interface SummEvalSummary { doc_id: string; system: string; summary: string }

describe('rouge-score: golden rouge_score.json, SummEval documents × references', () => {
  for (const c of cases.filter((x: GoldenCase) => x.id.includes('/summeval/'))) {
    const useStemmer = c.options.use_stemmer as boolean;
    const [first, last] = c.inputs.doc_index_range as [number, number];
    const systems = c.inputs.systems as string[];
    for (const system of systems) {
      for (const type of TYPES) {
        it(`${c.id} ${system} ${type}`, () => {
          const docs = readJsonl<SummEvalDoc>(c.inputs.docs_file as string).slice(first - 1, last);
          assert.deepStrictEqual(docs.map((d) => d.doc_id), c.inputs.doc_ids);
          const summaries = new Map<string, string>();
          for (const s of readJsonl<SummEvalSummary>(c.inputs.summaries_file as string)) {
            if (s.system === system) summaries.set(s.doc_id, s.summary);
          }
          const text = (t: string) => (type === 'rougeLsum' ? summEvalSentences(t).join('\n') : t);
          const hyps = docs.map((d) => text(summaries.get(d.doc_id) as string));
          // One stream per reference: stream j holds reference j of every document.
          const streams = docs[0].refs11.map((_, j) => docs.map((d) => text(d.refs11[j])));
          const expected = c.expected.scores[system][type] as number[][][];
          const singles = streams.map((stream) => prepareRougeScore({ streams: [stream] }, { type, useStemmer }));
          docs.forEach((d, k) => {
            assert.strictEqual(d.refs11[0], d.ref);
            singles.forEach((metric, j) => assertPrf(metric.stats(hyps[k], k), expected[k][j], `doc ${k} ref ${j}`));
          });
          // Corpus aggregates: mean F against the original highlight, and mean of the max-F reference.
          const single = singles[0];
          const multi = prepareRougeScore({ streams }, { type, useStemmer });
          const corpus = (m: PreparedMetric) => m.corpusScore(sumStats(hyps.map((h, k) => m.stats(h, k)), 4), hyps.length).score;
          assert.ok(closeTo(corpus(single), c.expected.mean_over_docs_ref0_fmeasure[system][type]));
          assert.ok(closeTo(corpus(multi), c.expected.mean_over_docs_of_max_over_refs_fmeasure[system][type]));
        });
      }
    }
  }
});

describe('rouge-score: properties and explanations', () => {
  const refs = { streams: [['The cat sat on the mat.\nIt was happy.'], ['A dog sat there.']] };
  for (const type of [...TYPES, 'rouge3' as RougeScoreType]) {
    it(`${type}: identical hypothesis scores 1, empty hypothesis scores 0`, () => {
      const metric = prepareRougeScore(refs, { type, useStemmer: true });
      const same = metric.stats('The cat sat on the mat.\nIt was happy.', 0);
      assert.deepStrictEqual([...same], [1, 1, 1, 1]);
      assert.deepStrictEqual([...metric.stats('', 0)], [0, 0, 0, 1]);
      assert.strictEqual(metric.sentenceScore(same).score, 1);
    });
    it(`${type}: empty reference scores 0`, () => {
      const metric = prepareRougeScore({ streams: [['']] }, { type, useStemmer: false });
      assert.deepStrictEqual([...metric.stats('some words here', 0)], [0, 0, 0, 1]);
    });
    it(`${type}: explain names the best reference and spans into the original line`, () => {
      const metric = prepareRougeScore(refs, { type, useStemmer: true });
      const hyp = 'A DOG sat there!';
      const e = metric.explain(hyp, 0);
      assert.strictEqual(e.bestReference, 1);
      assert.strictEqual(e.score, 1);
      assert.ok(e.matches.length > 0);
      assert.deepStrictEqual(e.unmatchedHypothesis, []);
      for (const m of e.matches) for (const s of m.hypothesis) assert.ok(/^[A-Za-z]/.test(hyp.slice(s.start, s.end)));
    });
  }
  it('signature', () => {
    assert.strictEqual(prepareRougeScore(refs, { type: 'rougeL', useStemmer: true }).signature(), 'rouge-score|type:rougeL|nrefs:2|stem:yes|version:compat');
  });
  it('rougeLsum union LCS counts each token at most as often as on both sides', () => {
    // rouge-score's own test expectation (summary-level LCS example of Lin 2004, section 3.2).
    const metric = prepareRougeScore({ streams: [['w1 w2 w3 w4 w5']] }, { type: 'rougeLsum', useStemmer: false });
    const s = metric.stats('w1 w2 w6 w7 w8\nw1 w3 w8 w9 w5', 0);
    assert.ok(closeTo(s[1], 0.8));
    assert.ok(closeTo(s[0], 0.4));
  });
  it('scores and explains 100k-character lines', () => {
    const words = Array.from({ length: 17_000 }, (_, i) => `word${i % 997}`).join(' ');
    assert.ok(words.length > 100_000);
    for (const type of ['rouge1', 'rouge2', 'rougeL', 'rougeLsum'] as const) {
      const metric = prepareRougeScore({ streams: [['word1 word2 word3 and more words']] }, { type, useStemmer: true });
      const s = metric.stats(words, 0);
      assert.ok(s[2] > 0 && s[2] < 1);
      metric.explain(words, 0);
    }
  });
});
