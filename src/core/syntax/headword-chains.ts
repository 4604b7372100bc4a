import { DependencyWord } from './conllu';
import { ParsedLine, baseRelation, includedWords } from './tree-source';

/**
 * Head-word chains (Liu & Gildea 2005): "a sequence of words which corresponds to a path in the dependency tree",
 * read downwards from head to dependent. In "I have a red pen" (have → I, pen; pen → a, red) the 2-word chains are
 * `have I`, `have pen`, `pen a`, `pen red` and the 3-word chains `have pen a`, `have pen red`.
 *
 * A downward path is fixed by its lowest word and its length, so the chains of length 1..D are found by walking up
 * at most D − 1 heads from every word: O(words · D). Punctuation (and anything below it) is left out.
 */
export interface HeadwordChain {
  /** The items of the chain's words (word forms, categories or relations), top first. */
  readonly items: readonly string[];
  readonly sentence: number;
  /** The words' ids, top first. */
  readonly words: readonly number[];
}

/** What a chain is made of: the word (`form`, lower-cased or not), its part of speech, or its relation. */
export type ChainItem = (word: DependencyWord) => string;

export const wordItem = (lowercase: boolean): ChainItem => (lowercase ? (w) => w.form.toLowerCase() : (w) => w.form);
export const categoryItem: ChainItem = (w) => w.upos;
export const relationItem: ChainItem = baseRelation;

/** `chains[n - 1]`: the chains of n words, for n = 1..maxLength. */
export function headwordChains(parsed: ParsedLine, maxLength: number, item: ChainItem): HeadwordChain[][] {
  const chains: HeadwordChain[][] = Array.from({ length: maxLength }, () => []);
  parsed.sentences.forEach((sentence, s) => {
    const words = sentence.words;
    const included = includedWords(sentence);
    const items = words.map(item);
    for (const w of words) {
      if (!included[w.id - 1]) continue;
      const ids = [w.id];
      chains[0].push({ items: [items[w.id - 1]], sentence: s, words: [w.id] });
      let top = w;
      for (let n = 2; n <= maxLength && top.head > 0; n++) {
        top = words[top.head - 1];
        if (!included[top.id - 1]) break;
        ids.unshift(top.id);
        chains[n - 1].push({ items: ids.map((id) => items[id - 1]), sentence: s, words: ids.slice() });
      }
    }
  });
  return chains;
}
