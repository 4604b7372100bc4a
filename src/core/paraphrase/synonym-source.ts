/**
 * Where WordNet-style synonyms come from. The engine asks only this small question, so the WordNet module (or a
 * user's own list) plugs in behind it, and tests use an in-memory source. A WordNet whose `synonyms(word, pos?)`
 * lists the other lemmas of the word's synsets fits as it is, given a `name` for signatures.
 */
/** WordNet's part-of-speech letters: noun, verb, adjective, adverb. */
export type PartOfSpeech = 'n' | 'v' | 'a' | 'r';

export interface SynonymSource {
  /** Names the resource in signatures and explanations, e.g. `wordnet-3.1` or `file:synonyms.txt`. */
  readonly name: string;
  /**
   * Synonyms of a lower-cased word, most likely first (WordNet: its senses in frequency order), without the word
   * itself; a multiword synonym has its words separated by spaces or underscores. Empty when there are none.
   */
  synonyms(word: string, pos?: PartOfSpeech): readonly string[];
}

/**
 * Synonyms from groups of interchangeable words: a word's synonyms are the other members of every group it belongs
 * to, in group order, each once. Groups are matched lower-cased.
 */
export class InMemorySynonymSource implements SynonymSource {
  private readonly byWord = new Map<string, string[]>();

  constructor(
    readonly name: string,
    groups: readonly (readonly string[])[],
  ) {
    for (const group of groups) {
      const words = group.map((w) => w.trim().toLowerCase()).filter((w) => w.length > 0);
      for (const word of words) {
        const list = this.byWord.get(word) ?? [];
        for (const other of words) if (other !== word && !list.includes(other)) list.push(other);
        this.byWord.set(word, list);
      }
    }
  }

  synonyms(word: string): readonly string[] {
    return this.byWord.get(word.toLowerCase()) ?? [];
  }
}

/**
 * Reads a synonym list: one group of synonyms per line, separated by tabs or commas (`reply, answer, response`);
 * blank lines and lines starting with `#` are skipped. A line with a single word is an error naming the line.
 */
export function parseSynonymGroups(text: string, name: string): InMemorySynonymSource {
  const groups: string[][] = [];
  text.split(/\r?\n/).forEach((line, index) => {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) return;
    const words = trimmed.split(/[\t,]/).map((w) => w.trim()).filter((w) => w.length > 0);
    if (words.length < 2) {
      throw new Error(`${name}, line ${index + 1}: "${trimmed}" has only one word; a synonym group needs two or more, separated by tabs or commas.`);
    }
    groups.push(words);
  });
  return new InMemorySynonymSource(name, groups);
}
