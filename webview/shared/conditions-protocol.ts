import type { ConditionRunReport } from '../../src/core/meta/conditions/condition-run';
import type { ConditionTableId } from '../../src/core/meta/conditions/condition-tables';
import { CORRELATION_NAMES, type CorrelationName } from '../../src/core/meta/stats/correlation-functions';
import type { TableExportFormat } from '../../src/core/report/correlation-tables';
import type { CorrelationStatus } from './correlation-protocol';
import { isPlotExport } from './correlation-protocol';

/**
 * Messages between the extension host and the data-condition panel ("Understudy: Show Data Conditions"). The host
 * checks what it receives with `isMessageFromConditionsWebview`, the webview what it is sent with
 * `isMessageToConditionsWebview`.
 */

export const CONDITION_CORRELATIONS: readonly CorrelationName[] = CORRELATION_NAMES;
export const CONDITION_CORRECTIONS = ['bonferroni', 'holm', 'none'] as const;
export const CONDITION_AXES = ['references', 'items'] as const;
export const HUMAN_TARGETS = ['full', 'same-items'] as const;
const TABLES: readonly ConditionTableId[] = ['curve', 'anova', 'rows', 'pairs', 'human-pairs'];
const TABLE_FORMATS: readonly TableExportFormat[] = ['csv', 'latex', 'markdown'];
/** Most subsets per size the panel asks for (the CLI has no limit; this keeps a mistyped 10^9 from running for hours). */
export const MAX_REPETITIONS = 100_000;

/**
 * The panel's options, one `understudy conditions` flag each (--axis, --repetitions, --seed, --sizes, --correlation,
 * --metrics, --human-target, --correction, --alpha, --pair-alpha, --no-bootstrap, --no-pairs), defaults as the CLI's.
 */
export interface ConditionsPanelOptions {
  readonly axis: (typeof CONDITION_AXES)[number];
  readonly repetitions: number;
  readonly seed: number;
  /** Sizes to sample; empty = the default (references 1…K; items seed 002's 1, 3, 6, 12, 24, … pattern). */
  readonly sizes: readonly number[];
  readonly correlation: CorrelationName;
  /** Metrics (of the evaluation's) to run. */
  readonly metrics: readonly string[];
  readonly humanTarget: (typeof HUMAN_TARGETS)[number];
  readonly correction: (typeof CONDITION_CORRECTIONS)[number];
  readonly alpha: number;
  readonly pairAlpha: number;
  readonly bootstrap: boolean;
  readonly pairs: boolean;
}

/** `understudy conditions`'s defaults (the paper's most likely readings where it leaves a choice open). */
export function defaultConditionsOptions(metrics: readonly string[]): ConditionsPanelOptions {
  return {
    axis: 'references', repetitions: 1000, seed: 12345, sizes: [], correlation: 'pearson', metrics: [...metrics],
    humanTarget: 'full', correction: 'bonferroni', alpha: 0.05, pairAlpha: 0.05, bootstrap: true, pairs: true,
  };
}

export type ConditionsStatus = CorrelationStatus;

/** Extension → webview. */
export interface ShowConditionsMessage {
  readonly type: 'conditions';
  /** Changes whenever anything but `status` changes. */
  readonly revision: number;
  readonly title: string;
  readonly report?: ConditionRunReport;
  /** The options of `report` (or of the run under way). */
  readonly options: ConditionsPanelOptions;
  /** The evaluation's metrics (what the options can choose from). */
  readonly metrics: readonly string[];
  readonly status: ConditionsStatus;
  readonly commandLine: string;
  readonly commandNote?: string;
  readonly unsaved: readonly string[];
}

export type MessageToConditionsWebview = ShowConditionsMessage;

export type MessageFromConditionsWebview =
  | { readonly type: 'ready' }
  | { readonly type: 'recompute'; readonly options: ConditionsPanelOptions }
  | { readonly type: 'cancel' }
  | { readonly type: 'copy'; readonly text: string }
  | { readonly type: 'exportTable'; readonly table: ConditionTableId; readonly metric?: string; readonly format: TableExportFormat }
  | { readonly type: 'exportPlot'; readonly name: string; readonly format: 'svg' | 'png'; readonly data: string };

const isText = (v: unknown, max = 200): v is string => typeof v === 'string' && v.length > 0 && v.length <= max;
const isLevel = (v: unknown): boolean => typeof v === 'number' && v > 0 && v < 1;

/** Options as `understudy conditions` would accept them. */
export function isConditionsPanelOptions(value: unknown): value is ConditionsPanelOptions {
  if (typeof value !== 'object' || value === null) return false;
  const o = value as Record<string, unknown>;
  return (
    (CONDITION_AXES as readonly unknown[]).includes(o.axis) &&
    typeof o.repetitions === 'number' && Number.isInteger(o.repetitions) && o.repetitions >= 2 && o.repetitions <= MAX_REPETITIONS &&
    typeof o.seed === 'number' && Number.isSafeInteger(o.seed) && o.seed >= 0 &&
    Array.isArray(o.sizes) && o.sizes.length <= 1000 && o.sizes.every((n) => typeof n === 'number' && Number.isInteger(n) && n >= 1) &&
    (CONDITION_CORRELATIONS as readonly unknown[]).includes(o.correlation) &&
    Array.isArray(o.metrics) && o.metrics.length > 0 && o.metrics.every((m) => isText(m)) &&
    (HUMAN_TARGETS as readonly unknown[]).includes(o.humanTarget) &&
    (CONDITION_CORRECTIONS as readonly unknown[]).includes(o.correction) &&
    isLevel(o.alpha) && isLevel(o.pairAlpha) &&
    typeof o.bootstrap === 'boolean' && typeof o.pairs === 'boolean'
  );
}

export function isMessageFromConditionsWebview(value: unknown): value is MessageFromConditionsWebview {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Record<string, unknown>;
  switch (m.type) {
    case 'ready':
    case 'cancel':
      return true;
    case 'recompute':
      return isConditionsPanelOptions(m.options);
    case 'copy':
      return typeof m.text === 'string';
    case 'exportTable':
      return (TABLES as readonly unknown[]).includes(m.table) && (TABLE_FORMATS as readonly unknown[]).includes(m.format) && (m.metric === undefined || isText(m.metric, 10_000));
    case 'exportPlot':
      return isPlotExport(m);
    default:
      return false;
  }
}

export function isMessageToConditionsWebview(value: unknown): value is MessageToConditionsWebview {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Record<string, unknown>;
  return m.type === 'conditions' && typeof m.revision === 'number' && typeof m.title === 'string' && typeof m.status === 'object' && m.status !== null && isConditionsPanelOptions(m.options) && Array.isArray(m.metrics);
}
