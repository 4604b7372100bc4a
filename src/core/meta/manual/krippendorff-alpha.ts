import { UnderstudyError } from '../../errors';

/**
 * Krippendorff's alpha, the reliability coefficient used for assessor consistency (Owczarzak et al. 2012 compute it,
 * interval metric, on pairs of identical summaries judged separately by the same assessor).
 *
 * Definitions follow Krippendorff, "Computing Krippendorff's Alpha-Reliability" (2011): values of a unit are pairable
 * when the unit has at least two of them; each unit adds its ordered pairs of values from different coders to the
 * coincidence matrix o_ck with weight 1/(m_u − 1); n_c = Σ_k o_ck, n = Σ_c n_c, and
 *
 *   α = 1 − D_o / D_e,   D_o = (1/n) Σ_c Σ_k o_ck δ²_ck,   D_e = 1/(n(n − 1)) Σ_c Σ_k n_c n_k δ²_ck
 *
 * with the difference function δ² of the metric: nominal 0/1; ordinal (Σ_{g=c..k} n_g − (n_c + n_k)/2)² over the
 * ranks of the observed values; interval (c − k)²; ratio ((c − k)/(c + k))². Missing values are simply absent.
 */

export type AlphaLevel = 'nominal' | 'ordinal' | 'interval' | 'ratio';
export const ALPHA_LEVELS: readonly AlphaLevel[] = ['nominal', 'ordinal', 'interval', 'ratio'];

/** One value of a unit; null (or undefined) is a missing value. Only the nominal metric accepts strings. */
export type ReliabilityValue = number | string | null | undefined;

export interface AlphaResult {
  readonly level: AlphaLevel;
  /** null when undefined: no pairable values, or no variation at all among them (D_e = 0). */
  readonly alpha: number | null;
  /** Why alpha is null. */
  readonly undefinedReason?: string;
  readonly observedDisagreement: number;
  readonly expectedDisagreement: number;
  /** n: the number of pairable values (values in units with two or more of them). */
  readonly pairableValues: number;
  readonly units: number;
  readonly pairableUnits: number;
  /** Distinct pairable values, sorted (numbers ascending, strings by code unit). */
  readonly values: ReadonlyArray<number | string>;
  /** The coincidence matrix over `values` when there are at most COINCIDENCE_MATRIX_LIMIT of them. */
  readonly coincidences?: readonly (readonly number[])[];
}

/** The ratio metric's expected disagreement compares every pair of distinct values; above this many it refuses. */
export const RATIO_DISTINCT_VALUE_LIMIT = 30_000;

/** Above this many distinct values the coincidence matrix is left out of the result (it is still used). */
export const COINCIDENCE_MATRIX_LIMIT = 30;

interface Prepared {
  readonly units: readonly (readonly number[])[]; // each pairable unit's values as indexes into `values`
  readonly values: ReadonlyArray<number | string>;
  readonly unitCount: number;
}

function compareValues(a: number | string, b: number | string): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Drops missing values and units with fewer than two values; numbers the distinct values in sorted order. */
function prepare(units: readonly (readonly ReliabilityValue[])[], level: AlphaLevel): Prepared {
  const kept: (number | string)[][] = [];
  for (const unit of units) {
    const present: (number | string)[] = [];
    for (const v of unit) {
      if (v === null || v === undefined) continue;
      if (typeof v === 'number' && !Number.isFinite(v)) continue;
      if (typeof v === 'string' && level !== 'nominal') {
        throw new UnderstudyError('bad-annotations', `Krippendorff's alpha (${level}): "${v}" is not a number; only the nominal metric takes labels.`);
      }
      present.push(v);
    }
    if (present.length >= 2) kept.push(present);
  }
  const distinct = new Map<number | string, number>();
  for (const unit of kept) for (const v of unit) distinct.set(v, 0);
  const values = [...distinct.keys()].sort(compareValues);
  values.forEach((v, i) => distinct.set(v, i));
  return { units: kept.map((unit) => unit.map((v) => distinct.get(v) as number)), values, unitCount: units.length };
}

/**
 * The coincidence matrix o (V × V, row-major): unit u adds, for every ordered pair of its values from different
 * coders, 1/(m_u − 1) to o[c][k]. Built only for display (small V); the sums below never need it.
 */
function coincidenceMatrix(prepared: Prepared): number[][] {
  const v = prepared.values.length;
  const o = Array.from({ length: v }, () => new Array<number>(v).fill(0));
  for (const unit of prepared.units) {
    const weight = 1 / (unit.length - 1);
    for (let i = 0; i < unit.length; i++) for (let j = 0; j < unit.length; j++) if (i !== j) o[unit[i]][unit[j]] += weight;
  }
  return o;
}

/** n_c: each pairable value contributes (m_u − 1) pairs of weight 1/(m_u − 1), i.e. exactly 1, to its row. */
function valueMarginals(prepared: Prepared): Float64Array {
  const marginals = new Float64Array(prepared.values.length);
  for (const unit of prepared.units) for (const c of unit) marginals[c]++;
  return marginals;
}

/**
 * Σ_{i≠j} (y_i − y_j)² over the ordered pairs of a weighted set of points = 2 W Σ w (y − ȳ)² (W = Σ w): the interval
 * metric's pair sum in linear time (centred, so no cancellation between two large sums).
 */
