/** Human–system gap and linguistic diagnostics (seed 004 §3; digest B.4.1–B.4.4, D.8–D.9). */
export { fragmentEffect } from './fragment-effect';
export type { FragmentEffectResult, FragmentInput, FragmentOptions, MeasureComparison, OutputMeasure, WithinSystemComparison } from './fragment-effect';
export { groupCorrelationTable, selfAssessmentBias } from './group-correlations';
export type { CorrelationCell, GroupCorrelationTable, LabelledScores, SelfAssessmentResult } from './group-correlations';
export { humanSystemGap } from './human-system-gap';
export type { GapOptions, GapPoint, GapPointResult, GroupFit, HumanSystemGapResult } from './human-system-gap';
export { ROBUST_METHODS, fitLine } from './robust-regression';
export type { LineFit, RobustMethod } from './robust-regression';
export { checkEnding, isFragment } from './truncation';
export type { EndingCheck, EndingOptions, EndingVerdict } from './truncation';
