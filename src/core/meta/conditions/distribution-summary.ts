/**
 * The spread of a set of resampled values (correlations, shares of significant pairs), as a curve point with bands
 * needs it: mean, sample standard deviation, median and two percentiles.
 */
export interface DistributionSummary {
  /** Values that were defined (NaN values — e.g. a correlation of a constant vector — are left out and counted). */
  readonly count: number;
  readonly undefinedCount: number;
  readonly mean: number;
  /** Sample standard deviation (n − 1); NaN for fewer than 2 values. */
  readonly sd: number;
  readonly median: number;
  /** The band: percentiles at (1 − level)/2 and (1 + level)/2, NumPy's default (linear) interpolation. */
  readonly lower: number;
  readonly upper: number;
  readonly level: number;
  readonly min: number;
  readonly max: number;
}

/** NumPy's `percentile(values, q)` with the default 'linear' method, on ascending `sorted` values (q in [0, 100]). */
export function percentileOfSorted(sorted: ArrayLike<number>, q: number): number {
  const n = sorted.length;
  if (n === 0) return NaN;
  const position = (q / 100) * (n - 1);
  const below = Math.floor(position);
  const above = Math.min(below + 1, n - 1);
  const fraction = position - below;
  // NumPy's _lerp: a + (b − a)·t, evaluated from the other end when t ≥ ½ (it keeps the result monotone).
  const a = sorted[below];
  const b = sorted[above];
  const difference = b - a;
  return fraction >= 0.5 ? b - difference * (1 - fraction) : a + difference * fraction;
}

/** Summary of `values` (not modified); `level` is the band's coverage (default 0.95: the 2.5th and 97.5th percentiles). */
export function summarizeDistribution(values: ArrayLike<number>, level = 0.95): DistributionSummary {
  const defined: number[] = [];
  for (let i = 0; i < values.length; i++) if (!Number.isNaN(values[i])) defined.push(values[i]);
  const n = defined.length;
  const sorted = Float64Array.from(defined).sort();
  let sum = 0;
  for (const v of sorted) sum += v;
  const mean = n > 0 ? sum / n : NaN;
  let squares = 0;
  for (const v of sorted) squares += (v - mean) * (v - mean);
  const tail = (100 * (1 - level)) / 2;
  return {
    count: n,
    undefinedCount: values.length - n,
    mean,
    sd: n > 1 ? Math.sqrt(squares / (n - 1)) : NaN,
    median: percentileOfSorted(sorted, 50),
    lower: percentileOfSorted(sorted, tail),
    upper: percentileOfSorted(sorted, 100 - tail),
    level,
    min: n > 0 ? sorted[0] : NaN,
    max: n > 0 ? sorted[n - 1] : NaN,
  };
}
