import { UnderstudyError } from '../../errors';
import { HeterogeneityEstimator, subsetSums } from './heterogeneity';
import { OutputPairs } from './output-pairs';
import { OutputScores, metricSubset, requireHuman } from './output-scores';

/** How "s is at least as good as s′" is read: x(s) ≥ x(s′) ('at-least', the papers' default reading) or >. */
export type Comparison = 'at-least' | 'greater';

export interface ReliabilityOptions {
  /** The measure set X (default: every metric). */
  readonly metrics?: readonly string[];
  /** The condition ∀x ∈ X. x(s) ≥ x(s′) (default 'at-least') or x(s) > x(s′). */
  readonly condition?: Comparison;
  /** The human outcome Q(s) ≥ Q(s′) (default 'at-least') or Q(s) > Q(s′). */
  readonly outcome?: Comparison;
}

export interface ReliabilityResult {
  readonly kind: 'reliability';
  readonly metrics: readonly string[];
  readonly condition: Comparison;
  readonly outcome: Comparison;
  /** R(X) = P(Q(s) ≥ Q(s′) | ∀x ∈ X. x(s) ≥ x(s′)); null when no pair meets the condition. */
  readonly reliability: number | null;
  /** S(X) = P(∀x ∈ X. x(s) ≥ x(s′) | Q(s) ≥ Q(s′)); null when no pair meets the outcome. */
  readonly sensitivity: number | null;
  /** H(X) over the same assessed pairs. */
  readonly heterogeneity: number;
  /** Ordered pairs of assessed outputs of a segment; those meeting the condition, the outcome, and both. */
  readonly pairs: number;
  readonly corroborated: number;
  readonly improved: number;
  readonly both: number;
}

/** Pairs of outputs that humans assessed both of (rows of the pair table). */
function assessedPairs(input: OutputScores, what: string): { pairs: OutputPairs; human: Float64Array; rows: Int32Array } {
  const human = requireHuman(input, what);
  const pairs = new OutputPairs(input);
  const rows: number[] = [];
  for (let r = 0; r < pairs.count; r++) if (!Number.isNaN(human[pairs.first[r]]) && !Number.isNaN(human[pairs.second[r]])) rows.push(r);
  return { pairs, human, rows: Int32Array.from(rows) };
}

/**
 * Reliability and sensitivity of a measure set (Amigó et al. 2011, seed003 §3.5), over ordered pairs (s, s′) of
 * distinct assessed outputs of the same segment: R is how often the humans agree when every measure says s is at
 * least as good; S is how often every measure says so when the humans do.
 */
export function reliability(input: OutputScores, options: ReliabilityOptions = {}): ReliabilityResult {
  const { pairs, human, rows } = assessedPairs(input, 'Reliability and sensitivity');
  const metrics = metricSubset(input, options.metrics);
  const condition = options.condition ?? 'at-least';
  const outcome = options.outcome ?? 'at-least';
  const set = pairs.maskOf(metrics);
  let corroborated = 0;
  let improved = 0;
  let both = 0;
  const count = (meets: boolean, agrees: boolean): void => {
    if (meets) corroborated++;
    if (agrees) improved++;
    if (meets && agrees) both++;
  };
  for (const r of rows) {
    const p = pairs.first[r];
    const q = pairs.second[r];
    count(corroborates(pairs, r, set, condition, false), better(human[p], human[q], outcome));
    count(corroborates(pairs, r, set, condition, true), better(human[q], human[p], outcome));
  }
  return {
    kind: 'reliability',
    metrics: metrics.map((x) => input.metrics[x]),
    condition,
    outcome,
    reliability: corroborated > 0 ? both / corroborated : null,
    sensitivity: improved > 0 ? both / improved : null,
    heterogeneity: new HeterogeneityEstimator(pairs, rows).of(set),
    pairs: 2 * rows.length,
    corroborated,
    improved,
    both,
  };
}

function better(a: number, b: number, comparison: Comparison): boolean {
  return comparison === 'greater' ? a > b : a >= b;
}

/** Every metric of `set` says the row's first output (second when `reversed`) is at least as good (or better). */
function corroborates(pairs: OutputPairs, r: number, set: Uint32Array, comparison: Comparison, reversed: boolean): boolean {
  const base = r * pairs.words;
  const up = reversed ? pairs.less : pairs.greater;
  const down = reversed ? pairs.greater : pairs.less;
  for (let w = 0; w < pairs.words; w++) {
    if (comparison === 'at-least' ? (down[base + w] & set[w]) !== 0 : (up[base + w] & set[w]) !== set[w]) return false;
  }
  return true;
}

