import { Token } from '../token';
import { isPythonWhitespace, PYTHON_WHITESPACE_RUN, splitTracked, TrackedText } from './tokenizer-13a';

/** sacreBLEU's `none` tokenizer: the line as is; the metric then splits it with Python's `str.split()`. */
export function tokenizeNoneWords(line: string): string[] {
  return line.split(PYTHON_WHITESPACE_RUN).filter((word) => word.length > 0);
}

export function tokenizeNoneTracked(t: TrackedText): Token[] {
  return splitTracked(t, isPythonWhitespace);
}
