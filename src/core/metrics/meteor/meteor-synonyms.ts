import { WordNet } from '../../lexicon/wordnet';

/**
 * METEOR 1.5's synonym lookup (SynonymDictionary in cmu-mtlab/meteor) on Understudy's WordNet 3.0 extract, which
 * holds exactly the data of METEOR's `english.synsets` and `english.exceptions` (both built from WordNet 3.0's
 * index.sense and *.exc files; see resources/wordnet/README.md).
 *
 * The synsets of a token are those of the token itself plus those of its "stem": the base forms the exception lists
 * give for it (all parts of speech together) or, when it has none, the first of METEOR's 20 suffix rewrites (noun,
 * verb, then adjective rules) that is a WordNet lemma. Synsets are bare offsets, so a noun and a verb synset with the
 * same offset count as the same synset, as in METEOR. Two tokens are synonyms when their sets share an offset.
 */
export class MeteorSynonyms {
  private readonly cache = new Map<string, Int32Array>();

  constructor(private readonly wordnet: WordNet) {}

  /** The token's synset offsets (sorted, without duplicates). */
  synsets(word: string): Int32Array {
    let set = this.cache.get(word);
    if (set === undefined) {
      const offsets = this.wordnet.synsetOffsets(word);
      const bases = this.wordnet.exceptionBases(word);
      if (bases.length > 0) {
        for (const base of bases) offsets.push(...this.wordnet.synsetOffsets(base));
      } else {
        offsets.push(...this.wordnet.synsetOffsets(this.morph(word)));
      }
      set = uniqueSorted(offsets);
      if (this.cache.size >= 200_000) this.cache.clear();
      this.cache.set(word, set);
    }
    return set;
  }

  /**
   * METEOR's `morph`: the word itself when it ends in `ss` or has at most 2 characters; otherwise the first suffix
   * rewrite that is a WordNet lemma, or the empty string (which has no synsets).
   */
  morph(word: string): string {
    if (word.endsWith('ss') || word.length <= 2) return word;
    for (const [suffix, ending] of MORPH_RULES) {
      if (word.endsWith(suffix)) {
        const candidate = word.slice(0, word.length - suffix.length) + ending;
        if (this.wordnet.has(candidate)) return candidate;
      }
    }
    return '';
  }
}

function uniqueSorted(values: number[]): Int32Array {
  if (values.length === 0) return EMPTY;
  const sorted = Int32Array.from(values).sort();
  let n = 1;
  for (let i = 1; i < sorted.length; i++) if (sorted[i] !== sorted[n - 1]) sorted[n++] = sorted[i];
  return sorted.subarray(0, n);
}

const EMPTY = new Int32Array(0);

/** WordNet 3's detachment suffixes as METEOR lists them: noun, verb, adjective rules, in this order. */
const MORPH_RULES: readonly (readonly [string, string])[] = [
  ['s', ''], ['ses', 's'], ['xes', 'x'], ['zes', 'z'], ['ches', 'ch'], ['shes', 'sh'], ['men', 'man'], ['ies', 'y'],
  ['s', ''], ['ies', 'y'], ['es', 'e'], ['es', ''], ['ed', 'e'], ['ed', ''], ['ing', 'e'], ['ing', ''],
  ['er', ''], ['est', ''], ['er', 'e'], ['est', 'e'],
];

/** The two sorted offset sets share an element. */
export function sharesSynset(a: Int32Array, b: Int32Array): boolean {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) return true;
    if (a[i] < b[j]) i++;
    else j++;
  }
  return false;
}
