/**
 * WordNet as Understudy's metrics use it: which synsets a lemma belongs to, which lemmas a synset has, and the base
 * forms of an inflected word (WordNet's exception lists and suffix rules). Built from the compact extract in
 * `resources/wordnet/` (see scripts/generate-wordnet-data.js for its format and provenance); loading the file is
 * the job of `core/io/wordnet-file.ts`, so this module stays free of I/O and can be tested on small texts.
 *
 * Lemmas are WordNet's: lower-case, multi-word lemmas joined with `_` (`ice_cream`). Lookups are exact (no case
 * folding): callers decide how their tokens are normalised.
 */

/** WordNet parts of speech: noun, verb, adjective, adverb, adjective satellite. */
export type WordNetPos = 'n' | 'v' | 'a' | 'r' | 's';

/** A synset, named by its part of speech and its byte offset in the `data.<pos>` file of that WordNet version. */
export interface WordNetSynset {
  readonly pos: WordNetPos;
  readonly offset: number;
}

/** Parts of speech a caller can ask for: satellites are adjectives for lookups (as in WordNet's own tools). */
export type WordNetQueryPos = 'n' | 'v' | 'a' | 'r';

const POS_CODES: Readonly<Record<WordNetPos, number>> = { n: 0, v: 1, a: 2, r: 3, s: 4 };
const POS_BY_CODE: readonly WordNetPos[] = ['n', 'v', 'a', 'r', 's'];
/** Offsets are below 2^25 (data.noun of WordNet 3.x is about 15 MB), so pos · 2^25 + offset is a safe integer key. */
const OFFSET_RANGE = 2 ** 25;

/**
 * WordNet's detachment rules per part of speech (morph.c, as NLTK's `_morphy` applies them): suffix → replacement,
 * tried in this order on a word that is not in the exception list.
 */
const DETACHMENT_RULES: Readonly<Record<WordNetQueryPos, readonly (readonly [string, string])[]>> = {
  n: [['s', ''], ['ses', 's'], ['ves', 'f'], ['xes', 'x'], ['zes', 'z'], ['ches', 'ch'], ['shes', 'sh'], ['men', 'man'], ['ies', 'y']],
  v: [['s', ''], ['ies', 'y'], ['es', 'e'], ['es', ''], ['ed', 'e'], ['ed', ''], ['ing', 'e'], ['ing', '']],
  a: [['er', ''], ['est', ''], ['er', 'e'], ['est', 'e']],
  r: [],
};

const QUERY_POS: readonly WordNetQueryPos[] = ['n', 'v', 'a', 'r'];

function matchesPos(senseCode: number, pos: WordNetQueryPos | undefined): boolean {
  if (pos === undefined) return true;
  const code = POS_CODES[pos];
  return senseCode === code || (pos === 'a' && senseCode === POS_CODES.s);
}

export class WordNet {
  /** Lemma → index into `lemmaSenseStart`. */
  private readonly lemmaIndex = new Map<string, number>();
  private readonly lemmas: string[] = [];
  /** Senses of lemma k are `senseKeys[lemmaSenseStart[k] .. lemmaSenseStart[k + 1])`, in index.sense order. */
  private readonly lemmaSenseStart: Int32Array;
  /** pos code · 2^25 + offset, per sense. */
  private readonly senseKeys: Float64Array;
  /** Exception lists per part of speech: inflected form → base forms, in file order. */
  private readonly exceptions: Readonly<Record<WordNetQueryPos, Map<string, string[]>>>;
  /** Synset key → lemma indexes, built on first use of `members`/`synonyms`. */
  private synsetMembers: Map<number, number[]> | undefined;

