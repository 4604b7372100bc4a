/**
 * The Snowball English ("Porter2") stemmer, as the Java `org.tartarus.snowball.ext.englishStemmer` bundled with
 * METEOR 1.5 behaves (cmu-mtlab/meteor @ 57a9ec5; the english.sbl of the 2000s, before the Snowball 2.x revisions).
 * Written from the algorithm's definition and checked word by word against that Java class on ~255,000 words (the
 * WMT21 English texts, WordNet 3.0's lemmas and exception forms, the ROUGE stemmer test words and edge cases); a
 * sample of those comparisons is the unit-test fixture `test/fixtures/stemmers/snowball-english-meteor.tsv`.
 *
 * Compatibility details kept on purpose (METEOR stems its tokens as they are, so in raw mode they are not
 * lower-cased):
 * - characters are UTF-16 code units; only `a e i o u y` are vowels, so capitals and non-ASCII letters count as
 *   consonants (`Y`, the marker of a consonant y, too);
 * - the final `Y → y` pass only runs when the stemmer itself turned a `y` into `Y`: a capital Y of the input stays
 *   unless such a conversion happened in the same word, in which case every `Y` of the word becomes `y`;
 * - R1 and R2 are absolute positions fixed before the suffix steps, as in Snowball (they are not moved when Step 1a
 *   shortens the word).
 */
export function snowballEnglishStem(word: string): string {
  let stem = MEMO.get(word);
  if (stem === undefined) {
    stem = stemUncached(word);
    if (MEMO.size >= MEMO_LIMIT) MEMO.clear();
    MEMO.set(word, stem);
  }
  return stem;
}

/** Stems of recently seen words (a pure function of the word; bounded so memory stays flat). */
const MEMO = new Map<string, string>();
const MEMO_LIMIT = 200_000;

/** Whole words handled before anything else: special stems, and words left as they are (value = the word). */
const EXCEPTION1: ReadonlyMap<string, string> = new Map([
  ['skis', 'ski'],
  ['skies', 'sky'],
  ['dying', 'die'],
  ['lying', 'lie'],
  ['tying', 'tie'],
  ['idly', 'idl'],
  ['gently', 'gentl'],
  ['ugly', 'ugli'],
  ['early', 'earli'],
  ['only', 'onli'],
  ['singly', 'singl'],
  ['sky', 'sky'],
  ['news', 'news'],
  ['howe', 'howe'],
  ['atlas', 'atlas'],
  ['cosmos', 'cosmos'],
  ['bias', 'bias'],
  ['andes', 'andes'],
]);

/** Words that stop the algorithm right after Step 1a. */
const EXCEPTION2: ReadonlySet<string> = new Set(['inning', 'outing', 'canning', 'herring', 'earring', 'proceed', 'exceed', 'succeed']);

/** Prefixes whose end is R1 (instead of the usual vowel–consonant rule). */
const R1_PREFIXES = ['gener', 'commun', 'arsen'];

/** Step 2: suffix → replacement (`null` = the rule with a condition on the preceding letter). Longest match wins. */
const STEP2: readonly (readonly [string, string | null])[] = sortLongestFirst([
  ['tional', 'tion'],
  ['enci', 'ence'],
  ['anci', 'ance'],
  ['abli', 'able'],
  ['entli', 'ent'],
  ['izer', 'ize'],
  ['ization', 'ize'],
  ['ational', 'ate'],
  ['ation', 'ate'],
  ['ator', 'ate'],
  ['alism', 'al'],
  ['aliti', 'al'],
  ['alli', 'al'],
  ['fulness', 'ful'],
  ['ousli', 'ous'],
  ['ousness', 'ous'],
  ['iveness', 'ive'],
  ['iviti', 'ive'],
  ['biliti', 'ble'],
  ['bli', 'ble'],
  ['ogi', null],
  ['fulli', 'ful'],
  ['lessli', 'less'],
  ['li', null],
]);

/** Step 3: suffix → replacement (`null` = delete if in R2). Longest match wins. */
const STEP3: readonly (readonly [string, string | null])[] = sortLongestFirst([
  ['tional', 'tion'],
  ['ational', 'ate'],
  ['alize', 'al'],
  ['icate', 'ic'],
  ['iciti', 'ic'],
  ['ical', 'ic'],
  ['ful', ''],
  ['ness', ''],
  ['ative', null],
]);

