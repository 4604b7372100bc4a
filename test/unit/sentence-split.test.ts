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
