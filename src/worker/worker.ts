import { parentPort } from 'worker_threads';
import { EvaluationSession } from '../core/engine/evaluation-session';
import { metricRequest } from '../core/engine/metric-registry';
import { ScoringCancelled, scoreSystems } from '../core/engine/score-systems';
import { UnderstudyError } from '../core/errors';
import { describeMetric } from '../core/engine/metric-descriptions';
import { BootstrapInterval, bootstrapConfidenceInterval } from '../core/significance/bootstrap-confidence';
import { lineComparison } from '../core/significance/line-comparison';
import { pairwiseTable } from '../core/significance/pairwise-table';
import { CompareSystems, SystemComparison, WorkerReply, WorkerRequest } from './protocol';

/** Evaluation sessions by the host's id: prepared metrics and the systems scored against them. */
const sessions = new Map<number, EvaluationSession>();

/** Progress replies at most every 100 ms, and always the last one. */
function progressReporter(id: number): (done: number, total: number) => void {
  let lastReport = 0;
  return (done, total) => {
    const now = Date.now();
    if (now - lastReport >= 100 || done === total) {
      lastReport = now;
      parentPort?.postMessage({ type: 'progress', id, done, total } satisfies WorkerReply);
    }
  };
}

function session(id: number): EvaluationSession {
  const found = sessions.get(id);
  if (!found) throw new Error(`No evaluation session ${id} in the worker (it was closed or the worker restarted).`);
  return found;
}

function handle(request: WorkerRequest): unknown {
  switch (request.type) {
    case 'score': {
      const cancel = new Int32Array(request.cancelFlag);
      return scoreSystems({
        references: request.references,
        systems: request.systems,
        metrics: request.metrics.map((name) => metricRequest(name, request.settings)),
        sentence: request.sentence,
        isCancelled: () => Atomics.load(cancel, 0) === 1,
        onProgress: progressReporter(request.id),
      });
    }
    case 'open-session': {
      const created = new EvaluationSession(
        request.references,
        request.metrics.map((name) => metricRequest(name, request.settings)),
      );
      sessions.set(request.session, created);
      return { metrics: created.metricNames, segmentCount: created.segmentCount };
    }
    case 'set-lines': {
      const cancel = new Int32Array(request.cancelFlag);
      return session(request.session).setLines(request.system, request.lines, {
        isCancelled: () => Atomics.load(cancel, 0) === 1,
        onProgress: progressReporter(request.id),
      });
    }
    case 'explain':
      return session(request.session).explain(request.system, request.index, request.metrics);
    case 'explain-lines': {
      const evaluation = session(request.session);
      return request.indexes.map((index) => evaluation.explain(request.system, index, request.metrics));
    }
    case 'remove-system':
      session(request.session).removeSystem(request.system);
      return null;
    case 'intervals': {
      const evaluation = session(request.session);
      const cancel = new Int32Array(request.cancelFlag);
      const intervals: Record<string, BootstrapInterval> = {};
      for (const metric of request.metrics) {
        const rows = evaluation.rows(request.system, metric);
        const score = evaluation.corpusScoreOf(metric);
        if (!rows || !score || rows.length === 0) continue;
        intervals[metric] = bootstrapConfidenceInterval(rows, (totals, count) => score(totals, count).score, {
          samples: request.samples,
          seed: request.seed,
          isCancelled: () => Atomics.load(cancel, 0) === 1,
        });
      }
      return intervals;
    }
    case 'compare':
      return compareSystems(session(request.session), request);
    case 'close-session':
      sessions.delete(request.session);
      return null;
  }
}

function compareSystems(evaluation: EvaluationSession, request: CompareSystems): Record<string, SystemComparison> {
  const cancel = new Int32Array(request.cancelFlag);
  const progress = progressReporter(request.id);
  const result: Record<string, SystemComparison> = {};
  request.metrics.forEach((metric, m) => {
    const score = evaluation.corpusScoreOf(metric);
    if (!score) return;
    const systems = request.systems.map((system, i) => {
      const rows = evaluation.rows(system, metric);
      if (!rows) throw new Error(`System ${request.names[i]} is not scored in this evaluation.`);
      return { name: request.names[i], rows };
    });
    const table = pairwiseTable(
      systems,
      (totals, count) => score(totals, count).score,
      {
        test: request.test,
        samples: request.samples,
        seed: request.seed,
        isCancelled: () => Atomics.load(cancel, 0) === 1,
        onProgress: (done, total) => progress(m * total + done, request.metrics.length * total),
      },
      request.correction,
    );
    const sentence = request.systems.map((system) => evaluation.scores(system)?.sentence[metric] ?? new Float64Array(0));
    const higherIsBetter = describeMetric(metric).higherIsBetter;
    const scored = Math.min(...systems.map((s) => s.rows.length));
    const lines = table.comparisons.map((c) => lineComparison(sentence[c.baseline].subarray(0, scored), sentence[c.system].subarray(0, scored), higherIsBetter));
    result[metric] = { table, lines };
  });
  return result;
}

/** Runs requests off the extension host's thread, one at a time, reporting progress and honouring cancellation. */
function run(request: WorkerRequest): WorkerReply {
  try {
    return { type: 'result', id: request.id, value: handle(request) };
  } catch (error) {
    if (error instanceof ScoringCancelled) return { type: 'cancelled', id: request.id };
    if (error instanceof UnderstudyError) return { type: 'error', id: request.id, error: error.toJSON() };
    return { type: 'error', id: request.id, error: { code: 'internal', message: `Internal error in the scoring worker: ${(error as Error).stack ?? String(error)}` } };
  }
}

parentPort?.on('message', (request: WorkerRequest) => {
  parentPort?.postMessage(run(request));
});
