import { UnderstudyError } from '../errors';
import { PreparedMetric, ReferenceSet } from '../metrics/metric';
import { TreeSource } from '../syntax/tree-source';
import { ParserTreeSource } from '../syntax/parser-tree-source';
import { defaultParseThreads, ParsePool } from '../syntax/parse-pool';
import { createParser } from '../io/parser-model-file';
import { Parser } from '../syntax/parser';
import { ConstituencyTreeSource, noConstituencyTreesError } from '../syntax/constituency-tree-source';
import { SynonymSource } from '../syntax/synonym-source';
import { loadWordNet } from '../io/wordnet-file';
import { WordNetSynonymSource } from '../lexicon/wordnet-synonym-source';
import { prepareDependencyF } from '../metrics/syntactic/dependency-f';
import { prepareDepeval } from '../metrics/syntactic/depeval';
import { prepareBasicElements } from '../metrics/syntactic/basic-elements-rouge';
import { prepareDstm, prepareHwcm, prepareStm } from '../metrics/syntactic/liu-gildea';
import { prepareDpHwc, prepareDpOverlap } from '../metrics/syntactic/asiya-dp';
import { TRIPLE_SWITCHES, TripleSwitch, TripleSwitches } from '../metrics/syntactic/triple-units';
import { withJackknife } from './jackknife';
import { MetricSettings } from './metric-settings';

/**
 * The syntactic metrics by command-line name, and what they need besides the settings: parses (dependency trees for
 * all but STM, constituency trees for STM) and, for the `wn` switch, synonyms. Dependency trees come from the user's
 * files (the CLI's --hyp-conllu/--ref-conllu) or, without them, from the built-in parser; constituency trees only from
 * the user's (--hyp-ptb/--ref-ptb), and STM asked for without them stops with a message saying what to give.
 *
 * | name | metric |
 * |---|---|
 * | `dep-f[-switches]` | Owczarzak et al. (2007) dependency-triple F (×100); switches `pm one wn norel pred` |
 * | `depeval[-switches]` | DEPEVAL(summ) recall over the pooled (jackknifed) models; all 32 switch combinations |
 * | `be-hm`, `be` | ROUGE-BE (ROUGE-1.5.5 `-3 HM` / `-3 HMR`) on Basic Elements from the trees |
 * | `hwcm`, `dstm`, `stm` | Liu & Gildea (2005): head-word chains, dependency subtrees, constituency subtrees |
 * | `dp-hwc`, `dp-or` | Giménez & Màrquez (Asiya): DP-HWC over words/categories/relations, DP-Or(⋆) overlap |
 */
export interface SyntaxResources {
  readonly trees?: TreeSource;
  readonly constituencyTrees?: ConstituencyTreeSource;
  readonly synonyms?: SynonymSource;
}

/** The base names (the switch suffixes of dep-f and depeval are documented beside them). */
export const SYNTACTIC_METRIC_NAMES: readonly string[] = ['dep-f', 'depeval', 'be-hm', 'be', 'hwcm', 'dstm', 'stm', 'dp-hwc', 'dp-or'];

type SyntacticFactory = (references: ReferenceSet, settings: MetricSettings, resources: SyntaxResources) => PreparedMetric;

/** `dep-f-pm-wn` → base `dep-f` with pm and wn on; undefined when the name is not a triple metric. */
export function parseTripleMetricName(name: string): { base: 'dep-f' | 'depeval'; switches: TripleSwitches } | undefined {
  const m = /^(dep-f|depeval)((?:-[a-z]+)*)$/.exec(name);
  if (!m) return undefined;
  const on = new Set<TripleSwitch>();
  for (const part of m[2].split('-').filter((p) => p.length > 0)) {
    if (!(TRIPLE_SWITCHES as readonly string[]).includes(part)) {
      throw new UnderstudyError('unknown-metric', `Unknown switch "${part}" in ${name}: ${m[1]} takes any of ${TRIPLE_SWITCHES.join(', ')}, e.g. ${m[1]}-pm-wn.`, { metric: name });
    }
    if (on.has(part as TripleSwitch)) throw new UnderstudyError('unknown-metric', `${name} names the switch "${part}" twice.`, { metric: name });
    on.add(part as TripleSwitch);
  }
  return { base: m[1] as 'dep-f' | 'depeval', switches: { pm: on.has('pm'), one: on.has('one'), wn: on.has('wn'), norel: on.has('norel'), pred: on.has('pred') } };
}

