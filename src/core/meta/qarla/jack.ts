import { UnderstudyError } from '../../errors';
import { ScoringCancelled } from '../../engine/score-systems';
import { seededRandom } from '../../significance/pcg64';
import { DEFAULT_SEED } from '../../significance/resampling-input';
import { uniformBelow } from '../../significance/uniform-integers';
import { combineCases } from './king';
import { QarlaOptions, minimumModels, resolveQarlaOptions } from './qarla-options';
import { QarlaTestBed, QarlaTestCase, checkTestBed, metricIndexes } from './test-bed';
import { candidateBlock, passedTriples, triplesOf } from './triple-counts';

export interface JackModelOutcome {
  readonly model: string;
  /** Some pair of peers (both with QUEEN > 0) is, under every metric, at least as close to this model as to each other. */
  readonly satisfied: boolean;
  /** The first such pair found (in peer order), or null. */
  readonly pair: readonly [string, string] | null;
}

export interface JackCase {
  readonly case: string;
  readonly jack: number;
  /** Peers with QUEEN > 0 under the metric set (only they can form a pair). */
  readonly peersWithQueen: number;
  readonly models: readonly JackModelOutcome[];
}

export interface JackResult {
  readonly kind: 'qarla-jack';
  readonly metrics: readonly string[];
  readonly options: QarlaOptions;
  /** JACK(X, M, A): the probability over models (and cases) that such a pair of peers exists. */
  readonly jack: number;
  readonly cases: readonly JackCase[];
}

/**
 * JACK (seed003 §3.2): how reliable the peer set is as a test bed — the probability, over models m, of finding two
 * peers a ≠ a′, both with QUEEN > 0, that are closer to m than to each other under every metric (`jackForm`
 * 'symmetric', the DUC 2004 paper's: x(a, a′) ≤ x(a, m) ∧ x(a′, a) ≤ x(a′, m); 'one-sided', the ACL 2005 paper's:
 * x(a, a′) ≤ x(a, m) for an ordered pair). It grows with peers that are diverse and close to the models, and adding
 * a peer never lowers it. QUEEN here is each peer's against all of the case's models.
 */
export function jack(bed: QarlaTestBed, metricNames?: readonly string[], partialOptions: Partial<QarlaOptions> = {}): JackResult {
  const options = resolveQarlaOptions(partialOptions);
  checkTestBed(bed, minimumModels(options, false), true);
  const metrics = metricIndexes(bed, metricNames);
  const cases = bed.cases.map((kase): JackCase => {
    const pairs = satisfyingPairs(kase, bed.metrics.length, metrics, options);
    const models = kase.models.map((model, m): JackModelOutcome => {
      const first = pairs.byModel[m][0];
      return { model, satisfied: first !== undefined, pair: first ? [kase.peers[first[0]], kase.peers[first[1]]] : null };
    });
    const satisfied = models.filter((m) => m.satisfied).length;
    return { case: kase.id, jack: satisfied / models.length, peersWithQueen: pairs.peersWithQueen, models };
  });
  const jackValue = combineCases(
    cases.map((c) => c.models.filter((m) => m.satisfied).length),
    cases.map((c) => c.models.length),
    options,
  );
  return { kind: 'qarla-jack', metrics: metrics.map((x) => bed.metrics[x]), options, jack: jackValue, cases };
}

/** Per model of the case, every pair of peer indexes that satisfies JACK's condition (a < a′ for the symmetric form). */
function satisfyingPairs(kase: QarlaTestCase, k: number, metrics: readonly number[], options: QarlaOptions): { byModel: [number, number][][]; peersWithQueen: number } {
  const a = kase.peers.length;
  const modelCount = kase.models.length;
  const all = triplesOf(modelCount, options);
  const hasQueen = Array.from({ length: a }, (_, p) => passedTriples(kase, k, candidateBlock(kase, k, p), all, metrics, options) > 0);
  const pm = kase.peerModel;
  const pp = kase.peerPeer!;
  // ∀x. x(p, q) ≤ x(p, m)
  const closerToModel = (p: number, q: number, m: number): boolean => {
    for (const x of metrics) if (!(pp[(p * a + q) * k + x] <= pm[(p * modelCount + m) * k + x])) return false;
    return true;
  };
  const byModel = kase.models.map((_, m) => {
    const found: [number, number][] = [];
    for (let p = 0; p < a; p++) {
      if (!hasQueen[p]) continue;
      for (let q = options.jackForm === 'symmetric' ? p + 1 : 0; q < a; q++) {
        if (q === p || !hasQueen[q]) continue;
        if (closerToModel(p, q, m) && (options.jackForm === 'one-sided' || closerToModel(q, p, m))) found.push([p, q]);
      }
    }
    return found;
  });
  return { byModel, peersWithQueen: hasQueen.filter(Boolean).length };
}

export interface JackCurveOptions extends Partial<QarlaOptions> {
  /** Systems in the order they are added; when absent, random orders are drawn (seeded) and averaged. */
  readonly order?: readonly string[];
  /** Random orders drawn when no `order` is given (default 200). */
  readonly orders?: number;
  /** Seed of the random orders (PCG64, as NumPy's default_rng; default 12345). */
  readonly seed?: number;
  readonly onProgress?: (done: number, total: number) => void;
  readonly isCancelled?: () => boolean;
}

