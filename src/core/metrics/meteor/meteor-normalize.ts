import { Token } from '../../text/token';
import { METEOR_ENGLISH_NONBREAKING_PREFIXES } from './data/meteor-english.generated';
import { TrackedString, tokenRanges } from './tracked-string';

/**
 * How METEOR 1.5 prepares a line before aligning it (MeteorScorer + Normalizer + Alignment in cmu-mtlab/meteor):
 * - `none` (no flag): the line as it is, split on Java StringTokenizer's delimiters (space, tab, LF, CR, FF);
 * - `lower` (`-lower`): the whole line lower-cased (Java `toLowerCase`), then split;
 * - `norm` (`-norm`): METEOR's English normaliser (Moses tokenizer rev. 3612 plus METEOR's additions), then
 *   lower-cased and split; with `-noPunct` too (`norm-nopunct`), every character outside METEOR's alphanumerics is
 *   then removed.
 */
export type MeteorNormalization = 'none' | 'lower' | 'norm' | 'norm-nopunct';

/** METEOR's names for the normalisation in its Eval ID (`Constants.getNormName`). */
export const METEOR_NORM_NAMES: Readonly<Record<MeteorNormalization, string>> = {
  none: 'no_norm',
  lower: 'lc_only',
  norm: 'norm',
  'norm-nopunct': 'norm_nopunct',
};

// Character classes of METEOR's Normalizer (Latin, Latin-1/Extended-A letters, Cyrillic, phonetic extensions).
const ALPHA = 'A-Za-zŠŽšžŸÀ-ÖØ-öø-žЀ-ӿԀ-ԧꙀ-ꙮ꙾-ꚗᴀ-ᵿ';
const ALNUM = '0-9' + ALPHA;
/** Java regex `\s` without UNICODE_CHARACTER_CLASS. */
const JAVA_SPACE = ' \\t\\n\\x0B\\f\\r';

/** Regexes (Java semantics: code points, ASCII `\p{Digit}`) with the `u`, `g` and `d` flags. */
const re = (source: string): RegExp => new RegExp(source, 'gdu');

const SEPARATE_OTHER = re(`([^${ALNUM}${JAVA_SPACE}.'\`,\\-‘’])`);
const MULTI_DOT = re('\\.([.]+)');
const MULTI_DOT_NEXT = re('DOTMULTI\\.([^.])');
const COMMA_BETWEEN_NON_DIGITS = re('([^0-9])[,]([^0-9])');
const COMMA_AFTER_DIGIT = re('([0-9])[,]([^0-9])');
const COMMA_BEFORE_DIGIT = re('([^0-9])[,]([0-9])');
const SINGLE_QUOTES = re('([`‘’])');
const DOUBLE_QUOTES = re("([“”]|'')");
const DASH_BETWEEN_WORDS = re(`([${ALNUM}.])[\\-]([${ALNUM}])`);
const APOSTROPHE_NON_ALPHA_BOTH = re(`([^${ALPHA}])[']([^${ALPHA}])`);
const APOSTROPHE_BEFORE_ALPHA = re(`([^${ALPHA}0-9])[']([${ALPHA}])`);
const APOSTROPHE_AFTER_ALPHA = re(`([${ALPHA}])[']([^${ALPHA}])`);
const APOSTROPHE_INSIDE_WORD = re(`([${ALPHA}])[']([${ALPHA}])`);
const APOSTROPHE_S_AFTER_DIGIT = re(`([0-9])[']([s])`);
const NON_ALNUM = re(`[^${ALNUM}]`);
const WHITESPACE_RUN = re('[ \\u2000-\\u200A\\u202F\\u205F\\u3000\\u00A0]+');
const HAS_ALPHA = new RegExp(`[${ALPHA}]`, 'u');
const STARTS_LOWER = /^[a-z]/;
const STARTS_DIGIT = /^[0-9]+/;

