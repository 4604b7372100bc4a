import { seededRandom } from '../../significance/pcg64';
import { DEFAULT_SEED, ResamplingControl, poll } from '../../significance/resampling-input';
import { UNDERSTUDY_VERSION } from '../../version';
import { percentileOfSorted } from '../conditions/distribution-summary';
import { drawWithoutReplacement } from '../conditions/random-subsets';
import { Statistic, statistic } from '../json-number';
import { pearsonPValue } from '../stats/pearson';
import { centredCrossProducts, combinationCorrelation, solveNormalEquations } from './least-squares';
import { MannWhitneyResult, mannWhitneyU } from './mann-whitney';
import { RoseInput, RoseModel, checkRoseInput, designMatrix, fitRose } from './rose-model';

export interface RoseSearchOptions extends ResamplingControl {
  /** Random train/test splits (default 4000, as Conroy & Dang). */
  readonly trials?: number;
  /** Share of units held back for testing (default 0.25); the test set has round(units × fraction) units. */
  readonly testFraction?: number;
  /** Seed of the NumPy-compatible PCG64 generator (default 12345). */
  readonly seed?: number | bigint;
  /** A trial counts when its test correlation has p < alpha (default 0.05, as the paper). */
  readonly alpha?: number;
  /**
   * 'two-sided' (default): a significantly negative test correlation counts too, as the paper's p-values are
   * two-sided; 'positive': only significantly positive ones.
   */
  readonly significance?: 'two-sided' | 'positive';
  /** Largest subset size (default: all predictors). */
  readonly maxSubsetSize?: number;
  /** Only subsets containing every one of these predictors (names). */
  readonly require?: readonly string[];
  /**
   * Which subsets may win (default 'any'): Table 5 of the paper reports single variables as ROSE winners, though the
   * text compares "the best of 504 = 511 − 7" (singletons of ROUGE excluded); 'combinations' leaves out singletons.
   */
  readonly candidates?: 'any' | 'combinations';
  /** Trial samples the Mann–Whitney test compares: 'significant' (default, the trials behind the medians) or 'all'. */
  readonly comparisonSamples?: 'significant' | 'all';
  /** Groups of the units (e.g. 'human'/'system'): with `stratify`, each split holds back the fraction of every group. */
  readonly groups?: readonly string[];
  readonly stratify?: boolean;
  /** The paper's mark: the winner differs from the best single predictor at p ≤ this (default 1e-7). */
  readonly markThreshold?: number;
  /** Keep the best subset's and the best single predictor's per-trial test correlations (default true). */
  readonly keepSamples?: boolean;
  /** Name of the fitted model (default 'rose'). */
  readonly name?: string;
}

/** One subset of predictors over all trials. */
export interface RoseSubsetResult {
  readonly metrics: readonly string[];
  readonly size: number;
  /** The paper's score: the median test correlation over the trials whose test correlation is significant. */
  readonly medianSignificant: Statistic;
  /** Share of trials whose test correlation was significant. */
  readonly significantShare: number;
  /** Median, mean and 2.5th/97.5th percentiles of the test correlation over all trials with a defined one. */
  readonly median: Statistic;
  readonly mean: Statistic;
  readonly lower: Statistic;
  readonly upper: Statistic;
  /** Trials whose test correlation was undefined (constant predictions or target on the test units). */
  readonly undefinedTrials: number;
  /** In-sample fit on all units: multiple R (≥ |r| of each of its predictors). */
  readonly fullR: Statistic;
}

export interface RoseComparison {
  readonly test: 'mann-whitney-u';
  readonly samples: 'significant' | 'all';
  readonly winner: readonly string[];
  readonly single: readonly string[];
  /** U of the winner's sample (SciPy's statistic), two-sided p. Null when the winner is the best single predictor. */
  readonly u: Statistic;
  readonly pvalue: Statistic;
  readonly method: MannWhitneyResult['method'] | null;
  readonly n1: number;
  readonly n2: number;
  /** p ≤ markThreshold (the paper's '*'). */
  readonly marked: boolean;
}

