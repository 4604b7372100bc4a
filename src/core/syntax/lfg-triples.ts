import { DependencySentence, DependencyWord } from './conllu';
import { ParsedLine, baseRelation, includedWords } from './tree-source';

/**
 * Dependency triples in the style of Owczarzak, van Genabith & Way (2007): an LFG f-structure flattened into
 * `relation(head, dependent)` triples between lemmas, plus atomic-feature triples (`num(john, sg)`,
 * `tense(resign, past)`). Their triples came from the DCU LFG annotation of Charniak parses (Cahill et al. 2004);
 * here they come from Universal Dependencies trees, with UD relations and FEATS mapped to the LFG labels by the tables
 * below (the README has the same tables). The structure stays UD's (content words head their function words), so a
 * preposition is a `pcase` feature of its noun rather than a predicate with an `obj`; only the labels are LFG's.
 * The seed's example holds: "John resigned yesterday" and "Yesterday, John resigned" both give
 * `subj(resign, john) adj(resign, yesterday) tense(resign, past) num(john, sg) pers(john, 3) num(yesterday, sg)
 * pers(yesterday, 3)`.
 */
export interface DependencyTriple {
  readonly relation: string;
  /** Lower-cased lemma of the head word. */
  readonly head: string;
  /** Lower-cased lemma of the dependent word, or the feature's value (`sg`, `past`, `3`, `+`, `that`). */
  readonly dependent: string;
  /** A grammatical relation between two predicates (the 17 "predicate-only" types) rather than an atomic feature. */
  readonly predicate: boolean;
  /** Index of the sentence in the line's parse. */
  readonly sentence: number;
  /** Word ids (1-based) in that sentence; `dependentWord` is 0 for an atomic feature's value. */
  readonly headWord: number;
  readonly dependentWord: number;
  /** Universal POS of the head and dependent words ('' for a feature value), for synonym lookup. */
  readonly headPos: string;
  readonly dependentPos: string;
}

/** What a UD relation becomes: an LFG grammatical relation, an atomic feature (value = the dependent's lemma), or nothing. */
type RelationRule =
  | { readonly kind: 'relation'; readonly label: string }
  | { readonly kind: 'feature'; readonly label: string }
  | { readonly kind: 'none'; readonly why: string };

const relation = (label: string): RelationRule => ({ kind: 'relation', label });
const feature = (label: string): RelationRule => ({ kind: 'feature', label });
const none = (why: string): RelationRule => ({ kind: 'none', why });

/**
 * UD relation (with subtype first, then the universal part) → LFG label (Cahill et al. 2004's names, the seed's short
 * forms subj/adj). Relations UD has and LFG lacks are mapped to the nearest LFG function.
 */
export const UD_TO_LFG: Readonly<Record<string, RelationRule>> = {
  nsubj: relation('subj'),
  csubj: relation('subj'),
  'nsubj:pass': relation('subj'), // + passive(head, +)
  'csubj:pass': relation('subj'),
  obj: relation('obj'),
  iobj: relation('obj2'),
  'obl:agent': relation('obl_ag'),
  'obl:arg': relation('obl'),
  obl: relation('adj'), // UD does not tell oblique arguments from adjuncts; adjunct is the common case
  advmod: relation('adj'),
  amod: relation('adj'),
  nmod: relation('adj'),
  advcl: relation('adj'),
  acl: relation('adj'),
  compound: relation('adj'),
  flat: relation('adj'),
  fixed: relation('adj'),
  parataxis: relation('adj'),
  list: relation('adj'),
  discourse: relation('adj'),
  vocative: relation('adj'),
  dep: relation('adj'),
  'acl:relcl': relation('relmod'),
  'advcl:relcl': relation('relmod'),
  appos: relation('app'),
  ccomp: relation('comp'),
  xcomp: relation('xcomp'),
  conj: relation('coord'),
  det: relation('det'), // quantifying determiners become quant, possessive ones poss (see ruleFor)
  'det:poss': relation('poss'),
  'nmod:poss': relation('poss'),
  'det:predet': relation('quant'),
  nummod: relation('quant'),
  dislocated: relation('topic'),
  case: feature('pcase'), // the DCU annotation's PCASE attribute (not among the seed's 32 types)
  mark: feature('comp_form'), // that / if / whether; `to` becomes inf(head, +)
  cc: feature('coord_form'), // on the first conjunct
  'cc:preconj': feature('coord_form'),
  'compound:prt': feature('part'),
  expl: feature('pron_form'), // an expletive subject is LFG's PRON_FORM it / there
  aux: none('a modal becomes modal(head, lemma); be/have/do give their tense to the head'),
  'aux:pass': none('passive(head, +); its tense goes to the head'),
  cop: none('its tense goes to the head'),
  punct: none('f-structures have no punctuation'),
  root: none('the top predicate has no relation'),
  reparandum: none('a disfluency'),
  goeswith: none('a piece of a split word'),
  orphan: none('ellipsis'),
};

