import { parentPort } from 'worker_threads';
import { EvaluationSession } from '../core/engine/evaluation-session';
import { metricRequest } from '../core/engine/metric-registry';
import { MetricSettings } from '../core/engine/metric-settings';
import { MetricRequest } from '../core/engine/score-systems';
import { readExpansionResources } from '../core/io/read-expansion-resources';
import { ScoringCancelled, scoreSystems } from '../core/engine/score-systems';
import { UnderstudyError } from '../core/errors';
import { BootstrapInterval, bootstrapConfidenceInterval } from '../core/significance/bootstrap-confidence';
import { compareInSession } from '../core/compare/compare-systems';
import { CompareSystems, CorrelateJob, SystemComparison, WorkerReply, WorkerRequest } from './protocol';
import { prepareCorrelation } from '../core/meta/correlation-inputs';
import { CorrelationReport } from '../core/meta/correlation-report';
import { runMetaEvaluation } from '../core/meta/meta-evaluation';
import { summarizeJudgments } from '../core/meta/judgments/judgment-summary';
import { runConditionsJob } from './conditions-job';
import { runFragmentsJob } from './fragments-job';
import { runManualJob } from './manual-job';
import { runMetaAnalysisJob } from './meta-analysis-jobs';
import { roseCorrelationMetrics, runRoseJob } from './rose-jobs';

/** Evaluation sessions by the host's id: prepared metrics and the systems scored against them. */
const sessions = new Map<number, EvaluationSession>();

/** Progress replies at most every 100 ms, and always the last one. */
function progressReporter(id: number): (done: number, total: number, stage?: string) => void {
  let lastReport = 0;
  return (done, total, stage) => {
    const now = Date.now();
    if (now - lastReport >= 100 || done === total) {
      lastReport = now;
      parentPort?.postMessage({ type: 'progress', id, done, total, ...(stage !== undefined && { stage }) } satisfies WorkerReply);
    }
  };
}

function session(id: number): EvaluationSession {
  const found = sessions.get(id);
  if (!found) throw new Error(`No evaluation session ${id} in the worker (it was closed or the worker restarted).`);
  return found;
}

/** The requested metrics, sharing one read of the files reference expansion needs (and the sets learned from them). */
function metricRequests(names: readonly string[], settings: MetricSettings): MetricRequest[] {
  const resources = readExpansionResources(settings);
  return names.map((name) => metricRequest(name, settings, { expansion: resources }));
}

function handle(request: WorkerRequest): unknown {
  switch (request.type) {
    case 'score': {
      const cancel = new Int32Array(request.cancelFlag);
      return scoreSystems({
        references: request.references,
        systems: request.systems,
        metrics: metricRequests(request.metrics, request.settings),
        sentence: request.sentence,
        isCancelled: () => Atomics.load(cancel, 0) === 1,
        onProgress: progressReporter(request.id),
      });
    }
    case 'open-session': {
      const created = new EvaluationSession(
        request.references,
        metricRequests(request.metrics, request.settings),
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
    case 'correlate':
      return correlate(request);
    case 'conditions':
      return runConditionsJob(request);
    case 'rose':
      return runRoseJob(request);
    case 'fragments':
      return runFragmentsJob(request);
    case 'judgment-info':
      return summarizeJudgments(request.files.map((spec, i) => ({ spec, text: request.texts[i] ?? '' })));
    case 'meta-analysis': {
      const cancel = new Int32Array(request.cancelFlag);
      const report = progressReporter(request.id);
      return runMetaAnalysisJob(request.request, {
        isCancelled: () => Atomics.load(cancel, 0) === 1,
        onProgress: (done, total, stage) => report(done, total, stage),
      });
    }
    case 'close-session':
      sessions.delete(request.session);
      return null;
    case 'manual':
      return runManualJob(request);
  }
}

function compareSystems(evaluation: EvaluationSession, request: CompareSystems): Record<string, SystemComparison> {
  const cancel = new Int32Array(request.cancelFlag);
  return compareInSession(
    evaluation,
    request.systems.map((key, i) => ({ key, name: request.names[i] })),
    request.metrics,
    { ...request, isCancelled: () => Atomics.load(cancel, 0) === 1, onProgress: progressReporter(request.id) },
  );
}

/** Share of the overall progress each stage of a meta-evaluation takes (scoring dominates). */
const CORRELATE_STAGES: Readonly<Record<string, readonly [number, number]>> = {
  scoring: [0, 0.7],
  bootstrap: [0.7, 0.9],
  comparisons: [0.9, 0.95],
  segments: [0.95, 0.98],
  agreement: [0.98, 1],
};

function correlate(request: CorrelateJob): CorrelationReport {
  const cancel = new Int32Array(request.cancelFlag);
  const prepared = prepareCorrelation(request);
  const metrics = request.metrics ?? (prepared.summaries ? ['rouge1', 'rouge2', 'rougeL'] : ['bleu', 'chrf', 'ter']);
  const rose = roseCorrelationMetrics(request.roseModels, metrics, request.settings);
  let lastReport = 0;
  const total = 1000;
  const report = runMetaEvaluation({
    references: prepared.references,
    systems: prepared.systems,
    items: prepared.items,
    metrics: [...metrics.map((name) => metricRequest(name, request.settings)), ...rose.requests],
    human: prepared.human,
    options: request.options,
    isCancelled: () => Atomics.load(cancel, 0) === 1,
    onProgress: (stage, done, stageTotal) => {
      const now = Date.now();
      if (now - lastReport < 100) return;
      lastReport = now;
      const [from, to] = CORRELATE_STAGES[stage] ?? [0, 1];
      const overall = Math.round(total * (from + (to - from) * (stageTotal > 0 ? done / stageTotal : 0)));
      parentPort?.postMessage({ type: 'progress', id: request.id, done: overall, total, stage } satisfies WorkerReply);
    },
  });
  return rose.notes.length > 0 ? { ...report, warnings: [...report.warnings, ...rose.notes] } : report;
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
