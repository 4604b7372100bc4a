import { markReassignable } from '../runtime/reassignable-fields';
import { isPythonWhitespace } from '../text/tokenizers/tokenizer-13a';
import { WordInterner } from '../text/word-interner';

// How chrF reads a line: code points and sacreBLEU's chrF words, as integer symbols (used by chrf.ts).

/**
 * Python's `str.lower()`. JavaScript's `toLowerCase()` is the same full Unicode mapping, context rule included:
 * both turn a capital sigma that ends a cased word into final sigma ς (checked against CPython 3.11 on every code
 * point; only characters newer than that Python's Unicode version differ).
 */
export const lower = (text: string): string => text.toLowerCase();

/** sacreBLEU's `_PUNCTS` (Python's `string.punctuation`), indexed by code unit. */
export const ASCII_PUNCTUATION = new Uint8Array(128);
for (const ch of '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~') ASCII_PUNCTUATION[ch.charCodeAt(0)] = 1;
export const isPunctuation = (unit: number): boolean => unit < 128 && ASCII_PUNCTUATION[unit] === 1;

export const isHighSurrogate = (unit: number): boolean => unit >= 0xd800 && unit <= 0xdbff;
export const isLowSurrogate = (unit: number): boolean => unit >= 0xdc00 && unit <= 0xdfff;

/** A growable Int32Array that sequences of symbols (code points, word ids) are appended to. */
export class SymbolBuffer {
  data = new Int32Array(1 << 12);
  length = 0;
  /** At least every symbol appended (scanners keep it up to date). */
  max = 0;

  constructor() {
    markReassignable(this, 'data');
  }

  reserve(extra: number): void {
    if (this.length + extra <= this.data.length) return;
    let capacity = this.data.length;
    while (capacity < this.length + extra) capacity *= 2;
    const grown = new Int32Array(capacity);
    grown.set(this.data.subarray(0, this.length));
    this.data = grown;
  }
}

/** Python whitespace (what `str.split()` splits on) by code unit; every such character is below U+3001. */
export const PYTHON_SPACE = new Uint8Array(0x3001);
for (let u = 0; u <= 0x3000; u++) PYTHON_SPACE[u] = isPythonWhitespace(u) ? 1 : 0;

/** FNV-1a over code units, as `WordInterner` hashes words. */
export const FNV_OFFSET = 0x811c9dc5 | 0;
export const FNV_PRIME = 0x01000193;

/**
 * Turns lines into chrF's symbol sequences in one pass, without creating a string per character or per word:
 * code points (Python whitespace dropped unless kept) and sacreBLEU's chrF words as interned ids, their hashes
 * computed on the way.
 */
export class ChrfScanner {
  private units = new Uint16Array(1024);
  private readonly interner = new WordInterner();

  constructor(private readonly keepWhitespace: boolean) {
    markReassignable(this, 'units');
  }

