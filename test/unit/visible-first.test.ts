import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { SEGMENT_LOCAL_METRICS } from '../../src/core/engine/segment-local-metrics';
import { EvaluationSession } from '../../src/core/engine/evaluation-session';
import { METRIC_NAMES, metricRequest } from '../../src/core/engine/metric-registry';
import { DEFAULT_METRIC_SETTINGS } from '../../src/core/engine/metric-settings';
import { FIXTURES } from './golden';

const WMT = path.join(FIXTURES, 'data/wmt21-news/txt');
const lines = (file: string): string[] => fs.readFileSync(path.join(WMT, file), 'utf8').replace(/\n$/, '').split('\n');

// The editor scores a long file's visible lines first in a session prepared on those lines' references only, for the
// metrics listed as segment-local: for them that must give exactly the scores of the whole test set.
describe('sentence scores from a part of the test set', () => {
  const refA = lines('references/newstest2021.cs-en.ref.A.en').slice(0, 300);
  const refB = lines('references/newstest2021.cs-en.ref.B.en').slice(0, 300);
  const hyp = lines('system-outputs/newstest2021.cs-en.hyp.Online-B.en').slice(0, 300);
  const HEAD = 40;

  /** Sentence scores of the first HEAD lines from a session on the first HEAD references, and from one on all 300. */
  function headAndFull(name: string): { head: Float64Array; full: Float64Array } {
    const request = [metricRequest(name, DEFAULT_METRIC_SETTINGS)];
    const full = new EvaluationSession([{ file: 'A', segments: refA }, { file: 'B', segments: refB }], request).setLines('sys', hyp);
    const head = new EvaluationSession([{ file: 'A', segments: refA.slice(0, HEAD) }, { file: 'B', segments: refB.slice(0, HEAD) }], request).setLines('sys', hyp.slice(0, HEAD));
    // (A prepared metric may go by its canonical name: rougeLsum is ROUGE-1.5.5's rougeL.)
    const [key] = Object.keys(full.sentence);
    return { head: head.sentence[key], full: full.sentence[key].subarray(0, HEAD) };
  }

  for (const name of SEGMENT_LOCAL_METRICS) {
    it(`${name}: the same from the visible lines' references alone`, () => {
      assert.ok(METRIC_NAMES.includes(name), `${name} is a metric of the registry`);
      const { head, full } = headAndFull(name);
      assert.strictEqual(head.length, HEAD);
      head.forEach((v, i) => assert.ok(Object.is(v, full[i]), `line ${i}: ${v} vs ${full[i]}`));
    });
  }

  it('nist: needs the whole reference set (its information weights), so it is not listed', () => {
    assert.ok(!SEGMENT_LOCAL_METRICS.has('nist'));
    const { head, full } = headAndFull('nist');
    assert.ok(head.some((v, i) => v !== full[i]), 'NIST sentence scores change with the reference set');
  });
});
