import { CorrelationName } from './stats/correlation-functions';

/**
 * The result of a meta-evaluation — "does this metric agree with people?" — as one plain-data object.
 *
 * It is what `runMetaEvaluation` (meta-evaluation.ts) returns, what the worker's `correlate` request replies with,
 * what `understudy correlate --json` prints verbatim and what the correlation panel renders, so that every number the
 * panel shows can be reproduced in a terminal with the same `signature`.
 *
 * Conventions (they make the object survive JSON, worker messages and webview messages unchanged):
 * - Only JSON values: no Map, no typed array, no NaN or Infinity. A number that is undefined — a correlation of a
 *   constant vector, an interval over too few points, a p-value a coefficient does not have — is `null`.
 * - Systems and metrics are referred to by name. Names are unique within a report. Arrays that run over metrics or
 *   systems follow the order of `metrics` / `systems` unless they carry their own name list.
 * - Correlations are "agreement" numbers: with `settings.orientation` 'higher-is-better' (the default), a metric
 *   whose lower scores are better (TER, WER, PER) is correlated as −score (`MetricInfo.negated`), so +1 means perfect
 *   agreement with the human ranking for every metric, as in WMT's metrics tasks. Scores in the systems table are the
 *   metrics' own numbers, never negated.
 * - Human scores are "higher is better" (DA z-scores, Likert means, pyramid recall).
 *
 * Sections and where their numbers come from:
 * - `systems`: the systems × metrics table with the human score column. Metric scores are the engine's corpus scores
 *   (from summed sufficient statistics; exactly what `understudy score` prints). The human column is the judgments'
 *   own system score when the judgments include one (WMT's official ranking file), else the mean of the system's
 *   segment scores.
 * - `systemLevel`: per metric and coefficient, the correlation over the included systems with its p-value (SciPy
 *   1.10's tests), an analytic interval (Fisher z for Pearson, Bonett–Wright for Spearman, Fieller for Kendall) and a
 *   seeded percentile bootstrap interval (resampling segments, systems or both; metric system scores re-computed
 *   from resampled sufficient statistics, never by re-scoring text).
 * - `comparisons`: is one metric's correlation significantly higher than another's (Williams' test for Pearson,
 *   mt-metrics-eval's permutation test for every coefficient), p-values also adjusted for the number of pairs.
 * - `segmentLevel`: sentence-level metric scores against segment-level human scores — pooled ("no grouping"), per
 *   system then averaged (the METEOR paper's protocol), per item then averaged ("group by item").
 * - `metricMatrices`: metric-vs-metric correlations (the heatmap).
 * - `pairwiseAgreement`: Owczarzak et al. (2012): per system pair, a Wilcoxon signed-rank test on the human scores
 *   and on the metric's sentence scores, and how often the two decisions agree.
 * - `missing`: everything left out between metric and human data, by name — nothing is dropped silently.
 * - `segments`: the per-segment numbers behind the scatter plots (only when asked for; it can be large).
 */
export interface CorrelationReport {
  readonly schema: typeof CORRELATION_REPORT_SCHEMA;
  /** Understudy version that made the report. */
  readonly understudy: string;
  /**
   * Reproducibility string of the whole analysis, e.g.
   * `human:wmt21-sys-ranking:z|sys:8|corr:pearson,kendall-b|orient:hib|ci:0.95|boot:1000,items,seed:12345|perm:1000,seed:12345|version:0.1.0`.
   * Every metric's own signature is in `metrics[].signature`.
   */
  readonly signature: string;
  readonly settings: CorrelationSettings;
  readonly human: HumanScoreInfo;
  readonly metrics: readonly MetricInfo[];
  readonly systems: readonly SystemRow[];
  readonly systemLevel: readonly MetricCorrelation[];
  readonly comparisons: readonly MetricComparison[];
  /** Null when the judgments are system-level only. */
  readonly segmentLevel: SegmentLevelResult | null;
  readonly metricMatrices: readonly MetricMatrix[];
  /** Null when the judgments are system-level only (the tests need per-segment human scores). */
  readonly pairwiseAgreement: readonly PairwiseAgreement[] | null;
  readonly missing: MissingDataReport;
  /** Null unless requested (`includeSegments`). */
  readonly segments: SegmentTable | null;
  /** Things the user should know that are not errors (e.g. "bootstrap resampled systems only: no segment scores"). */
  readonly warnings: readonly string[];
}

export const CORRELATION_REPORT_SCHEMA = 'understudy-correlation/1';

/** A number that may be undefined (then null); see the conventions above. */
export type Statistic = number | null;

/** Segment-level groupings (mt-metrics-eval's average_by 'none' / 'sys' / 'item'). */
export type SegmentGrouping = 'pooled' | 'by-system' | 'by-item';

