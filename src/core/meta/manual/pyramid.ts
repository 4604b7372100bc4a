/**
 * The pyramid method (Nenkova & Passonneau 2004) and the modified pyramid score (Passonneau et al. 2005), as the
 * digests define them (seed000 §2.13, seed002_004 §A.3.1):
 *
 *   T_i  = the SCUs of weight i (weight = how many model summaries express the SCU), i = 1..n for n models
 *   D_i  = how many of the peer's SCUs have weight i;  D = Σ_i i·D_i (the peer's observed weight)
 *   j    = max{ i : Σ_{t=i..n} |T_t| ≥ X }
 *   Max(X) = Σ_{i=j+1..n} i·|T_i| + j·(X − Σ_{i=j+1..n} |T_i|)   (the best weight X SCUs can reach)
 *
 * The original score is D / Max(X) with X = the number of SCUs in the peer (precision-like: SCUs the peer expresses
 * that are not in the pyramid count, with weight 0). The modified score is D / Max(X) with X = the mean SCU count of
 * the model summaries ("a summary of average length"; recall-like). Scores are usually ≤ 1 and exceed it only when
 * the peer expresses more SCUs than the average model.
 *
 * Jackknifing (DUC/TAC): a peer is scored against the pyramid of every leave-one-out subset of the n models and the
 * scores are averaged; a model summary is scored against the pyramid of the other n − 1. On a subset, an SCU's weight
 * is the number of selected models that express it (SCUs of weight 0 drop out of the pyramid) and X is the mean SCU
 * count of the selected models (seed002_004 §A.3.1 calls this "the natural implementation"; the paper is silent).
 */

export interface PyramidScu {
  readonly id: string;
  readonly label?: string;
  /** The model summaries that express this SCU (distinct ids). */
  readonly models: readonly string[];
}

/** A pyramid for one topic: its model summaries and their SCUs. */
export interface Pyramid {
  readonly topic: string;
  readonly models: readonly string[];
  readonly scus: readonly PyramidScu[];
}

/** Which SCUs a peer (candidate) summary expresses. */
export interface PeerAnnotation {
  readonly peer: string;
  readonly topic: string;
  /** Ids of the pyramid SCUs found in the peer (each counted once however often it is expressed). */
  readonly scuIds: readonly string[];
  /**
   * Content units of the peer that match no pyramid SCU (weight 0); needed only for the original score. undefined =
   * not annotated (the original score is then not computed).
   */
  readonly unmatchedUnits?: number;
}

/**
 * How the average model SCU count X enters Max(X). The digests' formula takes X as it is (fractional); sacrerouge's
 * PyramidScore rounds it up before filling the tiers. Offered for comparison.
 */
export type AverageCountRounding = 'exact' | 'ceil' | 'round';

export interface PyramidOptions {
  /** Score peers against every leave-one-out model subset and average (default true; needs two or more models). */
  readonly jackknife?: boolean;
  readonly averageCountRounding?: AverageCountRounding;
}

export interface PyramidTier {
  readonly weight: number;
  readonly size: number;
  readonly scuIds: readonly string[];
}

/** One pyramid's score for a peer (a single pyramid: the full one or a leave-one-out subset). */
export interface PyramidScore {
  /** Models the pyramid was built from. */
  readonly models: readonly string[];
  /** D: the peer's total SCU weight. */
  readonly observedWeight: number;
  /** D_i by weight i = 1..n (index 0 holds the peer's SCUs that have weight 0 in this pyramid). */
  readonly observedByWeight: readonly number[];
  /** X of the modified score: the mean SCU count of the models (after rounding, if asked). */
  readonly averageModelScus: number;
  readonly maxWeightAverage: number;
  /** D / Max(mean model SCU count); null when Max is 0 (an empty pyramid). */
  readonly modified: number | null;
  /** X of the original score: the peer's SCU count (matched + unmatched); undefined when unmatched units are unknown. */
  readonly peerScus?: number;
  readonly maxWeightPeerCount?: number;
  readonly original: number | null;
}

export interface PeerPyramidResult {
  readonly peer: string;
  readonly topic: string;
  /** Against the pyramid of all models (for a model summary: of all the other models). */
  readonly full: PyramidScore;
  /** Per left-out model, in the pyramid's model order; absent when not jackknifed. */
  readonly jackknife?: readonly ({ readonly leftOut: string } & PyramidScore)[];
  /** Means over the leave-one-out scores; null where any subset score is null. Equal to `full` when not jackknifed. */
  readonly modified: number | null;
  readonly original: number | null;
  readonly jackknifed: boolean;
  /** SCU ids the peer expresses and those it misses, heaviest first (weights of the full pyramid). */
  readonly matched: readonly string[];
  readonly missed: readonly string[];
}

