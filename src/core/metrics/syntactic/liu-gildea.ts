import { PreparedMetric, ReferenceSet } from '../metric';
import { Span } from '../../text/token';
import { ParsedLine, TreeSource } from '../../syntax/tree-source';
import { ChainItem, headwordChains, wordItem } from '../../syntax/headword-chains';
import { Subtree, dependencyNodes, depthSubtrees } from '../../syntax/subtrees';
import { constituencyNodes } from '../../syntax/bracketed-trees';
import { ConstituencyTreeSource, ParsedConstituents } from '../../syntax/constituency-tree-source';
import { UNDERSTUDY_VERSION } from '../../version';
import { Levels, prepareDepthPrecision } from './depth-precision';
import { ReferenceCache, contentWords, hypothesisParse, spanOf } from './syntactic-common';

/**
 * Liu & Gildea (2005), "Syntactic features for evaluation of machine translation": HWCM (head-word chains up to
 * length D), DSTM (dependency subtrees up to depth D) and STM (constituency subtrees up to depth D), each the mean
 * clipped precision of depth-precision.ts. Words are the text's word forms, lower-cased with `lowercase`.
 */
export interface LiuGildeaOptions {
  readonly name: string;
  readonly maxDepth: number;
  readonly lowercase?: boolean;
}

/** HWCM's sentence-level ε for a zero precision (Liu & Gildea: "we replace it with an epsilon value of 10⁻³"). */
export const HWCM_EPSILON = 1e-3;

/** Head-word chains of 1..D words as units (key: the items; shown: the items with spaces). */
export function chainLevels(parsed: ParsedLine, maxDepth: number, item: ChainItem): Levels {
  return headwordChains(parsed, maxDepth, item).map((level) =>
    level.map((c) => ({ key: c.items.join('\u0001'), spans: c.words.map((w) => spanOf(parsed, c.sentence, w)), text: c.items.join(' ') })),
  );
}

function wordSpans(parsed: ParsedLine): Span[] {
  return contentWords(parsed).map(([s, w]) => spanOf(parsed, s, w));
}

function signatureOf(metric: string, options: LiuGildeaOptions, references: ReferenceSet, trees: string): string {
  return [metric, `D:${options.maxDepth}`, `case:${options.lowercase ? 'lc' : 'mixed'}`, `nrefs:${references.streams.length}`, `trees:${trees}`, `version:${UNDERSTUDY_VERSION}`].join('|');
}

/** HWCM or DSTM: units of the dependency trees, clipped against all references at once. */
function prepareDependencyDepthMetric(
  references: ReferenceSet, trees: TreeSource, options: LiuGildeaOptions,
  metric: 'hwcm' | 'dstm', levelsOf: (parsed: ParsedLine) => Levels, epsilon: number, unitKind: string,
): PreparedMetric {
  const cache = new ReferenceCache(references, trees, levelsOf);
  return prepareDepthPrecision(references, {
    name: options.name,
    maxDepth: options.maxDepth,
    epsilon,
    signature: signatureOf(metric, options, references, trees.name),
    unitKind,
    hypothesis(line, segment) {
      const parsed = hypothesisParse(trees, line, segment);
      return { levels: levelsOf(parsed), words: wordSpans(parsed) };
    },
    reference: (k, segment) => cache.get(k, segment).value,
  });
}

/** HWCM: head-word chains of 1..D words, clipped against all references at once. */
export function prepareHwcm(references: ReferenceSet, trees: TreeSource, options: LiuGildeaOptions): PreparedMetric {
  const item = wordItem(options.lowercase ?? false);
  return prepareDependencyDepthMetric(references, trees, options, 'hwcm', (parsed) => chainLevels(parsed, options.maxDepth, item), HWCM_EPSILON, 'chain');
}

function dependencySubtreeLevels(parsed: ParsedLine, maxDepth: number, item: ChainItem): Levels {
  return depthSubtrees(dependencyNodes(parsed, item), maxDepth, false).map((level) =>
    level.map((t: Subtree) => ({ key: t.key, spans: t.words.map((w) => spanOf(parsed, t.sentence, w)), text: t.key })),
  );
}

/** DSTM: subtrees of the dependency tree up to depth D (word labels, dependents in order, the head's place marked). */
export function prepareDstm(references: ReferenceSet, trees: TreeSource, options: LiuGildeaOptions): PreparedMetric {
  const item = wordItem(options.lowercase ?? false);
  return prepareDependencyDepthMetric(references, trees, options, 'dstm', (parsed) => dependencySubtreeLevels(parsed, options.maxDepth, item), 0, 'subtree');
}

function constituencyLevels(parsed: ParsedConstituents, maxDepth: number): Levels {
  return depthSubtrees(constituencyNodes(parsed.trees), maxDepth, true).map((level) =>
    level.map((t) => ({
      key: t.key,
      spans: t.words.map((w) => parsed.leafSpans[w - 1]).filter((s): s is Span => s !== undefined),
      text: t.key,
    })),
  );
}

/** STM: subtrees of the constituency (Penn Treebank) trees up to depth D, labels only. */
export function prepareStm(references: ReferenceSet, trees: ConstituencyTreeSource, options: LiuGildeaOptions): PreparedMetric {
  const levelsOf = (parsed: ParsedConstituents): Levels => constituencyLevels(parsed, options.maxDepth);
  const cache = new Map<string, Levels>();
  return prepareDepthPrecision(references, {
    name: options.name,
    maxDepth: options.maxDepth,
    epsilon: 0,
    signature: [...signatureOf('stm', options, references, trees.name).split('|').filter((p) => !p.startsWith('case:'))].join('|'),
    unitKind: 'subtree',
    hypothesis(line, segment) {
      const parsed = trees.trees(line, segment, 'hypothesis', 0);
      return { levels: levelsOf(parsed), words: parsed.leafSpans.filter((s): s is Span => s !== undefined) };
    },
    reference(k, segment) {
      const key = `${k}:${segment}`;
      let levels = cache.get(key);
      if (!levels) {
        levels = levelsOf(trees.trees(references.streams[k][segment], segment, 'reference', k));
        cache.set(key, levels);
      }
      return levels;
    },
  });
}