/** What a bootstrap sample redraws with replacement. */
export type ResampleUnit = 'items' | 'systems' | 'both';

/** The options the analysis ran with (defaults filled in). */
export interface CorrelationSettings {
  /** Coefficients computed at system level and segment level, e.g. ['pearson', 'spearman', 'kendall-b']. */
  readonly correlations: readonly CorrelationName[];
  /** Segment-level groupings computed (when segment judgments exist). */
  readonly groupings: readonly SegmentGrouping[];
  /** Coverage of every confidence interval (default 0.95). */
  readonly level: number;
  /** Null when bootstrap intervals were not computed. */
  readonly bootstrap: { readonly samples: number; readonly seed: number; readonly resample: ResampleUnit } | null;
  /** Null when permutation tests were not run. */
  readonly permutation: { readonly samples: number; readonly seed: number } | null;
  /** Multiple-comparison adjustment of the metric comparisons' p-values, over the pairs of one coefficient. */
  readonly correction: 'holm' | 'bonferroni' | 'none';
  /** Significance level of the per-pair Wilcoxon tests in `pairwiseAgreement` (default 0.05). */
  readonly alpha: number;
  readonly orientation: 'higher-is-better' | 'raw';
}

/** Where the human scores come from and how they were combined. */
export interface HumanScoreInfo {
  /** Display label, e.g. "DA z", "coherence", "adequacy+fluency (mean), z per judge". */
  readonly label: string;
  /** Judgment files, as given. */
  readonly sources: readonly string[];
  /** Loader formats used, one per source (e.g. 'wmt21-seg', 'wmt21-sys', 'summeval', 'table'). */
  readonly formats: readonly string[];
  /** Score columns combined (e.g. ['z'], ['adequacy', 'fluency']). */
  readonly aspects: readonly string[];
  readonly aspectCombination: 'mean' | 'sum';
  readonly normalization: 'raw' | 'z-per-judge';
  /** The finest level of the judgments. */
  readonly level: 'segment' | 'system';
  /** 'official': system scores given by the judgments; 'mean-of-segments': computed as the mean over judged segments. */
  readonly systemScores: 'official' | 'mean-of-segments';
}

export interface MetricInfo {
  /** Command-line name (`bleu`, `chrf`, `rouge2`…). */
  readonly name: string;
  /** Display label (`BLEU`, `chrF`, `R-2`…). */
  readonly label: string;
  /** The metric's reproducibility signature (as `understudy score` prints it). */
  readonly signature: string;
  readonly higherIsBetter: boolean;
  /** True when correlations use −score (lower-is-better metric, orientation 'higher-is-better'). */
  readonly negated: boolean;
}

/** One row of the systems × metrics table. */
export interface SystemRow {
  /** The system's name (as the judgments call it when matched, else from its file name). */
  readonly name: string;
  /** Output file; null for a system that only the judgments name (e.g. WMT's HUMAN). */
  readonly file: string | null;
  /** System-level human score; null when the system has none. */
  readonly human: Statistic;
  /** Judged segments behind the human score (0 for system-level-only judgments). */
  readonly judgedSegments: number;
  /** Metric name → the metric's corpus score (as printed by `understudy score`, not negated); null without output. */
  readonly scores: Readonly<Record<string, Statistic>>;
  /** True when the system entered the correlations (it has both an output and a human score, and is not excluded). */
  readonly included: boolean;
  /** Why a system is not included, e.g. "human translation (HUMAN rows are excluded)"; null when included. */
  readonly note: string | null;
}

/** An interval around a statistic. */
export interface Interval {
  readonly lower: Statistic;
  readonly upper: Statistic;
  /** Coverage, e.g. 0.95. */
  readonly level: number;
  /**
   * 'fisher' (Pearson, se = 1/√(n−3)), 'bonett-wright' (Spearman), 'fieller' (Kendall), 'bootstrap' (percentile
   * interval of resampled values), 'normal' (binomial proportion, p̂ ± z·√(p̂(1−p̂)/n)).
   */
  readonly method: 'fisher' | 'bonett-wright' | 'fieller' | 'bootstrap' | 'normal';
  /** Bootstrap only: samples drawn, and samples whose statistic was defined (the interval uses those). */
  readonly samples?: number;
  readonly definedSamples?: number;
}

/** One coefficient of one metric against the human scores. */
export interface CorrelationEstimate {
  readonly correlation: CorrelationName;
  readonly statistic: Statistic;
  /** Two-sided p-value for "no association" (SciPy 1.10); null where the coefficient has none. */
  readonly pvalue: Statistic;
  /** Points correlated (systems at system level, judged segments or groups' points at segment level). */
  readonly n: number;
  /** Analytic interval; null where none applies (e.g. Kendall-like τ) or n is too small. */
  readonly interval: Interval | null;
  /** Percentile bootstrap interval; null when bootstrapping is off. */
  readonly bootstrap: Interval | null;
}