/** Weight of every SCU counting only `models` (SCUs of weight 0 are left out). */
export function scuWeights(pyramid: Pyramid, models: readonly string[] = pyramid.models): Map<string, number> {
  const selected = new Set(models);
  const weights = new Map<string, number>();
  for (const scu of pyramid.scus) {
    const weight = new Set(scu.models.filter((m) => selected.has(m))).size;
    if (weight > 0) weights.set(scu.id, weight);
  }
  return weights;
}

/** The tiers T_i, heaviest first (empty tiers left out). */
export function pyramidTiers(weights: ReadonlyMap<string, number>): PyramidTier[] {
  const byWeight = new Map<number, string[]>();
  for (const [id, weight] of weights) {
    let ids = byWeight.get(weight);
    if (!ids) byWeight.set(weight, (ids = []));
    ids.push(id);
  }
  return [...byWeight.entries()].sort((a, b) => b[0] - a[0]).map(([weight, scuIds]) => ({ weight, size: scuIds.length, scuIds }));
}

/**
 * Max(X): the largest total weight X SCUs can have, taking whole tiers from the top and X − Σ|T_t| SCUs of the tier
 * where the count runs out (j·(X − Σ_{i>j}|T_i|) in the formula; X may be fractional). When X exceeds the pyramid's
 * size, every SCU is taken and the rest weigh 0 (j = 0).
 */
export function maxWeight(tiers: readonly PyramidTier[], x: number): number {
  let remaining = x;
  let total = 0;
  for (const tier of tiers) {
    if (remaining <= 0) break;
    const taken = Math.min(remaining, tier.size);
    total += taken * tier.weight;
    remaining -= taken;
  }
  return total;
}

/** The SCU count of every model: how many SCUs it expresses. */
export function modelScuCounts(pyramid: Pyramid): Map<string, number> {
  const counts = new Map<string, number>(pyramid.models.map((m) => [m, 0]));
  for (const scu of pyramid.scus) for (const m of new Set(scu.models)) if (counts.has(m)) counts.set(m, (counts.get(m) as number) + 1);
  return counts;
}

/** X of the modified score: the mean SCU count of `models`, rounded as asked. */
export function averageModelScus(pyramid: Pyramid, models: readonly string[], rounding: AverageCountRounding = 'exact'): number {
  const counts = subsetOf(pyramid, pyramid.models).modelCounts;
  const x = models.reduce((sum, m) => sum + (counts.get(m) ?? 0), 0) / Math.max(1, models.length);
  return rounding === 'ceil' ? Math.ceil(x - 1e-12) : rounding === 'round' ? Math.round(x) : x;
}

/** What scoring needs of the pyramid built from a subset of its models; the same for every peer, so computed once. */
interface SubsetPyramid {
  readonly weights: ReadonlyMap<string, number>;
  readonly tiers: readonly PyramidTier[];
  /** SCU ids of the subset's pyramid, heaviest tier first. */
  readonly heaviestFirst: readonly string[];
  readonly modelCounts: ReadonlyMap<string, number>;
}

// Keyed by the (immutable) pyramid object, then by the model subset: a report scores every peer against the same
// n + 1 pyramids, so each is built once (bench `pyramid`, 48 topics × 55 peers: 0.55–0.78 s instead of 0.69–1.12 s;
// the rest is mostly garbage collection of the per-subset scores the report keeps).
const SUBSETS = new WeakMap<Pyramid, Map<string, SubsetPyramid>>();

function subsetOf(pyramid: Pyramid, models: readonly string[]): SubsetPyramid {
  let byModels = SUBSETS.get(pyramid);
  if (!byModels) SUBSETS.set(pyramid, (byModels = new Map()));
  const key = models.join('\u0000');
  let subset = byModels.get(key);
  if (!subset) {
    const weights = scuWeights(pyramid, models);
    const tiers = pyramidTiers(weights);
    const modelCounts = key === pyramid.models.join('\u0000') ? modelScuCounts(pyramid) : subsetOf(pyramid, pyramid.models).modelCounts;
    byModels.set(key, (subset = { weights, tiers, heaviestFirst: tiers.flatMap((t) => t.scuIds), modelCounts }));
  }
  return subset;
}

/**
 * The scores from counts alone: the pyramid's tiers, X, D_i by weight (index 0 = SCUs of weight 0 here) and, for the
 * original score, the peer's SCU count. For data that says how many SCUs a peer expresses but not which.
 */