function squaredPairSum(points: ArrayLike<number>, weights: ArrayLike<number> | null): number {
  let total = 0;
  let weighted = 0;
  for (let i = 0; i < points.length; i++) {
    const w = weights ? weights[i] : 1;
    total += w;
    weighted += w * points[i];
  }
  if (total === 0) return 0;
  const mean = weighted / total;
  let squares = 0;
  for (let i = 0; i < points.length; i++) squares += (weights ? weights[i] : 1) * (points[i] - mean) ** 2;
  return 2 * total * squares;
}

/**
 * Σ_c Σ_k o_ck δ²_ck (observed) and Σ_c Σ_k n_c n_k δ²_ck (expected). The interval metric is a squared difference of
 * the values and the ordinal one a squared difference of their mid-ranks (Σ_{g=c..k} n_g − (n_c + n_k)/2 = m_k − m_c
 * with m_g = Σ_{h<g} n_h + n_g/2), so both take linear time; nominal counts pairs of different values; only the ratio
 * metric is summed over pairs (O(Σ m_u²) observed, O(V²) expected).
 */
function disagreementSums(level: AlphaLevel, prepared: Prepared, marginals: Float64Array, n: number): { observed: number; expected: number } {
  const v = prepared.values.length;
  let observed = 0;
  let expected = 0;
  if (level === 'nominal') {
    const counts = new Map<number, number>();
    for (const unit of prepared.units) {
      counts.clear();
      for (const c of unit) counts.set(c, (counts.get(c) ?? 0) + 1);
      let same = 0;
      for (const m of counts.values()) same += m * m;
      observed += (unit.length * unit.length - same) / (unit.length - 1);
    }
    let same = 0;
    for (let c = 0; c < v; c++) same += marginals[c] * marginals[c];
    expected = n * n - same;
  } else if (level === 'interval' || level === 'ordinal') {
    const coordinate = new Float64Array(v);
    let below = 0;
    for (let c = 0; c < v; c++) {
      coordinate[c] = level === 'interval' ? (prepared.values[c] as number) : below + marginals[c] / 2;
      below += marginals[c];
    }
    for (const unit of prepared.units) observed += squaredPairSum(unit.map((c) => coordinate[c]), null) / (unit.length - 1);
    expected = squaredPairSum(coordinate, marginals);
  } else {
    if (v > RATIO_DISTINCT_VALUE_LIMIT) {
      throw new UnderstudyError(
        'bad-annotations',
        `Krippendorff's alpha (ratio): ${v} distinct values would take ${((v * (v - 1)) / 2).toExponential(1)} pair comparisons; round the values (e.g. to 3 decimals) or use the interval metric.`,
      );
    }
    const delta = (c: number, k: number): number => {
      const a = prepared.values[c] as number;
      const b = prepared.values[k] as number;
      return a + b === 0 ? 0 : ((a - b) / (a + b)) ** 2;
    };
    for (const unit of prepared.units) {
      let sum = 0;
      for (let i = 0; i < unit.length; i++) for (let j = i + 1; j < unit.length; j++) sum += 2 * delta(unit[i], unit[j]);
      observed += sum / (unit.length - 1);
    }
    for (let c = 0; c < v; c++) for (let k = c + 1; k < v; k++) expected += 2 * marginals[c] * marginals[k] * delta(c, k);
  }
  return { observed, expected };
}

/**
 * Krippendorff's alpha of reliability data given unit by unit: `units[u]` holds the values the coders gave unit u
 * (in any order; null for a coder who did not code it).
 */
export function krippendorffAlpha(units: readonly (readonly ReliabilityValue[])[], level: AlphaLevel): AlphaResult {
  const prepared = prepare(units, level);
  const marginals = valueMarginals(prepared);
  const n = prepared.units.reduce((sum, unit) => sum + unit.length, 0);
  const v = prepared.values.length;
  const { observed, expected } = disagreementSums(level, prepared, marginals, n);
  const observedDisagreement = n > 0 ? observed / n : 0;
  const expectedDisagreement = n > 1 ? expected / (n * (n - 1)) : 0;
  let alpha: number | null = null;
  let undefinedReason: string | undefined;
  if (n === 0) undefinedReason = 'no unit has two or more values, so nothing can be compared';
  else if (expectedDisagreement === 0) undefinedReason = 'all pairable values are identical (no variation), so agreement cannot be told from chance';
  else alpha = 1 - observedDisagreement / expectedDisagreement;
  const coincidences = v <= COINCIDENCE_MATRIX_LIMIT ? coincidenceMatrix(prepared) : undefined;
  return {
    level,
    alpha,
    ...(undefinedReason ? { undefinedReason } : {}),
    observedDisagreement,
    expectedDisagreement,
    pairableValues: n,
    units: prepared.unitCount,
    pairableUnits: prepared.units.length,
    values: prepared.values,
    ...(coincidences ? { coincidences } : {}),
  };
}

/** Reliability data as Krippendorff prints it, coders × units (`data[coder][unit]`), turned into units. */
export function unitsFromCoderRows(data: readonly (readonly ReliabilityValue[])[]): ReliabilityValue[][] {
  const unitCount = data.reduce((max, row) => Math.max(max, row.length), 0);
  return Array.from({ length: unitCount }, (_, u) => data.map((row) => row[u]));
}
