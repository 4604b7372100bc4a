import { Token } from '../token';
import {
  PERL_WHITESPACE_RUN,
  TrackedText,
  applyRegexRules13aToString,
  applyLanguageIndependentSteps13a,
  splitPerlWords,
  applyRegexRules13a,
  isPerlWhitespace,
  padWithSpaces,
  replaceLiteral,
  splitTracked,
  trackText,
  unescapeEntities13a,
} from './tokenizer-13a';

/** Options of mteval-v13a.pl's default (non-international) tokenization. */
export interface MtevalTokenizeOptions {
  /** `-c`: keep upper case. Default false: ASCII A–Z are lower-cased (`tr/[A-Z]/[a-z]/`, nothing else). */
  readonly caseSensitive: boolean;
}

/**
 * What mteval-v13a.pl's `tokenization` sees of a plain-text line, and what it makes of it, with spans into that line.
 *
 * The line reaches mteval wrapped in NIST SGML, XML-escaped (`&` → `&amp;`, `<` → `&lt;`, `>` → `&gt;`, as the
 * golden runner and the usual wrap scripts do); mteval does not parse entities, it:
 *  1. collapses every run of Perl `\s` (Unicode whitespace, but not U+001C–U+001F) to one space ("concatenate records");
 *  2. removes `<skipped>` (never present any more: its `<` was escaped), `-\n` and `\n` (none left after step 1);
 *  3. replaces `&quot;`, `&amp;`, `&lt;`, `&gt;` one after the other — so the escaping is undone, and on top of that
 *     a literal `&lt;` / `&gt;` in the original line becomes `<` / `>`, while a literal `&quot;` or `&amp;` stays;
 *  4. pads with spaces, lower-cases ASCII unless `-c`, applies the 13a regex rules and splits on Perl whitespace.
 */
export function tokenizeMteval(line: string, options?: Partial<MtevalTokenizeOptions>): Token[] {
  const caseSensitive = options?.caseSensitive ?? false;
  let t = xmlEscape(trackText(line));
  t = collapsePerlWhitespace(t);
  t = replaceLiteral(t, '<skipped>', '');
  t = replaceLiteral(t, '-\n', '');
  t = replaceLiteral(t, '\n', ' ');
  t = unescapeEntities13a(t);
  t = padWithSpaces(t);
  if (!caseSensitive) lowerCaseAscii(t);
  t = applyRegexRules13a(t);
  return splitTracked(t, isPerlWhitespace);
}

/** The words of {@link tokenizeMteval}, computed faster on plain strings (no spans). */
export function tokenizeMtevalWords(line: string, options?: Partial<MtevalTokenizeOptions>): string[] {
  const caseSensitive = options?.caseSensitive ?? false;
  const escaped = line.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const collapsed = escaped.replace(PERL_WHITESPACE_RUN, ' ');
  const padded = ` ${applyLanguageIndependentSteps13a(collapsed)} `;
  return splitPerlWords(applyRegexRules13aToString(padded, !caseSensitive));
}

function xmlEscape(t: TrackedText): TrackedText {
  let r = replaceLiteral(t, '&', '&amp;');
  r = replaceLiteral(r, '<', '&lt;');
  return replaceLiteral(r, '>', '&gt;');
}

function collapsePerlWhitespace(t: TrackedText): TrackedText {
  const out: TrackedText = { codes: [], starts: [], ends: [] };
  const n = t.codes.length;
  for (let i = 0; i < n; i++) {
    if (isPerlWhitespace(t.codes[i])) {
      while (i + 1 < n && isPerlWhitespace(t.codes[i + 1])) i++;
      out.codes.push(0x20);
      out.starts.push(-1);
      out.ends.push(-1);
    } else {
      out.codes.push(t.codes[i]);
      out.starts.push(t.starts[i]);
      out.ends.push(t.ends[i]);
    }
  }
  return out;
}

function lowerCaseAscii(t: TrackedText): void {
  for (let i = 0; i < t.codes.length; i++) {
    const c = t.codes[i];
    if (c >= 0x41 && c <= 0x5a) t.codes[i] = c + 0x20;
  }
}
