import * as assert from 'node:assert/strict';
import { deltaLabel, directionMark, sentenceDeltaText } from '../../src/core/compare/delta-label';
import { improvement, lineDeltas, rankDifferences, stepThroughRanking } from '../../src/core/compare/line-deltas';

describe('compare: per-line deltas and the order of the largest differences', () => {
  const a = [10, 50, 30, NaN, 20, 40];
  const b = [35, 50, 10, 70, 45, 41];

  it('deltas are B − A per line, NaN where a line has no score', () => {
    assert.deepEqual(Array.from(lineDeltas(a, b)), [25, 0, -20, NaN, 25, 1]);
    assert.equal(lineDeltas([1, 2, 3], [1]).length, 1, 'as long as the shorter side');
  });

  it('improvement is positive when B is better: the delta for BLEU, its negation for TER', () => {
    assert.equal(improvement(5, true), 5);
    assert.equal(improvement(5, false), -5);
    assert.equal(improvement(-3, false), 3);
  });

  it('ranking: largest |Δ| first, ties in line order, equal and unscored lines left out', () => {
    const deltas = lineDeltas(a, b);
    assert.deepEqual(rankDifferences(deltas, true), [0, 4, 2, 5]);
    assert.deepEqual(rankDifferences(deltas, true, 'better'), [0, 4, 5]);
    assert.deepEqual(rankDifferences(deltas, true, 'worse'), [2]);
    // For an error rate the same deltas mean the opposite: line 2 (TER −20) is B's improvement.
    assert.deepEqual(rankDifferences(deltas, false, 'better'), [2]);
    assert.deepEqual(rankDifferences(deltas, false, 'worse'), [0, 4, 5]);
    assert.deepEqual(rankDifferences(new Float64Array([0, 0, NaN]), true), []);
  });

  it('navigation steps through the ranking in either direction and wraps around', () => {
    const ranking = [0, 4, 2, 5];
    assert.deepEqual(stepThroughRanking(ranking, 0, 1), { line: 4, rank: 1, total: 4 });
    assert.deepEqual(stepThroughRanking(ranking, 4, -1), { line: 0, rank: 0, total: 4 });
    assert.deepEqual(stepThroughRanking(ranking, 5, 1), { line: 0, rank: 0, total: 4 }, 'past the smallest, back to the largest');
    assert.deepEqual(stepThroughRanking(ranking, 0, -1), { line: 5, rank: 3, total: 4 });
    // From a line without a difference: next = the largest, previous = the smallest.
    assert.deepEqual(stepThroughRanking(ranking, 1, 1), { line: 0, rank: 0, total: 4 });
    assert.deepEqual(stepThroughRanking(ranking, 1, -1), { line: 5, rank: 3, total: 4 });
    assert.equal(stepThroughRanking([], 0, 1), undefined);
    // Walking "next" from the top visits every ranked line once, in rank order.
    const visited: number[] = [];
    let line = -1;
    for (let i = 0; i < ranking.length; i++) {
      line = stepThroughRanking(ranking, line, 1)?.line ?? -1;
      visited.push(line);
    }
    assert.deepEqual(visited, ranking);
  });

  it('decoration text: signed deltas on the metric’s scale with ▲ where B is better', () => {
    assert.equal(sentenceDeltaText(12.345, 'bleu'), '+12.3');
    assert.equal(sentenceDeltaText(-0.04, 'chrf'), '0.0', 'a delta that rounds to zero has no sign');
    assert.equal(sentenceDeltaText(0.01234, 'rougeL'), '+0.012');
    assert.equal(sentenceDeltaText(-1.234, 'nist'), '-1.23');
    assert.equal(directionMark(-4, 'ter'), '▲');
    assert.equal(directionMark(-4, 'bleu'), '▼');
    assert.equal(directionMark(0, 'bleu'), '=');
    assert.equal(
      deltaLabel([
        { metric: 'bleu', delta: 12.34 },
        { metric: 'chrf', delta: 5.06 },
        { metric: 'ter', delta: -4 },
      ]),
      'Δ BLEU +12.3 ▲ · chrF +5.1 ▲ · TER -4.0 ▲',
    );
    assert.equal(deltaLabel([{ metric: 'bleu', delta: NaN }]), undefined);
  });
});
