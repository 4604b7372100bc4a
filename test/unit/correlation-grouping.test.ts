import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { correlate } from '../../src/core/meta/stats/correlation-functions';
import { groupedCorrelation, ScoreRows, segmentLevelCorrelations } from '../../src/core/meta/stats/grouped-correlation';
import { kendallTau } from '../../src/core/meta/stats/kendall-tau';
import { pearson } from '../../src/core/meta/stats/pearson';
import { FIXTURES, closeTo, loadGolden } from './golden';

/** mt-metrics-eval's packed layout: `num_sys` consecutive rows of `items` scores. */
function packed(numSys: number, human: (number | null)[], metric: number[]): ScoreRows {
  const items = human.length / numSys;
  return {
    human,
    metric,
    systems: human.map((_, k) => Math.floor(k / items)),
    items: human.map((_, k) => k % items),
  };
}

describe('correlation: groupings', () => {
  // mt-metrics-eval stats_test.py: Correlation(2, gold=[1..6], metric=[2,1,4,3,3,7]) (3 decimals there).
  const rows = packed(2, [1, 2, 3, 4, 5, 6], [2, 1, 4, 3, 3, 7]);

  it("reproduces mt-metrics-eval's averaging tests (none / sys / item)", () => {
    const round = (v: number): number => Math.round(v * 1000) / 1000;
    assert.equal(round(groupedCorrelation(rows, 'pearson', 'pooled').statistic), 0.776);
    assert.equal(round(groupedCorrelation(rows, 'pearson', 'by-system').statistic), 0.76);
    assert.equal(round(groupedCorrelation(rows, 'pearson', 'by-item').statistic), 1);
    assert.equal(round(groupedCorrelation(rows, 'kendall-b', 'pooled').statistic), 0.552);
    assert.equal(round(groupedCorrelation(rows, 'kendall-b', 'by-system').statistic), 0.575);
    assert.equal(round(groupedCorrelation(rows, 'kendall-b', 'by-item').statistic), 1);
  });

  it('by-system is the plain mean of the per-system correlations, p-values averaged alike', () => {
    const r = groupedCorrelation(rows, 'pearson', 'by-system');
    const first = pearson([1, 2, 3], [2, 1, 4]);
    const second = pearson([4, 5, 6], [3, 3, 7]);
    assert.ok(closeTo(r.statistic, (first.statistic + second.statistic) / 2, 1e-15));
    assert.ok(closeTo(r.pvalue, (first.pvalue + second.pvalue) / 2, 1e-15));
    assert.equal(r.groups, 2);
    assert.equal(r.n, 6);
    assert.deepEqual(r.perGroup.map((g) => g.key), [0, 1]);
  });

  it('drops missing human scores, skips groups with fewer than 2 points or a NaN correlation', () => {
    // Item 1 loses a human score (one point left: skipped); item 2's metric is constant (NaN: skipped).
    const r = groupedCorrelation(packed(2, [1, null, 3, 4, 5, 6], [2, 1, 4, 3, 3, 4]), 'pearson', 'by-item');
    assert.equal(r.missingRows, 1);
    assert.equal(r.skippedGroups, 2);
    assert.equal(r.groups, 1);
    assert.equal(r.statistic, 1);
    const constantItem = groupedCorrelation(packed(2, [1, 2, 3, 4, 5, 6], [2, 1, 4, 3, 3, 4]), 'pearson', 'by-item');
    assert.equal(constantItem.skippedGroups, 1);
    assert.equal(constantItem.groups, 2);
    assert.ok(Number.isNaN(constantItem.perGroup[2].statistic));
    const asZero = groupedCorrelation(packed(2, [1, 2, 3, 4, 5, 6], [2, 1, 4, 3, 3, 4]), 'pearson', 'by-item', { nanAsZero: true });
    assert.equal(asZero.groups, 3);
    assert.ok(closeTo(asZero.statistic, (2 * constantItem.statistic) / 3, 1e-15));
    const nothing = groupedCorrelation(packed(2, [1, 1, 1, 1], [1, 2, 3, 4]), 'pearson', 'by-item');
    assert.ok(Number.isNaN(nothing.statistic));
    assert.equal(nothing.skippedGroups, 2);
  });

  it("averages WMT's Kendall-like τ over items weighted by pairs (mt-metrics-eval KendallLike)", () => {
    assert.equal(groupedCorrelation(packed(2, [10, 11, 100, 150], [2, 1, 4, 3]), 'kendall-like', 'by-item').statistic, 1);
    assert.equal(groupedCorrelation(packed(2, [10, null, 100, 150], [2, 1, 4, 3]), 'kendall-like', 'by-item').statistic, 1);
    // Pooled over all 4 translations (mt-metrics-eval Correlation(1, …)): the None drops 3 pairs, 3 remain, 2 concordant.
    assert.equal(groupedCorrelation(packed(1, [10, null, 100, 150], [2, 1, 4, 3]), 'kendall-like', 'pooled').statistic, 1 / 3);
    // Item A: 3 concordant pairs; item B: 1 discordant pair → micro (3 − 1)/4, macro (1 + (−1))/2.
    const two: ScoreRows = { human: [0, 50, 100, 0, 50], metric: [1, 2, 3, 2, 1], systems: [0, 1, 2, 0, 1], items: ['A', 'A', 'A', 'B', 'B'] };
    assert.equal(groupedCorrelation(two, 'kendall-like', 'by-item').statistic, 0.5);
    assert.equal(groupedCorrelation(two, 'kendall-like', 'by-item', { weighting: 'macro' }).statistic, 0);
  });

  it('system level averages each system’s rows; systems without human scores are reported', () => {
    const r = groupedCorrelation(
      { metric: [1, 3, 5, 6, 9, NaN], human: [10, 20, null, 40, 50, 60], systems: ['a', 'a', 'b', 'b', 'c', 'd'], items: [1, 2, 1, 2, 1, 1] },
      'pearson',
      'system-level',
    );
    // a: metric 2, human 15; b: metric 5.5, human 40; c: 9 / 50; d has no metric score.
    assert.equal(r.n, 3);
    assert.equal(r.skippedGroups, 1);
    assert.equal(r.missingRows, 1);
    assert.ok(closeTo(r.statistic, pearson([2, 5.5, 9], [15, 40, 50]).statistic, 1e-15));
  });

  it('rejects rows of different lengths', () => {
    assert.throws(() => groupedCorrelation({ metric: [1, 2], human: [1], systems: [0, 0], items: [0, 1] }, 'pearson', 'pooled'), RangeError);
  });
});

