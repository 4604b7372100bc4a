import { DependencySentence, DependencyWord } from './conllu';
import { ParsedLine, baseRelation } from './tree-source';

/**
 * Basic Elements (Hovy, Lin & Zhou 2005) from Universal Dependencies trees: "the heads of major syntactic constituents
 * (noun, verb, adjective, etc.) and their modifiers in a dependency relation, expressed as a triple (head, modifier,
 * relation type)". The ISI BE breakers read Minipar or Charniak parses; this reads UD trees with the same intent:
 * - every content word with its head gives one BE `head|modifier|relation`, in the word forms of the text (ROUGE-1.5.5
 *   lower-cases and, for BE-HM, stems them when it scores);
 * - function words are not elements: punctuation, determiners that are articles, auxiliaries, copulas, adpositions,
 *   subordinators, coordinators, expletives, fixed expressions (`case mark cc aux cop det(art) expl fixed punct` and
 *   `reparandum goeswith`);
 * - a name made of several words (UD `flat`, e.g. "Dominican Republic") is one element, its words joined by a space,
 *   as the ISI breakers join named entities;
 * - the relation is the adposition or subordinator when the modifier has one (`swept|Dominican Republic|toward`,
 *   `left|came|because`, several joined by a space), else the UD relation without its subtype (`nsubj`, `obj`, `amod`,
 *   `compound`, `conj`, …).
 * Users' own BE files (the ISI `head|modifier|relation` lines that ROUGE-1.5.5's `-3` reads) can be scored as they are.
 */
export interface BasicElement {
  readonly head: string;
  readonly modifier: string;
  readonly relation: string;
  /** Where the words are: sentence index, and the word ids of the head and of the modifier (all words of a name). */
  readonly sentence: number;
  readonly headWords: readonly number[];
  readonly modifierWords: readonly number[];
}

/** UD relations whose dependents are function words, not elements. */
const FUNCTION_RELATIONS = new Set(['punct', 'case', 'mark', 'cc', 'aux', 'cop', 'expl', 'fixed', 'reparandum', 'goeswith', 'flat', 'root']);

function isElement(word: DependencyWord): boolean {
  const base = baseRelation(word);
  if (FUNCTION_RELATIONS.has(base)) return false;
  if (base === 'det' && word.feats.PronType === 'Art') return false;
  return true;
}

/** The BEs of one sentence. */
export function sentenceBasicElements(sentence: DependencySentence, sentenceIndex = 0): BasicElement[] {
  const words = sentence.words;
  const children: DependencyWord[][] = words.map(() => []);
  for (const w of words) if (w.head > 0) children[w.head - 1].push(w);
  // A name: the head word and its `flat` dependents, in word order (worked out once per word).
  const names: (readonly number[] | undefined)[] = new Array(words.length);
  const texts: (string | undefined)[] = new Array(words.length);
  const nameWords = (w: DependencyWord): readonly number[] => {
    let ids = names[w.id - 1];
    if (!ids) {
      const found = [w.id];
      const stack = children[w.id - 1].filter((c) => baseRelation(c) === 'flat');
      while (stack.length > 0) {
        const c = stack.pop() as DependencyWord;
        found.push(c.id);
        for (const g of children[c.id - 1]) if (baseRelation(g) === 'flat') stack.push(g);
      }
      ids = names[w.id - 1] = found.length === 1 ? found : found.sort((a, b) => a - b);
    }
    return ids;
  };
  const text = (w: DependencyWord): string => {
    let t = texts[w.id - 1];
    if (t === undefined) t = texts[w.id - 1] = nameWords(w).map((id) => words[id - 1].form).join(' ');
    return t;
  };
  const out: BasicElement[] = [];
  for (const w of words) {
    if (w.head <= 0 || !isElement(w)) continue;
    const head = words[w.head - 1];
    if (!isElementHead(head)) continue;
    const markers = children[w.id - 1]
      .filter((c) => baseRelation(c) === 'case' || baseRelation(c) === 'mark')
      .sort((a, b) => a.id - b.id);
    // `to` of an infinitive is a marker but not a relation word.
    // Infinitival `to` and the possessive clitic 's are markers but not relation words.
    const relationWords = markers.filter((m) => m.upos !== 'PART');
    const relation = relationWords.length > 0
      ? relationWords.map((m) => [m, ...children[m.id - 1].filter((f) => baseRelation(f) === 'fixed')].sort((a, b) => a.id - b.id).map((x) => x.form).join(' ')).join(' ')
      : baseRelation(w);
    out.push({ head: text(head), modifier: text(w), relation, sentence: sentenceIndex, headWords: nameWords(head), modifierWords: nameWords(w) });
  }
  return out;
}

/** A word that can head an element: the root or an element itself (a function word's dependents are not elements). */
function isElementHead(word: DependencyWord): boolean {
  return baseRelation(word) === 'root' || isElement(word);
}

/** The BEs of every sentence of a parsed line. */
export function lineBasicElements(parsed: ParsedLine): BasicElement[] {
  return parsed.sentences.flatMap((sentence, index) => sentenceBasicElements(sentence, index));
}

/** The ISI SIMPLE format ROUGE-1.5.5 reads: `head|modifier|relation`. */
export function formatBasicElement(be: Pick<BasicElement, 'head' | 'modifier' | 'relation'>): string {
  return `${be.head}|${be.modifier}|${be.relation}`;
}
