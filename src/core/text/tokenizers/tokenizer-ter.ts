import { Token } from '../token';
import {
  TrackedText,
  isPunctuation13a,
  isPythonWhitespace,
  padWithSpaces,
  replaceLiteral,
  splitTracked,
  trackText,
  twoCharRule,
} from './tokenizer-13a';
import { emptyTrackedText as emptyTracked, pushUnit as push } from './tracked-text';

/**
 * sacreBLEU 2.6's `TercomTokenizer` (`tokenizer_ter.py`, itself a port of tercom's `Normalizer.java`) together with
 * the `rstrip()` that `TER._preprocess_segment` applies first. Steps, in sacreBLEU's order:
 *  0. strip trailing (Python) whitespace; an empty line gives no words;
 *  1. lower-case (Python `str.lower()`: full Unicode mapping, final sigma) unless case-sensitive;
 *  2. `normalized`: `\n-` → ``, `\n` → space, `&quot;` `&amp;` `&lt;` `&gt;` unescaped one after the other, the line
 *     padded with a space on each side, the 13a punctuation class spaced out, `'s ` → ` 's `, then the three
 *     13a rules for `.`/`,` next to non-digits and `-` after a digit;
 *  3. `normalized` + `asianSupport`: CJK ideographs (4E00–9FFF, 3400–4DBF), strokes/radicals (31C0–31EF,
 *     2E80–2EFF), compatibility blocks (3300–33FF, F900–FAFF, FE30–FE4F), 3200–3F22 and the CJK / full-width
 *     punctuation below are spaced out. sacreBLEU's kana rules (`(^|^[\u3040-\u309f])…`) can never match after the
 *     padding of step 2 (`^` only matches at offset 0, which holds a space), so they are no-ops here too;
 *     tercom's Java original (`\P{InHiragana}`) does split kana runs from their neighbours;
 *  4. `noPunct`: delete `. , ? : ; ! " ( )`, and with `asianSupport` the CJK / full-width punctuation too;
 *  5. split on Python whitespace (`str.split()`).
 * `'s$` of step 2 cannot match either (the padded line ends with a space) and is omitted.
 *
 * Two entry points compute the same words: {@link tercomWords} (strings only, for scoring) and
 * {@link tokenizeTercom} (the same steps on characters that remember their UTF-16 span in the original line).
 *
 * The `tercom` dialect reproduces tercom 0.10.0 itself (`Normalizer.java`, trans-format reading, `TerScorer.TER`):
 *  - the text is trimmed of characters ≤ U+0020 at both ends (how tercom reads `text\t(id)` lines), not rstripped;
 *  - whitespace is Java's `\s` = [ \t\n\x0B\f\r] only: a no-break space (U+00A0) or U+3000 stays inside a word,
 *    where sacreBLEU's `str.split()` splits on it;
 *  - `normalized` also removes `<skipped>` and joins `-\n` (sacreBLEU: `\n-`), spaces out U+3200–U+32FF (sacreBLEU:
 *    U+3200–U+3F22) and really splits hiragana / katakana / katakana-phonetic-extension runs from their neighbours;
 *  - words come from Java's `String.split("\\s+")`: a leading empty word when the text starts with whitespace (only
 *    possible after `noPunct` removed a leading mark), and `""` gives one empty word.
 * Known limit of the `tercom` dialect: Java's `toLowerCase` picks final sigma (ς) by word boundaries; Unicode's
 * Final_Sigma context is used here, which differs only for a capital Σ separated from an earlier cased letter of the
 * same word by uncased letters (e.g. a CJK character).
 */
export type TercomDialect = 'sacrebleu' | 'tercom';

export interface TercomTokenizerOptions {
  /** Keep letter case (sacreBLEU `case_sensitive`, tercom `-s`); default lower-cases. */
  readonly caseSensitive: boolean;
  /** tercom's `-N` normalisation / tokenisation of punctuation (sacreBLEU `normalized`). */
  readonly normalized: boolean;
  /** Remove punctuation (sacreBLEU `no_punct`, tercom `-P`). */
  readonly noPunct: boolean;
  /** CJK handling in `normalized` and `noPunct` (sacreBLEU `asian_support`, tercom `-A`). */
  readonly asianSupport: boolean;
  /** Whose tokenization to reproduce (default sacreBLEU's). */
  readonly dialect?: TercomDialect;
}

// ---------------------------------------------------------------------------------------------------------------
// Character classes