/** Step 4: suffixes deleted when in R2 (`ion` only after s or t). Longest match wins. */
const STEP4: readonly string[] = [
  'al', 'ance', 'ence', 'er', 'ic', 'able', 'ible', 'ant', 'ement', 'ment', 'ent', 'ism', 'ate', 'iti', 'ous', 'ive', 'ize', 'ion',
].sort((a, b) => b.length - a.length);

const STEP1B_DOUBLES = new Set(['bb', 'dd', 'ff', 'gg', 'mm', 'nn', 'pp', 'rr', 'tt']);

function sortLongestFirst<T extends readonly [string, unknown]>(rules: T[]): T[] {
  return rules.slice().sort((a, b) => b[0].length - a[0].length);
}

const CODE_Y_UPPER = 0x59;

function isVowel(code: number): boolean {
  // a e i o u y
  return code === 0x61 || code === 0x65 || code === 0x69 || code === 0x6f || code === 0x75 || code === 0x79;
}

/** Vowels plus w, x and Y: the letters a short syllable may not end with. */
function isVowelWxY(code: number): boolean {
  return isVowel(code) || code === 0x77 || code === 0x78 || code === CODE_Y_UPPER;
}

/** Letters after which Step 2 deletes `li`: c d e g h k m n r t. */
function isValidLiEnding(code: number): boolean {
  return 'cdeghkmnrt'.includes(String.fromCharCode(code));
}

/**
 * The word up to `end` ends in a short syllable: consonant (not w, x, Y) after a vowel after a consonant, or a
 * consonant after a vowel at the very start of the word.
 */
function endsWithShortSyllable(w: string, end: number): boolean {
  if (end >= 3 && !isVowelWxY(w.charCodeAt(end - 1)) && isVowel(w.charCodeAt(end - 2)) && !isVowel(w.charCodeAt(end - 3))) return true;
  return end === 2 && !isVowel(w.charCodeAt(1)) && isVowel(w.charCodeAt(0));
}

/** Index just past the first vowel-then-consonant pair at or after `from` (`length` when there is none). */
function regionStart(w: string, from: number): number {
  let i = from;
  while (i < w.length && !isVowel(w.charCodeAt(i))) i++;
  if (i >= w.length) return w.length;
  i++;
  while (i < w.length && isVowel(w.charCodeAt(i))) i++;
  if (i >= w.length) return w.length;
  return i + 1;
}

function hasVowelBefore(w: string, end: number): boolean {
  for (let i = 0; i < end; i++) if (isVowel(w.charCodeAt(i))) return true;
  return false;
}

function stemUncached(word: string): string {
  const exception = EXCEPTION1.get(word);
  if (exception !== undefined) return exception;
  if (word.length < 3) return word;

  // Prelude: drop one leading apostrophe; mark consonant y's (initial, or after a vowel) as Y.
  let w = word.charCodeAt(0) === 0x27 ? word.slice(1) : word;
  let yFound = false;
  if (w.length > 0 && (w.charCodeAt(0) === 0x79 || w.includes('y'))) {
    const codes = Array.from({ length: w.length }, (_, i) => w.charCodeAt(i));
    if (codes[0] === 0x79) {
      codes[0] = CODE_Y_UPPER;
      yFound = true;
    }
    for (let i = 0; i + 1 < codes.length; i++) {
      if (isVowel(codes[i]) && codes[i + 1] === 0x79) {
        codes[i + 1] = CODE_Y_UPPER;
        yFound = true;
      }
    }
    if (yFound) w = String.fromCharCode(...codes);
  }

  // Regions R1 and R2 (absolute positions).
  const prefix = R1_PREFIXES.find((p) => w.startsWith(p));
  const p1 = prefix !== undefined ? prefix.length : regionStart(w, 0);
  const p2 = p1 >= w.length ? w.length : regionStart(w, p1);

  w = step1a(w);
  if (!EXCEPTION2.has(w)) {
    w = step1b(w, p1);
    w = step1c(w);
    w = step2(w, p1);
    w = step3(w, p1, p2);
    w = step4(w, p2);
    w = step5(w, p1, p2);
  }
  return yFound ? w.replace(/Y/g, 'y') : w;
}