/** System-level correlations of one metric. */
export interface MetricCorrelation {
  readonly metric: string;
  /** One per `settings.correlations`, in that order. */
  readonly estimates: readonly CorrelationEstimate[];
}

/**
 * Is one metric's correlation with the humans significantly higher than another's? One entry per unordered pair of
 * metrics and coefficient; `better` is the metric with the higher correlation on the data.
 */
export interface MetricComparison {
  readonly level: 'system' | 'segment';
  readonly correlation: CorrelationName;
  /** Segment level only: the grouping compared (always 'pooled' for Williams' test). */
  readonly grouping: SegmentGrouping | null;
  readonly better: string;
  readonly worse: string;
  /** corr(better) − corr(worse) ≥ 0. */
  readonly delta: Statistic;
  /** Williams' test (Pearson only; one-sided p for "better's r is higher"), null otherwise. */
  readonly williams: { readonly t: Statistic; readonly pvalue: Statistic; readonly adjustedPvalue: Statistic } | null;
  /** Permutation test (mt-metrics-eval PERM-BOTH; one-sided p for "better's correlation is higher"), null when off. */
  readonly permutation: { readonly pvalue: Statistic; readonly adjustedPvalue: Statistic; readonly samples: number } | null;
}

export interface SegmentLevelResult {
  /** (system, segment) pairs that have both a human score and an output, over the included systems. */
  readonly judgedSegments: number;
  readonly correlations: readonly SegmentCorrelation[];
}

/** One metric × grouping × coefficient at segment level. */
export interface SegmentCorrelation {
  readonly metric: string;
  readonly grouping: SegmentGrouping;
  readonly correlation: CorrelationName;
  /** The correlation ('pooled'), or the mean of the groups' correlations. */
  readonly statistic: Statistic;
  /** 'pooled': the test's p-value; grouped: the mean of the groups' p-values (mt-metrics-eval's summary, not a test). */
  readonly pvalue: Statistic;
  /** Points used. */
  readonly n: number;
  /** Groups averaged (1 for 'pooled'). */
  readonly groups: number;
  /** Groups left out: fewer than 2 points or an undefined correlation (constant scores). */
  readonly skippedGroups: number;
  /** Fisher interval for pooled Pearson, Bonett–Wright / Fieller for pooled Spearman / Kendall; null for grouped. */
  readonly interval: Interval | null;
  /** 'by-system': every system's own correlation (the METEOR paper's per-system table); empty for other groupings. */
  readonly perGroup: readonly { readonly key: string; readonly statistic: Statistic; readonly n: number }[];
}

/** A metric × metric correlation matrix (symmetric, 1 on the diagonal). */
export interface MetricMatrix {
  readonly level: 'system' | 'segment';
  readonly correlation: CorrelationName;
  /** Row and column order. */
  readonly metrics: readonly string[];
  /** values[i][j] = correlation of metrics[i] with metrics[j] (oriented as the report's correlations). */
  readonly values: readonly (readonly Statistic[])[];
}

/** Owczarzak et al. (2012) pairwise agreement of one metric with the humans over all pairs of included systems. */
export interface PairwiseAgreement {
  readonly metric: string;
  /** System pairs compared (pairs with no commonly judged segment are left out and counted in `skippedPairs`). */
  readonly pairs: number;
  readonly skippedPairs: number;
  /** Pairs where the human scores differ significantly / the metric's scores differ significantly. */
  readonly humanSignificant: number;
  readonly metricSignificant: number;
  /** Both significant, same direction (the numerator of "diff"). */
  readonly agreeSignificant: number;
  /** Both not significant (the numerator of "no diff"). */
  readonly agreeNotSignificant: number;
  /** Both significant, opposite directions. */
  readonly contradictions: number;
  /** agreeSignificant / humanSignificant (Owczarzak's "diff"). */
  readonly diffRecall: Statistic;
  /** agreeNotSignificant / (pairs − humanSignificant) ("no diff"). */
  readonly noDiffRecall: Statistic;
  /** contradictions / pairs ("contr"). */
  readonly contradictionRate: Statistic;
  /** Same three-way decision (A better, B better, no difference) / pairs ("sig"), with a normal-approximation interval. */
  readonly accuracy: Statistic;
  readonly accuracyInterval: Interval | null;
  /** Same direction of the mean difference, ignoring significance / pairs ("all"), with its interval. */
  readonly directionAgreement: Statistic;
  readonly directionInterval: Interval | null;
  readonly perPair: readonly PairOutcome[];
}

