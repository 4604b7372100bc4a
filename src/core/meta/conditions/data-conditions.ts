import { ResamplingControl, DEFAULT_SEED, poll } from '../../significance/resampling-input';
import { seededRandom } from '../../significance/pcg64';
import { UNDERSTUDY_VERSION } from '../../version';
import { CorrelationName, correlate, correlationStatistic } from '../stats/correlation-functions';
import { Statistic, statistic } from '../json-number';
import { ConditionData, ConditionMetric, checkConditionData } from './condition-data';
import { DistributionSummary, summarizeDistribution } from './distribution-summary';
import { AnovaResult, oneWayAnova } from './one-way-anova';
import { bootstrapCounts, drawWithoutReplacement, sortPrefix } from './random-subsets';
import { PairwiseCorrection, staircase } from './staircase-marks';
import { CriticalT, pairDecisions, pairShares } from './system-pairs';
import { SubsetRowCache } from './subset-row-cache';

/** What shrinks: the references (models) per item, or the items (documents, topics, segments) averaged over. */
export type ConditionAxis = 'references' | 'items';

export interface DataConditionOptions extends ResamplingControl {
  readonly axis: ConditionAxis;
  /**
   * Sizes to sample (number of references per item, or of items). Default: every size 1..K for references (K = the
   * fewest references an item has); for items seed 002's pattern 1, 3, 6, 12, 24, … below ¾N, then ¾N, 13/16·N,
   * 7/8·N, 15/16·N (for N = 48 exactly the paper's 1, 3, 6, 12, 24, 36, 39, 42, 45). The full size is always the
   * "actual" row (one possible sample) and, with `bootstrap`, the "bootstrap" row.
   */
  readonly sizes?: readonly number[];
  /** Random subsets per size (default 1000, as seed 002). */
  readonly repetitions?: number;
  /** Seed of the NumPy-compatible PCG64 generator (default 12345). */
  readonly seed?: number | bigint;
  /** Default 'pearson' (seed 002 does not name its coefficient; seed 004 and NIST practice use Pearson). */
  readonly correlation?: CorrelationName;
  /** Coverage of the percentile band (default 0.95: 2.5th–97.5th percentiles). */
  readonly level?: number;
  /**
   * Items axis: what the metric is correlated with — 'full' (default, seed 002: the human score over all items) or
   * 'same-items' (the human score over the sampled items too; needs human item scores).
   */
  readonly humanTarget?: 'full' | 'same-items';
  /**
   * The full-size bootstrap row (default true, seed 002's "(bootstr)"): items resampled with replacement, metric and
   * human system means recomputed on the resample (the human stays at its full-data value without item scores).
   */
  readonly bootstrap?: boolean;
  /** Paired tests between every pair of systems on each subset (default true). */
  readonly pairs?: boolean;
  /** Level of those tests (default 0.05). */
  readonly pairAlpha?: number;
  /** Correction of the Welch tests between sizes behind the staircase marks (default 'bonferroni'). */
  readonly pairwiseCorrection?: PairwiseCorrection;
  /** Level of the tests between sizes and between metrics (default 0.05). */
  readonly alpha?: number;
  /** Keep every repetition's correlation in the result (default false; for export and re-testing elsewhere). */
  readonly keepSamples?: boolean;
  /** References axis: memory for one metric's rows of already-seen reference subsets at one size (default 64 MiB). */
  readonly cacheBytes?: number;
}

export interface BandJson {
  readonly count: number;
  readonly undefinedCount: number;
  readonly mean: Statistic;
  readonly sd: Statistic;
  readonly median: Statistic;
  readonly lower: Statistic;
  readonly upper: Statistic;
  readonly min: Statistic;
  readonly max: Statistic;
}

export interface AnovaJson {
  readonly f: Statistic;
  readonly pvalue: Statistic;
  readonly dfBetween: number;
  readonly dfWithin: number;
}

