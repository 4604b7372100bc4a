import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { EvaluationSession } from '../../src/core/engine/evaluation-session';
import { metricRequest } from '../../src/core/engine/metric-registry';
import { DEFAULT_METRIC_SETTINGS } from '../../src/core/engine/metric-settings';
import { hypothesisHighlights, referenceHighlights, highlightSources } from '../../src/core/inspect/highlight-spans';
import { scoreBreakdown } from '../../src/core/inspect/score-breakdown';
import { formatCorpusScore, formatSentenceScores } from '../../src/core/inspect/score-labels';
import { heatLevel, isLow, thresholdsFor } from '../../src/core/inspect/score-scale';
import { filterSegments, LENGTH_BUCKETS, nextLowSegment, parseScoreRange, describeScoreRange, sortWorstFirst, wordCount } from '../../src/core/inspect/segment-filter';
import { Explanation } from '../../src/core/metrics/explanation';
import { FIXTURES } from './golden';

const WMT = path.join(FIXTURES, 'data/wmt21-news/txt');
const lines = (file: string): string[] => fs.readFileSync(path.join(WMT, file), 'utf8').replace(/\n$/, '').split('\n');

describe('score scale', () => {
  it('puts sentence scores on five levels between the metric\'s bad and good thresholds', () => {
    const bleu = thresholdsFor('bleu');
    assert.deepStrictEqual(bleu, { bad: 10, good: 40 });
    assert.deepStrictEqual([0, 10, 10.01, 19.99, 20, 30, 39.99, 40, 100].map((v) => heatLevel(v, bleu)), [0, 0, 1, 1, 2, 3, 3, 4, 4]);
    // Lower TER is better: the scale runs the other way.
    const ter = thresholdsFor('ter');
    assert.deepStrictEqual([120, 70, 60, 45, 35, 30, 0].map((v) => heatLevel(v, ter)), [0, 0, 1, 2, 3, 4, 4]);
    assert.strictEqual(heatLevel(Number.NaN, bleu), undefined);
    assert.ok(isLow(5, bleu) && !isLow(11, bleu));
    // Users' thresholds win; malformed ones are ignored.
    assert.deepStrictEqual(thresholdsFor('bleu', { bleu: [25, 50] }), { bad: 25, good: 50 });
    assert.deepStrictEqual(thresholdsFor('bleu', { bleu: [25] }), { bad: 10, good: 40 });
    assert.deepStrictEqual(thresholdsFor('rougeSU4'), { bad: 0.1, good: 0.3 });
    assert.deepStrictEqual(thresholdsFor('wer'), { bad: 70, good: 30 });
  });
});

describe('score labels', () => {
  it('formats sentence scores for the end of a line and corpus scores with their interval', () => {
    assert.strictEqual(formatSentenceScores([['bleu', 23.4449], ['chrf', 51.24], ['ter', 61]]), 'BLEU 23.4 · chrF 51.2 · TER 61.0');
    assert.strictEqual(formatSentenceScores([['rougeL', 0.6875], ['nist', 5.9105], ['chrf++', Number.NaN]]), 'R-L 0.688 · NIST 5.91 · chrF++ —');
    const interval = { score: 31.0954, mean: 31.1, halfWidth: 0.9, lower: 30.214, upper: 32.012, standardDeviation: 0.5, level: 0.95, samples: 1000, seed: 12345 };
    assert.strictEqual(formatCorpusScore('bleu', 31.0954, interval), 'BLEU 31.10 [30.21, 32.01]');
    assert.strictEqual(formatCorpusScore('rouge2', 0.123456), 'R-2 0.1235');
  });
});