/** Lemmas of English modal auxiliaries (LFG's MODAL feature). */
const MODALS = new Set(['can', 'could', 'may', 'might', 'must', 'shall', 'should', 'will', 'would', 'ought', 'need', 'dare']);

/** The 17 predicate-only labels (Owczarzak et al.: "predicate-only dependencies"), as produced here. */
export const PREDICATE_LABELS: ReadonlySet<string> = new Set([
  'subj', 'adj', 'app', 'comp', 'xcomp', 'coord', 'det', 'obj', 'obj2', 'obl', 'obl2', 'obl_ag', 'poss', 'quant', 'relmod', 'topic', 'topicrel',
]);

function ruleFor(word: DependencyWord): RelationRule {
  const full = word.deprel;
  let rule = UD_TO_LFG[full] ?? UD_TO_LFG[baseRelation(word)] ?? relation('adj');
  if (full === 'det') {
    if (word.feats.Poss === 'Yes') rule = relation('poss');
    else if (['Tot', 'Ind', 'Neg'].includes(word.feats.PronType ?? '')) rule = relation('quant');
  }
  if (rule.kind === 'feature' && rule.label === 'comp_form' && lemmaOf(word) === 'to') rule = feature('inf');
  // The possessive clitic ('s) is UD `case` too; the possession itself is the poss triple.
  if (rule.kind === 'feature' && rule.label === 'pcase' && word.upos === 'PART') rule = none('the possessive clitic');
  return rule;
}

/** Lower-cased lemma; the lower-cased form when the parse has no lemmas (`_`). */
export function lemmaOf(word: DependencyWord): string {
  const lemma = word.lemma === '_' || word.lemma === '' ? word.form : word.lemma;
  return lemma.toLowerCase();
}

const NOMINAL = new Set(['NOUN', 'PROPN', 'PRON']);
const TENSE: Readonly<Record<string, string>> = { Past: 'past', Pres: 'pres', Fut: 'fut' };
const NUMBER: Readonly<Record<string, string>> = { Sing: 'sg', Plur: 'pl' };
const DEGREE: Readonly<Record<string, string>> = { Pos: 'positive', Cmp: 'comparative', Sup: 'superlative' };

/**
 * The triples of one sentence. Words attached by `punct` (and anything below them) are left out. Atomic features
 * (FEATS → LFG):
 * - `num(w, sg|pl)` for nouns, proper nouns and pronouns with Number; `pers(w, 1|2|3)` from Person, 3 for nouns and
 *   proper nouns (LFG gives every noun third person; UD marks person on pronouns only);
 * - `tense(w, past|pres)` on a clause's head from its finite auxiliary or copula, else from the head itself if finite
 *   (a modal gives `modal(w, will)` and no tense, as EWT marks no tense on modals);
 * - `participle(w, past|pres)` for VerbForm=Part; `passive(w, +)` for Voice=Pass or a passive auxiliary or subject;
 * - `degree(w, positive|comparative|superlative)` for adjectives and adverbs with Degree;
 * - from function words: `pcase(noun, of)`, `comp_form(verb, that)`, `inf(verb, +)` (infinitival `to`),
 *   `coord_form(first conjunct, and)`, `part(verb, up)`, `pron_form(verb, there)` (expletives);
 * - `topicrel(relative clause head, which)` for a relative pronoun, besides its own relation.
 */
