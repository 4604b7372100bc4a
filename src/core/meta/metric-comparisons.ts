import { ScoringCancelled } from '../engine/score-systems';
import { bonferroni, holm } from '../significance/multiple-comparisons';
import { CorrelationSettings, MetricComparison, orNull } from './correlation-report';
import { CorrelationName, correlationStatistic } from './stats/correlation-functions';
import { permutationSigDiff } from './stats/permutation-test';
import { williamsTest } from './stats/williams-test';

export interface SystemComparisonInput {
  readonly metrics: readonly string[];
  /** x[m]: metric m's (oriented) system scores over the included systems; y: their human scores. */
  readonly x: readonly (readonly number[])[];
  readonly y: readonly number[];
  /** statistics[m][c]: metric m's correlation of coefficient `correlations[c]` (null when undefined). */
  readonly statistics: readonly (readonly (number | null)[])[];
  readonly correlations: readonly CorrelationName[];
  readonly permutation: CorrelationSettings['permutation'];
  readonly correction: CorrelationSettings['correction'];
  readonly isCancelled?: () => boolean;
  readonly onProgress?: (done: number, total: number) => void;
}

/**
 * System level, per coefficient and pair of metrics: is the better one's correlation significantly higher? Williams'
 * test (Pearson only, more than 3 systems) and mt-metrics-eval's permutation test (PERM-BOTH), one-sided; p-values
 * adjusted over the pairs of one coefficient.
 */
export function systemComparisons(input: SystemComparisonInput): MetricComparison[] {
  const { metrics, x, y } = input;
  const comparisons: MetricComparison[] = [];
  input.correlations.forEach((correlation, c) => {
    input.onProgress?.(c, input.correlations.length);
    const family: MetricComparison[] = [];
    for (let a = 0; a < metrics.length; a++) {
      for (let b = a + 1; b < metrics.length; b++) {
        if (input.isCancelled?.()) throw new ScoringCancelled();
        const sa = input.statistics[a][c];
        const sb = input.statistics[b][c];
        if (sa === null || sb === null) continue;
        const [better, worse] = sa >= sb ? [a, b] : [b, a];
        const rBetter = Math.max(sa, sb);
        const rWorse = Math.min(sa, sb);
        let williams: MetricComparison['williams'] = null;
        if (correlation === 'pearson' && y.length > 3) {
          const test = williamsTest(rBetter, rWorse, correlationStatistic('pearson', x[better], x[worse]), y.length);
          williams = { t: orNull(test.t), pvalue: orNull(test.pvalue), adjustedPvalue: null };
        }
        let permutation: MetricComparison['permutation'] = null;
        if (input.permutation) {
          const test = permutationSigDiff(y, x[worse], x[better], correlation, { samples: input.permutation.samples, seed: input.permutation.seed });
          permutation = { pvalue: orNull(test.pvalue), adjustedPvalue: null, samples: test.samplesUsed };
        }
        family.push({ level: 'system', correlation, grouping: null, better: metrics[better], worse: metrics[worse], delta: rBetter - rWorse, williams, permutation });
      }
    }
    comparisons.push(...adjustFamily(family, input.correction));
  });
  return comparisons;
}

/**
 * Segment level, pooled Pearson: Williams' test per pair of metrics over the judged segments both score (the WMT
 * practice for segment-level DA); adjusted over the pairs.
 */
export function segmentComparisons(metrics: readonly string[], rows: readonly Float64Array[], human: ArrayLike<number>, correction: CorrelationSettings['correction']): MetricComparison[] {
  const family: MetricComparison[] = [];
  for (let a = 0; a < metrics.length; a++) {
    for (let b = a + 1; b < metrics.length; b++) {
      const common: number[] = [];
      for (let r = 0; r < human.length; r++) if (rows[a][r] === rows[a][r] && rows[b][r] === rows[b][r]) common.push(r);
      const h = common.map((r) => human[r]);
      const va = common.map((r) => rows[a][r]);
      const vb = common.map((r) => rows[b][r]);
      const ra = correlationStatistic('pearson', va, h);
      const rb = correlationStatistic('pearson', vb, h);
      if (Number.isNaN(ra) || Number.isNaN(rb) || common.length <= 3) continue;
      const [better, worse, rBetter, rWorse, vBetter, vWorse] = ra >= rb ? [a, b, ra, rb, va, vb] : [b, a, rb, ra, vb, va];
      const test = williamsTest(rBetter, rWorse, correlationStatistic('pearson', vBetter, vWorse), common.length);
      family.push({
        level: 'segment', correlation: 'pearson', grouping: 'pooled', better: metrics[better], worse: metrics[worse], delta: rBetter - rWorse,
        williams: { t: orNull(test.t), pvalue: orNull(test.pvalue), adjustedPvalue: null }, permutation: null,
      });
    }
  }
  return adjustFamily(family, correction);
}

/** Fills the adjusted p-values of one family of comparisons (one coefficient, one level). */
function adjustFamily(family: MetricComparison[], correction: CorrelationSettings['correction']): MetricComparison[] {
  const adjust = (values: (number | null)[]): (number | null)[] => {
    const defined = values.map((v, i) => [v, i] as const).filter(([v]) => v !== null) as [number, number][];
    const raw = defined.map(([v]) => v);
    const adjusted = correction === 'holm' ? holm(raw) : correction === 'bonferroni' ? bonferroni(raw) : raw;
    const out: (number | null)[] = values.map(() => null);
    defined.forEach(([, i], k) => (out[i] = adjusted[k]));
    return out;
  };
  const williams = adjust(family.map((f) => f.williams?.pvalue ?? null));
  const permutation = adjust(family.map((f) => f.permutation?.pvalue ?? null));
  return family.map((f, i) => ({
    ...f,
    williams: f.williams && { ...f.williams, adjustedPvalue: williams[i] },
    permutation: f.permutation && { ...f.permutation, adjustedPvalue: permutation[i] },
  }));
}
