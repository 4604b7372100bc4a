import { DependencySentence, DependencyWord, parseConllu } from '../../src/core/syntax/conllu';
import { ParsedLineTable } from '../../src/core/syntax/tree-source';
import { BracketedTreeSource } from '../../src/core/syntax/constituency-tree-source';

/**
 * Hand-written parses for the syntactic metrics' tests: a compact CoNLL-U where each word is
 * `form lemma UPOS head deprel [Feats]` (space-separated), one word per line, sentences separated by blank lines.
 */
export function conllu(compact: string): string {
  const sentences = compact.trim().split(/\n\s*\n/);
  return sentences
    .map((sentence) =>
      sentence
        .trim()
        .split('\n')
        .map((line, i) => {
          const [form, lemma, upos, head, deprel, feats] = line.trim().split(/\s+/);
          return [String(i + 1), form, lemma, upos, '_', feats ?? '_', head, deprel, '_', '_'].join('\t');
        })
        .join('\n'),
    )
    .join('\n\n') + '\n';
}

/** A tree source knowing exactly these lines (line → its compact CoNLL-U). */
export function treesFor(parses: Record<string, string>): ParsedLineTable {
  return new ParsedLineTable('test', Object.entries(parses).map(([line, compact]) => [line, parseConllu(conllu(compact))] as const));
}

/** "John resigned yesterday" and "Yesterday, John resigned" (UD English EWT conventions), the seed's example. */
export const JOHN_RESIGNED_YESTERDAY = `
John John PROPN 2 nsubj Number=Sing
resigned resign VERB 0 root Mood=Ind|Number=Sing|Person=3|Tense=Past|VerbForm=Fin
yesterday yesterday NOUN 2 obl:unmarked Number=Sing`;

export const YESTERDAY_JOHN_RESIGNED = `
Yesterday yesterday NOUN 4 obl:unmarked Number=Sing
, , PUNCT 4 punct
John John PROPN 4 nsubj Number=Sing
resigned resign VERB 0 root Mood=Ind|Number=Sing|Person=3|Tense=Past|VerbForm=Fin`;

export const MARY_RESIGNED_YESTERDAY = JOHN_RESIGNED_YESTERDAY.replace('John John', 'Mary Mary');

/** "I have a red pen" (Liu & Gildea's HWCM example): have → I, pen; pen → a, red. */
export const I_HAVE_A_RED_PEN = `
I I PRON 2 nsubj Case=Nom|Number=Sing|Person=1|PronType=Prs
have have VERB 0 root Mood=Ind|Number=Sing|Person=1|Tense=Pres|VerbForm=Fin
a a DET 5 det Definite=Ind|PronType=Art
red red ADJ 5 amod Degree=Pos
pen pen NOUN 2 obj Number=Sing`;

/**
 * Parses of long machine-made lines for stress tests: one sentence per line, its words in chunks of 20 whose heads
 * form a shallow binary tree, each chunk's head attached to the first word under a rotating relation; and a bracketed
 * constituency tree with the same chunks.
 */
export function stressParses(lines: readonly string[]): { trees: ParsedLineTable; constituencyTrees: BracketedTreeSource } {
  const relations = ['nsubj', 'obj', 'obl', 'conj', 'advmod', 'amod', 'nmod'];
  const parses = lines.map((line) => {
    const forms = line.split(' ');
    const words: DependencyWord[] = forms.map((form, i) => {
      const chunk = i - (i % 20);
      const offset = i % 20;
      const head = i === 0 ? 0 : offset === 0 ? 1 : chunk + Math.floor((offset - 1) / 2) + 1;
      const deprel = i === 0 ? 'root' : offset === 0 ? relations[(chunk / 20) % relations.length] : relations[offset % relations.length];
      return { id: i + 1, form, lemma: form, upos: 'NOUN', xpos: '_', feats: { Number: 'Sing' }, head, deprel, deps: '_', misc: {} };
    });
    const sentence: DependencySentence = { comments: [], words, multiwordTokens: [], emptyNodes: [] };
    return [line, [sentence]] as const;
  });
  const bracketed = (line: string): string => {
    const forms = line.split(' ');
    const chunks: string[] = [];
    for (let i = 0; i < forms.length; i += 20) chunks.push(`(NP ${forms.slice(i, i + 20).map((f) => `(NN ${f})`).join(' ')})`);
    return `(S ${chunks.join(' ')})`;
  };
  const files = lines.map((line, k) => ({ textFile: `line${k}`, treeFile: `line${k}.ptb`, lines: [line], bracketed: bracketed(line) }));
  return { trees: new ParsedLineTable('stress', parses), constituencyTrees: new BracketedTreeSource(files, files) };
}
