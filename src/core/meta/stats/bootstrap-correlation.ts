import { lowerPercentileIndex } from '../../significance/bootstrap-summary';
import { RandomSource, seededRandom } from '../../significance/pcg64';
import { uniformBelow } from '../../significance/uniform-integers';
import { CorrelationName, CorrelationOptions, correlationStatistic } from './correlation-functions';

/** What a bootstrap sample redraws, with replacement: the items (segments/documents), the systems, or both. */
export type BootstrapUnit = 'items' | 'systems' | 'both';

export interface BootstrapOptions {
  /** Number of bootstrap samples (default 1000). */
  readonly samples?: number;
  /** Seed of the NumPy-compatible PCG64 generator (default 12345). */
  readonly seed?: number | bigint;
  /** Coverage of the percentile interval (default 0.95). */
  readonly level?: number;
  /** Default 'items'. */
  readonly resample?: BootstrapUnit;
}

export interface BootstrapInterval {
  /** The statistic on the data as given. */
  readonly statistic: number;
  /** Percentile interval: the k-th smallest and k-th largest of the defined resampled values, k = ⌊m(1 − level)/2⌋. */
  readonly lower: number;
  readonly upper: number;
  readonly level: number;
  readonly samples: number;
  /** Samples whose statistic was defined (a resample can be constant, giving NaN); the interval uses only these. */
  readonly definedSamples: number;
  readonly seed: number | bigint;
}

/** One bootstrap draw: how many times each item and each system was drawn (all 1 for the original data). */
export interface BootstrapDraw {
  /** Multiplicity of each item. */
  readonly itemCounts: Float64Array;
  /** The drawn systems, in draw order (0..systems−1 for the original data). */
  readonly systemDraws: Int32Array;
}

export function checkedSamples(samples: number): number {
  if (!(Number.isInteger(samples) && samples >= 1)) throw new RangeError(`Bootstrap samples must be a positive integer, not ${samples}.`);
  return samples;
}

/**
 * Generic seeded bootstrap: `statistic` is evaluated on the original data (every item once, systems 0..S−1) and on
 * `samples` redraws. Each draw first redraws the items (`items` uniform integers in [0, items), NumPy's
 * `Generator.integers`/`choice` stream for the seed) when items are resampled, then the systems likewise.
 */
export function bootstrapInterval(statistic: (draw: BootstrapDraw) => number, systems: number, items: number, options: BootstrapOptions = {}): BootstrapInterval {
  const samples = checkedSamples(options.samples ?? 1000);
  const level = options.level ?? 0.95;
  const seed = options.seed ?? 12345;
  const unit = options.resample ?? 'items';
  const random = seededRandom(seed);
  const itemCounts = new Float64Array(items).fill(1);
  const systemDraws = Int32Array.from({ length: systems }, (_, s) => s);
  const original = statistic({ itemCounts, systemDraws });
  const values = new Float64Array(samples);
  let defined = 0;
  for (let b = 0; b < samples; b++) {
    redraw(random, unit, itemCounts, systemDraws);
    const value = statistic({ itemCounts, systemDraws });
    if (!Number.isNaN(value)) values[defined++] = value;
  }
  return { statistic: original, ...percentiles(values.subarray(0, defined), level), level, samples, definedSamples: defined, seed };
}

/** One draw in place: item multiplicities (unless only systems are resampled), then the systems drawn. */
export function redraw(random: RandomSource, unit: BootstrapUnit, itemCounts: Float64Array, systemDraws: Int32Array): void {
  if (unit !== 'systems') {
    itemCounts.fill(0);
    const items = itemCounts.length;
    for (let j = 0; j < items; j++) itemCounts[uniformBelow(random, items)]++;
  }
  if (unit !== 'items') {
    const systems = systemDraws.length;
    for (let k = 0; k < systems; k++) systemDraws[k] = uniformBelow(random, systems);
  }
}

/** Percentile bounds of the defined resampled values (k-th smallest and k-th largest, k = ⌊m(1 − level)/2⌋). */
export function percentiles(values: Float64Array, level: number): { lower: number; upper: number } {
  const m = values.length;
  if (m === 0) return { lower: NaN, upper: NaN };
  const sorted = Float64Array.from(values).sort();
  const k = lowerPercentileIndex(m, level);
  return { lower: sorted[k], upper: sorted[m - 1 - k] };
}

