import { DependencySentence } from '../conllu';
import { formatLemmaRule, Lemmatizer, LemmatizerData, lemmaRuleFor } from '../lemmatizer';

/** Most frequent key of a count map (ties: the first counted). */
export function mostFrequent(counts: ReadonlyMap<string, number>): [string, number] {
  let best: [string, number] = ['', -1];
  for (const entry of counts) if (entry[1] > best[1]) best = entry;
  return best;
}

function count(map: Map<string, Map<string, number>>, key: string, value: string, by = 1): void {
  let inner = map.get(key);
  if (!inner) map.set(key, (inner = new Map()));
  inner.set(value, (inner.get(value) ?? 0) + by);
}

/**
 * Learns the lemmatizer from a treebank: for each XPOS and word ending (0..maxSuffix characters) the most frequent
 * edit among the distinct (form, XPOS, lemma) triples, kept only where it differs from the edit of the shorter
 * ending and has `minSupport` triples behind it; then the training words the rules get wrong become exceptions.
 */
export function learnLemmatizer(sentences: readonly DependencySentence[], maxSuffix = 6, minSupport = 2): LemmatizerData {
  const lemmas = new Map<string, Map<string, number>>();
  const types = new Set<string>();
  const ruleCounts = new Map<string, Map<string, number>>();
  for (const sentence of sentences) {
    for (const word of sentence.words) {
      if (word.lemma === '_' && word.form !== '_') continue;
      count(lemmas, `${word.form.toLowerCase()}\t${word.xpos}`, `${word.form}\t${word.lemma}`);
      const type = `${word.form}\t${word.xpos}\t${word.lemma}`;
      if (types.has(type)) continue;
      types.add(type);
      const rule = formatLemmaRule(lemmaRuleFor(word.form, word.lemma));
      const lower = word.form.toLowerCase();
      for (let n = 0; n <= Math.min(maxSuffix, lower.length); n++) count(ruleCounts, `${word.xpos}\t${lower.slice(lower.length - n)}`, rule);
    }
  }
  const rules: Record<string, string> = {};
  const keys = [...ruleCounts.keys()].sort((a, b) => a.length - b.length);
  const chosen = new Map<string, string>();
  for (const key of keys) {
    const [xpos, ending] = key.split('\t');
    const [rule, support] = mostFrequent(ruleCounts.get(key) as Map<string, number>);
    if (ending.length > 0 && support < minSupport) continue;
    // The rule a lookup would find without this key: the nearest shorter ending kept.
    let inherited: string | undefined;
    for (let n = ending.length - 1; n >= 0 && inherited === undefined; n--) inherited = chosen.get(`${xpos}\t${ending.slice(ending.length - n)}`);
    chosen.set(key, rule);
    if (rule !== inherited) rules[key] = rule;
  }
  const withoutExceptions = new Lemmatizer({ maxSuffix, rules, exceptions: {} });
  const exceptions: Record<string, string> = {};
  for (const [key, counts] of lemmas) {
    const xpos = key.slice(key.indexOf('\t') + 1);
    // The word as most often written (exceptions are looked up by the lower-cased form, whatever the case).
    const [form, lemma] = mostFrequent(counts)[0].split('\t');
    if (withoutExceptions.lemmatize(form, xpos) !== lemma) exceptions[key] = lemma;
  }
  return { maxSuffix, rules, exceptions };
}
