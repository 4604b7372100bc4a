import type { DataConditionOptions, DataConditionResult } from './data-conditions';

/** The options of a data-condition run that can travel in a message (no callbacks), as `understudy conditions` takes them. */
/** (Types only, so the webview can import them without the engine.) */
export type DataConditionSettings = Omit<DataConditionOptions, 'isCancelled' | 'onProgress' | 'seed'> & { readonly seed?: number };

/** A data-condition run on an evaluation's sources: what the editor's panel shows. */
export interface ConditionRunReport {
  readonly result: DataConditionResult;
  /** Output systems left out (no human score, or a line count that does not match), with why. */
  readonly leftOut: readonly { readonly system: string; readonly reason: string }[];
  /** The human score's label, and what the judgments were (format per file). */
  readonly human: { readonly label: string; readonly level: 'segment' | 'system'; readonly formats: readonly string[] };
  readonly warnings: readonly string[];
}

export interface ConditionRunControl {
  readonly isCancelled?: () => boolean;
  /** Stage 'scoring' (each system against the references and each reference alone) then 'subsets' (the resampling). */
  readonly onProgress?: (stage: 'scoring' | 'subsets', done: number, total: number) => void;
}

