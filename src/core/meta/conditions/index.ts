/** Data conditions (seed 002): metric–human correlation as the references per item or the items shrink. */
export { checkConditionData } from './condition-data';
export type { ConditionData, ConditionMetric, HumanConditionScores, ReferenceSubsets, StatsScore } from './condition-data';
export { dataConditions, defaultItemSizes } from './data-conditions';
export type {
  AnovaJson, BandJson, ConditionAxis, CurvePoint, DataConditionOptions, DataConditionResult, HumanPairsPoint, MetricCurve, RowTest, SizeComparison,
} from './data-conditions';
export { percentileOfSorted, summarizeDistribution } from './distribution-summary';
export type { DistributionSummary } from './distribution-summary';
export { conditionMetricFromEngine, presentReferences } from './engine-statistics';
export type { EngineConditionInput, ReferenceSubsetMode } from './engine-statistics';
export { fDistributionSf, oneWayAnova } from './one-way-anova';
export type { AnovaResult } from './one-way-anova';
export { allSubsetMasks, combinedReferenceSubsets, enumeratedReferenceSubsets } from './reference-subsets';
export type { ReferenceCombiner } from './reference-subsets';
export { STAIRCASE_SYMBOLS, staircase } from './staircase-marks';
export type { PairwiseCorrection, RowComparison, Staircase } from './staircase-marks';
export { statsScoreOf } from './stats-score';
export { CriticalT, pairDecisions, pairShares } from './system-pairs';
