import * as assert from 'node:assert/strict';
import { CharSpan, diffTokens, wordDiff } from '../../src/core/compare/word-diff';

const texts = (line: string, spans: readonly CharSpan[]): string[] => spans.map((s) => line.slice(s.start, s.end));

describe('compare: word-level differences as character spans', () => {
  it('tokens are words, single punctuation marks and single characters of unspaced scripts, with UTF-16 offsets', () => {
    assert.deepEqual(
      diffTokens('Hello, world!').map((t) => [t.text, t.start, t.end]),
      [['Hello', 0, 5], [',', 5, 6], ['world', 7, 12], ['!', 12, 13]],
    );
    // Chinese characters are one token each; the Latin word between them stays whole.
    assert.deepEqual(diffTokens('我们用BLEU评价').map((t) => t.text), ['我', '们', '用', 'BLEU', '评', '价']);
    // An emoji (a surrogate pair) is one token of length 2; offsets after it count both code units.
    assert.deepEqual(diffTokens('a 😀 b').map((t) => [t.text, t.start, t.end]), [['a', 0, 1], ['😀', 2, 4], ['b', 5, 6]]);
    // A combining accent stays with its letter, even after punctuation.
    assert.deepEqual(diffTokens('cafe\u0301 ,\u0301').map((t) => t.text), ['cafe\u0301', ',\u0301']);
    assert.deepEqual(diffTokens('   '), []);
  });

  it('a replaced phrase is one span on each side, however many words it has', () => {
    const a = 'the red car stopped';
    const b = 'a blue car stopped';
    const diff = wordDiff(a, b);
    assert.deepEqual(diff.removed, [{ start: 0, end: 7 }]);
    assert.deepEqual(diff.added, [{ start: 0, end: 6 }]);
    assert.deepEqual(texts(a, diff.removed), ['the red']);
    assert.deepEqual(texts(b, diff.added), ['a blue']);
    assert.equal(diff.commonTokens, 2);
  });

  it('insertions and deletions in the middle and at the ends map to the right offsets', () => {
    const a = 'He said that it works.';
    const b = 'Yesterday he said it really works';
    const diff = wordDiff(a, b);
    assert.deepEqual(texts(a, diff.removed), ['He', 'that', '.']);
    assert.deepEqual(texts(b, diff.added), ['Yesterday he', 'really']);
  });

  it('identical lines, and lines that differ only in spacing, have no differences', () => {
    for (const [a, b] of [['same words here', 'same words here'], ['a  b\tc', 'a b c'], ['', '']]) {
      const diff = wordDiff(a, b);
      assert.deepEqual([diff.removed, diff.added], [[], []], `${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
    }
  });

  it('an empty line against a full one: everything is removed or added', () => {
    assert.deepEqual(wordDiff('', 'new text').added, [{ start: 0, end: 8 }]);
    assert.deepEqual(wordDiff('old text', '').removed, [{ start: 0, end: 8 }]);
  });

  it('case matters (the metrics are case-sensitive by default)', () => {
    const diff = wordDiff('The cat', 'the cat');
    assert.deepEqual(texts('The cat', diff.removed), ['The']);
    assert.deepEqual(texts('the cat', diff.added), ['the']);
  });

  it('property: outside the spans both lines have the same tokens, in order (a common subsequence of maximal length)', () => {
    let state = 7;
    const random = (n: number): number => {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      return state % n;
    };
    const words = ['a', 'b', 'c', 'the', 'cat', ',', '.', '中', '😀', 'x'];
    const line = (): string => Array.from({ length: random(12) }, () => words[random(words.length)]).join(random(3) === 0 ? '  ' : ' ');
    for (let trial = 0; trial < 300; trial++) {
      const a = line();
      const b = line();
      const diff = wordDiff(a, b);
      const outside = (text: string, spans: readonly CharSpan[]): string[] =>
        diffTokens(text)
          .filter((t) => !spans.some((s) => t.start >= s.start && t.end <= s.end))
          .map((t) => t.text);
      const keptA = outside(a, diff.removed);
      assert.deepEqual(keptA, outside(b, diff.added), `${a} | ${b}`);
      assert.equal(keptA.length, diff.commonTokens);
      assert.equal(diff.commonTokens, longestCommonSubsequence(diffTokens(a).map((t) => t.text), diffTokens(b).map((t) => t.text)), `${a} | ${b}`);
      // Spans start and end on token boundaries and never overlap.
      for (const [text, spans] of [[a, diff.removed], [b, diff.added]] as const) {
        const starts = new Set(diffTokens(text).map((t) => t.start));
        const ends = new Set(diffTokens(text).map((t) => t.end));
        spans.forEach((s, i) => {
          assert.ok(starts.has(s.start) && ends.has(s.end) && s.start < s.end);
          if (i > 0) assert.ok(spans[i - 1].end < s.start);
        });
      }
    }
  });
});

function longestCommonSubsequence(x: readonly string[], y: readonly string[]): number {
  const table = Array.from({ length: x.length + 1 }, () => new Array<number>(y.length + 1).fill(0));
  for (let i = 1; i <= x.length; i++) {
    for (let j = 1; j <= y.length; j++) table[i][j] = x[i - 1] === y[j - 1] ? table[i - 1][j - 1] + 1 : Math.max(table[i - 1][j], table[i][j - 1]);
  }
  return table[x.length][y.length];
}
