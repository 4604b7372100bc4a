import { UnderstudyError } from '../../errors';
import { DEFAULT_SEED } from '../../significance/resampling-input';
import { HeterogeneityEstimator, HeterogeneityOptions } from './heterogeneity';
import { OutputPairs } from './output-pairs';
import { OutputScores, metricSubset, rankSystems, requireHuman } from './output-scores';

export interface HbrOptions extends HeterogeneityOptions {
  /** The measure set X (default: every metric of the input). */
  readonly metrics?: readonly string[];
}

export interface HbrSystem {
  readonly system: string;
  /** Mean HBR of the system's outputs; null when none is defined. */
  readonly hbr: number | null;
  readonly rank: number;
  readonly segments: number;
}

export interface HbrResult {
  readonly kind: 'hbr';
  readonly metrics: readonly string[];
  /** Pairs H was estimated on; the sample size and seed when sampled (null: every pair). */
  readonly estimationPairs: number;
  readonly samplePairs: number | null;
  readonly seed: number | null;
  /** HBR of each output, items s·segments + i; null where the output is missing or alone in its segment. */
  readonly items: readonly (number | null)[];
  /** Systems by mean HBR, best first (systems without any defined value last). */
  readonly systems: readonly HbrSystem[];
}

/**
 * Heterogeneity-based ranking (Amigó et al. 2012, seed003 §3.6): HBR_X(s) = Avg_{s′} H({x ∈ X | x(s) ≥ x(s′)}) over
 * the other outputs s′ of the same segment — an output is as good as the heterogeneity of the metrics that
 * corroborate it against each competitor. A single corroborating metric, or none, counts 0 (it contradicts nothing).
 * Scale-invariant, unchanged by repeating a metric, and robust to a random one.
 */
export function hbr(input: OutputScores, options: HbrOptions = {}): HbrResult {
  const pairs = new OutputPairs(input);
  const metrics = metricSubset(input, options.metrics);
  const seed = options.seed ?? DEFAULT_SEED;
  const rows = pairs.sample(options.samplePairs, seed);
  const estimator = new HeterogeneityEstimator(pairs, rows);
  const set = pairs.maskOf(metrics);
  const items = input.systems.length * input.segments;
  const sums = new Float64Array(items);
  const counts = new Int32Array(items);
  const corroborating = new Uint32Array(pairs.words);
  for (let r = 0; r < pairs.count; r++) {
    const base = r * pairs.words;
    for (let w = 0; w < pairs.words; w++) corroborating[w] = set[w] & ~pairs.less[base + w];
    sums[pairs.first[r]] += estimator.of(corroborating);
    for (let w = 0; w < pairs.words; w++) corroborating[w] = set[w] & ~pairs.greater[base + w];
    sums[pairs.second[r]] += estimator.of(corroborating);
    counts[pairs.first[r]]++;
    counts[pairs.second[r]]++;
  }
  const values = Float64Array.from(sums, (v, item) => (counts[item] > 0 ? v / counts[item] : NaN));
  const sampled = rows.length < pairs.count;
  return {
    kind: 'hbr',
    metrics: metrics.map((x) => input.metrics[x]),
    estimationPairs: rows.length,
    samplePairs: sampled ? rows.length : null,
    seed: sampled ? seed : null,
    items: Array.from(values, (v) => (Number.isNaN(v) ? null : v)),
    systems: rankSystems(input, values).map((s) => ({ system: s.system, hbr: s.value, rank: s.rank, segments: s.segments })),
  };
}

export interface PrincipleBin {
  /** Mean H of the corroborating metric sets of the bin's pairs. */
  readonly heterogeneity: number;
  /** P(Q(s) ≥ Q(s′)) among them. */
  readonly probability: number;
  readonly pairs: number;
}

export interface HeterogeneityPrincipleResult {
  readonly kind: 'heterogeneity-principle';
  readonly metrics: readonly string[];
  readonly pairs: number;
  readonly bins: readonly PrincipleBin[];
}

/**
 * The heterogeneity principle checked on data (P13 §5.1, Fig. 1): for every ordered pair of assessed outputs of a
 * segment, H of the metrics with x(s) ≥ x(s′) against whether humans agree (Q(s) ≥ Q(s′)); the pairs sorted by H
 * and cut into `bins` bins of equal size (the paper: 100), each giving its mean H and the humans' agreement rate.
 */
export function heterogeneityPrinciple(input: OutputScores, options: HbrOptions & { readonly bins?: number } = {}): HeterogeneityPrincipleResult {
  const human = requireHuman(input, 'The heterogeneity principle');
  const bins = options.bins ?? 100;
  if (!Number.isInteger(bins) || bins < 1) throw new UnderstudyError('bad-option', `The number of bins must be a positive integer (got ${bins}).`);
  const pairs = new OutputPairs(input);
  const metrics = metricSubset(input, options.metrics);
  const estimator = new HeterogeneityEstimator(pairs, pairs.sample(options.samplePairs, options.seed ?? DEFAULT_SEED));
  const set = pairs.maskOf(metrics);
  const points: { h: number; agree: number }[] = [];
  const corroborating = new Uint32Array(pairs.words);
  for (let r = 0; r < pairs.count; r++) {
    const p = pairs.first[r];
    const q = pairs.second[r];
    if (Number.isNaN(human[p]) || Number.isNaN(human[q])) continue;
    const base = r * pairs.words;
    for (let w = 0; w < pairs.words; w++) corroborating[w] = set[w] & ~pairs.less[base + w];
    points.push({ h: estimator.of(corroborating), agree: human[p] >= human[q] ? 1 : 0 });
    for (let w = 0; w < pairs.words; w++) corroborating[w] = set[w] & ~pairs.greater[base + w];
    points.push({ h: estimator.of(corroborating), agree: human[q] >= human[p] ? 1 : 0 });
  }
  points.sort((a, b) => a.h - b.h);
  const out: PrincipleBin[] = [];
  const count = Math.min(bins, points.length);
  for (let b = 0; b < count; b++) {
    const start = Math.floor((b * points.length) / count);
    const end = Math.floor(((b + 1) * points.length) / count);
    let h = 0;
    let agree = 0;
    for (let i = start; i < end; i++) {
      h += points[i].h;
      agree += points[i].agree;
    }
    out.push({ heterogeneity: h / (end - start), probability: agree / (end - start), pairs: end - start });
  }
  return { kind: 'heterogeneity-principle', metrics: metrics.map((x) => input.metrics[x]), pairs: points.length, bins: out };
}
