import { Scores } from './ranking';

/** WMT's "Kendall-like" τ over pairwise human preferences. */
export interface KendallLike {
  /** (concordant − discordant)/(concordant + discordant); 0 when there are no pairs (as mt-metrics-eval). */
  readonly statistic: number;
  readonly concordant: number;
  readonly discordant: number;
  /** concordant + discordant: the weight mt-metrics-eval gives this τ when averaging (macro=False). */
  readonly pairs: number;
}

/**
 * mt-metrics-eval's `KendallLike(human, metric, thresh)` (WMT20 DARR, WMT17–WMT20 segment level): every pair of
 * translations whose human scores differ by at least `threshold` (25 DA points) is a human preference; it is
 * concordant when the metric orders the pair the same way and discordant otherwise — a metric tie counts as
 * discordant (WMT penalises ties). Null/NaN human scores are skipped. O(k²) over the k translations given, which is
 * meant to be one source segment's systems (average per item, weighting by `pairs`).
 */
export function kendallLike(human: ArrayLike<number | null>, metric: Scores, threshold = 25): KendallLike {
  if (human.length !== metric.length) throw new RangeError(`Correlated vectors must have the same length (${human.length} ≠ ${metric.length}).`);
  let concordant = 0;
  let discordant = 0;
  for (let i = 0; i < human.length; i++) {
    const hi = human[i];
    if (hi === null || Number.isNaN(hi)) continue;
    for (let j = i + 1; j < human.length; j++) {
      const hj = human[j];
      if (hj === null || Number.isNaN(hj)) continue;
      const difference = hi - hj;
      if (Math.abs(difference) >= threshold) {
        // mt-metrics-eval: `diff >= thresh` selects the pair, `diff > 0` orients it.
        if ((difference > 0 && metric[i] > metric[j]) || (difference < 0 && metric[i] < metric[j])) concordant++;
        else discordant++;
      }
    }
  }
  return summarize(concordant, discordant);
}

/** One human preference: translation `better` was judged better than translation `worse` (indices into the scores). */
export interface Preference {
  readonly better: number;
  readonly worse: number;
}

/**
 * What a metric tie on a preferred pair counts as. WMT14–WMT20 (relative ranking and DARR) count it as discordant;
 * 'excluded' leaves the pair out (WMT13's variant); 'concordant' is offered for completeness.
 */
export type MetricTieHandling = 'discordant' | 'excluded' | 'concordant';

export interface PreferenceOptions {
  readonly metricTies?: MetricTieHandling;
  /** False for error metrics such as TER, where lower is better (default true). */
  readonly higherIsBetter?: boolean;
}

/**
 * The WMT relative-ranking "Kendall's τ-like" coefficient from explicit human preferences (pairs judged better/worse;
 * human ties are not preferences and are not passed): τ = (Concordant − Discordant)/(Concordant + Discordant), a pair
 * being concordant when the metric scores the preferred translation higher.
 */
export function kendallLikeFromPreferences(preferences: readonly Preference[], metric: Scores, options: PreferenceOptions = {}): KendallLike {
  const ties = options.metricTies ?? 'discordant';
  const sign = options.higherIsBetter === false ? -1 : 1;
  let concordant = 0;
  let discordant = 0;
  for (const { better, worse } of preferences) {
    const difference = sign * (metric[better] - metric[worse]);
    if (difference > 0) concordant++;
    else if (difference < 0 || Number.isNaN(difference)) discordant++; // a missing metric score orders nothing
    else if (ties === 'discordant') discordant++;
    else if (ties === 'concordant') concordant++;
  }
  return summarize(concordant, discordant);
}

function summarize(concordant: number, discordant: number): KendallLike {
  const pairs = concordant + discordant;
  return { statistic: pairs ? (concordant - discordant) / pairs : 0, concordant, discordant, pairs };
}
