import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { readParserModelFile, shippedParserModelPath } from '../../src/core/io/parser-model-file';
import { ArcHybridState, SHIFT } from '../../src/core/syntax/arc-hybrid';
import { ArcHybridBeam } from '../../src/core/syntax/arc-hybrid-beam';
import { DependencySentence, parseConllu } from '../../src/core/syntax/conllu';
import { DependencyParser } from '../../src/core/syntax/dependency-parser';
import { readModel, writeModel, ModelFormatError, ParserModelData } from '../../src/core/syntax/model-format';
import { Parser } from '../../src/core/syntax/parser';
import { coarseTagIds, ParserSentence } from '../../src/core/syntax/parser-features';
import { SparseWeights } from '../../src/core/syntax/sparse-weights';
import { projectivize } from '../../src/core/syntax/training/projectivize';
import { oracleTransitions, trainBeamParser } from '../../src/core/syntax/training/train-beam-parser';
import { attachmentScores, ParserTrainingSentence } from '../../src/core/syntax/training/train-dependency-parser';
import { FIXTURES } from './golden';

const sample = parseConllu(fs.readFileSync(path.join(FIXTURES, 'data/ud-english-ewt/en_ewt-ud-dev.sample.conllu'), 'utf8'));

function labelIds(sentences: readonly DependencySentence[]): Map<string, number> {
  const labels = new Map<string, number>([['root', 0]]);
  for (const s of sentences) for (const w of s.words) if (!labels.has(w.deprel)) labels.set(w.deprel, labels.size);
  return labels;
}

