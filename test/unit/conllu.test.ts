import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { ConlluError, formatConllu, parseConllu, surfaceTokens, wordSpans } from '../../src/core/syntax/conllu';
import { FIXTURES } from './golden';

const SAMPLE = `# sent_id = s1
# text = Baghdadis don't venture out.
1	Baghdadis	Baghdadi	PROPN	NNPS	Number=Plur	4	nsubj	4:nsubj	_
2-3	don't	_	_	_	_	_	_	_	_
2	do	do	AUX	VBP	Mood=Ind|Tense=Pres	4	aux	4:aux	_
3	n't	not	PART	RB	Polarity=Neg	4	advmod	4:advmod	_
4	venture	venture	VERB	VB	VerbForm=Inf	0	root	0:root	_
5	out	out	ADV	RB	_	4	advmod	4:advmod	SpaceAfter=No
6	.	.	PUNCT	.	_	4	punct	4:punct	_
`;

describe('CoNLL-U', () => {
  it('reads words, features, heads, relations and multiword tokens', () => {
    const [sentence] = parseConllu(SAMPLE);
    assert.equal(sentence.sentId, 's1');
    assert.equal(sentence.text, "Baghdadis don't venture out.");
    assert.deepEqual(sentence.words.map((w) => [w.id, w.form, w.head, w.deprel]), [
      [1, 'Baghdadis', 4, 'nsubj'],
      [2, 'do', 4, 'aux'],
      [3, "n't", 4, 'advmod'],
      [4, 'venture', 0, 'root'],
      [5, 'out', 4, 'advmod'],
      [6, '.', 4, 'punct'],
    ]);
    assert.deepEqual(sentence.words[1].feats, { Mood: 'Ind', Tense: 'Pres' });
    assert.deepEqual(sentence.multiwordTokens, [{ first: 2, last: 3, form: "don't", misc: {} }]);
    assert.deepEqual(
      surfaceTokens(sentence).map((t) => [t.form, t.words, t.spaceAfter]),
      [['Baghdadis', [1], true], ["don't", [2, 3], true], ['venture', [4], true], ['out', [5], false], ['.', [6], true]],
    );
  });

  it('maps words to character spans of the line they were parsed from (a multiword token shares its span)', () => {
    const [sentence] = parseConllu(SAMPLE);
    const line = "Baghdadis don't venture out.";
    const spans = wordSpans(sentence, line);
    assert.ok(spans);
    assert.deepEqual(spans.map((s) => line.slice(s.start, s.end)), ['Baghdadis', "don't", "don't", 'venture', 'out', '.']);
    assert.equal(wordSpans(sentence, 'another text altogether'), undefined);
  });

  it('writes back exactly what it read, on 202 sentences of UD English EWT (dev) with empty nodes', () => {
    const text = fs.readFileSync(path.join(FIXTURES, 'data/ud-english-ewt/en_ewt-ud-dev.sample.conllu'), 'utf8');
    const sentences = parseConllu(text);
    assert.equal(sentences.length, 202);
    assert.ok(sentences.some((s) => s.emptyNodes.length > 0), 'the sample has empty nodes');
    assert.ok(sentences.some((s) => s.multiwordTokens.length > 0), 'the sample has multiword tokens');
    assert.equal(formatConllu(sentences), text);
    // Every sentence's words are found in its own text.
    for (const s of sentences) assert.ok(s.text !== undefined && wordSpans(s, s.text), `sentence ${s.sentId}`);
  });

  it('says which line is wrong and why', () => {
    assert.throws(() => parseConllu('1\tword\tword\tNOUN\n'), (e: unknown) => e instanceof ConlluError && e.line === 1 && /10 tab-separated columns, found 4/.test(e.message));
    assert.throws(() => parseConllu(SAMPLE.replace('5\tout', '7\tout')), /line 8: word id "7" where 5 was expected/);
    assert.throws(() => parseConllu(SAMPLE.replace('4\tnsubj', '9\tnsubj')), /word 1 \(Baghdadis\) has head 9, past the sentence's 6 words/);
  });

  it('accepts unparsed columns and a missing final blank line', () => {
    const [s] = parseConllu('1\tHello\t_\t_\t_\t_\t_\t_\t_\t_');
    assert.equal(s.words[0].head, -1);
    assert.equal(s.words[0].deprel, '_');
    assert.deepEqual(parseConllu(''), []);
  });
});