/** The WordNet shipped in resources/ (3.0), loaded on first use of a `wn` switch. */
function shippedWordNet(): SynonymSource {
  return new WordNetSynonymSource(loadWordNet());
}

let builtInParser: Parser | undefined;
let builtInTrees: ParserTreeSource | undefined;
let builtInPool: ParsePool | undefined;

/**
 * The user's parses when given, else the built-in parser (one per process: its model loads on the first parse and
 * its parses of shared reference lines are kept).
 */
function dependencyTrees(resources: SyntaxResources): TreeSource {
  if (resources.trees) return resources.trees;
  builtInParser ??= createParser();
  builtInTrees ??= new ParserTreeSource(builtInParser);
  return builtInTrees;
}

/**
 * Prepares a metric on the dependency trees `resources` give (the user's parses, else the built-in parser's). A metric
 * on the built-in parser's trees parses in bulk, on the parser's threads, what it is about to ask for: the
 * references before it is prepared (preparing reads their trees), then each batch of hypotheses announced to it.
 * Parses are the same as one at a time; only time differs. Other tree sources are read as they are.
 */
function onTrees(references: ReferenceSet, resources: SyntaxResources, prepare: (trees: TreeSource) => PreparedMetric): PreparedMetric {
  const trees = dependencyTrees(resources);
  if (trees !== builtInTrees) return prepare(trees);
  const source = builtInTrees;
  const parser = builtInParser;
  // The threads share this thread's model: its weights are not copied (nor loaded again).
  builtInPool ??= new ParsePool({ threads: defaultParseThreads(), model: parser && (() => parser.sharedModel()) });
  const pool = builtInPool.available ? builtInPool : undefined;
  if (!pool) return prepare(source);
  source.parseAhead(references.streams.flat(), pool);
  const metric = prepare(source);
  const anticipating = Object.create(metric) as PreparedMetric;
  Object.defineProperty(anticipating, 'anticipate', {
    value(hypotheses: readonly string[], isCancelled?: () => boolean): void {
      source.parseAhead(hypotheses, pool, isCancelled);
      metric.anticipate?.(hypotheses, isCancelled);
    },
  });
  return anticipating;
}

/** The factory of a syntactic metric name, or undefined when the name is not one. */
export function syntacticFactory(name: string): SyntacticFactory | undefined {
  const triple = parseTripleMetricName(name);
  if (triple) {
    return (references, s, resources) =>
      onTrees(references, resources, (trees) => {
        const options = { name, trees, switches: triple.switches, partialMode: s.depPartialMode, beta: s.depBeta, synonyms: triple.switches.wn ? (resources.synonyms ?? shippedWordNet()) : resources.synonyms };
        if (triple.base === 'dep-f') return prepareDependencyF(references, options);
        const prepare = (refs: ReferenceSet): PreparedMetric => prepareDepeval(refs, options);
        return s.depevalJackknife ? withJackknife(references, prepare) : prepare(references);
      });
  }
  switch (name) {
    case 'be-hm':
    case 'be':
      return (references, s, resources) =>
        onTrees(references, resources, (trees) => {
          const prepare = (refs: ReferenceSet): PreparedMetric =>
            prepareBasicElements(refs, { name, trees, mode: name === 'be' ? 'HMR' : 'HM', stem: s.beStem, modelAverage: s.rougeModelAverage, alpha: s.rougeAlpha });
          return s.rougeJackknife ? withJackknife(references, prepare) : prepare(references);
        });
    case 'hwcm':
      return (references, s, resources) => onTrees(references, resources, (trees) => prepareHwcm(references, trees, { name, maxDepth: s.hwcmDepth, lowercase: s.lowercase }));
    case 'dstm':
      return (references, s, resources) => onTrees(references, resources, (trees) => prepareDstm(references, trees, { name, maxDepth: s.stmDepth, lowercase: s.lowercase }));
    case 'stm':
      return (references, s, resources) => {
        if (!resources.constituencyTrees) throw noConstituencyTreesError(name);
        return prepareStm(references, resources.constituencyTrees, { name, maxDepth: s.stmDepth });
      };
    case 'dp-hwc':
      return (references, s, resources) =>
        onTrees(references, resources, (trees) => prepareDpHwc(references, trees, { name, maxDepth: s.hwcmDepth, items: s.dpHwcItems, lowercase: s.lowercase }));
    case 'dp-or':
      return (references, s, resources) => onTrees(references, resources, (trees) => prepareDpOverlap(references, trees, { name, lowercase: s.lowercase }));
    default:
      return undefined;
  }
}
