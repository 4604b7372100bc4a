import { Span, Token } from '../../text/token';
import { rouge155Tokens } from '../../text/rouge155-tokenize';
import { rouge155Stem } from '../../text/stemmers/rouge155-stemmer';
import { ROUGE155_STOPWORDS } from '../../text/data/rouge155-stopwords.generated';

/**
 * How ROUGE-1.5.5 reads one summary (a peer or a model) before counting anything.
 *
 * A summary is one string whose sentences are separated by '\n' (ROUGE's SPL format: one sentence per line, empty
 * lines ignored). ROUGE reads each summary twice:
 * - `readText` (n-grams, skip-bigrams, and the unigram counts ROUGE-L/W clip with): the sentences joined into one
 *   token stream, so n-grams run across sentence boundaries;
 * - `readText_LCS` (ROUGE-L/W): one unit per sentence.
 * Length limits (`-l` words, `-b` bytes) are applied to the raw lower-cased sentences before tokenization, and the two
 * readers apply them slightly differently (see `byteLimitedUnits`).
 */
export interface Rouge155Limits {
  /** `-l`: keep the first N whitespace-separated words (punctuation-only words count). */
  readonly words?: number;
  /** `-b`: keep the first N bytes (UTF-8), not counting the spaces that join sentences. */
  readonly bytes?: number;
}

export interface Rouge155TokenOptions {
  /** `-m`: tokens longer than 3 characters go through ROUGE's MorphStem (WordNet exceptions, then Porter). */
  readonly stem: boolean;
  /** `-s`: drop SMART stopwords (compared before stemming). */
  readonly removeStopwords: boolean;
}

/** The two readings of a summary as spans of the original text (each span a prefix of one sentence). */
export interface Rouge155Reading {
  /** What `readText` keeps: token stream of all spans in order. */
  readonly joined: readonly Span[];
  /** What `readText_LCS` keeps: one LCS unit per span. */
  readonly units: readonly Span[];
}

const STOPWORDS: ReadonlySet<string> = new Set(ROUGE155_STOPWORDS);

/** The non-empty '\n'-separated lines of `text` (ROUGE's `length($line)>0` after chomp). */
export function summarySentences(text: string): Span[] {
  const spans: Span[] = [];
  let start = 0;
  for (;;) {
    const end = text.indexOf('\n', start);
    const stop = end < 0 ? text.length : end;
    if (stop > start) spans.push({ start, end: stop });
    if (end < 0) return spans;
    start = end + 1;
  }
}

/** Perl's `\s` on a byte string: ASCII space, \t, \n, \v, \f, \r. */
function isPerlSpace(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13);
}

/**
 * End offsets of the fields of Perl's `split(/\s+/, $sentence)`: a sentence starting with whitespace has a leading
 * empty field (it counts as a word for `-l`), trailing empty fields are dropped.
 */
function wordFieldEnds(text: string, s: Span): number[] {
  const ends: number[] = [];
  let i = s.start;
  if (i < s.end && isPerlSpace(text.charCodeAt(i))) {
    while (i < s.end && isPerlSpace(text.charCodeAt(i))) i++;
    if (i < s.end) ends.push(s.start); // the leading empty field (only when a real field follows)
  }
  while (i < s.end) {
    while (i < s.end && !isPerlSpace(text.charCodeAt(i))) i++;
    ends.push(i);
    while (i < s.end && isPerlSpace(text.charCodeAt(i))) i++;
  }
  return ends;
}

/** Number of UTF-8 bytes of `text.slice(s.start, s.end)` (Perl's `length` on the undecoded line). */
function utf8Length(text: string, s: Span): number {
  let bytes = 0;
  for (let i = s.start; i < s.end; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.end) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * The longest prefix of `s` with at most `limit` UTF-8 bytes, ending on a character boundary. Perl's `substr` may cut
 * a multi-byte character, but its bytes are non-alphanumeric, i.e. separators, so dropping them changes no token.
 */
function utf8Prefix(text: string, s: Span, limit: number): Span {
  let bytes = 0;
  let i = s.start;
  while (i < s.end) {
    const c = text.charCodeAt(i);
    let size = 1;
    let width = 1;
    if (c >= 0x80) {
      if (c < 0x800) size = 2;
      else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.end && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
        size = 4;
        width = 2;
      } else size = 3;
    }
    if (bytes + size > limit) break;
    bytes += size;
    i += width;
  }
  return { start: s.start, end: i };
}

/** `-l`: whole sentences while the running word count stays below the limit, then the words that fill it. */
function wordLimited(text: string, sentences: readonly Span[], limit: number): Span[] {
  const kept: Span[] = [];
  let words = 0;
  for (const s of sentences) {
    const ends = wordFieldEnds(text, s);
    if (words + ends.length < limit) {
      kept.push(s);
      words += ends.length;
    } else {
      kept.push({ start: s.start, end: ends[limit - words - 1] });
      break;
    }
  }
  return kept;
}

/**
 * `-b`: whole sentences while the running byte count stays below the limit, then the bytes that fill it.
 * ROUGE-1.5.5's `readText_LCS` never adds to its running count (`countBytes` false): every sentence shorter than the
 * limit is kept whole and the first one at least as long as the limit is cut to `limit` bytes — a quirk reproduced here.
 */
function byteLimited(text: string, sentences: readonly Span[], limit: number, countBytes: boolean): Span[] {
  const kept: Span[] = [];
  let bytes = 0;
  for (const s of sentences) {
    const size = utf8Length(text, s);
    if (bytes + size < limit) {
      kept.push(s);
      if (countBytes) bytes += size;
    } else {
      kept.push(utf8Prefix(text, s, limit - bytes));
      break;
    }
  }
  return kept;
}

/** The parts of `text` each of ROUGE-1.5.5's two readers evaluates. */
export function readRouge155Summary(text: string, limits: Rouge155Limits): Rouge155Reading {
  const sentences = summarySentences(text);
  if (limits.words !== undefined && limits.words > 0) {
    const kept = wordLimited(text, sentences, limits.words);
    return { joined: kept, units: kept };
  }
  if (limits.bytes !== undefined && limits.bytes > 0) {
    return {
      joined: byteLimited(text, sentences, limits.bytes, true),
      units: byteLimited(text, sentences, limits.bytes, false),
    };
  }
  return { joined: sentences, units: sentences };
}

/**
 * ROUGE-1.5.5's tokens of one span (`tokenizeText`): ASCII-lower-cased alphanumeric runs, stopwords dropped with `-s`
 * (checked before stemming), MorphStem applied to tokens longer than 3 characters with `-m`. Offsets into `text`.
 */
export function rouge155SpanTokens(text: string, s: Span, options: Rouge155TokenOptions): Token[] {
  const raw = rouge155Tokens(s.start === 0 && s.end === text.length ? text : text.slice(s.start, s.end), false);
  const out: Token[] = [];
  for (const t of raw) {
    if (options.removeStopwords && STOPWORDS.has(t.text)) continue;
    const word = options.stem && t.text.length > 3 ? rouge155Stem(t.text) : t.text;
    out.push({ text: word, start: t.start + s.start, end: t.end + s.start });
  }
  return out;
}
