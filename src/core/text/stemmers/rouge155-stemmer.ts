import { WORDNET2_EXCEPTIONS } from '../data/wordnet2-exceptions.generated';

/**
 * ROUGE-1.5.5's stemmer (`-m`), i.e. its `MorphStem` sub: ASCII lower-casing, then the WordNet-2.0 exception table,
 * else ROUGE-1.5.5's own Porter `stem` ("Release 1" of the Perl Porter stemmer, with Chin-Yew Lin's 2004 change
 * to step 4, so `statement → statem` where standard Porter gives `statement`).
 *
 * ROUGE-1.5.5 handles text as bytes: a non-ASCII character is several "letters" (all consonants) to its
 * regular expressions, and words shorter than 3 *bytes* are returned unchanged. We reproduce that by running the
 * algorithm on the UTF-8 bytes of the word (only when the word is not ASCII) and decoding the result.
 *
 * @param word one token (ROUGE applies it to tokens longer than 3 bytes); an empty string is returned unchanged
 *   (ROUGE returns undef).
 */
export function rouge155Stem(word: string): string {
  if (word.length === 0) return word;
  let stem = memo.get(word);
  if (stem === undefined) {
    const lower = asciiLowerCase(word);
    stem = WORDNET2_EXCEPTIONS.get(lower) ??
      (/[^\x00-\x7f]/.test(lower) ? fromByteString(rouge155Porter(toByteString(lower))) : rouge155Porter(lower));
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(word, stem);
  }
  return stem;
}

/** Stems of recently seen words (a pure function of the word; bounded so memory stays flat). */
const memo = new Map<string, string>();
const MEMO_LIMIT = 200_000;

// Porter's consonant/vowel classes as ROUGE-1.5.5 writes them (y counts as a vowel after a consonant sequence).
const c = '[^aeiou]';
const v = '[aeiouy]';
const C = `${c}[^aeiouy]*`;
const V = `${v}[aeiou]*`;
const MEASURE_GT_0 = new RegExp(`^(${C})?${V}${C}`);
const MEASURE_EQ_1 = new RegExp(`^(${C})?${V}${C}(${V})?$`);
const MEASURE_GT_1 = new RegExp(`^(${C})?${V}${C}${V}${C}`);
const HAS_VOWEL = new RegExp(`^(${C})?${v}`);
const ENDS_CVC = new RegExp(`^${C}${v}[^aeiouwxy]$`);

const STEP2_SUFFIXES =
  /(ational|tional|enci|anci|izer|bli|alli|entli|eli|ousli|ization|ation|ator|alism|iveness|fulness|ousness|aliti|iviti|biliti|logi)$/;
const STEP2_REPLACEMENTS: Readonly<Record<string, string>> = {
  ational: 'ate', tional: 'tion', enci: 'ence', anci: 'ance', izer: 'ize', bli: 'ble', alli: 'al', entli: 'ent',
  eli: 'e', ousli: 'ous', ization: 'ize', ation: 'ate', ator: 'ate', alism: 'al', iveness: 'ive', fulness: 'ful',
  ousness: 'ous', aliti: 'al', iviti: 'ive', biliti: 'ble', logi: 'log',
};
const STEP3_SUFFIXES = /(icate|ative|alize|iciti|ical|ful|ness)$/;
const STEP3_REPLACEMENTS: Readonly<Record<string, string>> = {
  icate: 'ic', ative: '', alize: 'al', iciti: 'ic', ical: 'ic', ful: '', ness: '',
};
// ROUGE-1.5.5 step 4 (CYL 2004): `ment` and `ent` are tried separately, after the other suffixes, on the
// already shortened word.
const STEP4_SUFFIXES = /(al|ance|ence|er|ic|able|ible|ant|ement|ou|ism|ate|iti|ous|ive|ize)$/;

/**
 * ROUGE-1.5.5's Porter `stem` on an already lower-cased (byte) string. The regular expressions are matched the way
 * Perl does (leftmost match; the stem is the text before the match), which JavaScript reproduces for these patterns.
 */
