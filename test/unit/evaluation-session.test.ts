import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { EvaluationSession } from '../../src/core/engine/evaluation-session';
import { metricRequest } from '../../src/core/engine/metric-registry';
import { DEFAULT_METRIC_SETTINGS } from '../../src/core/engine/metric-settings';
import { ScoringCancelled, scoreSystems } from '../../src/core/engine/score-systems';
import { FIXTURES } from './golden';

const WMT = path.join(FIXTURES, 'data/wmt21-news/txt');
const lines = (file: string): string[] => fs.readFileSync(path.join(WMT, file), 'utf8').replace(/\n$/, '').split('\n');

describe('EvaluationSession', () => {
  const refA = lines('references/newstest2021.cs-en.ref.A.en').slice(0, 120);
  const refB = lines('references/newstest2021.cs-en.ref.B.en').slice(0, 120);
  const hyp = lines('system-outputs/newstest2021.cs-en.hyp.Online-B.en').slice(0, 120);
  const references = [
    { file: 'ref.A.en', segments: refA },
    { file: 'ref.B.en', segments: refB },
  ];
  // Integer statistics (BLEU, chrF, TER) and non-integer ones (NIST's information sums, GTM with e = 2).
  const names = ['bleu', 'chrf', 'ter', 'nist', 'gtm'];
  const settings = { ...DEFAULT_METRIC_SETTINGS, gtmExponent: 2 };
  const requests = () => names.map((n) => metricRequest(n, settings));

  function batch(hypotheses: string[]) {
    const report = scoreSystems({ references, systems: [{ file: 'sys', hypotheses }], metrics: requests(), sentence: true });
    return report;
  }

  it('scores like a batch run, line by line and for the corpus', () => {
    const session = new EvaluationSession(references, requests());
    const scores = session.setLines('sys', hyp);
    const expected = batch(hyp);
    assert.strictEqual(scores.changed.length, hyp.length);
    for (const name of names) {
      assert.strictEqual(scores.corpus[name].score, expected.systems[0].scores[name].score, name);
      assert.strictEqual(scores.corpus[name].signature, expected.systems[0].scores[name].signature, name);
      const sentence = expected.segments!.map((s) => s.scores[name]);
      assert.deepStrictEqual(Array.from(scores.sentence[name]), sentence, name);
    }
    assert.strictEqual(scores.mismatch, undefined);
  });

  it('re-scores only edited lines, and the corpus score equals a fresh run on the edited text', () => {
    const session = new EvaluationSession(references, requests());
    session.setLines('sys', hyp);
    const edited = hyp.slice();
    edited[3] = edited[3].split(' ').slice(1).join(' ');
    edited[77] = 'Something else entirely.';
    const scores = session.setLines('sys', edited);
    assert.deepStrictEqual(scores.changed, [3, 77]);
    const expected = batch(edited);
    for (const name of names) {
      assert.strictEqual(scores.corpus[name].score, expected.systems[0].scores[name].score, name);
      assert.strictEqual(scores.sentence[name][77], expected.segments![77].scores[name], name);
    }
    // Editing back restores the original numbers exactly.
    const restored = session.setLines('sys', hyp);
    assert.strictEqual(restored.corpus.bleu.score, batch(hyp).systems[0].scores.bleu.score);
  });

  it('scores the lines it can when a line was removed, and says what is wrong', () => {
    const session = new EvaluationSession(references, requests());
    session.setLines('sys', hyp);
    const shorter = hyp.slice(0, 100);
    const scores = session.setLines('hyp.en', shorter);
    assert.strictEqual(scores.scoredCount, 100);
    assert.strictEqual(scores.lineCount, 100);
    assert.match(scores.mismatch!.message, /hyp\.en has 100 lines but ref\.A\.en has 120: reference lines 101-120 have no hypothesis/);
    const expected = scoreSystems({
      references: references.map((r) => ({ file: r.file, segments: r.segments.slice(0, 100) })),
      systems: [{ file: 'sys', hypotheses: shorter }],
      metrics: requests().filter((m) => m.name === 'bleu'),
    });
    assert.strictEqual(scores.corpus.bleu.score, expected.systems[0].scores.bleu.score);

    const longer = session.setLines('hyp.en', [...hyp, 'an extra line']);
    assert.strictEqual(longer.scoredCount, 120);
    assert.ok(Number.isNaN(longer.sentence.bleu[120]));
    assert.match(longer.mismatch!.message, /has 121 lines but ref\.A\.en has 120: line 121 has no reference and is not scored/);
  });

  it('leaves the scores as they were when cancelled', () => {
    const session = new EvaluationSession(references, requests());
    const first = session.setLines('sys', hyp);
    const edited = hyp.map((h) => h.toUpperCase());
    assert.throws(() => session.setLines('sys', edited, { isCancelled: () => true }), ScoringCancelled);
    assert.strictEqual(session.scores('sys')!.corpus.bleu.score, first.corpus.bleu.score);
  });

  it('explains a line with every metric, its references and its sentence score', () => {
    const session = new EvaluationSession(references, requests());
    const scores = session.setLines('sys', hyp);
    const explained = session.explain('sys', 5, ['bleu', 'ter'])!;
    assert.deepStrictEqual(Object.keys(explained.metrics), ['bleu', 'ter']);
    assert.deepStrictEqual(explained.references, [refA[5], refB[5]]);
    assert.strictEqual(explained.metrics.bleu.sentence.score, scores.sentence.bleu[5]);
    assert.ok(explained.metrics.bleu.explanation.matches.length > 0);
    assert.strictEqual(session.explain('sys', 500), undefined);
  });
});
