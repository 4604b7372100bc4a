/**
 * NLTK 3.8's `nltk.stem.porter.PorterStemmer`, in its three modes:
 * - `'nltk'` (NLTK_EXTENSIONS, NLTK's default and what rouge-score uses),
 * - `'original'` (ORIGINAL_ALGORITHM, Porter 1980 as published),
 * - `'martin'` (MARTIN_EXTENSIONS, Martin Porter's own reference implementations).
 */
export type NltkPorterMode = 'nltk' | 'original' | 'martin';

/**
 * `PorterStemmer(mode).stem(word)` with NLTK's default `to_lowercase=True`.
 * Compatibility quirks of NLTK kept on purpose: the irregular-forms pool (nltk mode) is looked up with the word as
 * given, before lower-casing (so `News` is stemmed to `new` while `news` stays `news`); words of at most 2
 * characters are only lower-cased (except in original mode, which stems them too, e.g. `as → a`).
 * Characters are UTF-16 code units (NLTK counts code points; they differ only outside the BMP).
 */
export function nltkPorterStem(word: string, mode: NltkPorterMode = 'nltk'): string {
  const memo = MEMO[mode];
  let stem = memo.get(word);
  if (stem === undefined) {
    stem = stemUncached(word, mode);
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(word, stem);
  }
  return stem;
}

/** Stems of recently seen words per mode (a pure function of the word; bounded so memory stays flat). */
const MEMO: Readonly<Record<NltkPorterMode, Map<string, string>>> = { nltk: new Map(), original: new Map(), martin: new Map() };
const MEMO_LIMIT = 200_000;

function stemUncached(word: string, mode: NltkPorterMode): string {
  const lower = word.toLowerCase();
  if (mode === 'nltk') {
    const irregular = IRREGULAR_FORMS.get(word);
    if (irregular !== undefined) return irregular;
  }
  if (mode !== 'original' && word.length <= 2) return lower;
  const s = new NltkPorter(mode);
  let w = s.step1a(lower);
  w = s.step1b(w);
  w = s.step1c(w);
  w = s.step2(w);
  w = s.step3(w);
  w = s.step4(w);
  w = s.step5a(w);
  return s.step5b(w);
}

/** NLTK_EXTENSIONS' pool of irregular forms: form → stem. */
const IRREGULAR_FORMS: ReadonlyMap<string, string> = new Map([
  ['sky', 'sky'], ['skies', 'sky'], ['dying', 'die'], ['lying', 'lie'], ['tying', 'tie'], ['news', 'news'],
  ['innings', 'inning'], ['inning', 'inning'], ['outings', 'outing'], ['outing', 'outing'],
  ['cannings', 'canning'], ['canning', 'canning'], ['howe', 'howe'], ['proceed', 'proceed'],
  ['exceed', 'exceed'], ['succeed', 'succeed'],
]);

/** A rule: if the word ends with `suffix` (`*d`: a double consonant), replace it when `condition(stem)` holds. */
interface Rule {
  readonly suffix: string;
  readonly replacement: string;
  readonly condition?: (stem: string) => boolean;
}

function isVowelLetter(ch: string): boolean {
  return ch === 'a' || ch === 'e' || ch === 'i' || ch === 'o' || ch === 'u';
}

/** Porter's consonant: not a, e, i, o, u, and not a y preceded by a consonant. */
function isConsonant(word: string, i: number): boolean {
  const ch = word[i];
  if (isVowelLetter(ch)) return false;
  if (ch === 'y') return i === 0 ? true : !isConsonant(word, i - 1);
  return true;
}

/** Porter's measure m of [C](VC){m}[V]: the number of vowel→consonant transitions. */
function measure(stem: string): number {
  let m = 0;
  let previousVowel = false;
  for (let i = 0; i < stem.length; i++) {
    const consonant = isConsonant(stem, i);
    if (consonant && previousVowel) m++;
    previousVowel = !consonant;
  }
  return m;
}

function hasPositiveMeasure(stem: string): boolean {
  return measure(stem) > 0;
}

function measureGreaterThan1(stem: string): boolean {
  return measure(stem) > 1;
}