const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;
const isDotOrComma = (c: number): boolean => c === 0x2e || c === 0x2c;

/** Characters the asian rules space out (the four CJK block groups; 3200–3F22 as sacreBLEU writes it). */
function isAsianSplitCharacter(c: number): boolean {
  return (
    (c >= 0x4e00 && c <= 0x9fff) ||
    (c >= 0x3400 && c <= 0x4dbf) ||
    (c >= 0x31c0 && c <= 0x31ef) ||
    (c >= 0x2e80 && c <= 0x2eff) ||
    (c >= 0x3300 && c <= 0x33ff) ||
    (c >= 0xf900 && c <= 0xfaff) ||
    (c >= 0xfe30 && c <= 0xfe4f) ||
    (c >= 0x3200 && c <= 0x3f22)
  );
}

/** tercom's Java blocks: the same as sacreBLEU's except Enclosed CJK Letters and Months = U+3200–U+32FF. */
function isTercomAsianSplitCharacter(c: number): boolean {
  return (
    (c >= 0x4e00 && c <= 0x9fff) ||
    (c >= 0x3400 && c <= 0x4dbf) ||
    (c >= 0x31c0 && c <= 0x31ef) ||
    (c >= 0x2e80 && c <= 0x2eff) ||
    (c >= 0x3300 && c <= 0x33ff) ||
    (c >= 0xf900 && c <= 0xfaff) ||
    (c >= 0xfe30 && c <= 0xfe4f) ||
    (c >= 0x3200 && c <= 0x32ff)
  );
}

const isHiragana = (c: number): boolean => c >= 0x3040 && c <= 0x309f;
const isKatakana = (c: number): boolean => c >= 0x30a0 && c <= 0x30ff;
const isKatakanaPhoneticExtension = (c: number): boolean => c >= 0x31f0 && c <= 0x31ff;

/** Java's `\s` (no UNICODE_CHARACTER_CLASS): space, \t, \n, \x0B, \f, \r. */
export function isJavaWhitespace(c: number): boolean {
  return c === 0x20 || (c >= 0x09 && c <= 0x0d);
}

/** Java `String.trim()` bounds: characters ≤ U+0020 removed at both ends. */
function javaTrimBounds(line: string): [number, number] {
  let start = 0;
  let end = line.length;
  while (start < end && line.charCodeAt(start) <= 0x20) start++;
  while (end > start && line.charCodeAt(end - 1) <= 0x20) end--;
  return [start, end];
}

/**
 * The segment text tercom scores for `line`: its trans-format reader strips whitespace around the text (`\s*` in its
 * line pattern, then `trim()`). tercom's empty-segment rule looks at this string, not at the words.
 */
export function tercomInputText(line: string): string {
  const [start, end] = javaTrimBounds(line);
  return line.slice(start, end);
}

/** sacreBLEU's `ASIAN_PUNCT` ∪ `FULL_WIDTH_PUNCT`. */
function isAsianPunctuation(c: number): boolean {
  return (
    c === 0x3001 ||
    c === 0x3002 ||
    (c >= 0x3008 && c <= 0x3011) ||
    (c >= 0x3014 && c <= 0x301f) ||
    (c >= 0xff61 && c <= 0xff65) ||
    c === 0x30fb ||
    c === 0xff0e ||
    c === 0xff0c ||
    c === 0xff1f ||
    c === 0xff1a ||
    c === 0xff1b ||
    c === 0xff01 ||
    c === 0xff02 ||
    c === 0xff08 ||
    c === 0xff09
  );
}

/** `_remove_punct`: `. , ? : ; ! " ( )`. */
function isRemovablePunctuation(c: number): boolean {
  return (
    c === 0x2e || c === 0x2c || c === 0x3f || c === 0x3a || c === 0x3b || c === 0x21 || c === 0x22 || c === 0x28 || c === 0x29
  );
}

/** Python `str.rstrip()`: length of `line` without its trailing whitespace. */
function rstripLength(line: string): number {
  let end = line.length;
  while (end > 0 && isPythonWhitespace(line.charCodeAt(end - 1))) end--;
  return end;
}

// ---------------------------------------------------------------------------------------------------------------
// Fast path (strings only)

