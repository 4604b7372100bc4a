import { Token } from '../token';

/**
 * The `13a` tokenizer of sacreBLEU 2.6 (`tokenizer_13a.py` + `tokenizer_re.py`), i.e. the NormalizeText step of
 * mteval-v13a.pl without its lower-casing. Two entry points compute the same words:
 *  - {@link tokenize13aWords}: fast, strings only (regex passes like sacreBLEU's own), for corpus scoring;
 *  - {@link tokenize13a}: the same steps replayed on characters that remember where they came from, so every
 *    token carries its UTF-16 span in the ORIGINAL line (a token made from `&quot;` spans the whole entity).
 *
 * The steps, in sacreBLEU's order (each a plain left-to-right, non-overlapping, non-rescanning replacement):
 *  1. remove `<skipped>`; remove `-\n`; `\n` → space;
 *  2. `&quot;` → `"`, `&amp;` → `&`, `&lt;` → `<`, `&gt;` → `>` (one after the other, so `&amp;lt;` ends up as `<`
 *     while `&amp;quot;` ends up as `&quot;`);
 *  3. pad the line with one space on each side;
 *  4. space out every character of { | } ~ [ \ ] ^ _ ` space ! " # $ % & ( ) * + : ; < = > ? @ /;
 *  5. `([^0-9])([.,])` → `\1 \2 `; 6. `([.,])([^0-9])` → ` \1 \2`; 7. `([0-9])(-)` → `\1 \2 `;
 *  8. split on whitespace as Python's `str.split()` does (Unicode whitespace, including U+001C–U+001F and U+0085,
 *     but not U+200B or U+FEFF).
 * Working on UTF-16 code units instead of code points gives the same result: the only multi-unit characters are
 * astral ones, which never match a rule's specific characters, and `[^0-9]` accepting either surrogate half leads to
 * the same spaces being inserted around the same neighbours.
 */

/** Characters Python's `str.isspace()` accepts, i.e. what `str.split()` splits on. */
export function isPythonWhitespace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d) || (code >= 0x1c && code <= 0x1f);
  if (code < 0x85) return false;
  return (
    code === 0x85 ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000
  );
}

/** Characters Perl's `\s` accepts on a character (UTF-8 flagged) string, as mteval-v13a.pl reads its files (Perl ≥ 5.18). */
export function isPerlWhitespace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0x85) return false;
  return (
    code === 0x85 ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Fast path (strings only)

const PUNCTUATION_13A = /([\x7B-\x7E\x5B-\x60\x20-\x26\x28-\x2B\x3A-\x40\x2F])/g;
const DOT_COMMA_AFTER_NON_DIGIT = /([^0-9])([.,])/g;
const DOT_COMMA_BEFORE_NON_DIGIT = /([.,])([^0-9])/g;
const DASH_AFTER_DIGIT = /([0-9])(-)/g;
export const PYTHON_WHITESPACE_RUN = /[\t\n\x0B\f\r\x1C-\x1F \x85\xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]+/;

/** The words sacreBLEU's `13a` tokenizer produces for `line` (same as `tokenize13a(line).map(t => t.text)`). */
export function tokenize13aWords(line: string): string[] {
  return splitWords(applyRegexRules13aToString(` ${applyLanguageIndependentSteps13a(line)} `, false), PYTHON_WHITESPACE_RUN);
}

/** Steps 1–2 on a plain string: `<skipped>`, `-\n`, `\n`, then the four entities in order. */
export function applyLanguageIndependentSteps13a(line: string): string {
  let text = line;
  if (text.includes('<skipped>')) text = text.split('<skipped>').join('');
  if (text.includes('\n')) text = text.split('-\n').join('').split('\n').join(' ');
  if (text.includes('&')) {
    text = text.split('&quot;').join('"').split('&amp;').join('&').split('&lt;').join('<').split('&gt;').join('>');
  }
  return text;
}

const ASCII_UPPER_RUN = /[A-Z]+/g;

/** Steps 4–7 on a plain (already padded) string, optionally after lower-casing ASCII letters (mteval). */
export function applyRegexRules13aToString(padded: string, lowerCaseAscii: boolean): string {
  const text = lowerCaseAscii ? padded.replace(ASCII_UPPER_RUN, (run) => run.toLowerCase()) : padded;
  return text
    .replace(PUNCTUATION_13A, ' $1 ')
    .replace(DOT_COMMA_AFTER_NON_DIGIT, '$1 $2 ')
    .replace(DOT_COMMA_BEFORE_NON_DIGIT, ' $1 $2')
    .replace(DASH_AFTER_DIGIT, '$1 $2 ');
}

function splitWords(text: string, whitespaceRun: RegExp): string[] {
  return text.split(whitespaceRun).filter((word) => word.length > 0);
}

/** Perl `\s+` on character strings (no U+001C–U+001F, unlike Python). */
export const PERL_WHITESPACE_RUN = /[\t\n\x0B\f\r \x85\xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]+/g;

/** Splits on runs of Perl whitespace, dropping empty fields. */
export function splitPerlWords(text: string): string[] {
  return splitWords(text, PERL_WHITESPACE_RUN);
}

/** sacreBLEU's tokenized line: the words joined by single spaces. */
export function tokenize13aString(line: string): string {
  return tokenize13aWords(line).join(' ');
}

// ---------------------------------------------------------------------------------------------------------------
// Span-tracking path

/**
 * A line being normalised: parallel arrays of UTF-16 code units and, per unit, the span of the original line it
 * stands for (`start = -1` for inserted padding, which is always whitespace).
 */
export interface TrackedText {
  codes: number[];
  starts: number[];
  ends: number[];
}

/** Wraps an original line: unit i stands for [i, i+1). */
export function trackText(line: string): TrackedText {
  const n = line.length;
  const codes = new Array<number>(n);
  const starts = new Array<number>(n);
  const ends = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    codes[i] = line.charCodeAt(i);
    starts[i] = i;
    ends[i] = i + 1;
  }
  return { codes, starts, ends };
}