/** One row of a curve: a size with the spread of its correlations. */
export interface CurvePoint {
  readonly size: number;
  readonly kind: 'sampled' | 'actual' | 'bootstrap';
  /** As seed 002 prints rows: '3', '100 (actual)', '100 (bootstr)'. */
  readonly label: string;
  readonly repetitions: number;
  readonly correlation: BandJson;
  /** Two-sided p-value of the actual correlation; null on other rows. */
  readonly pvalue: Statistic;
  /** Seed 002's marks: rows of this column sharing a symbol are not significantly different ('' for the actual row). */
  readonly marks: string;
  /** Share of system pairs significantly different (paired t over the items); null when not computed. */
  readonly significantPairs: BandJson | null;
  /** Share of system pairs whose decision (better / worse / no difference) equals the full data's. */
  readonly agreeingPairs: BandJson | null;
  /** Every repetition's correlation, with `keepSamples`. */
  readonly values?: readonly Statistic[];
}

export interface SizeComparison {
  readonly first: string;
  readonly second: string;
  readonly difference: Statistic;
  readonly pvalue: Statistic;
  readonly adjusted: Statistic;
  readonly significant: boolean;
}

export interface MetricCurve {
  readonly metric: string;
  readonly signature: string | null;
  /** How reference subsets were scored ('combined' / 'enumerated'); null on the items axis. */
  readonly referenceMode: 'combined' | 'enumerated' | null;
  readonly points: readonly CurvePoint[];
  /** One-way ANOVA across the sampled rows and the bootstrap row (seed 002: "whether the correlation means differ"). */
  readonly anova: AnovaJson;
  /** Welch tests between the rows (the marks' evidence). */
  readonly comparisons: readonly SizeComparison[];
}

/** ANOVA across the metrics within one row (seed 002's "values in each row are significantly different"). */
export interface RowTest {
  readonly label: string;
  readonly anova: AnovaJson;
}

/** Shares of significantly different system pairs under the human scores, on the same item subsets. */
export interface HumanPairsPoint {
  readonly size: number;
  readonly label: string;
  readonly significantPairs: BandJson;
  readonly agreeingPairs: BandJson;
}

export interface DataConditionResult {
  readonly kind: 'understudy.data-conditions';
  readonly version: 1;
  readonly axis: ConditionAxis;
  readonly systems: readonly string[];
  readonly items: number;
  /** Reference streams (references axis); null on the items axis. */
  readonly references: number | null;
  readonly human: { readonly name: string; readonly target: 'full' | 'same-items' };
  readonly options: {
    readonly sizes: readonly number[];
    readonly fullSize: number;
    readonly repetitions: number;
    readonly seed: string;
    readonly correlation: CorrelationName;
    readonly level: number;
    readonly bootstrap: boolean;
    readonly pairs: boolean;
    readonly pairAlpha: number;
    readonly pairwiseCorrection: PairwiseCorrection;
    readonly alpha: number;
  };
  readonly metrics: readonly MetricCurve[];
  readonly rows: readonly RowTest[];
  /** Items axis with human item scores: the same pair analysis on the human scores; otherwise null. */
  readonly humanPairs: readonly HumanPairsPoint[] | null;
  /** What the user should know about how the numbers were made (defaults taken, data limits). */
  readonly notes: readonly string[];
  readonly signature: string;
}

/** Item scores held at once by the references axis (2M values: 16 MB), which sets how many repetitions form a block. */
const SCORE_BLOCK_VALUES = 2 * 1024 * 1024;

/** Seed 002's item sizes for N items (see `DataConditionOptions.sizes`), without N itself. */
export function defaultItemSizes(items: number): number[] {
  const sizes = new Set<number>();
  const threeQuarters = Math.round(0.75 * items);
  for (let n = 1, next = 3; n < threeQuarters; n = next, next *= 2) sizes.add(n);
  for (const fraction of [0.75, 0.8125, 0.875, 0.9375]) sizes.add(Math.round(fraction * items));
  return [...sizes].filter((n) => n >= 1 && n < items).sort((a, b) => a - b);
}

