/** Heterogeneity and metric combinations (Amigó, Giménez et al. 2009–2012): ULC, H, HBR, R/S, SIP/SIR, OST, AUC. */
export { metricMeasures, presentItems } from './output-scores';
export type { ItemMeasure, OutputScores } from './output-scores';
export { heterogeneity, HeterogeneityEstimator } from './heterogeneity';
export type { HeterogeneityOptions, HeterogeneityResult } from './heterogeneity';
export { hbr, heterogeneityPrinciple } from './hbr';
export type { HbrOptions, HbrResult, HbrSystem, HeterogeneityPrincipleResult, PrincipleBin } from './hbr';
export { MAX_TABULATED_METRICS, reliability, reliabilityGain, subsetTable, thresholdCurve } from './reliability';
export type { Comparison, ReliabilityGainResult, ReliabilityOptions, ReliabilityResult, SubsetRow, SubsetTableResult, ThresholdCurveResult, ThresholdPoint } from './reliability';
export { auc } from './auc';
export type { AucOptions, AucResult, MeasureAuc } from './auc';
export { ulc } from './ulc';
export type { UlcNormalisation, UlcOptions, UlcResult } from './ulc';
export { significantImprovements, sipSir } from './significant-improvements';
export type { Improvement, MeasureImprovements, PairTest, SignificanceOptions, SignificantImprovementsResult } from './significant-improvements';
export { oracleSystemTest } from './oracle-system-test';
export type { OracleOptions, OracleResult, OracleTies } from './oracle-system-test';
export { DEFAULT_EXTREME_THRESHOLDS, qualityDecrease, scoreExtremes } from './score-extremes';
export type { ExtremeError, ExtremeThresholds, MeasureExtremes, QualityDecreaseResult, ScoreExtremesResult } from './score-extremes';