/** METEOR's `-norm` for English (Normalizer.normalizeLine with LANG_EN), before lower-casing. */
export function meteorNormalizeEnglish(line: TrackedString, keepPunctuation: boolean): TrackedString {
  const tracked = line.isTracked;
  const space = TrackedString.literal(' ', tracked);
  let t = TrackedString.concat([space, line, space]);

  // Separate every character that is not alphanumeric and not one of . ' ` , - ‘ ’ (or whitespace).
  t = t.replaceAll(SEPARATE_OTHER, [' ', 1, ' ']);

  // Escape runs of dots.
  t = t.replaceAll(MULTI_DOT, [' DOTMULTI', 1]);
  while (t.text.includes('DOTMULTI.')) {
    t = t.replaceAll(MULTI_DOT_NEXT, ['DOTDOTMULTI ', 1]);
    t = t.replaceLiteral('DOTMULTI.', 'DOTDOTMULTI');
  }

  // Separate commas except inside numbers.
  t = t.replaceAll(COMMA_BETWEEN_NON_DIGITS, [1, ' , ', 2]);
  t = t.replaceAll(COMMA_AFTER_DIGIT, [1, ' , ', 2]);
  t = t.replaceAll(COMMA_BEFORE_DIGIT, [1, ' , ', 2]);

  // METEOR: quotes and dashes normalised; a dash between alphanumerics (or after a dot) becomes a space.
  t = t.replaceAll(SINGLE_QUOTES, ["'"]);
  t = t.replaceAll(DOUBLE_QUOTES, [' " ']);
  t = t.replaceLiteral('–', '-');
  t = t.replaceLiteral('--', '-');
  t = t.replaceAll(DASH_BETWEEN_WORDS, [1, ' ', 2]);

  // English contractions split to the right (it 's, don 't), possessive s after digits (1990 's).
  t = t.replaceAll(APOSTROPHE_NON_ALPHA_BOTH, [1, " ' ", 2]);
  t = t.replaceAll(APOSTROPHE_BEFORE_ALPHA, [1, " ' ", 2]);
  t = t.replaceAll(APOSTROPHE_AFTER_ALPHA, [1, " ' ", 2]);
  t = t.replaceAll(APOSTROPHE_INSIDE_WORD, [1, " '", 2]);
  t = t.replaceAll(APOSTROPHE_S_AFTER_DIGIT, [1, " '", 2]);

  t = splitFinalDots(t);

  // Unescape runs of dots.
  while (t.text.includes('DOTDOTMULTI')) t = t.replaceLiteral('DOTDOTMULTI', 'DOTMULTI.');
  t = t.replaceLiteral('DOTMULTI', '.');

  if (!keepPunctuation) t = t.replaceAll(NON_ALNUM, [' ']);
  t = t.replaceAll(WHITESPACE_RUN, [' ']);
  return t.javaTrim();
}

/**
 * Moses' final-dot rule on the whitespace-separated words: a word ending in a dot keeps it when the part before is a
 * dotted abbreviation with a letter (METEOR then drops all its dots: `U.S.` → `US`), a nonbreaking prefix, or followed
 * by a lower-case word (or a number, for numeric-only prefixes); otherwise the dot is split off.
 */
function splitFinalDots(t: TrackedString): TrackedString {
  const tracked = t.isTracked;
  const words = tokenRanges(t.text);
  const pieces: TrackedString[] = [];
  const space = TrackedString.literal(' ', tracked);
  for (let i = 0; i < words.length; i++) {
    const [from, to] = words[i];
    const word = t.text.slice(from, to);
    if (word.length > 1 && word.endsWith('.')) {
      const prefix = word.slice(0, -1);
      const type = METEOR_ENGLISH_NONBREAKING_PREFIXES.get(prefix);
      const next = i + 1 < words.length ? t.text.slice(words[i + 1][0], words[i + 1][1]) : undefined;
      if (prefix.includes('.') && HAS_ALPHA.test(prefix)) {
        // The undotted word stands for the whole dotted one.
        pieces.push(TrackedString.literal(word.split('.').join(''), tracked, t.unionSpan(from, to)));
      } else if (type === 'any' || (next !== undefined && STARTS_LOWER.test(next))) {
        pieces.push(t.slice(from, to));
      } else if (type === 'numeric-only' && next !== undefined && STARTS_DIGIT.test(next)) {
        pieces.push(t.slice(from, to));
      } else {
        pieces.push(t.slice(from, to - 1), space, t.slice(to - 1, to));
      }
    } else {
      pieces.push(t.slice(from, to));
    }
    pieces.push(space);
  }
  return TrackedString.concat(pieces);
}

/** A line as METEOR scores it: normalised (per `normalization`), lower-cased where asked, split into tokens. */
export function meteorTokens(line: string, normalization: MeteorNormalization, track: boolean): Token[] {
  let t = track ? TrackedString.tracked(line) : TrackedString.plain(line);
  if (normalization === 'norm' || normalization === 'norm-nopunct') t = meteorNormalizeEnglish(t, normalization === 'norm');
  if (normalization !== 'none') t = t.lowerCase();
  return t.tokens();
}

/** Just the token strings (the scoring path: no spans kept). */
export function meteorWords(line: string, normalization: MeteorNormalization): string[] {
  return meteorTokens(line, normalization, false).map((t) => t.text);
}
