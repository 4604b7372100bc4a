import * as assert from 'assert';
import { lineLimit, loadGolden, readDataLines } from './golden';
import { pythonLower } from '../../src/core/text/python-lower';
import { isSacrebleuChineseChar } from '../../src/core/text/tokenizers/tokenizer-zh';
import { sacrebleuTokenizer, TOKENIZER_NAMES } from '../../src/core/text/tokenizers/tokenizer';

/** Every line sacreBLEU's golden cases feed to a tokenizer, inline and (first 200 lines of) data files. */
function goldenLines(): string[] {
  const lines = new Set<string>();
  for (const c of loadGolden('sacrebleu').cases) {
    const limit = Math.min(lineLimit(c.inputs.line_range) ?? 200, 200);
    for (const h of c.inputs.hyps ?? readDataLines(c.inputs.hyp_file, limit)) lines.add(h);
    for (const stream of c.inputs.refs ?? (c.inputs.ref_files as string[]).map((f) => readDataLines(f, limit))) for (const r of stream) lines.add(r);
  }
  return [...lines];
}

describe('sacreBLEU tokenizers: words and spans', () => {
  const lines = [...goldenLines(), '  Ünïcode\tΣΟΦΟΣ İstanbul 3.14, 1,000; “quoted”—dash… 𠀀𠀁 ＡＢＣ  ', '2019.', 'a-\nb &amp;lt; <skipped> x'];
  for (const name of TOKENIZER_NAMES) {
    for (const lowercase of [false, true]) {
      it(`${name}${lowercase ? ' lowercased' : ''}: the span-tracking path gives the fast path's words, with spans inside the line`, () => {
        const tokenizer = sacrebleuTokenizer(name, lowercase);
        for (const line of lines) {
          const tokens = tokenizer.tokens(line);
          assert.deepStrictEqual(tokens.map((t) => t.text), tokenizer.words(line), JSON.stringify(line));
          for (const t of tokens) assert.ok(t.start >= 0 && t.start < t.end && t.end <= line.length, `${JSON.stringify(line)} ${JSON.stringify(t)}`);
          if (!lowercase && (name === 'none' || name === 'char' || name === 'intl' || name === 'zh')) {
            for (const t of tokens) assert.strictEqual(line.slice(t.start, t.end), t.text);
          }
        }
      });
    }
  }
});

describe('sacreBLEU tokenizers: behaviour', () => {
  const words = (name: Parameters<typeof sacrebleuTokenizer>[0], line: string, lowercase = false) => sacrebleuTokenizer(name, lowercase).words(line);
  it('13a separates punctuation but keeps decimals and thousands', () => {
    assert.deepStrictEqual(words('13a', 'It costs $3.50, (or 1,000 yen).'), ['It', 'costs', '$', '3.50', ',', '(', 'or', '1,000', 'yen', ')', '.']);
  });
  it('intl splits Unicode punctuation and symbols, not a final full stop after a number', () => {
    assert.deepStrictEqual(words('intl', '“Hello,” she said—in 2019.'), ['“', 'Hello', ',', '”', 'she', 'said', '—', 'in', '2019.']);
    assert.deepStrictEqual(words('intl', 'a€b 3.14'), ['a', '€', 'b', '3.14']);
  });
  it('intl: sacreBLEU rstrips first, so trailing whitespace does not split a final full stop', () => {
    assert.deepStrictEqual(words('intl', 'in 2019.\t'), ['in', '2019.']);
  });
  it('zh spaces every CJK character and applies the 13a rules to the rest', () => {
    assert.deepStrictEqual(words('zh', '我们在2019年,去了 Beijing.'), ['我', '们', '在', '2019', '年', ',', '去', '了', 'Beijing', '.']);
  });
  it('zh reproduces sacreBLEU\'s range quirk: U+2001–U+2A6D count as Chinese, astral ideographs do not', () => {
    assert.ok(isSacrebleuChineseChar(0x2014)); // em dash, inside the mis-written "\u20000"–"\u2a6d6"
    assert.ok(isSacrebleuChineseChar(0x2a6d));
    assert.ok(!isSacrebleuChineseChar(0x2000));
    assert.ok(!isSacrebleuChineseChar(0x2a6e));
    assert.deepStrictEqual(words('zh', 'a—b 𠀀𠀁'), ['a', '—', 'b', '𠀀𠀁']);
  });
  it('char makes every non-space code point a word (astral characters whole)', () => {
    assert.deepStrictEqual(words('char', 'ab c𠀀'), ['a', 'b', 'c', '𠀀']);
  });
  it('none splits on Python whitespace (U+001C–U+001F and U+0085 included, U+200B not)', () => {
    assert.deepStrictEqual(words('none', 'a\x1cb\x85c\u200bd'), ['a', 'b', 'c\u200bd']);
  });
  it('lower-cases as Python 3 does, final sigma included (CPython: "ΣΟΦΟΣ ΑΣ.".lower() == "σοφος ας.")', () => {
    assert.strictEqual(pythonLower('ΣΟΦΟΣ ΑΣ.'), 'σοφος ας.');
    assert.deepStrictEqual(words('none', 'ΣΟΦΟΣ İ', true), ['σοφος', 'i̇']);
    assert.deepStrictEqual(sacrebleuTokenizer('none', true).tokens('ΣΟΦΟΣ İ').map((t) => t.text), ['σοφος', 'i̇']);
  });
  it('keeps the span of the original character when lower-casing lengthens it', () => {
    const [token] = sacrebleuTokenizer('none', true).tokens('İ');
    assert.deepStrictEqual(token, { text: 'i̇', start: 0, end: 1 });
  });
});

describe('13a on code-unit buffers (the corpus-scoring path)', () => {
  const { Tokenizer13aIds } = require('../../src/core/text/tokenizers/tokenizer-13a-ids') as typeof import('../../src/core/text/tokenizers/tokenizer-13a-ids');
  const { WordInterner } = require('../../src/core/text/word-interner') as typeof import('../../src/core/text/word-interner');
  const check = (lines: readonly string[]) => {
    const interner = new WordInterner();
    const fast = new Tokenizer13aIds(interner);
    const reference = sacrebleuTokenizer('13a');
    for (const line of lines) {
      const words = Array.from(fast.words(line), (id) => interner.word(id));
      assert.deepStrictEqual(words, reference.words(line), JSON.stringify(line));
    }
  };
  it('gives the regex path\'s words on every golden line', () => check(goldenLines()));
  it('gives the regex path\'s words on 20,000 random lines over a punctuation-heavy alphabet', () => {
    const alphabet = ['a', 'B', '1', '9', '.', ',', '-', ' ', '\t', '&', ';', 'quot', 'amp', 'lt', '<', 'skipped>', '\n', '$', '(', '\u00a0', '\u3000', '\x1c', 'é', '𠀀', "'", '"', '/', '%'];
    let seed = 12345;
    const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
    const lines: string[] = [];
    for (let i = 0; i < 20000; i++) {
      let line = '';
      const length = Math.floor(random() * 20);
      for (let k = 0; k < length; k++) line += alphabet[Math.floor(random() * alphabet.length)];
      lines.push(line);
    }
    check(lines);
  });
});
