import { UNDERSTUDY_VERSION } from '../../version';
import { fDistributionSf } from '../conditions/one-way-anova';
import { Statistic, statistic } from '../json-number';
import { centredCrossProducts, combinationCorrelation, solveNormalEquations } from './least-squares';

/** Predictor scores and the human target, one value per unit (a system, or a summary/segment). */
export interface RoseInput {
  /** Names of the predictors (metric names, or human columns such as 'Q1'), in `predictors` order. */
  readonly metrics: readonly string[];
  /** `predictors[j][u]`: predictor j of unit u. */
  readonly predictors: readonly ArrayLike<number>[];
  /** The human score of each unit. */
  readonly target: ArrayLike<number>;
  /** Unit names (systems), for messages and the result; optional. */
  readonly units?: readonly string[];
  /** What the target is, e.g. 'relevance'. */
  readonly targetName?: string;
  /** Signatures of the predictors (when they are metrics), kept in a fitted model. */
  readonly signatures?: readonly (string | null)[];
}

/**
 * A fitted ROSE combination (Conroy & Dang 2008): `intercept + Σ weights[j] · score(metrics[j])`, on the target's
 * scale. JSON as it is stored in the workspace manifest and applied to other data: a metric of its own.
 */
export interface RoseModel {
  readonly kind: 'understudy.rose';
  readonly version: 1;
  /** Name the combination is used under (default 'rose'). */
  readonly name: string;
  readonly metrics: readonly string[];
  readonly weights: readonly number[];
  readonly intercept: number;
  /** Weights × the predictor's standard deviation / the target's: comparable across predictors. */
  readonly standardizedWeights: readonly Statistic[];
  /** The predictors' signatures at fitting time (null where unknown): applying to scores made otherwise is a warning. */
  readonly signatures: readonly (string | null)[];
  readonly target: string;
  readonly fit: RoseFitSummary;
}

export interface RoseFitSummary {
  /** Units fitted on. */
  readonly units: number;
  /** Multiple correlation R = Pearson r of the fitted values with the target (the maximum of Conroy & Dang's eq. 1). */
  readonly r: Statistic;
  readonly rSquared: Statistic;
  readonly adjustedRSquared: Statistic;
  /** F test of all slopes being zero: F(k, n − k − 1) and its p-value. */
  readonly f: Statistic;
  readonly pvalue: Statistic;
  /** Predictors whose weight was forced to 0 because they were collinear with others (or constant). */
  readonly dropped: readonly string[];
  /** Monte Carlo evidence when the model came from `roseSearch`: median significant test r, trials, … */
  readonly monteCarlo?: {
    readonly trials: number;
    readonly testSize: number;
    readonly seed: string;
    readonly medianSignificant: Statistic;
    readonly significantShare: number;
  };
  readonly understudy: string;
}

/** Checks the input's shape and that it has no NaN (ROSE needs every predictor for every unit). */
export function checkRoseInput(input: RoseInput): number {
  const m = input.target.length;
  if (input.metrics.length !== input.predictors.length) {
    throw new RangeError(`ROSE: ${input.metrics.length} predictor names for ${input.predictors.length} predictor columns.`);
  }
  if (input.metrics.length === 0) throw new RangeError('ROSE needs at least one predictor.');
  if (new Set(input.metrics).size !== input.metrics.length) throw new RangeError(`ROSE: predictor names repeat (${input.metrics.join(', ')}).`);
  input.predictors.forEach((p, j) => {
    if (p.length !== m) throw new RangeError(`ROSE: predictor ${input.metrics[j]} has ${p.length} values for ${m} units.`);
    for (let u = 0; u < m; u++) {
      if (!Number.isFinite(p[u])) {
        const unit = input.units?.[u] ?? `unit ${u + 1}`;
        throw new RangeError(`ROSE: predictor ${input.metrics[j]} has no finite score for ${unit}; leave the unit out or score it first.`);
      }
    }
  });
  for (let u = 0; u < m; u++) {
    if (!Number.isFinite(input.target[u])) throw new RangeError(`ROSE: the human score of ${input.units?.[u] ?? `unit ${u + 1}`} is missing; leave the unit out.`);
  }
  return m;
}

/** Units × (predictors + target) row-major, the layout the fitting code reads. */
export function designMatrix(input: RoseInput): Float64Array {
  const p = input.predictors.length;
  const m = input.target.length;
  const columns = p + 1;
  const data = new Float64Array(m * columns);
  for (let u = 0; u < m; u++) {
    for (let j = 0; j < p; j++) data[u * columns + j] = input.predictors[j][u];
    data[u * columns + p] = input.target[u];
  }
  return data;
}

/**
 * Least-squares fit of the target on the predictors `subset` (indices into input.metrics; default all) over every
 * unit, with an intercept and no constraint — the paper's combination (negative weights allowed).
 */
