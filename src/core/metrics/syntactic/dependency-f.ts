import { Explanation } from '../explanation';
import { MetricScore, PreparedMetric, ReferenceSet } from '../metric';
import { ParsedLine } from '../../syntax/tree-source';
import { UnitMatching, countOverlap, keyCounts, matchUnits, sumValues } from './unit-matching';
import { TripleUnit, unitText } from './triple-units';
import { TripleMetricOptions, explainPairs, tripleMetricSetup } from './triple-metric';
import { hypothesisParse, precisionRecallF, presentReferences, treeText } from './syntactic-common';

/**
 * The dependency-triple F-score of Owczarzak, van Genabith & Way (2007, "d" and its variants d_pr, d_var, d+WN):
 * precision and recall of the hypothesis' triples (lfg-triples.ts) against the reference's, micro-averaged over all
 * dependency types ("the proportional average of f-scores for a group of up to 32 dependency types"), reported ×100.
 *
 * Statistics per segment: [matches, hypothesis triples, reference triples]; the corpus score is F of their sums, as
 * Riezler & Maxwell (2005) accumulate dependency counts over a test set. With several references a segment counts
 * against the one giving it the highest F (the first on ties), like the paper's best-matching reference.
 * F_beta: β > 1 weighs recall higher, which the authors found to correlate better.
 */
export type DependencyFOptions = TripleMetricOptions;

export const DEPENDENCY_F_STATS_LAYOUT: readonly string[] = ['matches', 'hypothesisTriples', 'referenceTriples'];

export function prepareDependencyF(references: ReferenceSet, options: DependencyFOptions): PreparedMetric {
  const { name, trees, switches } = options;
  const setup = tripleMetricSetup(references, options);
  const { beta, similar, unitsOf, referenceUnits } = setup;

  const score = (matches: number, hyp: number, ref: number): MetricScore => {
    const { precision, recall, f } = precisionRecallF(matches, hyp, ref, beta);
    return { score: 100 * f, parts: { precision: 100 * precision, recall: 100 * recall, f: 100 * f, matches, hypothesisTriples: hyp, referenceTriples: ref } };
  };

  /** The segment against each reference; the best one (highest F, first on ties). */
  const compare = (hypothesis: string, segment: number) => {
    const hypParse = hypothesisParse(trees, hypothesis, segment);
    const hypUnits = unitsOf(hypParse);
    let best: { k: number; parsed: ParsedLine; units: TripleUnit[]; matching: UnitMatching; f: number } | undefined;
    for (const k of presentReferences(references, segment)) {
      const { parsed, value } = referenceUnits.get(k, segment);
      const matching = matchUnits(hypUnits, value.units, { distinct: switches.one, similar });
      const f = precisionRecallF(matching.pairs.length, matching.hypothesis.length, matching.reference.length, beta).f;
      if (!best || f > best.f) best = { k, parsed, units: value.units, matching, f };
    }
    return { hypParse, hypUnits, best };
  };

  /** [matches, hypothesis units, reference units] against the best reference (from key counts when there is no `wn`). */
  const counts = (hypothesis: string, segment: number): number[] => {
    if (similar) {
      const { hypUnits, best } = compare(hypothesis, segment);
      return best ? [best.matching.pairs.length, best.matching.hypothesis.length, best.matching.reference.length] : [0, hypUnits.length, 0];
    }
    const hypCounts = keyCounts(unitsOf(hypothesisParse(trees, hypothesis, segment)));
    const size = (c: Map<string, number>): number => (switches.one ? c.size : sumValues(c));
    const hypSize = size(hypCounts);
    let best: { counts: number[]; f: number } | undefined;
    for (const k of presentReferences(references, segment)) {
      const ref = referenceUnits.get(k, segment).value.counts;
      const row = [countOverlap(hypCounts, ref, switches.one), hypSize, size(ref)];
      const f = precisionRecallF(row[0], row[1], row[2], beta).f;
      if (!best || f > best.f) best = { counts: row, f };
    }
    return best?.counts ?? [0, hypSize, 0];
  };

  const signature = setup.signature('dep-f', ['refs:best']);

  return {
    name,
    statsLayout: DEPENDENCY_F_STATS_LAYOUT,
    stats(hypothesis: string, segment: number): Float64Array {
      return Float64Array.from(counts(hypothesis, segment));
    },
    corpusScore(totals: Float64Array): MetricScore {
      return score(totals[0], totals[1], totals[2]);
    },
    sentenceScore(stats: Float64Array): MetricScore {
      return score(stats[0], stats[1], stats[2]);
    },
    explain(hypothesis: string, segment: number): Explanation {
      const { hypParse, hypUnits, best } = compare(hypothesis, segment);
      const noMatching: UnitMatching = { hypothesis: hypUnits.map((_, i) => i), reference: [], pairs: [], similarPairs: 0 };
      const matching = best?.matching ?? noMatching;
      const { matches, unmatchedHypothesis } = explainPairs(hypParse, hypUnits, matching, (r) => ({ unit: best!.units[r], parsed: best!.parsed, index: best!.k }));
      // Per relation: matched, hypothesis and reference units.
      const relations = new Map<string, [number, number, number]>();
      const tally = (relation: string, column: 0 | 1 | 2): void => {
        const row = relations.get(relation) ?? [0, 0, 0];
        row[column]++;
        relations.set(relation, row);
      };
      for (const [h] of matching.pairs) tally(hypUnits[h].triple.relation, 0);
      for (const h of matching.hypothesis) tally(hypUnits[h].triple.relation, 1);
      for (const r of matching.reference) tally(best!.units[r].triple.relation, 2);
      const matchedHyp = new Set(matching.pairs.map((p) => p[0]));
      const matchedRef = new Set(matching.pairs.map((p) => p[1]));
      const sentence = score(matching.pairs.length, matching.hypothesis.length, matching.reference.length);
      const names = [...relations.keys()].sort();
      const column = (c: 0 | 1 | 2): number[] => names.map((n) => (relations.get(n) as number[])[c]);
      return {
        metric: name,
        score: sentence.score,
        matches,
        unmatchedHypothesis,
        bestReference: best?.k,
        details: {
          precision: sentence.parts.precision as number,
          recall: sentence.parts.recall as number,
          f: sentence.score,
          matchedTriples: matching.pairs.map(([h, r]) => (hypUnits[h].key === best!.units[r].key ? unitText(hypUnits[h]) : `${unitText(hypUnits[h])} ~ ${unitText(best!.units[r])}`)),
          unmatchedHypothesisTriples: matching.hypothesis.filter((h) => !matchedHyp.has(h)).map((h) => unitText(hypUnits[h])),
          unmatchedReferenceTriples: matching.reference.filter((r) => !matchedRef.has(r)).map((r) => unitText(best!.units[r])),
          relations: names,
          relationMatches: column(0),
          relationHypothesis: column(1),
          relationReference: column(2),
          hypothesisTree: treeText(hypParse),
          ...(best ? { referenceTree: treeText(best.parsed) } : {}),
        },
      };
    },
    signature(): string {
      return signature;
    },
  };
}
