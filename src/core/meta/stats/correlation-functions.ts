import { kendallCounts } from './kendall-counts';
import { kendallLike } from './kendall-like';
import { KendallMethod, kendallStatistic, kendallTau } from './kendall-tau';
import { mtmeKendall } from './mtme-kendall';
import { pearson, pearsonCoefficient } from './pearson';
import { Scores, containsNaN, isConstant } from './ranking';
import { spearman } from './spearman';

/**
 * The correlations the meta-evaluation offers, by name:
 * - 'pearson', 'spearman', 'kendall-b', 'kendall-c': SciPy 1.10 (statistic and two-sided p-value);
 * - 'kendall-a': τ-a with SciPy's τ p-value (which depends only on C − D);
 * - 'kendall-23', 'kendall-acc23': mt-metrics-eval's KendallVariants '23' / 'acc23' (no p-value: NaN);
 * - 'kendall-like': WMT's DARR Kendall-like τ (mt-metrics-eval KendallLike; no p-value: NaN; weight = pairs).
 */
export type CorrelationName = 'pearson' | 'spearman' | 'kendall-a' | 'kendall-b' | 'kendall-c' | 'kendall-23' | 'kendall-acc23' | 'kendall-like';

export const CORRELATION_NAMES: readonly CorrelationName[] = ['pearson', 'spearman', 'kendall-a', 'kendall-b', 'kendall-c', 'kendall-23', 'kendall-acc23', 'kendall-like'];

export interface CorrelationOptions {
  /** Kendall p-value method (default 'auto', SciPy's). */
  readonly kendallMethod?: KendallMethod;
  /** Human score difference that makes a preference for 'kendall-like' (default 25, WMT DA points). */
  readonly kendallLikeThreshold?: number;
}

export interface CorrelationValue {
  readonly statistic: number;
  /** Two-sided p-value, NaN where the statistic has none. */
  readonly pvalue: number;
  readonly n: number;
  /** For 'kendall-like': the number of preference pairs (its weight when averaged). */
  readonly pairs?: number;
}

/** One correlation of metric scores with human scores (both without missing values). */
export function correlate(name: CorrelationName, metric: Scores, human: Scores, options: CorrelationOptions = {}): CorrelationValue {
  const n = metric.length;
  switch (name) {
    case 'pearson':
      return pearson(metric, human);
    case 'spearman':
      return spearman(metric, human);
    case 'kendall-a':
    case 'kendall-b':
    case 'kendall-c': {
      const variant = name === 'kendall-a' ? 'a' : name === 'kendall-b' ? 'b' : 'c';
      const { statistic, pvalue } = kendallTau(metric, human, { variant, method: options.kendallMethod });
      return { statistic, pvalue, n };
    }
    case 'kendall-23':
    case 'kendall-acc23':
      return { statistic: n < 2 || containsNaN(metric) || containsNaN(human) ? NaN : mtmeKendall(human, metric, name === 'kendall-23' ? '23' : 'acc23'), pvalue: NaN, n };
    case 'kendall-like': {
      const result = kendallLike(human, metric, options.kendallLikeThreshold ?? 25);
      return { statistic: result.statistic, pvalue: NaN, n, pairs: result.pairs };
    }
  }
}

/**
 * The coefficient alone, skipping p-values (for resampling loops). Same values as `correlate(...).statistic`.
 */
export function correlationStatistic(name: CorrelationName, metric: Scores, human: Scores, options: CorrelationOptions = {}): number {
  const n = metric.length;
  switch (name) {
    case 'pearson':
      if (n < 2 || containsNaN(metric) || containsNaN(human) || isConstant(metric) || isConstant(human)) return NaN;
      return n === 2 ? Math.sign(metric[1] - metric[0]) * Math.sign(human[1] - human[0]) : pearsonCoefficient(metric, human);
    case 'kendall-a':
    case 'kendall-b':
    case 'kendall-c': {
      if (n < 2 || containsNaN(metric) || containsNaN(human)) return NaN;
      const counts = kendallCounts(metric, human);
      if (counts.x.pairs === counts.pairs || counts.y.pairs === counts.pairs) return NaN;
      const tau = kendallStatistic(counts, name === 'kendall-a' ? 'a' : name === 'kendall-b' ? 'b' : 'c');
      return Math.min(1, Math.max(-1, tau));
    }
    default:
      return correlate(name, metric, human, options).statistic;
  }
}
