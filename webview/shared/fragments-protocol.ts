import type { FragmentRunReport } from '../../src/core/meta/gap/fragment-report';
import type { FragmentTableId } from '../../src/core/meta/gap/fragment-tables';
import type { TableExportFormat } from '../../src/core/report/correlation-tables';
import type { ComputationStatus } from './computation-status';
import { isPlotExport } from './correlation-protocol';

/**
 * Messages between the extension host and the truncated-sentence panel ("Understudy: Show Truncated-Sentence
 * Diagnostics"). The host checks what it receives with `isMessageFromFragmentsWebview`, the webview what it is sent
 * with `isMessageToFragmentsWebview`.
 */

const TABLES: readonly FragmentTableId[] = ['systems', 'output-level', 'system-level', 'within', 'fragments'];
const TABLE_FORMATS: readonly TableExportFormat[] = ['csv', 'latex', 'markdown'];

/** The panel's options, one `understudy fragments` flag each; defaults as the CLI's (fragment-effect.ts). */
export interface FragmentsPanelOptions {
  readonly fragmentWhen: 'unterminated' | 'cut';
  readonly systemThreshold: number;
  readonly test: 'student' | 'welch';
  readonly alternative: 'two-sided' | 'greater' | 'less';
  /** null: the whole text. */
  readonly wordLimit: number | null;
  /** Metrics to score (judgments input; empty for a table, whose columns say). */
  readonly metrics: readonly string[];
}

export function defaultFragmentsOptions(metrics: readonly string[]): FragmentsPanelOptions {
  return { fragmentWhen: 'unterminated', systemThreshold: 0.5, test: 'student', alternative: 'two-sided', wordLimit: null, metrics: [...metrics] };
}

/** Extension → webview. */
export interface ShowFragmentsMessage {
  readonly type: 'fragments';
  /** Changes whenever anything but `status` changes. */
  readonly revision: number;
  readonly title: string;
  readonly report?: FragmentRunReport;
  readonly options: FragmentsPanelOptions;
  /** Metrics the options can choose from (the evaluation's); empty when the input is a table. */
  readonly metrics: readonly string[];
  readonly status: ComputationStatus;
  readonly commandLine: string;
  readonly commandNote?: string;
  readonly unsaved: readonly string[];
}

export type MessageToFragmentsWebview = ShowFragmentsMessage;

export type MessageFromFragmentsWebview =
  | { readonly type: 'ready' }
  | { readonly type: 'recompute'; readonly options: FragmentsPanelOptions }
  | { readonly type: 'cancel' }
  | { readonly type: 'copy'; readonly text: string }
  | { readonly type: 'exportTable'; readonly table: FragmentTableId; readonly format: TableExportFormat }
  | { readonly type: 'exportPlot'; readonly name: string; readonly format: 'svg' | 'png'; readonly data: string };

/** Options as `understudy fragments` would accept them. */
export function isFragmentsPanelOptions(value: unknown): value is FragmentsPanelOptions {
  if (typeof value !== 'object' || value === null) return false;
  const o = value as Record<string, unknown>;
  return (
    (o.fragmentWhen === 'unterminated' || o.fragmentWhen === 'cut') &&
    typeof o.systemThreshold === 'number' && o.systemThreshold > 0 && o.systemThreshold <= 1 &&
    (o.test === 'student' || o.test === 'welch') &&
    (o.alternative === 'two-sided' || o.alternative === 'greater' || o.alternative === 'less') &&
    (o.wordLimit === null || (typeof o.wordLimit === 'number' && Number.isSafeInteger(o.wordLimit) && o.wordLimit >= 1)) &&
    Array.isArray(o.metrics) && o.metrics.every((m) => typeof m === 'string' && m.length > 0 && m.length <= 200)
  );
}

export function isMessageFromFragmentsWebview(value: unknown): value is MessageFromFragmentsWebview {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Record<string, unknown>;
  switch (m.type) {
    case 'ready':
    case 'cancel':
      return true;
    case 'recompute':
      return isFragmentsPanelOptions(m.options);
    case 'copy':
      return typeof m.text === 'string';
    case 'exportTable':
      return (TABLES as readonly unknown[]).includes(m.table) && (TABLE_FORMATS as readonly unknown[]).includes(m.format);
    case 'exportPlot':
      return isPlotExport(m);
    default:
      return false;
  }
}

export function isMessageToFragmentsWebview(value: unknown): value is MessageToFragmentsWebview {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Record<string, unknown>;
  return m.type === 'fragments' && typeof m.revision === 'number' && typeof m.title === 'string' && typeof m.status === 'object' && m.status !== null && isFragmentsPanelOptions(m.options) && Array.isArray(m.metrics);
}
