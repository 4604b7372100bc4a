import { diffArrays } from 'diff';

/** A half-open range of UTF-16 code units in a line, [start, end), as editor positions count them. */
export interface CharSpan {
  readonly start: number;
  readonly end: number;
}

/** What differs between two versions of one segment, as character spans into each line. */
export interface WordDiff {
  /** Spans of line A (the baseline) whose words are not in B. */
  readonly removed: readonly CharSpan[];
  /** Spans of line B (the compared system) whose words are not in A. */
  readonly added: readonly CharSpan[];
  /** Tokens the two lines share (in order, as the diff aligned them), and each line's token count. */
  readonly commonTokens: number;
  readonly tokensA: number;
  readonly tokensB: number;
}

interface Token {
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

/** Letters, digits and combining marks make up words. */
const WORD_CHARACTER = /[\p{L}\p{N}\p{M}]/u;
/** Scripts written without spaces between words: each character is its own token, so a diff can still be read. */
const UNSPACED_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const WHITESPACE = /\s/u;
const COMBINING_MARK = /\p{M}/u;

/**
 * Splits a line into comparison tokens with their offsets: runs of word characters, and every other non-space
 * character (punctuation, symbols, and characters of unspaced scripts such as Chinese) on its own. Whitespace only
 * separates tokens. Offsets are UTF-16 code units; a surrogate pair is never split.
 */
export function diffTokens(line: string): Token[] {
  const tokens: Token[] = [];
  let wordStart = -1;
  let offset = 0;
  const closeWord = (): void => {
    if (wordStart >= 0) tokens.push({ text: line.slice(wordStart, offset), start: wordStart, end: offset });
    wordStart = -1;
  };
  for (const character of line) {
    const length = character.length;
    const previous = tokens[tokens.length - 1];
    if (WHITESPACE.test(character)) {
      closeWord();
    } else if (COMBINING_MARK.test(character) && wordStart < 0 && previous?.end === offset) {
      // A combining mark belongs to the character before it, even when that one is a token of its own.
      tokens[tokens.length - 1] = { text: previous.text + character, start: previous.start, end: offset + length };
    } else if (WORD_CHARACTER.test(character) && !UNSPACED_SCRIPT.test(character)) {
      if (wordStart < 0) wordStart = offset;
    } else {
      closeWord();
      tokens.push({ text: character, start: offset, end: offset + length });
    }
    offset += length;
  }
  closeWord();
  return tokens;
}

/**
 * Word-level differences between two versions of a segment (line A, the baseline, and line B), computed with the
 * `diff` package's Myers diff over the tokens of `diffTokens` and mapped back to character spans. Adjacent changed
 * tokens separated only by whitespace form one span, so "the red car" → "a blue car" marks "the red" and "a blue" as
 * one span each, not four.
 */
export function wordDiff(lineA: string, lineB: string): WordDiff {
  const tokensA = diffTokens(lineA);
  const tokensB = diffTokens(lineB);
  const changes = diffArrays(
    tokensA.map((t) => t.text),
    tokensB.map((t) => t.text),
  );
  const removed: Token[][] = [];
  const added: Token[][] = [];
  let indexA = 0;
  let indexB = 0;
  let common = 0;
  // Runs of changed tokens, kept open across a removal followed by an addition (a replacement) and closed by common tokens.
  let runA: Token[] | undefined;
  let runB: Token[] | undefined;
  for (const change of changes) {
    const count = change.count;
    if (change.removed) {
      runA ??= [];
      runA.push(...tokensA.slice(indexA, indexA + count));
      indexA += count;
    } else if (change.added) {
      runB ??= [];
      runB.push(...tokensB.slice(indexB, indexB + count));
      indexB += count;
    } else {
      if (runA) removed.push(runA);
      if (runB) added.push(runB);
      runA = runB = undefined;
      indexA += count;
      indexB += count;
      common += count;
    }
  }
  if (runA) removed.push(runA);
  if (runB) added.push(runB);
  return { removed: removed.map(spanOf), added: added.map(spanOf), commonTokens: common, tokensA: tokensA.length, tokensB: tokensB.length };
}

/** A run of consecutive tokens (nothing but whitespace between them) as one span. */
function spanOf(run: readonly Token[]): CharSpan {
  return { start: run[0].start, end: run[run.length - 1].end };
}
