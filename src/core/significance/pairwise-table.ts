import { ApproximateRandomizationResult, approximateRandomization } from './approximate-randomization';
import { BootstrapInterval } from './bootstrap-confidence';
import { resampledScores } from './bootstrap-resampling';
import { summarizeBootstrap } from './bootstrap-summary';
import { bonferroni, holm } from './multiple-comparisons';
import { PairedBootstrapResult, pairedBootstrapFromScores } from './paired-bootstrap';
import { hasIntegerStatistics, pairwiseApproximateRandomization } from './pairwise-randomization';
import { CorpusScoreFunction, DEFAULT_SEED, ResamplingControl, checkCount, checkLevel, checkPaired, columnTotals, packRows } from './resampling-input';

export interface SystemStats {
  readonly name: string;
  /** Per-segment statistics of one metric (`SystemResult.stats[metric]`). */
  readonly rows: readonly Float64Array[];
}

export type PairedTestKind = 'paired-bootstrap' | 'approximate-randomization';
export type MultipleComparisonCorrection = 'none' | 'bonferroni' | 'holm';

export interface PairwiseOptions extends ResamplingControl {
  /** Default 'paired-bootstrap'. */
  readonly test?: PairedTestKind;
  /** Bootstrap samples (default 1000) or randomization trials (default 10000). */
  readonly samples?: number;
  readonly seed?: number | bigint;
  /** Bootstrap interval coverage (default 0.95). */
  readonly level?: number;
  /** Approximate randomization only: count ties as extreme (see ApproximateRandomizationOptions). */
  readonly countTies?: boolean;
  /** Family-wise significance level the adjusted p-values are compared with (default 0.05; significant when p < α). */
  readonly alpha?: number;
}

export interface PairwiseComparison {
  /** Index of the baseline (A) and of the compared system (B) in the input; baseline < system. */
  readonly baseline: number;
  readonly system: number;
  /** Score of B − score of A. */
  readonly delta: number;
  readonly pValue: number;
  /** After the requested correction over all pairs (equal to pValue with 'none'). */
  readonly adjustedPValue: number;
  /** adjustedPValue < alpha. */
  readonly significant: boolean;
  readonly bootstrap?: PairedBootstrapResult;
  readonly randomization?: ApproximateRandomizationResult;
}

export interface PairwiseTable {
  readonly names: readonly string[];
  /** Corpus score of each system on the whole test set. */
  readonly scores: readonly number[];
  /** Paired bootstrap only: each system's interval, from the samples shared by all pairs. */
  readonly intervals?: readonly BootstrapInterval[];
  /** Every pair (i, j), i < j, in order (0,1), (0,2), …, (1,2), … */
  readonly comparisons: readonly PairwiseComparison[];
  readonly test: PairedTestKind;
  readonly correction: MultipleComparisonCorrection;
  readonly alpha: number;
  readonly samples: number;
  readonly seed: number | bigint;
}

/**
 * Runs the paired test for every pair of systems and corrects the p-values for the number of pairs.
 * Each pair uses a generator seeded with the same seed, as sacreBLEU does for each system against its baseline; for the
 * paired bootstrap the samples are therefore shared by all pairs, and each system is resampled and scored once rather
 * than once per pair (the results equal pairedBootstrap on each pair).
 */
export function pairwiseTable(
  systems: readonly SystemStats[],
  score: CorpusScoreFunction,
  options: PairwiseOptions = {},
  correction: MultipleComparisonCorrection = 'holm',
): PairwiseTable {
  if (systems.length < 2) throw new RangeError(`Comparing systems needs at least two, not ${systems.length}.`);
  const test = options.test ?? 'paired-bootstrap';
  const samples = checkCount(options.samples ?? (test === 'paired-bootstrap' ? 1000 : 10000), test === 'paired-bootstrap' ? 'bootstrap samples' : 'randomization trials');
  const seed = options.seed ?? DEFAULT_SEED;
  const level = checkLevel(options.level ?? 0.95);
  const alpha = options.alpha ?? 0.05;
  const matrices = systems.map((s) => packRows(s.rows, `system ${s.name}`));
  for (const m of matrices.slice(1)) checkPaired(matrices[0], m);
  const scores = matrices.map((m) => score(columnTotals(m), m.segments));
  const pairs: Array<[number, number]> = [];
  for (let i = 0; i < systems.length; i++) for (let j = i + 1; j < systems.length; j++) pairs.push([i, j]);

  let raw: Array<Omit<PairwiseComparison, 'adjustedPValue' | 'significant'>>;
  let intervals: BootstrapInterval[] | undefined;
  if (test === 'paired-bootstrap') {
    const resampled = resampledScores(matrices, score, samples, seed, options);
    intervals = resampled.map((r, s) => ({ score: scores[s], seed, ...summarizeBootstrap(r, level, 'numpy') }));
    raw = pairs.map(([i, j]) => {
      const bootstrap = pairedBootstrapFromScores(matrices[i], matrices[j], resampled[i], resampled[j], score, level, seed);
      return { baseline: i, system: j, delta: bootstrap.delta, pValue: bootstrap.pValue, bootstrap };
    });
  } else if (systems.length > 3 && matrices.every(hasIntegerStatistics)) {
    // Same coins for every pair: one pass over the trials serves all pairs (exact for integer statistics). It sums k
    // systems per trial where the pair-by-pair test sums k(k − 1)/2 differences, so it pays from four systems on.
    const results = pairwiseApproximateRandomization(matrices, score, samples, seed, options);
    raw = pairs.map(([i, j], n) => ({ baseline: i, system: j, delta: results[n].delta, pValue: results[n].pValue, randomization: results[n] }));
  } else {
    const total = pairs.length * samples;
    raw = pairs.map(([i, j], pairIndex) => {
      const randomization = approximateRandomization(systems[i].rows, systems[j].rows, score, {
        trials: samples,
        seed,
        countTies: options.countTies,
        isCancelled: options.isCancelled,
        onProgress: options.onProgress && ((done: number) => options.onProgress?.(pairIndex * samples + done, total)),
      });
      return { baseline: i, system: j, delta: randomization.delta, pValue: randomization.pValue, randomization };
    });
  }
  const pValues = raw.map((r) => r.pValue);
  const adjusted = correction === 'holm' ? holm(pValues) : correction === 'bonferroni' ? bonferroni(pValues) : pValues;
  const comparisons = raw.map((r, n) => ({ ...r, adjustedPValue: adjusted[n], significant: adjusted[n] < alpha }));
  return { names: systems.map((s) => s.name), scores, intervals, comparisons, test, correction, alpha, samples, seed };
}

/** The comparison of systems i and j in a table (either order; delta and baseline/system as stored). */
export function comparisonBetween(table: PairwiseTable, i: number, j: number): PairwiseComparison | undefined {
  const [low, high] = i < j ? [i, j] : [j, i];
  return table.comparisons.find((c) => c.baseline === low && c.system === high);
}
