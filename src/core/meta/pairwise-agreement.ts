import { ScoringCancelled } from '../engine/score-systems';
import { Interval, PairOutcome, PairTest, PairwiseAgreement, orNull } from './correlation-report';
import { proportionInterval } from './stats/proportion-interval';
import { wilcoxonSignedRank } from './stats/wilcoxon';

/** Per-segment and per-system scores of the systems compared, all oriented so that higher is better. */
export interface PairwiseAgreementInput {
  readonly systems: readonly string[];
  /** human[s][i]: the human score of system s on segment i; NaN where not judged. */
  readonly human: readonly Float64Array[];
  /** The systems' human scores (the table's column), for the direction of each pair. */
  readonly humanSystem: readonly number[];
  readonly metrics: readonly {
    readonly name: string;
    /** segment[s][i]: sentence-level score; NaN where undefined. */
    readonly segment: readonly Float64Array[];
    /** The systems' metric scores (corpus scores). */
    readonly system: readonly number[];
  }[];
  /** Significance level of each test (Owczarzak et al.: 0.05, no correction). */
  readonly alpha: number;
  /** Coverage of the agreement rates' intervals. */
  readonly level: number;
  readonly isCancelled?: () => boolean;
}

/**
 * Owczarzak, Conroy, Dang & Nenkova (2012), "An assessment of the accuracy of automatic evaluation in
 * summarization" (../shared/papers/digests/seed000.md §3.8): for every pair of systems (A, B), a two-sided Wilcoxon
 * signed-rank test of A − B over the segments judged for both (SciPy 1.10's test, zeros dropped), once on the human
 * scores and once on the metric's sentence scores of the same segments. Each test decides "A significantly better",
 * "B significantly better" (p < alpha, direction by the larger rank sum) or "no significant difference". Reported per
 * metric, over the pairs:
 * - diff = pairs where both find a significant difference in the same direction / pairs the humans find significant;
 * - no diff = pairs neither finds significant / pairs the humans do not find significant;
 * - contr = pairs both find significant in opposite directions / all pairs;
 * - sig (accuracy) = pairs with the same three-way decision / all pairs;
 * - all (direction agreement) = pairs the system-level scores order the same way (ties agree only with ties) / all
 *   pairs; the last two with normal-approximation intervals, as the paper compares metrics.
 * Pairs without a commonly judged segment are skipped and counted.
 */
export function pairwiseAgreement(input: PairwiseAgreementInput): PairwiseAgreement[] {
  const { systems, human } = input;
  interface PairData {
    readonly a: number;
    readonly b: number;
    readonly common: Int32Array;
    readonly human: PairTest;
  }
  const pairs: PairData[] = [];
  let skippedPairs = 0;
  for (let a = 0; a < systems.length; a++) {
    for (let b = a + 1; b < systems.length; b++) {
      if (input.isCancelled?.()) throw new ScoringCancelled();
      const items: number[] = [];
      const ha = human[a];
      const hb = human[b];
      for (let i = 0; i < ha.length; i++) if (ha[i] === ha[i] && hb[i] === hb[i]) items.push(i);
      if (items.length === 0) {
        skippedPairs++;
        continue;
      }
      const common = Int32Array.from(items);
      pairs.push({ a, b, common, human: pairTest(ha, hb, common, input.alpha) });
    }
  }
  return input.metrics.map((metric) => {
    const perPair: PairOutcome[] = [];
    let humanSignificant = 0;
    let metricSignificant = 0;
    let agreeSignificant = 0;
    let agreeNotSignificant = 0;
    let contradictions = 0;
    let sameDecision = 0;
    let sameDirection = 0;
    for (const pair of pairs) {
      if (input.isCancelled?.()) throw new ScoringCancelled();
      const segments = defined(pair.common, metric.segment[pair.a], metric.segment[pair.b]);
      const metricTest = pairTest(metric.segment[pair.a], metric.segment[pair.b], segments, input.alpha);
      const h = pair.human.outcome;
      const m = metricTest.outcome;
      if (h !== 'none') humanSignificant++;
      if (m !== 'none') metricSignificant++;
      if (h !== 'none' && h === m) agreeSignificant++;
      if (h === 'none' && m === 'none') agreeNotSignificant++;
      if (h !== 'none' && m !== 'none' && h !== m) contradictions++;
      if (h === m) sameDecision++;
      const humanOrder = Math.sign(input.humanSystem[pair.a] - input.humanSystem[pair.b]);
      const metricOrder = Math.sign(metric.system[pair.a] - metric.system[pair.b]);
      if (humanOrder === metricOrder) sameDirection++;
      perPair.push({ a: systems[pair.a], b: systems[pair.b], segments: pair.common.length, human: pair.human, metric: metricTest });
    }
    const count = pairs.length;
    const rate = (k: number, n: number): number | null => (n > 0 ? k / n : null);
    return {
      metric: metric.name,
      pairs: count,
      skippedPairs,
      humanSignificant,
      metricSignificant,
      agreeSignificant,
      agreeNotSignificant,
      contradictions,
      diffRecall: rate(agreeSignificant, humanSignificant),
      noDiffRecall: rate(agreeNotSignificant, count - humanSignificant),
      contradictionRate: rate(contradictions, count),
      accuracy: rate(sameDecision, count),
      accuracyInterval: interval(sameDecision, count, input.level),
      directionAgreement: rate(sameDirection, count),
      directionInterval: interval(sameDirection, count, input.level),
      perPair,
    };
  });
}

/** The segments of `common` where both systems' scores are defined. */
function defined(common: Int32Array, a: Float64Array, b: Float64Array): Int32Array {
  let all = true;
  for (const i of common) if (!(a[i] === a[i] && b[i] === b[i])) all = false;
  return all ? common : common.filter((i) => a[i] === a[i] && b[i] === b[i]);
}

function pairTest(a: Float64Array, b: Float64Array, items: Int32Array, alpha: number): PairTest {
  const x = Float64Array.from(items, (i) => a[i]);
  const y = Float64Array.from(items, (i) => b[i]);
  let sum = 0;
  for (let k = 0; k < x.length; k++) sum += x[k] - y[k];
  const test = wilcoxonSignedRank(x, y);
  const significant = test.pvalue < alpha;
  const outcome = !significant ? 'none' : test.rankSumPositive > test.rankSumNegative ? 'a' : test.rankSumPositive < test.rankSumNegative ? 'b' : 'none';
  return { meanDifference: orNull(x.length > 0 ? sum / x.length : NaN), statistic: orNull(test.statistic), pvalue: orNull(test.pvalue), method: test.method, outcome };
}

function interval(successes: number, n: number, level: number): Interval | null {
  if (n === 0) return null;
  const { lower, upper } = proportionInterval(successes, n, level);
  return { lower, upper, level, method: 'normal' };
}
