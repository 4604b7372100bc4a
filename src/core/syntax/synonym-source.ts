import { UnderstudyError } from '../errors';

/** WordNet's four open classes; undefined when a word's part of speech has none (function words). */
export type SynonymPos = 'noun' | 'verb' | 'adjective' | 'adverb';

/**
 * Synonymy for the dependency metrics' `wn` switch (Owczarzak et al. 2007: "d+WN"; DEPEVAL(summ)'s `wn`): two lemmas
 * are synonyms when they share a sense. The WordNet module plugs in here; tests use `SynonymSets`.
 */
export interface SynonymSource {
  /** Names the resource in signatures, e.g. `wn3.0`. */
  readonly name: string;
  /** Identifiers of the senses (synsets) of `lemma` (lower-case) in that part of speech (in all when undefined). */
  senses(lemma: string, pos: SynonymPos | undefined): readonly string[];
}

/** The WordNet class of a Universal Dependencies part of speech. */
export function synonymPosOf(upos: string): SynonymPos | undefined {
  switch (upos) {
    case 'NOUN':
    case 'PROPN':
      return 'noun';
    case 'VERB':
      return 'verb';
    case 'ADJ':
      return 'adjective';
    case 'ADV':
      return 'adverb';
    default:
      return undefined;
  }
}

/** Answers "are these two lemmas synonyms?" with the senses of each lemma looked up once. */
export class SynonymMatcher {
  private readonly cache = new Map<string, ReadonlySet<string>>();

  constructor(private readonly source: SynonymSource) {}

  get name(): string {
    return this.source.name;
  }

  /** True for equal lemmas, and for lemmas of the same word class sharing a sense. */
  matches(a: string, aPos: SynonymPos | undefined, b: string, bPos: SynonymPos | undefined): boolean {
    if (a === b) return true;
    if (aPos === undefined || aPos !== bPos) return false;
    const sa = this.sensesOf(a, aPos);
    if (sa.size === 0) return false;
    for (const sense of this.sensesOf(b, bPos)) if (sa.has(sense)) return true;
    return false;
  }

  private sensesOf(lemma: string, pos: SynonymPos): ReadonlySet<string> {
    const key = `${pos}\u0000${lemma}`;
    let senses = this.cache.get(key);
    if (!senses) {
      senses = new Set(this.source.senses(lemma, pos));
      this.cache.set(key, senses);
    }
    return senses;
  }
}

/**
 * An in-memory synonym source: each set of lemmas is one sense (of every part of speech unless one is given). Used by
 * tests, and usable for a project's own synonym lists.
 */
export class SynonymSets implements SynonymSource {
  private readonly index = new Map<string, string[]>();

  constructor(
    readonly name: string,
    sets: readonly (readonly string[] | { readonly pos: SynonymPos; readonly lemmas: readonly string[] })[],
  ) {
    sets.forEach((set, i) => {
      const lemmas = Array.isArray(set) ? set : (set as { lemmas: readonly string[] }).lemmas;
      const pos = Array.isArray(set) ? undefined : (set as { pos: SynonymPos }).pos;
      for (const lemma of lemmas) {
        const key = lemma.toLowerCase();
        const list = this.index.get(key) ?? [];
        list.push(pos ? `${pos}:${i}` : `*:${i}`);
        this.index.set(key, list);
      }
    });
  }

  senses(lemma: string, pos: SynonymPos | undefined): readonly string[] {
    const all = this.index.get(lemma) ?? [];
    // A set without a part of speech is a sense of every class; the class is kept out of its id so both sides agree.
    return all.filter((id) => id.startsWith('*:') || pos === undefined || id.startsWith(`${pos}:`));
  }
}

/** The message for a `wn` switch without a synonym source. */
export function noSynonymsError(metric: string): UnderstudyError {
  return new UnderstudyError(
    'no-synonyms',
    `${metric} matches WordNet synonyms (the "wn" switch), but no synonym source was given. Drop "-wn" from the metric name, or give one.`,
    { metric },
  );
}