function rouge155Porter(input: string): string {
  let w = input;
  if (w.length < 3) return w;
  // An initial y is a consonant: ROUGE upper-cases it so the vowel classes never match it.
  const initialY = w[0] === 'y';
  if (initialY) w = 'Y' + w.slice(1);
  let m: RegExpExecArray | null;
  let stem: string;

  // Step 1a
  if ((m = /(ss|i)es$/.exec(w))) w = w.slice(0, m.index) + m[1];
  else if ((m = /([^s])s$/.exec(w))) w = w.slice(0, m.index) + m[1];

  // Step 1b
  if ((m = /eed$/.exec(w))) {
    if (MEASURE_GT_0.test(w.slice(0, m.index))) w = w.slice(0, -1);
  } else if ((m = /(ed|ing)$/.exec(w))) {
    stem = w.slice(0, m.index);
    if (HAS_VOWEL.test(stem)) {
      w = stem;
      if (/(at|bl|iz)$/.test(w)) w += 'e';
      else if (/([^aeiouylsz])\1$/.test(w)) w = w.slice(0, -1);
      else if (ENDS_CVC.test(w)) w += 'e';
    }
  }

  // Step 1c
  if ((m = /y$/.exec(w))) {
    stem = w.slice(0, m.index);
    if (HAS_VOWEL.test(stem)) w = stem + 'i';
  }

  // Step 2
  if ((m = STEP2_SUFFIXES.exec(w))) {
    stem = w.slice(0, m.index);
    if (MEASURE_GT_0.test(stem)) w = stem + STEP2_REPLACEMENTS[m[1]];
  }

  // Step 3
  if ((m = STEP3_SUFFIXES.exec(w))) {
    stem = w.slice(0, m.index);
    if (MEASURE_GT_0.test(stem)) w = stem + STEP3_REPLACEMENTS[m[1]];
  }

  // Step 4 (three independent tests, as in ROUGE-1.5.5; the `ion` rule is the `else` of the `ent` test).
  if ((m = STEP4_SUFFIXES.exec(w))) {
    stem = w.slice(0, m.index);
    if (MEASURE_GT_1.test(stem)) w = stem;
  }
  if ((m = /ment$/.exec(w))) {
    stem = w.slice(0, m.index);
    if (MEASURE_GT_1.test(stem)) w = stem;
  }
  if ((m = /ent$/.exec(w))) {
    stem = w.slice(0, m.index);
    if (MEASURE_GT_1.test(stem)) w = stem;
  } else if ((m = /(s|t)(ion)$/.exec(w))) {
    stem = w.slice(0, m.index) + m[1];
    if (MEASURE_GT_1.test(stem)) w = stem;
  }

  // Step 5
  if ((m = /e$/.exec(w))) {
    stem = w.slice(0, m.index);
    if (MEASURE_GT_1.test(stem) || (MEASURE_EQ_1.test(stem) && !ENDS_CVC.test(stem))) w = stem;
  }
  if (/ll$/.test(w) && MEASURE_GT_1.test(w)) w = w.slice(0, -1);

  if (initialY) w = 'y' + w.slice(1);
  return w;
}

/** ASCII-only lower-casing (Perl `tr/A-Z/a-z/`). */
export function asciiLowerCase(text: string): string {
  return /[A-Z]/.test(text) ? text.replace(/[A-Z]+/g, (s) => s.toLowerCase()) : text;
}

/** The UTF-8 bytes of `text`, one character (U+0000–U+00FF) per byte. */
function toByteString(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let out = '';
  for (const b of bytes) out += String.fromCharCode(b);
  return out;
}

/** Inverse of `toByteString` (an invalid byte sequence, which ROUGE would print raw, decodes to U+FFFD). */
function fromByteString(byteString: string): string {
  const bytes = new Uint8Array(byteString.length);
  for (let i = 0; i < byteString.length; i++) bytes[i] = byteString.charCodeAt(i);
  return new TextDecoder().decode(bytes);
}
