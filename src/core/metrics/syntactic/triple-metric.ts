import { SpanMatch } from '../explanation';
import { ReferenceSet } from '../metric';
import { Span } from '../../text/token';
import { ParsedLine, TreeSource } from '../../syntax/tree-source';
import { lineTriples } from '../../syntax/lfg-triples';
import { SynonymMatcher, SynonymSource, noSynonymsError } from '../../syntax/synonym-source';
import { UNDERSTUDY_VERSION } from '../../version';
import { UnitMatching, keyCounts } from './unit-matching';
import { PartialMode, TripleSwitches, TripleUnit, switchesLabel, synonymSimilarity, tripleUnits } from './triple-units';
import { ReferenceCache, contentWords, spanOf, uniqueSpans } from './syntactic-common';

/** What dep-f and DEPEVAL(summ) share: options, the units of a parse, reference caching, signatures, explanations. */
export interface TripleMetricOptions {
  /** The registered name, e.g. `dep-f-pm-wn`. */
  readonly name: string;
  readonly trees: TreeSource;
  readonly switches: TripleSwitches;
  readonly partialMode?: PartialMode;
  readonly beta?: number;
  readonly synonyms?: SynonymSource;
}

/** How the UD → LFG tables are versioned in signatures (bump when lfg-triples.ts changes what it extracts). */
export const TRIPLE_TABLE_VERSION = 'ud2lfg.1';

export interface TripleMetricSetup {
  readonly partialMode: PartialMode;
  readonly beta: number;
  /** The `wn` similarity, when the switch is on. */
  readonly similar?: (h: TripleUnit, r: TripleUnit) => boolean;
  unitsOf(parsed: ParsedLine): TripleUnit[];
  /** Each reference line's units and their key counts (the statistics need only the counts). */
  readonly referenceUnits: ReferenceCache<{ readonly units: TripleUnit[]; readonly counts: Map<string, number> }>;
  /** The signature fields after the metric's own (`nrefs:…|switches:…|…|version:…`), with `extra` before `triples:`. */
  signature(metric: string, extra?: readonly string[]): string;
}

export function tripleMetricSetup(references: ReferenceSet, options: TripleMetricOptions): TripleMetricSetup {
  const { name, trees, switches } = options;
  const partialMode = options.partialMode ?? 'add';
  const beta = options.beta ?? 1;
  if (!(beta > 0)) throw new RangeError(`F-beta must be positive, got ${beta}`);
  if (switches.wn && !options.synonyms) throw noSynonymsError(name);
  const matcher = switches.wn && options.synonyms ? new SynonymMatcher(options.synonyms) : undefined;
  const unitsOf = (parsed: ParsedLine): TripleUnit[] => tripleUnits(lineTriples(parsed), switches, partialMode);
  return {
    partialMode,
    beta,
    similar: matcher ? synonymSimilarity(matcher) : undefined,
    unitsOf,
    referenceUnits: new ReferenceCache(references, trees, (parsed) => {
      const units = unitsOf(parsed);
      return { units, counts: keyCounts(units) };
    }),
    signature: (metric, extra = []) =>
      [
        metric,
        `nrefs:${references.streams.length}`,
        `switches:${switchesLabel(switches)}`,
        ...(switches.pm ? [`pm:${partialMode}`] : []),
        `beta:${beta}`,
        ...extra,
        `triples:${TRIPLE_TABLE_VERSION}`,
        `trees:${trees.name}`,
        ...(matcher ? [`wn:${matcher.name}`] : []),
        `version:${UNDERSTUDY_VERSION}`,
      ].join('|'),
  };
}

/** The spans a unit covers in its line: its head and dependent words (not a variable's, not a feature value). */
export function unitSpans(parsed: ParsedLine, u: TripleUnit): Span[] {
  const t = u.triple;
  const spans: Span[] = [];
  if (u.head !== undefined) spans.push(spanOf(parsed, t.sentence, t.headWord));
  if (u.dependent !== undefined && t.dependentWord > 0) spans.push(spanOf(parsed, t.sentence, t.dependentWord));
  return uniqueSpans(spans);
}

/**
 * The matched pairs as span matches (kind: the relation, with `~wn` for a synonym match), and the hypothesis words
 * that are in no matched unit.
 */
export function explainPairs(
  hypParse: ParsedLine,
  hypUnits: readonly TripleUnit[],
  matching: UnitMatching,
  referenceOf: (r: number) => { unit: TripleUnit; parsed: ParsedLine; index: number },
): { matches: SpanMatch[]; unmatchedHypothesis: Span[] } {
  const matches: SpanMatch[] = [];
  const matchedWords = new Set<string>();
  matching.pairs.forEach(([h, r], i) => {
    const hu = hypUnits[h];
    const ref = referenceOf(r);
    const t = hu.triple;
    matches.push({
      order: hu.head !== undefined && hu.dependent !== undefined && t.dependentWord > 0 ? 2 : 1,
      hypothesis: unitSpans(hypParse, hu),
      referenceIndex: ref.index,
      reference: unitSpans(ref.parsed, ref.unit),
      kind: i >= matching.pairs.length - matching.similarPairs ? `${t.relation}~wn` : t.relation,
    });
    if (hu.head !== undefined) matchedWords.add(`${t.sentence}:${t.headWord}`);
    if (hu.dependent !== undefined && t.dependentWord > 0) matchedWords.add(`${t.sentence}:${t.dependentWord}`);
  });
  const unmatchedHypothesis = uniqueSpans(contentWords(hypParse).filter(([s, w]) => !matchedWords.has(`${s}:${w}`)).map(([s, w]) => spanOf(hypParse, s, w)));
  return { matches, unmatchedHypothesis };
}
