import { UnderstudyError } from '../../errors';
import { ScoringCancelled } from '../../engine/score-systems';
import { combineCases } from './king';
import { QarlaOptions, minimumModels, resolveQarlaOptions } from './qarla-options';
import { QarlaTestBed, QarlaTestCase, checkTestBed, metricIndexes } from './test-bed';
import { singleMetricKing } from './single-metric-king';
import { candidateBlock, triplesOf } from './triple-counts';

export interface ClusteringOptions extends Partial<QarlaOptions> {
  /** The metrics to cluster (default: all of the test bed's). */
  readonly metrics?: readonly string[];
  /** Number of clusters to cut the tree into (default 10, as the DUC 2004 QARLA paper; at most the number of metrics). */
  readonly clusters?: number;
  readonly onProgress?: (done: number, total: number) => void;
  readonly isCancelled?: () => boolean;
}

/** One merge of the average-linkage tree, numbered as SciPy's linkage: metrics 0 … k−1, then k + step for merges. */
export interface ClusterMerge {
  readonly left: number;
  readonly right: number;
  /** 1 − proximity between the two clusters (mean over their members' pairs). */
  readonly distance: number;
  readonly size: number;
}

export interface MetricCluster {
  readonly members: readonly string[];
  /** The member with the highest single-metric KING (the first in metric order on a tie). */
  readonly representative: string;
  readonly representativeKing: number;
}

export interface MetricClusteringResult {
  readonly kind: 'qarla-metric-clusters';
  readonly metrics: readonly string[];
  readonly options: QarlaOptions;
  /** proximity[i][j] = P(x_i and x_j accept or reject together), over peers and model triples. */
  readonly proximity: readonly (readonly number[])[];
  /** KING of each metric alone, in metric order. */
  readonly king: readonly number[];
  readonly merges: readonly ClusterMerge[];
  /** The tree cut into `clusters` groups, best representative KING first. */
  readonly clusters: readonly MetricCluster[];
}

/**
 * Groups metrics that judge alike (the DUC 2004 QARLA paper, seed003 §2.6): the proximity of two metrics is
 * sim(x, x′) = P(H(x) ↔ H(x′)), H(x) ≡ x(a, m) ≥ x(m′, m″), the probability over peers a and QUEEN's model triples
 * that both tests accept or both reject. The paper fixes 10 clusters but names no algorithm; here it is
 * agglomerative clustering with average linkage (UPGMA) on 1 − sim, ties merged lowest indexes first. Each cluster
 * is represented by its best-KING metric, the set an exhaustive KING search then runs on.
 */
export function clusterMetrics(bed: QarlaTestBed, clusteringOptions: ClusteringOptions = {}): MetricClusteringResult {
  const options = resolveQarlaOptions(clusteringOptions);
  checkTestBed(bed, minimumModels(options, true));
  const metrics = metricIndexes(bed, clusteringOptions.metrics);
  const n = metrics.length;
  const wanted = clusteringOptions.clusters ?? 10;
  if (!Number.isInteger(wanted) || wanted < 1) throw new UnderstudyError('bad-option', `The number of clusters must be a positive integer (got ${wanted}).`);
  const clusterCount = Math.min(wanted, n);

  const agreements = bed.cases.map((kase, i) => {
    if (clusteringOptions.isCancelled?.()) throw new ScoringCancelled();
    clusteringOptions.onProgress?.(i, bed.cases.length + n);
    return caseAgreements(kase, bed.metrics.length, metrics, options);
  });
  const proximity = Array.from({ length: n }, (_, i) =>
    Array.from({ length: n }, (_, j) =>
      combineCases(
        agreements.map((c) => c.agree[i * n + j]),
        agreements.map((c) => c.tuples),
        options,
      ),
    ),
  );
  const singleKing = metrics.map((x, i) => {
    if (clusteringOptions.isCancelled?.()) throw new ScoringCancelled();
    clusteringOptions.onProgress?.(bed.cases.length + i, bed.cases.length + n);
    return singleMetricKing(bed, x, options);
  });
  clusteringOptions.onProgress?.(bed.cases.length + n, bed.cases.length + n);

  const { merges, membersAfter } = averageLinkage(proximity, clusterCount);
  const names = metrics.map((x) => bed.metrics[x]);
  const clusters = membersAfter
    .map((members): MetricCluster => {
      let best = members[0];
      for (const i of members) if (singleKing[i] > singleKing[best]) best = i;
      return { members: members.map((i) => names[i]), representative: names[best], representativeKing: singleKing[best] };
    })
    .sort((p, q) => q.representativeKing - p.representativeKing);
  return { kind: 'qarla-metric-clusters', metrics: names, options, proximity, king: singleKing, merges, clusters };
}