/** A systems × items table of scores, row-major (value of system s on item i at s·items + i); NaN = missing. */
export interface ScoreMatrix {
  readonly systems: number;
  readonly items: number;
  readonly values: Float64Array;
}

/**
 * Bootstrap intervals of system-level correlations: each system's score is the mean of its available item scores
 * (weighted by how often each item was drawn), for the human scores and every metric; the correlations are then taken
 * over the drawn systems with a defined human and metric mean. All metrics and correlations share the same draws, so
 * their intervals are paired. Returns `[metric][correlation]`.
 *
 * This suits metrics whose system score is the mean of segment scores (and the human DA means); corpus-level
 * metrics such as BLEU must be re-scored from sufficient statistics per draw (use `bootstrapInterval`).
 */
export function systemLevelBootstrap(
  human: ScoreMatrix,
  metrics: readonly ScoreMatrix[],
  correlations: readonly CorrelationName[],
  options: BootstrapOptions & CorrelationOptions = {},
): BootstrapInterval[][] {
  for (const m of metrics) {
    if (m.systems !== human.systems || m.items !== human.items || m.values.length !== human.values.length) {
      throw new RangeError('Metric and human score matrices must have the same systems × items shape.');
    }
  }
  if (human.values.length !== human.systems * human.items) throw new RangeError('Score matrix values do not match its shape.');
  const samples = checkedSamples(options.samples ?? 1000);
  const level = options.level ?? 0.95;
  const seed = options.seed ?? 12345;
  const unit = options.resample ?? 'items';
  const random = seededRandom(seed);
  const S = human.systems;
  const itemCounts = new Float64Array(human.items).fill(1);
  const systemDraws = Int32Array.from({ length: S }, (_, s) => s);
  const humanMeans = new Float64Array(S);
  const metricMeans = metrics.map(() => new Float64Array(S));
  const x = new Float64Array(S);
  const y = new Float64Array(S);
  const hasMissing = [human, ...metrics].map((m) => m.values.some(Number.isNaN));

  const evaluate = (out: Float64Array[], index: number): void => {
    weightedMeans(human, itemCounts, hasMissing[0], humanMeans);
    for (let m = 0; m < metrics.length; m++) {
      weightedMeans(metrics[m], itemCounts, hasMissing[m + 1], metricMeans[m]);
      let k = 0;
      for (let d = 0; d < S; d++) {
        const s = systemDraws[d];
        const mx = metricMeans[m][s];
        const hy = humanMeans[s];
        if (Number.isNaN(mx) || Number.isNaN(hy)) continue;
        x[k] = mx;
        y[k] = hy;
        k++;
      }
      const xs = x.subarray(0, k);
      const ys = y.subarray(0, k);
      for (let c = 0; c < correlations.length; c++) out[m * correlations.length + c][index] = correlationStatistic(correlations[c], xs, ys, options);
    }
  };

  const original = Array.from({ length: metrics.length * correlations.length }, () => new Float64Array(1));
  evaluate(original, 0);
  const resampled = original.map(() => new Float64Array(samples));
  for (let b = 0; b < samples; b++) {
    redraw(random, unit, itemCounts, systemDraws);
    evaluate(resampled, b);
  }
  return metrics.map((_, m) =>
    correlations.map((__, c) => {
      const all = resampled[m * correlations.length + c];
      const definedValues = all.filter((v) => !Number.isNaN(v));
      return {
        statistic: original[m * correlations.length + c][0],
        ...percentiles(definedValues, level),
        level,
        samples,
        definedSamples: definedValues.length,
        seed,
      };
    }),
  );
}

/** Per-system means of a matrix with item weights; NaN entries are skipped (a system without any gets NaN). */
function weightedMeans(matrix: ScoreMatrix, weights: Float64Array, hasMissing: boolean, out: Float64Array): void {
  const { systems, items, values } = matrix;
  for (let s = 0; s < systems; s++) {
    const base = s * items;
    let sum = 0;
    let total = 0;
    if (hasMissing) {
      for (let i = 0; i < items; i++) {
        const v = values[base + i];
        if (v === v) {
          sum += weights[i] * v;
          total += weights[i];
        }
      }
    } else {
      for (let i = 0; i < items; i++) sum += weights[i] * values[base + i];
      total = items; // the multiplicities of a draw always add up to the number of items
    }
    out[s] = total > 0 ? sum / total : NaN;
  }
}
