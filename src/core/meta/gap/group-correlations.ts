import { Statistic, statistic } from '../json-number';
import { pearson } from '../stats/pearson';
import { Alternative, twoSampleTTest } from '../stats/t-tests';

/** Summarizers with a group label and named scores (system-level means). */
export interface LabelledScores {
  readonly groups: readonly ('human' | 'system')[];
  /** Score columns by name, one value per summarizer (NaN = missing: the pair is left out). */
  readonly columns: Readonly<Record<string, ArrayLike<number>>>;
}

export interface CorrelationCell {
  readonly r: Statistic;
  readonly pvalue: Statistic;
  readonly n: number;
}

/** Table 2/3 of seed 004: one row per group, one cell per column. */
export interface GroupCorrelationTable {
  readonly target: string;
  readonly columns: readonly string[];
  readonly rows: readonly { readonly group: 'Humans' | 'Systems' | 'Combined'; readonly cells: readonly CorrelationCell[] }[];
}

/**
 * Pearson r (two-sided p, n − 2 df — the p-values seed 004 prints) between `target` and each other column, within
 * the human writers, within the systems, and over both (seed 004 Tables 2 and 3: content or overall responsiveness
 * against the linguistic quality questions Q1–Q5).
 */
export function groupCorrelationTable(data: LabelledScores, target: string, columns?: readonly string[]): GroupCorrelationTable {
  const y = data.columns[target];
  if (!y) throw new RangeError(`No score column named ${target}; the columns are ${Object.keys(data.columns).join(', ')}.`);
  const names = columns ?? Object.keys(data.columns).filter((c) => c !== target);
  const rows = (['Humans', 'Systems', 'Combined'] as const).map((group) => {
    const keep = data.groups.map((g) => group === 'Combined' || (group === 'Humans' ? g === 'human' : g === 'system'));
    const cells = names.map((name): CorrelationCell => {
      const x = data.columns[name];
      if (!x) throw new RangeError(`No score column named ${name}.`);
      const xs: number[] = [];
      const ys: number[] = [];
      for (let i = 0; i < data.groups.length; i++) {
        if (keep[i] && Number.isFinite(x[i]) && Number.isFinite(y[i])) {
          xs.push(x[i]);
          ys.push(y[i]);
        }
      }
      if (xs.length < 2) return { r: null, pvalue: null, n: xs.length };
      const t = pearson(xs, ys);
      return { r: statistic(t.statistic), pvalue: statistic(t.pvalue), n: xs.length };
    });
    return { group, cells };
  });
  return { target, columns: names, rows };
}

export interface SelfAssessmentResult {
  readonly selfMean: Statistic;
  readonly otherMean: Statistic;
  readonly t: Statistic;
  readonly df: Statistic;
  readonly pvalue: Statistic;
  readonly nSelf: number;
  readonly nOther: number;
  readonly test: 'student' | 'welch';
  readonly alternative: Alternative;
}

/**
 * Self-assessment bias (seed 004 Table 1): scores that assessors gave their own summaries against the scores they
 * gave other humans' summaries, by a one-sided two-sample t-test (H₁: self > other). The paper does not say whether
 * variances were pooled; Student's test (pooled) is the default, Welch's an option.
 */
export function selfAssessmentBias(
  self: ArrayLike<number>, other: ArrayLike<number>, options: { equalVariance?: boolean; alternative?: Alternative } = {},
): SelfAssessmentResult {
  const equalVariance = options.equalVariance ?? true;
  const alternative = options.alternative ?? 'greater';
  const t = twoSampleTTest(self, other, { equalVariance, alternative });
  return {
    selfMean: statistic(t.meanA), otherMean: statistic(t.meanB), t: statistic(t.t), df: statistic(t.df), pvalue: statistic(t.pvalue),
    nSelf: t.nA, nOther: t.nB, test: equalVariance ? 'student' : 'welch', alternative,
  };
}
