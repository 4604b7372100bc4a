import { Token } from '../token';
import { isPythonWhitespace, TrackedText } from './tokenizer-13a';

/**
 * sacreBLEU's `char` tokenizer: `" ".join(line)`, i.e. every Unicode code point becomes a word, and whitespace
 * characters vanish when the metric splits the result.
 */
export function tokenizeCharWords(line: string): string[] {
  const words: string[] = [];
  for (const ch of line) if (!isPythonWhitespace(ch.codePointAt(0) as number)) words.push(ch);
  return words;
}

export function tokenizeCharTracked(t: TrackedText): Token[] {
  const tokens: Token[] = [];
  const n = t.codes.length;
  for (let i = 0; i < n; i++) {
    const code = t.codes[i];
    if (isPythonWhitespace(code)) continue;
    // A surrogate pair is one code point, hence one word.
    const pair = code >= 0xd800 && code <= 0xdbff && i + 1 < n && t.codes[i + 1] >= 0xdc00 && t.codes[i + 1] <= 0xdfff;
    const text = pair ? String.fromCharCode(code, t.codes[i + 1]) : String.fromCharCode(code);
    const start = t.starts[i];
    const end = pair ? t.ends[i + 1] : t.ends[i];
    tokens.push({ text, start: Math.max(start, 0), end: Math.max(end, 0) });
    if (pair) i++;
  }
  return tokens;
}
