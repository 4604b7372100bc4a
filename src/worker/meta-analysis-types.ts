import type { CorrelationName } from '../core/meta/stats/correlation-functions';
import type { QarlaOptions } from '../core/meta/qarla/qarla-options';
import type { AnalysisTable } from '../core/report/analysis-tables';

/**
 * The QARLA and heterogeneity panels' worker request and result (src/worker/meta-analysis-jobs.ts runs them). Types
 * only, free of Node modules, so the webviews can import them too.
 */

/** A table as the editor holds it (unsaved changes included); `path` names it in messages and command lines. */
export interface TableText {
  readonly path: string;
  readonly text: string;
}

/** `understudy qarla`'s options (QarlaCommand without the analysis, the table, --human FILE, --top and the output format). */
export interface QarlaSettings {
  readonly models: readonly string[];
  readonly caseColumn?: string;
  readonly candidate: string;
  readonly reference: string;
  readonly metrics?: readonly string[];
  readonly symmetric: boolean;
  readonly options: Partial<QarlaOptions>;
  readonly ties?: 'strict' | 'half';
  readonly humanScore?: string;
  readonly correlation?: CorrelationName;
  readonly clusters?: number;
  readonly orders?: number;
  readonly seed?: number;
  readonly order?: readonly string[];
}

/** `understudy heterogeneity`'s options (HeterogeneityCommand without the analysis, the table and the output format). */
export interface HeterogeneitySettings {
  readonly system: string;
  readonly segment?: string;
  readonly human?: string;
  readonly metrics?: readonly string[];
  readonly lowerIsBetter: readonly string[];
  readonly combinations: readonly ('ulc' | 'hbr')[];
  readonly samplePairs?: number;
  readonly seed?: number;
  readonly normalisation?: 'asiya' | 'min-max' | 'z-score' | 'none';
  readonly condition?: 'at-least' | 'greater';
  readonly outcome?: 'at-least' | 'greater';
  readonly alpha?: number;
  readonly alternative?: 'two-sided' | 'one-sided';
  readonly ties?: 'mean' | 'min' | 'max';
  readonly worstFraction?: number;
}

export const QARLA_JOB_ANALYSES = ['queen', 'king', 'jack', 'jack-curve', 'search', 'clusters', 'estimate'] as const;
export const HETEROGENEITY_JOB_ANALYSES = ['h', 'ulc', 'hbr', 'reliability', 'subsets', 'sip', 'ost', 'auc'] as const;

export interface QarlaRequest {
  readonly kind: 'qarla';
  readonly table: TableText;
  readonly settings: QarlaSettings;
  /** System scores for the search's QUEEN–human correlation (`--human FILE --human-score COLUMN`). */
  readonly human?: TableText & { readonly column: string };
  readonly analyses: readonly (typeof QARLA_JOB_ANALYSES)[number][];
}

export interface HeterogeneityRequest {
  readonly kind: 'heterogeneity';
  readonly table: TableText;
  readonly settings: HeterogeneitySettings;
  readonly analyses: readonly (typeof HETEROGENEITY_JOB_ANALYSES)[number][];
}

export type MetaAnalysisRequest = QarlaRequest | HeterogeneityRequest;

/** One analysis: its library result (as `--json` prints it) and main table (as `--tsv` writes it), or why it could not run. */
export interface AnalysisOutcome {
  readonly analysis: string;
  readonly result?: { readonly kind: string };
  readonly table?: AnalysisTable;
  readonly error?: string;
  readonly seconds: number;
}

export interface MetaAnalysisResult {
  readonly kind: 'qarla' | 'heterogeneity';
  /** What the table holds: cases, models and peers (QARLA) or systems and segments (heterogeneity), and the metrics. */
  readonly summary: {
    readonly metrics: readonly string[];
    readonly cases?: number;
    readonly models?: readonly string[];
    readonly peers?: readonly string[];
    readonly systems?: readonly string[];
    readonly segments?: number;
    readonly assessed?: number;
  };
  /** Heterogeneity with human scores: each system's mean human score over its assessed outputs (for the HBR plot). */
  readonly humanBySystem?: readonly { readonly system: string; readonly human: number | null; readonly outputs: number }[];
  readonly outcomes: readonly AnalysisOutcome[];
}
