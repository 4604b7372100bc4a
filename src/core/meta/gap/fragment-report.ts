import type { Statistic } from '../json-number';
import type { FragmentEffectResult } from './fragment-effect';
import type { EndingVerdict } from './truncation';

/** What `understudy fragments --json` prints and the fragment panel shows (made by fragment-run.ts; types only, for the webview). */

/** An output that does not end in a complete sentence. */
export interface FragmentOutput {
  readonly system: string;
  /** The item's id (document id, line number, or the table's item value). */
  readonly item: string;
  readonly verdict: Exclude<EndingVerdict, 'complete'>;
  /** Counted as a fragment with the run's `fragmentWhen`. */
  readonly fragment: boolean;
  readonly reason: string;
  /** The end of the last sentence (at most 160 characters; line breaks as spaces). */
  readonly ending: string;
  /** Its score on each measure, in `measures` order (null when missing). */
  readonly scores: readonly Statistic[];
}

export interface FragmentMeasureInfo {
  readonly name: string;
  readonly kind: 'metric' | 'human';
  /** Whether a higher score is better (TER and other error rates: false; the differences keep the raw sign). */
  readonly higherIsBetter: boolean;
  /** The metric's reproducibility signature (metrics scored by the engine), else null. */
  readonly signature: string | null;
}

export interface FragmentRunReport {
  readonly kind: 'understudy.fragments';
  readonly version: 1;
  /** What was read: the table, or the judgments (and docs) file. */
  readonly source: string;
  readonly items: readonly string[];
  readonly measures: readonly FragmentMeasureInfo[];
  readonly result: FragmentEffectResult;
  /** Every output ending unterminated or cut, by system then item. */
  readonly outputs: readonly FragmentOutput[];
  /** Systems not analysed, and why. */
  readonly leftOut: readonly { readonly system: string; readonly reason: string }[];
  readonly warnings: readonly string[];
}
