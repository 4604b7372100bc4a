import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { UnderstudyError } from '../../src/core/errors';
import { expandParsePath, findConlluParses, findTreeParses } from '../../src/core/io/user-parses';
import { parseConllu } from '../../src/core/syntax/conllu';
import { alignParsesToLines } from '../../src/core/syntax/parse-alignment';

/** CoNLL-U as spaCy or Stanza write it for a text file whose second line holds two sentences. */
const CONLLU = `# sent_id = 1
# text = John resigned yesterday.
1	John	John	PROPN	NNP	Number=Sing	2	nsubj	_	_
2	resigned	resign	VERB	VBD	Tense=Past	0	root	_	_
3	yesterday	yesterday	NOUN	NN	Number=Sing	2	obl:tmod	_	SpaceAfter=No
4	.	.	PUNCT	.	_	2	punct	_	_

# sent_id = 2
1	It	it	PRON	PRP	_	2	nsubj	_	_
2-3	wasn't	_	_	_	_	_	_	_	_
2	was	be	AUX	VBD	_	0	root	_	_
3	n't	not	PART	RB	_	2	advmod	_	_
4	\`\`	"	PUNCT	\`\`	_	5	punct	_	SpaceAfter=No
5	fair	fair	ADJ	JJ	_	2	xcomp	_	SpaceAfter=No
6	''	"	PUNCT	''	_	5	punct	_	SpaceAfter=No
7	.	.	PUNCT	.	_	2	punct	_	_

# sent_id = 3
1	-LRB-	(	PUNCT	-LRB-	_	2	punct	_	SpaceAfter=No
2	Sure	sure	INTJ	UH	_	0	root	_	SpaceAfter=No
3	-RRB-	)	PUNCT	-RRB-	_	2	punct	_	_
`;
const LINES = ['John resigned yesterday.', 'It wasn\'t "fair". (Sure)', ''];

describe('users\' own parses matched to the text', () => {
  it('joins the sentences of one line, undoing PTB escapes and quote styles, with each word\'s span in the line', () => {
    const { parses, mismatches, extraSentences } = alignParsesToLines(parseConllu(CONLLU), LINES);
    assert.deepEqual(mismatches, []);
    assert.equal(extraSentences, 0);
    assert.equal(parses.length, 3);
    assert.equal(parses[2], undefined);
    const second = parses[1];
    assert.ok(second);
    assert.equal(second.sentence.text, LINES[1]);
    assert.deepEqual(second.sentence.words.map((w) => [w.id, w.form, w.head]), [
      [1, 'It', 2], [2, 'was', 0], [3, "n't", 2], [4, '``', 5], [5, 'fair', 2], [6, "''", 5], [7, '.', 2],
      [8, '-LRB-', 9], [9, 'Sure', 0], [10, '-RRB-', 9],
    ]);
    assert.deepEqual(second.sentence.multiwordTokens.map((m) => [m.first, m.last, m.form]), [[2, 3, "wasn't"]]);
    assert.deepEqual(second.spans.map((s) => LINES[1].slice(s.start, s.end)), ['It', "wasn't", "wasn't", '"', 'fair', '"', '.', '(', 'Sure', ')']);
  });

  it('says which line does not match and what differs', () => {
    const { parses, mismatches } = alignParsesToLines(parseConllu(CONLLU), ['John resigned today.', 'It wasn\'t "fair". (Sure)']);
    assert.equal(parses[0], undefined);
    assert.deepEqual(mismatches[0], {
      line: 0,
      sentence: 0,
      message: 'line 1 does not match CoNLL-U sentence 1 (sent_id 1): the parse has "yesterday" where the line has "today." (character 15)',
    });
    const short = alignParsesToLines(parseConllu(CONLLU), ['John resigned yesterday.', 'It wasn\'t "fair". (Sure)', 'One line too many']);
    assert.deepEqual(short.mismatches.map((m) => m.message), ['line 3 has no parse: the CoNLL-U file ends after 3 entries']);
  });

  describe('files next to the text', () => {
    let dir: string;
    beforeEach(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'understudy-parses-'));
    });
    afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

    it('finds x.en.conllu beside x.en, or the file a setting names', () => {
      const text = path.join(dir, 'hyp.en');
      fs.writeFileSync(text, LINES.join('\n'));
      assert.equal(findConlluParses(text, LINES), undefined);
      fs.writeFileSync(`${text}.conllu`, CONLLU);
      const found = findConlluParses(text, LINES);
      assert.equal(found?.file, `${text}.conllu`);
      assert.equal(found?.alignment.mismatches.length, 0);
      fs.mkdirSync(path.join(dir, 'parses'));
      fs.writeFileSync(path.join(dir, 'parses', 'hyp.stanza.conllu'), CONLLU);
      assert.equal(findConlluParses(text, LINES, 'parses/${stem}.stanza.conllu')?.file, path.join(dir, 'parses', 'hyp.stanza.conllu'));
      assert.equal(expandParsePath('${dir}/${base}.ud', '/data/x.en'), '/data/x.en.ud');
    });

    it('reports a file that is not CoNLL-U, naming it and its line', () => {
      const text = path.join(dir, 'hyp.en');
      fs.writeFileSync(`${text}.conllu`, '1\tJohn\tJohn\n');
      assert.throws(
        () => findConlluParses(text, LINES),
        (error: unknown) => error instanceof UnderstudyError && error.code === 'bad-parse-file' && /hyp\.en\.conllu .* is not valid CoNLL-U: CoNLL-U line 1: expected 10 tab-separated columns, found 3/.test(error.message),
      );
    });

    it('finds Penn Treebank trees in x.en.ptb and matches them to lines', () => {
      const text = path.join(dir, 'hyp.en');
      fs.writeFileSync(`${text}.ptb`, '(ROOT (S (NP (NNP John)) (VP (VBD resigned) (NP (NN yesterday))) (. .)))\n(ROOT (FRAG (NN nothing)))\n');
      const found = findTreeParses(text, ['John resigned yesterday.', 'nothing']);
      assert.equal(found?.trees.length, 2);
      assert.deepEqual(found?.alignment.trees.map((t) => t?.trees), [[0], [1]]);
      assert.deepEqual(found?.alignment.mismatches, []);
      const wrong = findTreeParses(text, ['John resigned yesterday.', 'something']);
      assert.match(wrong?.alignment.mismatches[0].message ?? '', /line 2 does not match tree 2 \(line 2 of the tree file\): the parse has "nothing"/);
    });
  });
});