function emptyTracked(): TrackedText {
  return { codes: [], starts: [], ends: [] };
}

function push(t: TrackedText, code: number, start: number, end: number): void {
  t.codes.push(code);
  t.starts.push(start);
  t.ends.push(end);
}

function contains(t: TrackedText, pattern: string): boolean {
  const first = pattern.charCodeAt(0);
  const last = t.codes.length - pattern.length;
  outer: for (let i = 0; i <= last; i++) {
    if (t.codes[i] !== first) continue;
    for (let k = 1; k < pattern.length; k++) if (t.codes[i + k] !== pattern.charCodeAt(k)) continue outer;
    return true;
  }
  return false;
}

/**
 * Python `str.replace` / Perl `s/literal/…/g`: non-overlapping occurrences, left to right, output not rescanned.
 * Each replacement unit spans everything the occurrence spanned.
 */
export function replaceLiteral(t: TrackedText, pattern: string, replacement: string): TrackedText {
  if (!contains(t, pattern)) return t;
  const out = emptyTracked();
  const n = t.codes.length;
  const len = pattern.length;
  let i = 0;
  while (i < n) {
    let hit = i + len <= n;
    for (let k = 0; hit && k < len; k++) if (t.codes[i + k] !== pattern.charCodeAt(k)) hit = false;
    if (hit) {
      let start = -1;
      let end = -1;
      for (let k = 0; k < len; k++) {
        if (t.starts[i + k] < 0) continue;
        if (start < 0) start = t.starts[i + k];
        end = t.ends[i + k];
      }
      for (let k = 0; k < replacement.length; k++) push(out, replacement.charCodeAt(k), start, end);
      i += len;
    } else {
      push(out, t.codes[i], t.starts[i], t.ends[i]);
      i++;
    }
  }
  return out;
}

/** sacreBLEU / mteval's entity step: `&quot;`, `&amp;`, `&lt;`, `&gt;` in that order. */
export function unescapeEntities13a(t: TrackedText): TrackedText {
  let r = replaceLiteral(t, '&quot;', '"');
  r = replaceLiteral(r, '&amp;', '&');
  r = replaceLiteral(r, '&lt;', '<');
  return replaceLiteral(r, '&gt;', '>');
}

/** Adds one (span-less) space on each side. */
export function padWithSpaces(t: TrackedText): TrackedText {
  return {
    codes: [0x20, ...t.codes, 0x20],
    starts: [-1, ...t.starts, -1],
    ends: [-1, ...t.ends, -1],
  };
}

const SPACE = 0x20;
const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;
const isDotOrComma = (c: number): boolean => c === 0x2e || c === 0x2c;

