import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { Worker } from 'worker_threads';
import { DEFAULT_METRIC_SETTINGS } from '../../src/core/engine/metric-settings';
import { CorrelationReport } from '../../src/core/meta/correlation-report';
import { CorrelateJob, WorkerReply } from '../../src/worker/protocol';
import { FIXTURES, readDataLines } from './golden';

const TOEN = path.join(FIXTURES, 'data/wmt21-news/humaneval/newstest2021-toen');

function job(id: number, cancelFlag: SharedArrayBuffer): CorrelateJob {
  const outputs = path.join(FIXTURES, 'data/wmt21-news/txt/system-outputs');
  const files = ['ad-seg-scores-cs-en.csv', 'ad-sys-ranking-cs-en-z-names.csv'];
  return {
    type: 'correlate',
    id,
    human: { files: files.map((file) => ({ file })) },
    judgmentTexts: files.map((f) => fs.readFileSync(path.join(TOEN, f), 'utf8')),
    references: [{ file: 'ref.A', segments: readDataLines('data/wmt21-news/txt/references/newstest2021.cs-en.ref.A.en') }],
    systems: fs
      .readdirSync(outputs)
      .filter((f) => f.startsWith('newstest2021.cs-en.hyp.'))
      .map((f) => ({ file: f, hypotheses: readDataLines(`data/wmt21-news/txt/system-outputs/${f}`) })),
    metrics: ['bleu'],
    settings: DEFAULT_METRIC_SETTINGS,
    options: { bootstrapSamples: 100, permutationSamples: 100 },
    cancelFlag,
  };
}

describe('worker: the correlate request', function () {
  this.timeout(120000);
  let worker: Worker;
  before(() => {
    worker = new Worker(path.resolve(__dirname, '../../src/worker/worker.js'));
  });
  after(() => worker.terminate());

  function send(request: CorrelateJob): Promise<WorkerReply[]> {
    return new Promise((resolve) => {
      const replies: WorkerReply[] = [];
      const listen = (reply: WorkerReply): void => {
        if (reply.id !== request.id) return;
        replies.push(reply);
        if (reply.type !== 'progress') {
          worker.off('message', listen);
          resolve(replies);
        }
      };
      worker.on('message', listen);
      worker.postMessage(request);
    });
  }

  it('answers with the CorrelationReport, reporting progress by stage', async () => {
    const replies = await send(job(1, new SharedArrayBuffer(4)));
    const last = replies[replies.length - 1];
    assert.equal(last.type, 'result');
    const report = (last as { value: CorrelationReport }).value;
    assert.equal(report.systemLevel[0].estimates[0].statistic, 0.5551759610143641);
    assert.equal(report.systems.filter((s) => s.included).length, 8);
    const progress = replies.filter((r): r is Extract<WorkerReply, { type: 'progress' }> => r.type === 'progress');
    assert.ok(progress.length > 0);
    assert.ok(progress.every((p) => p.total === 1000 && p.done <= 1000 && typeof p.stage === 'string'));
    assert.ok(progress.some((p) => p.stage === 'scoring'));
  });

  it('stops when the host raises the cancel flag', async () => {
    const flag = new SharedArrayBuffer(4);
    Atomics.store(new Int32Array(flag), 0, 1);
    const replies = await send(job(2, flag));
    assert.equal(replies[replies.length - 1].type, 'cancelled');
  });

  it('reports bad judgments as an error the host can show', async () => {
    const bad = { ...job(3, new SharedArrayBuffer(4)), judgmentTexts: ['not a judgments file\n', 'x'] };
    const replies = await send(bad);
    const last = replies[replies.length - 1];
    assert.equal(last.type, 'error');
    assert.match((last as { error: { message: string } }).error.message, /Name its columns|expected/);
  });
});