function band(values: ArrayLike<number>, level: number): BandJson {
  const s: DistributionSummary = summarizeDistribution(values, level);
  return {
    count: s.count, undefinedCount: s.undefinedCount,
    mean: statistic(s.mean), sd: statistic(s.sd), median: statistic(s.median),
    lower: statistic(s.lower), upper: statistic(s.upper), min: statistic(s.min), max: statistic(s.max),
  };
}

function anovaJson(a: AnovaResult): AnovaJson {
  return { f: a.f === Infinity ? null : statistic(a.f), pvalue: statistic(a.pvalue), dfBetween: a.dfBetween, dfWithin: a.dfWithin };
}

/** Accumulates the per-repetition numbers of one row. */
interface RowSamples {
  readonly size: number;
  readonly kind: CurvePoint['kind'];
  readonly label: string;
  /** [metric][repetition] correlations. */
  readonly correlations: Float64Array[];
  readonly significant: Float64Array[] | null;
  readonly agreeing: Float64Array[] | null;
  readonly humanSignificant: Float64Array | null;
  readonly humanAgreeing: Float64Array | null;
  pvalues?: number[];
}

/**
 * Correlation of each metric with the human scores as the references per item or the items shrink (Owczarzak & Dang,
 * seed 002 A.4; the "resampling lab" of seed 000 P5): for each size, `repetitions` random subsets — per item its own
 * k references drawn uniformly, or n items drawn without replacement — and for each subset every metric's system
 * scores (sums of the rows, never a re-scoring), their correlation with the human scores, and optionally the share of
 * system pairs a paired test still separates. All metrics see the same subsets (paired). Then the spread per size,
 * one-way ANOVA across sizes (per metric) and across metrics (per size), and Welch tests between sizes with the
 * paper's staircase marks.
 *
 * Random numbers come from one PCG64 stream (NumPy's for the seed), drawn in this order: sizes ascending,
 * repetitions in order, within a repetition the items (items axis: n draws) or, per item in order, its k references;
 * then the bootstrap's N draws per repetition. The references axis draws a size's subsets before scoring them, then
 * scores one metric at a time, reusing the rows of subsets already seen (subset-row-cache.ts).
 */
