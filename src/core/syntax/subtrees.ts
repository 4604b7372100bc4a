import { DependencySentence } from './conllu';
import { ChainItem } from './headword-chains';
import { ParsedLine, includedWords } from './tree-source';

/**
 * Depth-limited subtrees for Liu & Gildea's (2005) subtree metrics: STM on constituency trees, DSTM on dependency
 * trees. A subtree of depth n is a node with all its descendants down to n levels, written as a bracketed key; it is
 * counted only at nodes whose height is at least n (a node without children has height 1). In their worked example
 * (hypothesis `(S (NP PRON) (VP V (NP PRON)))`, words left out) the depth-1 subtrees are the 7 labels, the depth-2
 * ones `S(NP VP)`, `NP(PRON)`, `VP(V NP)`, `NP(PRON)`, the depth-3 ones `S(NP(PRON) VP(V NP))` and `VP(V NP(PRON))`.
 */
export interface OrderedNode {
  readonly label: string;
  readonly children: readonly OrderedNode[];
  /** The word ids (of sentence `sentence`) this node stands for itself: its word in a dependency tree; none in a constituency tree. */
  readonly ownWords: readonly number[];
  /** All word ids below and at the node (its yield); filled for constituency nodes only (STM shows whole constituents). */
  readonly yieldWords: readonly number[];
  readonly sentence: number;
  /** For a dependency node: where the head sits among its children (0 = before the first); −1 when not marked. */
  readonly headPosition: number;
}

export interface Subtree {
  readonly key: string;
  readonly depth: number;
  readonly root: OrderedNode;
  /** The words the subtree covers: the own words of its nodes (dependency), or its root's yield (constituency). */
  readonly words: readonly number[];
  readonly sentence: number;
}

/** The nodes below `roots` (roots included), every node after all of its descendants; no recursion (deep trees). */
function postOrder(roots: readonly OrderedNode[]): OrderedNode[] {
  const order: OrderedNode[] = [];
  const stack: OrderedNode[] = [...roots];
  while (stack.length > 0) {
    const node = stack.pop() as OrderedNode;
    order.push(node);
    for (const child of node.children) stack.push(child);
  }
  return order.reverse();
}

/** `subtrees[n - 1]`: the subtrees of depth n of every node, for n = 1..maxDepth. */
export function depthSubtrees(roots: readonly OrderedNode[], maxDepth: number, coverYield: boolean): Subtree[][] {
  const out: Subtree[][] = Array.from({ length: maxDepth }, () => []);
  // Per node: its height and, for n up to min(height, maxDepth), its depth-n key and covered words.
  const done = new Map<OrderedNode, { height: number; keys: string[]; words: number[][] }>();
  for (const node of postOrder(roots)) {
    const children = node.children.map((c) => done.get(c) as { height: number; keys: string[]; words: number[][] });
    const height = 1 + children.reduce((h, c) => Math.max(h, c.height), 0);
    const keys: string[] = [node.label];
    const words: number[][] = [node.ownWords.slice()];
    for (let n = 2; n <= Math.min(height, maxDepth); n++) {
      // A child shallower than n − 1 levels appears whole.
      const parts = children.map((c) => c.keys[Math.min(n - 1, c.keys.length) - 1]);
      if (node.headPosition >= 0) parts.splice(node.headPosition, 0, '*');
      keys.push(`${node.label}(${parts.join(' ')})`);
      const covered = node.ownWords.slice();
      for (const c of children) covered.push(...c.words[Math.min(n - 1, c.words.length) - 1]);
      words.push(covered.sort((a, b) => a - b));
    }
    for (let n = 1; n <= Math.min(height, maxDepth); n++) {
      out[n - 1].push({ key: keys[n - 1], depth: n, root: node, words: coverYield ? node.yieldWords : words[n - 1], sentence: node.sentence });
    }
    done.set(node, { height, keys, words });
    // Children's entries are not needed once their parent has them.
    for (const c of node.children) done.delete(c);
  }
  return out;
}

/**
 * A dependency tree as ordered nodes: each word is a node labelled with its item (the word form by default), its
 * dependents in sentence order, and the head's own place among them marked `*`, so `have(I * pen)` differs from
 * `have(* I pen)`. Punctuation is left out.
 */
export function dependencyNodes(parsed: ParsedLine, item: ChainItem): OrderedNode[] {
  const roots: OrderedNode[] = [];
  parsed.sentences.forEach((sentence: DependencySentence, s) => {
    const words = sentence.words;
    const included = includedWords(sentence);
    const children: number[][] = words.map(() => []);
    for (const w of words) if (w.head > 0 && included[w.id - 1]) children[w.head - 1].push(w.id);
    // Bottom-up without recursion: every word after its dependents (words in a head cycle are never reached).
    const order: number[] = [];
    const stack = words.filter((w) => w.head <= 0 && included[w.id - 1]).map((w) => w.id);
    const sentenceRoots = stack.slice();
    while (stack.length > 0) {
      const id = stack.pop() as number;
      order.push(id);
      stack.push(...children[id - 1]);
    }
    const nodes: (OrderedNode | undefined)[] = new Array(words.length);
    for (const id of order.reverse()) {
      const kids = children[id - 1].map((c) => nodes[c - 1] as OrderedNode);
      const headPosition = children[id - 1].filter((c) => c < id).length;
      nodes[id - 1] = { label: item(words[id - 1]), children: kids, ownWords: [id], yieldWords: [], sentence: s, headPosition };
    }
    for (const id of sentenceRoots) roots.push(nodes[id - 1] as OrderedNode);
  });
  return roots;
}