export interface SubsetRow {
  readonly metrics: readonly string[];
  readonly size: number;
  readonly heterogeneity: number;
  readonly reliability: number | null;
  readonly sensitivity: number | null;
}

export interface SubsetTableResult {
  readonly kind: 'heterogeneity-subsets';
  readonly metrics: readonly string[];
  readonly condition: Comparison;
  readonly outcome: Comparison;
  readonly pairs: number;
  /** Every non-empty subset, in order of their bit sets (metric i = bit i). */
  readonly subsets: readonly SubsetRow[];
}

/** Subsets are tabulated up to this many metrics (65,535 subsets). */
export const MAX_TABULATED_METRICS = 16;

/**
 * H, R and S of every non-empty subset of up to 16 metrics (for P11's plots: heterogeneity against reliability of
 * subsets, the additive-reliability histogram R({x, x′}) − max(R(x), R(x′))). Each ordered pair is histogrammed by
 * the metrics that prefer its second output (for ≥: the subset corroborates when it avoids them all, a sum over
 * subsets of the complement) or its first (for >: the subset must lie within them, a sum over supersets).
 */
export function subsetTable(input: OutputScores, options: ReliabilityOptions = {}): SubsetTableResult {
  const metrics = metricSubset(input, options.metrics);
  if (metrics.length > MAX_TABULATED_METRICS) {
    throw new UnderstudyError('bad-option', `A table of every subset is limited to ${MAX_TABULATED_METRICS} metrics (${metrics.length} given): choose fewer.`);
  }
  const selected = selectMetrics(input, metrics);
  const { pairs, human, rows } = assessedPairs(selected, 'Reliability and sensitivity');
  const condition = options.condition ?? 'at-least';
  const outcome = options.outcome ?? 'at-least';
  const size = 1 << metrics.length;
  const corroborated = new Float64Array(size);
  const both = new Float64Array(size);
  let improved = 0;
  const add = (against: number, favour: number, agrees: boolean): void => {
    const key = condition === 'at-least' ? against : favour;
    corroborated[key]++;
    if (agrees) {
      both[key]++;
      improved++;
    }
  };
  for (const r of rows) {
    const p = pairs.first[r];
    const q = pairs.second[r];
    add(pairs.less[r], pairs.greater[r], better(human[p], human[q], outcome));
    add(pairs.greater[r], pairs.less[r], better(human[q], human[p], outcome));
  }
  const full = size - 1;
  if (condition === 'at-least') {
    subsetSums(corroborated);
    subsetSums(both);
  } else {
    supersetSumsFloat(corroborated);
    supersetSumsFloat(both);
  }
  const at = (x: number): number => (condition === 'at-least' ? full & ~x : x);
  const estimator = new HeterogeneityEstimator(pairs, rows);
  const subsets: SubsetRow[] = [];
  const mask = new Uint32Array(1);
  for (let x = 1; x < size; x++) {
    const names: string[] = [];
    for (let b = 0; b < metrics.length; b++) if (x & (1 << b)) names.push(input.metrics[metrics[b]]);
    mask[0] = x;
    const c = corroborated[at(x)];
    const k = both[at(x)];
    subsets.push({ metrics: names, size: names.length, heterogeneity: estimator.of(mask), reliability: c > 0 ? k / c : null, sensitivity: improved > 0 ? k / improved : null });
  }
  return { kind: 'heterogeneity-subsets', metrics: metrics.map((x) => input.metrics[x]), condition, outcome, pairs: 2 * rows.length, subsets };
}

function supersetSumsFloat(f: Float64Array): void {
  const size = f.length;
  for (let bit = 1; bit < size; bit <<= 1) {
    for (let base = 0; base < size; base += bit << 1) {
      for (let j = base; j < base + bit; j++) f[j] += f[j + bit];
    }
  }
}

/** The input restricted to some metrics (in the order given). */
export function selectMetrics(input: OutputScores, metrics: readonly number[]): OutputScores {
  const k = input.metrics.length;
  const items = input.systems.length * input.segments;
  const scores = new Float64Array(items * metrics.length);
  for (let item = 0; item < items; item++) metrics.forEach((x, j) => (scores[item * metrics.length + j] = input.scores[item * k + x]));
  return {
    ...input,
    metrics: metrics.map((x) => input.metrics[x]),
    scores,
    higherIsBetter: input.higherIsBetter ? metrics.map((x) => input.higherIsBetter![x]) : undefined,
  };
}

export interface ThresholdPoint {
  readonly threshold: number;
  /** R_th(x) = P(Q(s) ≥ Q(s′) | x(s) − x(s′) ≥ th). */
  readonly reliability: number;
  /** S_th(x) = P(x(s) − x(s′) ≥ th | Q(s) ≥ Q(s′)). */
  readonly sensitivity: number;
  readonly pairs: number;
}

