import * as assert from 'node:assert/strict';
import { metricRequest } from '../../src/core/engine/metric-registry';
import { DEFAULT_METRIC_SETTINGS } from '../../src/core/engine/metric-settings';
import { layoutArcs } from '../../src/core/inspect/arc-layout';
import {
  dependencyMetrics,
  dependencyTreesView,
  groupedTriples,
  indentedTree,
  isDependencyMetric,
  matchedPairSpans,
  parseTreeText,
  relationOf,
  treeExplanation,
} from '../../src/core/inspect/dependency-view';
import { Explanation } from '../../src/core/metrics/explanation';

const HYP = 'The cat sat on the mat.';
const REF = 'A black cat sat on the mat.';

/** dep-f's explanation of HYP against REF, with the built-in parser (what the worker sends the editor). */
function depF(hypothesis = HYP, reference = REF, name = 'dep-f'): Explanation {
  return metricRequest(name, DEFAULT_METRIC_SETTINGS).prepare({ streams: [[reference]] }).explain(hypothesis, 0);
}

const words = (s: string, spans: readonly { start: number; end: number }[]): string[] => spans.map((x) => s.slice(x.start, x.end));

describe('dependency views: trees, matched arcs and triples from explanations', () => {
  it('reads treeText back, finding each word in the line', () => {
    const text = '1 John (John PROPN) ← 2 nsubj\n2 resigned (resign VERB) ← 0 root\n3 . (. PUNCT) ← 2 punct\n\n1 ( (( PUNCT) ← 2 punct\n2 Hi (hi INTJ) ← 0 root';
    const line = 'John  resigned. (Hi';
    const sentences = parseTreeText(text, line);
    assert.equal(sentences.length, 2);
    assert.deepEqual(sentences[0].map((w) => [w.id, w.form, w.lemma, w.upos, w.head, w.deprel]), [
      [1, 'John', 'John', 'PROPN', 2, 'nsubj'],
      [2, 'resigned', 'resign', 'VERB', 0, 'root'],
      [3, '.', '.', 'PUNCT', 2, 'punct'],
    ]);
    assert.deepEqual(sentences[0].map((w) => w.span), [{ start: 0, end: 4 }, { start: 6, end: 14 }, { start: 14, end: 15 }]);
    assert.deepEqual(sentences[1].map((w) => [w.form, w.lemma, w.span]), [['(', '(', { start: 16, end: 17 }], ['Hi', 'hi', { start: 17, end: 19 }]]);
    // A form not in the line gets no span, and the next ones are still found.
    const missing = parseTreeText('1 Jon (Jon PROPN) ← 2 nsubj\n2 left (leave VERB) ← 0 root', 'John left');
    assert.deepEqual(missing.map((s) => s.map((w) => w.span)), [[undefined, { start: 5, end: 9 }]]);
  });

  it('marks the arcs whose two words a matched triple joins, on both sides', () => {
    const explanation = depF();
    const view = dependencyTreesView(explanation, HYP, [REF], () => 'ref.en');
    assert.ok(view?.reference);
    const arc = (side: typeof view.hypothesis, from: string, to: string) => {
      const sentence = side.sentences[0];
      const id = (form: string) => sentence.find((w) => w.form === form)!.id;
      return side.arcs.find((a) => a.head === id(from) && a.dependent === id(to));
    };
    // nsubj(sat, cat) is subj(sit, cat) in the LFG triples; it matched.
    assert.deepEqual(arc(view.hypothesis, 'sat', 'cat')?.matchedAs, ['subj']);
    assert.deepEqual(arc(view.reference, 'sat', 'cat')?.matchedAs, ['subj']);
    assert.deepEqual(arc(view.hypothesis, 'sat', 'mat')?.matchedAs, ['adj']);
    // det(cat, the) vs det(cat, a): unmatched on both sides; punctuation is in the tree but never matched.
    assert.deepEqual(arc(view.hypothesis, 'cat', 'The')?.matchedAs, []);
    assert.deepEqual(arc(view.reference, 'cat', 'A')?.matchedAs, []);
    assert.deepEqual(arc(view.reference, 'cat', 'black')?.matchedAs, []);
    assert.equal(view.hypothesis.arcs.length, 7, 'one arc per word, the root included');
    assert.equal(view.hypothesis.arcs.filter((a) => a.head === 0).length, 1);
    assert.equal(view.reference.label, 'ref.en');
    assert.equal(view.referenceIndex, 0);
  });

  it('groups matched and unmatched triples by relation', () => {
    const groups = groupedTriples(depF());
    const det = groups.find((g) => g.relation === 'det');
    assert.deepEqual(det, { relation: 'det', matched: ['det(mat, the)'], unmatchedHypothesis: ['det(cat, the)'], unmatchedReference: ['det(cat, a)'] });
    assert.deepEqual(groups.find((g) => g.relation === 'subj')?.matched, ['subj(sit, cat)']);
    assert.deepEqual(groups.map((g) => g.relation), [...groups.map((g) => g.relation)].sort());
    const all = groups.flatMap((g) => [...g.matched, ...g.unmatchedHypothesis, ...g.unmatchedReference]);
    assert.equal(all.length, 9 + 1 + 3, 'every unit of the explanation once');
  });

  it('groups ROUGE-BE elements (unmatched = the hypothesis elements left) and HWCM chains', () => {
    const be = groupedTriples(depF('The cat sat on the mat.', 'The cat sat on the mat.', 'be-hm'));
    assert.ok(be.some((g) => g.relation === 'nsubj' && g.matched.length === 1 && g.unmatchedHypothesis.length === 0));
    const partial = groupedTriples(depF('The dog sat on the mat.', 'The cat sat on the mat.', 'be-hm'));
    assert.deepEqual(partial.find((g) => g.relation === 'nsubj')?.unmatchedHypothesis, ['sat|dog|nsubj']);
    const hwcm = groupedTriples(depF(HYP, REF, 'hwcm'));
    assert.deepEqual(hwcm.map((g) => g.relation), ['chain of 1 word', 'chain of 2 words', 'chain of 3 words']);
    assert.equal(relationOf('(resign, john)'), '(no relation)');
    assert.equal(relationOf('subj(resign, john) ~ subj(quit, john)'), 'subj');
    assert.equal(relationOf('sat|mat|on ← model 2'), 'on');
  });

  it('underlines only the words of matched pairs, not of matched features', () => {
    const explanation = depF();
    const spans = matchedPairSpans(explanation);
    assert.deepEqual(words(HYP, spans.hypothesis), ['cat', 'sat', 'the', 'mat'], 'the second "the" (det(mat, the) matched), not the first (det(cat, the) did not)');
    assert.deepEqual(words(REF, spans.reference.get(0)!), ['cat', 'sat', 'the', 'mat']);
    // John resigned yesterday vs Yesterday John quit: only features (num, pers) match, so nothing is underlined.
    const none = matchedPairSpans(depF('John resigned yesterday.', 'Yesterday John quit.'));
    assert.deepEqual(none.hypothesis, []);
  });

  it('writes the tree as indented text, each word under its head', () => {
    const text = indentedTree(parseTreeText(depF().details.hypothesisTree as string));
    assert.equal(text, ['root → sat (VERB)', '  nsubj → cat (NOUN)', '    det → The (DET)', '  obl → mat (NOUN)', '    case → on (ADP)', '    det → the (DET)', '  punct → . (PUNCT)'].join('\n'));
    // A cycle (malformed input) does not loop.
    assert.equal(indentedTree(parseTreeText('1 a (a X) ← 0 root\n2 b (b X) ← 3 dep\n3 c (c X) ← 2 dep')), 'root → a (X)');
  });

  it('knows the dependency metrics and finds the one with trees', () => {
    assert.ok(['dep-f', 'dep-f-pm-wn', 'depeval-one', 'be-hm', 'be', 'hwcm', 'dp-hwc', 'dp-or'].every(isDependencyMetric));
    assert.ok(!['bleu', 'ter', 'rougeL', 'dep', 'best'].some(isDependencyMetric));
    const explanations = { bleu: { metric: 'bleu' } as Explanation, 'be-hm': depF(HYP, REF, 'be-hm'), 'dep-f': depF() };
    assert.deepEqual(dependencyMetrics(explanations, ['dep-f']), ['dep-f', 'be-hm']);
    assert.equal(treeExplanation(explanations, ['be-hm'])?.metric, 'dep-f');
    assert.equal(treeExplanation({ 'be-hm': explanations['be-hm'] }, []), undefined);
  });
});

