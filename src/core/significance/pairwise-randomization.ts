import { ApproximateRandomizationResult } from './approximate-randomization';
import { seededRandom } from './pcg64';
import { CoinFlips } from './uniform-integers';
import { CorpusScoreFunction, ResamplingControl, StatsMatrix, columnTotals, poll } from './resampling-input';

/** Largest statistic for which sums over a test set stay exact integers in doubles (as evaluation-session.ts). */
const EXACT_LIMIT = 2 ** 40;
/** Integers below this are exact in float32. */
const FLOAT32_EXACT = 2 ** 24;

/** True when every statistic is an integer small enough that sums and differences of them are exact in doubles. */
export function hasIntegerStatistics(matrix: StatsMatrix): boolean {
  const { values } = matrix;
  for (let i = 0; i < values.length; i++) if (!Number.isInteger(values[i]) || Math.abs(values[i]) > EXACT_LIMIT) return false;
  return true;
}

/**
 * Approximate randomization for every pair (i, j), i < j, of k systems at once, with the same result for each pair as
 * `approximateRandomization(rows_i, rows_j, …)` (sacreBLEU's `--paired-ar` with system i as the baseline): each pair
 * is tested with a generator seeded with the same seed, so every pair sees the same coins, trial after trial. A trial
 * therefore needs each system's sum over the "heads" segments only once, H_s = Σ_heads rows_s, and the swapped
 * difference of a pair is H_i − H_j = Σ_heads (rows_i − rows_j): k sums per trial instead of k(k − 1)/2.
 *
 * This regrouping of the sums is exact only for integer statistics (n-gram counts, lengths, edits), which is what
 * `hasIntegerStatistics` checks; callers fall back to the pair-by-pair test otherwise.
 */
export function pairwiseApproximateRandomization(
  matrices: readonly StatsMatrix[],
  score: CorpusScoreFunction,
  trials: number,
  seed: number | bigint,
  options: ResamplingControl & { readonly countTies?: boolean } = {},
): ApproximateRandomizationResult[] {
  const systems = matrices.length;
  const { segments, width } = matrices[0];
  const totals = matrices.map(columnTotals);
  const scores = totals.map((t) => score(t, segments));
  const pairs: Array<[number, number]> = [];
  for (let i = 0; i < systems; i++) for (let j = i + 1; j < systems; j++) pairs.push([i, j]);
  const observed = pairs.map(([i, j]) => Math.abs(scores[i] - scores[j]));
  const exceedances = new Array<number>(pairs.length).fill(0);
  const countTies = options.countTies ?? false;

  // The statistics as 32-bit floats when every one is an integer below 2^24 (exact in float32; sums stay in doubles):
  // a trial streams every system's rows, and half the bytes is most of the time saved.
  const compact = matrices.map((m) => (m.values.every((v) => Math.abs(v) < FLOAT32_EXACT) ? Float32Array.from(m.values) : m.values));
  const heads = new Int32Array(segments);
  const headSums = matrices.map(() => new Float64Array(width));
  const swapped = new Float64Array(width);
  const pseudoA = new Float64Array(width);
  const pseudoB = new Float64Array(width);
  // NumPy's bool draws, one stream across all trials, as approximate-randomization.ts draws them.
  const coins = new CoinFlips(seededRandom(seed));
  for (let trial = 0; trial < trials; trial++) {
    poll(options, trial, trials);
    let headCount = 0;
    for (let i = 0; i < segments; i++) if (coins.next()) heads[headCount++] = i;
    for (let s = 0; s < systems; s++) {
      const sum = headSums[s];
      const values = compact[s];
      sum.fill(0);
      for (let h = 0; h < headCount; h++) {
        const base = heads[h] * width;
        for (let k = 0; k < width; k++) sum[k] += values[base + k];
      }
    }
    for (let p = 0; p < pairs.length; p++) {
      const [i, j] = pairs[p];
      const sumI = headSums[i];
      const sumJ = headSums[j];
      const totalI = totals[i];
      const totalJ = totals[j];
      for (let k = 0; k < width; k++) {
        swapped[k] = sumI[k] - sumJ[k];
        pseudoA[k] = totalJ[k] + swapped[k];
        pseudoB[k] = totalI[k] - swapped[k];
      }
      const difference = Math.abs(score(pseudoA, segments) - score(pseudoB, segments));
      if (difference > observed[p] || (countTies && difference === observed[p])) exceedances[p]++;
    }
  }
  options.onProgress?.(trials, trials);
  return pairs.map(([i, j], p) => ({
    baselineScore: scores[i],
    systemScore: scores[j],
    delta: scores[j] - scores[i],
    pValue: (exceedances[p] + 1) / (trials + 1),
    exceedances: exceedances[p],
    trials,
    seed,
  }));
}