export function sentenceTriples(sentence: DependencySentence, sentenceIndex = 0): DependencyTriple[] {
  const words = sentence.words;
  const out: DependencyTriple[] = [];
  // Punctuation and whatever hangs below it (rare) stay out.
  const included = includedWords(sentence);
  const children: DependencyWord[][] = words.map(() => []);
  for (const w of words) if (w.head > 0 && included[w.id - 1]) children[w.head - 1].push(w);
  const lemmas = words.map(lemmaOf);
  const add = (label: string, predicate: boolean, head: DependencyWord, dependent: DependencyWord | string): void => {
    const isWord = typeof dependent !== 'string';
    out.push({
      relation: label,
      head: lemmas[head.id - 1],
      dependent: isWord ? lemmas[dependent.id - 1] : dependent,
      predicate,
      sentence: sentenceIndex,
      headWord: head.id,
      dependentWord: isWord ? dependent.id : 0,
      headPos: head.upos,
      dependentPos: isWord ? dependent.upos : '',
    });
  };

  for (const w of words) {
    if (!included[w.id - 1]) continue;
    // Relations to the head.
    if (w.head > 0) {
      const head = words[w.head - 1];
      const rule = ruleFor(w);
      if (rule.kind === 'relation') add(rule.label, true, head, w);
      else if (rule.kind === 'feature') {
        if (rule.label === 'inf') add('inf', false, head, '+');
        else if (rule.label === 'coord_form') add('coord_form', false, firstConjunct(words, head), lemmas[w.id - 1]);
        else add(rule.label, false, head, lemmas[w.id - 1]);
      } else if (baseRelation(w) === 'aux' && MODALS.has(lemmas[w.id - 1])) add('modal', false, head, lemmas[w.id - 1]);
      if (w.feats.PronType === 'Rel') {
        const clause = relativeClauseHead(words, w);
        if (clause) add('topicrel', true, clause, w);
      }
    }
    // The word's own features (an auxiliary's or copula's go to the head it serves: see clauseTense).
    const base = baseRelation(w);
    if (base === 'aux' || base === 'cop') continue;
    if (NOMINAL.has(w.upos)) {
      const number = NUMBER[w.feats.Number ?? ''];
      if (number) add('num', false, w, number);
      const person = w.upos === 'PRON' ? w.feats.Person : '3';
      if (person) add('pers', false, w, person);
    }
    const dependents = children[w.id - 1];
    const tense = clauseTense(w, dependents);
    if (tense) add('tense', false, w, tense);
    if (w.feats.VerbForm === 'Part') {
      const t = TENSE[w.feats.Tense ?? ''];
      if (t) add('participle', false, w, t);
    }
    if (w.feats.Voice === 'Pass' || dependents.some((c) => c.deprel === 'aux:pass' || c.deprel === 'nsubj:pass' || c.deprel === 'csubj:pass')) add('passive', false, w, '+');
    if (w.upos === 'ADJ' || w.upos === 'ADV') {
      const degree = DEGREE[w.feats.Degree ?? ''];
      if (degree) add('degree', false, w, degree);
    }
  }
  return out;
}

/** Tense of the clause `w` heads: from its first finite auxiliary or copula, else its own if it is finite. */
function clauseTense(w: DependencyWord, children: readonly DependencyWord[]): string | undefined {
  const auxiliaries = children.filter((c) => c.deprel === 'cop' || baseRelation(c) === 'aux');
  const finite = auxiliaries.find((c) => c.feats.VerbForm === 'Fin');
  if (finite) return MODALS.has(lemmaOf(finite)) ? undefined : TENSE[finite.feats.Tense ?? ''];
  if (auxiliaries.length > 0) return undefined;
  return w.feats.VerbForm === 'Fin' ? TENSE[w.feats.Tense ?? ''] : undefined;
}

/** The first conjunct of a coordination that `word` belongs to (UD attaches later conjuncts to the first). */
function firstConjunct(words: readonly DependencyWord[], word: DependencyWord): DependencyWord {
  let w = word;
  for (let guard = 0; w.deprel === 'conj' && w.head > 0 && guard < words.length; guard++) w = words[w.head - 1];
  return w;
}

/** The head of the relative clause a relative pronoun belongs to (the nearest ancestor attached as acl:relcl). */
function relativeClauseHead(words: readonly DependencyWord[], pronoun: DependencyWord): DependencyWord | undefined {
  let w: DependencyWord | undefined = pronoun.head > 0 ? words[pronoun.head - 1] : undefined;
  for (let guard = 0; w && guard < words.length; guard++) {
    if (w.deprel === 'acl:relcl' || w.deprel === 'advcl:relcl') return w;
    w = w.head > 0 ? words[w.head - 1] : undefined;
  }
  return undefined;
}

/** The triples of every sentence of a parsed line. */
export function lineTriples(parsed: ParsedLine): DependencyTriple[] {
  return parsed.sentences.flatMap((sentence, index) => sentenceTriples(sentence, index));
}

/** `subj(resign, john)` — the paper's notation. */
export function formatTriple(t: { relation: string; head: string; dependent: string }): string {
  return `${t.relation}(${t.head}, ${t.dependent})`;
}
