/** ROSE (Conroy & Dang 2008): the linear combination of metric scores that best predicts a human score. */
export { centredCrossProducts, combinationCorrelation, solveNormalEquations } from './least-squares';
export { mannWhitneyU } from './mann-whitney';
export type { MannWhitneyMethod, MannWhitneyResult } from './mann-whitney';
export { applyRose, checkRoseInput, fitRose, parseRoseModel } from './rose-model';
export type { RoseFitSummary, RoseInput, RoseModel } from './rose-model';
export { criticalCorrelation, roseSearch } from './rose-search';
export type { RoseComparison, RoseSearchOptions, RoseSearchResult, RoseSubsetResult } from './rose-search';
export { prepareRoseMetric, signatureMismatches } from './rose-metric';
