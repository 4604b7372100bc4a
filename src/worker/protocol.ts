import { MetricSettings } from '../core/engine/metric-settings';
import { ReferenceInput, ScoreReport, SystemInput } from '../core/engine/score-systems';
import { SegmentExplanation, SystemScores } from '../core/engine/evaluation-session';
import { UnderstudyErrorCode } from '../core/errors';
import { CorrelationReport, MetaEvaluationOptions } from '../core/meta/correlation-report';
import { CorrelationSources } from '../core/meta/correlation-inputs';
import { ConditionRunReport, DataConditionSettings } from '../core/meta/conditions/condition-sources';
import { HumanJudgmentsFile } from '../core/meta/judgments/human-judgments';
import { JudgmentFileSummary } from '../core/meta/judgments/judgment-summary';
import { BootstrapInterval } from '../core/significance/bootstrap-confidence';
import { SystemComparison } from '../core/compare/compare-systems';
import { MultipleComparisonCorrection, PairedTestKind } from '../core/significance/pairwise-table';
import { ManualAnalysis, ManualInput, UnreadableFile } from '../core/meta/manual/manual-analysis';
import { MetaAnalysisRequest, MetaAnalysisResult } from './meta-analysis-jobs';
import { RoseRunOptions } from '../core/meta/rose/rose-command-line';
import { RoseModel } from '../core/meta/rose/rose-model';
import { RoseSearchResult } from '../core/meta/rose/rose-search';
import type { FragmentOptions } from '../core/meta/gap/fragment-effect';
import type { FragmentRunReport } from '../core/meta/gap/fragment-run';
import type { FragmentJobInput } from './fragments-job';

/**
 * Messages between the extension host and the scoring worker (worker_threads). Every request carries an `id` the
 * reply repeats. Long requests carry `cancelFlag`: an Int32Array view over a SharedArrayBuffer where the host
 * stores 1 at index 0 to cancel (the worker is busy, so no message could reach it).
 */
export interface ScoreJob {
  readonly type: 'score';
  readonly id: number;
  readonly references: readonly ReferenceInput[];
  readonly systems: readonly SystemInput[];
  readonly metrics: readonly string[];
  readonly settings: MetricSettings;
  readonly sentence: boolean;
  readonly cancelFlag: SharedArrayBuffer;
}

/** Prepares the metrics against a reference set once; systems are then scored and re-scored against it. */
export interface OpenSession {
  readonly type: 'open-session';
  readonly id: number;
  readonly session: number;
  readonly references: readonly ReferenceInput[];
  readonly metrics: readonly string[];
  readonly settings: MetricSettings;
  readonly cancelFlag: SharedArrayBuffer;
}

/** A system's current lines: the worker re-scores those that changed. Replies with `SystemScores`. */
export interface SetLines {
  readonly type: 'set-lines';
  readonly id: number;
  readonly session: number;
  readonly system: string;
  readonly lines: readonly string[];
  readonly cancelFlag: SharedArrayBuffer;
}

/** Why one line scored as it did. Replies with `SegmentExplanation | undefined`. */
export interface ExplainLine {
  readonly type: 'explain';
  readonly id: number;
  readonly session: number;
  readonly system: string;
  readonly index: number;
  readonly metrics?: readonly string[];
}

/** Why several lines scored as they did (one reply for the visible lines). Replies with `(SegmentExplanation | undefined)[]`. */
export interface ExplainLines {
  readonly type: 'explain-lines';
  readonly id: number;
  readonly session: number;
  readonly system: string;
  readonly indexes: readonly number[];
  readonly metrics?: readonly string[];
}

/** 95% bootstrap intervals of a system's corpus scores (sacreBLEU `--confidence`). Replies with `Record<metric, BootstrapInterval>`. */
export interface ScoreIntervals {
  readonly type: 'intervals';
  readonly id: number;
  readonly session: number;
  readonly system: string;
  readonly metrics: readonly string[];
  readonly samples: number;
  readonly seed: number;
  readonly cancelFlag: SharedArrayBuffer;
}

/**
 * Compares systems scored in one session, per metric: paired bootstrap or approximate randomization p-values for
 * every pair (corrected for the number of pairs), and the per-line better/worse/equal counts. Replies with
 * `Record<metric, SystemComparison>`.
 */
export interface CompareSystems {
  readonly type: 'compare';
  readonly id: number;
  readonly session: number;
  /** System keys (as given to set-lines), the first being the baseline of a two-system comparison. */
  readonly systems: readonly string[];
  readonly names: readonly string[];
  readonly metrics: readonly string[];
  readonly test: PairedTestKind;
  readonly samples: number;
  readonly seed: number;
  readonly correction: MultipleComparisonCorrection;
  readonly cancelFlag: SharedArrayBuffer;
}

export type { SystemComparison } from '../core/compare/compare-systems';

/**
 * A meta-evaluation: score the systems, read and combine the human judgments, correlate (see
 * src/core/meta/correlation-report.ts). The host reads the files; the worker gets their texts. Progress replies carry
 * the stage ('scoring', 'bootstrap', 'comparisons', 'segments', 'agreement') and overall done/total. Replies with
 * `CorrelationReport`.
 */