export interface RoseSearchResult {
  readonly kind: 'understudy.rose-search';
  readonly version: 1;
  readonly target: string;
  readonly units: number;
  readonly testSize: number;
  readonly options: {
    readonly trials: number;
    readonly testFraction: number;
    readonly seed: string;
    readonly alpha: number;
    readonly significance: 'two-sided' | 'positive';
    readonly candidates: 'any' | 'combinations';
    readonly comparisonSamples: 'significant' | 'all';
    readonly stratify: boolean;
    readonly markThreshold: number;
  };
  /** Every subset searched, best first (by the median significant test correlation; undefined medians last). */
  readonly subsets: readonly RoseSubsetResult[];
  readonly best: RoseSubsetResult;
  readonly bestSingle: RoseSubsetResult;
  readonly comparison: RoseComparison;
  /** The winner fitted on all units: the combination to save and apply as a metric. */
  readonly model: RoseModel;
  /** Per-trial test correlations (null where undefined) of the winner and the best single predictor. */
  readonly samples?: { readonly best: readonly Statistic[]; readonly bestSingle: readonly Statistic[] };
  readonly notes: readonly string[];
  readonly signature: string;
}

function popcount(mask: number): number {
  let c = 0;
  for (let m = mask; m !== 0; m &= m - 1) c++;
  return c;
}

/** |r| at or above which a Pearson correlation over n points has two-sided p < α (p falls strictly as |r| grows). */
export function criticalCorrelation(n: number, alpha: number): number {
  if (n <= 2) return Infinity;
  let low = 0;
  let high = 1;
  for (;;) {
    const middle = low + (high - low) / 2;
    if (middle <= low || middle >= high) break;
    if (pearsonPValue(middle, n) < alpha) high = middle;
    else low = middle;
  }
  return high;
}

/**
 * ROSE (Conroy & Dang 2008, §4): the linear combination of predictor scores that best predicts a human score,
 * chosen over every subset of the predictors by Monte Carlo cross-validation. For each of `trials` random splits
 * (the same splits for every subset, so subsets are compared on equal terms), the subset's combination is fitted by
 * least squares with an intercept on the training units and its Pearson correlation with the target measured on the
 * held-back units; a subset's score is the median of those test correlations over the trials where it is significant.
 * The best subset is compared with the best single predictor by a Mann–Whitney U test, and refitted on all units.
 *
 * Speed: each trial forms the centred cross-products of all predictors once for its training and test units; each
 * subset then costs a k × k Cholesky solve and a few k-length dot products.
 */
