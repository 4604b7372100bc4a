import { KingSearchOptions, KingSearchResult, MAX_EXHAUSTIVE_METRICS, searchMetricSets } from './king-search';
import { ClusteringOptions, MetricClusteringResult, clusterMetrics } from './metric-clustering';
import { QarlaTestBed, metricIndexes } from './test-bed';

export interface MetricSelectionResult {
  readonly kind: 'qarla-metric-selection';
  /** The clustering, when there were more metrics than the exhaustive search takes; null otherwise. */
  readonly clustering: MetricClusteringResult | null;
  /** The exhaustive search over all the metrics, or over the clusters' representatives. */
  readonly search: KingSearchResult;
}

/**
 * The DUC 2004 paper's procedure for a large metric pool (seed003 §2.6): cluster the metrics (10 clusters), keep
 * each cluster's best-KING metric, and search every subset of those representatives. With no more metrics than the
 * search takes (`MAX_EXHAUSTIVE_METRICS`) the search runs on them all and nothing is clustered.
 */
export function selectMetricSet(bed: QarlaTestBed, options: ClusteringOptions & Omit<KingSearchOptions, 'metrics'> = {}): MetricSelectionResult {
  const metrics = metricIndexes(bed, options.metrics).map((x) => bed.metrics[x]);
  if (metrics.length <= MAX_EXHAUSTIVE_METRICS) return { kind: 'qarla-metric-selection', clustering: null, search: searchMetricSets(bed, { ...options, metrics }) };
  const clustering = clusterMetrics(bed, { ...options, clusters: Math.min(options.clusters ?? 10, MAX_EXHAUSTIVE_METRICS) });
  const representatives = metrics.filter((m) => clustering.clusters.some((c) => c.representative === m));
  return { kind: 'qarla-metric-selection', clustering, search: searchMetricSets(bed, { ...options, metrics: representatives }) };
}
