import { Token } from './token';
import { nltkPorterStem } from './stemmers/porter-nltk';

/**
 * rouge-score's `tokenize(text, stemmer)` (google-research rouge/tokenize.py): lower-case (Python `str.lower`),
 * every run of characters outside `[a-z0-9]` becomes a space, split on whitespace, and with `useStemmer` every
 * token longer than 3 characters is replaced by NLTK's `PorterStemmer().stem` (NLTK_EXTENSIONS mode).
 * Non-ASCII letters are separators unless they lower-case to ASCII (`K` KELVIN SIGN → `k`, `İ` → `i̇`).
 * Offsets are UTF-16 offsets into `text`; a token spans the original characters it came from.
 */
export function rougeScoreTokens(text: string, useStemmer: boolean): Token[] {
  const tokens: Token[] = [];
  const n = text.length;
  let start = -1; // start of the current token, -1 when none
  let end = -1;
  // The current token's text is `text.slice(start, end)` lower-cased, unless a non-ASCII character contributed to
  // it; then it is built explicitly in `built`.
  let built: string | undefined;
  const flush = (): void => {
    if (start >= 0) {
      let word = built ?? text.slice(start, end);
      if (built === undefined && /[A-Z]/.test(word)) word = word.toLowerCase();
      if (useStemmer && word.length > 3) word = nltkPorterStem(word, 'nltk');
      tokens.push({ text: word, start, end });
    }
    start = -1;
    built = undefined;
  };
  for (let i = 0; i < n; ) {
    const code = text.charCodeAt(i);
    if (code < 128) {
      if ((code >= 97 && code <= 122) || (code >= 48 && code <= 57) || (code >= 65 && code <= 90)) {
        if (start < 0) start = i;
        else if (built !== undefined) built += code <= 90 && code >= 65 ? String.fromCharCode(code + 32) : text[i];
        end = i + 1;
      } else if (start >= 0) flush();
      i++;
      continue;
    }
    // Non-ASCII: lower-case the whole code point (Python lower-cases code points); the ASCII alphanumerics it
    // yields are token characters, anything else separates.
    const cp = text.codePointAt(i) as number;
    const width = cp > 0xffff ? 2 : 1;
    const lowered = String.fromCodePoint(cp).toLowerCase();
    for (const ch of lowered) {
      const c = ch.charCodeAt(0);
      if (ch.length === 1 && ((c >= 97 && c <= 122) || (c >= 48 && c <= 57))) {
        if (start < 0) {
          start = i;
          built = ch;
        } else {
          built = (built ?? text.slice(start, end).toLowerCase()) + ch;
        }
        end = i + width;
      } else if (start >= 0) flush();
    }
    i += width;
  }
  flush();
  return tokens;
}
