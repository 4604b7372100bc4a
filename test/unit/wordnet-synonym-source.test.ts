import * as assert from 'node:assert/strict';
import { loadWordNet } from '../../src/core/io/wordnet-file';
import { WordNetSynonymSource } from '../../src/core/lexicon/wordnet-synonym-source';
import { prepareDependencyF } from '../../src/core/metrics/syntactic/dependency-f';
import { NO_SWITCHES } from '../../src/core/metrics/syntactic/triple-units';
import { metricRequest } from '../../src/core/engine/metric-registry';
import { DEFAULT_METRIC_SETTINGS } from '../../src/core/engine/metric-settings';
import { JOHN_RESIGNED_YESTERDAY, treesFor } from './syntax-helpers';

const JOHN = 'John resigned yesterday';
const QUIT = 'John quit yesterday';
// "quit" and "resign" share WordNet 3.0's verb synset 02382367 ("leave (a job, post, or position) voluntarily").
const JOHN_QUIT_YESTERDAY = JOHN_RESIGNED_YESTERDAY.replace('resigned resign', 'quit quit');
const trees = treesFor({ [JOHN]: JOHN_RESIGNED_YESTERDAY, [QUIT]: JOHN_QUIT_YESTERDAY });

describe('WordNet as the dependency metrics\' synonym source (the wn switch)', () => {
  const source = new WordNetSynonymSource(loadWordNet());

  it('names senses by part of speech and synset offset, and finds a lemma under its base form', () => {
    assert.equal(source.name, 'wn3.0');
    assert.ok(source.senses('resign', 'verb').includes('v:2382367'));
    assert.ok(source.senses('quit', 'verb').includes('v:2382367'));
    assert.deepEqual(source.senses('resign', 'noun'), []);
    assert.deepEqual(source.senses('resigned', 'verb'), source.senses('resign', 'verb'));
  });

  it('matches "quit" to "resign" with wn and not without', () => {
    const score = (wn: boolean): number => {
      const metric = prepareDependencyF({ streams: [[JOHN]] }, { name: wn ? 'dep-f-wn' : 'dep-f', trees, switches: { ...NO_SWITCHES, wn }, synonyms: wn ? source : undefined });
      return metric.sentenceScore(metric.stats(QUIT, 0)).score;
    };
    assert.equal(score(true), 100);
    assert.ok(score(false) < 100);
  });

  it('is what the registry uses for a wn switch when no other source is given', () => {
    const metric = metricRequest('dep-f-wn', DEFAULT_METRIC_SETTINGS, { trees }).prepare({ streams: [[JOHN]] });
    assert.equal(metric.sentenceScore(metric.stats(QUIT, 0)).score, 100);
    assert.match(metric.signature(), /wn3\.0/);
  });
});
