import { UnderstudyError } from '../../errors';
import { ScoringCancelled } from '../../engine/score-systems';
import { CorrelationName, correlate } from '../stats/correlation-functions';
import { QarlaOptions, minimumModels, resolveQarlaOptions } from './qarla-options';
import { QarlaTestBed, checkTestBed, metricIndexes } from './test-bed';
import { CaseMasks, Triples, triplesOf } from './triple-counts';

/** The exhaustive search enumerates 2^k − 1 sets; beyond this many metrics, cluster them first (`clusterMetrics`). */
export const MAX_EXHAUSTIVE_METRICS = 14;

/** Human scores of the systems (peers), to correlate with each metric set's QUEEN ranking. */
export interface SystemHumanScores {
  readonly systems: readonly string[];
  readonly scores: readonly number[];
}

export interface KingSearchOptions extends Partial<QarlaOptions> {
  /** The metrics whose non-empty subsets are searched (default: all of the test bed's). */
  readonly metrics?: readonly string[];
  /** With human scores, each set also gets the correlation of its system QUEENs with them (P4 Fig. 7, P9 Fig. 5). */
  readonly human?: SystemHumanScores;
  /** The coefficient for that correlation (default 'pearson', as the papers; 'spearman' = Pearson of the rankings). */
  readonly correlation?: CorrelationName;
  readonly onProgress?: (done: number, total: number) => void;
  readonly isCancelled?: () => boolean;
}

export interface MetricSetKing {
  readonly metrics: readonly string[];
  readonly size: number;
  readonly king: number;
  /** 1-based competition rank by KING. */
  readonly rank: number;
  /** Correlation of the systems' mean QUEEN under this set with the human scores; null without them or undefined. */
  readonly humanCorrelation: number | null;
}

export interface KingSearchResult {
  readonly kind: 'qarla-king-search';
  readonly metrics: readonly string[];
  readonly options: QarlaOptions;
  readonly cases: number;
  /** Every non-empty subset, best KING first (ties: smaller sets first, then in metric order). */
  readonly sets: readonly MetricSetKing[];
  /** The correlation used, the systems correlated, and the peers without a human score (left out). */
  readonly human: { readonly correlation: CorrelationName; readonly systems: readonly string[]; readonly unscored: readonly string[] } | null;
}

/**
 * KING of every non-empty subset of up to 14 metrics (the QARLA papers search 2^10 = 1,024 sets). Each case's pass
 * masks are computed once; for each model set (M \ {m}) every candidate's masks are histogrammed and summed over
 * supersets, which gives its QUEEN under all subsets at once; a model wins for a subset when its count is above the
 * best peer's (the triples are the same, so counts compare as QUEENs do).
 */
