import { UnderstudyError } from '../../errors';
import { OutputScores, metricMeasures, metricSubset, presentItems, rankSystems } from './output-scores';

/**
 * How each metric is brought to a common scale before averaging:
 * - 'asiya' (default): Asiya's ULC — x / max, or (x + |min|) / (max + |min|) when some score is negative, min and
 *   max over the outputs combined (error rates are negated first, as Asiya's −TER/−WER, so they can be negative);
 * - 'min-max': (x − min) / (max − min);
 * - 'z-score': (x − mean) / standard deviation (population);
 * - 'none': the raw (oriented) scores, the "unnormalized arithmetic mean" of the ACL 2009 paper's wording.
 */
export type UlcNormalisation = 'asiya' | 'min-max' | 'z-score' | 'none';

export interface UlcOptions {
  /** The metrics combined (default all). */
  readonly metrics?: readonly string[];
  readonly normalisation?: UlcNormalisation;
}

export interface UlcResult {
  readonly kind: 'ulc';
  readonly metrics: readonly string[];
  readonly normalisation: UlcNormalisation;
  /** Per metric, the oriented minimum and maximum (and mean, deviation) the normalisation used. */
  readonly scales: readonly { readonly metric: string; readonly min: number; readonly max: number; readonly mean: number; readonly deviation: number }[];
  /** ULC of each output, items s·segments + i (null for missing outputs). */
  readonly items: readonly (number | null)[];
  /** Systems by mean ULC over their outputs, best first. */
  readonly systems: readonly { readonly system: string; readonly ulc: number | null; readonly rank: number; readonly segments: number }[];
}

/**
 * ULC (Giménez & Màrquez 2008; seed003 §2.4): the uniform, untrained average of normalised metric scores,
 * ULC_X(t) = (1/|X|) Σ_{x∈X} norm(x(t)). Scores are normalised over all outputs given — segment scores at segment
 * level; pass corpus scores as a single segment for Asiya's system-level ULC.
 */
export function ulc(input: OutputScores, options: UlcOptions = {}): UlcResult {
  const present = presentItems(input);
  const metrics = metricSubset(input, options.metrics);
  const normalisation = options.normalisation ?? 'asiya';
  if (!['asiya', 'min-max', 'z-score', 'none'].includes(normalisation)) {
    throw new UnderstudyError('bad-option', `ULC normalisation must be asiya, min-max, z-score or none (got ${normalisation}).`);
  }
  const measures = metricMeasures(input);
  const items = input.systems.length * input.segments;
  const combined = new Float64Array(items);
  const scales = metrics.map((x) => {
    const values = measures[x].values;
    let min = Infinity;
    let max = -Infinity;
    let sum = 0;
    let n = 0;
    for (let item = 0; item < items; item++) {
      if (!present[item]) continue;
      min = Math.min(min, values[item]);
      max = Math.max(max, values[item]);
      sum += values[item];
      n++;
    }
    const mean = n > 0 ? sum / n : NaN;
    let squares = 0;
    for (let item = 0; item < items; item++) if (present[item]) squares += (values[item] - mean) ** 2;
    const deviation = n > 0 ? Math.sqrt(squares / n) : NaN;
    const normalise = normaliser(normalisation, min, max, mean, deviation);
    for (let item = 0; item < items; item++) if (present[item]) combined[item] += normalise(values[item]) / metrics.length;
    return { metric: input.metrics[x], min, max, mean, deviation };
  });
  const values = Float64Array.from(combined, (v, item) => (present[item] ? v : NaN));
  return {
    kind: 'ulc',
    metrics: metrics.map((x) => input.metrics[x]),
    normalisation,
    scales,
    items: Array.from(values, (v) => (Number.isNaN(v) ? null : v)),
    systems: rankSystems(input, values).map((s) => ({ system: s.system, ulc: s.value, rank: s.rank, segments: s.segments })),
  };
}

/** The normalising function; a constant metric contributes 0 (Asiya's safe division), or its value with 'none'. */
function normaliser(normalisation: UlcNormalisation, min: number, max: number, mean: number, deviation: number): (v: number) => number {
  const safe = (a: number, b: number): number => (b === 0 ? 0 : a / b);
  switch (normalisation) {
    case 'asiya':
      return min < 0 ? (v) => safe(v + Math.abs(min), max + Math.abs(min)) : (v) => safe(v, max);
    case 'min-max':
      return (v) => safe(v - min, max - min);
    case 'z-score':
      return (v) => safe(v - mean, deviation);
    case 'none':
      return (v) => v;
  }
}