/** The 13a punctuation class: { | } ~ [ \ ] ^ _ ` space ! " # $ % & ( ) * + : ; < = > ? @ / */
export function isPunctuation13a(c: number): boolean {
  return (
    (c >= 0x7b && c <= 0x7e) ||
    (c >= 0x5b && c <= 0x60) ||
    (c >= 0x20 && c <= 0x26) ||
    (c >= 0x28 && c <= 0x2b) ||
    (c >= 0x3a && c <= 0x40) ||
    c === 0x2f
  );
}

/**
 * The four regex rules of 13a (mteval's "language-dependent part"), applied one after the other exactly as
 * `re.sub`/`s///g` would: single-character rule 1, then three two-character rules scanned left to right.
 */
export function applyRegexRules13a(t: TrackedText): TrackedText {
  const n0 = t.codes.length;
  // Rule 1: ' \1 ' around each punctuation character.
  let cur = emptyTracked();
  for (let i = 0; i < n0; i++) {
    const c = t.codes[i];
    if (isPunctuation13a(c)) {
      push(cur, SPACE, -1, -1);
      push(cur, c, t.starts[i], t.ends[i]);
      push(cur, SPACE, -1, -1);
    } else push(cur, c, t.starts[i], t.ends[i]);
  }
  // Rules 2–4: two-character patterns, (first, second) → replacement with spaces at fixed places.
  cur = twoCharRule(cur, (a, b) => !isDigit(a) && isDotOrComma(b), false, true, true);
  cur = twoCharRule(cur, (a, b) => isDotOrComma(a) && !isDigit(b), true, true, false);
  cur = twoCharRule(cur, (a, b) => isDigit(a) && b === 0x2d, false, true, true);
  return cur;
}

/** A two-character `re.sub` (`(a)(b)` → spaces at fixed places), left to right, without overlap or rescanning. */
export function twoCharRule(
  t: TrackedText,
  matches: (a: number, b: number) => boolean,
  spaceBefore: boolean,
  spaceBetween: boolean,
  spaceAfter: boolean,
): TrackedText {
  const out = emptyTracked();
  const n = t.codes.length;
  let i = 0;
  while (i < n) {
    if (i + 1 < n && matches(t.codes[i], t.codes[i + 1])) {
      if (spaceBefore) push(out, SPACE, -1, -1);
      push(out, t.codes[i], t.starts[i], t.ends[i]);
      if (spaceBetween) push(out, SPACE, -1, -1);
      push(out, t.codes[i + 1], t.starts[i + 1], t.ends[i + 1]);
      if (spaceAfter) push(out, SPACE, -1, -1);
      i += 2;
    } else {
      push(out, t.codes[i], t.starts[i], t.ends[i]);
      i++;
    }
  }
  return out;
}

/** Splits on runs of whitespace (as judged by `isSpace`) into tokens spanning their characters' origins. */
export function splitTracked(t: TrackedText, isSpace: (code: number) => boolean): Token[] {
  const tokens: Token[] = [];
  const n = t.codes.length;
  let i = 0;
  while (i < n) {
    if (isSpace(t.codes[i])) {
      i++;
      continue;
    }
    const from = i;
    while (i < n && !isSpace(t.codes[i])) i++;
    let text = '';
    let start = -1;
    let end = -1;
    for (let k = from; k < i; k++) {
      text += String.fromCharCode(t.codes[k]);
      if (t.starts[k] < 0) continue;
      if (start < 0 || t.starts[k] < start) start = t.starts[k];
      if (t.ends[k] > end) end = t.ends[k];
    }
    tokens.push({ text, start: Math.max(start, 0), end: Math.max(end, 0) });
  }
  return tokens;
}

/**
 * sacreBLEU 2.6's `13a` tokenization of one line, each token with its [start, end) UTF-16 span in `line`.
 * Token texts equal {@link tokenize13aWords}`(line)`.
 */
export function tokenize13a(line: string): Token[] {
  let t = trackText(line);
  t = replaceLiteral(t, '<skipped>', '');
  t = replaceLiteral(t, '-\n', '');
  t = replaceLiteral(t, '\n', ' ');
  t = unescapeEntities13a(t);
  t = applyRegexRules13a(padWithSpaces(t));
  return splitTracked(t, isPythonWhitespace);
}
