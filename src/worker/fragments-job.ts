import { parentPort } from 'worker_threads';
import { parseScoreTable } from '../cli/score-table';
import { FragmentInput, FragmentRunReport, runFragments } from '../core/meta/gap/fragment-run';
import type { FragmentsJob, WorkerReply } from './protocol';

/** What the host sends: an evaluation's sources (already read), or a table's text to parse as `understudy fragments` does. */
export type FragmentJobInput = Extract<FragmentInput, { kind: 'judgments' }> | { readonly kind: 'table'; readonly table: { readonly path: string; readonly text: string }; readonly columns: Extract<FragmentInput, { kind: 'table' }>['columns'] };

/** The worker's side of the fragment panel: `runFragments` as the CLI runs it, progress at most every 100 ms, the cancel flag polled. */
export function runFragmentsJob(request: FragmentsJob): FragmentRunReport {
  const cancel = new Int32Array(request.cancelFlag);
  const input: FragmentInput = request.input.kind === 'table' ? { kind: 'table', table: parseScoreTable(request.input.table.text, request.input.table.path), columns: request.input.columns } : request.input;
  let last = 0;
  return runFragments(input, request.options, {
    isCancelled: () => Atomics.load(cancel, 0) === 1,
    onProgress: (stage, done, total) => {
      const now = Date.now();
      if (now - last < 100 && done < total) return;
      last = now;
      parentPort?.postMessage({ type: 'progress', id: request.id, done, total, stage } satisfies WorkerReply);
    },
  });
}
