import * as assert from 'assert';
import { tokenize13a, tokenize13aString, tokenize13aWords } from '../../src/core/text/tokenizers/tokenizer-13a';
import { lineLimit, loadGolden, readDataLines } from './golden';

function ngramCounts(words: readonly string[], maxOrder: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i < words.length; i++) {
    for (let n = 1; n <= maxOrder && i + n <= words.length; n++) {
      const key = words.slice(i, i + n).join(' ');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  return counts;
}

/** sacreBLEU's BLEU sufficient statistics [sys_len, ref_len, correct_1..4, total_1..4] from 13a words. */
function bleuStats(hyp: string, refs: readonly string[]): number[] {
  const hypWords = tokenize13aWords(hyp);
  const refWords = refs.map(tokenize13aWords);
  let refLen = -1;
  for (const r of refWords) {
    const d = Math.abs(r.length - hypWords.length);
    const best = Math.abs(refLen - hypWords.length);
    if (refLen < 0 || d < best || (d === best && r.length < refLen)) refLen = r.length;
  }
  const maxRef = new Map<string, number>();
  for (const r of refWords) for (const [k, c] of ngramCounts(r, 4)) maxRef.set(k, Math.max(maxRef.get(k) ?? 0, c));
  const correct = [0, 0, 0, 0];
  const total = [0, 0, 0, 0];
  for (const [k, c] of ngramCounts(hypWords, 4)) {
    const n = k.split(' ').length;
    total[n - 1] += c;
    correct[n - 1] += Math.min(c, maxRef.get(k) ?? 0);
  }
  return [hypWords.length, refLen, ...correct, ...total];
}

/**
 * Expected outputs were produced by running sacreBLEU 2.6's 13a steps (tokenizer_13a.py + tokenizer_re.py regexes and
 * `' '.join(line.strip().split())`) in CPython 3 on each input.
 */
const SACREBLEU_13A: [string, string][] = [
  ["", ""],
  ["   ", ""],
  ["\t\t", ""],
  ["Hello, world!", "Hello , world !"],
  ["The U.S. economy grew 2.1 percent, i.e. $1,234.56 billion.", "The U . S . economy grew 2.1 percent , i . e . $ 1,234.56 billion ."],
  ["1,000.50 and 3.14. Also 5. and .5 and ,5 and a.b,c", "1,000.50 and 3.14 . Also 5 . and . 5 and , 5 and a . b , c"],
  ["x..y ,, ..5 5.. 5,,6", "x . . y , , . .5 5 . . 5 , , 6"],
  ["10-20 a-b 3- -4 -", "10 - 20 a-b 3 - -4 -"],
  ["state-of-the-art 2-3-4", "state-of-the-art 2 - 3 - 4"],
  ["&quot;hi&quot; &amp; &lt;b&gt; &amp;lt; &amp;quot; &amp;amp; &apos;", "\" hi \" & < b > < & quot ; & amp ; & apos ;"],
  ["a<skipped>b <skip<skipped>ped> c", "ab < skipped > c"],
  ["line-\nbreak and\nnewline", "linebreak and newline"],
  ["\u201cIt\u2019s over,\u201d she said \u2014 quietly\u2026", "\u201cIt\u2019s over , \u201d she said \u2014 quietly\u2026"],
  ["\u00abBonjour\u00bb, dit-il\u00a0: \u2018c\u2019est la vie\u2019.", "\u00abBonjour\u00bb , dit-il : \u2018c\u2019est la vie\u2019 ."],
  ["tab\there\u3000ideo\u2003em\u200bzwsp\ufeffbom\u001cfs\u0085nel\u000bvt", "tab here ideo em\u200bzwsp\ufeffbom fs nel vt"],
  ["\ud83d\udc4d.a \ud83d\ude00,5 x\ud83d\ude00.", "\ud83d\udc4d . a \ud83d\ude00 , 5 x\ud83d\ude00 ."],
  ["Costs: 5\u00a0% \u2013 7\u00a0%.", "Costs : 5 % \u2013 7 % ."],
  ["O'Neill's {x}|y~z [a]\\b^c_d`e @f#g$h%i", "O'Neill's { x } | y ~ z [ a ] \\ b ^ c _ d ` e @ f # g $ h % i"],
  ["a*b+c(d)e:f;g<h=i>j?k/l", "a * b + c ( d ) e : f ; g < h = i > j ? k / l"],
  ["Mr. Smith at 12:30 p.m.", "Mr . Smith at 12 : 30 p . m ."],
  ["...", ". . ."],
  [".", "."],
  [",", ","],
  ["end.", "end ."],
  ["3.", "3 ."],
  ["end 3.", "end 3 ."],
];

describe('tokenizer-13a (sacreBLEU 2.6 13a)', () => {
  for (const [input, expected] of SACREBLEU_13A) {
    it(`tokenizes ${JSON.stringify(input)}`, () => {
      assert.strictEqual(tokenize13aString(input), expected);
      assert.deepStrictEqual(
        tokenize13a(input).map((t) => t.text),
        expected === '' ? [] : expected.split(' '),
      );
    });
  }

  it('spans point into the original line; plain tokens are exact substrings', () => {
    const line = 'The U.S. costs $1,234.56, ok?';
    const tokens = tokenize13a(line);
    assert.deepStrictEqual(
      tokens.map((t) => t.text),
      ['The', 'U', '.', 'S', '.', 'costs', '$', '1,234.56', ',', 'ok', '?'],
    );
    for (const t of tokens) assert.strictEqual(line.slice(t.start, t.end), t.text);
  });

  it('a token produced from an entity spans the entity', () => {
    const line = 'say &quot;hi&quot; &amp;lt;3';
    const tokens = tokenize13a(line);
    assert.deepStrictEqual(
      tokens.map((t) => [t.text, line.slice(t.start, t.end)]),
      [
        ['say', 'say'],
        ['"', '&quot;'],
        ['hi', 'hi'],
        ['"', '&quot;'],
        ['<', '&amp;lt;'],
        ['3', '3'],
      ],
    );
  });

  it('<skipped> removal and -\\n joins keep the surrounding characters\' spans', () => {
    const line = 'a<skipped>b line-\nbreak';
    const tokens = tokenize13a(line);
    assert.deepStrictEqual(tokens.map((t) => t.text), ['ab', 'linebreak']);
    assert.deepStrictEqual(
      tokens.map((t) => [t.start, t.end]),
      [
        [0, 11],
        [12, line.length],
      ],
    );
  });

  it('surrogate pairs stay whole and spans count UTF-16 units', () => {
    const line = '👍.a x😀.';
    const tokens = tokenize13a(line);
    assert.deepStrictEqual(tokens.map((t) => t.text), ['👍', '.', 'a', 'x😀', '.']);
    for (const t of tokens) assert.strictEqual(line.slice(t.start, t.end), t.text);
  });

  it('splits on Python whitespace only (U+001C and U+0085 yes, U+200B and U+FEFF no)', () => {
    assert.deepStrictEqual(tokenize13aWords('a\u001cb\u0085c\u200bd\ufeffe\u3000f'), ['a', 'b', 'c\u200bd\ufeffe', 'f']);
  });

  it('fast and span-tracking paths agree on random lines', () => {
    const alphabet = ['a', 'B', '1', '9', '.', ',', '-', ' ', '\t', '&', 'amp;', 'quot;', 'lt;', '<skipped>', '\n', "'", '$', '\u00a0', '😀', 'é', '_', '/'];
    let seed = 12345;
    const rand = (n: number): number => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    for (let k = 0; k < 2000; k++) {
      let line = '';
      const len = rand(30);
      for (let i = 0; i < len; i++) line += alphabet[rand(alphabet.length)];
      assert.deepStrictEqual(tokenize13a(line).map((t) => t.text), tokenize13aWords(line), JSON.stringify(line));
    }
  });

  describe('word counts behind sacreBLEU 2.6 bleu_default sufficient statistics (sacrebleu.json)', () => {
    // Only the tokenizer is under test: every segment's [sys_len, ref_len, correct_n, total_n] depends on the exact
    // 13a words of the hypothesis and its references.
    for (const c of loadGolden('sacrebleu').cases.filter((k) => k.config === 'bleu_default')) {
      it(c.id, () => {
        const limit = lineLimit(c.inputs.line_range);
        const hyps: string[] = c.inputs.hyps ?? readDataLines(c.inputs.hyp_file, limit);
        const streams: string[][] = c.inputs.refs ?? (c.inputs.ref_files as string[]).map((f) => readDataLines(f, limit));
        const expected: number[][] = c.expected.segments.stats;
        assert.strictEqual(expected.length, hyps.length);
        hyps.forEach((h, i) => assert.deepStrictEqual(bleuStats(h, streams.map((s) => s[i])), expected[i], `segment ${i + 1}`));
      });
    }
  });

  it('handles a 100k-character line', () => {
    const line = 'word, 1.5 (x) '.repeat(7200);
    const tokens = tokenize13a(line);
    assert.strictEqual(tokens.length, 7200 * 6);
    assert.deepStrictEqual(tokens.map((t) => t.text), tokenize13aWords(line));
  });
});
