/**
 * QARLA (Amigó et al. 2004, 2005): the QARLA estimate, QUEEN of candidates, KING of metric sets, JACK of test beds,
 * metric clustering and selection, and the similarity matrices they read, from the engine's metrics.
 */
export { DEFAULT_QARLA_OPTIONS, resolveQarlaOptions } from './qarla-options';
export type { QarlaOptions } from './qarla-options';
export { checkTestBed } from './test-bed';
export type { QarlaTestBed, QarlaTestCase } from './test-bed';
export { queen } from './queen';
export type { CaseQueen, CaseQueenEntry, QueenResult, QueenRow } from './queen';
export { king } from './king';
export type { KingCase, KingModelOutcome, KingResult, ModelRankedFirst } from './king';
export { MAX_EXHAUSTIVE_METRICS, searchMetricSets } from './king-search';
export type { KingSearchOptions, KingSearchResult, MetricSetKing, SystemHumanScores } from './king-search';
export { jack, jackCurve } from './jack';
export type { JackCase, JackCurveOptions, JackCurvePoint, JackCurveResult, JackModelOutcome, JackResult } from './jack';
export { averageLinkage, clusterMetrics } from './metric-clustering';
export { selectMetricSet } from './metric-selection';
export type { MetricSelectionResult } from './metric-selection';
export { qarlaEstimate } from './qarla-estimate';
export type { QarlaEstimateOptions, QarlaEstimateResult } from './qarla-estimate';
export { similarityTestBed } from './similarity-matrices';
export type { NamedText, SimilarityCaseInput, SimilarityRequest, SimilaritySpec, SimilarityTestBed } from './similarity-matrices';
export type { ClusterMerge, ClusteringOptions, MetricCluster, MetricClusteringResult } from './metric-clustering';
