import * as assert from 'node:assert/strict';
import * as path from 'path';
import { summEvalDocuments } from '../../bench/data';
import { metricRequest } from '../../src/core/engine/metric-registry';
import { DEFAULT_METRIC_SETTINGS } from '../../src/core/engine/metric-settings';
import { scoreSystems } from '../../src/core/engine/score-systems';
import { OutputScores, auc, hbr, oracleSystemTest, reliability, significantImprovements, ulc } from '../../src/core/meta/heterogeneity';
import { FIXTURES } from './golden';

/**
 * The heterogeneity measures on real data: the first 20 SummEval documents, the 16 systems' summaries scored by
 * ROUGE-1.5.5 against the 11 references, and the experts' relevance (1–5, mean of three) as the human score.
 */
describe('heterogeneity measures on SummEval (20 documents × 16 systems, expert relevance)', () => {
  const documents = summEvalDocuments(path.join(FIXTURES, 'data'), 20);
  const systems = documents[0].summaries.map((s) => s.system);
  const metrics = ['rouge1', 'rouge2', 'rougeL'];
  let input: OutputScores;
  before(() => {
    const report = scoreSystems({
      references: Array.from({ length: 11 }, (_, k) => ({ file: `ref${k + 1}`, segments: documents.map((d) => d.references[k]) })),
      systems: systems.map((system) => ({ file: system, hypotheses: documents.map((d) => d.summaries.find((s) => s.system === system)!.summary) })),
      metrics: metrics.map((m) => metricRequest(m, DEFAULT_METRIC_SETTINGS)),
      sentence: true,
    });
    const segments = documents.length;
    const scores = new Float64Array(systems.length * segments * metrics.length);
    for (const row of report.segments!) metrics.forEach((m, x) => (scores[(row.system * segments + row.index) * metrics.length + x] = row.scores[m]));
    const human = Float64Array.from({ length: systems.length * segments }, (_, item) => {
      const s = Math.floor(item / segments);
      return documents[item % segments].summaries.find((r) => r.system === systems[s])!.relevance;
    });
    input = { systems, segments, segmentIds: documents.map((d) => d.id), metrics, scores, human };
  });

  it('ROUGE ranks summaries the experts find more relevant higher (AUC > 0.5), and reversing a metric gives 1 − AUC', () => {
    const result = auc(input);
    for (const m of result.measures) assert.ok(m.auc! > 0.5 && m.auc! < 0.8, `${m.measure}: ${m.auc}`);
    assert.equal(result.measures[0].pairs, result.measures[1].pairs);
    const reversed = auc({ ...input, higherIsBetter: [false, true, true] });
    assert.ok(Math.abs(reversed.measures[0].auc! - (1 - result.measures[0].auc!)) < 1e-12);
    assert.equal(reversed.measures[1].auc, result.measures[1].auc);
  });

  it('HBR and ULC are measures of the same outputs, with system rankings', () => {
    const h = hbr(input);
    const u = ulc(input);
    assert.equal(h.items.length, systems.length * documents.length);
    assert.ok(h.items.every((v) => v !== null && v >= 0 && v <= 1));
    assert.equal(h.systems.length, 16);
    assert.equal(u.systems[0].rank, 1);
    const extra = [
      { name: 'HBR', values: Float64Array.from(h.items, (v) => v ?? NaN) },
      { name: 'ULC', values: Float64Array.from(u.items, (v) => v ?? NaN) },
    ];
    const withCombinations = auc(input, { extra });
    assert.deepEqual(withCombinations.measures.map((m) => m.measure), ['rouge1', 'rouge2', 'rougeL', 'HBR', 'ULC']);
    const ost = oracleSystemTest(input, { extra });
    assert.ok(ost.minOst! < ost.randOst! && ost.randOst! < ost.maxOst!);
    for (const m of ost.measures) assert.ok(m.ost! >= ost.minOst! && m.ost! <= ost.maxOst!);
  });

  it('requiring more metrics to corroborate leaves fewer preferences and a lower sensitivity', () => {
    const one = reliability(input, { metrics: ['rouge1'] });
    const all = reliability(input);
    assert.ok(all.corroborated <= one.corroborated);
    assert.ok(all.sensitivity! <= one.sensitivity!);
    assert.equal(one.pairs, 2 * documents.length * ((16 * 15) / 2));
  });

  it('SIP/SIR over the 120 system pairs', () => {
    const result = significantImprovements(input);
    assert.equal(result.systemPairs, 120);
    assert.ok(result.human.improvements.length > 0);
    for (const m of result.measures) {
      assert.ok(m.improvements.length > 0);
      assert.equal(m.sip, m.agreeing / m.improvements.length);
      assert.equal(m.sir, m.agreeing / result.human.improvements.length);
    }
  });
});
