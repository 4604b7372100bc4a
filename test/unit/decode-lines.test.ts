import * as assert from 'assert';
import { decodeLines, firstInvalidUtf8Offset } from '../../src/core/corpus/decode-lines';
import { decodeSegments } from '../../src/core/corpus/decode-segments';
import { UnderstudyError } from '../../src/core/errors';

const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);
const bytes = (...parts: (string | number[])[]): Uint8Array =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? Array.from(utf8(p)) : p)));

describe('decodeLines', () => {
  it('splits on LF; the final LF ends the last line; nothing else is stripped', () => {
    const { lines, warnings } = decodeLines(utf8(' a b \n\tc\n'), 'f');
    assert.deepStrictEqual(lines, [' a b ', '\tc']);
    assert.deepStrictEqual(warnings, []);
  });

  it('reads a last line without a final newline and says so', () => {
    const { lines, warnings } = decodeLines(utf8('a\nb'), 'f');
    assert.deepStrictEqual(lines, ['a', 'b']);
    assert.deepStrictEqual(warnings.map((w) => w.code), ['no-final-newline']);
  });

  it('an empty file has no segments', () => {
    assert.deepStrictEqual(decodeLines(new Uint8Array(0), 'f').lines, []);
  });

  it('removes a UTF-8 byte-order mark and reports it', () => {
    const { lines, warnings } = decodeLines(bytes([0xef, 0xbb, 0xbf], 'x\ny\n'), 'f');
    assert.deepStrictEqual(lines, ['x', 'y']);
    assert.deepStrictEqual(warnings.map((w) => w.code), ['byte-order-mark']);
  });

  it('accepts CRLF files silently and reports mixed line ends', () => {
    assert.deepStrictEqual(decodeLines(utf8('a\r\nb\r\n'), 'f'), { lines: ['a', 'b'], warnings: [] });
    const mixed = decodeLines(utf8('a\r\nb\nc\r\n'), 'f');
    assert.deepStrictEqual(mixed.lines, ['a', 'b', 'c']);
    assert.deepStrictEqual(mixed.warnings.map((w) => w.code), ['mixed-line-endings']);
    assert.match(mixed.warnings[0].message, /CRLF \(2 lines\) and LF \(1 lines\)/);
  });

  it('reports invalid UTF-8 with its byte offset and line, and still decodes every line', () => {
    const { lines, warnings } = decodeLines(bytes('ok\nbad ', [0xff], ' byte\nfine\n'), 'sys.txt');
    assert.deepStrictEqual(lines, ['ok', 'bad \uFFFD byte', 'fine']);
    const warning = warnings.find((w) => w.code === 'invalid-utf8');
    assert.ok(warning);
    assert.match(warning.message, /first invalid byte at offset 7, line 2/);
    assert.deepStrictEqual(warning.lines, [1]);
  });

  it('lists empty lines (they are scored as empty segments)', () => {
    const { warnings } = decodeLines(utf8('a\n\n  \nb\n'), 'f');
    assert.deepStrictEqual(warnings.find((w) => w.code === 'empty-lines')?.lines, [1, 2]);
  });

  it('keeps a 100,000-character line whole', () => {
    const long = 'word '.repeat(20000);
    assert.strictEqual(decodeLines(utf8(`${long}\nshort\n`), 'f').lines[0].length, 100000);
  });
});

describe('firstInvalidUtf8Offset', () => {
  it('accepts valid multi-byte text', () => {
    assert.strictEqual(firstInvalidUtf8Offset(utf8('Příliš žluťoučký kůň 🐎 中文')), -1);
  });
  it('finds overlong forms, surrogates, stray continuation bytes and truncated sequences', () => {
    assert.strictEqual(firstInvalidUtf8Offset(Uint8Array.from([0x41, 0xc0, 0xaf])), 1); // overlong '/'
    assert.strictEqual(firstInvalidUtf8Offset(Uint8Array.from([0xed, 0xa0, 0x80])), 0); // U+D800
    assert.strictEqual(firstInvalidUtf8Offset(Uint8Array.from([0x41, 0x42, 0x80])), 2);
    assert.strictEqual(firstInvalidUtf8Offset(Uint8Array.from([0x41, 0xe2, 0x82])), 1);
    assert.strictEqual(firstInvalidUtf8Offset(Uint8Array.from([0xf4, 0x90, 0x80, 0x80])), 0); // > U+10FFFF
  });
});

describe('decodeSegments (JSON Lines)', () => {
  it('takes the text field of each record, guessing a usual field name', () => {
    const file = decodeSegments(utf8('{"id":1,"hyp":"a b"}\n{"id":2,"hyp":"c"}\n'), 'sys.jsonl');
    assert.strictEqual(file.format, 'jsonl');
    assert.deepStrictEqual(file.segments, ['a b', 'c']);
  });
  it('uses an explicit field', () => {
    assert.deepStrictEqual(decodeSegments(utf8('{"x":"a","text":"b"}\n'), 's.jsonl', { jsonlField: 'x' }).segments, ['a']);
  });
  it('names the line of a broken record instead of skipping it', () => {
    assert.throws(
      () => decodeSegments(utf8('{"hyp":"a"}\n{"hyp":\n'), 's.jsonl'),
      (e: unknown) => e instanceof UnderstudyError && e.code === 'bad-jsonl' && /line 2/.test(e.message),
    );
    assert.throws(
      () => decodeSegments(utf8('{"hyp":"a"}\n{"other":"b"}\n'), 's.jsonl'),
      (e: unknown) => e instanceof UnderstudyError && /line 2: field "hyp"/.test(e.message),
    );
  });
});
