import { parentPort } from 'worker_threads';
import { metricRequest } from '../core/engine/metric-registry';
import { ScoringCancelled, scoreSystems } from '../core/engine/score-systems';
import { UnderstudyError } from '../core/errors';
import { ScoreJob, WorkerReply } from './protocol';

/** Runs scoring jobs off the extension host's thread, reporting progress and honouring cancellation. */
function runJob(job: ScoreJob): WorkerReply {
  const cancel = new Int32Array(job.cancelFlag);
  let lastReport = 0;
  try {
    const report = scoreSystems({
      references: job.references,
      systems: job.systems,
      metrics: job.metrics.map((name) => metricRequest(name, job.settings)),
      sentence: job.sentence,
      isCancelled: () => Atomics.load(cancel, 0) === 1,
      onProgress: (done, total) => {
        const now = Date.now();
        if (now - lastReport >= 100 || done === total) {
          lastReport = now;
          parentPort?.postMessage({ type: 'progress', id: job.id, done, total } satisfies WorkerReply);
        }
      },
    });
    return { type: 'result', id: job.id, report };
  } catch (error) {
    if (error instanceof ScoringCancelled) return { type: 'cancelled', id: job.id };
    if (error instanceof UnderstudyError) return { type: 'error', id: job.id, error: error.toJSON() };
    return { type: 'error', id: job.id, error: { code: 'internal', message: `Internal error while scoring: ${(error as Error).stack ?? String(error)}` } };
  }
}

parentPort?.on('message', (job: ScoreJob) => {
  parentPort?.postMessage(runJob(job));
});
