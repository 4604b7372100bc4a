import { Token } from '../token';
import { isPythonWhitespace, PYTHON_WHITESPACE_RUN, splitTracked, TrackedText } from './tokenizer-13a';
import { regexSubTracked } from './tracked-text';

/**
 * sacreBLEU's `intl` tokenizer (mteval-v14's international tokenization), three `regex.sub` passes in order:
 *  1. `(\P{N})(\p{P})` → `\1 \2 `  punctuation after a non-number;
 *  2. `(\p{P})(\P{N})` → ` \1 \2`  punctuation before a non-number;
 *  3. `(\p{S})` → ` \1 `           every symbol;
 * then Python's `str.split()`. So "3.14" and "1,000" stay whole, and (as in mteval-v14) a number's final full stop
 * at the very end of the line does too. Unicode property classes are those of V8's Unicode version, which can
 * differ from the Python `regex` module's for characters assigned very recently.
 */
const PUNCT_AFTER_NON_NUMBER = /(\P{N})(\p{P})/gu;
const PUNCT_BEFORE_NON_NUMBER = /(\p{P})(\P{N})/gu;
const SYMBOL = /(\p{S})/gu;

export function tokenizeIntlWords(line: string): string[] {
  return line
    .replace(PUNCT_AFTER_NON_NUMBER, '$1 $2 ')
    .replace(PUNCT_BEFORE_NON_NUMBER, ' $1 $2')
    .replace(SYMBOL, ' $1 ')
    .split(PYTHON_WHITESPACE_RUN)
    .filter((word) => word.length > 0);
}

const PUNCT_AFTER_NON_NUMBER_D = /(\P{N})(\p{P})/dgu;
const PUNCT_BEFORE_NON_NUMBER_D = /(\p{P})(\P{N})/dgu;
const SYMBOL_D = /(\p{S})/dgu;

export function tokenizeIntlTracked(t: TrackedText): Token[] {
  let r = regexSubTracked(t, PUNCT_AFTER_NON_NUMBER_D, [1, ' ', 2, ' ']);
  r = regexSubTracked(r, PUNCT_BEFORE_NON_NUMBER_D, [' ', 1, ' ', 2]);
  r = regexSubTracked(r, SYMBOL_D, [' ', 1, ' ']);
  return splitTracked(r, isPythonWhitespace);
}