export function dataConditions(data: ConditionData, options: DataConditionOptions): DataConditionResult {
  checkConditionData(data);
  const axis = options.axis;
  const S = data.systems.length;
  const N = data.items;
  const repetitions = options.repetitions ?? 1000;
  if (!(Number.isInteger(repetitions) && repetitions >= 2)) throw new RangeError(`Repetitions must be an integer ≥ 2, not ${repetitions}.`);
  const seed = options.seed ?? DEFAULT_SEED;
  const correlation = options.correlation ?? 'pearson';
  const level = options.level ?? 0.95;
  const alpha = options.alpha ?? 0.05;
  const pairAlpha = options.pairAlpha ?? 0.05;
  const withPairs = options.pairs ?? true;
  const withBootstrap = options.bootstrap ?? true;
  const pairwiseCorrection = options.pairwiseCorrection ?? 'bonferroni';
  const humanTarget = options.humanTarget ?? 'full';
  const humanItems = data.human.items;
  const notes: string[] = [];
  if (humanTarget === 'same-items' && (axis !== 'items' || !humanItems)) {
    throw new RangeError("humanTarget 'same-items' needs the items axis and human scores per item.");
  }
  const metrics = data.metrics;
  const M = metrics.length;

  // Sizes and the full size.
  let fullSize: number;
  let present: readonly Int32Array[] = [];
  if (axis === 'references') {
    const missing = metrics.filter((m) => !m.references).map((m) => m.name);
    if (missing.length > 0) {
      throw new RangeError(`Metric(s) ${missing.join(', ')} cannot be scored on subsets of references (no per-reference statistics); leave them out of the references axis.`);
    }
    present = metrics[0].references!.present;
    for (const m of metrics) {
      if (m.references!.present.some((p, i) => p.length !== present[i].length || p.some((r, j) => r !== present[i][j]))) {
        throw new RangeError(`Metric ${m.name} sees different references per item than ${metrics[0].name}.`);
      }
    }
    fullSize = Math.min(...present.map((p) => p.length));
    if (fullSize < 1) throw new RangeError('Some item has no reference: every item needs at least one for the references axis.');
    if (present.some((p) => p.length !== fullSize)) notes.push(`Items have between ${fullSize} and ${Math.max(...present.map((p) => p.length))} references; sizes go up to ${fullSize}, and the actual row uses all of each item's references.`);
  } else {
    fullSize = N;
  }
  const requested = options.sizes ?? (axis === 'references' ? Array.from({ length: fullSize }, (_, k) => k + 1) : defaultItemSizes(N));
  for (const size of requested) {
    if (!(Number.isInteger(size) && size >= 1 && size <= fullSize)) {
      throw new RangeError(`Size ${size} is out of range: ${axis === 'references' ? 'references per item' : 'items'} go from 1 to ${fullSize}.`);
    }
  }
  // The full size has one possible sample: it is the actual row (and the bootstrap row), never sampled.
  const sizes = [...new Set(requested)].filter((n) => n < fullSize).sort((a, b) => a - b);
  const fullLabel = axis === 'references' && present.some((p) => p.length !== fullSize) ? 'all' : String(fullSize);

  // Human vectors.
  const humanSystem = Float64Array.from(data.human.system);
  const humanMean = (weights: (i: number) => number, out: Float64Array): void => {
    for (let s = 0; s < S; s++) {
      let sum = 0;
      let count = 0;
      for (let i = 0; i < N; i++) {
        const w = weights(i);
        const v = humanItems![s * N + i];
        if (w === 0 || v !== v) continue;
        sum += w * v;
        count += w;
      }
      out[s] = count > 0 ? sum / count : NaN;
    }
  };

  // Item scores for the pair tests (items axis: fixed; references axis: recomputed per subset).
  const itemScores = metrics.map((m) => {
    const out = new Float64Array(S * N);
    for (let s = 0; s < S; s++) for (let i = 0; i < N; i++) out[s * N + i] = m.score(m.itemStats, (s * N + i) * m.width, 1);
    return out;
  });
  const pairCount = (S * (S - 1)) / 2;
  const critical = new CriticalT(pairAlpha);
  const fullDecisions = itemScores.map((scores) => {
    const d = new Int8Array(pairCount);
    pairDecisions(scores, S, N, undefined, N, critical, d);
    return d;
  });
  const humanFullDecisions = humanItems ? (() => {
    const d = new Int8Array(pairCount);
    pairDecisions(humanItems, S, N, undefined, N, critical, d);
    return d;
  })() : undefined;

  const random = seededRandom(seed);
  const blocks = Math.ceil(repetitions / Math.max(1, Math.min(repetitions, Math.floor(SCORE_BLOCK_VALUES / (S * N)))));
  const totalSteps = sizes.length * (axis === 'references' ? M * N * blocks : repetitions) + (withBootstrap ? repetitions : 0);
  let step = 0;
  const totals = metrics.map((m) => new Float64Array(S * m.width));
  const systemScores = new Float64Array(S);
  const humanScratch = new Float64Array(S);
  const decisions = new Int8Array(pairCount);
  const itemPool = Int32Array.from({ length: N }, (_, i) => i);
  const referencePools = present.map((p) => Int32Array.from(p));
  const chosen = new Int32Array(Math.max(0, ...present.map((p) => p.length)));

  const correlateSystems = (metricIndex: number, human: Float64Array, items: number): number => {
    const m = metrics[metricIndex];
    const t = totals[metricIndex];
    for (let s = 0; s < S; s++) systemScores[s] = m.score(t, s * m.width, items);
    return correlationStatistic(correlation, systemScores, human);
  };

  const newRow = (size: number, kind: CurvePoint['kind'], label: string, reps: number, pairs: boolean, humanPairs: boolean): RowSamples => ({
    size, kind, label,
    correlations: metrics.map(() => new Float64Array(reps)),
    significant: pairs ? metrics.map(() => new Float64Array(reps)) : null,
    agreeing: pairs ? metrics.map(() => new Float64Array(reps)) : null,
    humanSignificant: humanPairs ? new Float64Array(reps) : null,
    humanAgreeing: humanPairs ? new Float64Array(reps) : null,
  });

  const rows: RowSamples[] = [];
  for (const size of sizes) {
    const sample = newRow(size, 'sampled', String(size), repetitions, withPairs, withPairs && axis === 'items' && !!humanItems);
    if (axis === 'items') {
      for (let rep = 0; rep < repetitions; rep++) {
        for (const t of totals) t.fill(0);
        drawWithoutReplacement(random, itemPool, size);
        for (let mi = 0; mi < M; mi++) {
          const m = metrics[mi];
          const w = m.width;
          const t = totals[mi];
          for (let j = 0; j < size; j++) {
            const i = itemPool[j];
            for (let s = 0; s < S; s++) {
              const from = (s * N + i) * w;
              const to = s * w;
              for (let c = 0; c < w; c++) t[to + c] += m.itemStats[from + c];
            }
          }
        }
        let human = humanSystem;
        if (humanTarget === 'same-items') {
          const inSubset = new Uint8Array(N);
          for (let j = 0; j < size; j++) inSubset[itemPool[j]] = 1;
          humanMean((i) => inSubset[i], humanScratch);
          human = humanScratch;
        }
        for (let mi = 0; mi < M; mi++) {
          sample.correlations[mi][rep] = correlateSystems(mi, human, size);
          if (sample.significant) {
            pairDecisions(itemScores[mi], S, N, itemPool, size, critical, decisions);
            const shares = pairShares(decisions, fullDecisions[mi]);
            sample.significant[mi][rep] = shares.significant;
            sample.agreeing![mi][rep] = shares.agreeing;
          }
        }
        if (sample.humanSignificant && humanItems && humanFullDecisions) {
          pairDecisions(humanItems, S, N, itemPool, size, critical, decisions);
          const shares = pairShares(decisions, humanFullDecisions);
          sample.humanSignificant[rep] = shares.significant;
          sample.humanAgreeing![rep] = shares.agreeing;
        }
        poll(options, ++step, totalSteps);
      }
    } else {
      // Draw every repetition's subsets first (the same for all metrics), then one metric at a time, so that one
      // metric's cache of subset rows is alive at a time.
      const draws = new Int32Array(repetitions * N * size);
      for (let rep = 0; rep < repetitions; rep++) {
        for (let i = 0; i < N; i++) {
          const pool = referencePools[i];
          drawWithoutReplacement(random, pool, size);
          const at = (rep * N + i) * size;
          for (let j = 0; j < size; j++) draws[at + j] = pool[j];
          sortPrefix(draws.subarray(at, at + size), size);
        }
      }
      // Item-major within blocks of repetitions: all repetitions of one item in turn, so that the item's cache of
      // subset rows stays small and hot; the block's system totals and item scores are laid out per repetition and
      // read repetition by repetition afterwards (correlations, pair tests).
      const block = Math.max(1, Math.min(repetitions, Math.floor(SCORE_BLOCK_VALUES / (S * N))));
      for (let mi = 0; mi < M; mi++) {
        const m = metrics[mi];
        const w = m.width;
        const repTotals = new Float64Array(block * S * w);
        const repScores = withPairs ? new Float64Array(block * S * N) : undefined;
        for (let first = 0; first < repetitions; first += block) {
          const last = Math.min(first + block, repetitions);
          repTotals.fill(0);
          const cache = new SubsetRowCache(m, S, m.references!.references, size, options.cacheBytes);
          for (let i = 0; i < N; i++) {
            for (let rep = first; rep < last; rep++) {
              const at = (rep * N + i) * size;
              for (let j = 0; j < size; j++) chosen[j] = draws[at + j];
              const offset = cache.lookup(i, chosen);
              const cached = cache.rowsOut();
              const to = (rep - first) * S * w;
              for (let c = 0; c < S * w; c++) repTotals[to + c] += cached[offset + c];
              if (repScores) {
                const scores = cache.scoresOut();
                const from = offset / w;
                const base = (rep - first) * S * N + i;
                for (let s = 0; s < S; s++) repScores[base + s * N] = scores[from + s];
              }
            }
            poll(options, ++step, totalSteps);
          }
          for (let rep = first; rep < last; rep++) {
            for (let s = 0; s < S; s++) systemScores[s] = m.score(repTotals, ((rep - first) * S + s) * w, N);
            sample.correlations[mi][rep] = correlationStatistic(correlation, systemScores, humanSystem);
            if (repScores && sample.significant) {
              pairDecisions(repScores.subarray((rep - first) * S * N, (rep - first + 1) * S * N), S, N, undefined, N, critical, decisions);
              const shares = pairShares(decisions, fullDecisions[mi]);
              sample.significant[mi][rep] = shares.significant;
              sample.agreeing![mi][rep] = shares.agreeing;
            }
          }
        }
      }
    }
    rows.push(sample);
  }

  // The actual row: all items, all references.
  const actual = newRow(fullSize, 'actual', `${fullLabel} (actual)`, 1, withPairs, withPairs && axis === 'items' && !!humanItems);
  actual.pvalues = [];
  for (let mi = 0; mi < M; mi++) {
    const m = metrics[mi];
    const t = totals[mi];
    t.fill(0);
    for (let s = 0; s < S; s++) {
      for (let i = 0; i < N; i++) {
        const from = (s * N + i) * m.width;
        for (let c = 0; c < m.width; c++) t[s * m.width + c] += m.itemStats[from + c];
      }
      systemScores[s] = m.score(t, s * m.width, N);
    }
    const full = correlate(correlation, systemScores, humanSystem);
    actual.correlations[mi][0] = full.statistic;
    actual.pvalues.push(full.pvalue);
    if (actual.significant) {
      actual.significant[mi][0] = pairShares(fullDecisions[mi], fullDecisions[mi]).significant;
      actual.agreeing![mi][0] = 1;
    }
  }
  if (actual.humanSignificant && humanFullDecisions) {
    actual.humanSignificant[0] = pairShares(humanFullDecisions, humanFullDecisions).significant;
    actual.humanAgreeing![0] = 1;
  }

  let bootstrapRow: RowSamples | undefined;
  if (withBootstrap) {
    bootstrapRow = newRow(fullSize, 'bootstrap', `${fullLabel} (bootstr)`, repetitions, false, false);
    if (!humanItems) notes.push('Without human scores per item, the bootstrap row resamples the metric only; the human system scores stay at their full-data values.');
    const counts = new Float64Array(N);
    for (let rep = 0; rep < repetitions; rep++) {
      bootstrapCounts(random, counts);
      let human = humanSystem;
      if (humanItems) {
        humanMean((i) => counts[i], humanScratch);
        human = humanScratch;
      }
      for (let mi = 0; mi < M; mi++) {
        const m = metrics[mi];
        const w = m.width;
        const t = totals[mi];
        t.fill(0);
        for (let i = 0; i < N; i++) {
          const k = counts[i];
          if (k === 0) continue;
          for (let s = 0; s < S; s++) {
            const from = (s * N + i) * w;
            for (let c = 0; c < w; c++) t[s * w + c] += k * m.itemStats[from + c];
          }
        }
        bootstrapRow.correlations[mi][rep] = correlateSystems(mi, human, N);
      }
      poll(options, ++step, totalSteps);
    }
  }
  options.onProgress?.(totalSteps, totalSteps);

  // Tests: per metric across the rows (sampled + bootstrap, as seed 002), per row across the metrics.
  const tested = bootstrapRow ? [...rows, bootstrapRow] : [...rows, actual];
  const curves: MetricCurve[] = metrics.map((m: ConditionMetric, mi) => {
    const columns = tested.map((r) => r.correlations[mi]);
    const stairs = staircase(columns, { alpha, correction: pairwiseCorrection });
    const markOf = new Map(tested.map((r, k) => [r, stairs.marks[k]]));
    const ordered = bootstrapRow ? [...rows, bootstrapRow, actual] : [...rows, actual];
    const points: CurvePoint[] = ordered.map((r) => ({
      size: r.size,
      kind: r.kind,
      label: r.label,
      repetitions: r.correlations[mi].length,
      correlation: band(r.correlations[mi], level),
      pvalue: r.pvalues ? statistic(r.pvalues[mi]) : null,
      marks: markOf.get(r) ?? '',
      significantPairs: r.significant ? band(r.significant[mi], level) : null,
      agreeingPairs: r.agreeing ? band(r.agreeing[mi], level) : null,
      ...(options.keepSamples ? { values: Array.from(r.correlations[mi], statistic) } : {}),
    }));
    return {
      metric: m.name,
      signature: m.signature ?? null,
      referenceMode: axis === 'references' ? m.references!.mode : null,
      points,
      anova: anovaJson(oneWayAnova(columns)),
      comparisons: stairs.comparisons.map((c) => ({
        first: tested[c.first].label, second: tested[c.second].label,
        difference: statistic(c.difference), pvalue: statistic(c.pvalue), adjusted: statistic(c.adjusted), significant: c.significant,
      })),
    };
  });
  const rowTests: RowTest[] = tested.filter((r) => r.kind !== 'actual').map((r) => ({ label: r.label, anova: anovaJson(oneWayAnova(r.correlations)) }));
  const humanPairs: HumanPairsPoint[] | null = axis === 'items' && withPairs && humanItems
    ? [...rows, actual].map((r) => ({ size: r.size, label: r.label, significantPairs: band(r.humanSignificant!, level), agreeingPairs: band(r.humanAgreeing!, level) }))
    : null;
  if (options.sizes === undefined && axis === 'items') notes.push(`Sizes follow seed 002's pattern (1, 3, 6, 12, 24, … then ¾, 13/16, 7/8 and 15/16 of the ${N} items).`);
  if (options.correlation === undefined) notes.push('Pearson correlation by default: seed 002 does not name its coefficient (seed 004 and NIST practice use Pearson).');
  notes.push(`Rows are compared by Welch t-tests with ${pairwiseCorrection} correction (seed 002 does not name its test); with many repetitions even small differences become significant, so read the differences and bands too.`);

  const signature = [
    `conditions:${axis}`,
    `sizes:${sizes.join(',')}`,
    `full:${fullLabel}`,
    `reps:${repetitions}`,
    `seed:${seed}`,
    `corr:${correlation}`,
    `human:${humanTarget}`,
    `boot:${withBootstrap ? 'items' : 'no'}`,
    `pairs:${withPairs ? `paired-t@${pairAlpha}` : 'no'}`,
    `rows:welch-${pairwiseCorrection}@${alpha}`,
    `version:${UNDERSTUDY_VERSION}`,
  ].join('|');

  return {
    kind: 'understudy.data-conditions',
    version: 1,
    axis,
    systems: [...data.systems],
    items: N,
    references: axis === 'references' ? metrics[0].references!.references : null,
    human: { name: data.human.name, target: humanTarget },
    options: {
      sizes, fullSize, repetitions, seed: String(seed), correlation, level, bootstrap: withBootstrap, pairs: withPairs,
      pairAlpha, pairwiseCorrection, alpha,
    },
    metrics: curves,
    rows: rowTests,
    humanPairs,
    notes,
    signature,
  };
}
