import { UnderstudyError } from '../errors';
import { Span } from '../text/token';
import { OrderedNode } from './subtrees';

/**
 * Constituency trees for STM, in the minimal shape the metric needs, and a small reader of Penn Treebank bracketed
 * text. INTERIM: the built-in parser's branch brings the project's PTB reader (src/core/syntax/ptb.ts); when it is
 * merged, `readBracketedTrees` and `ConstituencyTree` should give way to it (STM needs only labels, children and
 * leaves in order).
 */
export interface ConstituencyTree {
  readonly label: string;
  /** Empty for a preterminal, whose `word` is the leaf. */
  readonly children: readonly ConstituencyTree[];
  readonly word?: string;
}

/**
 * The trees of bracketed text, one after another: `(S (NP (PRP I)) (VP (VBP have) (NP (DT a) (NN pen))))`, also with
 * the Treebank's unlabelled outer brackets `( (S …) )` (unwrapped) or a `ROOT`/`TOP` node (kept). Throws an
 * UnderstudyError naming the offset of the first unbalanced bracket.
 */
export function readBracketedTrees(text: string): ConstituencyTree[] {
  const fail = (what: string, at: number): never => {
    throw new UnderstudyError('bad-parse', `Bracketed tree: ${what} at character ${at + 1}.`, { offset: at });
  };
  interface Open {
    readonly at: number;
    label: string | undefined;
    readonly children: ConstituencyTree[];
    word: string | undefined;
  }
  const trees: ConstituencyTree[] = [];
  const open: Open[] = [];
  const pattern = /\(|\)|[^\s()]+/g;
  // An explicit stack rather than recursion, so that a deeply nested tree cannot overflow the call stack.
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    const token = m[0];
    const top = open[open.length - 1];
    if (token === '(') {
      if (top && top.label === undefined) top.label = '';
      if (top?.word !== undefined) fail(`(${top.label} has both a word and children`, top.at);
      open.push({ at: m.index, label: undefined, children: [], word: undefined });
    } else if (token === ')') {
      if (!top) fail('a ")" without its "("', m.index);
      open.pop();
      const label = top.label ?? '';
      let tree: ConstituencyTree;
      if (top.word !== undefined) tree = { label, children: [], word: top.word };
      else if (label === '' && top.children.length === 1) tree = top.children[0];
      else tree = { label, children: top.children };
      (open.length > 0 ? open[open.length - 1].children : trees).push(tree);
    } else if (!top) {
      fail(`"${token}" outside any tree`, m.index);
    } else if (top.label === undefined) {
      top.label = token;
    } else {
      if (top.word !== undefined || top.children.length > 0) fail(`a second leaf "${token}" under (${top.label}`, m.index);
      top.word = token;
    }
  }
  if (open.length > 0) fail(`"(${open[open.length - 1].label ?? ''}" is never closed`, open[open.length - 1].at);
  return trees;
}

/** The leaves of a tree, in order. */
export function treeLeaves(tree: ConstituencyTree): string[] {
  const leaves: string[] = [];
  const stack: ConstituencyTree[] = [tree];
  while (stack.length > 0) {
    const node = stack.pop() as ConstituencyTree;
    if (node.word !== undefined) leaves.push(node.word);
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]);
  }
  return leaves;
}

/** The Treebank's escapes and the characters they stand for in running text. */
const PTB_ESCAPES: Readonly<Record<string, readonly string[]>> = {
  '-LRB-': ['('], '-RRB-': [')'], '-LSB-': ['['], '-RSB-': [']'], '-LCB-': ['{'], '-RCB-': ['}'],
  '``': ['"', '“', '``'], "''": ['"', '”', "''"], '`': ["'", '‘', '`'], "'": ["'", '’'],
};

/**
 * Where each leaf of the trees is in `line` (in order, skipping anything between; escapes such as -LRB- and `` are
 * looked for as the characters they stand for). A leaf that cannot be found has no span (undefined): the tree is
 * still scored, it is only not drawn.
 */
export function leafSpans(trees: readonly ConstituencyTree[], line: string): (Span | undefined)[] {
  const spans: (Span | undefined)[] = [];
  let at = 0;
  for (const leaf of trees.flatMap(treeLeaves)) {
    const candidates = [leaf.replace(/\\([/*])/g, '$1'), ...(PTB_ESCAPES[leaf] ?? [])];
    let found: Span | undefined;
    for (const c of candidates) {
      const start = line.indexOf(c, at);
      if (start >= 0 && (!found || start < found.start)) found = { start, end: start + c.length };
    }
    spans.push(found);
    if (found) at = found.end;
  }
  return spans;
}

/**
 * Trees as ordered nodes for the subtree metric: labels only (words are left out, as in Liu & Gildea's example), each
 * node's yield being the 1-based positions of its leaves (preterminals own their leaf).
 */
export function constituencyNodes(trees: readonly ConstituencyTree[]): OrderedNode[] {
  let position = 0;
  // Post-order without recursion: a node is built once its children are.
  const built = new Map<ConstituencyTree, OrderedNode>();
  const stack: { tree: ConstituencyTree; expanded: boolean }[] = [...trees].reverse().map((tree) => ({ tree, expanded: false }));
  while (stack.length > 0) {
    const entry = stack.pop() as { tree: ConstituencyTree; expanded: boolean };
    const tree = entry.tree;
    if (tree.word !== undefined) {
      position++;
      built.set(tree, { label: tree.label, children: [], ownWords: [position], yieldWords: [position], sentence: 0, headPosition: -1 });
    } else if (!entry.expanded) {
      stack.push({ tree, expanded: true });
      for (let i = tree.children.length - 1; i >= 0; i--) stack.push({ tree: tree.children[i], expanded: false });
    } else {
      const children = tree.children.map((c) => built.get(c) as OrderedNode);
      built.set(tree, { label: tree.label, children, ownWords: [], yieldWords: children.flatMap((c) => c.yieldWords), sentence: 0, headPosition: -1 });
    }
  }
  return trees.map((t) => built.get(t) as OrderedNode);
}
