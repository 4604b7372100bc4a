import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { ConlluTreeSource, alignConllu } from '../../src/core/syntax/conllu-tree-source';
import { SynonymMatcher, SynonymSets } from '../../src/core/syntax/synonym-source';
import { prepareDpHwc, prepareDpOverlap } from '../../src/core/metrics/syntactic/asiya-dp';
import { UnderstudyError } from '../../src/core/errors';
import { DependencyWord } from '../../src/core/syntax/conllu';
import { ParsedLineTable } from '../../src/core/syntax/tree-source';
import { constituencyNodes, readBracketedTrees } from '../../src/core/syntax/bracketed-trees';
import { metricRequest } from '../../src/core/engine/metric-registry';
import { DEFAULT_METRIC_SETTINGS } from '../../src/core/engine/metric-settings';
import { FIXTURES } from './golden';
import { I_HAVE_A_RED_PEN, treesFor } from './syntax-helpers';

const EWT = fs.readFileSync(path.join(FIXTURES, 'data/ud-english-ewt/en_ewt-ud-dev.sample.conllu'), 'utf8');
const EWT_TEXTS = [...EWT.matchAll(/^# text = (.*)$/gm)].map((m) => m[1]);

describe('parses from CoNLL-U files, matched to their lines', () => {
  it('matches the 202 EWT sample sentences to their texts, spans and all', () => {
    const parsed = alignConllu({ textFile: 'ewt.txt', conlluFile: 'ewt.conllu', lines: EWT_TEXTS, conllu: EWT });
    assert.equal(parsed.length, 202);
    for (const [i, line] of EWT_TEXTS.entries()) {
      const p = parsed[i];
      assert.equal(p.sentences.length, 1);
      // Every word's span holds the word (or the multiword token it belongs to).
      p.sentences[0].words.forEach((w, k) => {
        const text = line.slice(p.spans[0][k].start, p.spans[0][k].end);
        assert.ok(text === w.form || p.sentences[0].multiwordTokens.some((m) => m.form === text && w.id >= m.first && w.id <= m.last), `${text} / ${w.form}`);
      });
    }
  });

  it('gives a line as many sentences as its text holds, and none to an empty line', () => {
    const lines = [`${EWT_TEXTS[0]} ${EWT_TEXTS[1]}`, '', EWT_TEXTS[2]];
    const parsed = alignConllu({ textFile: 't', conlluFile: 'c', lines, conllu: EWT.split(/\n\n/).slice(0, 3).join('\n\n') + '\n\n' });
    assert.deepEqual(parsed.map((p) => p.sentences.length), [2, 0, 1]);
    const second = parsed[0].spans[1][0];
    assert.equal(second.start, EWT_TEXTS[0].length + 1);
  });

  it('names the line and the word where a file stops fitting its text', () => {
    const lines = [EWT_TEXTS[0], 'Something else entirely.'];
    assert.throws(
      () => alignConllu({ textFile: 'hyp.txt', conlluFile: 'hyp.conllu', lines, conllu: EWT.split(/\n\n/).slice(0, 2).join('\n\n') + '\n\n' }),
      (e: unknown) => e instanceof UnderstudyError && e.code === 'bad-parse' && /hyp\.conllu does not fit hyp\.txt at line 2/.test(e.message) && /re-parse/.test(e.message),
    );
    assert.throws(
      () => alignConllu({ textFile: 'hyp.txt', conlluFile: 'hyp.conllu', lines: [EWT_TEXTS[0]], conllu: EWT.split(/\n\n/).slice(0, 2).join('\n\n') + '\n\n' }),
      (e: unknown) => e instanceof UnderstudyError && /2 sentences but the 1 lines of hyp\.txt use only 1/.test(e.message),
    );
    assert.throws(
      () => alignConllu({ textFile: 'hyp.txt', conlluFile: 'hyp.conllu', lines: ['x'], conllu: '1\tx\n' }),
      (e: unknown) => e instanceof UnderstudyError && /hyp\.conllu: CoNLL-U line 1/.test(e.message),
    );
  });

  it('looks hypotheses up by segment and text, and reports an edited line instead of scoring a stale parse', () => {
    const source = new ConlluTreeSource(
      [{ textFile: 'ref', conlluFile: 'ref.conllu', lines: [EWT_TEXTS[0]], conllu: EWT.split(/\n\n/)[0] + '\n\n' }],
      [{ textFile: 'hyp', conlluFile: 'hyp.conllu', lines: [EWT_TEXTS[1]], conllu: EWT.split(/\n\n/)[1] + '\n\n' }],
    );
    assert.equal(source.trees(EWT_TEXTS[1], 0, 'hypothesis', 0).sentences.length, 1);
    assert.equal(source.trees(EWT_TEXTS[0], 0, 'reference', 0).sentences.length, 1);
    // A jackknife subset re-numbers the references: the text still finds its parse.
    assert.equal(source.trees(EWT_TEXTS[0], 0, 'reference', 3).sentences.length, 1);
    assert.throws(() => source.trees(`${EWT_TEXTS[1]}!`, 0, 'hypothesis', 0), (e: unknown) => e instanceof UnderstudyError && e.code === 'no-trees' && /hypothesis line 1/.test(e.message));
    assert.deepEqual(source.trees('   ', 0, 'hypothesis', 0).sentences, []);
  });
});

describe('deep trees', () => {
  it('a 5,000-word chain (each word the head of the next) is scored and explained without recursion limits', () => {
    const forms = Array.from({ length: 5000 }, (_, i) => `w${i % 50}`);
    const line = forms.join(' ');
    const words: DependencyWord[] = forms.map((form, i) => ({ id: i + 1, form, lemma: form, upos: 'NOUN', xpos: '_', feats: {}, head: i, deprel: i === 0 ? 'root' : 'nmod', deps: '_', misc: {} }));
    const trees = new ParsedLineTable('chain', [[line, [{ comments: [], words, multiwordTokens: [], emptyNodes: [] }]]]);
    for (const name of ['dep-f', 'be-hm', 'hwcm', 'dstm', 'dp-hwc', 'dp-or']) {
      const metric = metricRequest(name, DEFAULT_METRIC_SETTINGS, { trees }).prepare({ streams: [[line]] });
      const stats = metric.stats(line, 0);
      const best = name === 'dep-f' ? 100 : 1;
      assert.equal(metric.sentenceScore(stats).score, best, name);
      assert.ok(metric.explain(line, 0).matches.length > 0, name);
    }
    const nested = `${'(X '.repeat(5000)}(N w)${')'.repeat(5000)}`;
    assert.equal(constituencyNodes(readBracketedTrees(nested)).length, 1);
  });
});

describe('synonym sources', () => {
  it('match lemmas of one word class that share a sense', () => {
    const matcher = new SynonymMatcher(new SynonymSets('t', [{ pos: 'verb', lemmas: ['quit', 'resign'] }, ['car', 'automobile']]));
    assert.ok(matcher.matches('quit', 'verb', 'resign', 'verb'));
    assert.ok(!matcher.matches('quit', 'noun', 'resign', 'noun'));
    assert.ok(matcher.matches('car', 'noun', 'automobile', 'noun'));
    assert.ok(!matcher.matches('car', 'noun', 'automobile', 'verb'));
    assert.ok(matcher.matches('the', undefined, 'the', undefined));
    assert.ok(!matcher.matches('car', undefined, 'automobile', undefined));
  });
});

describe('Asiya DP metrics', () => {
  const PEN = 'I have a red pen';
  const HYP = 'I have a pen';
  const OTHER = 'You have a blue pen';
  const trees = treesFor({
    [PEN]: I_HAVE_A_RED_PEN,
    [HYP]: 'I I PRON 2 nsubj\nhave have VERB 0 root\na a DET 4 det\npen pen NOUN 2 obj',
    [OTHER]: I_HAVE_A_RED_PEN.replace('I I PRON', 'You you PRON').replace('red red ADJ', 'blue blue ADJ'),
  });

  it('DP-Or(⋆): min/max overlap of the words under each relation type, the best reference kept', () => {
    const metric = prepareDpOverlap({ streams: [[OTHER], [PEN]] }, trees, { name: 'dp-or' });
    // Against "I have a red pen": nsubj{I} root{have} det{a} obj{pen} all shared, amod{red} only there: 4 / 5.
    const stats = metric.stats(HYP, 0);
    assert.deepEqual(Array.from(stats), [0.8, 1, 4, 5]);
    const e = metric.explain(HYP, 0);
    assert.equal(e.bestReference, 1);
    assert.deepEqual(e.matches.map((m) => m.kind), ['nsubj', 'root', 'det', 'obj']);
    // Against "You have a blue pen" alone: root, det, obj shared; nsubj I/You and amod blue not: 3 / 6.
    const other = prepareDpOverlap({ streams: [[OTHER]] }, trees, { name: 'dp-or' });
    assert.deepEqual(Array.from(other.stats(HYP, 0)), [0.5, 1, 3, 6]);
    assert.equal(other.corpusScore(Float64Array.of(1.3, 2, 7, 11), 2).score, 0.65);
  });

  it('DP-HWC over words, categories or relations, the best reference kept', () => {
    const words = prepareDpHwc({ streams: [[OTHER], [PEN]] }, trees, { name: 'dp-hwc', maxDepth: 4, items: 'word' });
    assert.equal(words.sentenceScore(words.stats(HYP, 0)).score, 1);
    assert.equal(words.explain(HYP, 0).bestReference, 1);
    // Categories: "You have a blue pen" has the same shape as "I have a red pen".
    const categories = prepareDpHwc({ streams: [[OTHER]] }, trees, { name: 'dp-hwc', maxDepth: 4, items: 'category' });
    assert.equal(categories.sentenceScore(categories.stats(HYP, 0)).score, 1);
    const relations = prepareDpHwc({ streams: [[OTHER]] }, trees, { name: 'dp-hwc', maxDepth: 2, items: 'relation' });
    assert.deepEqual(Array.from(relations.stats(PEN, 0)), [1, 1, 9, 9]);
    const wordsAgainstOther = prepareDpHwc({ streams: [[OTHER]] }, trees, { name: 'dp-hwc', maxDepth: 2, items: 'word' });
    // Words: have, a, pen of 4; chains: have pen, pen a of 3.
    assert.ok(Math.abs(wordsAgainstOther.sentenceScore(wordsAgainstOther.stats(HYP, 0)).score - (3 / 4 + 2 / 3) / 2) < 1e-12);
  });
});