export interface PairOutcome {
  readonly a: string;
  readonly b: string;
  /** Segments judged for both systems (the paired observations of both tests). */
  readonly segments: number;
  readonly human: PairTest;
  readonly metric: PairTest;
}

/** A two-sided Wilcoxon signed-rank test of a − b over the commonly judged segments. */
export interface PairTest {
  /** Mean of a − b (on the metric's own scale for the metric side, oriented as the report). */
  readonly meanDifference: Statistic;
  /** SciPy's statistic: min(R+, R−). */
  readonly statistic: Statistic;
  readonly pvalue: Statistic;
  /** 'exact' null distribution or 'approx' (normal, with tie correction), chosen as SciPy 1.10's mode='auto'. */
  readonly method: 'exact' | 'approx' | null;
  /** 'a' or 'b' when that system is significantly better at `settings.alpha`, 'none' otherwise. */
  readonly outcome: 'a' | 'b' | 'none';
}

/** Everything that did not enter the correlations, named. */
export interface MissingDataReport {
  /** Systems with an output but no human score: in the table, left out of every correlation. */
  readonly systemsWithoutHumanScores: readonly string[];
  /** Systems the judgments name without a matching output (their human score shown): left out. */
  readonly judgedSystemsWithoutOutput: readonly { readonly name: string; readonly human: Statistic }[];
  /** Systems removed on purpose, e.g. WMT's HUMAN rows (human translations are not systems a metric should rank). */
  readonly excludedSystems: readonly { readonly name: string; readonly reason: string }[];
  /** Judgments naming segments the outputs do not have (a line number past the end, an unknown document id). */
  readonly judgmentsWithoutSegment: readonly { readonly system: string; readonly items: readonly string[] }[];
  /** Per included system, segments with an output but no human judgment (DA judges a sample; the metric's system score still uses every segment). */
  readonly unjudgedSegments: readonly { readonly system: string; readonly count: number }[];
  /** One judged name standing for several systems with identical output (WMT17 "a+b"): where it was counted. */
  readonly aliases: readonly { readonly names: readonly string[]; readonly countedAs: string }[];
  /** Output files left unmatched because several judged names fit equally well, or one judged name fits several files. */
  readonly ambiguousSystems: readonly { readonly system: string; readonly candidates: readonly string[] }[];
}

/** The per-segment numbers behind the scatter plots and the segment lists. */
export interface SegmentTable {
  /** Systems with an output, in report order; rows of `human` and of every `scores` entry follow it. */
  readonly systems: readonly string[];
  /** Segment ids in corpus order: 1-based line numbers ("1", "2", …) or document ids. */
  readonly items: readonly string[];
  /** human[s][i]: the combined human score of system s on segment i; null when not judged. */
  readonly human: readonly (readonly Statistic[])[];
  /** Metric name → [s][i] sentence-level score (not negated). */
  readonly scores: Readonly<Record<string, readonly (readonly Statistic[])[]>>;
}

/** What to compute (all optional; the defaults are what `understudy correlate` uses). JSON-compatible. */
export interface MetaEvaluationOptions {
  /** Default ['pearson', 'spearman', 'kendall-b']. */
  readonly correlations?: readonly CorrelationName[];
  /** Default ['pooled', 'by-system', 'by-item']. */
  readonly groupings?: readonly SegmentGrouping[];
  /** Coverage of every interval (default 0.95). */
  readonly level?: number;
  /** Bootstrap samples for the system-level intervals; 0 turns bootstrapping off (default 1000). */
  readonly bootstrapSamples?: number;
  /** What the bootstrap redraws (default 'items': segments or documents). */
  readonly resample?: ResampleUnit;
  /** Permutation-test runs per metric pair; 0 turns the tests off (default 1000). */
  readonly permutationSamples?: number;
  /** Seed of every resampling (NumPy-compatible PCG64; default 12345). */
  readonly seed?: number;
  /** Default 'holm'. */
  readonly correction?: 'holm' | 'bonferroni' | 'none';
  /** Level of the per-pair Wilcoxon tests of the pairwise agreement (default 0.05). */
  readonly alpha?: number;
  /** Default 'higher-is-better'. */
  readonly orientation?: 'higher-is-better' | 'raw';
  /** Put the per-segment table in the report (default false). */
  readonly includeSegments?: boolean;
  /** Run the pairwise-agreement tests (default true when segment judgments exist). */
  readonly pairwiseAgreement?: boolean;
}

/** A computed number as a report Statistic: NaN and ±Infinity become null. */
export function orNull(value: number): Statistic {
  return Number.isFinite(value) ? value : null;
}
