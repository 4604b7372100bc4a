import type { ComputationStatus } from '../../webview/shared/computation-status';
import { UnderstudyError } from '../core/errors';
import { JobCancelled, RequestControl } from './worker-client';

/** How a run ended; a run overtaken by a newer one ends 'superseded' and its result is dropped. */
export type RunOutcome<T> =
  | { readonly kind: 'done'; readonly value: T }
  | { readonly kind: 'cancelled' }
  | { readonly kind: 'failed'; readonly error: unknown; readonly message: string }
  | { readonly kind: 'superseded' };

/**
 * The one computation an analysis panel runs at a time (in the worker): a new run cancels the one under way, progress
 * becomes the panel's status (stage names shown by their labels), and Cancel or closing the panel aborts it.
 * `changed(immediately)` asks the panel to show the new status (progress may be throttled).
 */
export class LatestComputation {
  status: ComputationStatus = { state: 'ready' };
  private abort: AbortController | undefined;
  private generation = 0;

  constructor(
    private readonly changed: (immediately: boolean) => void,
    private readonly stageLabels: Readonly<Record<string, string>> = {},
  ) {}

  /**
   * Runs `work`; `settle` sees the outcome (unless superseded) before the final status is shown, so the panel's new
   * numbers and its status arrive together.
   */
  async run<T>(work: (control: RequestControl) => Promise<T>, settle: (outcome: RunOutcome<T>) => void = () => undefined): Promise<RunOutcome<T>> {
    this.abort?.abort();
    const abort = new AbortController();
    this.abort = abort;
    const generation = ++this.generation;
    this.status = { state: 'computing', done: 0, total: 1 };
    this.changed(true);
    let outcome: RunOutcome<T>;
    try {
      const value = await work({
        signal: abort.signal,
        onProgress: (done, total, stage) => {
          if (generation !== this.generation) return;
          this.status = { state: 'computing', stage: stage && (this.stageLabels[stage] ?? stage), done, total };
          this.changed(false);
        },
      });
      outcome = { kind: 'done', value };
    } catch (error) {
      outcome = error instanceof JobCancelled ? { kind: 'cancelled' } : { kind: 'failed', error, message: error instanceof Error ? error.message : String(error) };
    }
    if (generation !== this.generation) return { kind: 'superseded' };
    this.abort = undefined;
    this.status = outcome.kind === 'done' ? { state: 'ready' } : outcome.kind === 'cancelled' ? { state: 'cancelled' } : { state: 'error', message: outcome.message };
    settle(outcome);
    this.changed(true);
    return outcome;
  }

  cancel(): void {
    this.abort?.abort();
  }
}

/** What an analysis panel's command resolves to: its result, `{ error }` when the run failed, nothing when cancelled. */
export type PanelCommandResult<R> = R | { readonly error: { readonly code: string; readonly message: string } } | undefined;

/** The command's answer for a run's outcome (`result` picks what the command returns from the run's value). */
export function panelCommandResult<T, R>(outcome: RunOutcome<T>, result: (value: T) => R): PanelCommandResult<R> {
  if (outcome.kind === 'done') return result(outcome.value);
  if (outcome.kind === 'failed') return { error: { code: outcome.error instanceof UnderstudyError ? outcome.error.code : 'internal', message: outcome.message } };
  return undefined;
}