function containsVowel(stem: string): boolean {
  for (let i = 0; i < stem.length; i++) if (!isConsonant(stem, i)) return true;
  return false;
}

function endsDoubleConsonant(word: string): boolean {
  const n = word.length;
  return n >= 2 && word[n - 1] === word[n - 2] && isConsonant(word, n - 1);
}

/**
 * NLTK applies the first rule whose suffix matches and stops there, whether or not its condition holds.
 */
function applyRuleList(word: string, rules: readonly Rule[]): string {
  for (const rule of rules) {
    if (rule.suffix === '*d') {
      if (endsDoubleConsonant(word)) {
        const stem = word.slice(0, -2);
        return !rule.condition || rule.condition(stem) ? stem + rule.replacement : word;
      }
      continue;
    }
    if (word.endsWith(rule.suffix)) {
      const stem = word.slice(0, word.length - rule.suffix.length);
      return !rule.condition || rule.condition(stem) ? stem + rule.replacement : word;
    }
  }
  return word;
}

const STEP1A_RULES: readonly Rule[] = [
  { suffix: 'sses', replacement: 'ss' },
  { suffix: 'ies', replacement: 'i' },
  { suffix: 'ss', replacement: 'ss' },
  { suffix: 's', replacement: '' },
];

const STEP3_RULES: readonly Rule[] = [
  { suffix: 'icate', replacement: 'ic', condition: hasPositiveMeasure },
  { suffix: 'ative', replacement: '', condition: hasPositiveMeasure },
  { suffix: 'alize', replacement: 'al', condition: hasPositiveMeasure },
  { suffix: 'iciti', replacement: 'ic', condition: hasPositiveMeasure },
  { suffix: 'ical', replacement: 'ic', condition: hasPositiveMeasure },
  { suffix: 'ful', replacement: '', condition: hasPositiveMeasure },
  { suffix: 'ness', replacement: '', condition: hasPositiveMeasure },
];

const STEP4_RULES: readonly Rule[] = [
  ...['al', 'ance', 'ence', 'er', 'ic', 'able', 'ible', 'ant', 'ement', 'ment', 'ent'].map(
    (suffix): Rule => ({ suffix, replacement: '', condition: measureGreaterThan1 }),
  ),
  {
    suffix: 'ion',
    replacement: '',
    condition: (stem) => measure(stem) > 1 && (stem.endsWith('s') || stem.endsWith('t')),
  },
  ...['ou', 'ism', 'ate', 'iti', 'ous', 'ive', 'ize'].map(
    (suffix): Rule => ({ suffix, replacement: '', condition: measureGreaterThan1 }),
  ),
];

/** Step 2 rules before the mode-specific tail (`bli`/`abli` is inserted at index 5). */
const STEP2_COMMON: readonly (readonly [string, string])[] = [
  ['ational', 'ate'], ['tional', 'tion'], ['enci', 'ence'], ['anci', 'ance'], ['izer', 'ize'],
  ['alli', 'al'], ['entli', 'ent'], ['eli', 'e'], ['ousli', 'ous'], ['ization', 'ize'], ['ation', 'ate'],
  ['ator', 'ate'], ['alism', 'al'], ['iveness', 'ive'], ['fulness', 'ful'], ['ousness', 'ous'], ['aliti', 'al'],
  ['iviti', 'ive'], ['biliti', 'ble'],
];

function step2Rules(mode: NltkPorterMode): Rule[] {
  const rules: Rule[] = STEP2_COMMON.map(([suffix, replacement]) => ({
    suffix, replacement, condition: hasPositiveMeasure,
  }));
  // ORIGINAL_ALGORITHM has Porter's published `abli → able`; the other modes use `bli → ble`.
  rules.splice(5, 0, mode === 'original'
    ? { suffix: 'abli', replacement: 'able', condition: hasPositiveMeasure }
    : { suffix: 'bli', replacement: 'ble', condition: hasPositiveMeasure });
  if (mode === 'martin') rules.push({ suffix: 'logi', replacement: 'log', condition: hasPositiveMeasure });
  return rules;
}

const STEP2_RULES: Readonly<Record<NltkPorterMode, readonly Rule[]>> = {
  nltk: step2Rules('nltk'),
  original: step2Rules('original'),
  martin: step2Rules('martin'),
};

