import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { FIXTURES } from './golden';
import { snowballEnglishStem } from '../../src/core/text/stemmers/snowball-english';

/**
 * `test/fixtures/stemmers/snowball-english-meteor.tsv`: words and the stems METEOR 1.5's Java
 * `org.tartarus.snowball.ext.englishStemmer` gives them (see test/fixtures/README.md).
 */
function fixture(): [string, string][] {
  const text = fs.readFileSync(path.join(FIXTURES, 'stemmers/snowball-english-meteor.tsv'), 'utf8');
  return text
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => {
      const tab = l.lastIndexOf('\t');
      return [l.slice(0, tab), l.slice(tab + 1)];
    });
}

describe('Snowball English stemmer (as bundled with METEOR 1.5)', () => {
  it('stems 5,802 words exactly as the Java stemmer does', () => {
    const rows = fixture();
    assert.ok(rows.length > 5000);
    const wrong = rows.filter(([word, stem]) => snowballEnglishStem(word) !== stem);
    assert.deepStrictEqual(wrong.slice(0, 10).map(([w, s]) => `${w}: expected ${s}, got ${snowballEnglishStem(w)}`), []);
  });

  it('follows Porter2 on the textbook cases (expected stems from the Java stemmer)', () => {
    const cases: [string, string][] = [
      ['consign', 'consign'], ['consigned', 'consign'], ['consigning', 'consign'], ['consignment', 'consign'],
      ['generously', 'generous'], ['generate', 'generat'], ['communism', 'communism'], ['arsenal', 'arsenal'],
      ['skies', 'sky'], ['dying', 'die'], ['news', 'news'], ['innings', 'inning'], ['succeeded', 'succeed'],
      ['cried', 'cri'], ['ties', 'tie'], ['hopping', 'hop'], ['hoping', 'hope'], ['luxuriating', 'luxuri'],
      ['fluently', 'fluentli'], ['geology', 'geolog'], ['cats', 'cat'], ['caresses', 'caress'], ["'tis", 'tis'],
    ];
    for (const [word, stem] of cases) assert.strictEqual(snowballEnglishStem(word), stem, word);
  });

  it('leaves capitals and non-ASCII letters alone (METEOR stems raw tokens without -lower)', () => {
    assert.strictEqual(snowballEnglishStem('Running'), 'Run');
    assert.strictEqual(snowballEnglishStem('RUNNING'), 'RUNNING');
    assert.strictEqual(snowballEnglishStem('naïve'), 'naïv');
    // A capital Y counts as a consonant y: Step 1c turns a final one into i.
    assert.strictEqual(snowballEnglishStem('YAY'), 'YAi');
    assert.strictEqual(snowballEnglishStem('sayYing'), 'sayi');
    assert.strictEqual(snowballEnglishStem('ab'), 'ab');
  });
});
