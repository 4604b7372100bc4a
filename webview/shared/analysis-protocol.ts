import type { TableExportFormat } from '../../src/core/report/correlation-tables';
import { isPlotExport } from './correlation-protocol';
import type { HeterogeneitySettings, MetaAnalysisResult, QarlaSettings } from '../../src/worker/meta-analysis-types';

/**
 * Messages between the extension host and the QARLA / heterogeneity panels ("Understudy: QARLA Analysis…",
 * "Understudy: Heterogeneity Analysis…"; one webview bundle, one panel per kind). The host checks what it receives
 * with `isMessageFromAnalysisWebview`, and checks the settings again with the CLI's own parser before running them.
 */

export type AnalysisKind = 'qarla' | 'heterogeneity';

export type AnalysisStatus =
  | { readonly state: 'computing'; readonly stage?: string; readonly done: number; readonly total: number }
  | { readonly state: 'ready' }
  | { readonly state: 'cancelled' }
  | { readonly state: 'error'; readonly message: string };

export type AnalysisSettings = QarlaSettings | HeterogeneitySettings;

/** Extension → webview: the table, the settings, the results (once computed) and how to reproduce each analysis. */
export interface ShowAnalysisMessage {
  readonly type: 'analysis';
  readonly kind: AnalysisKind;
  /** Changes whenever anything but `status` changes: the webview rebuilds only then. */
  readonly revision: number;
  readonly title: string;
  /** The table as the command lines name it. */
  readonly table: string;
  readonly settings: AnalysisSettings;
  /** QARLA's search: the human scores file and column, when given. */
  readonly human?: { readonly path: string; readonly column: string };
  /** What the options form offers: the table's columns, its numeric ones, and (QARLA) the names of its texts. */
  readonly choices: { readonly columns: readonly string[]; readonly numeric: readonly string[]; readonly names: readonly string[] };
  readonly result?: MetaAnalysisResult;
  readonly status: AnalysisStatus;
  /** One command line per analysis shown, printing its numbers (add --json for all of them unrounded). */
  readonly commandLines: readonly { readonly analysis: string; readonly commandLine: string }[];
  /** The table has unsaved changes (the panel used them; the command line reads the saved file). */
  readonly unsaved: boolean;
}

export type MessageToAnalysisWebview = ShowAnalysisMessage;

export type MessageFromAnalysisWebview =
  | { readonly type: 'ready' }
  | { readonly type: 'cancel' }
  | { readonly type: 'recompute'; readonly settings: AnalysisSettings }
  | { readonly type: 'copy'; readonly text: string }
  /** Save an analysis's main table (rows in `order`, the order shown). */
  | { readonly type: 'exportTable'; readonly analysis: string; readonly format: TableExportFormat; readonly order?: readonly number[] }
  | { readonly type: 'exportPlot'; readonly name: string; readonly format: 'svg' | 'png'; readonly data: string };

const FORMATS: readonly string[] = ['csv', 'latex', 'markdown'];
const isIndex = (v: unknown): boolean => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 && v < 10_000_000;

/** Only the shape: the settings' values are checked by the CLI's parser in the host. */
export function isMessageFromAnalysisWebview(value: unknown): value is MessageFromAnalysisWebview {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Record<string, unknown>;
  switch (m.type) {
    case 'ready':
    case 'cancel':
      return true;
    case 'recompute':
      return typeof m.settings === 'object' && m.settings !== null && !Array.isArray(m.settings);
    case 'copy':
      return typeof m.text === 'string';
    case 'exportTable':
      return typeof m.analysis === 'string' && typeof m.format === 'string' && FORMATS.includes(m.format) && (m.order === undefined || (Array.isArray(m.order) && m.order.every(isIndex)));
    case 'exportPlot':
      return isPlotExport(m);
    default:
      return false;
  }
}

export function isMessageToAnalysisWebview(value: unknown): value is MessageToAnalysisWebview {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Record<string, unknown>;
  return m.type === 'analysis' && (m.kind === 'qarla' || m.kind === 'heterogeneity') && typeof m.revision === 'number' && typeof m.title === 'string' && typeof m.settings === 'object' && Array.isArray(m.commandLines);
}
