import { Token } from '../token';
import { applyRegexRules13a, applyRegexRules13aToString, isPythonWhitespace, PYTHON_WHITESPACE_RUN, splitTracked, TrackedText } from './tokenizer-13a';
import { emptyTrackedText, pushUnit, stripTracked } from './tracked-text';

/**
 * sacreBLEU's `zh` tokenizer: strip the line, put spaces around every "Chinese character", then apply the regex
 * rules of 13a (without 13a's entity and padding steps) and split.
 *
 * Compatibility quirk, reproduced on purpose: sacreBLEU writes two of its ranges as `u'\u20000'`–`u'\u2a6d6'` and
 * `u'\u2f800'`–`u'\u2fa1d'`, meaning CJK Extension B and the Compatibility Supplement, but Python reads `\u20000` as
 * U+2000 followed by "0". Compared as strings, a single character falls in those "ranges" when it is in
 * U+2001–U+2A6D or U+2F81–U+2FA1. So general punctuation (— ‘ ’ “ ” … €, arrows, maths operators…) is split off as
 * "Chinese", and astral CJK ideographs are not.
 */
const CHINESE_RANGES: readonly (readonly [number, number])[] = [
  [0x3400, 0x4db5], [0x4e00, 0x9fa5], [0x9fa6, 0x9fbb], [0xf900, 0xfa2d], [0xfa30, 0xfa6a], [0xfa70, 0xfad9],
  [0x2001, 0x2a6d], // written as \u20000–\u2a6d6 (see above)
  [0x2f81, 0x2fa1], // written as \u2f800–\u2fa1d (see above)
  [0xff00, 0xffef], [0x2e80, 0x2eff], [0x3000, 0x303f], [0x31c0, 0x31ef], [0x2f00, 0x2fdf], [0x2ff0, 0x2fff],
  [0x3100, 0x312f], [0x31a0, 0x31bf], [0xfe10, 0xfe1f], [0xfe30, 0xfe4f], [0x2600, 0x26ff], [0x2700, 0x27bf],
  [0x3200, 0x32ff], [0x3300, 0x33ff],
];

/** sacreBLEU's `_is_chinese_char` on one code point (all ranges are in the BMP, so surrogates never match). */
export function isSacrebleuChineseChar(code: number): boolean {
  for (const [from, to] of CHINESE_RANGES) if (code >= from && code <= to) return true;
  return false;
}

const CHINESE_CHAR = new RegExp(
  `[${CHINESE_RANGES.map(([a, b]) => `\\u${a.toString(16).padStart(4, '0')}-\\u${b.toString(16).padStart(4, '0')}`).join('')}]`,
  'g',
);
const PYTHON_EDGE_WHITESPACE = /^[\t\n\x0B\f\r\x1C-\x1F \x85\xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]+|[\t\n\x0B\f\r\x1C-\x1F \x85\xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]+$/g;

export function tokenizeZhWords(line: string): string[] {
  const spaced = line.replace(PYTHON_EDGE_WHITESPACE, '').replace(CHINESE_CHAR, ' $& ');
  return applyRegexRules13aToString(spaced, false)
    .split(PYTHON_WHITESPACE_RUN)
    .filter((word) => word.length > 0);
}

export function tokenizeZhTracked(t: TrackedText): Token[] {
  const stripped = stripTracked(t, true);
  const spaced = emptyTrackedText();
  for (let i = 0; i < stripped.codes.length; i++) {
    const code = stripped.codes[i];
    const chinese = isSacrebleuChineseChar(code);
    if (chinese) pushUnit(spaced, 0x20, -1, -1);
    pushUnit(spaced, code, stripped.starts[i], stripped.ends[i]);
    if (chinese) pushUnit(spaced, 0x20, -1, -1);
  }
  return splitTracked(applyRegexRules13a(spaced), isPythonWhitespace);
}
