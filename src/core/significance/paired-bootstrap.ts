import { BootstrapInterval, BootstrapOptions } from './bootstrap-confidence';
import { resampledScores } from './bootstrap-resampling';
import { BootstrapSummary, numpySum, summarizeBootstrap } from './bootstrap-summary';
import { CorpusScoreFunction, DEFAULT_SEED, StatsMatrix, checkCount, checkLevel, checkPaired, columnTotals, packRows } from './resampling-input';

export interface PairedBootstrapResult {
  /** Corpus score of the baseline (A) and of the system (B) on the whole test set. */
  readonly baselineScore: number;
  readonly systemScore: number;
  /** systemScore − baselineScore. */
  readonly delta: number;
  /** sacreBLEU's p-value (see pairedBootstrap). */
  readonly pValue: number;
  /** Resampled |Δ| minus their mean that exceeded the observed |Δ| (the c of p = (c + 1)/(samples + 1)). */
  readonly exceedances: number;
  /** Per-system bootstrap intervals from the same samples (sacreBLEU's `--paired-bs` columns: μ ± ci). */
  readonly baseline: BootstrapInterval;
  readonly system: BootstrapInterval;
  /** Bootstrap distribution of Δ = B − A on the same samples (mean, percentile interval, standard deviation). */
  readonly deltaInterval: BootstrapSummary;
  /** Koehn's (2004) count: samples where B scored higher than A, lower, or the same. */
  readonly systemHigher: number;
  readonly baselineHigher: number;
  readonly tied: number;
  readonly samples: number;
  readonly seed: number | bigint;
}

/**
 * Paired bootstrap resampling (Koehn 2004) as sacreBLEU 2.6 `--paired-bs` runs it (itself after Moses'
 * bootstrap-hypothesis-difference-significance.pl). A is the baseline, B the system compared with it. Both are scored on
 * the same resampled test sets (same segment indices); with d_s = |B_s − A_s| for sample s and d̄ their mean, the
 * test statistic is shifted to mean zero (Riezler & Maxwell's bootstrap "shift method", null hypothesis: no
 * difference) and
 *
 *   p = (#{s : d_s − d̄ > |B − A|} + 1) / (samples + 1),
 *
 * a two-sided test of "the systems differ", not of "B is better" (strict >, as sacreBLEU and MultEval count).
 * The per-system intervals use sacreBLEU's `estimate_ci` with NumPy's mean (see bootstrap-summary.ts); Koehn's
 * original reading ("B wins in ≥ 95% of samples") is available from systemHigher / samples.
 */
export function pairedBootstrap(
  rowsA: readonly Float64Array[],
  rowsB: readonly Float64Array[],
  score: CorpusScoreFunction,
  options: BootstrapOptions = {},
): PairedBootstrapResult {
  const samples = checkCount(options.samples ?? 1000, 'bootstrap samples');
  const level = checkLevel(options.level ?? 0.95);
  const seed = options.seed ?? DEFAULT_SEED;
  const a = packRows(rowsA, 'baseline');
  const b = packRows(rowsB, 'system');
  checkPaired(a, b);
  const [scoresA, scoresB] = resampledScores([a, b], score, samples, seed, options);
  return pairedBootstrapFromScores(a, b, scoresA, scoresB, score, level, seed);
}

/** The paired-bootstrap result from both systems' resampled scores (same samples, same order). */
export function pairedBootstrapFromScores(
  a: StatsMatrix,
  b: StatsMatrix,
  scoresA: Float64Array,
  scoresB: Float64Array,
  score: CorpusScoreFunction,
  level: number,
  seed: number | bigint,
): PairedBootstrapResult {
  const samples = scoresA.length;
  const baselineScore = score(columnTotals(a), a.segments);
  const systemScore = score(columnTotals(b), b.segments);
  const observed = Math.abs(baselineScore - systemScore);
  const absoluteDifferences = new Float64Array(samples);
  const deltas = new Float64Array(samples);
  let systemHigher = 0;
  let baselineHigher = 0;
  for (let s = 0; s < samples; s++) {
    deltas[s] = scoresB[s] - scoresA[s];
    absoluteDifferences[s] = Math.abs(deltas[s]);
    if (scoresB[s] > scoresA[s]) systemHigher++;
    else if (scoresB[s] < scoresA[s]) baselineHigher++;
  }
  const meanDifference = numpySum(absoluteDifferences, 0, samples) / samples;
  let exceedances = 0;
  for (let s = 0; s < samples; s++) if (absoluteDifferences[s] - meanDifference > observed) exceedances++;
  return {
    baselineScore,
    systemScore,
    delta: systemScore - baselineScore,
    pValue: (exceedances + 1) / (samples + 1),
    exceedances,
    baseline: { score: baselineScore, seed, ...summarizeBootstrap(scoresA, level, 'numpy') },
    system: { score: systemScore, seed, ...summarizeBootstrap(scoresB, level, 'numpy') },
    deltaInterval: summarizeBootstrap(deltas, level, 'numpy'),
    systemHigher,
    baselineHigher,
    tied: samples - systemHigher - baselineHigher,
    samples,
    seed,
  };
}
