import * as assert from 'node:assert/strict';
import * as path from 'path';
import { summEvalDocuments } from '../../bench/data';
import { metricRequest } from '../../src/core/engine/metric-registry';
import { DEFAULT_METRIC_SETTINGS } from '../../src/core/engine/metric-settings';
import { ScoringCancelled } from '../../src/core/engine/score-systems';
import { king, queen, searchMetricSets } from '../../src/core/meta/qarla';
import { SimilarityCaseInput, SimilarityTestBed, similarityTestBed } from '../../src/core/meta/qarla/similarity-matrices';
import { pearson } from '../../src/core/meta/stats/pearson';
import { FIXTURES } from './golden';

/** The first three SummEval documents: 11 references (models) and 16 system summaries (peers) each. */
const documents = summEvalDocuments(path.join(FIXTURES, 'data'), 3);
const cases: SimilarityCaseInput[] = documents.map((d) => ({
  id: d.id,
  models: d.references.map((text, i) => ({ name: `ref${i + 1}`, text })),
  peers: d.summaries.map((s) => ({ name: s.system, text: s.summary })),
}));
const settings = DEFAULT_METRIC_SETTINGS;
const similarities = [
  { name: 'R-1', metric: metricRequest('rouge1', settings), part: 'recall' },
  { name: 'Rpre-1', metric: metricRequest('rouge1', settings), part: 'recall', inverted: true },
  { name: 'R-SU4', metric: metricRequest('rougeSU4', settings), part: 'recall' },
  { name: 'WER', metric: metricRequest('wer', settings) },
];

describe('QARLA similarity matrices from the engine (SummEval, 3 documents × 11 references × 16 systems)', () => {
  const progress: [number, number][] = [];
  let bed: SimilarityTestBed;
  before(() => {
    bed = similarityTestBed({ cases, similarities, onProgress: (done, total) => progress.push([done, total]) });
  });
  const k = similarities.length;

  /** A metric's sentence score of one text against one reference, prepared on its own. */
  const direct = (name: string, part: string | undefined, candidate: string, reference: string): number => {
    const metric = metricRequest(name, settings).prepare({ streams: [[reference]] });
    const score = metric.sentenceScore(metric.stats(candidate, 0));
    return part ? (score.parts[part] as number) : score.score;
  };

  it('has every case, text and metric in place', () => {
    assert.equal(bed.cases.length, 3);
    for (const c of bed.cases) {
      assert.equal(c.models.length, 11);
      assert.equal(c.peers.length, 16);
      assert.equal(c.peerModel.length, 16 * 11 * k);
      assert.equal(c.modelModel.length, 11 * 11 * k);
      assert.equal(c.peerPeer!.length, 16 * 16 * k);
    }
    assert.deepEqual(
      bed.sources.map((s) => [s.name, s.part, s.inverted, s.negated]),
      [
        ['R-1', 'recall', false, false],
        ['Rpre-1', 'recall', true, false],
        ['R-SU4', 'recall', false, false],
        ['WER', null, false, true],
      ],
    );
    assert.match(bed.sources[0].signature, /rouge155/);
    const total = cases.reduce((s, c) => s + c.peers.length * c.models.length + c.models.length ** 2 + c.peers.length ** 2, 0) * k;
    assert.deepEqual(progress.at(-1), [total, total]);
  });

  it('x(a, m) is the peer scored against that model alone, in every case (positions checked one by one)', () => {
    for (const [c, p, m] of [[0, 0, 0], [1, 5, 3], [2, 15, 10], [2, 7, 0]] as const) {
      const kase = bed.cases[c];
      const at = (x: number): number => kase.peerModel[(p * 11 + m) * k + x];
      const peer = cases[c].peers[p].text;
      const model = cases[c].models[m].text;
      assert.equal(at(0), direct('rouge1', 'recall', peer, model));
      assert.equal(at(2), direct('rougeSU4', 'recall', peer, model));
      assert.equal(at(3), -direct('wer', undefined, peer, model), 'WER is an error rate: negated');
      // Inverted ROUGE-1 recall, R(m, a), is ROUGE-1 precision of a against m: the same clipped hits over |a|.
      assert.equal(at(1), direct('rouge1', 'precision', peer, model));
      assert.equal(at(1), direct('rouge1', 'recall', model, peer));
    }
  });

  it('models against models (a model against itself scores 1) and peers against peers', () => {
    const kase = bed.cases[1];
    for (let m = 0; m < 11; m++) assert.equal(kase.modelModel[(m * 11 + m) * k], 1);
    assert.equal(kase.modelModel[(2 * 11 + 9) * k], direct('rouge1', 'recall', cases[1].models[2].text, cases[1].models[9].text));
    assert.equal(kase.modelModel[(2 * 11 + 9) * k + 1], direct('rouge1', 'recall', cases[1].models[9].text, cases[1].models[2].text));
    assert.equal(kase.peerPeer![(4 * 16 + 11) * k + 2], direct('rougeSU4', 'recall', cases[1].peers[4].text, cases[1].peers[11].text));
  });

  it('feeds QARLA: the search, KING of each set, and the QUEEN–human correlation agree', () => {
    const relevance = new Map<string, number[]>();
    for (const d of documents) for (const s of d.summaries) relevance.set(s.system, [...(relevance.get(s.system) ?? []), s.relevance]);
    const systems = [...relevance.keys()];
    const human = { systems, scores: systems.map((s) => relevance.get(s)!.reduce((a, b) => a + b, 0) / relevance.get(s)!.length) };
    const search = searchMetricSets(bed, { human });
    assert.equal(search.sets.length, 15);
    for (const set of search.sets) {
      assert.equal(set.king, king(bed, set.metrics).king);
      const ranking = queen(bed, set.metrics).ranking.filter((r) => r.kind === 'peer');
      const queens = systems.map((s) => ranking.find((r) => r.name === s)!.queen);
      const r = pearson(queens, human.scores).statistic;
      assert.ok(set.humanCorrelation !== null && Math.abs(set.humanCorrelation - r) < 1e-12, `${set.metrics}: ${set.humanCorrelation} vs ${r}`);
    }
    assert.deepEqual(search.human?.unscored, []);
    // Systems and the 11 human references ranked together.
    assert.equal(queen(bed, ['R-1']).ranking.length, 16 + 11);
  });

  it('stops when cancelled, and names a part that does not exist', () => {
    let polls = 0;
    assert.throws(() => similarityTestBed({ cases, similarities: similarities.slice(0, 1), isCancelled: () => ++polls > 2 }), ScoringCancelled);
    assert.throws(
      () => similarityTestBed({ cases: cases.slice(0, 1), similarities: [{ name: 'R-1', metric: metricRequest('rouge1', settings), part: 'recal' }] }),
      /rouge1 has no numeric part "recal" for similarity R-1; its parts are recall, precision, fmeasure/,
    );
    assert.throws(() => similarityTestBed({ cases, similarities: [similarities[0], similarities[0]] }), /Similarity names must be distinct/);
  });
});
