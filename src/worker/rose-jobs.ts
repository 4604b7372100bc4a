import { parentPort } from 'worker_threads';
import { parseRoseArgs, roseInputFromTable } from '../cli/rose-command';
import { parseScoreTable } from '../cli/score-table';
import { metricRequest } from '../core/engine/metric-registry';
import { METRIC_NAMES } from '../core/engine/metric-registry';
import { MetricSettings } from '../core/engine/metric-settings';
import type { MetricRequest } from '../core/engine/score-systems';
import { UnderstudyError } from '../core/errors';
import { roseArgs } from '../core/meta/rose/rose-command-line';
import { roseMetricRequests } from '../core/meta/rose/rose-metric-request';
import { RoseModel } from '../core/meta/rose/rose-model';
import { roseSearch } from '../core/meta/rose/rose-search';
import type { RoseJob, RoseJobResult, WorkerReply } from './protocol';

/**
 * A ROSE search in the worker, on the table text the host read (an open editor's text wins over the disk): the CLI's
 * own argument parser and table reader, then `roseSearch` with the per-trial samples the plot needs, progress at most
 * every 100 ms and the cancel flag polled every few splits.
 */
export function runRoseJob(request: RoseJob): RoseJobResult {
  const cancel = new Int32Array(request.cancelFlag);
  const command = parseRoseArgs(roseArgs(request.table.path, request.options));
  if (command === 'help') throw new UnderstudyError('bad-option', 'ROSE options were not understood.');
  const table = parseScoreTable(request.table.text, request.table.path);
  const warnings: string[] = [];
  const input = roseInputFromTable(table, command, (message) => warnings.push(message));
  let last = 0;
  try {
    const result = roseSearch(input, {
      ...command.search,
      groups: input.groups,
      keepSamples: true,
      isCancelled: () => Atomics.load(cancel, 0) === 1,
      onProgress: (done, total) => {
        const now = Date.now();
        if (now - last < 100 && done !== total) return;
        last = now;
        parentPort?.postMessage({ type: 'progress', id: request.id, done, total } satisfies WorkerReply);
      },
    });
    return { result, warnings };
  } catch (error) {
    if (error instanceof RangeError) throw new UnderstudyError('unreadable-file', error.message);
    throw error;
  }
}

/** The workspace's ROSE models a meta-evaluation computes besides `metrics`, and notes on those it cannot. */
export function roseCorrelationMetrics(models: readonly RoseModel[] | undefined, metrics: readonly string[], settings: MetricSettings): { requests: MetricRequest[]; notes: string[] } {
  return roseMetricRequests(models ?? [], METRIC_NAMES, metrics, (name) => metricRequest(name, settings));
}
