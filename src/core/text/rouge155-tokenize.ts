import { Token } from './token';
import { rouge155Stem } from './stemmers/rouge155-stemmer';

/**
 * ROUGE-1.5.5's word tokens of one text (before stopword removal and length limits):
 * ASCII lower-casing, `-` becomes ` - `, every byte outside `[A-Za-z0-9-]` becomes a space, split on whitespace,
 * keep tokens starting with `[a-z0-9$]`. ROUGE works on bytes, so every byte of a non-ASCII character is a
 * separator (`café → caf`). The net effect is: tokens are the maximal runs of ASCII letters and digits, lower-cased.
 * With `stem` (ROUGE's `-m`), tokens longer than 3 characters are replaced by `rouge155Stem` (MorphStem).
 * Offsets are UTF-16 offsets into `text`.
 */
export function rouge155Tokens(text: string, stem: boolean): Token[] {
  const tokens: Token[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    if (!isAsciiAlnum(text.charCodeAt(i))) {
      i++;
      continue;
    }
    const start = i;
    while (i < n && isAsciiAlnum(text.charCodeAt(i))) i++;
    let word = asciiLowerCase(text.slice(start, i));
    if (stem && word.length > 3) word = rouge155Stem(word);
    tokens.push({ text: word, start, end: i });
  }
  return tokens;
}

function isAsciiAlnum(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

function asciiLowerCase(word: string): string {
  return /[A-Z]/.test(word) ? word.replace(/[A-Z]+/g, (s) => s.toLowerCase()) : word;
}
