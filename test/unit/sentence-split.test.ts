import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { splitSentences, splitSummEvalSentences } from '../../src/core/text/sentence-split';
import { markSentences } from '../../src/core/engine/sentence-split-adapter';
import { FIXTURES } from './golden';

const texts = (text: string, spans: { start: number; end: number }[]) => spans.map((s) => text.slice(s.start, s.end));

describe('sentence splitting', () => {
  it('SummEval: after every space-separated ".", "!" or "?" token', () => {
    const text = 'paul merson has restarted his row . he was brought on ! who knows ? the end';
    assert.deepStrictEqual(texts(text, splitSummEvalSentences(text)), ['paul merson has restarted his row .', 'he was brought on !', 'who knows ?', 'the end']);
    assert.deepStrictEqual(texts('U.S. troops . fine', splitSummEvalSentences('U.S. troops . fine')), ['U.S. troops .', 'fine']);
  });
  it('rules: abbreviations, initials, decimals, quotes and newlines', () => {
    const text = 'Mr. Smith paid $3.50 to J. Doe in the U.S. yesterday. "Really?" she asked. It rained!\nNext line';
    assert.deepStrictEqual(texts(text, splitSentences(text)), [
      'Mr. Smith paid $3.50 to J. Doe in the U.S. yesterday.',
      '"Really?" she asked.',
      'It rained!',
      'Next line',
    ]);
    assert.deepStrictEqual(texts('It ended in 2019. Then peace.', splitSentences('It ended in 2019. Then peace.')), ['It ended in 2019.', 'Then peace.']);
    assert.deepStrictEqual(splitSentences('   '), []);
    assert.deepStrictEqual(splitSentences(''), []);
    // Abbreviations from the list, ellipses, closing brackets, and a lower-case word after the stop (no split).
    const more = 'Prof. Lee met Dr. Ng (of St. Mary\'s) e.g. on Jan. 5 vs. No. 3. Wait... (It ended.) Then it rained. and more';
    assert.deepStrictEqual(texts(more, splitSentences(more)), [
      "Prof. Lee met Dr. Ng (of St. Mary's) e.g. on Jan. 5 vs. No. 3.",
      'Wait...',
      '(It ended.)',
      'Then it rained. and more',
    ]);
    // Only a capital letter is an initial: "plan a. Then" ends a sentence.
    assert.deepStrictEqual(texts('Use plan a. Then go.', splitSentences('Use plan a. Then go.')), ['Use plan a.', 'Then go.']);
    // Offsets are UTF-16 code units: the emoji counts 2.
    const emoji = 'Hi 😀. Bye!\r\n  Next';
    assert.deepStrictEqual(splitSentences(emoji), [{ start: 0, end: 6 }, { start: 7, end: 11 }, { start: 15, end: 19 }]);
  });
  it('SummEval: spans are UTF-16 offsets without surrounding spaces, empty input gives no span', () => {
    assert.deepStrictEqual(splitSummEvalSentences('  😀 a .  b ! '), [{ start: 2, end: 8 }, { start: 10, end: 13 }]);
    assert.deepStrictEqual(splitSummEvalSentences(''), []);
    assert.deepStrictEqual(splitSummEvalSentences('   '), []);
  });
  it('splits every SummEval summary after its ".", "!" and "?" tokens', () => {
    const lines = fs.readFileSync(path.join(FIXTURES, 'data/summeval/summaries.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
    for (const { summary } of lines as { summary: string }[]) {
      const spans = splitSummEvalSentences(summary);
      const pieces = texts(summary, spans);
      pieces.forEach((p, k) => {
        assert.ok(p.length > 0 && p === p.trim(), JSON.stringify(p));
        const last = p.split(' ').pop()!;
        if (k < pieces.length - 1) assert.ok(['.', '!', '?'].includes(last), JSON.stringify(p));
        assert.ok(!p.split(' ').slice(0, -1).some((t) => t === '.' || t === '!' || t === '?'), JSON.stringify(p));
      });
      assert.strictEqual(pieces.join(' ').split(' ').filter(Boolean).join(' '), summary.split(' ').filter(Boolean).join(' '));
    }
    // The first summary (M0, document 1): the rule-based splitter keeps "? # rubberdub" together (no capital after "?").
    const first = lines[0].summary as string;
    assert.strictEqual(splitSummEvalSentences(first).length, 3);
    const ruled = texts(first, splitSentences(first));
    assert.strictEqual(ruled.length, 2);
    assert.ok(ruled[0].startsWith('Paul merson') && ruled[0].endsWith('on sunday .'));
    assert.ok(ruled[1].startsWith('` just been watching') && ruled[1].endsWith('put on twitter .'));
  });
  it('splits every SummEval reference into non-empty sentences that cover all its words', () => {
    const docs = fs.readFileSync(path.join(FIXTURES, 'data/summeval/docs.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
    for (const doc of docs.slice(0, 20)) {
      for (const ref of doc.refs11 as string[]) {
        for (const split of [splitSentences, splitSummEvalSentences]) {
          const pieces = texts(ref, split(ref));
          assert.ok(pieces.every((p) => p.trim().length > 0 && p === p.trim()));
          assert.strictEqual(pieces.join(' ').split(/\s+/).filter(Boolean).join(' '), ref.split(/\s+/).filter(Boolean).join(' '));
        }
      }
    }
  });
  it('marks sentences with newlines without changing any offset', () => {
    const text = 'one two . three four . five';
    const marked = markSentences(text, 'summeval');
    assert.strictEqual(marked, 'one two .\nthree four .\nfive');
    assert.strictEqual(marked.length, text.length);
  });
});
