import * as assert from 'node:assert/strict';
import { LexiconCounts, TagLexicon, UNKNOWN_CLASS } from '../../src/core/syntax/tag-lexicon';

const NOUN = 0;
const VERB = 1;
const DET = 2;

/** "the" 30 times as DET; "run" as VERB and NOUN; "yesterday" once. */
const SENTENCES = [
  ...Array.from({ length: 20 }, () => ({ forms: ['The', 'run'], tags: [DET, NOUN] })),
  ...Array.from({ length: 10 }, () => ({ forms: ['the', 'dogs', 'run'], tags: [DET, NOUN, VERB] })),
  { forms: ['Yesterday', 'dogs', 'ran'], tags: [NOUN, NOUN, VERB] },
];

describe('tag lexicon', () => {
  it('gives words their ambiguity classes and fixes the tag of frequent unambiguous words, case-blind', () => {
    const lexicon = new LexiconCounts(SENTENCES).lexicon();
    assert.deepEqual(lexicon.data.classes[lexicon.data.words.run], [NOUN, VERB]);
    assert.deepEqual(lexicon.data.classes[lexicon.data.words.the], [DET]);
    assert.equal(lexicon.fixedTagOf('the'), DET);
    assert.equal(lexicon.fixedTagOf('run'), -1);
    // Unambiguous but too rare to be fixed (fewer than 20 occurrences).
    assert.equal(lexicon.fixedTagOf('dogs'), -1);
    assert.equal(lexicon.classOf('yesterday'), lexicon.classOf('dogs'));
    assert.notEqual(lexicon.classOf('run'), lexicon.classOf('the'));
    assert.equal(lexicon.classOf('unseen'), UNKNOWN_CLASS);
    // The shipped data gives the same answers.
    const shipped = new TagLexicon(JSON.parse(JSON.stringify(lexicon.data)));
    for (const word of ['the', 'run', 'dogs', 'ran', 'yesterday', 'unseen']) {
      assert.equal(shipped.classOf(word), lexicon.classOf(word), word);
      assert.equal(shipped.fixedTagOf(word), lexicon.fixedTagOf(word), word);
    }
  });

  it('leaves a training sentence\'s own words out while the tagger learns from it', () => {
    const counts = new LexiconCounts(SENTENCES);
    const full = counts.lexicon();
    counts.leaveOut(SENTENCES[SENTENCES.length - 1]);
    // Words seen only in that sentence are unknown, as new words will be.
    assert.equal(counts.classOf('yesterday'), UNKNOWN_CLASS);
    assert.equal(counts.classOf('ran'), UNKNOWN_CLASS);
    assert.equal(counts.classOf('dogs'), full.classOf('dogs'));
    counts.leaveOut(undefined);
    assert.equal(counts.classOf('yesterday'), full.classOf('yesterday'));
  });
});
