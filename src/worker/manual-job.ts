import { parentPort } from 'worker_threads';
import { manualAnalysis, withoutUnreadableFiles } from '../core/meta/manual/manual-analysis';
import { manualCommandLine } from '../core/meta/manual/manual-command-line';
import { ManualJob, ManualJobResult, WorkerReply } from './protocol';

/**
 * A manual-evaluation analysis in the worker (a REALSumm directory or many DUCView files take a while to read): the
 * files that cannot be read are left out and named, progress is reported per file read, and the cancel flag is
 * checked between files.
 */
export function runManualJob(request: ManualJob): ManualJobResult {
  const cancel = new Int32Array(request.cancelFlag);
  const { input, skipped } = withoutUnreadableFiles(request.input);
  let lastReport = 0;
  const analysis = manualAnalysis(input, {
    isCancelled: () => Atomics.load(cancel, 0) === 1,
    onProgress: (stage, done, total) => {
      const now = Date.now();
      if (now - lastReport < 100 && done < total) return;
      lastReport = now;
      parentPort?.postMessage({ type: 'progress', id: request.id, done, total, stage } satisfies WorkerReply);
    },
  });
  return { analysis, skipped, commandLine: manualCommandLine(input) };
}