  private constructor(
    readonly version: string,
    lemmas: string[],
    lemmaSenseStart: Int32Array,
    senseKeys: Float64Array,
    exceptions: Record<WordNetQueryPos, Map<string, string[]>>,
  ) {
    this.lemmas = lemmas;
    for (let k = 0; k < lemmas.length; k++) this.lemmaIndex.set(lemmas[k], k);
    this.lemmaSenseStart = lemmaSenseStart;
    this.senseKeys = senseKeys;
    this.exceptions = exceptions;
  }

  /** Parses the text of a `resources/wordnet/*.txt` extract (format in scripts/generate-wordnet-data.js). */
  static parse(text: string, version: string): WordNet {
    const lemmas: string[] = [];
    const starts: number[] = [];
    const keys: number[] = [];
    const exceptions: Record<WordNetQueryPos, Map<string, string[]>> = { n: new Map(), v: new Map(), a: new Map(), r: new Map() };
    let section = '';
    let lineStart = 0;
    let lineNo = 0;
    while (lineStart < text.length) {
      let lineEnd = text.indexOf('\n', lineStart);
      if (lineEnd < 0) lineEnd = text.length;
      const line = text.slice(lineStart, lineEnd);
      lineStart = lineEnd + 1;
      lineNo++;
      if (line === '' || line.charCodeAt(0) === 0x23 /* # */) continue;
      if (line.charCodeAt(0) === 0x40 /* @ */) {
        section = line;
        continue;
      }
      if (section === '@senses') {
        const tab = line.indexOf('\t');
        if (tab <= 0) throw new Error(`WordNet data line ${lineNo}: expected "lemma<TAB>senses"`);
        lemmas.push(line.slice(0, tab));
        starts.push(keys.length);
        for (const sense of line.slice(tab + 1).split(' ')) {
          const code = POS_CODES[sense.charAt(0) as WordNetPos];
          const offset = parseInt(sense.slice(1), 36);
          if (code === undefined || !Number.isFinite(offset)) throw new Error(`WordNet data line ${lineNo}: bad sense ${JSON.stringify(sense)}`);
          keys.push(code * OFFSET_RANGE + offset);
        }
      } else if (section === '@exceptions') {
        const [pos, form, bases] = line.split('\t');
        const table = exceptions[pos as WordNetQueryPos];
        if (!table || !form || !bases) throw new Error(`WordNet data line ${lineNo}: expected "pos<TAB>form<TAB>bases"`);
        const list = table.get(form);
        if (list) list.push(...bases.split(' '));
        else table.set(form, bases.split(' '));
      } else {
        throw new Error(`WordNet data line ${lineNo}: data before a section header`);
      }
    }
    starts.push(keys.length);
    return new WordNet(version, lemmas, Int32Array.from(starts), Float64Array.from(keys), exceptions);
  }

  get lemmaCount(): number {
    return this.lemmas.length;
  }

  /** Every lemma, in index.sense order. */
  allLemmas(): readonly string[] {
    return this.lemmas;
  }

  /** The exception list of a part of speech: inflected form → base forms, in file order. */
  exceptionList(pos: WordNetQueryPos): ReadonlyMap<string, readonly string[]> {
    return this.exceptions[pos];
  }

  /** The lemma is in WordNet (in any part of speech, or in `pos`). */
  has(lemma: string, pos?: WordNetQueryPos): boolean {
    const k = this.lemmaIndex.get(lemma);
    if (k === undefined) return false;
    if (pos === undefined) return true;
    for (let s = this.lemmaSenseStart[k]; s < this.lemmaSenseStart[k + 1]; s++) if (matchesPos(Math.floor(this.senseKeys[s] / OFFSET_RANGE), pos)) return true;
    return false;
  }

  /** The synsets of a lemma (exact lookup, no morphology), in index.sense order, optionally of one part of speech. */
  synsets(lemma: string, pos?: WordNetQueryPos): WordNetSynset[] {
    const k = this.lemmaIndex.get(lemma);
    if (k === undefined) return [];
    const out: WordNetSynset[] = [];
    for (let s = this.lemmaSenseStart[k]; s < this.lemmaSenseStart[k + 1]; s++) {
      const code = Math.floor(this.senseKeys[s] / OFFSET_RANGE);
      if (matchesPos(code, pos)) out.push({ pos: POS_BY_CODE[code], offset: this.senseKeys[s] - code * OFFSET_RANGE });
    }
    return out;
  }

