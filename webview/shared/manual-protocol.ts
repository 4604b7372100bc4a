import type { AlphaLevel } from '../../src/core/meta/manual/krippendorff-alpha';
import type { TextIdentity } from '../../src/core/meta/manual/identical-summaries';
import type { AgreementAnalysisOptions, ManualKind, PyramidAnalysisOptions } from '../../src/core/meta/manual/manual-analysis';
import type { ManualPanelView } from '../../src/core/meta/manual/manual-panel-view';
import type { AverageCountRounding } from '../../src/core/meta/manual/pyramid';
import type { ComputationStatus } from './computation-status';

/**
 * Messages between the extension host and the Manual Evaluation panel (pyramids, Krippendorff's alpha, nuggets,
 * relevance, cross comprehension). The host checks what it receives with `isMessageFromManualWebview` and the webview
 * what it is sent with `isMessageToManualWebview`: a webview is untrusted input like any other.
 */

/** The options the panel lets people change: each one a flag of the analysis's `understudy` subcommand. */
export type ManualPanelOptions =
  | { readonly kind: 'pyramid'; readonly pyramid: PyramidAnalysisOptions }
  | { readonly kind: 'realsumm' }
  | { readonly kind: 'agreement'; readonly agreement: AgreementAnalysisOptions }
  | { readonly kind: 'nuggets'; readonly beta: number; readonly allowance: number }
  | { readonly kind: 'relevance'; readonly fullText: string }
  | { readonly kind: 'comprehension' };

export type ManualStatus = ComputationStatus;

/** An input file left out because it cannot be read; the rest of the analysis still shows. */
export interface SkippedFile {
  readonly path: string;
  readonly message: string;
}

/** Extension → webview: what is analysed, its numbers (once computed) and the command line that prints them. */
export interface ShowManualMessage {
  readonly type: 'manual';
  /** Changes whenever anything but `status` changes: the webview rebuilds its content only then. */
  readonly revision: number;
  readonly title: string;
  readonly kind: ManualKind;
  /** Agreement over identical summaries (`--identical`) rather than reliability data. */
  readonly identical: boolean;
  /** The input files as the command line names them (workspace-relative). */
  readonly files: readonly string[];
  readonly options: ManualPanelOptions;
  /** The analysis shown (kept while other options are computed; absent before the first run finishes). */
  readonly analysis?: ManualPanelView;
  readonly skipped: readonly SkippedFile[];
  readonly status: ManualStatus;
  readonly commandLine: string;
  readonly unsaved: readonly string[];
}

export type TableFormat = 'csv' | 'latex';

export type MessageToManualWebview = ShowManualMessage;

export type MessageFromManualWebview =
  | { readonly type: 'ready' }
  | { readonly type: 'recompute'; readonly options: ManualPanelOptions }
  | { readonly type: 'cancel' }
  | { readonly type: 'copy'; readonly text: string }
  | { readonly type: 'openFile'; readonly path: string }
  | { readonly type: 'exportTable'; readonly table: string; readonly format: TableFormat; readonly order?: readonly number[] }
  | { readonly type: 'exportPlot'; readonly name: string; readonly format: 'svg' | 'png'; readonly data: string };

export const AVERAGE_COUNTS: readonly AverageCountRounding[] = ['exact', 'ceil', 'round'];
export const ALPHA_CHOICES: readonly (AlphaLevel | 'all')[] = ['nominal', 'ordinal', 'interval', 'ratio', 'all'];
export const IDENTITIES: readonly TextIdentity[] = ['exact', 'whitespace', 'whitespace-case'];

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const optionalString = (v: unknown): boolean => v === undefined || typeof v === 'string';
const optionalStrings = (v: unknown): boolean => v === undefined || (Array.isArray(v) && v.every((s) => typeof s === 'string'));
const positive = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v) && v > 0;

/** Options the CLI would accept (the host runs nothing else). */
export function isManualPanelOptions(value: unknown): value is ManualPanelOptions {
  if (!isRecord(value)) return false;
  switch (value.kind) {
    case 'pyramid': {
      const p = value.pyramid;
      return (
        isRecord(p) &&
        typeof p.jackknife === 'boolean' &&
        typeof p.scoreModels === 'boolean' &&
        (AVERAGE_COUNTS as readonly unknown[]).includes(p.averageCount) &&
        optionalString(p.documentPattern) &&
        optionalString(p.peerName)
      );
    }
    case 'agreement': {
      const a = value.agreement;
      return (
        isRecord(a) &&
        (ALPHA_CHOICES as readonly unknown[]).includes(a.level) &&
        (a.layout === undefined || a.layout === 'wide' || a.layout === 'long') &&
        (a.identity === undefined || (IDENTITIES as readonly unknown[]).includes(a.identity)) &&
        ['unit', 'coder', 'value', 'group', 'documentField', 'systemField', 'textField', 'assessorField'].every((k) => optionalString(a[k])) &&
        optionalStrings(a.missing) &&
        optionalStrings(a.aspects)
      );
    }
    case 'nuggets':
      return positive(value.beta) && positive(value.allowance);
    case 'relevance':
      return typeof value.fullText === 'string' && value.fullText.trim() !== '';
    case 'realsumm':
    case 'comprehension':
      return true;
    default:
      return false;
  }
}

export function isMessageFromManualWebview(value: unknown): value is MessageFromManualWebview {
  if (!isRecord(value)) return false;
  switch (value.type) {
    case 'ready':
    case 'cancel':
      return true;
    case 'recompute':
      return isManualPanelOptions(value.options);
    case 'copy':
      return typeof value.text === 'string';
    case 'openFile':
      return typeof value.path === 'string';
    case 'exportTable':
      return (
        typeof value.table === 'string' &&
        (value.format === 'csv' || value.format === 'latex') &&
        (value.order === undefined || (Array.isArray(value.order) && value.order.every((i) => Number.isInteger(i))))
      );
    case 'exportPlot':
      return typeof value.name === 'string' && (value.format === 'svg' || value.format === 'png') && typeof value.data === 'string';
    default:
      return false;
  }
}

export function isMessageToManualWebview(value: unknown): value is MessageToManualWebview {
  return isRecord(value) && value.type === 'manual' && typeof value.revision === 'number' && typeof value.kind === 'string' && isRecord(value.options) && isRecord(value.status);
}
