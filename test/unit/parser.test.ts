import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { readParserModelFile, shippedParserModelPath } from '../../src/core/io/parser-model-file';
import { formatConllu, parseConllu } from '../../src/core/syntax/conllu';
import { ParserModelData } from '../../src/core/syntax/model-format';
import { alignParsesToLines } from '../../src/core/syntax/parse-alignment';
import { conlluSentencesOfLine, Parser } from '../../src/core/syntax/parser';
import { evaluateUd } from '../../src/core/syntax/ud-evaluation';
import { FIXTURES } from './golden';

const SAMPLE = path.join(FIXTURES, 'data/ud-english-ewt/en_ewt-ud-test.sample.conllu');
// The shipped model's scores on these 300 sentences, measured when it was made (percent); the tests allow 0.5 less.
const UPOS_GOLD = 97.15;
const LEMMA_GOLD = 97.74;
const UAS_GOLD = 85.95;
const LAS_GOLD = 82.5;
const UPOS_RAW = 96.8;
const LAS_RAW = 81.98;
const WMT_REFERENCES = path.join(FIXTURES, 'data/wmt21-news/txt/references/newstest2021.cs-en.ref.A.en');

describe('built-in parser (shipped UD English EWT model)', function () {
  this.timeout(120000);
  let model: ParserModelData;
  let parser: Parser;
  before(() => {
    model = readParserModelFile(shippedParserModelPath());
    parser = new Parser(() => model);
  });

  it('loads its model only when first asked to parse, and only once', () => {
    let loads = 0;
    const lazy = new Parser(() => {
      loads++;
      return model;
    });
    assert.equal(lazy.loaded, false);
    assert.equal(loads, 0);
    lazy.parseLine('John resigned yesterday.');
    lazy.parseLine('Yesterday, John resigned.');
    assert.equal(loads, 1);
    assert.equal(lazy.loaded, true);
  });

  it('says where the model comes from: UD English EWT, CC BY-SA 4.0', () => {
    assert.match(parser.metadata.trainedOn, /English Web Treebank.*train/);
    assert.match(parser.metadata.licence, /CC BY-SA 4\.0/);
  });

  it('analyses simple sentences completely: words, lemmas, tags, features, heads and relations', () => {
    const row = (line: string): string[][] =>
      parser.parseLine(line).sentence.words.map((w) => [w.form, w.lemma, w.upos, w.xpos, String(w.head), w.deprel]);
    assert.deepEqual(row('John left on Monday.'), [
      ['John', 'John', 'PROPN', 'NNP', '2', 'nsubj'],
      ['left', 'leave', 'VERB', 'VBD', '0', 'root'],
      ['on', 'on', 'ADP', 'IN', '4', 'case'],
      ['Monday', 'Monday', 'PROPN', 'NNP', '2', 'obl'],
      ['.', '.', 'PUNCT', '.', '2', 'punct'],
    ]);
    const { sentence } = parser.parseLine("We didn't see them.");
    assert.deepEqual(sentence.words.map((w) => [w.form, w.lemma, w.upos, w.head, w.deprel]), [
      ['We', 'we', 'PRON', 4, 'nsubj'],
      ['did', 'do', 'AUX', 4, 'aux'],
      ["n't", 'not', 'PART', 4, 'advmod'],
      ['see', 'see', 'VERB', 0, 'root'],
      ['them', 'they', 'PRON', 4, 'obj'],
      ['.', '.', 'PUNCT', 4, 'punct'],
    ]);
    assert.deepEqual(sentence.multiwordTokens, [{ first: 2, last: 3, form: "didn't", misc: {} }]);
    // The morphology the dependency metrics read (num, tense, pers), the auxiliary agreeing with its verb's subject.
    assert.deepEqual(sentence.words[0].feats, { Case: 'Nom', Number: 'Plur', Person: '1', PronType: 'Prs' });
    assert.deepEqual(sentence.words[1].feats, { Mood: 'Ind', Number: 'Plur', Person: '1', Tense: 'Past', VerbForm: 'Fin' });
    assert.deepEqual(sentence.words[4].feats, { Case: 'Acc', Number: 'Plur', Person: '3', PronType: 'Prs' });
  });

  it('gives every word its span in the original line; the words of a multiword token share it', () => {
    const line = '  “I don’t think,” said Mr. O’Neil — it’s the U.S. e-mail  policy (again)...';
    const { sentence, spans } = parser.parseLine(line);
    assert.equal(spans.length, sentence.words.length);
    const surface = (i: number): string => line.slice(spans[i].start, spans[i].end);
    sentence.words.forEach((word, i) => {
      const multiword = sentence.multiwordTokens.find((m) => m.first <= word.id && word.id <= m.last);
      assert.equal(surface(i), multiword ? multiword.form : word.form);
    });
    const dont = sentence.words.findIndex((w) => w.form === 'do');
    assert.deepEqual([surface(dont), surface(dont + 1)], ['don’t', 'don’t']);
  });

  it('is deterministic: the same lines give the same CoNLL-U, from one parser or a fresh one', () => {
    const lines = fs.readFileSync(WMT_REFERENCES, 'utf8').split('\n').slice(0, 60);
    const conllu = (p: Parser): string => formatConllu(lines.flatMap((line, i) => (line.trim() === '' ? [] : conlluSentencesOfLine(p.parseLine(line), i + 1))));
    const first = conllu(parser);
    assert.equal(conllu(parser), first);
    assert.equal(conllu(new Parser(() => model)), first);
  });

  it('writes CoNLL-U that reads back and matches the lines it came from, several sentences per line included', () => {
    const lines = ['John resigned yesterday. He was tired.', '', 'The U.S. won\'t say (officially).'];
    const text = formatConllu(lines.flatMap((line, i) => (line === '' ? [] : conlluSentencesOfLine(parser.parseLine(line), i + 1))));
    const sentences = parseConllu(text);
    assert.deepEqual(sentences.map((s) => s.sentId), ['1.1', '1.2', '3']);
    const { parses, mismatches } = alignParsesToLines(sentences, lines);
    assert.deepEqual(mismatches, []);
    const direct = parser.parseLine(lines[0]);
    assert.deepEqual(parses[0]?.sentence.words.map((w) => [w.form, w.head, w.deprel]), direct.sentence.words.map((w) => [w.form, w.head, w.deprel]));
    assert.deepEqual(direct.sentenceStarts, [0, 4]);
    assert.equal(direct.sentence.words.filter((w) => w.head === 0).length, 2);
  });

  it('parses empty and very long lines', () => {
    assert.equal(parser.parseLine('').sentence.words.length, 0);
    assert.equal(parser.parseLine('   ').sentence.words.length, 0);
    const long = Array.from({ length: 400 }, (_, i) => `word${i} and`).join(' ');
    const { sentence } = parser.parseLine(long);
    assert.equal(sentence.words.length, 800);
    assert.equal(sentence.words.filter((w) => w.head === 0).length, 1);
  });

  it('keeps its accuracy on 300 EWT test sentences (gold tokenization)', () => {
    const gold = parseConllu(fs.readFileSync(SAMPLE, 'utf8'));
    const predicted = gold.map((s) => ({ ...parser.parseWords(s.words.map((w) => w.form)), multiwordTokens: s.multiwordTokens }));
    const scores = evaluateUd(gold, predicted, gold.map((s) => s.text).join('\n'));
    const measured = { upos: UPOS_GOLD, uas: UAS_GOLD, las: LAS_GOLD, lemma: LEMMA_GOLD };
    for (const [name, figure] of Object.entries(measured)) {
      const value = scores[name as keyof typeof measured].f1 * 100;
      assert.ok(value >= figure - 0.5, `${name} ${value.toFixed(2)} fell below ${figure} − 0.5`);
    }
  });

  it('keeps its accuracy on the same sentences from raw text (own tokenization)', () => {
    const gold = parseConllu(fs.readFileSync(SAMPLE, 'utf8'));
    const predicted = gold.map((s) => parser.parseLine(s.text ?? '').sentence);
    const scores = evaluateUd(gold, predicted, gold.map((s) => s.text).join('\n'));
    assert.ok(scores.upos.f1 * 100 >= UPOS_RAW - 0.5, `UPOS ${scores.upos.f1}`);
    assert.ok(scores.las.f1 * 100 >= LAS_RAW - 0.5, `LAS ${scores.las.f1}`);
  });
});