export function searchMetricSets(bed: QarlaTestBed, searchOptions: KingSearchOptions = {}): KingSearchResult {
  const options = resolveQarlaOptions(searchOptions);
  checkTestBed(bed, minimumModels(options, true));
  const metrics = metricIndexes(bed, searchOptions.metrics);
  const bits = metrics.length;
  if (bits > MAX_EXHAUSTIVE_METRICS) {
    throw new UnderstudyError(
      'bad-option',
      `An exhaustive search over ${bits} metrics would score ${2 ** bits - 1} sets; choose at most ${MAX_EXHAUSTIVE_METRICS} metrics, ` +
        `for instance one per cluster of a metric clustering (the QARLA papers keep the best-KING metric of each of 10 clusters).`,
    );
  }
  const size = 1 << bits;
  const k = bed.metrics.length;
  const kingSums = new Float64Array(size);
  let modelTotal = 0;
  const peerIds = new Map<string, number>();
  for (const kase of bed.cases) for (const p of kase.peers) if (!peerIds.has(p)) peerIds.set(p, peerIds.size);
  const withHuman = searchOptions.human !== undefined;
  const peerQueenSums = withHuman ? Array.from({ length: peerIds.size }, () => new Float64Array(size)) : [];
  const peerCases = new Int32Array(peerIds.size);

  const counts = new Int32Array(size);
  const bestPeer = new Int32Array(size);
  const wins = new Int32Array(size);
  bed.cases.forEach((kase, caseIndex) => {
    if (searchOptions.isCancelled?.()) throw new ScoringCancelled();
    searchOptions.onProgress?.(caseIndex, bed.cases.length);
    const masks = new CaseMasks(kase, k, metrics, options);
    const a = kase.peers.length;
    const modelCount = kase.models.length;
    const all = triplesOf(modelCount, options);
    const bestPeerOn = (triples: Triples): void => {
      bestPeer.fill(-1);
      for (let p = 0; p < a; p++) {
        masks.passedBySubset(p, triples, counts);
        for (let x = 0; x < size; x++) if (counts[x] > bestPeer[x]) bestPeer[x] = counts[x];
      }
    };
    wins.fill(0);
    if (options.kingModels === 'all') bestPeerOn(all);
    for (let h = 0; h < modelCount; h++) {
      const triples = options.kingModels === 'all' ? all : triplesOf(modelCount, options, h);
      if (options.kingModels === 'leave-one-out') bestPeerOn(triples);
      masks.passedBySubset(a + h, triples, counts);
      if (options.kingComparison === 'greater') {
        for (let x = 0; x < size; x++) if (counts[x] > bestPeer[x]) wins[x]++;
      } else {
        for (let x = 0; x < size; x++) if (counts[x] >= bestPeer[x]) wins[x]++;
      }
    }
    if (options.caseAveraging === 'per-case') for (let x = 0; x < size; x++) kingSums[x] += wins[x] / modelCount;
    else for (let x = 0; x < size; x++) kingSums[x] += wins[x];
    modelTotal += modelCount;
    if (withHuman) {
      kase.peers.forEach((name, p) => {
        const id = peerIds.get(name)!;
        masks.passedBySubset(p, all, counts);
        const sums = peerQueenSums[id];
        for (let x = 0; x < size; x++) sums[x] += counts[x] / all.count;
        peerCases[id]++;
      });
    }
  });
  searchOptions.onProgress?.(bed.cases.length, bed.cases.length);

  const divisor = options.caseAveraging === 'per-case' ? bed.cases.length : modelTotal;
  const correlation = searchOptions.correlation ?? 'pearson';
  const human = searchOptions.human ? humanVector(searchOptions.human, peerIds) : null;
  interface Candidate {
    readonly subset: number;
    readonly names: string[];
    readonly king: number;
    readonly humanCorrelation: number | null;
  }
  const candidates: Candidate[] = [];
  for (let x = 1; x < size; x++) {
    const names: string[] = [];
    for (let b = 0; b < bits; b++) if (x & (1 << b)) names.push(bed.metrics[metrics[b]]);
    let humanCorrelation: number | null = null;
    if (human && human.ids.length >= 2) {
      const queens = human.ids.map((id) => peerQueenSums[id][x] / peerCases[id]);
      const r = correlate(correlation, queens, human.scores).statistic;
      humanCorrelation = Number.isNaN(r) ? null : r;
    }
    candidates.push({ subset: x, names, king: kingSums[x] / divisor, humanCorrelation });
  }
  candidates.sort((p, q) => q.king - p.king || p.names.length - q.names.length || subsetOrder(p.subset, q.subset));
  let rank = 0;
  const sets = candidates.map((s, i): MetricSetKing => {
    if (i === 0 || s.king !== candidates[i - 1].king) rank = i + 1;
    return { metrics: s.names, size: s.names.length, king: s.king, rank, humanCorrelation: s.humanCorrelation };
  });
  return {
    kind: 'qarla-king-search',
    metrics: metrics.map((x) => bed.metrics[x]),
    options,
    cases: bed.cases.length,
    sets,
    human: human ? { correlation, systems: human.names, unscored: human.unscored } : null,
  };
}

/** Subsets of equal size in metric order: compare their lowest differing metric. */
function subsetOrder(p: number, q: number): number {
  const differing = p ^ q;
  if (differing === 0) return 0;
  const lowest = differing & -differing;
  return p & lowest ? -1 : 1;
}

function humanVector(human: SystemHumanScores, peerIds: Map<string, number>): { ids: number[]; names: string[]; scores: number[]; unscored: string[] } {
  if (human.systems.length !== human.scores.length) {
    throw new UnderstudyError('bad-option', `Human scores name ${human.systems.length} systems but give ${human.scores.length} scores.`);
  }
  const byName = new Map<string, number>();
  human.systems.forEach((s, i) => {
    if (!Number.isNaN(human.scores[i])) byName.set(s, human.scores[i]);
  });
  const ids: number[] = [];
  const names: string[] = [];
  const scores: number[] = [];
  const unscored: string[] = [];
  for (const [name, id] of peerIds) {
    const score = byName.get(name);
    if (score === undefined) unscored.push(name);
    else {
      ids.push(id);
      names.push(name);
      scores.push(score);
    }
  }
  return { ids, names, scores, unscored };
}
