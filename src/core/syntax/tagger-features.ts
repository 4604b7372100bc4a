import { hash1, hash2, hash3, stringHash } from './feature-hash';
import { WordTagInfo } from './tag-lexicon';

/**
 * The part-of-speech tagger's features (shared by training and tagging, which must agree exactly): the word, its
 * lower-cased form, shape, prefixes and suffixes; the two words either side and their suffixes and shapes; the two
 * tags already given on the left (Ratnaparkhi 1996; Collins 2002; Honnibal's averaged-perceptron tagger), and, in
 * the second pass, the tags the first pass gave the two words on the right (a two-pass left-to-right tagger sees
 * both contexts, as bidirectional taggers do). The tag lexicon adds each word's ambiguity class (the tags the
 * training data gave it) for the word and the two on either side, which tells the first pass what the words on the
 * right are likely to be before they are tagged.
 */

/** Most features a token can have. */
export const MAX_TAGGER_FEATURES = 80;

/** Per-word values the features are built from, computed once per sentence. */
interface WordValues {
  form: number;
  lower: number;
  shape: number;
  prefixes: number[];
  suffixes: number[];
  flags: number;
  /** Hash of the ambiguity class (UNKNOWN_CLASS for an unknown word). */
  ambiguity: number;
  /** The tag the lexicon fixes for the word, or −1. */
  fixed: number;
}

const BOUNDARY: WordValues = { form: 1, lower: 1, shape: 1, prefixes: [1, 1, 1, 1, 1], suffixes: [1, 1, 1, 1, 1], flags: 1, ambiguity: 1, fixed: -1 };
const AFTER_END: WordValues = { form: 2, lower: 2, shape: 2, prefixes: [2, 2, 2, 2, 2], suffixes: [2, 2, 2, 2, 2], flags: 2, ambiguity: 2, fixed: -1 };

/**
 * The word's shape: upper-case letters X, lower-case x, digits d, other characters themselves; runs of one class
 * are cut to two ("Mississippi" → "Xxx", "1,000.00" → "d,dd.dd").
 */
export function wordShape(word: string): string {
  let shape = '';
  let last = '';
  let run = 0;
  for (const ch of word) {
    let c: string;
    if (ch >= '0' && ch <= '9') c = 'd';
    else if (ch !== ch.toLowerCase()) c = 'X';
    else if (ch !== ch.toUpperCase()) c = 'x';
    else c = ch;
    run = c === last ? run + 1 : 1;
    last = c;
    if (run <= 2) shape += c;
  }
  return shape;
}

function wordValues(word: string, position: number, lexicon: WordTagInfo): WordValues {
  const lower = word.toLowerCase();
  const prefixes: number[] = [];
  const suffixes: number[] = [];
  for (let n = 1; n <= 5; n++) {
    prefixes.push(n <= lower.length ? stringHash(lower, 0, n) : 3);
    suffixes.push(n <= lower.length ? stringHash(lower, lower.length - n) : 3);
  }
  const hasDigit = /\d/.test(word);
  const hasUpper = lower !== word;
  const hasHyphen = word.includes('-');
  const allUpper = hasUpper && word === word.toUpperCase();
  const hasLetter = /\p{L}/u.test(word);
  const flags = (hasDigit ? 1 : 0) | (hasUpper ? 2 : 0) | (hasHyphen ? 4 : 0) | (allUpper ? 8 : 0) | (hasLetter ? 16 : 0) | (position === 0 ? 32 : 0);
  return {
    form: stringHash(word),
    lower: stringHash(lower),
    shape: stringHash(wordShape(word)),
    prefixes,
    suffixes,
    flags,
    ambiguity: lexicon.classOf(lower),
    fixed: lexicon.fixedTagOf(lower),
  };
}

/** Feature extraction over one sentence; `prepare` it, then ask for each token's features in order. */
export class TaggerFeatures {
  private words: WordValues[] = [];

  constructor(private readonly lexicon: WordTagInfo) {}

  prepare(forms: readonly string[]): void {
    this.words = forms.map((form, i) => wordValues(form, i, this.lexicon));
  }

