import * as assert from 'assert';
import { createHash } from 'crypto';
import { performance } from 'perf_hooks';
import { WordNet } from '../../src/core/lexicon/wordnet';
import { loadWordNet } from '../../src/core/io/wordnet-file';
import { MeteorSynonyms, sharesSynset } from '../../src/core/metrics/meteor/meteor-synonyms';

const SMALL = [
  '# a hand-made extract in the shipped format',
  '@senses',
  'auto\tn2i4',
  'automobile\tn2i4',
  'car\tn2i4 n3b9',
  'fast\ta10 r20 v30 n40',
  'go\tv60',
  'goose\tn50',
  'quick\ta10 s11',
  'run\tv60 n70',
  '@exceptions',
  'n\tgeese\tgoose',
  'v\twent\tgo',
  'a\tfaster\tfast',
].join('\n');

describe('WordNet lexicon (src/core/lexicon/wordnet.ts)', () => {
  const wn = WordNet.parse(SMALL, 'test');

  it('looks up synsets by lemma and part of speech (satellites count as adjectives)', () => {
    assert.deepStrictEqual(wn.synsets('car'), [{ pos: 'n', offset: parseInt('2i4', 36) }, { pos: 'n', offset: parseInt('3b9', 36) }]);
    assert.deepStrictEqual(wn.synsets('quick', 'a').map((s) => s.pos), ['a', 's']);
    assert.deepStrictEqual(wn.synsets('fast', 'v'), [{ pos: 'v', offset: parseInt('30', 36) }]);
    assert.deepStrictEqual(wn.synsets('Car'), []);
    assert.ok(wn.has('fast', 'r') && !wn.has('goose', 'v') && !wn.has('cars'));
    assert.deepStrictEqual(wn.synsetOffsets('fast'), [36, 72, 108, 144]);
  });

  it('finds base forms from the exception lists and the detachment rules, kept only when WordNet has them', () => {
    assert.deepStrictEqual(wn.baseForms('geese'), ['goose']);
    assert.deepStrictEqual(wn.baseForms('went'), ['go']);
    assert.deepStrictEqual(wn.baseForms('cars'), ['car']);
    assert.deepStrictEqual(wn.baseForms('running'), []); // run+ning is not a rule result ("runn" is no lemma)
    assert.deepStrictEqual(wn.baseForms('runs'), ['run']);
    assert.deepStrictEqual(wn.baseForms('runs', 'v'), ['run']);
    assert.deepStrictEqual(wn.baseForms('faster', 'a'), ['fast']);
    assert.deepStrictEqual(wn.exceptionBases('geese'), ['goose']);
  });

  it('lists synset members and synonyms of inflected words', () => {
    assert.deepStrictEqual(wn.members({ pos: 'n', offset: parseInt('2i4', 36) }), ['auto', 'automobile', 'car']);
    assert.deepStrictEqual(wn.synonyms('cars'), ['auto', 'automobile']);
    assert.deepStrictEqual(wn.synonyms('fast', 'a'), ['quick']);
    assert.deepStrictEqual(wn.synonyms('went'), ['run']);
  });

  it('rejects malformed data with the line number', () => {
    assert.throws(() => WordNet.parse('@senses\ncar\tx12', 't').synsets('car'), /bad sense for car/);
    assert.throws(() => WordNet.parse('@senses\ncar\tn1\nauto\tn1', 't'), /line 3: lemmas must be sorted/);
    assert.throws(() => WordNet.parse('car\tn1', 't'), /before a section header/);
  });
});

describe('the shipped WordNet 3.0 extract', () => {
  const start = performance.now();
  const wn = loadWordNet();
  const loadSeconds = (performance.now() - start) / 1000;

  it('has all of WordNet 3.0 (147,306 lemmas) and loads once', () => {
    assert.strictEqual(wn.lemmaCount, 147306);
    assert.strictEqual(loadWordNet(), wn);
    assert.ok(loadSeconds < 30, `loading took ${loadSeconds} s`);
  });

  it('knows common words, their inflections and synonyms', () => {
    assert.ok(wn.synsets('car', 'n').some((s) => s.offset === 2958343)); // car.n.01 in WordNet 3.0
    for (const synonym of ['auto', 'automobile', 'machine', 'motorcar']) assert.ok(wn.synonyms('cars', 'n').includes(synonym), synonym);
    assert.deepStrictEqual(wn.baseForms('went', 'v'), ['go']);
    assert.deepStrictEqual(wn.baseForms('geese'), ['goose']);
    assert.ok(wn.synonyms('quickly', 'r').includes('speedily'));
  });

  it('rebuilds METEOR 1.5\'s english.synsets and english.exceptions byte for byte (SHA-256 of the files in cmu-mtlab/meteor @ 57a9ec5)', () => {
    // english.synsets: per lemma in index.sense order (sense keys "lemma%…" sorted), the lemma line and its synset
    // offsets as 8 digits.
    const synsets: string[] = [];
    const senseKeyOrder = wn.allLemmas().sort((a, b) => (a + '%' < b + '%' ? -1 : 1));
    for (const lemma of senseKeyOrder) synsets.push(lemma, wn.synsetOffsets(lemma).map((o) => String(o).padStart(8, '0')).join(' '));
    const synsetsHash = createHash('sha256').update(synsets.join('\n') + '\n').digest('hex');
    assert.strictEqual(synsetsHash, '20b7cf6ae1cba2395d714d8c2ec2992e88c6d1c75c7c30aa480c6a2a9bb8fef9');
    // english.exceptions: per base form (sorted), the base line and its inflected forms (adj, adv, noun, verb files in order).
    const formsOfBase = new Map<string, string[]>();
    for (const pos of ['a', 'r', 'n', 'v'] as const) {
      for (const [form, bases] of wn.exceptionList(pos)) {
        for (const base of bases) {
          const forms = formsOfBase.get(base) ?? [];
          forms.push(form);
          formsOfBase.set(base, forms);
        }
      }
    }
    const exceptions: string[] = [];
    for (const base of [...formsOfBase.keys()].sort()) exceptions.push(base, formsOfBase.get(base)!.join(' '));
    assert.strictEqual(createHash('sha256').update(exceptions.join('\n') + '\n').digest('hex'), '5feb8fcb5b349d035df1a448149c2ccc860bf32e4b9eea8c8e4f113e90a5a962');
  });

  it('gives METEOR\'s synonym sets: the word, its exception bases or its first suffix rewrite in WordNet', () => {
    const syn = new MeteorSynonyms(wn);
    assert.strictEqual(syn.morph('flies'), 'fly');
    assert.strictEqual(syn.morph('glass'), 'glass');
    assert.strictEqual(syn.morph('xq'), 'xq');
    assert.strictEqual(syn.morph('zzzzing'), '');
    assert.ok(sharesSynset(syn.synsets('quickly'), syn.synsets('speedily')));
    assert.ok(sharesSynset(syn.synsets('geese'), syn.synsets('goose')));
    assert.ok(!sharesSynset(syn.synsets('cat'), syn.synsets('speedily')));
    assert.deepStrictEqual(Array.from(syn.synsets('Car')), []); // exact lookup: raw-mode capitals have no synonyms
  });
});
