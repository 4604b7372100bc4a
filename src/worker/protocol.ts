import { MetricSettings } from '../core/engine/metric-settings';
import { ReferenceInput, ScoreReport, SystemInput } from '../core/engine/score-systems';
import { UnderstudyErrorCode } from '../core/errors';

/** Messages between the extension host and the scoring worker (worker_threads). */
export interface ScoreJob {
  readonly type: 'score';
  readonly id: number;
  readonly references: readonly ReferenceInput[];
  readonly systems: readonly SystemInput[];
  readonly metrics: readonly string[];
  readonly settings: MetricSettings;
  readonly sentence: boolean;
  /** Int32Array view over a SharedArrayBuffer: the host stores 1 at index 0 to cancel (the worker is busy, so no message could reach it). */
  readonly cancelFlag: SharedArrayBuffer;
}

export type WorkerReply =
  | { readonly type: 'progress'; readonly id: number; readonly done: number; readonly total: number }
  | { readonly type: 'result'; readonly id: number; readonly report: ScoreReport }
  | { readonly type: 'cancelled'; readonly id: number }
  | {
      readonly type: 'error';
      readonly id: number;
      readonly error: { readonly code: UnderstudyErrorCode | 'internal'; readonly message: string; readonly details?: unknown };
    };