/** For one case: agree[i·n + j] = tuples (peer, triple) on which metrics i and j both pass or both fail. */
function caseAgreements(kase: QarlaTestCase, k: number, metrics: readonly number[], options: QarlaOptions): { agree: Float64Array; tuples: number } {
  const strict = options.queenComparison === 'greater';
  const n = metrics.length;
  const triples = triplesOf(kase.models.length, options);
  const peers = kase.peers.length;
  // Tuple t = (peer p, triple j) at p·|triples| + j; each metric's outcomes become a bit vector.
  const count = peers * triples.count;
  const words = (count + 31) >>> 5;
  const blocks = kase.peers.map((_, p) => candidateBlock(kase, k, p));
  const bits = metrics.map((x) => {
    const vector = new Uint32Array(words);
    let t = 0;
    for (let p = 0; p < peers; p++) {
      const block = blocks[p];
      for (let j = 0; j < triples.count; j++, t++) {
        const v = block[triples.model[j] * k + x];
        const w = kase.modelModel[triples.pair[j] * k + x];
        if (strict ? v > w : v >= w) vector[t >>> 5] |= 1 << (t & 31);
      }
    }
    return vector;
  });
  const agree = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    agree[i * n + i] = count;
    for (let j = i + 1; j < n; j++) {
      let differ = 0;
      for (let w = 0; w < words; w++) differ += popcount(bits[i][w] ^ bits[j][w]);
      agree[i * n + j] = agree[j * n + i] = count - differ;
    }
  }
  return { agree, tuples: count };
}

function popcount(v: number): number {
  v = v - ((v >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

/**
 * UPGMA on distance 1 − proximity: repeatedly merge the two closest clusters (ties: the pair with the lowest
 * indexes), the distance of a merged cluster to another being the size-weighted mean of its parts'. Returns every
 * merge and the members of the `clusterCount` clusters left after the first k − clusterCount merges.
 */
export function averageLinkage(proximity: readonly (readonly number[])[], clusterCount: number): { merges: ClusterMerge[]; membersAfter: number[][] } {
  const n = proximity.length;
  const distance = proximity.map((row) => row.map((v) => 1 - v));
  const active: { id: number; members: number[]; row: number }[] = proximity.map((_, i) => ({ id: i, members: [i], row: i }));
  const merges: ClusterMerge[] = [];
  let membersAfter = active.map((c) => [...c.members]);
  while (active.length > 1) {
    let bestI = 0;
    let bestJ = 1;
    for (let i = 0; i < active.length; i++) {
      for (let j = i + 1; j < active.length; j++) {
        if (distance[active[i].row][active[j].row] < distance[active[bestI].row][active[bestJ].row]) [bestI, bestJ] = [i, j];
      }
    }
    const left = active[bestI];
    const right = active[bestJ];
    const d = distance[left.row][right.row];
    // The merged cluster reuses the left row of the matrix.
    for (const other of active) {
      if (other === left || other === right) continue;
      const merged = (distance[left.row][other.row] * left.members.length + distance[right.row][other.row] * right.members.length) / (left.members.length + right.members.length);
      distance[left.row][other.row] = distance[other.row][left.row] = merged;
    }
    const members = [...left.members, ...right.members].sort((p, q) => p - q);
    merges.push({ left: Math.min(left.id, right.id), right: Math.max(left.id, right.id), distance: d, size: members.length });
    active.splice(bestJ, 1);
    active[bestI] = { id: n + merges.length - 1, members, row: left.row };
    if (active.length === clusterCount) membersAfter = active.map((c) => [...c.members]);
  }
  return { merges, membersAfter };
}
