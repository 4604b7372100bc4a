import { SynonymPos, SynonymSource } from '../syntax/synonym-source';
import { WordNet, WordNetQueryPos } from './wordnet';

const QUERY_POS: Readonly<Record<SynonymPos, WordNetQueryPos>> = { noun: 'n', verb: 'v', adjective: 'a', adverb: 'r' };

/**
 * WordNet as the dependency metrics' synonym source (the `wn` switch of dep-f and DEPEVAL(summ)): a lemma's senses
 * are its synsets in the word's class (adjective satellites count as adjectives). A lemma WordNet lacks under its own
 * spelling is looked up under its base forms (WordNet's morphy), as lemmatizers and WordNet disagree on a few forms.
 */
export class WordNetSynonymSource implements SynonymSource {
  readonly name: string;

  constructor(private readonly wordnet: WordNet) {
    this.name = `wn${wordnet.version}`;
  }

  senses(lemma: string, pos: SynonymPos | undefined): readonly string[] {
    const query = pos === undefined ? undefined : QUERY_POS[pos];
    const word = lemma.toLowerCase().replace(/ /g, '_');
    let synsets = this.wordnet.synsets(word, query);
    if (synsets.length === 0) synsets = this.wordnet.baseForms(word, query).flatMap((base) => this.wordnet.synsets(base, query));
    // Satellites share their head adjective's numbering space: name both 'a' so that they compare as adjectives.
    return synsets.map((s) => `${s.pos === 's' ? 'a' : s.pos}:${s.offset}`);
  }
}
