import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { CORPUS_CONTEXT_METRICS } from '../../src/core/engine/corpus-context-metrics';
import { EvaluationSession } from '../../src/core/engine/evaluation-session';
import { METRIC_NAMES, metricRequest } from '../../src/core/engine/metric-registry';
import { DEFAULT_METRIC_SETTINGS } from '../../src/core/engine/metric-settings';
import { FIXTURES } from './golden';

const WMT = path.join(FIXTURES, 'data/wmt21-news/txt');
const lines = (file: string): string[] => fs.readFileSync(path.join(WMT, file), 'utf8').replace(/\n$/, '').split('\n');

// The editor scores a long file's visible lines first in a session prepared on those lines' references only. That is
// exact for every metric whose sentence score depends on the segment's own references alone.
describe('sentence scores from a part of the test set', () => {
  const refA = lines('references/newstest2021.cs-en.ref.A.en').slice(0, 300);
  const refB = lines('references/newstest2021.cs-en.ref.B.en').slice(0, 300);
  const hyp = lines('system-outputs/newstest2021.cs-en.hyp.Online-B.en').slice(0, 300);
  const HEAD = 40;

  for (const name of METRIC_NAMES) {
    const local = !CORPUS_CONTEXT_METRICS.has(name);
    it(`${name}: ${local ? 'the same from the visible lines\' references alone' : 'needs the whole reference set (scored after it)'}`, () => {
      const request = [metricRequest(name, DEFAULT_METRIC_SETTINGS)];
      const full = new EvaluationSession([{ file: 'A', segments: refA }, { file: 'B', segments: refB }], request).setLines('sys', hyp);
      const head = new EvaluationSession([{ file: 'A', segments: refA.slice(0, HEAD) }, { file: 'B', segments: refB.slice(0, HEAD) }], request).setLines('sys', hyp.slice(0, HEAD));
      // (A prepared metric may go by its canonical name: rougeLsum is ROUGE-1.5.5's rougeL.)
      const [key] = Object.keys(full.sentence);
      const same = [...head.sentence[key]].every((v, i) => Object.is(v, full.sentence[key][i]));
      assert.strictEqual(same, local, local ? 'sentence scores differ' : 'NIST scores are expected to depend on the whole reference set');
    });
  }
});
