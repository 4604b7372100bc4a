import * as assert from 'assert';
import { metricRequest, METRIC_NAMES } from '../../src/core/engine/metric-registry';
import { DEFAULT_METRIC_SETTINGS } from '../../src/core/engine/metric-settings';
import { stressParses } from './syntax-helpers';

/**
 * A 100,000-character line (about 17,000 words) must be scored and explained by every metric without running out of
 * memory or hanging: quadratic-time metrics stay linear in memory. (Speed is measured in bench/, not here.)
 */
describe('every metric on 100k-character lines', () => {
  let seed = 11;
  const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
  const words = Array.from({ length: 17_000 }, () => `w${Math.floor(random() * 2000)}`);
  const hypothesis = words.join(' ');
  const reference = words.map((w, i) => (i % 7 === 0 ? `x${w}` : w)).join(' ');
  it('has lines of over 100,000 characters', () => assert.ok(hypothesis.length > 90_000 && reference.length > 90_000));
  // The syntactic metrics read parses of the lines (a 17,000-word sentence each).
  const parses = stressParses([hypothesis, reference]);
  for (const name of METRIC_NAMES) {
    it(name, function () {
      this.timeout(120_000);
      if (name === 'rougeS*' || name === 'rougeSU*') {
        // 144 million skip-bigrams: refused with a message saying what to use instead.
        assert.throws(
          () => metricRequest(name, DEFAULT_METRIC_SETTINGS).prepare({ streams: [[reference]] }).stats(hypothesis, 0),
          (e: Error & { code?: string }) => e.code === 'line-too-long' && /ROUGE-S4\/SU4/.test(e.message),
        );
        return;
      }
      const metric = metricRequest(name, DEFAULT_METRIC_SETTINGS, parses).prepare({ streams: [[reference]] });
      const row = metric.stats(hypothesis, 0);
      const score = metric.sentenceScore(row).score;
      assert.ok(Number.isFinite(score), `${name}: ${score}`);
      const explanation = metric.explain(hypothesis, 0);
      assert.ok(explanation.matches.length > 0, `${name} explains some matches`);
      for (const m of explanation.matches.slice(0, 100)) for (const s of m.hypothesis) assert.ok(s.end <= hypothesis.length);
    });
  }
});
