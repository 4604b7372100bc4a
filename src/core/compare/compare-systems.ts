import { EvaluationSession } from '../engine/evaluation-session';
import { describeMetric } from '../engine/metric-descriptions';
import { LineComparison, lineComparison } from '../significance/line-comparison';
import { MultipleComparisonCorrection, PairedTestKind, PairwiseOptions, PairwiseTable, pairwiseTable } from '../significance/pairwise-table';
import { CorpusScoreFunction } from '../significance/resampling-input';

/** One metric's significance table over some systems, with the per-line better/worse/equal counts of every pair. */
export interface SystemComparison {
  readonly table: PairwiseTable;
  /** Per pair, in the order of `table.comparisons`: lines where the system beats / loses to / ties the baseline. */
  readonly lines: readonly LineComparison[];
}

/** One system as a comparison needs it: per-segment statistics and sentence scores of one metric. */
export interface SystemOnMetric {
  readonly name: string;
  readonly rows: readonly Float64Array[];
  /** Sentence score of every line (NaN where a line is not scored). */
  readonly sentence: ArrayLike<number>;
}

/**
 * Paired significance test of every pair of systems on one metric (the first system is the baseline of a
 * two-system comparison), corrected for the number of pairs, and the count of lines each system wins. The worker
 * and the CLI both call this, so the editor and `understudy compare` print the same numbers.
 */
export function compareOnMetric(
  systems: readonly SystemOnMetric[],
  score: CorpusScoreFunction,
  higherIsBetter: boolean,
  options: PairwiseOptions,
  correction: MultipleComparisonCorrection,
): SystemComparison {
  const table = pairwiseTable(systems, score, options, correction);
  const scored = Math.min(...systems.map((s) => s.rows.length));
  const lines = table.comparisons.map((c) =>
    lineComparison(Array.from(systems[c.baseline].sentence).slice(0, scored), Array.from(systems[c.system].sentence).slice(0, scored), higherIsBetter),
  );
  return { table, lines };
}

export interface SessionComparisonOptions {
  readonly test: PairedTestKind;
  readonly samples: number;
  readonly seed: number;
  readonly correction: MultipleComparisonCorrection;
  readonly alpha?: number;
  readonly isCancelled?: () => boolean;
  /** Progress over all metrics: `done` of `total` samples or trials. */
  readonly onProgress?: (done: number, total: number) => void;
}

/**
 * Compares systems scored in an evaluation session (keys as given to `setLines`, names for display), metric by
 * metric: what the worker's `compare` request and `understudy compare` both run.
 */
export function compareInSession(
  session: EvaluationSession,
  systems: readonly { readonly key: string; readonly name: string }[],
  metrics: readonly string[],
  options: SessionComparisonOptions,
): Record<string, SystemComparison> {
  const result: Record<string, SystemComparison> = {};
  metrics.forEach((metric, m) => {
    const score = session.corpusScoreOf(metric);
    if (!score) return;
    const inputs = systems.map(({ key, name }) => {
      const rows = session.rows(key, metric);
      if (!rows) throw new Error(`System ${name} is not scored in this evaluation.`);
      return { name, rows, sentence: session.scores(key)?.sentence[metric] ?? new Float64Array(0) };
    });
    result[metric] = compareOnMetric(
      inputs,
      (totals, count) => score(totals, count).score,
      describeMetric(metric).higherIsBetter,
      {
        test: options.test,
        samples: options.samples,
        seed: options.seed,
        alpha: options.alpha,
        isCancelled: options.isCancelled,
        onProgress: options.onProgress && ((done, total) => options.onProgress?.(m * total + done, metrics.length * total)),
      },
      options.correction,
    );
  });
  return result;
}
