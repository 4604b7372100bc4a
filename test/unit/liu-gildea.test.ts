import * as assert from 'node:assert/strict';
import { parseConllu } from '../../src/core/syntax/conllu';
import { headwordChains, wordItem } from '../../src/core/syntax/headword-chains';
import { constituencyNodes, readBracketedTrees } from '../../src/core/syntax/bracketed-trees';
import { dependencyNodes, depthSubtrees } from '../../src/core/syntax/subtrees';
import { BracketedTreeSource } from '../../src/core/syntax/constituency-tree-source';
import { parsedLineOf } from '../../src/core/syntax/tree-source';
import { prepareDstm, prepareHwcm, prepareStm } from '../../src/core/metrics/syntactic/liu-gildea';
import { metricRequest } from '../../src/core/engine/metric-registry';
import { DEFAULT_METRIC_SETTINGS } from '../../src/core/engine/metric-settings';
import { UnderstudyError } from '../../src/core/errors';
import { I_HAVE_A_RED_PEN, conllu, treesFor } from './syntax-helpers';

const PEN = 'I have a red pen';

describe('Liu & Gildea (2005): head-word chains', () => {
  it('finds the chains of "I have a red pen" (the paper\'s example)', () => {
    const parsed = parsedLineOf(PEN, parseConllu(conllu(I_HAVE_A_RED_PEN)));
    assert.ok(parsed);
    const chains = headwordChains(parsed, 4, wordItem(false)).map((level) => level.map((c) => c.items.join(' ')).sort());
    assert.deepEqual(chains[0], ['I', 'a', 'have', 'pen', 'red']);
    assert.deepEqual(chains[1], ['have I', 'have pen', 'pen a', 'pen red']);
    assert.deepEqual(chains[2], ['have pen a', 'have pen red']);
    assert.deepEqual(chains[3], []);
  });

  it('scores HWCM as the mean clipped chain precision over the lengths the hypothesis has', () => {
    const hyp = 'I have a pen';
    const trees = treesFor({
      [PEN]: I_HAVE_A_RED_PEN,
      [hyp]: 'I I PRON 2 nsubj\nhave have VERB 0 root\na a DET 4 det\npen pen NOUN 2 obj',
    });
    const metric = prepareHwcm({ streams: [[PEN]] }, trees, { name: 'hwcm', maxDepth: 4 });
    const stats = Array.from(metric.stats(hyp, 0));
    // 1-word 4/4, 2-word 3/3 (have I, have pen, pen a), 3-word 1/1 (have pen a), no 4-word chains.
    assert.deepEqual(stats, [4, 4, 3, 3, 1, 1, 0, 0]);
    assert.equal(metric.sentenceScore(metric.stats(hyp, 0)).score, 1);
    assert.equal(metric.sentenceScore(metric.stats(PEN, 0)).score, 1);
    // Reference "I have a pen" for the hypothesis "I have a red pen": 4/5, 3/4, 1/2 → mean 0.683….
    const back = prepareHwcm({ streams: [[hyp]] }, trees, { name: 'hwcm', maxDepth: 4 });
    assert.ok(Math.abs(back.sentenceScore(back.stats(PEN, 0)).score - (4 / 5 + 3 / 4 + 1 / 2) / 3) < 1e-12);
    const e = back.explain(PEN, 0);
    assert.deepEqual(e.details.unmatchedUnits, ['red', 'pen red', 'have pen red']);
    assert.deepEqual(e.unmatchedHypothesis.map((s) => PEN.slice(s.start, s.end)), ['red']);
    const chain = e.matches.find((m) => m.order === 3);
    assert.deepEqual(chain?.hypothesis.map((s) => PEN.slice(s.start, s.end)), ['have', 'a', 'pen']);
  });

  it('clips a chain at its largest count in any single reference, and uses ε = 10⁻³ for a zero precision at sentence level', () => {
    const a = 'a a b';
    const trees = treesFor({ [a]: 'a a X 3 dep\na a X 3 dep\nb b X 0 root', 'b a': 'b b X 0 root\na a X 1 dep', 'a b': 'a a X 2 dep\nb b X 0 root', c: 'c c X 0 root' });
    // Each reference has one "a" and one "b a": the hypothesis' two count once (the max over references, not their sum).
    const metric = prepareHwcm({ streams: [['b a'], ['a b']] }, trees, { name: 'hwcm', maxDepth: 2 });
    assert.deepEqual(Array.from(metric.stats(a, 0)), [2, 3, 1, 2]);
    const none = prepareHwcm({ streams: [['c']] }, trees, { name: 'hwcm', maxDepth: 2 });
    const stats = none.stats(a, 0);
    assert.deepEqual(Array.from(stats), [0, 3, 0, 2]);
    assert.equal(none.sentenceScore(stats).score, 1e-3);
    assert.equal(none.corpusScore(stats, 1).score, 0);
  });
});

