import { resampledScores } from './bootstrap-resampling';
import { BootstrapSummary, summarizeBootstrap } from './bootstrap-summary';
import { CorpusScoreFunction, DEFAULT_SEED, ResamplingControl, checkCount, checkLevel, columnTotals, packRows } from './resampling-input';

export interface BootstrapOptions extends ResamplingControl {
  /** Number of resampled test sets (sacreBLEU's `--confidence-n`, default 1000). */
  readonly samples?: number;
  /** Seed of the NumPy-compatible generator (sacreBLEU's SACREBLEU_SEED, default 12345). */
  readonly seed?: number | bigint;
  /** Coverage of the percentile interval (default 0.95, the only level sacreBLEU offers). */
  readonly level?: number;
}

export interface BootstrapInterval extends BootstrapSummary {
  /** The corpus score of the whole test set (no resampling). */
  readonly score: number;
  readonly seed: number | bigint;
}

/**
 * Bootstrap confidence interval of one system's corpus score, as sacreBLEU 2.6 `--confidence` computes it:
 * `samples` test sets are resampled (see bootstrap-resampling.ts), each scored from the column sums of its segments'
 * statistics. The interval follows sacreBLEU's `estimate_ci`: with k = ⌊samples/40⌋ and the resampled scores sorted,
 * lower = sorted[k], upper = sorted[samples − 1 − k] (a percentile interval), and sacreBLEU prints
 * `μ = mean ± halfWidth` with mean the exact mean of the resampled scores and halfWidth = (upper − lower)/2.
 * Both the percentile bounds and the re-centred form are returned, with the sample standard deviation.
 *
 * One difference remains: sacreBLEU sums the statistics as float32 and some metrics then compute in float32 (BLEU's
 * precisions, chrF, TER), so its resampled scores differ from these (double precision) in about the 7th digit.
 */
export function bootstrapConfidenceInterval(rows: readonly Float64Array[], score: CorpusScoreFunction, options: BootstrapOptions = {}): BootstrapInterval {
  const samples = checkCount(options.samples ?? 1000, 'bootstrap samples');
  const level = checkLevel(options.level ?? 0.95);
  const seed = options.seed ?? DEFAULT_SEED;
  const matrix = packRows(rows);
  const [scores] = resampledScores([matrix], score, samples, seed, options);
  return { score: score(columnTotals(matrix), matrix.segments), seed, ...summarizeBootstrap(scores, level, 'exact') };
}
