import { markReassignable } from '../../runtime/reassignable-fields';
import { WordNumbering } from '../word-interner';
import { pythonRstrip } from './python-strip';
import { applyLanguageIndependentSteps13a, isPunctuation13a, isPythonWhitespace } from './tokenizer-13a';

/**
 * The 13a tokenizer's words as interned ids, for corpus scoring: the same result as `tokenize13aWords` (a unit test
 * checks it on every golden line and on random text) in one scan over the line, without regexes or word strings.
 *
 * Why a chunk-by-chunk scan is exact: rule 1 puts spaces around every 13a punctuation character, so after it the
 * line is whitespace-separated chunks, each either one such character or a run of other characters. Rules 2–4
 * (`([^0-9])([.,])`, `([.,])([^0-9])`, `([0-9])(-)`) only match pairs that contain `.`, `,` or `-`, and such a pair
 * lies inside one chunk or joins a chunk to the whitespace beside it; no match can consume a character another
 * chunk's match needs, because whitespace is never the character a match of rule 2 ends with or rule 3 starts with.
 * So a chunk without `.`, `,` or `-` is one word, and the rules run only on the other chunks, each padded with a space.
 */
export class Tokenizer13aIds {
  private chunk = new Uint16Array(256);
  private a = new Uint16Array(1024);
  private b = new Uint16Array(1024);
  private ids = new Int32Array(256);
  private count = 0;
  private readonly single = new Uint16Array(1);

  constructor(private readonly interner: WordNumbering) {
    markReassignable(this, 'chunk', 'a', 'b', 'ids');
  }

  /** Word ids of `line` after sacreBLEU's BLEU preprocessing (`rstrip`) and 13a tokenization. */
  words(line: string): Int32Array {
    return this.ids.slice(0, this.scan(line));
  }

  /** The ids of the last line scanned, in [0, scan's result); overwritten by the next scan. */
  get scanned(): Int32Array {
    return this.ids;
  }

  /** `words(line)` into `scanned` without copying them out; returns how many there are. */
  scan(line: string): number {
    const stripped = pythonRstrip(line);
    const text = stripped.includes('<') || stripped.includes('\n') || stripped.includes('&') ? applyLanguageIndependentSteps13a(stripped) : stripped;
    const n = text.length;
    if (this.chunk.length < n) this.chunk = new Uint16Array(2 * n);
    const chunk = this.chunk;
    this.count = 0;
    let length = 0;
    let specials = 0;
    let hash = FNV_OFFSET;
    let previousHash = FNV_OFFSET;
    for (let i = 0; i < n; i++) {
      const c = text.charCodeAt(i);
      const kind = c < 128 ? ASCII_KIND[c] : isPythonWhitespace(c) ? SPACE : WORD;
      if (kind === WORD || kind === DOT_COMMA_DASH) {
        if (kind === DOT_COMMA_DASH) specials++;
        chunk[length++] = c;
        previousHash = hash;
        hash = Math.imul(hash ^ c, FNV_PRIME);
        continue;
      }
      if (length > 0) this.flush(length, specials, hash, previousHash);
      length = 0;
      specials = 0;
      hash = FNV_OFFSET;
      if (kind === PUNCTUATION) {
        this.single[0] = c;
        this.emit(this.interner.intern(this.single, 0, 1));
      }
    }
    if (length > 0) this.flush(length, specials, hash, previousHash);
    return this.count;
  }

  private emit(id: number): void {
    if (this.count === this.ids.length) {
      const grown = new Int32Array(this.count * 2);
      grown.set(this.ids);
      this.ids = grown;
    }
    this.ids[this.count++] = id;
  }

  /** `hash` is the chunk's hash, `previousHash` that of the chunk without its last character. */
  private flush(length: number, specials: number, hash: number, previousHash: number): void {
    if (specials === 0) {
      this.emit(this.interner.internHashed(this.chunk, 0, length, hash));
      return;
    }
    const last = this.chunk[length - 1];
    if (specials === 1 && length >= 2 && (last === 0x2e || last === 0x2c)) {
      // "word." / "word,": whatever precedes it, rule 2 or rule 3 separates the final mark, and nothing else matches.
      this.emit(this.interner.internHashed(this.chunk, 0, length - 1, previousHash));
      this.single[0] = last;
      this.emit(this.interner.intern(this.single, 0, 1));
      return;
    }
    this.applyRules(length);
  }

  /** Rules 2–4 on a chunk holding `.`, `,` or `-` (the chunk padded with a space on each side), then its words. */
  private applyRules(length: number): void {
    if (this.a.length < 4 * length + 8) {
      this.a = new Uint16Array(8 * length + 16);
      this.b = new Uint16Array(8 * length + 16);
    }
    let a = this.a;
    let b = this.b;
    let len = 0;
    a[len++] = 0x20;
    for (let i = 0; i < length; i++) a[len++] = this.chunk[i];
    a[len++] = 0x20;
    // Rule 2: ([^0-9])([.,]) → "\1 \2 ".
    let out = 0;
    let i = 0;
    while (i < len) {
      if (i + 1 < len && !isDigit(a[i]) && isDotComma(a[i + 1])) {
        b[out++] = a[i];
        b[out++] = 0x20;
        b[out++] = a[i + 1];
        b[out++] = 0x20;
        i += 2;
      } else b[out++] = a[i++];
    }
    len = out;
    [a, b] = [b, a];
    // Rule 3: ([.,])([^0-9]) → " \1 \2".
    out = 0;
    i = 0;
    while (i < len) {
      if (i + 1 < len && isDotComma(a[i]) && !isDigit(a[i + 1])) {
        b[out++] = 0x20;
        b[out++] = a[i];
        b[out++] = 0x20;
        b[out++] = a[i + 1];
        i += 2;
      } else b[out++] = a[i++];
    }
    len = out;
    [a, b] = [b, a];
    // Rule 4: ([0-9])(-) → "\1 \2 ".
    out = 0;
    i = 0;
    while (i < len) {
      if (i + 1 < len && isDigit(a[i]) && a[i + 1] === 0x2d) {
        b[out++] = a[i];
        b[out++] = 0x20;
        b[out++] = 0x2d;
        b[out++] = 0x20;
        i += 2;
      } else b[out++] = a[i++];
    }
    len = out;
    this.a = a;
    this.b = b;
    // The window holds no whitespace but the spaces the rules inserted.
    i = 0;
    while (i < len) {
      if (b[i] === 0x20) {
        i++;
        continue;
      }
      const start = i;
      while (i < len && b[i] !== 0x20) i++;
      this.emit(this.interner.intern(b, start, i));
    }
  }
}

const WORD = 0;
const SPACE = 1;
const PUNCTUATION = 2;
const DOT_COMMA_DASH = 3;
/** How the scan treats each ASCII character: part of a word, Python whitespace, 13a punctuation, or `.` `,` `-`. */
const ASCII_KIND = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  ASCII_KIND[c] = isPythonWhitespace(c) ? SPACE : isPunctuation13a(c) ? PUNCTUATION : c === 0x2e || c === 0x2c || c === 0x2d ? DOT_COMMA_DASH : WORD;
}
const FNV_OFFSET = 0x811c9dc5 | 0;
const FNV_PRIME = 0x01000193;

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

function isDotComma(c: number): boolean {
  return c === 0x2e || c === 0x2c;
}
