import { describeMetric } from '../engine/metric-descriptions';
import { LineComparison } from '../significance/line-comparison';
import { MultipleComparisonCorrection, PairedTestKind } from '../significance/pairwise-table';
import { UNDERSTUDY_VERSION } from '../version';
import { SystemComparison } from './compare-systems';

/** How the significance tests were run: everything needed to get the same p-values again. */
export interface ComparisonSettings {
  /** Seed of the NumPy-compatible generator (sacreBLEU's SACREBLEU_SEED; default 12345). */
  readonly seed: number;
  /** Paired bootstrap resamples (sacreBLEU `--paired-bs-n`, default 1000). */
  readonly bootstrapSamples: number;
  /** Approximate randomization trials (sacreBLEU `--paired-ar-n`, default 10000). */
  readonly randomizationTrials: number;
  /** Correction over the pairs (one pair: none is needed, and every correction leaves its p-value as it is). */
  readonly correction: MultipleComparisonCorrection;
  /** Family-wise level the adjusted p-values are compared with: significant when adjusted p < alpha. */
  readonly alpha: number;
  /** The tests that were run. */
  readonly tests: readonly PairedTestKind[];
}

export interface TestOutcome {
  readonly pValue: number;
  /** After the correction over all pairs of the table. */
  readonly adjustedPValue: number;
  readonly significant: boolean;
}

export interface BootstrapOutcome extends TestOutcome {
  /** Bootstrap distribution of B − A on the same resamples: mean and 95% percentile interval. */
  readonly deltaMean: number;
  readonly deltaLower: number;
  readonly deltaUpper: number;
  /** Koehn's (2004) count: resamples in which B scored higher than A, lower, or the same. */
  readonly systemHigher: number;
  readonly baselineHigher: number;
  readonly tied: number;
}

export interface RandomizationOutcome extends TestOutcome {
  /** Shuffles whose |Δ| exceeded the observed one (p = (c + 1)/(trials + 1)). */
  readonly exceedances: number;
}

/** One pair of systems on one metric: `baseline` is A, `system` is B (indexes into `systems`), delta = B − A. */
export interface ComparedPair {
  readonly baseline: number;
  readonly system: number;
  readonly delta: number;
  readonly bootstrap?: BootstrapOutcome;
  readonly randomization?: RandomizationOutcome;
  /** Lines where B's sentence score is better than A's, worse, equal (and lines without a score on either side). */
  readonly lines: LineComparison;
}

/** sacreBLEU's `μ ± ci` of one system from the paired bootstrap's resamples (the same for every pair). */
export interface SystemInterval {
  readonly mean: number;
  readonly halfWidth: number;
  readonly lower: number;
  readonly upper: number;
}

export interface MetricComparison {
  readonly metric: string;
  readonly label: string;
  readonly higherIsBetter: boolean;
  readonly signature: string;
  /** Corpus score of each system. */
  readonly scores: readonly number[];
  readonly intervals?: readonly SystemInterval[];
  /** Every pair (i, j), i < j: (0,1), (0,2), …, (1,2), … */
  readonly pairs: readonly ComparedPair[];
}

/**
 * A comparison of systems on one test set: the shape `understudy compare --json` prints, the extension's
 * "Compare With…" command resolves to and the comparison views show, so that every number in them can be reproduced
 * in a terminal.
 */
export interface ComparisonReport {
  readonly understudy: string;
  /** Display name and file of each system; the first is the baseline of a two-system comparison. */
  readonly systems: readonly { readonly name: string; readonly file: string }[];
  readonly references: readonly string[];
  readonly segments: number;
  readonly settings: ComparisonSettings;
  readonly metrics: readonly MetricComparison[];
}

/** One metric's results from the worker or the CLI: either test may be missing when it was not run. */
export interface MetricTestResults {
  readonly metric: string;
  readonly signature: string;
  readonly bootstrap?: SystemComparison;
  readonly randomization?: SystemComparison;
}

/** Assembles the report from the tests' tables (both tests cover the same pairs in the same order). */
export function comparisonReport(input: {
  readonly systems: readonly { readonly name: string; readonly file: string }[];
  readonly references: readonly string[];
  readonly segments: number;
  readonly settings: ComparisonSettings;
  readonly metrics: readonly MetricTestResults[];
}): ComparisonReport {
  const metrics = input.metrics.map((m): MetricComparison => {
    const first = m.bootstrap ?? m.randomization;
    if (!first) throw new Error(`No significance test was run for ${m.metric}.`);
    const description = describeMetric(m.metric);
    const pairs = first.table.comparisons.map((c, n): ComparedPair => {
      const bs = m.bootstrap?.table.comparisons[n];
      const ar = m.randomization?.table.comparisons[n];
      const bootstrap = bs?.bootstrap && {
        pValue: bs.pValue,
        adjustedPValue: bs.adjustedPValue,
        significant: bs.significant,
        deltaMean: bs.bootstrap.deltaInterval.mean,
        deltaLower: bs.bootstrap.deltaInterval.lower,
        deltaUpper: bs.bootstrap.deltaInterval.upper,
        systemHigher: bs.bootstrap.systemHigher,
        baselineHigher: bs.bootstrap.baselineHigher,
        tied: bs.bootstrap.tied,
      };
      const randomization = ar?.randomization && {
        pValue: ar.pValue,
        adjustedPValue: ar.adjustedPValue,
        significant: ar.significant,
        exceedances: ar.randomization.exceedances,
      };
      // Absent tests leave no key (not `undefined`), so the report survives a JSON round trip unchanged.
      return { baseline: c.baseline, system: c.system, delta: c.delta, ...(bootstrap && { bootstrap }), ...(randomization && { randomization }), lines: first.lines[n] };
    });
    const intervals = m.bootstrap?.table.intervals?.map(({ mean, halfWidth, lower, upper }) => ({ mean, halfWidth, lower, upper }));
    return {
      metric: m.metric,
      label: description.label,
      higherIsBetter: description.higherIsBetter,
      signature: m.signature,
      scores: first.table.scores,
      ...(intervals && { intervals }),
      pairs,
    };
  });
  return { understudy: UNDERSTUDY_VERSION, systems: input.systems, references: input.references, segments: input.segments, settings: input.settings, metrics };
}

/** The pair (i, j) of a metric's comparison, in either order. */
export function pairOf(metric: MetricComparison, i: number, j: number): ComparedPair | undefined {
  const [low, high] = i < j ? [i, j] : [j, i];
  return metric.pairs.find((p) => p.baseline === low && p.system === high);
}
