import * as path from 'path';
import { Worker } from 'worker_threads';
import { MetricSettings } from '../core/engine/metric-settings';
import { ReferenceInput, ScoreReport, SystemInput } from '../core/engine/score-systems';
import { UnderstudyError } from '../core/errors';
import { ScoreJob, WorkerReply } from '../worker/protocol';

export interface ScoreJobRequest {
  references: readonly ReferenceInput[];
  systems: readonly SystemInput[];
  metrics: readonly string[];
  settings: MetricSettings;
  sentence: boolean;
  onProgress?: (done: number, total: number) => void;
  /** Resolves the job as cancelled when this signal aborts. */
  signal?: AbortSignal;
}

export class JobCancelled extends Error {
  constructor() {
    super('Scoring was cancelled.');
  }
}

/**
 * Owns the scoring worker (dist/worker.js): jobs run one at a time off the extension host's thread; the worker is
 * started lazily on the first job and restarted if it dies.
 */
export class WorkerClient {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, { request: ScoreJobRequest; resolve: (r: ScoreReport) => void; reject: (e: Error) => void }>();

  constructor(private readonly extensionPath: string) {}

  score(request: ScoreJobRequest): Promise<ScoreReport> {
    const worker = this.ensureWorker();
    const id = this.nextId++;
    const cancelFlag = new SharedArrayBuffer(4);
    const job: ScoreJob = {
      type: 'score',
      id,
      references: request.references,
      systems: request.systems,
      metrics: request.metrics,
      settings: request.settings,
      sentence: request.sentence,
      cancelFlag,
    };
    return new Promise<ScoreReport>((resolve, reject) => {
      this.pending.set(id, { request, resolve, reject });
      request.signal?.addEventListener('abort', () => Atomics.store(new Int32Array(cancelFlag), 0, 1), { once: true });
      worker.postMessage(job);
    });
  }

  dispose(): void {
    void this.worker?.terminate();
    this.worker = undefined;
    for (const { reject } of this.pending.values()) reject(new JobCancelled());
    this.pending.clear();
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(path.join(this.extensionPath, 'dist', 'worker.js'));
    worker.on('message', (reply: WorkerReply) => this.onReply(reply));
    worker.on('error', (error) => this.failAll(error));
    worker.on('exit', (code) => {
      if (this.worker === worker) this.worker = undefined;
      if (code !== 0) this.failAll(new Error(`The scoring worker stopped (exit code ${code}).`));
    });
    this.worker = worker;
    return worker;
  }

  private onReply(reply: WorkerReply): void {
    const job = this.pending.get(reply.id);
    if (!job) return;
    switch (reply.type) {
      case 'progress':
        job.request.onProgress?.(reply.done, reply.total);
        return;
      case 'result':
        this.pending.delete(reply.id);
        job.resolve(reply.report);
        return;
      case 'cancelled':
        this.pending.delete(reply.id);
        job.reject(new JobCancelled());
        return;
      case 'error':
        this.pending.delete(reply.id);
        job.reject(
          reply.error.code === 'internal'
            ? new Error(reply.error.message)
            : new UnderstudyError(reply.error.code, reply.error.message, (reply.error.details ?? {}) as UnderstudyError['details']),
        );
        return;
    }
  }

  private failAll(error: Error): void {
    for (const { reject } of this.pending.values()) reject(error);
    this.pending.clear();
  }
}
