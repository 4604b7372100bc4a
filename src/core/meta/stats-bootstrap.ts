import { ScoringCancelled } from '../engine/score-systems';
import { seededRandom } from '../significance/pcg64';
import { BootstrapInterval, BootstrapUnit, checkedSamples, percentiles, redraw } from './stats/bootstrap-correlation';
import { CorrelationName, CorrelationOptions, correlationStatistic } from './stats/correlation-functions';
import { createColumnSummer } from './column-sums';

/** One metric's per-segment sufficient statistics for every system, and how a corpus score is made from their sums. */
export interface StatsBootstrapMetric {
  readonly name: string;
  /** Statistics per segment. */
  readonly width: number;
  /** stats[s]: system s's statistics, segment after segment (segment i at [i·width, (i+1)·width)). */
  readonly stats: readonly Float64Array[];
  /** Corpus score from column sums over `segmentCount` segments (the metric's `corpusScore`). */
  readonly score: (totals: Float64Array, segmentCount: number) => number;
  /** −1 correlates −score (lower-is-better metrics), else 1. */
  readonly sign: 1 | -1;
}

export interface StatsBootstrapInput extends CorrelationOptions {
  /** Segments (items) per system. */
  readonly items: number;
  readonly metrics: readonly StatsBootstrapMetric[];
  /**
   * human[s][i]: system s's human score on segment i, NaN where not judged. A draw's human system score is the mean
   * over its drawn judged segments, counted with their multiplicity.
   */
  readonly human: readonly Float64Array[];
  /**
   * Fixed human system scores (e.g. an official ranking), used instead of segment means when only systems are
   * resampled (`resample: 'systems'`); with segment resampling the human scores must come from the segments.
   */
  readonly humanSystem?: readonly number[];
  readonly correlations: readonly CorrelationName[];
  /** Default 1000. */
  readonly samples?: number;
  /** Default 12345. */
  readonly seed?: number | bigint;
  /** Default 0.95. */
  readonly level?: number;
  /** Default 'items'. */
  readonly resample?: BootstrapUnit;
  readonly isCancelled?: () => boolean;
  readonly onProgress?: (done: number, total: number) => void;
  /** Column-sum engine (default 'auto': WebAssembly SIMD where available); both give identical results. */
  readonly engine?: 'auto' | 'wasm-simd' | 'js';
}

/**
 * Seeded percentile-bootstrap intervals of system-level correlations for metrics whose system score is a corpus score
 * of summed sufficient statistics (BLEU, chrF, TER, NIST, ROUGE…): every draw re-sums each system's statistics over
 * the drawn segments (with multiplicity) and re-scores from the sums — text is never re-scored — re-averages the human
 * segment scores, and correlates over the drawn systems. Draws are exactly those of `bootstrapInterval` for the same
 * seed (segments first, then systems, NumPy's `Generator.integers` stream), so results agree with the generic
 * per-draw re-summing, and all metrics share the draws (their intervals are paired).
 *
 * Speed: the statistics of all systems and metrics form one segments × columns matrix (identical columns, e.g. the
 * reference-side counts every system shares, stored once); several draws at a time walk its rows once, each row
 * adding into every draw's running sums (column-sums.ts). Returns intervals as `[metric][correlation]`.
 */
