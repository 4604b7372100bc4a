import { seededRandom } from './pcg64';
import { CorpusScoreFunction, DEFAULT_SEED, ResamplingControl, checkCount, checkPaired, columnTotals, packRows, poll } from './resampling-input';

export interface ApproximateRandomizationOptions extends ResamplingControl {
  /** Number of random shuffles (sacreBLEU's `--paired-ar-n`, default 10000). */
  readonly trials?: number;
  /** Seed of the NumPy-compatible generator (default 12345, as sacreBLEU). */
  readonly seed?: number | bigint;
  /**
   * Count shuffles whose |Δ'| equals |Δ| as "at least as extreme" (Riezler & Maxwell 2005, Fig. 1: ≥). Default false:
   * strictly greater, as sacreBLEU 2.6 and MultEval count. With strict counting every shuffle that merely reproduces
   * |Δ| is ignored, so a system compared with itself, or with a copy changed on a single segment (every shuffle then
   * ties), comes out at p = 1/(trials + 1), "significant"; with ties counted both give p = 1.
   */
  readonly countTies?: boolean;
}

export interface ApproximateRandomizationResult {
  readonly baselineScore: number;
  readonly systemScore: number;
  /** systemScore − baselineScore. */
  readonly delta: number;
  /** (c + 1) / (trials + 1), c = shuffles whose |Δ'| exceeded |Δ| (or equalled it, with countTies). */
  readonly pValue: number;
  /** c. */
  readonly exceedances: number;
  readonly trials: number;
  readonly seed: number | bigint;
}

/**
 * Paired approximate randomization test (Riezler & Maxwell 2005, after Noreen 1989) as sacreBLEU 2.6 `--paired-ar`
 * runs it. A is the baseline, B the system. In each trial every segment's statistics are swapped between the systems
 * with probability ½ (a coin per segment: heads keeps A's row in pseudo-system A'), the two pseudo-systems are scored
 * from their column sums, and the trial counts when |A' − B'| > |A − B|. Then
 *
 *   p = (c + 1) / (trials + 1),
 *
 * a two-sided test. The coins are NumPy's `default_rng(seed).integers(2, size=(trials, n), dtype=bool)`, so a seed
 * gives the shuffles sacreBLEU draws. With integer statistics (BLEU, chrF, TER counts) the sums are exact and the
 * p-value is sacreBLEU's to the count.
 *
 * Per trial only the swapped segments are touched: A' = ΣB + Σ_heads (A_i − B_i) and B' = ΣA − Σ_heads (A_i − B_i).
 */
export function approximateRandomization(
  rowsA: readonly Float64Array[],
  rowsB: readonly Float64Array[],
  score: CorpusScoreFunction,
  options: ApproximateRandomizationOptions = {},
): ApproximateRandomizationResult {
  const trials = checkCount(options.trials ?? 10000, 'randomization trials');
  const seed = options.seed ?? DEFAULT_SEED;
  const a = packRows(rowsA, 'baseline');
  const b = packRows(rowsB, 'system');
  checkPaired(a, b);
  const { segments, width } = a;
  const totalsA = columnTotals(a);
  const totalsB = columnTotals(b);
  const baselineScore = score(totalsA, segments);
  const systemScore = score(totalsB, segments);
  const observed = Math.abs(baselineScore - systemScore);

  const differences = new Float64Array(segments * width);
  for (let i = 0; i < differences.length; i++) differences[i] = a.values[i] - b.values[i];
  const swapped = new Float64Array(width);
  const pseudoA = new Float64Array(width);
  const pseudoB = new Float64Array(width);
  const random = seededRandom(seed);
  // The coins, inlined for speed: NumPy's bool draws (CoinFlips in uniform-integers.ts), 32 per 32-bit word, lowest
  // bit first, one stream across all trials (one `integers(2, size=(trials, n), dtype=bool)` call).
  let coinWord = 0;
  let coinsLeft = 0;
  const countTies = options.countTies ?? false;
  let exceedances = 0;
  for (let trial = 0; trial < trials; trial++) {
    poll(options, trial, trials);
    swapped.fill(0);
    for (let i = 0; i < segments; i++) {
      if (coinsLeft === 0) {
        coinWord = random.nextUint32();
        coinsLeft = 32;
      }
      const heads = coinWord & 1;
      coinWord >>>= 1;
      coinsLeft--;
      if (heads === 0) continue;
      const base = i * width;
      for (let k = 0; k < width; k++) swapped[k] += differences[base + k];
    }
    for (let k = 0; k < width; k++) pseudoA[k] = totalsB[k] + swapped[k];
    const scoreA = score(pseudoA, segments);
    for (let k = 0; k < width; k++) pseudoB[k] = totalsA[k] - swapped[k];
    const scoreB = score(pseudoB, segments);
    const difference = Math.abs(scoreA - scoreB);
    if (difference > observed || (countTies && difference === observed)) exceedances++;
  }
  options.onProgress?.(trials, trials);
  return {
    baselineScore,
    systemScore,
    delta: systemScore - baselineScore,
    pValue: (exceedances + 1) / (trials + 1),
    exceedances,
    trials,
    seed,
  };
}
