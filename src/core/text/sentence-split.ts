import { Span } from './token';

/**
 * Sentence splitting for summaries given on one line, so summary-level ROUGE-L (and rouge-score's rougeLsum) see
 * sentences. Spans are UTF-16 offsets into the text, without surrounding whitespace.
 */

/**
 * SummEval's split as the golden ROUGE runs used it: split the text on single spaces and end a sentence after every
 * token that is exactly `.`, `!` or `?` (SummEval's texts are tokenized, so sentence-final punctuation is a token).
 */
export function splitSummEvalSentences(text: string): Span[] {
  const spans: Span[] = [];
  let start = -1;
  let position = 0;
  for (const token of text.split(' ')) {
    const end = position + token.length;
    if (token.length > 0) {
      if (start < 0) start = position;
      if (token === '.' || token === '!' || token === '?') {
        spans.push({ start, end });
        start = -1;
      }
    }
    position = end + 1;
  }
  if (start >= 0) {
    const last = trimEnd(text, { start, end: text.length });
    if (last.end > last.start) spans.push(last);
  }
  return spans;
}

/** Abbreviations after which a full stop does not end a sentence (lower-cased, without the final dot). */
const ABBREVIATIONS = new Set([
  'mr', 'mrs', 'ms', 'dr', 'prof', 'sr', 'jr', 'st', 'mt', 'vs', 'etc', 'e.g', 'i.e', 'cf', 'al', 'inc', 'ltd',
  'co', 'corp', 'gen', 'col', 'lt', 'sgt', 'capt', 'gov', 'sen', 'rep', 'rev', 'hon', 'u.s', 'u.k', 'u.n', 'a.m', 'p.m',
  'jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec', 'fig', 'approx', 'dept', 'est',
]);

/** Abbreviations only before a number ("No. 10", "Art. 5"); elsewhere ("said no. Then") the full stop ends a sentence. */
const NUMBER_ABBREVIATIONS = new Set(['no', 'nos', 'art', 'p', 'pp', 'vol', 'ch', 'sec']);

const CLOSERS = new Set(['"', "'", ')', ']', '}', '»', '”', '’']);

/**
 * A rule-based splitter for ordinary (cased) text: a sentence ends after a run of `.`, `!`, `?` (so an ellipsis ends
 * one too) and any closing quotes or brackets after it, when whitespace and then an upper-case letter, a digit or an
 * opening quote/bracket follow — unless the full stop ends a known abbreviation ("Mr.", "U.S.", "e.g."), a single
 * initial ("J. Smith"), or "No."/"Art."… before a number. A full stop inside a token ("3.50", "U.S") never ends one,
 * since whitespace must follow. A newline always ends a sentence. Lower-cased text ("the end . next") is not split
 * at full stops: use the SummEval rule for tokenized text.
 */
export function splitSentences(text: string): Span[] {
  const spans: Span[] = [];
  let start = skipSpace(text, 0);
  let i = start;
  while (i < text.length) {
    const c = text[i];
    if (c === '\n') {
      if (i > start) spans.push(trimEnd(text, { start, end: i }));
      start = skipSpace(text, i + 1);
      i = start;
      continue;
    }
    if (c === '.' || c === '!' || c === '?') {
      let end = i + 1;
      while (end < text.length && (text[end] === '.' || text[end] === '!' || text[end] === '?')) end++;
      while (end < text.length && CLOSERS.has(text[end])) end++;
      const next = skipSpace(text, end);
      const boundary = next > end && next < text.length && startsSentence(text, next) && !(c === '.' && isAbbreviation(text, start, i, next));
      if (boundary) {
        spans.push({ start, end });
        start = next;
        i = next;
        continue;
      }
      i = end;
      continue;
    }
    i++;
  }
  if (start < text.length) {
    const last = trimEnd(text, { start, end: text.length });
    if (last.end > last.start) spans.push(last);
  }
  return spans;
}

/** Whether the character at `i` can open a sentence (read as a code point, so astral capitals count). */
function startsSentence(text: string, i: number): boolean {
  const c = String.fromCodePoint(text.codePointAt(i)!);
  return /[\p{Lu}\p{Lt}\p{N}"'`“‘„(\[«¿¡]/u.test(c);
}

function isAbbreviation(text: string, sentenceStart: number, dot: number, next: number): boolean {
  let wordStart = dot;
  while (wordStart > sentenceStart && !/\s/.test(text[wordStart - 1])) wordStart--;
  const word = text.slice(wordStart, dot).replace(/^[("'“‘[]+/, '');
  if (word.length === 0) return false;
  if (/^\p{Lu}$/u.test(word)) return true; // a single capital initial ("J. Smith")
  if (/^\d+$/.test(word)) return false; // "in 2019. Then" ends a sentence
  const lower = word.toLowerCase();
  return ABBREVIATIONS.has(lower) || (NUMBER_ABBREVIATIONS.has(lower) && /\p{N}/u.test(text[next]));
}

function skipSpace(text: string, i: number): number {
  while (i < text.length && /\s/.test(text[i])) i++;
  return i;
}

function trimEnd(text: string, span: Span): Span {
  let end = span.end;
  while (end > span.start && /\s/.test(text[end - 1])) end--;
  return { start: span.start, end };
}