export function statsBootstrap(input: StatsBootstrapInput): BootstrapInterval[][] {
  const samples = checkedSamples(input.samples ?? 1000);
  const level = input.level ?? 0.95;
  const seed = input.seed ?? 12345;
  const unit = input.resample ?? 'items';
  const items = input.items;
  const systems = input.human.length;
  for (const m of input.metrics) {
    if (m.stats.length !== systems) throw new RangeError(`${m.name}: statistics for ${m.stats.length} systems, human scores for ${systems}.`);
    for (const s of m.stats) if (s.length !== items * m.width) throw new RangeError(`${m.name}: a system's statistics do not cover ${items} segments of width ${m.width}.`);
  }
  for (const h of input.human) if (h.length !== items) throw new RangeError(`Human scores must cover ${items} segments per system.`);
  const fixedHuman = unit === 'systems' ? input.humanSystem : undefined;
  if (fixedHuman && fixedHuman.length !== systems) throw new RangeError(`Human system scores for ${fixedHuman.length} systems, statistics for ${systems}.`);

  const layout = packColumns(input.metrics, input.human, items);
  const width = layout.columns;
  const C = input.correlations.length;
  const M = input.metrics.length;
  const scratch = input.metrics.map((m) => new Float64Array(m.width));
  const x = input.metrics.map(() => new Float64Array(systems));
  const y = new Float64Array(systems);
  const xs = new Float64Array(systems);
  const ys = new Float64Array(systems);

  /** Correlations of one draw from its column sums, into out[m·C + c][index]. */
  const evaluate = (totals: Float64Array, draws: Int32Array, out: Float64Array[], index: number): void => {
    for (let s = 0; s < systems; s++) {
      const judged = totals[layout.humanCount[s]];
      y[s] = fixedHuman ? fixedHuman[s] : judged > 0 ? totals[layout.humanSum[s]] / judged : NaN;
    }
    for (let m = 0; m < M; m++) {
      const metric = input.metrics[m];
      const buffer = scratch[m];
      for (let s = 0; s < systems; s++) {
        const map = layout.metricColumns[m][s];
        for (let k = 0; k < metric.width; k++) buffer[k] = totals[map[k]];
        x[m][s] = metric.sign * metric.score(buffer, items);
      }
      let n = 0;
      for (let d = 0; d < draws.length; d++) {
        const s = draws[d];
        if (x[m][s] !== x[m][s] || y[s] !== y[s]) continue;
        xs[n] = x[m][s];
        ys[n] = y[s];
        n++;
      }
      const mx = xs.subarray(0, n);
      const my = ys.subarray(0, n);
      for (let c = 0; c < C; c++) out[m * C + c][index] = correlationStatistic(input.correlations[c], mx, my, input);
    }
  };

  const identity = Int32Array.from({ length: systems }, (_, s) => s);
  const fullTotals = new Float64Array(width);
  for (let i = 0; i < items; i++) {
    const base = i * width;
    for (let k = 0; k < width; k++) fullTotals[k] += layout.matrix[base + k];
  }
  const original = Array.from({ length: M * C }, () => new Float64Array(1));
  evaluate(fullTotals, identity, original, 0);

  const resampled = Array.from({ length: M * C }, () => new Float64Array(samples));
  const random = seededRandom(seed);
  const summer = createColumnSummer(layout.matrix, items, width, input.engine);
  const lanes = summer.lanes;
  const draws = Array.from({ length: lanes }, () => Int32Array.from(identity));
  for (const counts of summer.counts) counts.fill(1);
  for (let b = 0; b < samples; b += lanes) {
    if (input.isCancelled?.()) throw new ScoringCancelled();
    input.onProgress?.(b, samples);
    const inBlock = Math.min(lanes, samples - b);
    for (let j = 0; j < inBlock; j++) redraw(random, unit, summer.counts[j], draws[j]);
    if (unit === 'systems') {
      for (let j = 0; j < inBlock; j++) evaluate(fullTotals, draws[j], resampled, b + j);
      continue;
    }
    for (let j = inBlock; j < lanes; j++) summer.counts[j].fill(0);
    summer.sum();
    for (let j = 0; j < inBlock; j++) evaluate(summer.totals[j], draws[j], resampled, b + j);
  }
  input.onProgress?.(samples, samples);

  return input.metrics.map((_, m) =>
    input.correlations.map((__, c) => {
      const values = resampled[m * C + c];
      const definedValues = values.filter((v) => !Number.isNaN(v));
      return { statistic: original[m * C + c][0], ...percentiles(definedValues, level), level, samples, definedSamples: definedValues.length, seed };
    }),
  );
}

interface ColumnLayout {
  /** Segments × unique columns, row-major. */
  readonly matrix: Float64Array;
  readonly columns: number;
  /** metricColumns[m][s][k]: the unique column holding statistic k of system s for metric m. */
  readonly metricColumns: Int32Array[][];
  /** Per system: the column of its human scores (0 where not judged) and of its judged indicator. */
  readonly humanSum: Int32Array;
  readonly humanCount: Int32Array;
}

/** Column k of a row-major array with rows of `stride` values. */
interface ColumnView {
  readonly values: Float64Array;
  readonly stride: number;
  readonly offset: number;
}

/**
 * Gathers every (metric, system, statistic) column, the human score and judged-indicator columns, and stores each
 * distinct column once (exact equality, found through a hash of its values).
 */
function packColumns(metrics: readonly StatsBootstrapMetric[], human: readonly Float64Array[], items: number): ColumnLayout {
  const unique: ColumnView[] = [];
  const byHash = new Map<number, number[]>();
  const bits = new Uint32Array(2);
  const view = new Float64Array(bits.buffer);
  const at = (c: ColumnView, i: number): number => c.values[c.offset + i * c.stride];
  const intern = (column: ColumnView): number => {
    let hash = 0x811c9dc5;
    for (let i = 0; i < items; i++) {
      view[0] = at(column, i) + 0; // −0 + 0 is +0: both zeros hash alike, as they compare equal
      hash = Math.imul(hash ^ bits[0], 0x01000193);
      hash = Math.imul(hash ^ bits[1], 0x01000193);
    }
    const candidates = byHash.get(hash);
    if (candidates) {
      for (const index of candidates) {
        const other = unique[index];
        let same = true;
        for (let i = 0; i < items && same; i++) same = at(other, i) === at(column, i);
        if (same) return index;
      }
    }
    unique.push(column);
    if (candidates) candidates.push(unique.length - 1);
    else byHash.set(hash, [unique.length - 1]);
    return unique.length - 1;
  };
  const metricColumns = metrics.map((metric) =>
    metric.stats.map((values) => Int32Array.from({ length: metric.width }, (_, k) => intern({ values, stride: metric.width, offset: k }))),
  );
  const humanSum = Int32Array.from(human, (h) => intern({ values: h.map((v) => (v === v ? v : 0)), stride: 1, offset: 0 }));
  const humanCount = Int32Array.from(human, (h) => intern({ values: h.map((v) => (v === v ? 1 : 0)), stride: 1, offset: 0 }));
  const columns = unique.length;
  const matrix = new Float64Array(items * columns);
  unique.forEach((column, k) => {
    for (let i = 0; i < items; i++) matrix[i * columns + k] = at(column, i);
  });
  return { matrix, columns, metricColumns, humanSum, humanCount };
}