describe('beam-search parsing and its global training', function () {
  this.timeout(120000);

  it('the oracle sequence has 2n transitions and rebuilds every projectivized gold tree of 200 EWT sentences', () => {
    const labels = labelIds(sample);
    for (const sentence of sample) {
      const n = sentence.words.length;
      const gold = Int32Array.from([0, ...sentence.words.map((w) => w.head)]);
      projectivize(gold);
      const goldLabel = Int32Array.from([0, ...sentence.words.map((w) => labels.get(w.deprel) as number)]);
      const transitions = oracleTransitions(gold, goldLabel, labels.size, 0);
      assert.equal(transitions.length, 2 * n);
      assert.equal(transitions.filter((a) => a === SHIFT).length, n, 'each word shifted once');
      const state = new ArcHybridState(n);
      state.reset(n);
      for (const a of transitions) state.apply(a);
      assert.ok(state.done);
      assert.deepEqual([...state.heads.slice(1, n + 1)], [...gold.slice(1)], sentence.sentId);
      assert.deepEqual([...state.labels.slice(1, n + 1)], [...goldLabel.slice(1)], sentence.sentId);
    }
  });

  it('reduces as soon as a word has its dependents: "John resigned yesterday" is SHIFT LEFT SHIFT SHIFT RIGHT RIGHT', () => {
    // root 0; John ← resigned → yesterday; labels: 0 root, 1 nsubj, 2 obl.
    const transitions = oracleTransitions(Int32Array.from([0, 2, 0, 2]), Int32Array.from([0, 1, 0, 2]), 3, 0);
    assert.deepEqual([...transitions], [SHIFT, 1 + 2 * 1, SHIFT, SHIFT, 2 + 2 * 2, 2 + 2 * 0]);
  });

  describe('with the shipped model', () => {
    let model: ParserModelData;
    before(() => {
      model = readParserModelFile(shippedParserModelPath());
    });

    it('a beam of width 1 makes the greedy parser\'s parses', () => {
      const weights = new SparseWeights(model.parser);
      const coarse = coarseTagIds(model.tags);
      const greedy = new DependencyParser(weights, model.labels.length, 0, coarse);
      const beam = new ArcHybridBeam(weights, model.labels.length, 0, 1);
      const tags = new Map(model.tags.map((t, i) => [t, i]));
      const sentence = new ParserSentence(coarse);
      for (const s of sample.slice(0, 100)) {
        const forms = s.words.map((w) => w.form);
        const ids = Int32Array.from(s.words.map((w) => tags.get(`${w.upos} ${w.xpos}`) ?? 0));
        const expected = greedy.parse(forms, ids);
        sentence.set(forms, ids);
        const best = beam.decode(sentence, forms.length);
        assert.deepEqual([...best.heads.slice(1, forms.length + 1)], [...expected.heads], s.sentId);
        assert.deepEqual([...best.labels.slice(1, forms.length + 1)], [...expected.labels], s.sentId);
      }
    });

    it('parses with the model\'s beam width unless told otherwise; a wider beam still gives one tree per sentence', () => {
      assert.equal(new Parser(() => model).beamWidth, model.parserBeamWidth ?? 1);
      assert.equal(new Parser(() => ({ ...model, parserBeamWidth: 3 })).beamWidth, 3);
      const wide = new Parser(() => model, { beamWidth: 4 });
      assert.equal(wide.beamWidth, 4);
      const parsed = wide.parseLine('John resigned yesterday. Mary, who had hired him, did not.');
      const roots = parsed.sentence.words.filter((w) => w.head === 0);
      assert.equal(roots.length, parsed.sentenceStarts.length);
      const long = Array.from({ length: 30 }, (_, i) => `the ${i % 2 ? 'cat' : 'dog'} saw a bird ,`).join(' ').split(' ');
      const tree = wide.parseWords(long);
      assert.equal(tree.words.length, 180);
      assert.equal(tree.words.filter((w) => w.head === 0).length, 1);
      assert.throws(() => new Parser(() => model, { beamWidth: 0 }), /beam width 0/);
      assert.throws(() => new Parser(() => model, { beamWidth: 2.5 }), /beam width 2.5/);
    });

    it('the model file keeps a beam width, and refuses a nonsensical one', () => {
      const small: ParserModelData = { ...model, parserBeamWidth: 8 };
      assert.equal(readModel(writeModel(small)).parserBeamWidth, 8);
      assert.equal(readModel(writeModel({ ...model, parserBeamWidth: 1 })).parserBeamWidth, undefined, 'greedy is the default, not written');
      assert.throws(() => readModel(writeModel({ ...model, parserBeamWidth: 0 })), (e: Error) => e instanceof ModelFormatError && /beam width 0/.test(e.message));
    });
  });

  it('global training with max-violation updates learns its training sentences, and the beam beats greedy decoding of them', () => {
    const sentences = sample.slice(0, 60);
    const labels = labelIds(sentences);
    const tagNames: string[] = [];
    const tagIds = new Map<string, number>();
    for (const s of sentences) for (const w of s.words) if (!tagIds.has(`${w.upos} ${w.xpos}`)) (tagIds.set(`${w.upos} ${w.xpos}`, tagNames.length), tagNames.push(`${w.upos} ${w.xpos}`));
    const training: ParserTrainingSentence[] = sentences.map((s) => ({
      forms: s.words.map((w) => w.form),
      tags: Int32Array.from(s.words.map((w) => tagIds.get(`${w.upos} ${w.xpos}`) as number)),
      heads: Int32Array.from(s.words.map((w) => w.head)),
      labels: Int32Array.from(s.words.map((w) => labels.get(w.deprel) as number)),
    }));
    const coarse = coarseTagIds(tagNames);
    const log: string[] = [];
    const trained = trainBeamParser(training, training, labels.size, 0, coarse, { epochs: 5, seed: 1, width: 4, log: (m) => log.push(m) });
    assert.ok(trained.devScores && trained.devScores.uas > 0.85, `UAS on its own training sentences ${trained.devScores?.uas}`);
    assert.ok(log.some((m) => /parser epoch 1: \(beam 4\) [1-9]/.test(m)), 'the first epoch updated on some sentences');
    const weights = new SparseWeights(trained.weights.compact(0));
    const beam = attachmentScores(new DependencyParser(weights, labels.size, 0, coarse, 4), training);
    const greedy = attachmentScores(new DependencyParser(weights, labels.size, 0, coarse, 1), training);
    assert.ok(beam.las > greedy.las, `beam LAS ${beam.las}, greedy decoding of the same weights ${greedy.las}`);
  });
});
