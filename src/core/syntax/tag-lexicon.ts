import { stringHash } from './feature-hash';

/**
 * What the training data says about each word's tags: its ambiguity class (the set of tags the word was given,
 * Cutting et al. 1992; Toutanova et al. 2003 use them for the words around the one being tagged, whose tags are not
 * known yet), and, for frequent words that nearly always take one tag, that tag (a tag dictionary, as Honnibal's
 * averaged-perceptron tagger keeps: such words are not scored at all, which is both faster and as accurate).
 * Words are looked up lower-cased, so a sentence-initial "Yesterday" finds "yesterday".
 */
export interface TagLexiconData {
  /** Ambiguity classes, each a sorted list of tag ids. */
  readonly classes: readonly (readonly number[])[];
  /** Lower-cased word → index into `classes`. */
  readonly words: Readonly<Record<string, number>>;
  /** Lower-cased word → its one tag, for frequent unambiguous words. */
  readonly fixed: Readonly<Record<string, number>>;
}

/** How a lexicon is learned from tagged sentences. */
export interface TagLexiconOptions {
  /** A tag joins a word's class when it is at least this share of the word's occurrences. */
  readonly minShare: number;
  /** A word's tag is fixed when the word occurs at least this often … */
  readonly fixedCount: number;
  /** … and takes that tag at least this share of the time. */
  readonly fixedShare: number;
}

export const DEFAULT_TAG_LEXICON_OPTIONS: TagLexiconOptions = { minShare: 0.01, fixedCount: 20, fixedShare: 0.995 };

/** The value standing for an unknown word's ambiguity class. */
export const UNKNOWN_CLASS = 3;

/** What the tagger's features ask of a lexicon. */
export interface WordTagInfo {
  /** A hash of the lower-cased word's ambiguity class (the same set of tags always gives the same value), or UNKNOWN_CLASS. */
  classOf(lower: string): number;
  /** The tag the lexicon fixes for a lower-cased word, or −1. */
  fixedTagOf(lower: string): number;
}

function classHash(members: readonly number[]): number {
  return stringHash(members.join(',')) | 16;
}

/** The shipped lexicon. */
export class TagLexicon implements WordTagInfo {
  private readonly classOfWord = new Map<string, number>();
  private readonly fixedTag: Map<string, number>;

  constructor(readonly data: TagLexiconData) {
    const hashes = data.classes.map(classHash);
    for (const [word, id] of Object.entries(data.words)) this.classOfWord.set(word, hashes[id]);
    this.fixedTag = new Map(Object.entries(data.fixed));
  }

  classOf(lower: string): number {
    return this.classOfWord.get(lower) ?? UNKNOWN_CLASS;
  }

  fixedTagOf(lower: string): number {
    return this.fixedTag.get(lower) ?? -1;
  }
}

interface TaggedWords {
  readonly forms: readonly string[];
  readonly tags: ArrayLike<number>;
}

/**
 * A lexicon being learned, for training: it can leave one sentence's own words out (`leaveOut`), so that the
 * tagger learns from each training sentence with the ambiguity classes of all the others, as it will see them on
 * new text (words met only in that sentence are unknown, and a word's class need not contain its gold tag).
 * Without that, every training word's class holds its tag and the tagger learns to trust the classes too much.
 */
export class LexiconCounts implements WordTagInfo {
  private readonly counts = new Map<string, Map<number, number>>();
  private readonly left = new Map<string, Map<number, number>>();

  constructor(
    sentences: readonly TaggedWords[],
    private readonly options = DEFAULT_TAG_LEXICON_OPTIONS,
  ) {
    for (const sentence of sentences) LexiconCounts.add(this.counts, sentence);
  }

  private static add(counts: Map<string, Map<number, number>>, { forms, tags }: TaggedWords): void {
    forms.forEach((form, i) => {
      const lower = form.toLowerCase();
      let byTag = counts.get(lower);
      if (!byTag) counts.set(lower, (byTag = new Map()));
      byTag.set(tags[i], (byTag.get(tags[i]) ?? 0) + 1);
    });
  }

  /** From now on, counts without `sentence`'s words (undefined: all counts). */
  leaveOut(sentence: TaggedWords | undefined): void {
    this.left.clear();
    if (sentence) LexiconCounts.add(this.left, sentence);
  }

  /** The word's tag counts, less the left-out sentence's. */
  private countsOf(lower: string): [number, number][] {
    const byTag = this.counts.get(lower);
    if (!byTag) return [];
    const own = this.left.get(lower);
    const result: [number, number][] = [];
    for (const [tag, c] of byTag) {
      const rest = c - (own?.get(tag) ?? 0);
      if (rest > 0) result.push([tag, rest]);
    }
    return result;
  }

  private members(counts: [number, number][]): number[] {
    let total = 0;
    for (const [, c] of counts) total += c;
    return counts.filter(([, c]) => c >= this.options.minShare * total).map(([t]) => t).sort((a, b) => a - b);
  }

  classOf(lower: string): number {
    const counts = this.countsOf(lower);
    return counts.length === 0 ? UNKNOWN_CLASS : classHash(this.members(counts));
  }

  fixedTagOf(lower: string): number {
    const counts = this.countsOf(lower);
    let total = 0;
    for (const [, c] of counts) total += c;
    if (total < this.options.fixedCount) return -1;
    for (const [tag, c] of counts) if (c >= this.options.fixedShare * total) return tag;
    return -1;
  }

  /** The lexicon to ship: every word's class and the fixed tags, from all counts. */
  lexicon(): TagLexicon {
    this.leaveOut(undefined);
    const classes: number[][] = [];
    const classIds = new Map<string, number>();
    const words: Record<string, number> = {};
    const fixed: Record<string, number> = {};
    for (const word of [...this.counts.keys()].sort()) {
      const members = this.members(this.countsOf(word));
      const key = members.join(',');
      let id = classIds.get(key);
      if (id === undefined) {
        id = classes.length;
        classIds.set(key, id);
        classes.push(members);
      }
      words[word] = id;
      const tag = this.fixedTagOf(word);
      if (tag >= 0) fixed[word] = tag;
    }
    return new TagLexicon({ classes, words, fixed });
  }
}
