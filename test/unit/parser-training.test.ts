import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { actionCount, ArcHybridState } from '../../src/core/syntax/arc-hybrid';
import { parseConllu } from '../../src/core/syntax/conllu';
import { Lemmatizer, lemmaRuleFor, applyLemmaRule } from '../../src/core/syntax/lemmatizer';
import { Morphology } from '../../src/core/syntax/morphology';
import { learnLemmatizer } from '../../src/core/syntax/training/learn-lemmatizer';
import { learnMorphology } from '../../src/core/syntax/training/learn-morphology';
import { projectivize } from '../../src/core/syntax/training/projectivize';
import { ArcHybridOracle } from '../../src/core/syntax/training/train-dependency-parser';
import { FIXTURES } from './golden';

const sample = parseConllu(fs.readFileSync(path.join(FIXTURES, 'data/ud-english-ewt/en_ewt-ud-dev.sample.conllu'), 'utf8'));

describe('parser training parts', () => {
  it('projectivizes by lifting the shortest non-projective arc to the head\'s head, leaving projective trees alone', () => {
    // Words 1..4, root 3: 3 → 1, 1 → 4, 4 → 2. The arc 4 → 2 spans 3 (not below 4): 2 is lifted to 1; then
    // 1 → 4 spans 3: 4 is lifted to 3.
    const heads = Int32Array.from([0, 3, 4, 0, 1]);
    assert.equal(projectivize(heads), 2);
    assert.deepEqual([...heads], [0, 3, 1, 0, 3]);
    const projective = Int32Array.from([0, 2, 0, 2]);
    assert.equal(projectivize(projective), 0);
    assert.deepEqual([...projective], [0, 2, 0, 2]);
  });

  it('the dynamic oracle rebuilds every (projectivized) gold tree of 200 EWT sentences, labels included', () => {
    const labels = new Map<string, number>([['root', 0]]);
    for (const s of sample) for (const w of s.words) if (!labels.has(w.deprel)) labels.set(w.deprel, labels.size);
    const classes = actionCount(labels.size);
    const costs = new Float64Array(classes);
    for (const sentence of sample) {
      const n = sentence.words.length;
      const gold = Int32Array.from([0, ...sentence.words.map((w) => w.head)]);
      projectivize(gold);
      const goldLabel = Int32Array.from([0, ...sentence.words.map((w) => labels.get(w.deprel) as number)]);
      const children: number[][] = Array.from({ length: n + 1 }, () => []);
      for (let d = 1; d <= n; d++) children[gold[d]].push(d);
      const oracle = new ArcHybridOracle(gold, goldLabel, children);
      const state = new ArcHybridState(n);
      state.reset(n);
      while (!state.done) {
        oracle.costs(state, costs, labels.size, 0);
        const zero = costs.findIndex((c) => c === 0);
        assert.ok(zero >= 0, `no zero-cost transition in ${sentence.sentId}`);
        state.apply(zero);
      }
      assert.deepEqual([...state.heads.slice(1, n + 1)], [...gold.slice(1)], sentence.sentId);
      assert.deepEqual([...state.labels.slice(1, n + 1)], [...goldLabel.slice(1)], sentence.sentId);
    }
  });

  it('lemmatizer rules: learned edits, case kept for proper nouns, exceptions for irregular words', () => {
    assert.equal(applyLemmaRule('Forces', lemmaRuleFor('forces', 'force')), 'force');
    assert.deepEqual(lemmaRuleFor('Zaman', 'Zaman'), { keepCase: true, strip: 0, append: '' });
    const lemmatizer = new Lemmatizer(learnLemmatizer(sample));
    assert.equal(lemmatizer.lemmatize('was', 'VBD'), 'be');
    assert.equal(lemmatizer.lemmatize('gardens', 'NNS'), 'garden');
    assert.equal(lemmatizer.lemmatize('Enron', 'NNP'), 'Enron');
    assert.equal(lemmatizer.lemmatize('The', 'DT'), 'the');
    assert.equal(lemmatizer.lemmatize('ca', 'MD'), 'can');
    assert.equal(lemmatizer.lemmatize("n't", 'RB'), 'not');
    let right = 0;
    let total = 0;
    for (const s of sample) for (const w of s.words) (total++, (right += lemmatizer.lemmatize(w.form, w.xpos) === w.lemma ? 1 : 0));
    assert.ok(right / total > 0.99, `lemma accuracy on its own training sentences ${right / total}`);
  });

  it('features: learned per tag and word, finite verbs agreeing with their subjects', () => {
    const morphology = new Morphology(learnMorphology(sample));
    const feats = morphology.sentenceFeats([
      { form: 'They', upos: 'PRON', xpos: 'PRP', head: 3, deprel: 'nsubj' },
      { form: 'were', upos: 'AUX', xpos: 'VBD', head: 3, deprel: 'cop' },
      { form: 'tired', upos: 'ADJ', xpos: 'JJ', head: 0, deprel: 'root' },
      { form: 'and', upos: 'CCONJ', xpos: 'CC', head: 5, deprel: 'cc' },
      { form: 'left', upos: 'VERB', xpos: 'VBD', head: 3, deprel: 'conj' },
    ]);
    assert.deepEqual(feats[0], { Case: 'Nom', Number: 'Plur', Person: '3', PronType: 'Prs' });
    assert.equal(feats[1].Number, 'Plur');
    assert.equal(feats[1].Tense, 'Past');
    assert.equal(feats[4].Person, '3');
    assert.equal(feats[4].Number, 'Plur');
  });
});