  /** The tag the lexicon fixes for token i (prepared), or −1: such tokens are not scored. */
  fixedTag(i: number): number {
    return this.words[i].fixed;
  }

  private at(i: number): WordValues {
    if (i < 0) return BOUNDARY;
    if (i >= this.words.length) return AFTER_END;
    return this.words[i];
  }

  /**
   * Writes token `i`'s features to `out` and returns how many. `left1`/`left2` are the tags given to tokens i−1 and
   * i−2 (−1 before the sentence); `right1`/`right2` the first pass's tags of i+1 and i+2, or undefined in the first
   * pass (−1 after the sentence).
   */
  extract(i: number, left1: number, left2: number, out: Uint32Array, right1?: number, right2?: number): number {
    const w = this.at(i);
    const p1 = this.at(i - 1);
    const p2 = this.at(i - 2);
    const n1 = this.at(i + 1);
    const n2 = this.at(i + 2);
    const t1 = left1 + 3;
    const t2 = left2 + 3;
    let n = 0;
    out[n++] = hash1(0, 0);
    out[n++] = hash1(1, w.form);
    out[n++] = hash1(2, w.lower);
    out[n++] = hash1(3, w.shape);
    for (let k = 0; k < 4; k++) {
      out[n++] = hash1(4 + k, w.suffixes[k]);
      out[n++] = hash1(8 + k, w.prefixes[k]);
    }
    out[n++] = hash1(12, w.flags);
    out[n++] = hash1(13, p1.lower);
    out[n++] = hash1(14, n1.lower);
    out[n++] = hash1(15, p2.lower);
    out[n++] = hash1(16, n2.lower);
    out[n++] = hash1(17, p1.suffixes[2]);
    out[n++] = hash1(18, n1.suffixes[2]);
    out[n++] = hash1(19, p1.shape);
    out[n++] = hash1(20, n1.shape);
    out[n++] = hash1(21, t1);
    out[n++] = hash2(22, t1, t2);
    out[n++] = hash2(23, t1, w.lower);
    out[n++] = hash2(24, p1.lower, w.lower);
    out[n++] = hash2(25, w.lower, n1.lower);
    out[n++] = hash2(26, p1.lower, n1.lower);
    out[n++] = hash2(27, t1, w.suffixes[2]);
    out[n++] = hash2(28, w.flags, w.shape);
    out[n++] = hash1(29, t2);
    out[n++] = hash2(30, n1.suffixes[1], n1.shape);
    out[n++] = hash1(31, n2.suffixes[2]);
    out[n++] = hash2(32, t1, n1.lower);
    out[n++] = hash3(33, t1, w.shape, w.flags);
    out[n++] = hash2(34, w.suffixes[3], w.shape);
    out[n++] = hash1(35, w.suffixes[4]);
    out[n++] = hash1(36, w.ambiguity);
    out[n++] = hash1(37, n1.ambiguity);
    out[n++] = hash1(38, n2.ambiguity);
    out[n++] = hash2(39, w.ambiguity, n1.ambiguity);
    out[n++] = hash2(50, t1, w.ambiguity);
    out[n++] = hash3(51, t1, w.ambiguity, n1.ambiguity);
    out[n++] = hash2(52, w.ambiguity, w.suffixes[2]);
    out[n++] = hash2(53, p1.ambiguity, w.ambiguity);
    out[n++] = hash2(54, w.lower, n1.ambiguity);
    out[n++] = hash2(55, n1.ambiguity, n2.ambiguity);
    if (right1 !== undefined && right2 !== undefined) {
      const r1 = right1 + 3;
      const r2 = right2 + 3;
      out[n++] = hash1(40, r1);
      out[n++] = hash2(41, r1, r2);
      out[n++] = hash2(42, t1, r1);
      out[n++] = hash2(43, r1, w.lower);
      out[n++] = hash2(44, r1, w.suffixes[2]);
      out[n++] = hash3(45, t1, r1, w.lower);
      out[n++] = hash2(46, r1, n1.lower);
      out[n++] = hash2(47, r1, w.shape);
    }
    return n;
  }
}
