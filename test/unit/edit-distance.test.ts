import * as assert from 'assert';
import { editScript, levenshtein } from '../../src/core/metrics/edit-distance';
import { Token } from '../../src/core/text/token';

function tokens(words: readonly string[]): Token[] {
  let at = 0;
  return words.map((text) => {
    const t = { text, start: at, end: at + text.length };
    at += text.length + 1;
    return t;
  });
}

describe('edit scripts', () => {
  it('cost exactly the Levenshtein distance, also when long lines are split (Hirschberg)', () => {
    let seed = 3;
    const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
    for (const length of [0, 1, 5, 40, 1500, 3000]) {
      const a = Array.from({ length }, () => `w${Math.floor(random() * 30)}`);
      const b = a.filter(() => random() > 0.1).map((w) => (random() < 0.1 ? 'x' : w));
      const script = editScript(tokens(a), tokens(b));
      const cost = script.filter((s) => s.op !== 'match').length;
      const vocabulary = new Map<string, number>();
      const ids = (ws: string[]) => Int32Array.from(ws.map((w) => vocabulary.get(w) ?? vocabulary.set(w, vocabulary.size).size - 1));
      assert.strictEqual(cost, levenshtein(ids(a), ids(b)), `length ${length}`);
      // Every hypothesis and reference token appears exactly once, in order.
      assert.strictEqual(script.filter((s) => s.hypothesis).length, a.length);
      assert.strictEqual(script.filter((s) => s.reference).length, b.length);
      const hypStarts = script.filter((s) => s.hypothesis).map((s) => s.hypothesis!.start);
      assert.deepStrictEqual(hypStarts, [...hypStarts].sort((x, y) => x - y));
    }
  });
});
