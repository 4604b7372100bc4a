import { KendallCounts, kendallCounts } from './kendall-counts';
import { Scores, checkSameLength } from './ranking';

/**
 * mt-metrics-eval's `KendallVariants` (stats.py @ 68a481a): 'b' and 'c' as SciPy (but not clipped, so rounding can
 * give 1.0000000000000002), and the two variants of Deutsch et al. 2023 (arXiv 2305.14324):
 *   τ₂₃   = (C + T_both − D − T_metric − T_human) / pairs   (a tie counts as agreement only when tied in both),
 *   acc₂₃ = (C + T_both) / pairs                           (pairwise accuracy).
 */
export type MtmeKendallVariant = 'b' | 'c' | '23' | 'acc23';

/** Pair counts with optional ε-ties in the metric: |metric difference| ≤ ε counts as a metric tie (O(n²) then). */
export function mtmeKendallCounts(human: Scores, metric: Scores, epsilon = 0): KendallCounts {
  checkSameLength(human, metric);
  if (epsilon < 0) throw new RangeError('Epsilon must be non-negative.');
  // mt-metrics-eval treats the metric as x and the human scores as y.
  return epsilon === 0 ? kendallCounts(metric, human) : epsilonCounts(metric, human, epsilon);
}

/**
 * `KendallVariants(human, metric, variant, epsilon)[0]`. For 'b' and 'c' a vector whose pairs are all tied gives NaN;
 * τ-c with ε > 0 is refused (mt-metrics-eval: "not clear how to define minclasses"). Inputs must not contain NaN.
 */
export function mtmeKendall(human: Scores, metric: Scores, variant: MtmeKendallVariant = 'b', epsilon = 0): number {
  if (epsilon > 0 && variant === 'c') throw new RangeError('Non-zero epsilon with tau-c is not supported.');
  return mtmeKendallFromCounts(mtmeKendallCounts(human, metric, epsilon), variant);
}

/** The variant from counts where x = metric and y = human. */
export function mtmeKendallFromCounts(counts: KendallCounts, variant: MtmeKendallVariant): number {
  const total = counts.pairs;
  const tiedMetric = counts.tiedXOnly + counts.tiedBoth;
  const tiedHuman = counts.tiedYOnly + counts.tiedBoth;
  if ((variant === 'b' || variant === 'c') && (tiedMetric === total || tiedHuman === total)) return NaN;
  const difference = counts.concordant - counts.discordant;
  switch (variant) {
    case 'b':
      return difference / Math.sqrt(total - tiedMetric) / Math.sqrt(total - tiedHuman);
    case 'c': {
      const classes = Math.min(counts.x.distinct, counts.y.distinct);
      return (2 * difference) / ((counts.n * counts.n * (classes - 1)) / classes);
    }
    case '23':
      return (counts.concordant + counts.tiedBoth - counts.discordant - counts.tiedXOnly - counts.tiedYOnly) / total;
    case 'acc23':
      return (counts.concordant + counts.tiedBoth) / total;
  }
}

/** O(n²) counts with metric differences of at most ε treated as ties (x = metric, y = human). */
function epsilonCounts(metric: Scores, human: Scores, epsilon: number): KendallCounts {
  const n = metric.length;
  let concordant = 0;
  let discordant = 0;
  let tiedXOnly = 0;
  let tiedYOnly = 0;
  let tiedBoth = 0;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const dx = metric[j] - metric[i];
      const dy = human[j] - human[i];
      const tieX = Math.abs(dx) <= epsilon;
      const tieY = dy === 0;
      if (tieX && tieY) tiedBoth++;
      else if (tieX) tiedXOnly++;
      else if (tieY) tiedYOnly++;
      else if ((dx > 0 && dy > 0) || (dx < 0 && dy < 0)) concordant++;
      else discordant++;
    }
  }
  const exact = kendallCounts(metric, human); // tie sums and distinct counts of the vectors themselves
  return { ...exact, concordant, discordant, tiedXOnly, tiedYOnly, tiedBoth };
}

/** Pairs on which metric and human agree. */
export interface Agreement {
  /** Pairs whose human and metric differences have the same sign (both zero included). */
  readonly agreePairs: number;
  readonly numPairs: number;
}

/**
 * mt-metrics-eval's `Agreement(human, metric)`: over all pairs of positions with a human score (null or NaN human
 * scores are left out, as mt-metrics-eval drops None), count those where sign(Δhuman) = sign(Δmetric). A NaN metric
 * score never agrees (NumPy's sign(NaN) is NaN, which equals nothing). O(n log n).
 */
export function agreement(human: ArrayLike<number | null>, metric: Scores): Agreement {
  if (human.length !== metric.length) throw new RangeError(`Correlated vectors must have the same length (${human.length} ≠ ${metric.length}).`);
  const keptHuman: number[] = [];
  const keptMetric: number[] = [];
  let withHuman = 0;
  for (let i = 0; i < human.length; i++) {
    const h = human[i];
    if (h === null || Number.isNaN(h)) continue;
    withHuman++;
    if (Number.isNaN(metric[i])) continue;
    keptHuman.push(h);
    keptMetric.push(metric[i]);
  }
  const numPairs = (withHuman * (withHuman - 1)) / 2;
  if (keptHuman.length < 2) return { agreePairs: 0, numPairs };
  const counts = kendallCounts(keptMetric, keptHuman);
  return { agreePairs: counts.concordant + counts.tiedBoth, numPairs };
}