describe('arc layout', () => {
  // The cat sat on the mat: det(cat, The), nsubj(sat, cat), root sat, case(mat, on), det(mat, the), obl(sat, mat).
  const forms = ['The', 'cat', 'sat', 'on', 'the', 'mat'];
  const arcs = [
    { head: 2, dependent: 1 },
    { head: 3, dependent: 2 },
    { head: 0, dependent: 3 },
    { head: 6, dependent: 4 },
    { head: 6, dependent: 5 },
    { head: 3, dependent: 6 },
  ];

  it('stacks nested arcs above the ones they span, the root above all', () => {
    const layout = layoutArcs(forms, arcs);
    const level = (i: number) => layout.arcs.find((a) => a.index === i)!.level;
    assert.equal(level(0), 1);
    assert.equal(level(1), 1);
    assert.equal(level(4), 1, 'det(mat, the): neighbours');
    assert.equal(level(3), 2, 'case(mat, on) spans det(mat, the)');
    assert.equal(level(5), 3, 'obl(sat, mat) spans case(mat, on)');
    assert.equal(level(2), 4, 'the root arc rises above everything');
    assert.equal(layout.arcs.length, arcs.length);
  });

  it('places words left to right and starts each arc at its head and ends it at its dependent', () => {
    const layout = layoutArcs(forms, arcs, { charWidth: 10, gap: 20, levelHeight: 30, top: 20 });
    assert.deepEqual(layout.words.map((w) => w.width), [30, 30, 30, 20, 30, 30]);
    for (let i = 1; i < layout.words.length; i++) assert.ok(layout.words[i].x > layout.words[i - 1].x);
    const arc = layout.arcs.find((a) => a.index === 1)!; // sat → cat: right to left
    const start = /^M([\d.]+),([\d.]+)/.exec(arc.path)!;
    assert.ok(Number(start[1]) < layout.words[2].x && Number(start[1]) > layout.words[2].x - 15, 'starts at sat');
    assert.ok(Math.abs(arc.end.x - layout.words[1].x) < 15 && arc.end.x > layout.words[1].x, 'ends at cat');
    assert.equal(arc.end.y, layout.baseline - 8);
    assert.ok(layout.arcs.every((a) => a.label.y > 0 && a.label.y < layout.baseline));
    assert.ok(layout.width >= layout.words[5].x + 15 && layout.height > layout.baseline);
  });

  it('ignores arcs to words that are not there', () => {
    const layout = layoutArcs(['a', 'b'], [{ head: 0, dependent: 1 }, { head: 1, dependent: 5 }, { head: 7, dependent: 2 }]);
    assert.deepEqual(layout.arcs.map((a) => a.index), [0]);
  });
});