export function pyramidScoreFromCounts(
  tiers: readonly PyramidTier[],
  models: readonly string[],
  averageModelScus: number,
  observedByWeight: readonly number[],
  peerScus: number | undefined,
): PyramidScore {
  const observedWeight = observedByWeight.reduce((sum, count, weight) => sum + count * weight, 0);
  const maxWeightAverage = maxWeight(tiers, averageModelScus);
  const maxWeightPeerCount = peerScus === undefined ? undefined : maxWeight(tiers, peerScus);
  return {
    models: [...models],
    observedWeight,
    observedByWeight: [...observedByWeight],
    averageModelScus,
    maxWeightAverage,
    modified: maxWeightAverage > 0 ? observedWeight / maxWeightAverage : null,
    ...(peerScus !== undefined ? { peerScus, maxWeightPeerCount } : {}),
    // 0/0 (a peer with no content units, or an empty pyramid) is left undefined rather than called 0 or 1.
    original: maxWeightPeerCount !== undefined && maxWeightPeerCount > 0 ? observedWeight / maxWeightPeerCount : null,
  };
}

/** A peer's score against the pyramid built from `models`. */
export function scoreAgainstModels(
  pyramid: Pyramid,
  peerScuIds: readonly string[],
  unmatchedUnits: number | undefined,
  models: readonly string[],
  rounding: AverageCountRounding = 'exact',
): PyramidScore {
  const { weights, tiers } = subsetOf(pyramid, models);
  const distinct = [...new Set(peerScuIds)];
  const observedByWeight = new Array<number>(models.length + 1).fill(0);
  for (const id of distinct) observedByWeight[weights.get(id) ?? 0]++;
  const peerScus = unmatchedUnits === undefined ? undefined : distinct.length + unmatchedUnits;
  return pyramidScoreFromCounts(tiers, models, averageModelScus(pyramid, models, rounding), observedByWeight, peerScus);
}

function mean(values: readonly (number | null)[]): number | null {
  if (values.length === 0 || values.some((v) => v === null)) return null;
  return (values as number[]).reduce((a, b) => a + b, 0) / values.length;
}

function matchedAndMissed(pyramid: Pyramid, scuIds: readonly string[], models: readonly string[]): { matched: string[]; missed: string[] } {
  const { heaviestFirst } = subsetOf(pyramid, models);
  const present = new Set(scuIds);
  return { matched: heaviestFirst.filter((id) => present.has(id)), missed: heaviestFirst.filter((id) => !present.has(id)) };
}

/** A peer (system or human summary not among the models) scored against the pyramid, jackknifed by default. */
export function scorePeer(pyramid: Pyramid, annotation: PeerAnnotation, options: PyramidOptions = {}): PeerPyramidResult {
  const rounding = options.averageCountRounding ?? 'exact';
  const full = scoreAgainstModels(pyramid, annotation.scuIds, annotation.unmatchedUnits, pyramid.models, rounding);
  const jackknifed = (options.jackknife ?? true) && pyramid.models.length >= 2;
  const jackknife = jackknifed
    ? pyramid.models.map((leftOut) => ({
        leftOut,
        ...scoreAgainstModels(pyramid, annotation.scuIds, annotation.unmatchedUnits, pyramid.models.filter((m) => m !== leftOut), rounding),
      }))
    : undefined;
  return {
    peer: annotation.peer,
    topic: pyramid.topic,
    full,
    ...(jackknife ? { jackknife } : {}),
    modified: jackknife ? mean(jackknife.map((s) => s.modified)) : full.modified,
    original: jackknife ? mean(jackknife.map((s) => s.original)) : full.original,
    jackknifed,
    ...matchedAndMissed(pyramid, annotation.scuIds, pyramid.models),
  };
}

/**
 * A model summary scored against the pyramid of the other models (its own SCUs that no other model expresses weigh
 * 0; they still count in its SCU total for the original score).
 */
export function scoreModel(pyramid: Pyramid, model: string, options: PyramidOptions = {}): PeerPyramidResult {
  const rounding = options.averageCountRounding ?? 'exact';
  const others = pyramid.models.filter((m) => m !== model);
  const own = pyramid.scus.filter((scu) => scu.models.includes(model)).map((scu) => scu.id);
  const otherWeights = subsetOf(pyramid, others).weights;
  const matched = own.filter((id) => otherWeights.has(id));
  const full = scoreAgainstModels(pyramid, matched, own.length - matched.length, others, rounding);
  return { peer: model, topic: pyramid.topic, full, modified: full.modified, original: full.original, jackknifed: false, ...matchedAndMissed(pyramid, matched, others) };
}
