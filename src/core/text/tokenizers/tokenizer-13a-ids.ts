import { WordInterner } from '../word-interner';
import { pythonRstrip } from './python-strip';
import { applyLanguageIndependentSteps13a, isPunctuation13a, isPythonWhitespace } from './tokenizer-13a';

/**
 * The 13a tokenizer's words as interned ids, for corpus scoring: the same four rules as tokenizer-13a.ts (each a
 * left-to-right, non-overlapping pass over the output of the previous one), run as loops over code-unit buffers
 * instead of regex replacements, and the words numbered without building strings. A unit test checks that it gives
 * exactly `tokenize13aWords` on every golden line and on random text.
 */
export class Tokenizer13aIds {
  private a = new Uint16Array(1024);
  private b = new Uint16Array(1024);
  private ids = new Int32Array(256);

  constructor(private readonly interner: WordInterner) {}

  /** Word ids of `line` after sacreBLEU's BLEU preprocessing (`rstrip`) and 13a tokenization. */
  words(line: string): Int32Array {
    const stripped = pythonRstrip(line);
    const text = stripped.includes('<') || stripped.includes('\n') || stripped.includes('&') ? applyLanguageIndependentSteps13a(stripped) : stripped;
    const n = text.length;
    if (this.a.length < 3 * n + 8) {
      this.a = new Uint16Array(4 * n + 8);
      this.b = new Uint16Array(4 * n + 8);
    }
    let a = this.a;
    let b = this.b;
    // Padding and rule 1: spaces around each 13a punctuation character.
    let len = 0;
    a[len++] = 0x20;
    let hasDotComma = false;
    let hasDash = false;
    for (let i = 0; i < n; i++) {
      const c = text.charCodeAt(i);
      if (isPunctuation13a(c)) {
        a[len++] = 0x20;
        a[len++] = c;
        a[len++] = 0x20;
      } else {
        if (c === 0x2e || c === 0x2c) hasDotComma = true;
        else if (c === 0x2d) hasDash = true;
        a[len++] = c;
      }
    }
    a[len++] = 0x20;
    if (hasDotComma) {
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
    }
    if (hasDash) {
      // Rule 4: ([0-9])(-) → "\1 \2 ".
      let out = 0;
      let i = 0;
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
      [a, b] = [b, a];
    }
    this.a = a;
    this.b = b;
    // Split on Python whitespace and intern.
    let count = 0;
    let i = 0;
    while (i < len) {
      if (isPythonWhitespace(a[i])) {
        i++;
        continue;
      }
      const start = i;
      while (i < len && !isPythonWhitespace(a[i])) i++;
      if (count === this.ids.length) {
        const grown = new Int32Array(count * 2);
        grown.set(this.ids);
        this.ids = grown;
      }
      this.ids[count++] = this.interner.intern(a, start, i);
    }
    return this.ids.slice(0, count);
  }
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

function isDotComma(c: number): boolean {
  return c === 0x2e || c === 0x2c;
}
