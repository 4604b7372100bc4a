import type { CharSpan } from '../../src/core/compare/word-diff';
import type { DifferenceFilter } from '../../src/core/compare/line-deltas';
import type { ComparisonReport } from '../../src/core/compare/comparison-report';

/**
 * Messages between the extension host and the comparison webviews (the two-system summary and the pairwise table,
 * one bundle). The host validates what it receives with `isMessageFromCompareWebview`.
 */

/** Where the significance tests stand. */
export type ComparisonStatus =
  | { readonly state: 'computing'; readonly done: number; readonly total: number }
  | { readonly state: 'ready' }
  | { readonly state: 'cancelled' }
  | { readonly state: 'error'; readonly message: string };

/** One line of the "largest differences" list: both versions, their word-level differences and the score deltas. */
export interface DifferenceEntry {
  /** 0-based line. */
  readonly line: number;
  readonly textA: string;
  readonly textB: string;
  /** Spans of textA not in textB, and of textB not in textA. */
  readonly removed: readonly CharSpan[];
  readonly added: readonly CharSpan[];
  /** B − A per metric (sentence level). */
  readonly deltas: Readonly<Record<string, number>>;
}

/** Extension → webview: the two-system comparison summary. */
export interface ShowSummaryMessage {
  readonly type: 'summary';
  readonly title: string;
  /** Display names of A (the baseline) and B. */
  readonly names: readonly [string, string];
  readonly metrics: readonly string[];
  /** The significance report once computed (absent while the first run is under way or after an error). */
  readonly report?: ComparisonReport;
  readonly status: ComparisonStatus;
  /** True when the report is from before the latest edit (a new run is scheduled or under way). */
  readonly stale: boolean;
  /** Per metric, B − A of every scored line (null where a line has no score), for the histogram. */
  readonly deltas: Readonly<Record<string, readonly (number | null)[]>>;
  /** Metric and filter the differences are ranked by, and the top of that ranking. */
  readonly rankBy: string;
  readonly filter: DifferenceFilter;
  readonly differences: readonly DifferenceEntry[];
  /** How many lines the ranking holds in all. */
  readonly rankedCount: number;
  /** The `understudy compare` command line that reproduces the numbers. */
  readonly commandLine: string;
  /** Files with unsaved changes: the command line reads the saved files. */
  readonly unsaved: readonly string[];
}

/** Extension → webview: the pairwise table of more than two systems. */
export interface ShowPairwiseMessage {
  readonly type: 'pairwise';
  readonly title: string;
  readonly names: readonly string[];
  readonly metrics: readonly string[];
  readonly report?: ComparisonReport;
  readonly status: ComparisonStatus;
  readonly commandLine: string;
}

/** Extension → webview: nothing to show (the comparison ended); `text` says what to do. */
export interface ShowEmptyMessage {
  readonly type: 'empty';
  readonly title: string;
  readonly names: readonly string[];
  readonly metrics: readonly string[];
  readonly text: string;
}

export type MessageToCompareWebview = ShowSummaryMessage | ShowPairwiseMessage | ShowEmptyMessage;

export interface CompareReadyMessage {
  readonly type: 'ready';
}
/** Show this line of both systems in the editors. */
export interface RevealLineMessage {
  readonly type: 'revealLine';
  readonly line: number;
}
/** Rank the differences by another metric or filter. */
export interface RankByMessage {
  readonly type: 'rankBy';
  readonly metric: string;
  readonly filter: DifferenceFilter;
}
/** Stop the significance tests under way. */
export interface CancelMessage {
  readonly type: 'cancel';
}
/** Run the tests again (after a cancel or an error). */
export interface RerunMessage {
  readonly type: 'rerun';
}
/** Put text (the command line, a signature) on the clipboard. */
export interface CopyMessage {
  readonly type: 'copy';
  readonly text: string;
}
/** Open the two-system comparison of systems `baseline` and `system` of the pairwise table (indexes into names). */
export interface ComparePairMessage {
  readonly type: 'comparePair';
  readonly baseline: number;
  readonly system: number;
}

export type MessageFromCompareWebview = CompareReadyMessage | RevealLineMessage | RankByMessage | CancelMessage | RerunMessage | CopyMessage | ComparePairMessage;

const FILTERS: readonly string[] = ['all', 'better', 'worse'];

export function isMessageFromCompareWebview(value: unknown): value is MessageFromCompareWebview {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Record<string, unknown>;
  const index = (v: unknown): boolean => typeof v === 'number' && Number.isInteger(v) && v >= 0;
  switch (m.type) {
    case 'ready':
    case 'cancel':
    case 'rerun':
      return true;
    case 'revealLine':
      return index(m.line);
    case 'rankBy':
      return typeof m.metric === 'string' && typeof m.filter === 'string' && FILTERS.includes(m.filter);
    case 'copy':
      return typeof m.text === 'string';
    case 'comparePair':
      return index(m.baseline) && index(m.system);
    default:
      return false;
  }
}

export function isMessageToCompareWebview(value: unknown): value is MessageToCompareWebview {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Record<string, unknown>;
  return (m.type === 'summary' || m.type === 'pairwise' || m.type === 'empty') && typeof m.title === 'string' && Array.isArray(m.names) && Array.isArray(m.metrics);
}
