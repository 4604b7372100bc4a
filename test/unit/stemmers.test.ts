import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { FIXTURES, loadGolden } from './golden';
import { rouge155Stem } from '../../src/core/text/stemmers/rouge155-stemmer';
import { nltkPorterStem } from '../../src/core/text/stemmers/porter-nltk';
import { rouge155Tokens } from '../../src/core/text/rouge155-tokenize';
import { rougeScoreTokens } from '../../src/core/text/rouge-score-tokenize';
import { WORDNET2_EXCEPTIONS } from '../../src/core/text/data/wordnet2-exceptions.generated';

interface StemmerEntry {
  word: string;
  category: string;
  rouge155_morphstem: string;
  rouge155_exception_entry: string | null;
  rouge155_tokens_plain: string[];
  rouge155_tokens_m: string[];
  nltk_porter_nltk_extensions: string;
  nltk_porter_original_algorithm: string;
  nltk_porter_martin_extensions: string;
  rouge_score_tokens_stemmed: string[];
}

const entries = loadGolden('porter_stemmer').entries as StemmerEntry[];

/** Every token's span must cover text whose lower-cased ASCII alphanumerics are the unstemmed token. */
function assertSpansPointIntoText(text: string, tokens: readonly { start: number; end: number }[]): void {
  for (const t of tokens) {
    assert.ok(t.start >= 0 && t.end <= text.length && t.start < t.end, `span ${t.start}-${t.end} in ${JSON.stringify(text)}`);
  }
}

describe('stemmers: golden porter_stemmer.json (ROUGE-1.5.5, NLTK 3.8, rouge-score)', () => {
  it('has the documented number of entries', () => {
    assert.strictEqual(entries.length, 2038);
  });

  for (const [index, e] of entries.entries()) {
    it(`#${index} ${JSON.stringify(e.word)} (${e.category})`, () => {
      const word = e.word;
      assert.strictEqual(rouge155Stem(word), e.rouge155_morphstem, 'rouge155_morphstem');
      const lower = word.replace(/[A-Z]/g, (c) => c.toLowerCase());
      assert.strictEqual(WORDNET2_EXCEPTIONS.get(lower) ?? null, e.rouge155_exception_entry, 'rouge155_exception_entry');
      assert.strictEqual(nltkPorterStem(word), e.nltk_porter_nltk_extensions, 'nltk_porter_nltk_extensions');
      assert.strictEqual(nltkPorterStem(word, 'nltk'), e.nltk_porter_nltk_extensions, 'nltk mode');
      assert.strictEqual(nltkPorterStem(word, 'original'), e.nltk_porter_original_algorithm, 'nltk_porter_original_algorithm');
      assert.strictEqual(nltkPorterStem(word, 'martin'), e.nltk_porter_martin_extensions, 'nltk_porter_martin_extensions');
      const plain = rouge155Tokens(word, false);
      assert.deepStrictEqual(plain.map((t) => t.text), e.rouge155_tokens_plain, 'rouge155_tokens_plain');
      const stemmed = rouge155Tokens(word, true);
      assert.deepStrictEqual(stemmed.map((t) => t.text), e.rouge155_tokens_m, 'rouge155_tokens_m');
      const rs = rougeScoreTokens(word, true);
      assert.deepStrictEqual(rs.map((t) => t.text), e.rouge_score_tokens_stemmed, 'rouge_score_tokens_stemmed');
      assertSpansPointIntoText(word, plain);
      assertSpansPointIntoText(word, rs);
    });
  }
});