describe('explanations in the editor', () => {
  const refA = lines('references/newstest2021.cs-en.ref.A.en').slice(0, 3);
  const refB = lines('references/newstest2021.cs-en.ref.B.en').slice(0, 3);
  const hyp = lines('system-outputs/newstest2021.cs-en.hyp.Online-B.en').slice(0, 3);
  const session = new EvaluationSession(
    [{ file: 'ref.A.en', segments: refA }, { file: 'ref.B.en', segments: refB }],
    ['bleu', 'ter', 'rougeL', 'nist', 'chrf'].map((n) => metricRequest(n, DEFAULT_METRIC_SETTINGS)),
  );
  session.setLines('sys', hyp);
  const explained = session.explain('sys', 1)!;
  const explanations: Record<string, Explanation> = Object.fromEntries(Object.entries(explained.metrics).map(([m, e]) => [m, e.explanation]));
  const text = (span: { start: number; end: number }): string => explained.hypothesis.slice(span.start, span.end);

  it('paints each matched character with the highest n-gram order that covers it', () => {
    const spans = hypothesisHighlights(explanations, ['bleu', 'ter'], new Set(['ngrams']));
    assert.ok(spans.length > 0);
    // Spans do not overlap, and every one is a matched 4-gram's text or part of a shorter match.
    for (let i = 1; i < spans.length; i++) assert.ok(spans[i].start >= spans[i - 1].end, 'spans are disjoint and ordered');
    const order4 = spans.filter((s) => s.kind === 'order4').map(text).join(' ');
    // "in the last round of the Turkish" is a 4-gram (and longer) run shared with reference A.
    assert.match(order4, /in the last round of the Turkish/);
    // Recompute the top order of one character from the raw matches.
    const at = explained.hypothesis.indexOf('Filip');
    const top = Math.max(...explanations.bleu.matches.filter((m) => m.hypothesis.some((s) => s.start <= at && at < s.end)).map((m) => m.order));
    const painted = spans.find((s) => s.start <= at && at < s.end);
    assert.strictEqual(painted?.kind, `order${Math.min(4, top)}`);
  });

  it('marks unmatched tokens, the LCS and TER\'s edits from the metrics shown', () => {
    const spans = hypothesisHighlights(explanations, ['bleu', 'ter', 'rougeL']);
    assert.deepStrictEqual(highlightSources(explanations, ['ter', 'bleu']), { ngrams: 'bleu', unmatched: 'bleu', lcs: 'rougeL', ter: 'ter' });
    const unmatched = spans.filter((s) => s.kind === 'unmatched').map(text);
    assert.deepStrictEqual(unmatched, explanations.bleu.unmatchedHypothesis.map(text));
    assert.ok(spans.some((s) => s.kind === 'ter-shift' && text(s) === 'vice-champion'), 'TER shifts vice-champion');
    const lcs = spans.filter((s) => s.kind === 'lcs');
    assert.ok(lcs.length > 0 && lcs.every((s) => s.end > s.start));
    // On reference A: the n-grams matched there; TER's deletions only on the reference that decided TER.
    const onA = referenceHighlights(explanations, ['bleu', 'ter'], 0);
    assert.ok(onA.some((s) => s.kind.startsWith('order') && refA[1].slice(s.start, s.end).includes('Trabzonspor')));
    const best = explanations.ter.bestReference ?? 0;
    assert.ok(referenceHighlights(explanations, ['ter'], 1 - best, new Set(['ter'])).every((s) => s.kind !== 'ter-delete'));
  });

  it('breaks a sentence score down as the hover shows it', () => {
    const bleu = scoreBreakdown('bleu', explanations.bleu, explained.metrics.bleu.sentence, explained.hypothesis, ['ref A', 'ref B']);
    assert.strictEqual(bleu.headline, `BLEU ${explained.metrics.bleu.sentence.score.toFixed(1)}`);
    assert.strictEqual(bleu.details[0], 'matches 1: 19/23 · 2: 14/22 · 3: 10/21 · 4: 8/20');
    assert.strictEqual(bleu.details[1], 'brevity penalty 1.000 (hypothesis 23 words, reference 23)');
    assert.match(bleu.details[2], /^matches credited to ref A \d+ · ref B \d+$/);
    const ter = scoreBreakdown('ter', explanations.ter, explained.metrics.ter.sentence, explained.hypothesis, ['ref A', 'ref B']);
    assert.strictEqual(ter.details[0], '7 edits / 21.5 reference words: 4 sub, 1 ins, 1 del, 1 shift (1 word)');
    assert.strictEqual(ter.details[1], 'shifted: “vice-champion”');
    assert.strictEqual(ter.details[2], 'decided by ref A');
    const nist = scoreBreakdown('nist', explanations.nist, explained.metrics.nist.sentence, explained.hypothesis, ['ref A', 'ref B']);
    const info = explanations.nist.details.matchedInfo as number[];
    assert.strictEqual(nist.details[0], `information ${info.map((v, i) => `${i + 1}: ${v.toFixed(1)}/${23 - i}`).join(' · ')}`);
    assert.match(nist.details[2], /^most informative matches: “[^”]+” \d+\.\d\d/);
    const chrf = scoreBreakdown('chrf', explanations.chrf, explained.metrics.chrf.sentence, explained.hypothesis, ['ref A', 'ref B']);
    assert.match(chrf.details[0], /^character n-grams P\/R 1: 95\/94 · /);
    const rouge = scoreBreakdown('rougeL', explanations.rougeL, explained.metrics.rougeL.sentence, explained.hypothesis, ['ref A', 'ref B']);
    assert.strictEqual(rouge.details[0], 'R 0.688 · P 0.688 · F 0.688');
    assert.strictEqual(rouge.details[1], '33 hits; 48 in the references, 48 in the summary');
    assert.match(rouge.details[2], /^per reference: ref A 0\.792 · ref B 0\.583$/);
  });
});

