import type { CorrelationReport, ResampleUnit, SegmentGrouping } from '../../src/core/meta/correlation-report';
import type { CorrelationName } from '../../src/core/meta/stats/correlation-functions';
import type { CorrelationTableId, TableExportFormat } from '../../src/core/report/correlation-tables';

/**
 * Messages between the extension host and the correlation panel ("Understudy: Show Correlations"). Both sides import
 * these types; the host checks what it receives with `isMessageFromCorrelationWebview` (a webview is untrusted input
 * like any other) and the webview what it is sent with `isMessageToCorrelationWebview`.
 */

/** The coefficients and groupings the options offer (the same names as `understudy correlate --correlations/--groupings`). */
export const PANEL_CORRELATIONS: readonly CorrelationName[] = ['pearson', 'spearman', 'kendall-a', 'kendall-b', 'kendall-c', 'kendall-23', 'kendall-acc23', 'kendall-like'];
export const PANEL_GROUPINGS: readonly SegmentGrouping[] = ['pooled', 'by-system', 'by-item'];
const RESAMPLE_UNITS: readonly ResampleUnit[] = ['items', 'systems', 'both'];
const CORRECTIONS = ['holm', 'bonferroni', 'none'] as const;

/**
 * The options the panel lets people change. They map one to one onto `MetaEvaluationOptions` (and the human score's
 * aspects onto `--aspect`), i.e. onto `understudy correlate` flags, so the panel's command line reproduces its numbers.
 */
export interface CorrelationPanelOptions {
  readonly correlations: readonly CorrelationName[];
  readonly groupings: readonly SegmentGrouping[];
  /** Coverage of the intervals (`--level`). */
  readonly level: number;
  /** `--bootstrap`; 0 = no bootstrap intervals. */
  readonly bootstrapSamples: number;
  readonly resample: ResampleUnit;
  /** `--permutations`; 0 = no permutation tests. */
  readonly permutationSamples: number;
  readonly seed: number;
  readonly correction: (typeof CORRECTIONS)[number];
  /** Human score aspect(s) (`--aspect`); empty = the judgments' default (WMT: z). */
  readonly aspects: readonly string[];
}

/** Where the computation stands. */
export type CorrelationStatus =
  | { readonly state: 'computing'; readonly stage?: string; readonly done: number; readonly total: number }
  | { readonly state: 'ready' }
  | { readonly state: 'cancelled' }
  | { readonly state: 'error'; readonly message: string };

/** Extension → webview: the evaluation, its numbers (once computed) and how to reproduce them. */
export interface ShowCorrelationsMessage {
  readonly type: 'correlations';
  /** Changes whenever anything but `status` changes: the webview rebuilds its content only then (progress is cheap). */
  readonly revision: number;
  readonly title: string;
  /** The report shown (kept while new options are computed; absent before the first run finishes). */
  readonly report?: CorrelationReport;
  /** The options of `report` (or, before there is one, of the run under way). */
  readonly options: CorrelationPanelOptions;
  /** Human score aspects the judgment files offer, for the options' aspect choice. */
  readonly aspects: readonly string[];
  readonly status: CorrelationStatus;
  /** The `understudy correlate` command line that reproduces `report`. */
  readonly commandLine: string;
  /** Why the command line may not reproduce everything exactly (see commandLineLimitation), if it may not. */
  readonly commandNote?: string;
  /** Files with unsaved changes: the command line reads the saved files. */
  readonly unsaved: readonly string[];
  /** Systems (report names) whose output file the extension can open, with their segments as lines. */
  readonly openable: readonly string[];
}

/** Extension → webview: the lines of one system's output, asked for with `requestTexts` (shown beside its segments). */
export interface SegmentTextsMessage {
  readonly type: 'segmentTexts';
  readonly system: string;
  readonly lines: readonly string[];
}

export type MessageToCorrelationWebview = ShowCorrelationsMessage | SegmentTextsMessage;

export interface CorrelationReadyMessage {
  readonly type: 'ready';
}
/** Open a system's output file (by its name in the report). */
export interface OpenSystemMessage {
  readonly type: 'openSystem';
  readonly system: string;
}
/** Open a system's output at one segment (0-based index into `report.segments.items`, i.e. the line). */
export interface OpenSegmentMessage {
  readonly type: 'openSegment';
  readonly system: string;
  readonly index: number;
}
/** Send the lines of a system's output (answered with `segmentTexts`). */
export interface RequestTextsMessage {
  readonly type: 'requestTexts';
  readonly system: string;
}
/** Compute again with these options. */
export interface RecomputeMessage {
  readonly type: 'recompute';
  readonly options: CorrelationPanelOptions;
}
/** Stop the computation under way. */
export interface CorrelationCancelMessage {
  readonly type: 'cancel';
}
/** Put text (the command line, a signature) on the clipboard. */
export interface CorrelationCopyMessage {
  readonly type: 'copy';
  readonly text: string;
}
/** Save one table of the report (the extension builds the text from its own copy of the report; asks where). */
export interface ExportTableMessage {
  readonly type: 'exportTable';
  readonly table: CorrelationTableId;
  readonly format: TableExportFormat;
  /** The metric matrix's level and coefficient. */
  readonly level?: 'system' | 'segment';
  readonly correlation?: CorrelationName;
  /** Rows in the order shown (a permutation of the table's rows). */
  readonly order?: readonly number[];
}
/** Save a plot: `data` is the SVG document, or the PNG as a base64 data URL. */
export interface ExportPlotMessage {
  readonly type: 'exportPlot';
  readonly name: string;
  readonly format: 'svg' | 'png';
  readonly data: string;
}

