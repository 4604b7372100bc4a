import * as path from 'path';
import { Worker } from 'worker_threads';
import { MetricSettings } from '../core/engine/metric-settings';
import { ReferenceInput, ScoreReport, SystemInput } from '../core/engine/score-systems';
import { UnderstudyError } from '../core/errors';
import { WorkerReply, WorkerRequest, WorkerResults } from '../worker/protocol';

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

/** A request as the caller writes it: the client adds the id and the cancellation flag. */
export type RequestBody<T extends WorkerRequest['type']> = Omit<Extract<WorkerRequest, { type: T }>, 'id' | 'cancelFlag'>;

export interface RequestControl {
  /** `stage` names the step of a long request (the meta-evaluation's 'scoring', 'bootstrap', …) when it has steps. */
  onProgress?: (done: number, total: number, stage?: string) => void;
  signal?: AbortSignal;
}

export class JobCancelled extends Error {
  constructor() {
    super('Scoring was cancelled.');
  }
}

interface Pending {
  readonly control: RequestControl;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: Error) => void;
}

/**
 * Owns the scoring worker (dist/worker.js): requests run one at a time off the extension host's thread; the worker
 * is started lazily on the first request and restarted if it dies (`generation` then changes, and sessions opened
 * in the old worker must be opened again).
 */
export class WorkerClient {
  private worker: Worker | undefined;
  private nextId = 1;
  private started = 0;
  private readonly pending = new Map<number, Pending>();

  /**
   * `workerScript`: the worker's bundle (dist/worker.js of the extension; tests give the compiled worker).
   * `parserThreads`: read at each worker start; above 0 it sets the built-in parser's thread count there.
   */
  constructor(
    private readonly extensionPath: string,
    private readonly workerScript = path.join(extensionPath, 'dist', 'worker.js'),
    private readonly parserThreads: () => number = () => 0,
  ) {}

  /** Counts worker starts: sessions belong to the generation they were opened in. */
  get generation(): number {
    return this.started;
  }

  request<T extends WorkerRequest['type']>(body: RequestBody<T>, control: RequestControl = {}): Promise<WorkerResults[T]> {
    const worker = this.ensureWorker();
    const id = this.nextId++;
    const cancelFlag = new SharedArrayBuffer(4);
    const message = { ...body, id, cancelFlag } as unknown as WorkerRequest;
    return new Promise<WorkerResults[T]>((resolve, reject) => {
      if (control.signal?.aborted) {
        reject(new JobCancelled());
        return;
      }
      // The listener goes when the request settles: callers pass one signal to many requests (every system of an
      // evaluation, every evaluation re-scored after a settings change), which would otherwise gather listeners.
      const signal = control.signal;
      const onAbort = (): void => {
        Atomics.store(new Int32Array(cancelFlag), 0, 1);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const settled = (): void => signal?.removeEventListener('abort', onAbort);
      this.pending.set(id, {
        control,
        resolve: (value) => {
          settled();
          resolve(value as WorkerResults[T]);
        },
        reject: (error) => {
          settled();
          reject(error);
        },
      });
      worker.postMessage(message);
    });
  }

  score(request: ScoreJobRequest): Promise<ScoreReport> {
    const { onProgress, signal, ...job } = request;
    return this.request<'score'>({ type: 'score', ...job }, { onProgress, signal });
  }

  dispose(): void {
    void this.worker?.terminate();
    this.worker = undefined;
    for (const { reject } of this.pending.values()) reject(new JobCancelled());
    this.pending.clear();
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const threads = this.parserThreads();
    const env = Number.isInteger(threads) && threads > 0 ? { ...process.env, UNDERSTUDY_PARSER_THREADS: String(threads) } : process.env;
    const worker = new Worker(this.workerScript, { env });
    this.started++;
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
        job.control.onProgress?.(reply.done, reply.total, reply.stage);
        return;
      case 'result':
        this.pending.delete(reply.id);
        job.resolve(reply.value);
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
