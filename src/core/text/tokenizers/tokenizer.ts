import { Token } from '../token';
import { pythonLower } from '../python-lower';
import {
  applyRegexRules13a, isPythonWhitespace, padWithSpaces, replaceLiteral, splitTracked, tokenize13aWords, TrackedText,
  unescapeEntities13a,
} from './tokenizer-13a';
import { tokenizeCharTracked, tokenizeCharWords } from './tokenizer-char';
import { tokenizeIntlTracked, tokenizeIntlWords } from './tokenizer-intl';
import { tokenizeNoneTracked, tokenizeNoneWords } from './tokenizer-none';
import { tokenizeZhTracked, tokenizeZhWords } from './tokenizer-zh';
import { stripTracked, trackLine } from './tracked-text';
import { pythonRstrip } from './python-strip';

/** sacreBLEU 2.6's tokenizers by their `--tokenize` names. */
export type TokenizerName = '13a' | 'intl' | 'zh' | 'char' | 'none';
export const TOKENIZER_NAMES: readonly TokenizerName[] = ['13a', 'intl', 'zh', 'char', 'none'];

/**
 * A sacreBLEU tokenizer with sacreBLEU's BLEU preprocessing (optional Python lower-casing, then `rstrip`):
 * `words` is the fast path used for scoring, `tokens` the same words with their spans in the original line.
 */
export interface SacrebleuTokenizer {
  readonly name: TokenizerName;
  readonly lowercase: boolean;
  words(line: string): string[];
  tokens(line: string): Token[];
}

function tokenize13aTracked(t: TrackedText): Token[] {
  let r = replaceLiteral(t, '<skipped>', '');
  r = replaceLiteral(r, '-\n', '');
  r = replaceLiteral(r, '\n', ' ');
  r = unescapeEntities13a(r);
  return splitTracked(applyRegexRules13a(padWithSpaces(r)), isPythonWhitespace);
}

const WORDS: Record<TokenizerName, (line: string) => string[]> = {
  '13a': tokenize13aWords,
  intl: tokenizeIntlWords,
  zh: tokenizeZhWords,
  char: tokenizeCharWords,
  none: tokenizeNoneWords,
};

const TRACKED: Record<TokenizerName, (t: TrackedText) => Token[]> = {
  '13a': tokenize13aTracked,
  intl: tokenizeIntlTracked,
  zh: tokenizeZhTracked,
  char: tokenizeCharTracked,
  none: tokenizeNoneTracked,
};

export function sacrebleuTokenizer(name: TokenizerName, lowercase = false): SacrebleuTokenizer {
  const words = WORDS[name];
  const tracked = TRACKED[name];
  if (!words) throw new Error(`Unknown tokenizer ${name}`);
  return {
    name,
    lowercase,
    words: (line) => words(pythonRstrip(lowercase ? pythonLower(line) : line)),
    tokens: (line) => tracked(stripTracked(trackLine(line, lowercase), false)),
  };
}

/** The tokenizer `name` as a function from a line to tokens with their spans (no lower-casing). */
export function getTokenizer(name: TokenizerName): (line: string) => Token[] {
  return sacrebleuTokenizer(name).tokens;
}