  /** Appends the line's code points to `chars` and, when given, its chrF word ids to `words`. */
  scan(line: string, chars: SymbolBuffer, words: SymbolBuffer | undefined): void {
    const length = line.length;
    chars.reserve(length);
    const data = chars.data;
    let at = chars.length;
    const keep = this.keepWhitespace;
    if (!words) {
      for (let i = 0; i < length; i++) {
        const unit = line.charCodeAt(i);
        if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < length) {
          const low = line.charCodeAt(i + 1);
          if (isLowSurrogate(low)) {
            data[at++] = 0x10000 + ((unit - 0xd800) << 10) + (low - 0xdc00);
            i++;
            continue;
          }
        }
        if (keep || unit > 0x3000 || PYTHON_SPACE[unit] === 0) data[at++] = unit;
      }
      this.noteMax(chars, at);
      return;
    }
    words.reserve(length + 1);
    if (this.units.length < length) this.units = new Uint16Array(2 * length);
    const units = this.units;
    let start = -1;
    let hash = FNV_OFFSET;
    let hashBeforeLast = FNV_OFFSET;
    for (let i = 0; i < length; i++) {
      const unit = line.charCodeAt(i);
      units[i] = unit;
      if (unit <= 0x3000 && PYTHON_SPACE[unit] === 1) {
        if (keep) data[at++] = unit;
        if (start >= 0) this.addWord(units, start, i, hash, hashBeforeLast, words);
        start = -1;
        continue;
      }
      if (start < 0) {
        start = i;
        hash = FNV_OFFSET;
      }
      hashBeforeLast = hash;
      hash = Math.imul(hash ^ unit, FNV_PRIME);
      if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < length) {
        const low = line.charCodeAt(i + 1);
        if (isLowSurrogate(low)) {
          data[at++] = 0x10000 + ((unit - 0xd800) << 10) + (low - 0xdc00);
          units[++i] = low;
          hashBeforeLast = hash;
          hash = Math.imul(hash ^ low, FNV_PRIME);
          continue;
        }
      }
      data[at++] = unit;
    }
    if (start >= 0) this.addWord(units, start, length, hash, hashBeforeLast, words);
    this.noteMax(chars, at);
    // Word ids are dense: the interner's size bounds them all.
    words.max = Math.max(words.max, this.interner.size);
  }

  /** Ends an append of code points at `end`, raising `max` to cover them (a high code point is rare). */
  private noteMax(chars: SymbolBuffer, end: number): void {
    const data = chars.data;
    let max = chars.max;
    for (let i = chars.length; i < end; i++) max = Math.max(max, data[i]);
    chars.max = max;
    chars.length = end;
  }

  /**
   * sacreBLEU's `_remove_punctuation` on the word `units[start..end)` (hash: of all its units; hashBeforeLast: of
   * all but the last): appends the ids of the resulting words. Python's len() counts code points, so a lone astral
   * character is a one-character word; the punctuation characters are ASCII, one code unit at either end.
   */
  private addWord(units: Uint16Array, start: number, end: number, hash: number, hashBeforeLast: number, words: SymbolBuffer): void {
    const interner = this.interner;
    const size = end - start;
    if (size === 1 || (size === 2 && isHighSurrogate(units[start]) && isLowSurrogate(units[start + 1]))) {
      words.data[words.length++] = interner.internHashed(units, start, end, hash);
    } else if (isPunctuation(units[end - 1])) {
      words.data[words.length++] = interner.internHashed(units, start, end - 1, hashBeforeLast);
      words.data[words.length++] = interner.internHashed(units, end - 1, end, Math.imul(FNV_OFFSET ^ units[end - 1], FNV_PRIME));
    } else if (isPunctuation(units[start])) {
      words.data[words.length++] = interner.internHashed(units, start, start + 1, Math.imul(FNV_OFFSET ^ units[start], FNV_PRIME));
      words.data[words.length++] = interner.intern(units, start + 1, end);
    } else words.data[words.length++] = interner.internHashed(units, start, end, hash);
  }
}

/**
 * The code points `ChrfScanner.scan` appends to its chars for `line`, each turned into `table[code point]` (0 past the
 * table's end) in `ids`; returns how many. (For counting against one reference, whose unigram ids `table` holds.)
 */
export function mapCodePoints(line: string, keepWhitespace: boolean, table: Int32Array, ids: Int32Array): number {
  const length = line.length;
  const size = table.length;
  let at = 0;
  for (let i = 0; i < length; i++) {
    let c = line.charCodeAt(i);
    if (c <= 0x3000) {
      if (PYTHON_SPACE[c] === 1 && !keepWhitespace) continue;
    } else if (c >= 0xd800 && c <= 0xdbff && i + 1 < length) {
      const low = line.charCodeAt(i + 1);
      if (isLowSurrogate(low)) {
        c = 0x10000 + ((c - 0xd800) << 10) + (low - 0xdc00);
        i++;
      }
    }
    ids[at++] = c < size ? table[c] : 0;
  }
  return at;
}

/**
 * sacreBLEU's `_remove_punctuation` on the whitespace-free word `units[start..end)`: calls `emit` for each resulting
 * word. Python's len() counts code points, so a lone astral character is a one-character word; the punctuation
 * characters are ASCII, one code unit at either end. (Explanations use this; `ChrfScanner.addWord` applies the same
 * rule with the words' hashes carried along, and the random test checks both against a naive split.)
 */
export function forEachChrfWord(units: ArrayLike<number>, start: number, end: number, emit: (s: number, e: number) => void): void {
  const single = end - start === 1 || (end - start === 2 && isHighSurrogate(units[start]) && isLowSurrogate(units[start + 1]));
  if (single) emit(start, end);
  else if (isPunctuation(units[end - 1])) {
    emit(start, end - 1);
    emit(end - 1, end);
  } else if (isPunctuation(units[start])) {
    emit(start, start + 1);
    emit(start + 1, end);
  } else emit(start, end);
}