export function roseSearch(input: RoseInput, options: RoseSearchOptions = {}): RoseSearchResult {
  const m = checkRoseInput(input);
  const p = input.metrics.length;
  if (p > 16) throw new RangeError(`ROSE searches every subset: ${p} predictors would be ${2 ** p - 1} subsets; choose at most 16.`);
  const trials = options.trials ?? 4000;
  if (!(Number.isInteger(trials) && trials >= 1)) throw new RangeError(`Trials must be a positive integer, not ${trials}.`);
  const testFraction = options.testFraction ?? 0.25;
  const seed = options.seed ?? DEFAULT_SEED;
  const alpha = options.alpha ?? 0.05;
  const significance = options.significance ?? 'two-sided';
  const candidates = options.candidates ?? 'any';
  const comparisonSamples = options.comparisonSamples ?? 'significant';
  const markThreshold = options.markThreshold ?? 1e-7;
  const maxSize = options.maxSubsetSize ?? p;
  const notes: string[] = [];

  // Subsets as masks, with their predictor indices.
  const required = (options.require ?? []).map((name) => {
    const j = input.metrics.indexOf(name);
    if (j < 0) throw new RangeError(`ROSE: required predictor ${name} is not among ${input.metrics.join(', ')}.`);
    return j;
  });
  const requiredMask = required.reduce((mask, j) => mask | (1 << j), 0);
  const masks: number[] = [];
  for (let mask = 1; mask < 1 << p; mask++) if (popcount(mask) <= maxSize && (mask & requiredMask) === requiredMask) masks.push(mask);
  if (masks.length === 0) throw new RangeError('ROSE: no subset satisfies the size limit and the required predictors.');
  const columnsOf = masks.map((mask) => Int32Array.from(input.metrics.map((_, j) => j).filter((j) => (mask >> j) & 1)));
  const largest = Math.max(...columnsOf.map((c) => c.length));

  // Splits.
  const groups = options.stratify ? options.groups : undefined;
  if (options.stratify && (!options.groups || options.groups.length !== m)) throw new RangeError('ROSE: stratified splits need a group label for every unit.');
  const strata: Int32Array[] = groups
    ? [...new Set(groups)].map((g) => Int32Array.from(groups.flatMap((x, u) => (x === g ? [u] : []))))
    : [Int32Array.from({ length: m }, (_, u) => u)];
  const testSizes = strata.map((s) => Math.round(s.length * testFraction));
  const testSize = testSizes.reduce((a, b) => a + b, 0);
  const trainSize = m - testSize;
  if (testSize < 3) throw new RangeError(`ROSE: a test set of ${testSize} units cannot give a correlation with a p-value; use more units or a larger test fraction.`);
  if (trainSize < largest + 2) {
    throw new RangeError(`ROSE: ${trainSize} training units cannot fit ${largest} weights and an intercept; lower maxSubsetSize or the test fraction.`);
  }
  const rCritical = criticalCorrelation(testSize, alpha);

  const size = p + 1;
  const data = designMatrix(input);
  const order = new Int32Array(m);
  const means = new Float64Array(size);
  const trainProducts = new Float64Array(size * size);
  const testProducts = new Float64Array(size * size);
  const beta = new Float64Array(largest);
  const work = new Float64Array(largest * largest);
  const values = masks.map(() => new Float64Array(trials));
  const random = seededRandom(seed);
  const pools = strata.map((s) => Int32Array.from(s));

  for (let trial = 0; trial < trials; trial++) {
    // Test units first in `order`, training units after; per stratum a partial Fisher–Yates draw.
    let at = 0;
    pools.forEach((pool, g) => {
      drawWithoutReplacement(random, pool, testSizes[g]);
      order.set(pool.subarray(0, testSizes[g]), at);
      at += testSizes[g];
    });
    pools.forEach((pool, g) => {
      order.set(pool.subarray(testSizes[g]), at);
      at += pool.length - testSizes[g];
    });
    centredCrossProducts(data, size, order, testSize, m, means, trainProducts);
    centredCrossProducts(data, size, order, 0, testSize, means, testProducts);
    for (let s = 0; s < masks.length; s++) {
      const columns = columnsOf[s];
      const k = columns.length;
      solveNormalEquations(trainProducts, size, columns, k, p, beta, work);
      values[s][trial] = combinationCorrelation(testProducts, size, columns, k, p, beta);
    }
    poll(options, trial + 1, trials);
  }
  options.onProgress?.(trials, trials);

  const isSignificant = (r: number): boolean => (significance === 'positive' ? r >= rCritical : Math.abs(r) >= rCritical);
  const results = masks.map((mask, s): RoseSubsetResult & { index: number; significantValues: Float64Array } => {
    const all = values[s].filter((r) => !Number.isNaN(r)).sort();
    const significantValues = all.filter(isSignificant);
    const fit = fitRose(input, Array.from(columnsOf[s]));
    let sum = 0;
    for (const r of all) sum += r;
    return {
      index: s,
      significantValues,
      metrics: Array.from(columnsOf[s], (j) => input.metrics[j]),
      size: columnsOf[s].length,
      medianSignificant: statistic(percentileOfSorted(significantValues, 50)),
      significantShare: significantValues.length / trials,
      median: statistic(percentileOfSorted(all, 50)),
      mean: statistic(all.length > 0 ? sum / all.length : NaN),
      lower: statistic(percentileOfSorted(all, 2.5)),
      upper: statistic(percentileOfSorted(all, 97.5)),
      undefinedTrials: trials - all.length,
      fullR: fit.fit.r,
    };
  });
  const rank = (a: RoseSubsetResult, b: RoseSubsetResult): number =>
    (b.medianSignificant ?? -Infinity) - (a.medianSignificant ?? -Infinity) || a.size - b.size;
  const ranked = [...results].sort(rank);
  const eligible = candidates === 'combinations' ? ranked.filter((r) => r.size > 1) : ranked;
  const singles = ranked.filter((r) => r.size === 1);
  if (eligible.length === 0) throw new RangeError('ROSE: no combination of two or more predictors was searched.');
  const best = eligible[0];
  const bestSingle = singles.length > 0 ? singles[0] : ranked[ranked.length - 1];
  if (best.medianSignificant === null) notes.push(`No subset had a significant test correlation in any trial (test sets of ${testSize} units need |r| ≥ ${rCritical.toFixed(3)}).`);

  const sampleOf = (r: (typeof results)[number]): Float64Array => (comparisonSamples === 'significant' ? r.significantValues : values[r.index].filter((v) => !Number.isNaN(v)));
  let comparison: RoseComparison;
  const x = sampleOf(best);
  const y = sampleOf(bestSingle);
  if (best.index === bestSingle.index || x.length === 0 || y.length === 0) {
    comparison = {
      test: 'mann-whitney-u', samples: comparisonSamples, winner: best.metrics, single: bestSingle.metrics,
      u: null, pvalue: null, method: null, n1: x.length, n2: y.length, marked: false,
    };
  } else {
    const mw = mannWhitneyU(x, y);
    comparison = {
      test: 'mann-whitney-u', samples: comparisonSamples, winner: best.metrics, single: bestSingle.metrics,
      u: statistic(mw.statistic), pvalue: statistic(mw.pvalue), method: mw.method, n1: mw.n1, n2: mw.n2, marked: mw.pvalue <= markThreshold,
    };
  }

  const fitted = fitRose(input, Array.from(columnsOf[best.index]), options.name ?? 'rose');
  const model: RoseModel = {
    ...fitted,
    fit: {
      ...fitted.fit,
      monteCarlo: { trials, testSize, seed: String(seed), medianSignificant: best.medianSignificant, significantShare: best.significantShare },
    },
  };
  if (options.candidates === undefined) notes.push('Single predictors may win (as in the paper\'s Table 5); `candidates: combinations` leaves them out.');
  if (options.comparisonSamples === undefined) notes.push('The Mann–Whitney test compares the significant trials behind the two medians (the paper does not say which).');
  const strip = ({ index: _i, significantValues: _s, ...rest }: (typeof results)[number]): RoseSubsetResult => rest;
  const signature = [
    'rose',
    `predictors:${input.metrics.join('+')}`,
    `target:${input.targetName ?? 'human'}`,
    `units:${m}`,
    `trials:${trials}`,
    `test:${testSize}`,
    `seed:${seed}`,
    `sig:${significance}@${alpha}`,
    `win:${candidates}`,
    `mwu:${comparisonSamples}`,
    `strata:${groups ? strata.length : 1}`,
    `version:${UNDERSTUDY_VERSION}`,
  ].join('|');
  return {
    kind: 'understudy.rose-search',
    version: 1,
    target: input.targetName ?? 'human',
    units: m,
    testSize,
    options: {
      trials, testFraction, seed: String(seed), alpha, significance, candidates, comparisonSamples, stratify: !!groups, markThreshold,
    },
    subsets: ranked.map(strip),
    best: strip(best),
    bestSingle: strip(bestSingle),
    comparison,
    model,
    ...((options.keepSamples ?? true)
      ? { samples: { best: Array.from(values[best.index], statistic), bestSingle: Array.from(values[bestSingle.index], statistic) } }
      : {}),
    notes,
    signature,
  };
}