export type MessageFromCorrelationWebview =
  | CorrelationReadyMessage
  | OpenSystemMessage
  | OpenSegmentMessage
  | RequestTextsMessage
  | RecomputeMessage
  | CorrelationCancelMessage
  | CorrelationCopyMessage
  | ExportTableMessage
  | ExportPlotMessage;

const TABLES: readonly CorrelationTableId[] = ['systems', 'system-level', 'comparisons', 'segment-level', 'metric-matrix', 'agreement'];
const TABLE_FORMATS: readonly TableExportFormat[] = ['csv', 'latex', 'markdown'];
/** Largest plot the host accepts (a PNG of a wide scatter plot at 2× is well under 2 MB). */
export const MAX_PLOT_BYTES = 16 * 1024 * 1024;

function isListOf<T extends string>(value: unknown, allowed: readonly T[], nonEmpty: boolean): value is T[] {
  return Array.isArray(value) && (!nonEmpty || value.length > 0) && value.every((v) => typeof v === 'string' && (allowed as readonly string[]).includes(v));
}

const isCount = (v: unknown, max: number): boolean => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= max;

/** Options as the CLI would accept them (the same ranges as parse-correlate-args.ts). */
export function isCorrelationPanelOptions(value: unknown): value is CorrelationPanelOptions {
  if (typeof value !== 'object' || value === null) return false;
  const o = value as Record<string, unknown>;
  return (
    isListOf(o.correlations, PANEL_CORRELATIONS, true) &&
    isListOf(o.groupings, PANEL_GROUPINGS, true) &&
    typeof o.level === 'number' &&
    o.level > 0 &&
    o.level < 1 &&
    isCount(o.bootstrapSamples, 1_000_000) &&
    typeof o.resample === 'string' &&
    (RESAMPLE_UNITS as readonly string[]).includes(o.resample) &&
    isCount(o.permutationSamples, 1_000_000) &&
    isCount(o.seed, Number.MAX_SAFE_INTEGER) &&
    typeof o.correction === 'string' &&
    (CORRECTIONS as readonly string[]).includes(o.correction) &&
    Array.isArray(o.aspects) &&
    o.aspects.every((a) => typeof a === 'string' && a.length > 0 && a.length < 200)
  );
}

export function isMessageFromCorrelationWebview(value: unknown): value is MessageFromCorrelationWebview {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Record<string, unknown>;
  switch (m.type) {
    case 'ready':
    case 'cancel':
      return true;
    case 'openSystem':
    case 'requestTexts':
      return typeof m.system === 'string';
    case 'openSegment':
      return typeof m.system === 'string' && isCount(m.index, Number.MAX_SAFE_INTEGER);
    case 'recompute':
      return isCorrelationPanelOptions(m.options);
    case 'copy':
      return typeof m.text === 'string';
    case 'exportTable':
      return (
        typeof m.table === 'string' &&
        (TABLES as readonly string[]).includes(m.table) &&
        typeof m.format === 'string' &&
        (TABLE_FORMATS as readonly string[]).includes(m.format) &&
        (m.level === undefined || m.level === 'system' || m.level === 'segment') &&
        (m.correlation === undefined || (typeof m.correlation === 'string' && (PANEL_CORRELATIONS as readonly string[]).includes(m.correlation))) &&
        (m.order === undefined || (Array.isArray(m.order) && m.order.every((i) => isCount(i, 1_000_000))))
      );
    case 'exportPlot':
      return isPlotExport(m);
    default:
      return false;
  }
}

/** An `exportPlot` message's fields: a name, and an SVG document or a PNG data URL of bounded size (the panels share it). */
export function isPlotExport(m: Record<string, unknown>): boolean {
  return (
    typeof m.name === 'string' &&
    (m.format === 'svg' || m.format === 'png') &&
    typeof m.data === 'string' &&
    m.data.length <= MAX_PLOT_BYTES &&
    (m.format === 'svg' ? /^<svg[\s>]/.test(m.data) : m.data.startsWith('data:image/png;base64,'))
  );
}

export function isMessageToCorrelationWebview(value: unknown): value is MessageToCorrelationWebview {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Record<string, unknown>;
  if (m.type === 'segmentTexts') return typeof m.system === 'string' && Array.isArray(m.lines);
  return m.type === 'correlations' && typeof m.revision === 'number' && typeof m.title === 'string' && typeof m.status === 'object' && m.status !== null && isCorrelationPanelOptions(m.options);
}
