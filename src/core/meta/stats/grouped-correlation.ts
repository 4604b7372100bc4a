import { CorrelationName, CorrelationOptions, correlate } from './correlation-functions';

/**
 * Scores of one metric and the human judgments, one row per (system, item) — an item being a segment, document or
 * summary set. A missing human score is null or NaN; a missing metric score is NaN.
 */
export interface ScoreRows {
  readonly metric: ArrayLike<number>;
  readonly human: ArrayLike<number | null>;
  readonly systems: ArrayLike<string | number>;
  readonly items: ArrayLike<string | number>;
}

/**
 * How rows become correlations (mt-metrics-eval's `average_by` plus the system level):
 * - 'system-level': one point per system, the mean of its available metric scores against the mean of its available
 *   human scores (pass one row per system for corpus-level metrics such as BLEU);
 * - 'pooled': all rows as one vector ("no grouping", mt-metrics-eval average_by='none');
 * - 'by-item': one correlation per item over its systems, then averaged ("group by item", average_by='item');
 * - 'by-system': one correlation per system over its items, then averaged (the METEOR paper's protocol,
 *   average_by='sys').
 */
export type Grouping = 'system-level' | 'pooled' | 'by-item' | 'by-system';

export interface GroupingOptions extends CorrelationOptions {
  /**
   * Averaging of per-group correlations: 'macro' (plain mean, mt-metrics-eval's default) or 'micro' (weighted by the
   * group's number of points, or of preference pairs for 'kendall-like'). Default: 'micro' for 'kendall-like' (as
   * mt-metrics-eval's KendallLike), 'macro' otherwise.
   */
  readonly weighting?: 'macro' | 'micro';
  /** Count a group whose correlation is NaN as 0 instead of leaving it out (mt-metrics-eval replace_nans_with_zeros). */
  readonly nanAsZero?: boolean;
}

export interface GroupCorrelation {
  readonly key: string | number;
  readonly statistic: number;
  readonly pvalue: number;
  readonly n: number;
  /** Weight in the average (0 when skipped). */
  readonly weight: number;
}

export interface GroupedCorrelation {
  readonly grouping: Grouping;
  readonly correlation: CorrelationName;
  /** The correlation, or the (weighted) mean of the group correlations. */
  readonly statistic: number;
  /**
   * The p-value for 'system-level' and 'pooled'; for 'by-item' and 'by-system' the same average of the groups'
   * p-values that mt-metrics-eval reports — a summary, not a test.
   */
  readonly pvalue: number;
  /** Points the statistic was computed from (systems for 'system-level', rows otherwise). */
  readonly n: number;
  /** Groups that entered the average (1 for 'pooled' and 'system-level' when defined). */
  readonly groups: number;
  /**
   * 'by-item'/'by-system': groups left out — fewer than 2 points, or a NaN correlation (a constant vector: SciPy
   * returns NaN for Pearson, Spearman and Kendall τ-b/c when either side is constant) unless `nanAsZero`.
   * 'pooled': 1 when the single correlation is NaN. 'system-level': systems left out for having no human (or no
   * metric) score at all (a NaN correlation shows in `statistic` and `groups` = 0).
   */
  readonly skippedGroups: number;
  /** Rows left out because the human score (or, for 'pooled' and the grouped modes, the metric score) is missing. */
  readonly missingRows: number;
  /** Every group's own correlation, in order of first appearance. */
  readonly perGroup: readonly GroupCorrelation[];
}

