import { pearson } from './pearson';
import { Scores } from './ranking';
import { studentTSf } from './special/student-t';

export interface WilliamsResult {
  /** Williams' t statistic (positive when r12 > r13). */
  readonly t: number;
  readonly degreesOfFreedom: number;
  /** One-sided p-value for "the larger of r12, r13 is really larger" (default), or two-sided. */
  readonly pvalue: number;
}

/**
 * Williams' test (Williams 1959; Steiger 1980 eq. 7) for the difference between two dependent correlations that share
 * one variable, as Graham & Baldwin (EMNLP 2014) introduced it to metric evaluation and WMT and mt-metrics-eval
 * (`WilliamsTest`) use it: r12 = corr(human, metric A), r13 = corr(human, metric B), r23 = corr(A, B), n points.
 *
 *   K = 1 − r12² − r13² − r23² + 2·r12·r13·r23
 *   t = (r12 − r13)·√((n − 1)(1 + r23)) / √(2K(n − 1)/(n − 3) + ((r12 + r13)/2)²·(1 − r23)³),  n − 3 degrees of freedom,
 *
 * p = P(T > |t|) one-sided (mt-metrics-eval's default), doubled when `oneSided` is false. Meant for Pearson's r;
 * applying it to other coefficients is a heuristic.
 */
export function williamsTest(r12: number, r13: number, r23: number, n: number, oneSided = true): WilliamsResult {
  const k = 1 - r12 * r12 - r13 * r13 - r23 * r23 + 2 * r12 * r23 * r13;
  const meanR = (r12 + r13) / 2;
  const numerator = (r12 - r13) * Math.sqrt((n - 1) * (1 + r23));
  const denominator = Math.sqrt(((2 * (n - 1)) / (n - 3)) * k + meanR * meanR * (1 - r23) ** 3);
  const t = numerator / denominator;
  const degreesOfFreedom = n - 3;
  const p = studentTSf(Math.abs(t), degreesOfFreedom);
  return { t, degreesOfFreedom, pvalue: oneSided ? p : 2 * p };
}

export interface WilliamsComparison extends WilliamsResult {
  /** Pearson r of metric A with the human scores. */
  readonly rA: number;
  /** Pearson r of metric B with the human scores. */
  readonly rB: number;
  /** Pearson r between the two metrics. */
  readonly rAB: number;
}

/**
 * mt-metrics-eval's `WilliamsSigDiff` with Pearson's r: Williams' test of r(human, A) against r(human, B) over the
 * n paired points (no missing values). A small p says the metric with the larger r is significantly better.
 */
export function williamsSigDiff(human: Scores, metricA: Scores, metricB: Scores, oneSided = true): WilliamsComparison {
  const rA = pearson(human, metricA).statistic;
  const rB = pearson(human, metricB).statistic;
  const rAB = pearson(metricA, metricB).statistic;
  return { ...williamsTest(rA, rB, rAB, human.length, oneSided), rA, rB, rAB };
}
