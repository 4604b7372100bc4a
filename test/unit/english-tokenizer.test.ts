import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { DependencySentence, parseConllu } from '../../src/core/syntax/conllu';
import { EnglishTokenizer } from '../../src/core/syntax/english-tokenizer';
import { evaluateUd } from '../../src/core/syntax/ud-evaluation';
import { FIXTURES } from './golden';

const tokenizer = new EnglishTokenizer();
const forms = (line: string): string[] => tokenizer.tokenize(line).map((t) => t.form);
const words = (line: string): string[] => tokenizer.tokenize(line).flatMap((t) => t.words);

/** The tokenizer's words as a sentence without analysis, for the evaluation's token and word alignment. */
function asSentence(line: string): DependencySentence {
  const tokens = tokenizer.tokenize(line);
  const sentenceWords: DependencySentence['words'][number][] = [];
  const multiwordTokens: DependencySentence['multiwordTokens'][number][] = [];
  for (const token of tokens) {
    if (token.words.length > 1) multiwordTokens.push({ first: sentenceWords.length + 1, last: sentenceWords.length + token.words.length, form: token.form, misc: {} });
    for (const form of token.words) {
      sentenceWords.push({ id: sentenceWords.length + 1, form, lemma: '_', upos: '_', xpos: '_', feats: {}, head: 0, deprel: '_', deps: '_', misc: {} });
    }
  }
  return { comments: [], words: sentenceWords, multiwordTokens, emptyNodes: [] };
}

describe('English tokenizer (UD English EWT conventions)', () => {
  it('splits punctuation off words and keeps runs of it together', () => {
    assert.deepEqual(forms('Hello, world!!! (Really?!) "Yes."'), ['Hello', ',', 'world', '!!!', '(', 'Really', '?!', ')', '"', 'Yes', '.', '"']);
    assert.deepEqual(forms('Wait... what -- now'), ['Wait', '...', 'what', '--', 'now']);
  });

  it('makes multiword tokens of clitics, as EWT does', () => {
    const tokens = tokenizer.tokenize("I don't think it's Bush's or the parents' fault; we can't, I'm sure, and won't.");
    const multiword = tokens.filter((t) => t.words.length > 1).map((t) => [t.form, t.words]);
    assert.deepEqual(multiword, [
      ["don't", ['do', "n't"]],
      ["it's", ['it', "'s"]],
      ["Bush's", ['Bush', "'s"]],
      ["parents'", ['parents', "'"]],
      ["can't", ['ca', "n't"]],
      ["I'm", ['I', "'m"]],
      ["won't", ['wo', "n't"]],
    ]);
    assert.deepEqual(words('I cannot, gonna try. Dont'), ['I', 'can', 'not', ',', 'gon', 'na', 'try', '.', 'Do', 'nt']);
    assert.deepEqual(words('it’s fine'), ['it', '’s', 'fine']);
  });

  it('keeps URLs, e-mail addresses, numbers, abbreviations, initials and emoticons whole', () => {
    assert.deepEqual(forms('See http://www.example.com/a-b?x=1, mail carol.st.clair@enron.com.'), ['See', 'http://www.example.com/a-b?x=1', ',', 'mail', 'carol.st.clair@enron.com', '.']);
    assert.deepEqual(forms('It cost $1,200.50 at 5:30 on 11/28/2000, call 713-853-3989'), ['It', 'cost', '$', '1,200.50', 'at', '5:30', 'on', '11/28/2000', ',', 'call', '713-853-3989']);
    assert.deepEqual(forms('Mr. Smith and Dr. J. Doe (U.S. Army) :) e.g. this'), ['Mr.', 'Smith', 'and', 'Dr.', 'J.', 'Doe', '(', 'U.S.', 'Army', ')', ':)', 'e.g.', 'this']);
    // At the end of a line the abbreviation's full stop ends the sentence, as in EWT.
    assert.deepEqual(forms('He lives in the U.S.'), ['He', 'lives', 'in', 'the', 'U.S', '.']);
  });

  it('splits hyphenated compounds and slashes except after common prefixes', () => {
    assert.deepEqual(forms('Al-Zaman sent an e-mail to co-workers and/or a non-human'), ['Al', '-', 'Zaman', 'sent', 'an', 'e-mail', 'to', 'co-workers', 'and', '/', 'or', 'a', 'non-human']);
    assert.deepEqual(forms('100% at 5:30PM'), ['100', '%', 'at', '5:30', 'PM']);
  });

  it('gives every token its span in the line and whether a space follows', () => {
    const line = "  They're here (again).";
    const tokens = tokenizer.tokenize(line);
    for (const token of tokens) assert.equal(line.slice(token.span.start, token.span.end), token.form);
    assert.deepEqual(
      tokens.map((t) => [t.form, t.span.start, t.spaceAfter]),
      [
        ["They're", 2, true],
        ['here', 10, true],
        ['(', 15, false],
        ['again', 16, false],
        [')', 21, false],
        ['.', 22, true],
      ],
    );
    assert.deepEqual(tokenizer.tokenize(''), []);
    assert.deepEqual(tokenizer.tokenize('   '), []);
  });

  it('tokenizes 300 sentences of the EWT test split with token F1 above 99.3% (measured 99.72%; 99.14% on the whole test split)', () => {
    const gold = parseConllu(fs.readFileSync(path.join(FIXTURES, 'data/ud-english-ewt/en_ewt-ud-test.sample.conllu'), 'utf8'));
    const predicted = gold.map((s) => asSentence(s.text ?? ''));
    const scores = evaluateUd(gold, predicted, gold.map((s) => s.text).join('\n'));
    assert.ok(scores.tokens.f1 > 0.993, `token F1 ${scores.tokens.f1}`);
    assert.ok(scores.words.f1 > 0.992, `word F1 ${scores.words.f1}`);
  });
});