function step1a(input: string): string {
  let w = input;
  if (w.endsWith("'s'")) w = w.slice(0, -3);
  else if (w.endsWith("'s")) w = w.slice(0, -2);
  else if (w.endsWith("'")) w = w.slice(0, -1);

  if (w.endsWith('sses')) return w.slice(0, -2);
  if (w.endsWith('ied') || w.endsWith('ies')) {
    const start = w.length - 3;
    return w.slice(0, start) + (start >= 2 ? 'i' : 'ie');
  }
  if (w.endsWith('ss') || w.endsWith('us')) return w;
  if (w.endsWith('s')) {
    // Delete the s when a vowel occurs before the letter preceding it.
    const start = w.length - 1;
    if (start >= 1 && hasVowelBefore(w, start - 1)) return w.slice(0, start);
  }
  return w;
}

function step1b(w: string, p1: number): string {
  for (const suffix of ['eedly', 'eed']) {
    if (w.endsWith(suffix)) {
      const start = w.length - suffix.length;
      return start >= p1 ? w.slice(0, start) + 'ee' : w;
    }
  }
  const suffix = ['ingly', 'edly', 'ing', 'ed'].find((s) => w.endsWith(s));
  if (suffix === undefined) return w;
  const start = w.length - suffix.length;
  if (!hasVowelBefore(w, start)) return w;
  const stem = w.slice(0, start);
  if (stem.endsWith('at') || stem.endsWith('bl') || stem.endsWith('iz')) return stem + 'e';
  if (STEP1B_DOUBLES.has(stem.slice(-2))) return stem.slice(0, -1);
  // A short word (R1 empty, ending in a short syllable) gets its e back.
  if (stem.length === p1 && endsWithShortSyllable(stem, stem.length)) return stem + 'e';
  return stem;
}

function step1c(w: string): string {
  const last = w.charCodeAt(w.length - 1);
  if (w.length >= 3 && (last === 0x79 || last === CODE_Y_UPPER) && !isVowel(w.charCodeAt(w.length - 2))) {
    return w.slice(0, -1) + 'i';
  }
  return w;
}

function step2(w: string, p1: number): string {
  const rule = STEP2.find(([suffix]) => w.endsWith(suffix));
  if (rule === undefined) return w;
  const [suffix, replacement] = rule;
  const start = w.length - suffix.length;
  if (start < p1) return w;
  if (replacement !== null) return w.slice(0, start) + replacement;
  if (suffix === 'ogi') return start >= 1 && w.charCodeAt(start - 1) === 0x6c ? w.slice(0, start) + 'og' : w;
  // li
  return start >= 1 && isValidLiEnding(w.charCodeAt(start - 1)) ? w.slice(0, start) : w;
}

function step3(w: string, p1: number, p2: number): string {
  const rule = STEP3.find(([suffix]) => w.endsWith(suffix));
  if (rule === undefined) return w;
  const [suffix, replacement] = rule;
  const start = w.length - suffix.length;
  if (start < p1) return w;
  if (replacement !== null) return w.slice(0, start) + replacement;
  // ative
  return start >= p2 ? w.slice(0, start) : w;
}

function step4(w: string, p2: number): string {
  const suffix = STEP4.find((s) => w.endsWith(s));
  if (suffix === undefined) return w;
  const start = w.length - suffix.length;
  if (start < p2) return w;
  if (suffix === 'ion') {
    const before = start >= 1 ? w.charCodeAt(start - 1) : 0;
    return before === 0x73 || before === 0x74 ? w.slice(0, start) : w;
  }
  return w.slice(0, start);
}

function step5(w: string, p1: number, p2: number): string {
  const start = w.length - 1;
  if (start < 0) return w;
  const last = w.charCodeAt(start);
  if (last === 0x65) {
    if (start >= p2 || (start >= p1 && !endsWithShortSyllable(w, start))) return w.slice(0, start);
    return w;
  }
  if (last === 0x6c) {
    if (start >= p2 && start >= 1 && w.charCodeAt(start - 1) === 0x6c) return w.slice(0, start);
  }
  return w;
}
