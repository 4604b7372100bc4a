import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { MessageChannel, MessagePort, receiveMessageOnPort, Worker } from 'worker_threads';
import { UnderstudyError } from '../errors';
import { SharedParserModel } from './parser';
import { ParsedLine } from './tree-source';

/** What a pool thread answers for one batch of lines. */
export type ParseBatchReply =
  | { readonly batch: number; readonly parsed: ParsedLine[] }
  | { readonly batch: number; readonly error: string; readonly code?: string };

/** What a pool thread is started with. */
export interface ParsePoolThreadData {
  readonly port: MessagePort;
  /** Shared counter: a thread adds 1 and notifies after each reply it posts. */
  readonly replies: Int32Array;
  /** The model, its weights shared with the calling thread; else the thread loads `modelFile` (or the shipped one). */
  readonly model?: SharedParserModel;
  readonly modelFile?: string;
}

export interface ParsePoolOptions {
  /** Threads to parse on (each loads the model on its first batch, unless given the calling thread's to share). */
  readonly threads: number;
  /**
   * Below this many new lines `ParserTreeSource.parseAhead` parses on the calling thread instead, while no thread has
   * started (a started thread has its model loaded, and two batches are then worth sending).
   */
  readonly minimumLines?: number;
  /** Lines sent to a thread at a time: small enough that the threads finish together. */
  readonly batchLines?: number;
  /** The thread script (default: parse-pool-thread.js beside this code, in dist/ or out/src/core/syntax/). */
  readonly script?: string;
  /** A model file other than the shipped one (each thread loads it). */
  readonly modelFile?: string;
  /**
   * The calling thread's loaded model to share (`Parser.sharedModel`), asked for when the threads start: they then
   * load nothing and hold no copy of the weights.
   */
  readonly model?: () => SharedParserModel;
  /** Give up when no thread has answered for this long (a thread that died cannot say so). */
  readonly silenceLimitMs?: number;
}

/**
 * A pool pays for starting its threads above about this many lines, on this project's 2-core machine where two
 * threads parse only about 1.4 times as fast as one (they share one memory system): sharing the calling thread's
 * model, they start in about 0.1 s; 500 WMT lines parse in 0.93 s through the pool and in 0.91 s without it.
 */
export const DEFAULT_MINIMUM_LINES = 500;

/**
 * Threads for the built-in parser: two where the machine has two cores or more (the caller waits meanwhile; each
 * thread adds about 50 MB of its own), or `UNDERSTUDY_PARSER_THREADS` when set (1: parse on the scoring thread).
 */
export function defaultParseThreads(): number {
  const asked = Number.parseInt(process.env.UNDERSTUDY_PARSER_THREADS ?? '', 10);
  if (Number.isInteger(asked) && asked >= 1) return asked;
  return Math.max(1, Math.min(2, os.availableParallelism?.() ?? os.cpus().length));
}

/**
 * The built-in parser on several threads, behind a synchronous call: scoring is synchronous (a metric's `stats` asks
 * for one line's parse), so the caller hands over every line it is about to score, blocks on `Atomics.wait` while
 * the threads parse batches, and takes their answers with `receiveMessageOnPort`, which needs no event loop. The
 * threads start on the first `parse` and stay (unreferenced, so they keep no process alive) until `close`.
 */
export class ParsePool {
  readonly minimumLines: number;
  private readonly batchLines: number;
  private readonly script: string;
  private threads: { worker: Worker; port: MessagePort }[] = [];
  private readonly replies = new Int32Array(new SharedArrayBuffer(4));

  constructor(private readonly options: ParsePoolOptions) {
    this.minimumLines = options.minimumLines ?? DEFAULT_MINIMUM_LINES;
    this.batchLines = options.batchLines ?? 32;
    this.script = options.script ?? path.join(__dirname, 'parse-pool-thread.js');
  }

  /** Whether the thread script is installed (a pool without it would wait for threads that never start). */
  get available(): boolean {
    return this.options.threads > 1 && fs.existsSync(this.script);
  }

  /** Whether `lines` new lines are worth sending to the threads rather than parsing them on the calling thread. */
  worthwhile(lines: number): boolean {
    return lines >= (this.threads.length > 0 ? 2 * this.batchLines : this.minimumLines);
  }

  /**
   * The parses of `lines`, in order (the same as `parsedLine` gives on this thread). When `isCancelled` (checked at
   * least every 100 ms) says so, no more batches are sent and the lines not parsed yet are left undefined.
   */
  parse(lines: readonly string[], isCancelled?: () => boolean): (ParsedLine | undefined)[] {
    const threads = this.start(Math.max(1, this.options.threads));
    const results = new Array<ParsedLine | undefined>(lines.length);
    const batches = Math.ceil(lines.length / this.batchLines);
    let next = 0;
    let outstanding = 0;
    const send = (k: number): void => {
      if (next >= batches || isCancelled?.()) return;
      const from = next * this.batchLines;
      threads[k].port.postMessage({ batch: next, lines: lines.slice(from, from + this.batchLines) });
      next++;
      outstanding++;
    };
    for (let k = 0; k < threads.length; k++) send(k);
    const silenceLimit = this.options.silenceLimitMs ?? 120_000;
    let seen = Atomics.load(this.replies, 0);
    let silentSince = Date.now();
    while (outstanding > 0) {
      if (Atomics.wait(this.replies, 0, seen, 100) === 'timed-out' && Date.now() - silentSince > silenceLimit) {
        this.close();
        throw new UnderstudyError('parser-threads', `The parser threads stopped answering (nothing for ${Math.round(silenceLimit / 1000)} s); parsing was abandoned.`);
      }
      seen = Atomics.load(this.replies, 0);
      for (let k = 0; k < threads.length; k++) {
        for (let received = receiveMessageOnPort(threads[k].port); received; received = receiveMessageOnPort(threads[k].port)) {
          const reply = received.message as ParseBatchReply;
          outstanding--;
          silentSince = Date.now();
          if ('error' in reply) {
            this.close();
            throw new UnderstudyError(reply.code === 'bad-parser-model' ? 'bad-parser-model' : 'parser-threads', reply.error);
          }
          reply.parsed.forEach((parsed, i) => (results[reply.batch * this.batchLines + i] = parsed));
          send(k);
        }
      }
    }
    return results;
  }

  /** Stops the threads (a later `parse` starts new ones). */
  close(): void {
    for (const { worker, port } of this.threads) {
      port.close();
      void worker.terminate();
    }
    this.threads = [];
  }

  /** The threads, `count` of them at least (started threads stay: their model is loaded). */
  private start(count: number): { worker: Worker; port: MessagePort }[] {
    const model = this.threads.length < count ? this.options.model?.() : undefined;
    while (this.threads.length < count) {
      const { port1, port2 } = new MessageChannel();
      const workerData: ParsePoolThreadData = { port: port2, replies: this.replies, model, modelFile: this.options.modelFile };
      const worker = new Worker(this.script, { workerData, transferList: [port2] });
      worker.unref();
      port1.unref();
      this.threads.push({ worker, port: port1 });
    }
    return this.threads;
  }
}