/** One metric's ordered assessed pairs sorted by score difference (oriented), with the human outcome of each. */
function thresholdSweep(input: OutputScores, metric: number, outcome: Comparison): { points: ThresholdPoint[]; improved: number } {
  const human = requireHuman(input, 'A threshold sweep');
  const k = input.metrics.length;
  const sign = input.higherIsBetter?.[metric] === false ? -1 : 1;
  const pairs = new OutputPairs(input);
  const differences: { d: number; agrees: boolean }[] = [];
  for (let r = 0; r < pairs.count; r++) {
    const p = pairs.first[r];
    const q = pairs.second[r];
    if (Number.isNaN(human[p]) || Number.isNaN(human[q])) continue;
    const d = sign * (input.scores[p * k + metric] - input.scores[q * k + metric]);
    differences.push({ d, agrees: better(human[p], human[q], outcome) }, { d: d === 0 ? 0 : -d, agrees: better(human[q], human[p], outcome) });
  }
  differences.sort((a, b) => b.d - a.d);
  const improved = differences.filter((e) => e.agrees).length;
  const points: ThresholdPoint[] = [];
  let agree = 0;
  for (let i = 0; i < differences.length; i++) {
    if (differences[i].agrees) agree++;
    // A threshold at each distinct difference: every pair with d ≥ th counts.
    if (i + 1 === differences.length || differences[i + 1].d !== differences[i].d) {
      points.push({ threshold: differences[i].d, reliability: agree / (i + 1), sensitivity: improved > 0 ? agree / improved : 0, pairs: i + 1 });
    }
  }
  return { points, improved };
}

export interface ThresholdCurveResult {
  readonly kind: 'threshold-curve';
  readonly metric: string;
  readonly outcome: Comparison;
  /** From the highest threshold to the lowest (at most `maxPoints`, evenly spaced over the distinct differences). */
  readonly points: readonly ThresholdPoint[];
}

/** R_th and S_th of one metric as its threshold sweeps over the score differences (P11 §4). */
export function thresholdCurve(input: OutputScores, metric: string, options: { readonly outcome?: Comparison; readonly maxPoints?: number } = {}): ThresholdCurveResult {
  const [x] = metricSubset(input, [metric]);
  const outcome = options.outcome ?? 'at-least';
  const { points } = thresholdSweep(input, x, outcome);
  const maxPoints = Math.max(2, options.maxPoints ?? 200);
  const kept =
    points.length <= maxPoints ? points : Array.from({ length: maxPoints }, (_, i) => points[Math.round((i * (points.length - 1)) / (maxPoints - 1))]);
  return { kind: 'threshold-curve', metric, outcome, points: kept };
}

export interface ReliabilityGainResult {
  readonly kind: 'reliability-gain';
  readonly metrics: readonly string[];
  readonly reliability: number | null;
  readonly sensitivity: number | null;
  /** The single metric of X with the best R_th at a sensitivity S_th ≥ S(X) (its highest such threshold). */
  readonly best: { readonly metric: string; readonly threshold: number; readonly reliability: number; readonly sensitivity: number } | null;
  /** R(X) − R_th(best); null when either is undefined. */
  readonly gain: number | null;
}

/**
 * Reliability gain (P11 §4): R(X) − max over x ∈ X of R_th(x) at equal sensitivity. Exact equality of S_th(x) and
 * S(X) is rare on real data; each metric's threshold is set to the highest one whose sensitivity still reaches
 * S(X) — the most reliable threshold that detects at least as many improvements as the set — and ties between
 * metrics go to the higher reliability, as the paper says.
 */
export function reliabilityGain(input: OutputScores, options: ReliabilityOptions = {}): ReliabilityGainResult {
  const set = reliability(input, options);
  const metrics = metricSubset(input, options.metrics);
  let best: ReliabilityGainResult['best'] = null;
  if (set.sensitivity !== null) {
    for (const x of metrics) {
      const { points } = thresholdSweep(input, x, set.outcome);
      const point = points.find((p) => p.sensitivity >= set.sensitivity!);
      if (point && (best === null || point.reliability > best.reliability)) {
        best = { metric: input.metrics[x], threshold: point.threshold, reliability: point.reliability, sensitivity: point.sensitivity };
      }
    }
  }
  return {
    kind: 'reliability-gain',
    metrics: set.metrics,
    reliability: set.reliability,
    sensitivity: set.sensitivity,
    best,
    gain: set.reliability !== null && best !== null ? set.reliability - best.reliability : null,
  };
}
