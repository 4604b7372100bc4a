import { parentPort } from 'worker_threads';
import { ConditionRunReport, conditionsFromSources } from '../core/meta/conditions/condition-sources';
import { ConditionsJob, WorkerReply } from './protocol';

/** Share of the overall progress each stage takes: scoring (each system against every reference alone) then the subsets. */
const STAGES = { scoring: [0, 0.3], subsets: [0.3, 1] } as const;

/** The worker's side of the data-condition panel: progress at most every 100 ms (and at the end), cancellation by the flag. */
export function runConditionsJob(request: ConditionsJob): ConditionRunReport {
  const cancel = new Int32Array(request.cancelFlag);
  const total = 1000;
  let lastReport = 0;
  return conditionsFromSources(request, request.metrics, request.settings, request.options, {
    isCancelled: () => Atomics.load(cancel, 0) === 1,
    onProgress: (stage, done, stageTotal) => {
      const now = Date.now();
      if (now - lastReport < 100 && done < stageTotal) return;
      lastReport = now;
      const [from, to] = STAGES[stage];
      const overall = Math.round(total * (from + (to - from) * (stageTotal > 0 ? done / stageTotal : 0)));
      parentPort?.postMessage({ type: 'progress', id: request.id, done: overall, total, stage } satisfies WorkerReply);
    },
  });
}
