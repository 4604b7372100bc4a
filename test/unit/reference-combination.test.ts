import * as assert from 'node:assert/strict';
import * as path from 'path';
import { DEFAULT_METRIC_SETTINGS, MetricSettings } from '../../src/core/engine/metric-settings';
import { metricRequest } from '../../src/core/engine/metric-registry';
import { PreparedMetric } from '../../src/core/metrics/metric';
import { perlRound5, perlRound5Fast } from '../../src/core/metrics/rouge155/perl-format';
import { seededRandom } from '../../src/core/significance/pcg64';
import { uniformBelow } from '../../src/core/significance/uniform-integers';
import { summEvalTable, wmt21Table } from '../../bench/meta-data';
import { FIXTURES } from './golden';

const DATA = path.join(FIXTURES, 'data');

/** Rows of `prepare` on each stream alone, for one hypothesis: references × width, stream order. */
function perReferenceRows(singles: PreparedMetric[], hypothesis: string, segment: number): Float64Array {
  const width = singles[0].statsLayout.length;
  const rows = new Float64Array(singles.length * width);
  singles.forEach((m, r) => rows.set(m.stats(hypothesis, segment), r * width));
  return rows;
}

/** Checks, for random reference subsets of random segments, that combining single-reference rows equals preparing on the subset. */
function checkCombination(name: string, settings: MetricSettings, streams: string[][], hypotheses: string[][], cases: number, seed: number): void {
  const request = metricRequest(name, settings);
  const singles = streams.map((s) => request.prepare({ streams: [s] }));
  const full = request.prepare({ streams });
  assert.ok(full.combineReferences, `${name} declares combineReferences`);
  const width = full.statsLayout.length;
  const random = seededRandom(seed);
  const R = streams.length;
  const prepared = new Map<number, PreparedMetric>();
  const out = new Float64Array(width);
  for (let c = 0; c < cases; c++) {
    const segment = uniformBelow(random, streams[0].length);
    const system = uniformBelow(random, hypotheses.length);
    const mask = c === 0 ? (1 << R) - 1 : 1 + uniformBelow(random, (1 << R) - 1);
    const chosen = Int32Array.from({ length: R }, (_, r) => r).filter((r) => (mask >> r) & 1);
    let subset = prepared.get(mask);
    if (!subset) {
      subset = mask === (1 << R) - 1 ? full : request.prepare({ streams: streams.filter((_, r) => (mask >> r) & 1) });
      prepared.set(mask, subset);
    }
    const hypothesis = hypotheses[system][segment];
    const rows = perReferenceRows(singles, hypothesis, segment);
    full.combineReferences!(rows, 0, chosen, chosen.length, out);
    assert.deepEqual(Array.from(out), Array.from(subset.stats(hypothesis, segment)), `${name}: system ${system}, segment ${segment}, references ${Array.from(chosen).join(',')}`);
  }
}

describe('combineReferences: a segment against any subset of references from per-reference statistics', () => {
  const summeval = summEvalTable(DATA);
  // The first 12 SummEval documents, 16 systems, all 11 references.
  const docs = 12;
  const refs = summeval.references.map((stream) => stream.slice(0, docs));
  const hyps = summeval.hypotheses.map((h) => h.slice(0, docs));
  const stemmed: MetricSettings = { ...DEFAULT_METRIC_SETTINGS, rougeStem: true };

  for (const name of ['rouge1', 'rouge2', 'rougeL', 'rougeSU4', 'rougeW', 'rougeS*']) {
    it(`ROUGE-1.5.5 ${name} -m -f A equals scoring against the subset (SummEval, 60 random subsets)`, () => {
      checkCombination(name, stemmed, refs, hyps, 60, 11);
    });
  }
  for (const name of ['rouge1', 'rouge2', 'rougeL', 'rougeSU4']) {
    it(`ROUGE-1.5.5 ${name} -f B (best model) equals scoring against the subset`, () => {
      checkCombination(name, { ...stemmed, rougeModelAverage: 'B' }, refs, hyps, 40, 12);
    });
  }
  it('ROUGE-W with -f B does not declare it (its per-model score is not recoverable from a row)', () => {
    const m = metricRequest('rougeW', { ...stemmed, rougeModelAverage: 'B' }).prepare({ streams: refs });
    assert.equal(m.combineReferences, undefined);
  });
  it('jackknifed ROUGE combines leave-one-out subsets of the chosen references', () => {
    checkCombination('rouge2', { ...stemmed, rougeJackknife: true }, refs, hyps, 40, 13);
    checkCombination('rougeL', { ...stemmed, rougeJackknife: true, rougeSentenceSplit: 'summeval' }, refs, hyps, 30, 14);
  });
  it('rouge-score (best F over references) and the sentence-split adapter', () => {
    checkCombination('rouge2', { ...DEFAULT_METRIC_SETTINGS, rougeCompat: 'rouge-score' }, refs, hyps, 40, 15);
    checkCombination('rougeLsum', { ...DEFAULT_METRIC_SETTINGS, rougeCompat: 'rouge-score', rougeSentenceSplit: 'summeval' }, refs, hyps, 30, 16);
  });

  const wmt = wmt21Table('cs-en', DATA);
  const wmtRefs = wmt.references.map((s) => s.slice(0, 150));
  const wmtHyps = wmt.hypotheses.map((h) => h.slice(0, 150));
  for (const name of ['chrf', 'chrf++', 'ter']) {
    it(`${name}: the best reference of refs A+B is the one it picks from A and B alone (WMT21 cs-en)`, () => {
      checkCombination(name, DEFAULT_METRIC_SETTINGS, wmtRefs, wmtHyps, 80, 17);
    });
  }
  it('BLEU and NIST do not declare it: clipping and information weights need all references at once', () => {
    for (const name of ['bleu', 'nist', 'meteor']) {
      assert.equal(metricRequest(name, DEFAULT_METRIC_SETTINGS).prepare({ streams: wmtRefs.map((s) => s.slice(0, 3)) }).combineReferences, undefined, name);
    }
  });
});

describe('perlRound5Fast', () => {
  it('equals sprintf("%7.5f") read back on ratios of counts, exact ties and random doubles', () => {
    const values: number[] = [0, 1, 1 / 64, 3 / 64, 5 / 64, 0.5, 0.125, 0.000005, 0.000015, 0.123455, 0.999995, 12.345675];
    for (let b = 1; b <= 400; b++) for (let a = 0; a <= b; a++) values.push(a / b);
    for (let q = 1; q < 64 * 4; q += 2) values.push(q / 64);
    const random = seededRandom(5);
    for (let i = 0; i < 200000; i++) values.push(random.nextUint32() / 2 ** 32 + (random.nextUint32() % 3));
    // Doubles next to the half-way points k/10^5 + 5/10^6.
    for (let k = 0; k < 5000; k++) {
      const half = (2 * k + 1) / 200000;
      values.push(half, half * (1 + Number.EPSILON), half * (1 - Number.EPSILON));
    }
    for (const x of values) assert.equal(perlRound5Fast(x), perlRound5(x), `x = ${x}`);
    assert.equal(perlRound5Fast(1 / 64), 0.01562); // glibc's tie to even, which toFixed would send up
  });
});