describe('segment filters', () => {
  const texts = ['one two three', '', 'a b c d e f g h i j k l', 'x y', 'w '.repeat(61)];
  const rows = texts.map((text, index) => ({ index, words: wordCount(text) }));
  const bleu = [30, Number.NaN, 5, 12, 45];
  const ter = [50, Number.NaN, 90, 70, 20];
  const scoreOf = (metric: string, index: number): number => (metric === 'ter' ? ter : bleu)[index];

  it('sorts worst first by any metric, unscored last', () => {
    assert.deepStrictEqual(rows.map((r) => r.words), [3, 0, 12, 2, 61]);
    assert.deepStrictEqual(sortWorstFirst(rows, 'bleu', scoreOf).map((r) => r.index), [2, 3, 0, 4, 1]);
    assert.deepStrictEqual(sortWorstFirst(rows, 'ter', scoreOf).map((r) => r.index), [2, 3, 0, 4, 1], 'highest TER first');
  });

  it('keeps the segments of a length bucket and a score range', () => {
    assert.deepStrictEqual(filterSegments(rows, { length: LENGTH_BUCKETS[0] }, scoreOf).map((r) => r.index), [0, 1, 3]);
    assert.deepStrictEqual(filterSegments(rows, { length: LENGTH_BUCKETS[6] }, scoreOf).map((r) => r.index), [4]);
    assert.deepStrictEqual(filterSegments(rows, { score: parseScoreRange('bleu', '10-30') }, scoreOf).map((r) => r.index), [0, 3]);
    assert.deepStrictEqual(filterSegments(rows, { score: parseScoreRange('bleu', '<12') }, scoreOf).map((r) => r.index), [2]);
    assert.deepStrictEqual(filterSegments(rows, { score: parseScoreRange('bleu', '<=12') }, scoreOf).map((r) => r.index), [2, 3]);
    assert.deepStrictEqual(filterSegments(rows, { score: parseScoreRange('ter', '>= 70'), length: LENGTH_BUCKETS[1] }, scoreOf).map((r) => r.index), [2]);
  });

  it('reads score ranges as users type them', () => {
    assert.deepStrictEqual(parseScoreRange('bleu', '20 - 10'), { metric: 'bleu', min: 10, max: 20 });
    assert.deepStrictEqual(parseScoreRange('bleu', '0,5..1'), { metric: 'bleu', min: 0.5, max: 1 });
    assert.deepStrictEqual(parseScoreRange('bleu', '>50'), { metric: 'bleu', min: 50, max: Number.POSITIVE_INFINITY, minExclusive: true });
    assert.deepStrictEqual(parseScoreRange('bleu', '42'), { metric: 'bleu', min: 42, max: 42 });
    assert.strictEqual(parseScoreRange('bleu', 'low'), undefined);
    assert.strictEqual(describeScoreRange(parseScoreRange('ter', '<30')!), 'TER < 30');
    assert.strictEqual(describeScoreRange(parseScoreRange('bleu', '10-20')!), 'BLEU 10–20');
  });

  it('finds the next and previous low segment, wrapping around', () => {
    const low = (i: number): boolean => [2, 5, 9].includes(i);
    assert.strictEqual(nextLowSegment(10, 0, 1, low), 2);
    assert.strictEqual(nextLowSegment(10, 2, 1, low), 5);
    assert.strictEqual(nextLowSegment(10, 9, 1, low), 2);
    assert.strictEqual(nextLowSegment(10, 2, -1, low), 9);
    assert.strictEqual(nextLowSegment(10, -1, 1, low), 2, 'from before the first line');
    assert.strictEqual(nextLowSegment(10, 4, 1, () => false), undefined);
  });
});