class NltkPorter {
  constructor(private readonly mode: NltkPorterMode) {}

  step1a(word: string): string {
    // NLTK: a four-letter `-ies` word keeps `ie` (`dies → die`, `ties → tie`).
    if (this.mode === 'nltk' && word.length === 4 && word.endsWith('ies')) return word.slice(0, -3) + 'ie';
    return applyRuleList(word, STEP1A_RULES);
  }

  step1b(word: string): string {
    if (this.mode === 'nltk' && word.endsWith('ied')) {
      return word.slice(0, -3) + (word.length === 4 ? 'ie' : 'i');
    }
    if (word.endsWith('eed')) {
      const stem = word.slice(0, -3);
      return measure(stem) > 0 ? stem + 'ee' : word;
    }
    let intermediate: string | undefined;
    for (const suffix of ['ed', 'ing']) {
      if (word.endsWith(suffix)) {
        const candidate = word.slice(0, word.length - suffix.length);
        if (containsVowel(candidate)) {
          intermediate = candidate;
          break;
        }
      }
    }
    if (intermediate === undefined) return word;
    const last = intermediate[intermediate.length - 1];
    return applyRuleList(intermediate, [
      { suffix: 'at', replacement: 'ate' },
      { suffix: 'bl', replacement: 'ble' },
      { suffix: 'iz', replacement: 'ize' },
      // A double consonant is undoubled unless it is l, s or z (then the word is left as it is).
      { suffix: '*d', replacement: last, condition: () => last !== 'l' && last !== 's' && last !== 'z' },
      { suffix: '', replacement: 'e', condition: (stem) => measure(stem) === 1 && this.endsCvc(stem) },
    ]);
  }

  step1c(word: string): string {
    // NLTK: y → i only after a consonant that is not the first letter (`cry → cri`, `by` stays, `say` stays).
    const condition = this.mode === 'nltk'
      ? (stem: string) => stem.length > 1 && isConsonant(stem, stem.length - 1)
      : containsVowel;
    return applyRuleList(word, [{ suffix: 'y', replacement: 'i', condition }]);
  }

  step2(word: string): string {
    if (this.mode === 'nltk') {
      // NLTK: `alli → al` and then step 2 again on the result.
      if (word.endsWith('alli') && hasPositiveMeasure(word.slice(0, -4))) return this.step2(word.slice(0, -4) + 'al');
      const rules = [
        ...STEP2_RULES.nltk,
        { suffix: 'fulli', replacement: 'ful', condition: hasPositiveMeasure },
        // NLTK's `logi` condition looks at the word minus `ogi` (stem + `l`), not at the stem.
        { suffix: 'logi', replacement: 'log', condition: () => hasPositiveMeasure(word.slice(0, -3)) },
      ];
      return applyRuleList(word, rules);
    }
    return applyRuleList(word, STEP2_RULES[this.mode]);
  }

  step3(word: string): string {
    return applyRuleList(word, STEP3_RULES);
  }

  step4(word: string): string {
    return applyRuleList(word, STEP4_RULES);
  }

  step5a(word: string): string {
    if (word.endsWith('e')) {
      const stem = word.slice(0, -1);
      const m = measure(stem);
      if (m > 1) return stem;
      if (m === 1 && !this.endsCvc(stem)) return stem;
    }
    return word;
  }

  step5b(word: string): string {
    return applyRuleList(word, [{ suffix: 'll', replacement: 'l', condition: () => measure(word.slice(0, -1)) > 1 }]);
  }

  /** *o: consonant-vowel-consonant ending, the last consonant not w, x or y; NLTK also accepts a 2-letter vc word. */
  private endsCvc(word: string): boolean {
    const n = word.length;
    return (
      (n >= 3 &&
        isConsonant(word, n - 3) &&
        !isConsonant(word, n - 2) &&
        isConsonant(word, n - 1) &&
        word[n - 1] !== 'w' && word[n - 1] !== 'x' && word[n - 1] !== 'y') ||
      (this.mode === 'nltk' && n === 2 && !isConsonant(word, 0) && isConsonant(word, 1))
    );
  }
}