export interface CorrelateJob extends CorrelationSources {
  readonly type: 'correlate';
  readonly id: number;
  /** Metric names (default: bleu, chrf, ter; rouge1, rouge2, rougeL for SummEval/REALSumm corpora). */
  readonly metrics?: readonly string[];
  readonly settings: MetricSettings;
  readonly options?: MetaEvaluationOptions;
  /** The workspace's ROSE models (understudy.json `roseModels`): each computed as one more metric when it can be. */
  readonly roseModels?: readonly RoseModel[];
  readonly cancelFlag: SharedArrayBuffer;
}

/**
 * Data conditions (seed 002): the correlation of each metric with the human score as the references per item or the
 * items shrink (src/core/meta/conditions/condition-sources.ts). Progress stages 'scoring' then 'subsets'. Replies with
 * `ConditionRunReport`.
 */
export interface ConditionsJob extends CorrelationSources {
  readonly type: 'conditions';
  readonly id: number;
  readonly metrics: readonly string[];
  readonly settings: MetricSettings;
  readonly options: DataConditionSettings;
  readonly cancelFlag: SharedArrayBuffer;
}

/**
 * A ROSE search (src/core/meta/rose) on a score table's text, with `understudy rose`'s options. Progress replies
 * count the train/test splits. Replies with `RoseJobResult`.
 */
export interface RoseJob {
  readonly type: 'rose';
  readonly id: number;
  /** `path` as messages and the command line name the table; `text` its content (an open editor's, if open). */
  readonly table: { readonly path: string; readonly text: string };
  readonly options: RoseRunOptions;
  readonly cancelFlag: SharedArrayBuffer;
}

export interface RoseJobResult {
  readonly result: RoseSearchResult;
  /** What the CLI prints as warnings (rows left out). */
  readonly warnings: readonly string[];
}

/**
 * Truncated-sentence diagnostics (src/core/meta/gap/fragment-run.ts): an evaluation's sources with the metrics to
 * score per output, or a table's text. Progress stage 'scoring'. Replies with `FragmentRunReport`.
 */
export interface FragmentsJob {
  readonly type: 'fragments';
  readonly id: number;
  readonly input: FragmentJobInput;
  readonly options: FragmentOptions;
  readonly cancelFlag: SharedArrayBuffer;
}

/** Forgets one system of a session (its lines and statistics). */
export interface RemoveSystem {
  readonly type: 'remove-system';
  readonly id: number;
  readonly session: number;
  readonly system: string;
}

/** What judgment files hold (format, level, aspects), read as `correlate` will. Replies with `JudgmentFileSummary[]`. */
export interface JudgmentInfo {
  readonly type: 'judgment-info';
  readonly id: number;
  readonly files: readonly HumanJudgmentsFile[];
  readonly texts: readonly string[];
}

/** A manual-evaluation analysis (pyramid, alpha, nuggets, relevance, comprehension) of file texts. Replies with `ManualJobResult`. */
export interface ManualJob {
  readonly type: 'manual';
  readonly id: number;
  readonly input: ManualInput;
  readonly cancelFlag: SharedArrayBuffer;
}

/** The analysis, the files left out as unreadable, and the `understudy …` command line of the files used. */
export interface ManualJobResult {
  readonly analysis: ManualAnalysis;
  readonly skipped: readonly UnreadableFile[];
  readonly commandLine: string;
}

/**
 * QARLA or heterogeneity analyses of one table (src/worker/meta-analysis-jobs.ts): progress replies name the analysis
 * running. Replies with `MetaAnalysisResult`.
 */
export interface MetaAnalysisJob {
  readonly type: 'meta-analysis';
  readonly id: number;
  readonly request: MetaAnalysisRequest;
  readonly cancelFlag: SharedArrayBuffer;
}

export interface CloseSession {
  readonly type: 'close-session';
  readonly id: number;
  readonly session: number;
}

export type WorkerRequest = ScoreJob | OpenSession | SetLines | ExplainLine | ExplainLines | ScoreIntervals | CompareSystems | CorrelateJob | ConditionsJob | JudgmentInfo | RemoveSystem | CloseSession | ManualJob | MetaAnalysisJob | RoseJob | FragmentsJob;

/** What each request resolves to. */
export interface WorkerResults {
  score: ScoreReport;
  'open-session': { readonly metrics: readonly string[]; readonly segmentCount: number };
  'set-lines': SystemScores;
  explain: SegmentExplanation | undefined;
  'explain-lines': (SegmentExplanation | undefined)[];
  'remove-system': null;
  intervals: Record<string, BootstrapInterval>;
  compare: Record<string, SystemComparison>;
  correlate: CorrelationReport;
  conditions: ConditionRunReport;
  rose: RoseJobResult;
  'judgment-info': JudgmentFileSummary[];
  'close-session': null;
  manual: ManualJobResult;
  'meta-analysis': MetaAnalysisResult;
  fragments: FragmentRunReport;
}

export type WorkerReply =
  | { readonly type: 'progress'; readonly id: number; readonly done: number; readonly total: number; readonly stage?: string }
  | { readonly type: 'result'; readonly id: number; readonly value: unknown }
  | { readonly type: 'cancelled'; readonly id: number }
  | {
      readonly type: 'error';
      readonly id: number;
      readonly error: { readonly code: UnderstudyErrorCode | 'internal'; readonly message: string; readonly details?: unknown };
    };