describe('correlation: SummEval system level from the expert annotations (real data)', () => {
  interface Summary {
    system: string;
    doc_id: string;
    coherence: number;
    consistency: number;
    fluency: number;
    relevance: number;
  }
  const summaries: Summary[] = fs
    .readFileSync(path.join(FIXTURES, 'data/summeval/summaries.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as Summary);
  const cases = loadGolden('correlation').cases.filter((c) => c.id.startsWith('correlation/system/summeval.'));

  it('has the 1,600 annotated summaries and the 48 SummEval golden cases', () => {
    assert.equal(summaries.length, 1600);
    assert.equal(cases.length, 48);
  });

  for (const c of cases) {
    const dimension = /_vs_(\w+)$/.exec(c.id)![1] as 'coherence' | 'consistency' | 'fluency' | 'relevance';
    it(`${c.id}: Pearson and Kendall τ-b from per-summary human rows`, () => {
      // One metric row per system (the golden system score) plus one human row per summary: the system-level mode
      // averages the 100 expert scores of each system itself.
      const systems: string[] = c.inputs.systems;
      const rows: ScoreRows = {
        metric: [...systems.map((_, k) => c.inputs.x_metric[k] as number), ...summaries.map(() => NaN)],
        human: [...systems.map(() => null), ...summaries.map((s) => s[dimension])],
        systems: [...systems, ...summaries.map((s) => s.system)],
        items: [...systems.map(() => 'corpus'), ...summaries.map((s) => s.doc_id)],
      };
      const r = groupedCorrelation(rows, 'pearson', 'system-level');
      assert.equal(r.n, 16);
      assert.ok(closeTo(r.statistic, c.expected.pearson.statistic), `r = ${r.statistic}`);
      assert.ok(closeTo(r.pvalue, c.expected.pearson.pvalue), `p = ${r.pvalue}`);
      const k = groupedCorrelation(rows, 'kendall-b', 'system-level');
      assert.ok(closeTo(k.statistic, c.expected.kendall_tau_b.statistic), `τ = ${k.statistic}`);
      assert.ok(closeTo(k.pvalue, c.expected.kendall_tau_b.pvalue), `p = ${k.pvalue}`);
    });
  }

  it('summary level: pooled, by-system and by-item agree with direct calls', () => {
    const rows: ScoreRows = {
      metric: summaries.map((s) => s.relevance),
      human: summaries.map((s) => s.coherence),
      systems: summaries.map((s) => s.system),
      items: summaries.map((s) => s.doc_id),
    };
    const pooled = groupedCorrelation(rows, 'kendall-b', 'pooled');
    const direct = kendallTau(rows.metric, rows.human as number[]);
    assert.equal(pooled.statistic, direct.statistic);
    assert.equal(pooled.pvalue, direct.pvalue);
    const byItem = groupedCorrelation(rows, 'spearman', 'by-item');
    assert.equal(byItem.groups + byItem.skippedGroups, 100);
    const first = summaries.filter((s) => s.doc_id === summaries[0].doc_id);
    assert.equal(byItem.perGroup[0].statistic, correlate('spearman', first.map((s) => s.relevance), first.map((s) => s.coherence)).statistic);
    const bySystem = groupedCorrelation(rows, 'pearson', 'by-system');
    assert.equal(bySystem.groups, 16);
    assert.equal(bySystem.n, 1600);
    // The whole segment-level table in one call: grouping-major, each entry what the single call gives.
    const table = segmentLevelCorrelations(rows, ['pearson', 'kendall-b']);
    assert.deepEqual(table.map((t) => `${t.grouping}/${t.correlation}`), ['pooled/pearson', 'pooled/kendall-b', 'by-system/pearson', 'by-system/kendall-b', 'by-item/pearson', 'by-item/kendall-b']);
    assert.deepEqual(table[2], bySystem);
    assert.deepEqual(table[1], pooled);
  });
});
