import * as assert from 'node:assert/strict';
import { metricRequest } from '../../src/core/engine/metric-registry';
import { DEFAULT_METRIC_SETTINGS, MetricSettings } from '../../src/core/engine/metric-settings';
import { parseTripleMetricName } from '../../src/core/engine/syntactic-metrics';
import { scoreSystems } from '../../src/core/engine/score-systems';
import { SynonymSets } from '../../src/core/syntax/synonym-source';
import { TRIPLE_SWITCHES } from '../../src/core/metrics/syntactic/triple-units';
import { UnderstudyError } from '../../src/core/errors';
import { JOHN_RESIGNED_YESTERDAY, MARY_RESIGNED_YESTERDAY, YESTERDAY_JOHN_RESIGNED, treesFor } from './syntax-helpers';

const JOHN = 'John resigned yesterday';
const MARY = 'Mary resigned yesterday';
const CANDIDATE = 'Yesterday, John resigned';
const trees = treesFor({ [JOHN]: JOHN_RESIGNED_YESTERDAY, [MARY]: MARY_RESIGNED_YESTERDAY, [CANDIDATE]: YESTERDAY_JOHN_RESIGNED });
const synonyms = new SynonymSets('test-wn', [['john', 'mary']]);
const noJackknife: MetricSettings = { ...DEFAULT_METRIC_SETTINGS, depevalJackknife: false };

function depeval(name: string, settings: MetricSettings = noJackknife) {
  const metric = metricRequest(name, settings, { trees, synonyms }).prepare({ streams: [[JOHN], [MARY]] });
  const stats = metric.stats(CANDIDATE, 0);
  return { metric, stats: Array.from(stats), score: metric.sentenceScore(stats) };
}

describe('DEPEVAL(summ)', () => {
  it('is recall against the pooled bag of the models\' triples', () => {
    // 7 candidate triples; the models pool 14; every candidate triple is found once: R = 7/14, P = 1.
    const { stats, score } = depeval('depeval');
    assert.deepEqual(stats, [0.5, 1, 2 / 3, 1, 14, 7, 7]);
    assert.equal(score.score, 0.5);
  });

  it('"one" counts each distinct triple once on both sides', () => {
    // Distinct pooled triples: John's 7 + subj(resign, mary), num(mary, sg), pers(mary, 3).
    assert.deepEqual(depeval('depeval-one').stats.slice(4), [10, 7, 7]);
    assert.equal(depeval('depeval-one').score.score, 0.7);
  });

  it('pm, norel, pred and wn change the units as in dep-f', () => {
    assert.deepEqual(depeval('depeval-pm').stats.slice(4), [22, 11, 11]);
    assert.deepEqual(depeval('depeval-pred').stats.slice(4), [4, 2, 2]);
    assert.deepEqual(depeval('depeval-norel').stats.slice(4), [14, 7, 7]);
    // "Mary resigned yesterday" against John's summary alone: 4 of 7 exactly; with john ~ mary as synonyms, all 7.
    const alone = (name: string): number[] =>
      Array.from(metricRequest(name, noJackknife, { trees, synonyms }).prepare({ streams: [[JOHN]] }).stats(MARY, 0)).slice(4);
    assert.deepEqual(alone('depeval'), [7, 7, 4]);
    assert.deepEqual(alone('depeval-wn'), [7, 7, 7]);
    assert.deepEqual(alone('depeval-wn-pred'), [2, 2, 2]);
  });

  it('jackknifes over the models by default: the mean of the leave-one-out recalls', () => {
    const { stats, score } = depeval('depeval', DEFAULT_METRIC_SETTINGS);
    // Against Mary alone R = 4/7, against John alone R = 1.
    assert.ok(Math.abs(score.score - (4 / 7 + 1) / 2) < 1e-12);
    assert.equal(stats[3], 1);
    assert.match(depeval('depeval', DEFAULT_METRIC_SETTINGS).metric.signature(), /jackknife:yes$/);
  });

  it('offers all 32 switch combinations, in any order, each with its own signature', () => {
    const signatures = new Set<string>();
    for (let mask = 0; mask < 32; mask++) {
      const switches = TRIPLE_SWITCHES.filter((_, i) => mask & (1 << i));
      const name = ['depeval', ...switches.reverse()].join('-');
      const { metric, score } = depeval(name);
      assert.equal(metric.name, name);
      assert.ok(score.score > 0 && score.score <= 1, `${name}: ${score.score}`);
      signatures.add(metric.signature());
    }
    assert.equal(signatures.size, 32);
    assert.deepEqual(parseTripleMetricName('dep-f-wn-pm')?.switches, { pm: true, one: false, wn: true, norel: false, pred: false });
    assert.throws(() => metricRequest('depeval-pm-pm', DEFAULT_METRIC_SETTINGS), (e: unknown) => e instanceof UnderstudyError && /twice/.test(e.message));
    assert.throws(() => metricRequest('depeval-lemma', DEFAULT_METRIC_SETTINGS), (e: unknown) => e instanceof UnderstudyError && e.code === 'unknown-metric' && /pm, one, wn, norel, pred/.test(e.message));
  });

  it('explains which model each matched dependency came from', () => {
    const { metric } = depeval('depeval');
    const e = metric.explain(CANDIDATE, 0);
    assert.deepEqual(e.details.models, [0, 1]);
    assert.deepEqual(e.details.hitsPerModel, [7, 0]);
    assert.ok((e.details.matchedTriples as string[]).includes('subj(resign, john) ← model 1'));
    assert.ok((e.details.unmatchedReferenceTriples as string[]).includes('subj(resign, mary) (model 2)'));
    assert.deepEqual(e.matches.map((m) => m.referenceIndex), [0, 0, 0, 0, 0, 0, 0]);
  });

  it('gives the mean per-summary recall as the corpus score through the engine', () => {
    const report = scoreSystems({
      references: [{ file: 'M1', segments: [JOHN, MARY] }, { file: 'M2', segments: [MARY, JOHN] }],
      systems: [{ file: 'peer', hypotheses: [CANDIDATE, CANDIDATE] }],
      metrics: [metricRequest('depeval', noJackknife, { trees })],
    });
    const result = report.systems[0].scores.depeval;
    assert.equal(result.score, 0.5);
    assert.equal(result.parts.summaries, 2);
    assert.equal(result.parts.tokenRecall, 14 / 28);
  });
});
