import { Span } from '../text/token';

/**
 * Penn Treebank bracketed trees, as constituency parsers (Stanford, Berkeley, Charniak–Johnson, benepar) and the
 * treebank's .mrg files write them: `(S (NP (DT The) (NN cat)) (VP (VBD sat)) (. .))`, one or more trees per file,
 * one per line or pretty-printed over several lines, possibly wrapped in an unlabelled outer bracket `( (S ...) )`
 * or labelled ROOT/TOP. The syntactic tree metrics (STM, Liu & Gildea 2005) read them.
 */
export interface PtbTree {
  /** Constituent or part-of-speech label as written (`NP-SBJ-1`, `NN`); '' for an unlabelled bracket. */
  readonly label: string;
  readonly children: readonly PtbTree[];
  /** The word, on a preterminal (a part-of-speech node over one word); undefined on phrases. */
  readonly word?: string;
}

/** A tree read from a file, with the 1-based line where it starts. */
export interface LocatedPtbTree {
  readonly tree: PtbTree;
  readonly line: number;
}

/** Bracketed text that is not a tree: where, and what is wrong. */
export class PtbError extends Error {
  constructor(
    readonly line: number,
    readonly column: number,
    message: string,
  ) {
    super(`Penn Treebank tree, line ${line} column ${column}: ${message}`);
    this.name = 'PtbError';
  }
}

/** PTB escapes of brackets in words (the treebank writes "(" as -LRB-), undone by `unescapePtbWord`. */
const ESCAPES: Readonly<Record<string, string>> = {
  '-LRB-': '(',
  '-RRB-': ')',
  '-LSB-': '[',
  '-RSB-': ']',
  '-LCB-': '{',
  '-RCB-': '}',
};

export function unescapePtbWord(word: string): string {
  return ESCAPES[word] ?? word;
}

/**
 * Every tree in `text`, in order. Throws `PtbError` naming the line and column for unbalanced brackets, a bracket
 * with nothing in it, or text outside any bracket.
 */
export function parsePtbTrees(text: string): LocatedPtbTree[] {
  const trees: LocatedPtbTree[] = [];
  let at = 0;
  let line = 1;
  let lineStart = 0;
  const column = (): number => at - lineStart + 1;
  const error = (message: string): PtbError => new PtbError(line, column(), message);

  const skipSpace = (): void => {
    while (at < text.length && /\s/.test(text[at])) {
      if (text[at] === '\n') {
        line++;
        lineStart = at + 1;
      }
      at++;
    }
  };
  const atom = (): string => {
    const start = at;
    while (at < text.length && !/[\s()]/.test(text[at])) at++;
    return text.slice(start, at);
  };
  const node = (): PtbTree => {
    // text[at] === '('
    at++;
    skipSpace();
    const label = text[at] === '(' ? '' : atom();
    skipSpace();
    if (at >= text.length) throw error(`the bracket labelled "${label}" is never closed`);
    if (text[at] === ')') {
      at++;
      if (label === '') throw error('an empty bracket "()"');
      // A bare word in brackets: treat as a preterminal without a tag.
      return { label: '', children: [], word: label };
    }
    if (text[at] !== '(') {
      const word = atom();
      skipSpace();
      if (text[at] !== ')') throw error(`a preterminal (${label} ${word} …) has more than one word; expected ")"`);
      at++;
      return { label, children: [], word };
    }
    const children: PtbTree[] = [];
    while (text[at] === '(') {
      children.push(node());
      skipSpace();
    }
    if (at >= text.length) throw error(`the bracket labelled "${label}" is never closed`);
    if (text[at] !== ')') throw error(`unexpected "${text.slice(at, at + 10)}" inside (${label} …): words belong in (TAG word) brackets`);
    at++;
    return { label, children };
  };

  skipSpace();
  while (at < text.length) {
    if (text[at] !== '(') {
      if (text[at] === ')') throw error('a ")" closes a bracket that was never opened');
      throw error(`text outside any tree: "${text.slice(at, at + 20)}"`);
    }
    const startLine = line;
    let tree = node();
    // `( (S ...) )`: the treebank's unlabelled outer bracket around one tree.
    if (tree.label === '' && tree.word === undefined && tree.children.length === 1) tree = tree.children[0];
    trees.push({ tree, line: startLine });
    skipSpace();
  }
  return trees;
}

/** The tree in PTB bracketed form on one line (what `parsePtbTrees` reads back). */
export function formatPtb(tree: PtbTree): string {
  if (tree.word !== undefined) return tree.label === '' ? `(${tree.word})` : `(${tree.label} ${tree.word})`;
  return `(${tree.label}${tree.label === '' ? '' : ' '}${tree.children.map(formatPtb).join(' ')})`;
}

/** Preterminals (part-of-speech node with its word) left to right. */
export function ptbPreterminals(tree: PtbTree): PtbTree[] {
  if (tree.word !== undefined) return [tree];
  return tree.children.flatMap(ptbPreterminals);
}

/** The words left to right, unescaped (-LRB- → "("). Empty elements (-NONE-) are not words. */
export function ptbWords(tree: PtbTree): string[] {
  return ptbPreterminals(tree)
    .filter((leaf) => leaf.label !== '-NONE-')
    .map((leaf) => unescapePtbWord(leaf.word as string));
}

/** The category without function tags and indexes: NP-SBJ-1 → NP, PRP$ stays, -NONE- and -LRB- stay. */
export function ptbCategory(label: string): string {
  if (label.startsWith('-')) return label;
  const cut = label.search(/[-=]/);
  return cut > 0 ? label.slice(0, cut) : label;
}

/**
 * The tree without empty elements (-NONE- traces) and the phrases left empty by removing them, and with labels cut
 * to their categories (NP-SBJ-1 → NP): the form tree metrics compare. Undefined when nothing is left.
 */
export function simplifyPtbTree(tree: PtbTree): PtbTree | undefined {
  if (tree.word !== undefined) return tree.label === '-NONE-' ? undefined : { label: ptbCategory(tree.label), children: [], word: tree.word };
  const children = tree.children.map(simplifyPtbTree).filter((c): c is PtbTree => c !== undefined);
  return children.length === 0 ? undefined : { label: ptbCategory(tree.label), children };
}

/**
 * Character spans of the tree's words in `line`, the text it was parsed from: words are found in order (escaped
 * brackets and PTB quotes `` '' matched to the characters they stand for); undefined when a word cannot be found.
 */
export function ptbWordSpans(tree: PtbTree, line: string): Span[] | undefined {
  const spans: Span[] = [];
  let at = 0;
  for (const word of ptbWords(tree)) {
    const candidates = word === '``' || word === "''" ? [word, '"', '“', '”'] : [word];
    let best: Span | undefined;
    for (const candidate of candidates) {
      const start = line.indexOf(candidate, at);
      if (start >= 0 && (best === undefined || start < best.start)) best = { start, end: start + candidate.length };
    }
    if (!best) return undefined;
    spans.push(best);
    at = best.end;
  }
  return spans;
}