/** Correlation of a metric with human scores under one of the four groupings. */
export function groupedCorrelation(rows: ScoreRows, correlation: CorrelationName, grouping: Grouping, options: GroupingOptions = {}): GroupedCorrelation {
  const count = rows.metric.length;
  if (rows.human.length !== count || rows.systems.length !== count || rows.items.length !== count) {
    throw new RangeError('Metric scores, human scores, system ids and item ids must have one entry per row.');
  }
  if (grouping === 'system-level') return systemLevel(rows, correlation, options);
  const usable: number[] = [];
  let missingRows = 0;
  for (let i = 0; i < count; i++) {
    const h = rows.human[i];
    if (h === null || Number.isNaN(h) || Number.isNaN(rows.metric[i])) missingRows++;
    else usable.push(i);
  }
  if (grouping === 'pooled') {
    const result = correlate(correlation, usable.map((i) => rows.metric[i]), usable.map((i) => rows.human[i] as number), options);
    const defined = !Number.isNaN(result.statistic);
    return {
      grouping,
      correlation,
      statistic: result.statistic,
      pvalue: result.pvalue,
      n: usable.length,
      groups: defined ? 1 : 0,
      skippedGroups: defined ? 0 : 1,
      missingRows,
      perGroup: [{ key: 'all', statistic: result.statistic, pvalue: result.pvalue, n: usable.length, weight: defined ? 1 : 0 }],
    };
  }
  const keys = grouping === 'by-item' ? rows.items : rows.systems;
  const members = new Map<string | number, number[]>();
  for (const i of usable) {
    const key = keys[i];
    let list = members.get(key);
    if (!list) members.set(key, (list = []));
    list.push(i);
  }
  const micro = (options.weighting ?? (correlation === 'kendall-like' ? 'micro' : 'macro')) === 'micro';
  const perGroup: GroupCorrelation[] = [];
  let weightedStatistic = 0;
  let weightedP = 0;
  let totalWeight = 0;
  let groups = 0;
  let skippedGroups = 0;
  let n = 0;
  for (const [key, list] of members) {
    if (list.length < 2) {
      skippedGroups++;
      perGroup.push({ key, statistic: NaN, pvalue: NaN, n: list.length, weight: 0 });
      continue;
    }
    const result = correlate(correlation, list.map((i) => rows.metric[i]), list.map((i) => rows.human[i] as number), options);
    const weight = micro ? result.pairs ?? list.length : 1;
    if (Number.isNaN(result.statistic)) {
      if (options.nanAsZero) {
        totalWeight += weight;
        groups++;
        n += list.length;
      } else skippedGroups++;
      perGroup.push({ key, statistic: result.statistic, pvalue: result.pvalue, n: list.length, weight: options.nanAsZero ? weight : 0 });
      continue;
    }
    weightedStatistic += weight * result.statistic;
    weightedP += weight * result.pvalue;
    totalWeight += weight;
    groups++;
    n += list.length;
    perGroup.push({ key, statistic: result.statistic, pvalue: result.pvalue, n: list.length, weight });
  }
  // mt-metrics-eval returns 0 when nothing could be averaged; NaN says so more plainly.
  const statistic = totalWeight > 0 ? weightedStatistic / totalWeight : NaN;
  const pvalue = totalWeight > 0 ? weightedP / totalWeight : NaN;
  return { grouping, correlation, statistic, pvalue, n, groups, skippedGroups, missingRows, perGroup };
}

function systemLevel(rows: ScoreRows, correlation: CorrelationName, options: CorrelationOptions): GroupedCorrelation {
  interface Sums {
    metric: number;
    metricCount: number;
    human: number;
    humanCount: number;
  }
  const sums = new Map<string | number, Sums>();
  let missingRows = 0;
  for (let i = 0; i < rows.metric.length; i++) {
    const key = rows.systems[i];
    let s = sums.get(key);
    if (!s) sums.set(key, (s = { metric: 0, metricCount: 0, human: 0, humanCount: 0 }));
    const m = rows.metric[i];
    const h = rows.human[i];
    if (!Number.isNaN(m)) {
      s.metric += m;
      s.metricCount++;
    }
    if (h === null || Number.isNaN(h)) missingRows++;
    else {
      s.human += h;
      s.humanCount++;
    }
  }
  const metric: number[] = [];
  const human: number[] = [];
  let skippedSystems = 0;
  for (const s of sums.values()) {
    if (s.metricCount === 0 || s.humanCount === 0) skippedSystems++;
    else {
      metric.push(s.metric / s.metricCount);
      human.push(s.human / s.humanCount);
    }
  }
  const result = correlate(correlation, metric, human, options);
  const defined = !Number.isNaN(result.statistic);
  return {
    grouping: 'system-level',
    correlation,
    statistic: result.statistic,
    pvalue: result.pvalue,
    n: metric.length,
    groups: defined ? 1 : 0,
    skippedGroups: skippedSystems,
    missingRows,
    perGroup: [{ key: 'systems', statistic: result.statistic, pvalue: result.pvalue, n: metric.length, weight: defined ? 1 : 0 }],
  };
}

/**
 * A metric's segment-level table in one call: every grouping (e.g. 'pooled', 'by-system' — the METEOR paper's
 * per-system average —, 'by-item') × every coefficient, grouping-major, each as `groupedCorrelation` computes it.
 */
export function segmentLevelCorrelations(
  rows: ScoreRows,
  correlations: readonly CorrelationName[],
  groupings: readonly Grouping[] = ['pooled', 'by-system', 'by-item'],
  options: GroupingOptions = {},
): GroupedCorrelation[] {
  return groupings.flatMap((grouping) => correlations.map((correlation) => groupedCorrelation(rows, correlation, grouping, options)));
}