describe('Liu & Gildea (2005): subtree metrics', () => {
  // The trees behind the paper's Figure 2 (lost in the seed; reconstructed in the digest, words left out of the units).
  const HYP = '(S (NP (PRON I)) (VP (V saw) (NP (PRON him))))';
  const REF = '(S (NP (PRON I)) (VP (V saw) (NP (ART the) (N man))))';

  it('reproduces the STM example: (6/7 + 3/4 + 1/2) / 3 = 0.702381', () => {
    const source = new BracketedTreeSource([{ textFile: 'ref', treeFile: 'ref.ptb', lines: ['I saw the man'], bracketed: REF }], [{ textFile: 'hyp', treeFile: 'hyp.ptb', lines: ['I saw him'], bracketed: HYP }]);
    const metric = prepareStm({ streams: [['I saw the man']] }, source, { name: 'stm', maxDepth: 3 });
    const stats = metric.stats('I saw him', 0);
    assert.deepEqual(Array.from(stats), [6, 7, 3, 4, 1, 2]);
    const score = metric.sentenceScore(stats).score;
    assert.equal(score.toFixed(6), '0.702381');
    assert.ok(Math.abs(score - (6 / 7 + 3 / 4 + 1 / 2) / 3) < 1e-15);
    const e = metric.explain('I saw him', 0);
    assert.deepEqual(e.details.unmatchedUnits, ['PRON', 'NP(PRON)', 'VP(V NP(PRON))']);
    const s = e.matches.find((m) => m.order === 3);
    assert.deepEqual(s?.hypothesis.map((x) => 'I saw him'.slice(x.start, x.end)), ['I', 'saw', 'him']);
    assert.deepEqual(s?.reference.map((x) => 'I saw the man'.slice(x.start, x.end)), ['I', 'saw', 'the', 'man']);
  });

  it('writes depth-n subtrees as the paper describes them', () => {
    const levels = depthSubtrees(constituencyNodes(readBracketedTrees(HYP)), 3, true).map((l) => l.map((t) => t.key));
    assert.deepEqual(levels[1], ['NP(PRON)', 'NP(PRON)', 'VP(V NP)', 'S(NP VP)']);
    assert.deepEqual(levels[2], ['VP(V NP(PRON))', 'S(NP(PRON) VP(V NP))']);
  });

  it('reads Treebank brackets: outer unlabelled brackets, several trees, and says where a bracket is missing', () => {
    const trees = readBracketedTrees('( (S (NP (PRP I)) (VP (VBP have) (NP (DT a) (NN pen)))) )\n(ROOT (NP (NN pen)))');
    assert.equal(trees.length, 2);
    assert.equal(trees[0].label, 'S');
    assert.equal(trees[1].label, 'ROOT');
    assert.throws(() => readBracketedTrees('(S (NP (PRP I))'), (e: unknown) => e instanceof UnderstudyError && /never closed/.test(e.message));
    assert.throws(
      () => new BracketedTreeSource([{ textFile: 'ref', treeFile: 'ref.ptb', lines: ['a', 'b'], bracketed: '(X (Y a))' }], []),
      (e: unknown) => e instanceof UnderstudyError && /1 trees but ref has 2 non-empty lines/.test(e.message),
    );
  });

  it('DSTM: dependency subtrees with the head\'s place among its dependents', () => {
    const parsed = parsedLineOf(PEN, parseConllu(conllu(I_HAVE_A_RED_PEN)));
    assert.ok(parsed);
    const levels = depthSubtrees(dependencyNodes(parsed, wordItem(false)), 3, false).map((l) => l.map((t) => t.key).sort());
    assert.deepEqual(levels[0], ['I', 'a', 'have', 'pen', 'red']);
    assert.deepEqual(levels[1], ['have(I * pen)', 'pen(a red *)']);
    assert.deepEqual(levels[2], ['have(I * pen(a red *))']);
    const hyp = 'I have a pen';
    const trees = treesFor({ [PEN]: I_HAVE_A_RED_PEN, [hyp]: 'I I PRON 2 nsubj\nhave have VERB 0 root\na a DET 4 det\npen pen NOUN 2 obj' });
    const metric = prepareDstm({ streams: [[PEN]] }, trees, { name: 'dstm', maxDepth: 3 });
    // Depth 1: 4/4; depth 2: have(I * pen) matches, pen(a *) does not; depth 3: have(I * pen(a *)) does not.
    assert.deepEqual(Array.from(metric.stats(hyp, 0)), [4, 4, 1, 2, 0, 1]);
    assert.equal(metric.sentenceScore(metric.stats(hyp, 0)).score, (1 + 0.5 + 0) / 3);
  });

  it('stm needs constituency trees and says how to give them', () => {
    assert.throws(() => metricRequest('stm', DEFAULT_METRIC_SETTINGS, { trees: treesFor({}) }).prepare({ streams: [['x']] }), (e: unknown) => e instanceof UnderstudyError && e.code === 'no-trees' && /--hyp-ptb/.test(e.message));
  });
});
