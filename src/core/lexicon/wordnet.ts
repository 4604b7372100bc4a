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
  /** The extract's text; lemma lines are looked up in place (binary search over the sorted lemmas). */
  private readonly text: string;
  /** Per lemma line (in lemma order): where it starts, where its lemma ends (the tab) and where the line ends. */
  private readonly lineStarts: Int32Array;
  private readonly lemmaEnds: Int32Array;
  private readonly lineEnds: Int32Array;
  /** Exception lists per part of speech: inflected form → base forms, in file order. */
  private readonly exceptions: Readonly<Record<WordNetQueryPos, Map<string, string[]>>>;
  /** Synset key → lemma lines, built on first use of `members`/`synonyms`. */
  private synsetMembers: Map<number, number[]> | undefined;

  private constructor(
    readonly version: string,
    text: string,
    lines: { starts: Int32Array; lemmaEnds: Int32Array; ends: Int32Array },
    exceptions: Record<WordNetQueryPos, Map<string, string[]>>,
  ) {
    this.text = text;
    this.lineStarts = lines.starts;
    this.lemmaEnds = lines.lemmaEnds;
    this.lineEnds = lines.ends;
    this.exceptions = exceptions;
  }

  /**
   * Indexes the text of a `resources/wordnet/*.txt` extract (format in scripts/generate-wordnet-data.js): only line
   * boundaries are found here; a lemma's senses are decoded when it is looked up.
   */
  static parse(text: string, version: string): WordNet {
    const starts: number[] = [];
    const lemmaEnds: number[] = [];
    const ends: number[] = [];
    const exceptions: Record<WordNetQueryPos, Map<string, string[]>> = { n: new Map(), v: new Map(), a: new Map(), r: new Map() };
    let section = '';
    let lineStart = 0;
    let lineNo = 0;
    while (lineStart < text.length) {
      let lineEnd = text.indexOf('\n', lineStart);
      if (lineEnd < 0) lineEnd = text.length;
      const from = lineStart;
      lineStart = lineEnd + 1;
      lineNo++;
      const first = text.charCodeAt(from);
      if (lineEnd === from || first === 0x23 /* # */) continue;
      if (first === 0x40 /* @ */) {
        section = text.slice(from, lineEnd);
        continue;
      }
      if (section === '@senses') {
        const tab = text.indexOf('\t', from);
        if (tab <= from || tab >= lineEnd) throw new Error(`WordNet data line ${lineNo}: expected "lemma<TAB>senses"`);
        const previous = starts.length - 1;
        if (previous >= 0 && compareRange(text, starts[previous], lemmaEnds[previous], from, tab) >= 0) {
          throw new Error(`WordNet data line ${lineNo}: lemmas must be sorted and unique (${text.slice(from, tab)})`);
        }
        starts.push(from);
        lemmaEnds.push(tab);
        ends.push(lineEnd);
      } else if (section === '@exceptions') {
        const [pos, form, bases] = text.slice(from, lineEnd).split('\t');
        const table = exceptions[pos as WordNetQueryPos];
        if (!table || !form || !bases) throw new Error(`WordNet data line ${lineNo}: expected "pos<TAB>form<TAB>bases"`);
        const list = table.get(form);
        if (list) list.push(...bases.split(' '));
        else table.set(form, bases.split(' '));
      } else {
        throw new Error(`WordNet data line ${lineNo}: data before a section header`);
      }
    }
    const wordnet = new WordNet(version, text, { starts: Int32Array.from(starts), lemmaEnds: Int32Array.from(lemmaEnds), ends: Int32Array.from(ends) }, exceptions);
    return wordnet;
  }

  get lemmaCount(): number {
    return this.lineStarts.length;
  }

  /** Every lemma, in code-unit order. */
  allLemmas(): string[] {
    return Array.from(this.lineStarts, (start, k) => this.text.slice(start, this.lemmaEnds[k]));
  }

  /** The exception list of a part of speech: inflected form → base forms, in file order. */
  exceptionList(pos: WordNetQueryPos): ReadonlyMap<string, readonly string[]> {
    return this.exceptions[pos];
  }

  /** The lemma is in WordNet (in any part of speech, or in `pos`). */
  has(lemma: string, pos?: WordNetQueryPos): boolean {
    const k = this.find(lemma);
    if (k < 0) return false;
    if (pos === undefined) return true;
    return this.senseKeys(k).some((key) => matchesPos(Math.floor(key / OFFSET_RANGE), pos));
  }

  /** The synsets of a lemma (exact lookup, no morphology), in index.sense order, optionally of one part of speech. */
  synsets(lemma: string, pos?: WordNetQueryPos): WordNetSynset[] {
    const k = this.find(lemma);
    if (k < 0) return [];
    const out: WordNetSynset[] = [];
    for (const key of this.senseKeys(k)) {
      const code = Math.floor(key / OFFSET_RANGE);
      if (matchesPos(code, pos)) out.push({ pos: POS_BY_CODE[code], offset: key - code * OFFSET_RANGE });
    }
    return out;
  }

  /**
   * The bare synset offsets of a lemma, whatever their part of speech, in index.sense order. Offsets of different
   * parts of speech can coincide (they are positions in different files); METEOR's synonym files keep only the
   * offsets, which is why its synonym module needs exactly this view.
   */
  synsetOffsets(lemma: string): number[] {
    const k = this.find(lemma);
    return k < 0 ? [] : this.senseKeys(k).map((key) => key % OFFSET_RANGE);
  }

  /** Base forms listed for an inflected form in the exception lists (of one part of speech, or all in adj, adv, noun, verb order). */
  exceptionBases(form: string, pos?: WordNetQueryPos): string[] {
    const out: string[] = [];
    for (const p of pos === undefined ? (['a', 'r', 'n', 'v'] as const) : [pos]) {
      const bases = this.exceptions[p].get(form);
      if (bases) out.push(...bases);
    }
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

  /** The lemmas of a synset, in lemma order. */
  members(synset: WordNetSynset): string[] {
    const members = this.memberIndex().get(POS_CODES[synset.pos] * OFFSET_RANGE + synset.offset) ?? [];
    return members.map((k) => this.text.slice(this.lineStarts[k], this.lemmaEnds[k]));
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

  /** Index of the lemma's line, or -1 (binary search in code-unit order). */
  private find(lemma: string): number {
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const c = compareWithLine(this.text, this.lineStarts[mid], this.lemmaEnds[mid], lemma);
      if (c === 0) return mid;
      if (c < 0) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  /** pos code · 2^25 + offset for each sense of lemma line k, in file order. */
  private senseKeys(k: number): number[] {
    const out: number[] = [];
    const text = this.text;
    const end = this.lineEnds[k];
    let i = this.lemmaEnds[k] + 1;
    while (i < end) {
      const code = POS_CODES[text.charAt(i) as WordNetPos];
      if (code === undefined) throw new Error(`WordNet data: bad sense for ${text.slice(this.lineStarts[k], this.lemmaEnds[k])}`);
      i++;
      let offset = 0;
      while (i < end && text.charCodeAt(i) !== 0x20) {
        const c = text.charCodeAt(i);
        offset = offset * 36 + (c <= 0x39 ? c - 0x30 : c - 0x61 + 10);
        i++;
      }
      out.push(code * OFFSET_RANGE + offset);
      i++;
    }
    return out;
  }

  private memberIndex(): Map<number, number[]> {
    if (!this.synsetMembers) {
      const index = new Map<number, number[]>();
      for (let k = 0; k < this.lineStarts.length; k++) {
        for (const key of this.senseKeys(k)) {
          const list = index.get(key);
          if (list) list.push(k);
          else index.set(key, [k]);
        }
      }
      this.synsetMembers = index;
    }
    return this.synsetMembers;
  }
}

/** Compares text[aFrom, aTo) with text[bFrom, bTo) in code-unit order. */
function compareRange(text: string, aFrom: number, aTo: number, bFrom: number, bTo: number): number {
  const n = Math.min(aTo - aFrom, bTo - bFrom);
  for (let i = 0; i < n; i++) {
    const d = text.charCodeAt(aFrom + i) - text.charCodeAt(bFrom + i);
    if (d !== 0) return d;
  }
  return aTo - aFrom - (bTo - bFrom);
}

/** Compares text[from, to) with `word` in code-unit order. */
function compareWithLine(text: string, from: number, to: number, word: string): number {
  const n = Math.min(to - from, word.length);
  for (let i = 0; i < n; i++) {
    const d = text.charCodeAt(from + i) - word.charCodeAt(i);
    if (d !== 0) return d;
  }
  return to - from - word.length;
}
