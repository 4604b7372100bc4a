import type { HumanSystemGapResult } from '../../src/core/meta/gap/human-system-gap';
import type { RobustMethod } from '../../src/core/meta/gap/robust-regression';
import type { GapRunOptions, RoseRunOptions } from '../../src/core/meta/rose/rose-command-line';
import type { RoseSearchResult } from '../../src/core/meta/rose/rose-search';

/**
 * Messages between the extension and the ROSE and human–system gap panels (webview/rose, webview/gap). Both panels
 * run on a score table; the extension validates what the webviews send before acting on it.
 */
export type { GapRunOptions, RoseRunOptions };

export type MetaStatus =
  | { readonly state: 'ready' }
  | { readonly state: 'computing'; readonly done: number; readonly total: number }
  | { readonly state: 'cancelled' }
  | { readonly state: 'error'; readonly message: string };

/** What both panels share: the table, its columns, the status and the command line. */
interface TablePanelMessage {
  /** Bumped whenever anything but the status changes (the webview redraws only then). */
  readonly revision: number;
  readonly title: string;
  /** The table as the command line names it. */
  readonly table: string;
  readonly columns: readonly string[];
  /** Columns whose cells are all numbers (or missing). */
  readonly numeric: readonly string[];
  readonly status: MetaStatus;
  readonly commandLine: string;
  /** The table has unsaved changes: the panel used them, the command line reads the saved file. */
  readonly unsaved: boolean;
  /** Warnings the CLI would print (rows left out …). */
  readonly warnings: readonly string[];
}

export interface ShowRoseMessage extends TablePanelMessage {
  readonly type: 'rose';
  readonly options: RoseRunOptions;
  readonly result?: RoseSearchResult;
  /** Where "Save as workspace metric" writes (the manifest's display path), or undefined when there is none. */
  readonly manifest?: string;
}

export interface ShowGapMessage extends TablePanelMessage {
  readonly type: 'gap';
  readonly options: GapRunOptions;
  readonly result?: HumanSystemGapResult;
  /** Distinct values of the group column (for the human-label choice). */
  readonly groupValues: readonly string[];
}

export type TableExportFormatName = 'csv' | 'latex' | 'markdown';

/** ROSE: 'subsets' (the ranked list), 'model' (the winner's weights). Gap: 'groups', 'points'. */
export type MetaTableId = 'subsets' | 'model' | 'groups' | 'points';

type Common =
  | { readonly type: 'ready' }
  | { readonly type: 'cancel' }
  | { readonly type: 'copy'; readonly text: string }
  | { readonly type: 'exportTable'; readonly table: MetaTableId; readonly format: TableExportFormatName; readonly order?: readonly number[] }
  | { readonly type: 'exportPlot'; readonly name: string; readonly format: 'svg' | 'png'; readonly data: string };

export type MessageFromRoseWebview = Common | { readonly type: 'recompute'; readonly options: RoseRunOptions } | { readonly type: 'saveModel' } | { readonly type: 'saveModelFile' };
export type MessageFromGapWebview = Common | { readonly type: 'recompute'; readonly options: GapRunOptions };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isString = (v: unknown): v is string => typeof v === 'string';
const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every(isString);
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const FORMATS = ['csv', 'latex', 'markdown'];
const TABLES = ['subsets', 'model', 'groups', 'points'];
export const ROBUST_METHOD_NAMES: readonly RobustMethod[] = ['bisquare', 'huber', 'theil-sen', 'ols'];

function isCommon(m: Record<string, unknown>): boolean {
  switch (m.type) {
    case 'ready':
    case 'cancel':
      return true;
    case 'copy':
      return isString(m.text);
    case 'exportTable':
      return TABLES.includes(m.table as string) && FORMATS.includes(m.format as string) && (m.order === undefined || (Array.isArray(m.order) && m.order.every((n) => Number.isInteger(n))));
    case 'exportPlot':
      return isString(m.name) && (m.format === 'svg' || m.format === 'png') && isString(m.data);
    default:
      return false;
  }
}

/** Options `understudy rose` would accept (the same ranges its parser checks). */
export function isRoseRunOptions(v: unknown): v is RoseRunOptions {
  if (!isObject(v)) return false;
  return (
    isString(v.human) && v.human !== '' &&
    (v.metrics === undefined || (isStrings(v.metrics) && v.metrics.length > 0 && v.metrics.length <= 16)) &&
    (v.unit === undefined || isString(v.unit)) &&
    (v.group === undefined || isString(v.group)) &&
    typeof v.stratify === 'boolean' && (!v.stratify || v.group !== undefined) &&
    Number.isInteger(v.trials) && (v.trials as number) >= 1 && (v.trials as number) <= 1_000_000 &&
    isNumber(v.testFraction) && v.testFraction > 0 && v.testFraction < 1 &&
    Number.isSafeInteger(v.seed) && (v.seed as number) >= 0 &&
    isNumber(v.alpha) && v.alpha > 0 && v.alpha < 1 &&
    (v.significance === 'two-sided' || v.significance === 'positive') &&
    (v.candidates === 'any' || v.candidates === 'combinations') &&
    (v.comparison === 'significant' || v.comparison === 'all') &&
    (v.maxSize === undefined || (Number.isInteger(v.maxSize) && (v.maxSize as number) >= 1)) &&
    isStrings(v.require) &&
    isString(v.name) && v.name !== ''
  );
}

export function isGapRunOptions(v: unknown): v is GapRunOptions {
  if (!isObject(v)) return false;
  return (
    isString(v.metric) && v.metric !== '' && isString(v.human) && v.human !== '' && isString(v.group) && v.group !== '' &&
    isString(v.humanLabel) && (v.unit === undefined || isString(v.unit)) && isStrings(v.exclude) &&
    (v.method === undefined || ROBUST_METHOD_NAMES.includes(v.method as RobustMethod))
  );
}

export function isMessageFromRoseWebview(m: unknown): m is MessageFromRoseWebview {
  if (!isObject(m)) return false;
  if (m.type === 'recompute') return isRoseRunOptions(m.options);
  if (m.type === 'saveModel' || m.type === 'saveModelFile') return true;
  return isCommon(m);
}

export function isMessageFromGapWebview(m: unknown): m is MessageFromGapWebview {
  if (!isObject(m)) return false;
  if (m.type === 'recompute') return isGapRunOptions(m.options);
  return isCommon(m);
}

export const isShowRoseMessage = (m: unknown): m is ShowRoseMessage => isObject(m) && m.type === 'rose' && isString(m.title) && Number.isInteger(m.revision);
export const isShowGapMessage = (m: unknown): m is ShowGapMessage => isObject(m) && m.type === 'gap' && isString(m.title) && Number.isInteger(m.revision);