export interface JackCurvePoint {
  /** Number of systems in the test bed. */
  readonly systems: number;
  /** JACK with those systems (the mean over the random orders). */
  readonly jack: number;
  /** Smallest and largest JACK over the random orders (equal to `jack` for a given order). */
  readonly min: number;
  readonly max: number;
}

export interface JackCurveResult {
  readonly kind: 'qarla-jack-curve';
  readonly metrics: readonly string[];
  readonly options: QarlaOptions;
  /** The given order, or null for random orders. */
  readonly order: readonly string[] | null;
  readonly orders: number;
  readonly seed: number | null;
  readonly points: readonly JackCurvePoint[];
}

/**
 * JACK as systems are added one at a time (the DUC 2004 paper's curve): with the first n systems of an order, the
 * pairs that count are those of two systems among them. A model's condition holds from the n at which the first of
 * its satisfying pairs is complete, so each order costs one pass over the satisfying pairs.
 */
export function jackCurve(bed: QarlaTestBed, metricNames?: readonly string[], curveOptions: JackCurveOptions = {}): JackCurveResult {
  const options = resolveQarlaOptions(curveOptions);
  checkTestBed(bed, minimumModels(options, false), true);
  const metrics = metricIndexes(bed, metricNames);
  const systems: string[] = [];
  for (const kase of bed.cases) for (const p of kase.peers) if (!systems.includes(p)) systems.push(p);
  if (curveOptions.order) {
    const missing = systems.filter((s) => !curveOptions.order!.includes(s));
    const unknown = curveOptions.order.filter((s) => !systems.includes(s));
    if (missing.length > 0 || unknown.length > 0 || new Set(curveOptions.order).size !== curveOptions.order.length) {
      throw new UnderstudyError(
        'bad-option',
        `The order of systems must list each system of the test bed once` +
          `${missing.length ? ` (missing: ${missing.join(', ')})` : ''}${unknown.length ? ` (unknown: ${unknown.join(', ')})` : ''}.`,
      );
    }
  }
  const id = new Map(systems.map((s, i) => [s, i]));
  const perCase = bed.cases.map((kase) => {
    const pairs = satisfyingPairs(kase, bed.metrics.length, metrics, options);
    return pairs.byModel.map((list) => list.map(([p, q]) => [id.get(kase.peers[p])!, id.get(kase.peers[q])!] as const));
  });
  const count = systems.length;
  const position = new Int32Array(count);
  const curveFor = (): Float64Array => {
    const caseValues = perCase.map((models) => {
      // completeAt[n] = models whose first satisfying pair is complete with n systems.
      const completeAt = new Int32Array(count + 1);
      for (const list of models) {
        let earliest = Infinity;
        for (const [p, q] of list) earliest = Math.min(earliest, Math.max(position[p], position[q]) + 1);
        if (earliest !== Infinity) completeAt[earliest]++;
      }
      return completeAt;
    });
    const curve = new Float64Array(count + 1);
    const satisfied = new Int32Array(perCase.length);
    for (let n = 1; n <= count; n++) {
      caseValues.forEach((c, i) => (satisfied[i] += c[n]));
      curve[n] = combineCases(
        Array.from(satisfied),
        perCase.map((models) => models.length),
        options,
      );
    }
    return curve;
  };

  const seed = curveOptions.seed ?? DEFAULT_SEED;
  const orders = curveOptions.order ? 1 : (curveOptions.orders ?? 200);
  const sum = new Float64Array(count + 1);
  const min = new Float64Array(count + 1).fill(Infinity);
  const max = new Float64Array(count + 1).fill(-Infinity);
  const random = seededRandom(seed);
  const permutation = Int32Array.from({ length: count }, (_, i) => i);
  for (let r = 0; r < orders; r++) {
    if ((r & 15) === 0) {
      if (curveOptions.isCancelled?.()) throw new ScoringCancelled();
      curveOptions.onProgress?.(r, orders);
    }
    if (curveOptions.order) curveOptions.order.forEach((name, i) => (position[id.get(name)!] = i));
    else {
      // Fisher–Yates shuffle (of the previous order: every order drawn is uniform).
      for (let i = count - 1; i > 0; i--) {
        const j = uniformBelow(random, i + 1);
        [permutation[i], permutation[j]] = [permutation[j], permutation[i]];
      }
      permutation.forEach((system, i) => (position[system] = i));
    }
    const curve = curveFor();
    for (let n = 1; n <= count; n++) {
      sum[n] += curve[n];
      min[n] = Math.min(min[n], curve[n]);
      max[n] = Math.max(max[n], curve[n]);
    }
  }
  curveOptions.onProgress?.(orders, orders);
  const points: JackCurvePoint[] = [];
  for (let n = 1; n <= count; n++) points.push({ systems: n, jack: sum[n] / orders, min: min[n], max: max[n] });
  return {
    kind: 'qarla-jack-curve',
    metrics: metrics.map((x) => bed.metrics[x]),
    options,
    order: curveOptions.order ? [...curveOptions.order] : null,
    orders,
    seed: curveOptions.order ? null : seed,
    points,
  };
}
