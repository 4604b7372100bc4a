/**
 * Universal Dependencies morphological features (FEATS) for the tagged and parsed words, learned from the
 * treebank: the features most often given to the tag pair (UPOS, XPOS), replaced by the word's own when it has
 * others (pronouns: Case, Person, PronType; "these": Number=Plur). English EWT marks finite verbs with their
 * subject's Number and Person ("forces killed" → killed Number=Plur|Person=3), which comes from the parse: the
 * subject of the verb, of the verb an auxiliary or copula belongs to, or of the first verb of a coordination.
 */
export interface MorphologyData {
  /** "UPOS XPOS" → features (`Number=Sing|Tense=Past`, or `_`). */
  readonly byTag: Readonly<Record<string, string>>;
  /** "lower-cased form\tUPOS XPOS" → features, where they differ from the tag's. */
  readonly byWord: Readonly<Record<string, string>>;
}

export function parseFeats(text: string): Record<string, string> {
  const feats: Record<string, string> = {};
  if (text === '_' || text === '') return feats;
  for (const item of text.split('|')) {
    const at = item.indexOf('=');
    if (at > 0) feats[item.slice(0, at)] = item.slice(at + 1);
  }
  return feats;
}

/** FEATS text in UD's order (features sorted by name, case-insensitively). */
export function formatFeats(feats: Readonly<Record<string, string>>): string {
  const keys = Object.keys(feats).sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
  return keys.length === 0 ? '_' : keys.map((k) => `${k}=${feats[k]}`).join('|');
}

/** What agreement needs of each word of a parsed sentence. */
export interface MorphologyWord {
  readonly form: string;
  readonly upos: string;
  readonly xpos: string;
  /** 1-based head, 0 root. */
  readonly head: number;
  readonly deprel: string;
}

const SUBJECT = /^(?:nsubj|csubj)/;
const FINITE_AGREEING = new Set(['VBD', 'VBP', 'VBZ']);

export class Morphology {
  constructor(readonly data: MorphologyData) {}

  /** The features of one word from its form and tags alone. */
  lexicalFeats(form: string, upos: string, xpos: string): Record<string, string> {
    const tag = `${upos} ${xpos}`;
    const own = this.data.byWord[`${form.toLowerCase()}\t${tag}`];
    return parseFeats(own ?? this.data.byTag[tag] ?? '_');
  }

  /** Features of every word of a parsed sentence, with finite verbs agreeing with their subjects. */
  sentenceFeats(words: readonly MorphologyWord[]): Record<string, string>[] {
    const feats = words.map((w) => this.lexicalFeats(w.form, w.upos, w.xpos));
    const subjectOf = (verb: number): number => {
      for (let i = 0; i < words.length; i++) if (words[i].head === verb && SUBJECT.test(words[i].deprel)) return i + 1;
      return 0;
    };
    words.forEach((word, i) => {
      if (!FINITE_AGREEING.has(word.xpos) || feats[i].VerbForm !== 'Fin') return;
      // The verb whose subject counts: this one, the one it is auxiliary or copula to, or the first conjunct.
      let verb = i + 1;
      let subject = subjectOf(verb);
      for (let hops = 0; subject === 0 && hops < 4; hops++) {
        const w = words[verb - 1];
        if (w.head === 0 || !/^(?:aux|cop|conj)/.test(w.deprel)) break;
        verb = w.head;
        subject = subjectOf(verb);
      }
      if (subject === 0) return;
      const s = words[subject - 1];
      const sFeats = feats[subject - 1];
      if (word.xpos === 'VBZ') return;
      const person = s.upos === 'PRON' && sFeats.Person ? sFeats.Person : '3';
      const number = /^csubj/.test(s.deprel) ? 'Sing' : sFeats.Number ?? 'Sing';
      feats[i] = { ...feats[i], Number: number, Person: person };
    });
    return feats;
  }
}