export function fitRose(input: RoseInput, subset?: readonly number[], name = 'rose'): RoseModel {
  const m = checkRoseInput(input);
  const p = input.predictors.length;
  const chosen = Int32Array.from(subset ?? input.metrics.map((_, j) => j));
  const k = chosen.length;
  if (k === 0) throw new RangeError('ROSE needs at least one predictor in the combination.');
  if (m < k + 2) throw new RangeError(`ROSE: ${m} units cannot fit ${k} weights and an intercept (need at least ${k + 2}).`);
  const size = p + 1;
  const data = designMatrix(input);
  const means = new Float64Array(size);
  const products = new Float64Array(size * size);
  centredCrossProducts(data, size, Int32Array.from({ length: m }, (_, u) => u), 0, m, means, products);
  const beta = new Float64Array(k);
  solveNormalEquations(products, size, chosen, k, p, beta, new Float64Array(k * k));
  let intercept = means[p];
  for (let j = 0; j < k; j++) intercept -= beta[j] * means[chosen[j]];
  const r = combinationCorrelation(products, size, chosen, k, p, beta);
  const kept = Array.from(beta).filter((b) => b !== 0).length;
  const r2 = r * r;
  const dfResidual = m - kept - 1;
  const f = kept > 0 && dfResidual > 0 ? (r2 / kept) / ((1 - r2) / dfResidual) : NaN;
  const targetSd = Math.sqrt(products[p * size + p]);
  return {
    kind: 'understudy.rose',
    version: 1,
    name,
    metrics: Array.from(chosen, (j) => input.metrics[j]),
    weights: Array.from(beta),
    intercept,
    standardizedWeights: Array.from(chosen, (j, a) => statistic((beta[a] * Math.sqrt(products[j * size + j])) / targetSd)),
    signatures: Array.from(chosen, (j) => input.signatures?.[j] ?? null),
    target: input.targetName ?? 'human',
    fit: {
      units: m,
      r: statistic(r),
      rSquared: statistic(r2),
      adjustedRSquared: statistic(dfResidual > 0 ? 1 - ((1 - r2) * (m - 1)) / dfResidual : NaN),
      f: statistic(f),
      pvalue: statistic(Number.isNaN(f) ? NaN : r2 >= 1 ? 0 : fDistributionSf(f, kept, dfResidual)),
      dropped: Array.from(chosen, (j, a) => (beta[a] === 0 ? input.metrics[j] : '')).filter((n) => n !== ''),
      understudy: UNDERSTUDY_VERSION,
    },
  };
}

/**
 * The combination's score for each unit: intercept + Σ w_j · scores[metric_j][u]. `scores` maps metric names to one
 * value per unit (system scores, or segment scores: the combination is linear, so applying it to segment scores and
 * averaging equals applying it to the averages). A metric the model needs and `scores` lacks is an error naming it.
 */
export function applyRose(model: RoseModel, scores: Readonly<Record<string, ArrayLike<number>>>): Float64Array {
  const missing = model.metrics.filter((name) => !(name in scores));
  if (missing.length > 0) {
    throw new RangeError(`ROSE model "${model.name}" combines ${model.metrics.join(', ')}; scores for ${missing.join(', ')} are missing. Score them first.`);
  }
  const columns = model.metrics.map((name) => scores[name]);
  const n = columns[0].length;
  for (const [j, column] of columns.entries()) {
    if (column.length !== n) throw new RangeError(`ROSE model "${model.name}": ${model.metrics[j]} has ${column.length} scores, ${model.metrics[0]} has ${n}.`);
  }
  const out = new Float64Array(n);
  for (let u = 0; u < n; u++) {
    let value = model.intercept;
    for (let j = 0; j < columns.length; j++) value += model.weights[j] * columns[j][u];
    out[u] = value;
  }
  return out;
}

/**
 * Reads a ROSE model from JSON (a manifest entry, a saved file); throws a message saying which field is wrong.
 */
export function parseRoseModel(json: unknown): RoseModel {
  const fail = (what: string): never => {
    throw new RangeError(`Not a ROSE model: ${what}. Save one with the ROSE view or \`understudy rose --save\`.`);
  };
  if (typeof json !== 'object' || json === null) return fail('expected a JSON object');
  const o = json as Record<string, unknown>;
  if (o.kind !== 'understudy.rose') fail('"kind" must be "understudy.rose"');
  if (o.version !== 1) fail(`version ${String(o.version)} is not supported (this Understudy reads version 1)`);
  const strings = (v: unknown, field: string): string[] =>
    Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : fail(`"${field}" must be a list of names`);
  const numbers = (v: unknown, field: string): number[] =>
    Array.isArray(v) && v.every((x) => typeof x === 'number' && Number.isFinite(x)) ? (v as number[]) : fail(`"${field}" must be a list of numbers`);
  const metrics = strings(o.metrics, 'metrics');
  const weights = numbers(o.weights, 'weights');
  if (metrics.length === 0) fail('"metrics" is empty');
  if (weights.length !== metrics.length) fail(`${weights.length} weights for ${metrics.length} metrics`);
  if (typeof o.intercept !== 'number' || !Number.isFinite(o.intercept)) fail('"intercept" must be a number');
  const signatures = Array.isArray(o.signatures) ? (o.signatures as unknown[]).map((s) => (typeof s === 'string' ? s : null)) : metrics.map(() => null);
  const standardized = Array.isArray(o.standardizedWeights) ? (o.standardizedWeights as unknown[]).map((s) => (typeof s === 'number' ? s : null)) : metrics.map(() => null);
  if (typeof o.fit !== 'object' || o.fit === null) fail('"fit" is missing');
  return {
    kind: 'understudy.rose',
    version: 1,
    name: typeof o.name === 'string' && o.name !== '' ? o.name : 'rose',
    metrics,
    weights,
    intercept: o.intercept as number,
    standardizedWeights: standardized,
    signatures,
    target: typeof o.target === 'string' ? o.target : 'human',
    fit: o.fit as RoseFitSummary,
  };
}