describe('ROUGE-1.5.5 stemmer: focused behaviours', () => {
  it('the generated exception table equals resources/rouge155/WordNet-2.0-exceptions.tsv (and the fixture copy)', () => {
    for (const file of [
      path.join(FIXTURES, '..', '..', 'resources/rouge155/WordNet-2.0-exceptions.tsv'),
      path.join(FIXTURES, 'golden/rouge155-resources/WordNet-2.0-exceptions.tsv'),
    ]) {
      const lines = fs.readFileSync(file, 'utf8').split('\n').filter((l) => l.length > 0);
      assert.strictEqual(lines.length, WORDNET2_EXCEPTIONS.size, file);
      for (const line of lines) {
        const [key, value] = line.split('\t');
        assert.strictEqual(WORDNET2_EXCEPTIONS.get(key), value, `${file}: ${key}`);
      }
    }
  });
  it('uses the 2004 step-4 change (-ement)', () => {
    assert.strictEqual(rouge155Stem('statement'), 'statem');
    assert.strictEqual(nltkPorterStem('statement'), 'statement');
  });
  it('looks up the WordNet exception table first, with the shipped DB values', () => {
    assert.strictEqual(rouge155Stem('better'), 'well');
    assert.strictEqual(rouge155Stem('best'), 'well');
    assert.strictEqual(rouge155Stem('is'), 'be');
    assert.strictEqual(rouge155Stem('Children'), 'child');
    assert.strictEqual(WORDNET2_EXCEPTIONS.size, 5930);
  });
  it('returns words shorter than 3 bytes unchanged and works on UTF-8 bytes', () => {
    assert.strictEqual(rouge155Stem('as'), 'as');
    assert.strictEqual(rouge155Stem('straße'), 'straß');
    assert.strictEqual(rouge155Stem(''), '');
  });
  it('keeps an initial y a consonant', () => {
    assert.strictEqual(rouge155Stem('yelling'), 'yell');
  });
});

describe('NLTK PorterStemmer: focused behaviours', () => {
  it('consults the irregular pool with the word as given (before lower-casing)', () => {
    assert.strictEqual(nltkPorterStem('news'), 'news');
    assert.strictEqual(nltkPorterStem('News'), 'new');
    assert.strictEqual(nltkPorterStem('dying'), 'die');
    assert.strictEqual(nltkPorterStem('dying', 'original'), 'dy');
  });
  it('leaves words of at most 2 characters alone except in original mode', () => {
    assert.strictEqual(nltkPorterStem('As'), 'as');
    assert.strictEqual(nltkPorterStem('As', 'martin'), 'as');
    assert.strictEqual(nltkPorterStem('As', 'original'), 'a');
  });
  it('differs between modes on y→i and -logi', () => {
    assert.strictEqual(nltkPorterStem('saying'), 'say');
    assert.strictEqual(nltkPorterStem('saying', 'martin'), 'sai');
    assert.strictEqual(nltkPorterStem('archaeology'), 'archaeolog');
    assert.strictEqual(nltkPorterStem('archaeology', 'original'), 'archaeologi');
  });
  it('stems a 100k-character word', () => {
    const long = 'ab'.repeat(50_000) + 'ational';
    assert.strictEqual(nltkPorterStem(long), 'ab'.repeat(50_000));
    assert.ok(rouge155Stem(long).length > 0);
  });
});

describe('tokenizers: offsets into the original text', () => {
  it('rouge155Tokens: byte-level separators, UTF-16 offsets', () => {
    const text = 'Café naïve-Running';
    const tokens = rouge155Tokens(text, true);
    assert.deepStrictEqual(tokens.map((t) => t.text), ['caf', 'na', 've', 'run']);
    assert.deepStrictEqual(tokens.map((t) => text.slice(t.start, t.end)), ['Caf', 'na', 've', 'Running']);
  });
  it('rougeScoreTokens: lower-cases, splits on non-[a-z0-9], stems tokens longer than 3', () => {
    const text = "The DOGS' owners, 2.5 km — running!";
    const tokens = rougeScoreTokens(text, true);
    assert.deepStrictEqual(tokens.map((t) => t.text), ['the', 'dog', 'owner', '2', '5', 'km', 'run']);
    assert.deepStrictEqual(tokens.map((t) => text.slice(t.start, t.end)), ['The', 'DOGS', 'owners', '2', '5', 'km', 'running']);
    assert.deepStrictEqual(rougeScoreTokens('', true), []);
  });
  it('rougeScoreTokens: characters lower-casing to ASCII count (Python str.lower)', () => {
    const text = '\u212Aelvin';
    const tokens = rougeScoreTokens(text, false);
    assert.deepStrictEqual(tokens, [{ text: 'kelvin', start: 0, end: 6 }]);
  });
});