const PUNCTUATION_13A = /([\x7B-\x7E\x5B-\x60\x20-\x26\x28-\x2B\x3A-\x40\x2F])/g;
const DOT_COMMA_AFTER_NON_DIGIT = /([^0-9])([.,])/g;
const DOT_COMMA_BEFORE_NON_DIGIT = /([.,])([^0-9])/g;
const DASH_AFTER_DIGIT = /([0-9])(-)/g;
const ASIAN_SPLIT = /([\u4e00-\u9fff\u3400-\u4dbf\u31c0-\u31ef\u2e80-\u2eff\u3300-\u33ff\uf900-\ufaff\ufe30-\ufe4f\u3200-\u3f22])/g;
const ASIAN_PUNCTUATION =
  /([\u3001\u3002\u3008-\u3011\u3014-\u301f\uff61-\uff65\u30fb\uff0e\uff0c\uff1f\uff1a\uff1b\uff01\uff02\uff08\uff09])/g;
const REMOVABLE_PUNCTUATION = /[.,?:;!"()]/g;
const PYTHON_WHITESPACE_RUN = /[\t\n\x0B\f\r\x1C-\x1F \x85\xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]+/;

/**
 * The words sacreBLEU's TER gets for `line` (`TercomTokenizer(line.rstrip()).split()`); equal to
 * `tokenizeTercom(line, options).map(t => t.text)`.
 */
export function tercomWords(line: string, options: TercomTokenizerOptions): string[] {
  if (options.dialect === 'tercom') return tercomJavaWords(line, options);
  let text = line.slice(0, rstripLength(line));
  if (text.length === 0) return [];
  if (!options.caseSensitive) text = text.toLowerCase();
  if (options.normalized) {
    if (text.includes('\n')) text = text.split('\n-').join('').split('\n').join(' ');
    if (text.includes('&')) {
      text = text.split('&quot;').join('"').split('&amp;').join('&').split('&lt;').join('<').split('&gt;').join('>');
    }
    text = ` ${text} `.replace(PUNCTUATION_13A, ' $1 ');
    if (text.includes("'s ")) text = text.split("'s ").join(" 's ");
    text = text
      .replace(DOT_COMMA_AFTER_NON_DIGIT, '$1 $2 ')
      .replace(DOT_COMMA_BEFORE_NON_DIGIT, ' $1 $2')
      .replace(DASH_AFTER_DIGIT, '$1 $2 ');
    // The two passes of sacreBLEU (blocks, then punctuation) only insert spaces around single characters, so one
    // pass over the union gives the same words.
    if (options.asianSupport) text = text.replace(ASIAN_SPLIT, ' $1 ').replace(ASIAN_PUNCTUATION, ' $1 ');
  }
  if (options.noPunct) {
    text = text.replace(REMOVABLE_PUNCTUATION, '');
    if (options.asianSupport) text = text.replace(ASIAN_PUNCTUATION, '');
  }
  return text.split(PYTHON_WHITESPACE_RUN).filter((word) => word.length > 0);
}

const TERCOM_ASIAN_SPLIT = /([\u4e00-\u9fff\u3400-\u4dbf\u31c0-\u31ef\u2e80-\u2eff\u3300-\u33ff\uf900-\ufaff\ufe30-\ufe4f\u3200-\u32ff])/g;
const KANA_RUNS = [/([\u3040-\u309f]+)/g, /([\u30a0-\u30ff]+)/g, /([\u31f0-\u31ff]+)/g];
const JAVA_WHITESPACE_RUN = /[ \t\n\x0B\f\r]+/;
const JAVA_WHITESPACE_RUN_GLOBAL = /[ \t\n\x0B\f\r]+/g;
const JAVA_EDGE_SPACE = /^ | $/g;

/** Java `String.split("\\s+")`: leading empty field kept, trailing empty fields dropped, `""` → `[""]`. */
function javaSplitWords(text: string): string[] {
  if (text.length === 0) return [''];
  const fields = text.split(JAVA_WHITESPACE_RUN);
  while (fields.length > 0 && fields[fields.length - 1] === '') fields.pop();
  return fields;
}

/** tercom 0.10.0's words for a trans-format line (see the `tercom` dialect above). */
function tercomJavaWords(line: string, options: TercomTokenizerOptions): string[] {
  let text = tercomInputText(line);
  if (!options.caseSensitive) text = text.toLowerCase();
  if (options.normalized) {
    if (text.includes('<skipped>')) text = text.split('<skipped>').join('');
    if (text.includes('\n')) text = text.split('-\n').join('').split('\n').join(' ');
    if (text.includes('&')) {
      text = text.split('&quot;').join('"').split('&amp;').join('&').split('&lt;').join('<').split('&gt;').join('>');
    }
    text = ` ${text} `.replace(PUNCTUATION_13A, ' $1 ');
    if (text.includes("'s ")) text = text.split("'s ").join(" 's ");
    text = text
      .replace(DOT_COMMA_AFTER_NON_DIGIT, '$1 $2 ')
      .replace(DOT_COMMA_BEFORE_NON_DIGIT, ' $1 $2')
      .replace(DASH_AFTER_DIGIT, '$1 $2 ');
    if (options.asianSupport) {
      text = text.replace(TERCOM_ASIAN_SPLIT, ' $1 ');
      for (const run of KANA_RUNS) text = text.replace(run, ' $1 ');
      text = text.replace(ASIAN_PUNCTUATION, ' $1 ');
    }
    text = text.replace(JAVA_WHITESPACE_RUN_GLOBAL, ' ').replace(JAVA_EDGE_SPACE, '');
  }
  if (options.noPunct) {
    text = text.replace(REMOVABLE_PUNCTUATION, '');
    if (options.asianSupport) text = text.replace(ASIAN_PUNCTUATION, '');
  }
  return javaSplitWords(text);
}

// ---------------------------------------------------------------------------------------------------------------
// Span-tracking path

const SPACE = 0x20;
const SIGMA_CAPITAL = 0x3a3;

/**
 * Python `str.lower()` on tracked characters: every code point is lower-cased on its own (its result spans the
 * code point), except capital sigma whose σ/ς choice depends on context and is read from the whole-line result.
 */
function lowerTracked(line: string): TrackedText {
  const t = trackText(line);
  const whole = line.toLowerCase();
  const out = emptyTracked();
  const n = t.codes.length;
  let i = 0;
  while (i < n) {
    const c = t.codes[i];
    const isPair = c >= 0xd800 && c <= 0xdbff && i + 1 < n && t.codes[i + 1] >= 0xdc00 && t.codes[i + 1] <= 0xdfff;
    const width = isPair ? 2 : 1;
    const start = t.starts[i];
    const end = t.ends[i + width - 1];
    if (c === SIGMA_CAPITAL) {
      push(out, whole.charCodeAt(out.codes.length), start, end);
    } else if ((c >= 0x41 && c <= 0x5a) || c < 0x80) {
      push(out, c >= 0x41 && c <= 0x5a ? c + 0x20 : c, start, end);
    } else {
      const lowered = line.slice(i, i + width).toLowerCase();
      for (let k = 0; k < lowered.length; k++) push(out, lowered.charCodeAt(k), start, end);
    }
    i += width;
  }
  return out;
}

/** `re.sub(r"([class])", r" \1 ", s)` for a single-character class. */
function spaceAround(t: TrackedText, inClass: (c: number) => boolean): TrackedText {
  const out = emptyTracked();
  for (let i = 0; i < t.codes.length; i++) {
    const c = t.codes[i];
    if (inClass(c)) {
      push(out, SPACE, -1, -1);
      push(out, c, t.starts[i], t.ends[i]);
      push(out, SPACE, -1, -1);
    } else push(out, c, t.starts[i], t.ends[i]);
  }
  return out;
}

/** Deletes the characters of a class (`re.sub(r"[class]", "", s)`). */
function removeClass(t: TrackedText, inClass: (c: number) => boolean): TrackedText {
  const out = emptyTracked();
  for (let i = 0; i < t.codes.length; i++) if (!inClass(t.codes[i])) push(out, t.codes[i], t.starts[i], t.ends[i]);
  return out;
}

/** `'s ` → ` 's ` (possessives), keeping each character's own span. */
function splitPossessives(t: TrackedText): TrackedText {
  const out = emptyTracked();
  const n = t.codes.length;
  let i = 0;
  while (i < n) {
    if (i + 2 < n && t.codes[i] === 0x27 && t.codes[i + 1] === 0x73 && t.codes[i + 2] === SPACE) {
      push(out, SPACE, -1, -1);
      for (let k = 0; k < 3; k++) push(out, t.codes[i + k], t.starts[i + k], t.ends[i + k]);
      i += 3;
    } else {
      push(out, t.codes[i], t.starts[i], t.ends[i]);
      i++;
    }
  }
  return out;
}

/**
 * sacreBLEU's TER tokenization of one line, each token with its [start, end) UTF-16 span in `line`. A token made
 * from an entity spans the entity; a punctuation mark split from a word spans just that mark.
 */
export function tokenizeTercom(line: string, options: TercomTokenizerOptions): Token[] {
  const java = options.dialect === 'tercom';
  let start = 0;
  let end = rstripLength(line);
  if (java) [start, end] = javaTrimBounds(line);
  if (end === start && !java) return [];
  const stripped = line.slice(start, end);
  let t = options.caseSensitive ? trackText(stripped) : lowerTracked(stripped);
  if (start > 0) {
    for (let i = 0; i < t.starts.length; i++) {
      t.starts[i] += start;
      t.ends[i] += start;
    }
  }
  if (options.normalized) {
    if (java) {
      t = replaceLiteral(t, '<skipped>', '');
      t = replaceLiteral(t, '-\n', '');
    } else t = replaceLiteral(t, '\n-', '');
    t = replaceLiteral(t, '\n', ' ');
    t = replaceLiteral(t, '&quot;', '"');
    t = replaceLiteral(t, '&amp;', '&');
    t = replaceLiteral(t, '&lt;', '<');
    t = replaceLiteral(t, '&gt;', '>');
    t = spaceAround(padWithSpaces(t), isPunctuation13a);
    t = splitPossessives(t);
    t = twoCharRule(t, (a, b) => !isDigit(a) && isDotOrComma(b), false, true, true);
    t = twoCharRule(t, (a, b) => isDotOrComma(a) && !isDigit(b), true, true, false);
    t = twoCharRule(t, (a, b) => isDigit(a) && b === 0x2d, false, true, true);
    if (options.asianSupport && !java) t = spaceAround(t, (c) => isAsianSplitCharacter(c) || isAsianPunctuation(c));
    if (options.asianSupport && java) {
      t = spaceAround(t, (c) => isTercomAsianSplitCharacter(c) || isAsianPunctuation(c));
      for (const inRun of [isHiragana, isKatakana, isKatakanaPhoneticExtension]) t = spaceAroundRuns(t, inRun);
    }
    if (java) t = collapseJavaWhitespace(t, true);
  }
  if (options.noPunct) {
    t = removeClass(t, isRemovablePunctuation);
    if (options.asianSupport) t = removeClass(t, isAsianPunctuation);
    if (java) t = collapseJavaWhitespace(t, false);
  }
  if (!java) return splitTracked(t, isPythonWhitespace);
  // Java `split("\\s+")`: "" gives one empty word; a leading separator gives a leading empty word when some word
  // follows (a text of separators only gives no words). The empty word sits where the first kept character was.
  const at = t.starts.find((s) => s >= 0) ?? start;
  if (t.codes.length === 0) return [{ text: '', start: at, end: at }];
  const tokens = splitTracked(t, isJavaWhitespace);
  if (tokens.length > 0 && isJavaWhitespace(t.codes[0])) tokens.unshift({ text: '', start: at, end: at });
  return tokens;
}

/** Spaces around every maximal run of a class (tercom's `(^|\\P{X})(\\p{X}+)(?=$|\\P{X})` → `$1 $2 `). */
function spaceAroundRuns(t: TrackedText, inRun: (c: number) => boolean): TrackedText {
  const out = emptyTracked();
  const n = t.codes.length;
  for (let i = 0; i < n; i++) {
    const c = t.codes[i];
    const runStart = inRun(c) && (i === 0 || !inRun(t.codes[i - 1]));
    if (runStart) push(out, SPACE, -1, -1);
    push(out, c, t.starts[i], t.ends[i]);
    if (inRun(c) && (i + 1 === n || !inRun(t.codes[i + 1]))) push(out, SPACE, -1, -1);
  }
  return out;
}

/** Java `replaceAll("\\s+", " ")`, and with `trim` also the removal of leading and trailing whitespace. */
function collapseJavaWhitespace(t: TrackedText, trim: boolean): TrackedText {
  const out = emptyTracked();
  const n = t.codes.length;
  let i = 0;
  while (i < n) {
    if (isJavaWhitespace(t.codes[i])) {
      while (i < n && isJavaWhitespace(t.codes[i])) i++;
      if (!trim || (out.codes.length > 0 && i < n)) push(out, SPACE, -1, -1);
    } else {
      push(out, t.codes[i], t.starts[i], t.ends[i]);
      i++;
    }
  }
  return out;
}

/** sacreBLEU's tokenizer signature for TER. */
export const TERCOM_TOKENIZER_SIGNATURE = 'tercom';
