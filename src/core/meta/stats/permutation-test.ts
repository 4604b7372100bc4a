import { seededRandom } from '../../significance/pcg64';
import { CoinFlips } from '../../significance/uniform-integers';
import { CorrelationName, CorrelationOptions, correlationStatistic } from './correlation-functions';
import { Scores } from './ranking';

export interface PermutationOptions extends CorrelationOptions {
  /**
   * Group of each position (e.g. item ids for average_by='item', system ids for 'sys'); the correlation is computed per
   * group and averaged (plain mean of the defined ones). Omit for one pooled correlation.
   */
  readonly groups?: ArrayLike<string | number>;
  /** Number of resampling runs k (default 1000). */
  readonly samples?: number;
  /** Early-stopping check every `blockSize` runs (default 1000; set to `samples` for none). */
  readonly blockSize?: number;
  /** Stop at a block boundary when p < earlyMin (default 0.02)… */
  readonly earlyMin?: number;
  /** …or p > earlyMax (default 0.5). */
  readonly earlyMax?: number;
  /** Count NaN group correlations as 0 instead of dropping them. */
  readonly nanAsZero?: boolean;
  /** Seed of the NumPy-compatible PCG64 generator (default 12345). */
  readonly seed?: number | bigint;
}

export interface PermutationResult {
  /** Share of runs with corr(B′) − corr(A′) ≥ Δ: the p-value for "metric B correlates better than metric A". */
  readonly pvalue: number;
  /** Δ = corr(B) − corr(A) on the data. */
  readonly delta: number;
  /** Runs actually performed (fewer than `samples` after an early stop). */
  readonly samplesUsed: number;
  readonly seed: number | bigint;
}

/**
 * mt-metrics-eval's `PermutationSigDiff` (PERM-BOTH of Deutsch et al. 2021, arXiv 2104.00054): is metric B's
 * correlation with the human scores significantly higher than metric A's?
 *
 * Both metrics' score vectors (positions with a human score only) are z-normalised over all positions (mean 0,
 * population standard deviation 1, SciPy's zscore). Δ = corr(B) − corr(A). In each run every position flips a fair
 * coin; heads swaps the two metrics' scores there, giving A′ and B′; the run counts when corr(B′) − corr(A′) ≥ Δ.
 * p = count / runs, checked for early stopping every `blockSize` runs. Correlations within groups are averaged as in
 * mt-metrics-eval (NaN groups dropped, or 0 with `nanAsZero`; no defined group → 0).
 *
 * Randomness: mt-metrics-eval draws the coins from NumPy's legacy global generator (`np.random.binomial`), which is
 * not seedable per call; here they come from PCG64 (`default_rng(seed).integers(2, size=n, dtype=bool)` per run),
 * so results are reproducible for a seed and agree with mt-metrics-eval in distribution, not draw for draw.
 */
export function permutationSigDiff(
  human: ArrayLike<number | null>,
  metricA: Scores,
  metricB: Scores,
  correlation: CorrelationName,
  options: PermutationOptions = {},
): PermutationResult {
  const n = human.length;
  if (metricA.length !== n || metricB.length !== n || (options.groups && options.groups.length !== n)) {
    throw new RangeError('Human scores, both metrics and the groups must have one entry per position.');
  }
  const samples = options.samples ?? 1000;
  const blockSize = options.blockSize ?? 1000;
  const earlyMin = options.earlyMin ?? 0.02;
  const earlyMax = options.earlyMax ?? 0.5;
  const seed = options.seed ?? 12345;

  // Positions with a human score, gathered group by group (groups in order of first appearance).
  const byGroup = new Map<string | number, number[]>();
  for (let i = 0; i < n; i++) {
    const h = human[i];
    if (h === null || Number.isNaN(h)) continue;
    const key = options.groups ? options.groups[i] : 0;
    let list = byGroup.get(key);
    if (!list) byGroup.set(key, (list = []));
    list.push(i);
  }
  const order = [...byGroup.values()].flat();
  const bounds: number[] = [0];
  for (const list of byGroup.values()) bounds.push(bounds[bounds.length - 1] + list.length);
  const m = order.length;
  const gold = Float64Array.from(order, (i) => human[i] as number);
  const a = zscore(Float64Array.from(order, (i) => metricA[i]));
  const b = zscore(Float64Array.from(order, (i) => metricB[i]));

  const averaged = (scores: Float64Array): number => {
    let sum = 0;
    let count = 0;
    for (let g = 0; g + 1 < bounds.length; g++) {
      const value = correlationStatistic(correlation, scores.subarray(bounds[g], bounds[g + 1]), gold.subarray(bounds[g], bounds[g + 1]), options);
      if (!Number.isNaN(value)) {
        sum += value;
        count++;
      } else if (options.nanAsZero) count++;
    }
    return count ? sum / count : 0;
  };

  const delta = averaged(b) - averaged(a);
  const random = seededRandom(seed);
  const swappedA = new Float64Array(m);
  const swappedB = new Float64Array(m);
  let exceed = 0;
  let run = 0;
  while (run < samples) {
    run++;
    const coins = new CoinFlips(random);
    for (let i = 0; i < m; i++) {
      // w₁ = coin: A′ takes A's score where w₁ = 1 and B's elsewhere; B′ the opposite.
      if (coins.next()) {
        swappedA[i] = a[i];
        swappedB[i] = b[i];
      } else {
        swappedA[i] = b[i];
        swappedB[i] = a[i];
      }
    }
    if (averaged(swappedB) - averaged(swappedA) >= delta) exceed++;
    if (run % blockSize === 0) {
      const p = exceed / run;
      if (p < earlyMin || p > earlyMax) break;
    }
  }
  return { pvalue: exceed / run, delta, samplesUsed: run, seed };
}

/** (x − mean)/std with the population standard deviation (SciPy's `zscore`, ddof = 0). */
export function zscore(values: Float64Array): Float64Array {
  const n = values.length;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += values[i];
  const mean = sum / n;
  let squares = 0;
  for (let i = 0; i < n; i++) squares += (values[i] - mean) * (values[i] - mean);
  const sd = Math.sqrt(squares / n);
  return values.map((v) => (v - mean) / sd);
}