  /**
   * The bare synset offsets of a lemma, whatever their part of speech, in index.sense order. Offsets of different
   * parts of speech can coincide (they are positions in different files); METEOR's synonym files keep only the
   * offsets, which is why its synonym module needs exactly this view.
   */
  synsetOffsets(lemma: string): number[] {
    const k = this.lemmaIndex.get(lemma);
    if (k === undefined) return [];
    const out: number[] = [];
    for (let s = this.lemmaSenseStart[k]; s < this.lemmaSenseStart[k + 1]; s++) out.push(this.senseKeys[s] % OFFSET_RANGE);
    return out;
  }

  /** Base forms listed for an inflected form in the exception lists (of one part of speech, or all in adj, adv, noun, verb order). */
  exceptionBases(form: string, pos?: WordNetQueryPos): string[] {
    const out: string[] = [];
    for (const p of pos === undefined ? (['a', 'r', 'n', 'v'] as const) : [pos]) out.push(...(this.exceptions[p].get(form) ?? []));
    return out;
  }

  /**
   * WordNet's morphology (`morphy`, as NLTK applies it): the lemmas a word form can be an inflection of, in WordNet.
   * For each part of speech (or the one asked for): if the form is in the exception list, the form itself and the
   * listed base forms; otherwise the form and the results of the detachment rules; kept when WordNet has them in that
   * part of speech. Parts of speech are tried in the order noun, verb, adjective, adverb; duplicates are dropped.
   */
  baseForms(word: string, pos?: WordNetQueryPos): string[] {
    const out: string[] = [];
    for (const p of pos === undefined ? QUERY_POS : [pos]) {
      const listed = this.exceptions[p].get(word);
      const candidates = listed ? [word, ...listed] : [word, ...DETACHMENT_RULES[p].filter(([suffix]) => word.endsWith(suffix)).map(([suffix, ending]) => word.slice(0, word.length - suffix.length) + ending)];
      for (const candidate of candidates) if (!out.includes(candidate) && this.has(candidate, p)) out.push(candidate);
    }
    return out;
  }

  /** The lemmas of a synset, in index.sense (lemma) order. */
  members(synset: WordNetSynset): string[] {
    const members = this.memberIndex().get(POS_CODES[synset.pos] * OFFSET_RANGE + synset.offset) ?? [];
    return members.map((k) => this.lemmas[k]);
  }

  /**
   * Synonyms of a word form: the other lemmas of every synset that any of its base forms (`baseForms`) belongs to, in
   * the part of speech asked for or in any; the word's own base forms are not listed. No sense disambiguation.
   */
  synonyms(word: string, pos?: WordNetQueryPos): string[] {
    const bases = this.baseForms(word, pos);
    const out: string[] = [];
    const seen = new Set<string>([word, ...bases]);
    for (const base of bases) {
      for (const synset of this.synsets(base, pos)) {
        for (const member of this.members(synset)) {
          if (!seen.has(member)) {
            seen.add(member);
            out.push(member);
          }
        }
      }
    }
    return out;
  }

  private memberIndex(): Map<number, number[]> {
    if (!this.synsetMembers) {
      const index = new Map<number, number[]>();
      for (let k = 0; k < this.lemmas.length; k++) {
        for (let s = this.lemmaSenseStart[k]; s < this.lemmaSenseStart[k + 1]; s++) {
          const list = index.get(this.senseKeys[s]);
          if (list) list.push(k);
          else index.set(this.senseKeys[s], [k]);
        }
      }
      this.synsetMembers = index;
    }
    return this.synsetMembers;
  }
}
