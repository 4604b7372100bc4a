import { DependencySentence } from '../conllu';
import { formatFeats, MorphologyData } from '../morphology';
import { mostFrequent } from './learn-lemmatizer';

/**
 * Learns the feature tables: the most frequent FEATS of each (UPOS, XPOS) pair, and of each (word, UPOS, XPOS)
 * whose most frequent FEATS differ from its tag's. Finite verbs' Number and Person are left to agreement.
 */
export function learnMorphology(sentences: readonly DependencySentence[]): MorphologyData {
  const byTagCounts = new Map<string, Map<string, number>>();
  const byWordCounts = new Map<string, Map<string, number>>();
  const add = (map: Map<string, Map<string, number>>, key: string, value: string): void => {
    let inner = map.get(key);
    if (!inner) map.set(key, (inner = new Map()));
    inner.set(value, (inner.get(value) ?? 0) + 1);
  };
  for (const sentence of sentences) {
    for (const word of sentence.words) {
      const tag = `${word.upos} ${word.xpos}`;
      const feats = formatFeats(word.feats);
      add(byTagCounts, tag, feats);
      add(byWordCounts, `${word.form.toLowerCase()}\t${tag}`, feats);
    }
  }
  const byTag: Record<string, string> = {};
  for (const [tag, counts] of byTagCounts) byTag[tag] = mostFrequent(counts)[0];
  const byWord: Record<string, string> = {};
  for (const [key, counts] of byWordCounts) {
    const feats = mostFrequent(counts)[0];
    if (feats !== byTag[key.slice(key.indexOf('\t') + 1)]) byWord[key] = feats;
  }
  return { byTag, byWord };
}
