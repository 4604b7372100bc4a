import { isPythonWhitespace } from './tokenizer-13a';

const PYTHON_TRAILING_WHITESPACE = /[\t\n\x0B\f\r\x1C-\x1F \x85\xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]+$/;

/** Python `str.rstrip()` (sacreBLEU strips each segment's end before tokenizing it). */
export function pythonRstrip(line: string): string {
  if (line.length === 0 || !isPythonWhitespace(line.charCodeAt(line.length - 1))) return line;
  return line.replace(PYTHON_TRAILING_WHITESPACE, '');
}
