import * as assert from 'node:assert/strict';
import { formatPtb, parsePtbTrees, PtbError, ptbCategory, ptbPreterminals, ptbWords, ptbWordSpans, simplifyPtbTree } from '../../src/core/syntax/ptb';

const TREE = '(ROOT (S (NP-SBJ (NNP John)) (VP (VBD resigned) (NP-TMP (NN yesterday))) (. .)))';

describe('Penn Treebank trees', () => {
  it('reads a bracketed tree: labels, preterminals and words', () => {
    const [{ tree, line }] = parsePtbTrees(TREE);
    assert.equal(line, 1);
    assert.equal(tree.label, 'ROOT');
    assert.equal(tree.children[0].label, 'S');
    assert.deepEqual(ptbPreterminals(tree).map((p) => [p.label, p.word]), [['NNP', 'John'], ['VBD', 'resigned'], ['NN', 'yesterday'], ['.', '.']]);
    assert.deepEqual(ptbWords(tree), ['John', 'resigned', 'yesterday', '.']);
    assert.equal(formatPtb(tree), TREE);
  });

  it('reads several trees, pretty-printed over lines or one per line, and unwraps the unlabelled outer bracket', () => {
    const text = `( (S
    (NP-SBJ-1 (PRP It))
    (VP (VBZ is) (ADJP (JJ fine)))
    (. .)) )
(S (NP (-NONE- *)) (VP (VB Go)) (-LRB- -LRB-) (NN here) (-RRB- -RRB-))
`;
    const trees = parsePtbTrees(text);
    assert.deepEqual(trees.map((t) => [t.tree.label, t.line]), [['S', 1], ['S', 5]]);
    assert.deepEqual(ptbWords(trees[1].tree), ['Go', '(', 'here', ')']);
    const simple = simplifyPtbTree(trees[0].tree);
    assert.equal(simple && formatPtb(simple), '(S (NP (PRP It)) (VP (VBZ is) (ADJP (JJ fine))) (. .))');
    const withoutTrace = simplifyPtbTree(trees[1].tree);
    assert.equal(withoutTrace && formatPtb(withoutTrace), '(S (VP (VB Go)) (-LRB- -LRB-) (NN here) (-RRB- -RRB-))');
    assert.equal(ptbCategory('NP-SBJ-1'), 'NP');
    assert.equal(ptbCategory('PRP$'), 'PRP$');
    assert.equal(ptbCategory('-NONE-'), '-NONE-');
  });

  it('finds the words in the line they were parsed from, brackets and PTB quotes included', () => {
    const [{ tree }] = parsePtbTrees("(S (`` ``) (NP (NNP John)) (VP (VBD said) (-LRB- -LRB-) (NN so) (-RRB- -RRB-)) ('' ''))");
    const line = '"John said (so)"';
    const spans = ptbWordSpans(tree, line);
    assert.ok(spans);
    assert.deepEqual(spans.map((s) => line.slice(s.start, s.end)), ['"', 'John', 'said', '(', 'so', ')', '"']);
    assert.equal(ptbWordSpans(tree, 'something else'), undefined);
  });

  it('says where a tree is broken', () => {
    const broken = (text: string): PtbError => {
      try {
        parsePtbTrees(text);
      } catch (error) {
        if (error instanceof PtbError) return error;
        throw error;
      }
      throw new Error(`no error for ${text}`);
    };
    assert.match(broken('(S (NP (NN cat))').message, /line 1 column \d+: the bracket labelled "S" is never closed/);
    assert.match(broken('(S (NN cat)))').message, /line 1 column 13: a "\)" closes a bracket that was never opened/);
    assert.match(broken('(S\n (NN cat dog))').message, /line 2 column \d+: a preterminal \(NN cat …\) has more than one word/);
    assert.match(broken('cat (S (NN cat))').message, /text outside any tree/);
    assert.match(broken('(S (NP cat (NN dog)))').message, /unexpected|more than one word/);
  });
});
