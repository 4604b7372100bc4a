import { Explanation } from '../explanation';
import { MetricScore, PreparedMetric, ReferenceSet } from '../metric';
import { ParsedLine } from '../../syntax/tree-source';
import { countOverlap, keyCounts, matchUnits, sumValues } from './unit-matching';
import { TripleUnit, unitText } from './triple-units';
import { TripleMetricOptions, explainPairs, tripleMetricSetup } from './triple-metric';
import { fBeta, hypothesisParse, precisionRecallF, presentReferences, summaryMeans } from './syntactic-common';

/**
 * DEPEVAL(summ) (Owczarzak 2009): a candidate summary's dependency triples against the pooled triples of the model
 * summaries, "two unordered sets of dependencies: one bag contains dependencies harvested from the candidate summary
 * and the other contains dependencies from one or more reference summaries". The reported number is recall,
 * |D_cand ∩ D_ref| / |D_ref| (the paper's formula 2), as for ROUGE and BE; precision and F (F_beta) are in the parts.
 *
 * The five switches (triple-units.ts) are chosen by the metric name: `depeval` is the base version, `depeval-pm-wn`
 * partial matching with WordNet, …, all 32 combinations. Choices where the paper is silent:
 * - the intersection of the bags counts min(candidate count, pooled count) per triple;
 * - `one` makes both bags sets: each distinct triple is one hit and one unit of the denominator (so a summary that
 *   repeats what every model says can still reach recall 1);
 * - with `pm`, whether full triples are kept beside the partial ones is `partialMode` ("splits" suggests 'replace';
 *   the default 'add' is shared with dep-f).
 * Jackknifing (the paper's protocol: "each system summary was evaluated four times, each time against a different set
 * of three models, and the four scores were averaged") is the engine's wrapper (jackknife.ts), on by default.
 *
 * Statistics per summary, as ROUGE-1.5.5's: [recall, precision, fmeasure, summaries (1), reference triples, candidate
 * triples, hits]; the corpus score is the mean per-summary recall (summary-level scores averaged, as the paper does).
 */
export type DepevalOptions = TripleMetricOptions;

export const DEPEVAL_STATS_LAYOUT: readonly string[] = ['recall', 'precision', 'fmeasure', 'summaries', 'referenceTriples', 'candidateTriples', 'hits'];

interface PooledUnit extends TripleUnit {
  /** Which reference (stream index) the unit came from, and that reference's parse. */
  readonly reference: number;
  readonly parsed: ParsedLine;
}

export function prepareDepeval(references: ReferenceSet, options: DepevalOptions): PreparedMetric {
  const { name, trees, switches } = options;
  const setup = tripleMetricSetup(references, options);
  const { beta, similar, unitsOf, referenceUnits } = setup;

  const compare = (hypothesis: string, segment: number) => {
    const hypParse = hypothesisParse(trees, hypothesis, segment);
    const hypUnits = unitsOf(hypParse);
    const pooled: PooledUnit[] = [];
    for (const k of presentReferences(references, segment)) {
      const { parsed, value } = referenceUnits.get(k, segment);
      for (const u of value.units) pooled.push({ ...u, reference: k, parsed });
    }
    const matching = matchUnits<TripleUnit>(hypUnits, pooled, { distinct: switches.one, similar });
    return { hypParse, hypUnits, pooled, matching };
  };

  const toScore = (stats: Float64Array): MetricScore =>
    summaryMeans(stats, 'recall', (p, r) => fBeta(p, r, beta), ['referenceTriples', 'candidateTriples', 'hits']);

  const signature = setup.signature('depeval');

  return {
    name,
    statsLayout: DEPEVAL_STATS_LAYOUT,
    stats(hypothesis: string, segment: number): Float64Array {
      let hits: number;
      let candidates: number;
      let pooledSize: number;
      if (similar) {
        const { matching } = compare(hypothesis, segment);
        [hits, candidates, pooledSize] = [matching.pairs.length, matching.hypothesis.length, matching.reference.length];
      } else {
        // From key counts: the pooled bag is the sum of the models' counts.
        const hyp = keyCounts(unitsOf(hypothesisParse(trees, hypothesis, segment)));
        const pooled = new Map<string, number>();
        for (const k of presentReferences(references, segment)) {
          for (const [key, c] of referenceUnits.get(k, segment).value.counts) pooled.set(key, (pooled.get(key) ?? 0) + c);
        }
        hits = countOverlap(hyp, pooled, switches.one);
        candidates = switches.one ? hyp.size : sumValues(hyp);
        pooledSize = switches.one ? pooled.size : sumValues(pooled);
      }
      const { precision, recall, f } = precisionRecallF(hits, candidates, pooledSize, beta);
      return Float64Array.of(recall, precision, f, 1, pooledSize, candidates, hits);
    },
    corpusScore(totals: Float64Array): MetricScore {
      return toScore(totals);
    },
    sentenceScore(stats: Float64Array): MetricScore {
      return toScore(stats);
    },
    explain(hypothesis: string, segment: number): Explanation {
      const { hypParse, hypUnits, pooled, matching } = compare(hypothesis, segment);
      const { matches, unmatchedHypothesis } = explainPairs(hypParse, hypUnits, matching, (r) => ({ unit: pooled[r], parsed: pooled[r].parsed, index: pooled[r].reference }));
      const perReference = new Map<number, number>();
      for (const [, r] of matching.pairs) perReference.set(pooled[r].reference, (perReference.get(pooled[r].reference) ?? 0) + 1);
      const matchedHyp = new Set(matching.pairs.map((p) => p[0]));
      const matchedRef = new Set(matching.pairs.map((p) => p[1]));
      const hits = matching.pairs.length;
      const { precision, recall, f } = precisionRecallF(hits, matching.hypothesis.length, matching.reference.length, beta);
      const referencesUsed = presentReferences(references, segment);
      return {
        metric: name,
        score: recall,
        matches,
        unmatchedHypothesis,
        details: {
          recall,
          precision,
          fmeasure: f,
          hits,
          referenceTriples: matching.reference.length,
          candidateTriples: matching.hypothesis.length,
          models: referencesUsed,
          hitsPerModel: referencesUsed.map((k) => perReference.get(k) ?? 0),
          matchedTriples: matching.pairs.map(([h, r]) => `${unitText(hypUnits[h])} ← model ${pooled[r].reference + 1}${hypUnits[h].key === pooled[r].key ? '' : ` (${unitText(pooled[r])})`}`),
          unmatchedCandidateTriples: matching.hypothesis.filter((h) => !matchedHyp.has(h)).map((h) => unitText(hypUnits[h])),
          unmatchedReferenceTriples: matching.reference.filter((r) => !matchedRef.has(r)).map((r) => `${unitText(pooled[r])} (model ${pooled[r].reference + 1})`),
        },
      };
    },
    signature(): string {
      return signature;
    },
  };
}
