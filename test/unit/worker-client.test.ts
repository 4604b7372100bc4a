import * as assert from 'node:assert/strict';
import { getEventListeners } from 'events';
import * as path from 'path';
import { DEFAULT_METRIC_SETTINGS } from '../../src/core/engine/metric-settings';
import { JobCancelled, WorkerClient } from '../../src/extension/worker-client';

// The extension host's client of the scoring worker, driving the compiled worker (src/worker/worker.js under out/).
describe('worker client: one signal over many requests', function () {
  this.timeout(60000);
  let client: WorkerClient;
  before(() => {
    client = new WorkerClient(path.resolve(__dirname, '../..'), path.resolve(__dirname, '../../src/worker/worker.js'));
  });
  after(() => client.dispose());

  const job = (signal: AbortSignal) =>
    client.score({
      references: [{ file: 'ref', segments: ['the cat sat on the mat', 'a dog barked'] }],
      systems: [{ file: 'hyp', hypotheses: ['the cat sat on a mat', 'the dog barked'] }],
      metrics: ['bleu'],
      settings: DEFAULT_METRIC_SETTINGS,
      sentence: false,
      signal,
    });

  it('leaves no abort listener behind once a request settles (an evaluation passes one signal to every system)', async () => {
    const abort = new AbortController();
    for (let i = 0; i < 12; i++) {
      const report = await job(abort.signal);
      assert.equal(report.systems.length, 1);
      assert.equal(getEventListeners(abort.signal, 'abort').length, 0, `after request ${i + 1}`);
    }
  });

  it('still cancels a request under way when the shared signal aborts', async () => {
    const abort = new AbortController();
    await job(abort.signal);
    const pending = job(abort.signal);
    assert.equal(getEventListeners(abort.signal, 'abort').length, 1, 'the request under way listens');
    abort.abort();
    // The worker may finish so small a job before it sees the flag: either way the listener is gone.
    await pending.then(
      (report) => assert.equal(report.systems.length, 1),
      (error: unknown) => assert.ok(error instanceof JobCancelled, String(error)),
    );
    assert.equal(getEventListeners(abort.signal, 'abort').length, 0);
    await assert.rejects(job(abort.signal), JobCancelled, 'an aborted signal cancels a new request at once');
  });
});
