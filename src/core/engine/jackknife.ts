import { MetricScore, PreparedMetric, ReferenceSet } from '../metrics/metric';

/**
 * Jackknifing over references, as the DUC evaluations ran ROUGE: with M > 1 references for a segment, the segment is
 * scored M times against each subset of M − 1 references and its statistics are the mean of the M rows, so a system
 * output is scored under the same conditions as a human summary scored against the other humans. ROUGE-1.5.5 has no
 * such switch (the DUC scripts called it once per subset); here it wraps any metric.
 *
 * An empty reference line counts as no reference (as the ROUGE metrics treat it), so a segment's subsets leave out
 * each of its non-empty references in turn; a segment with fewer than two leaves its statistics unchanged.
 */
export function withJackknife(references: ReferenceSet, prepare: (references: ReferenceSet) => PreparedMetric): PreparedMetric {
  const full = prepare(references);
  const streamCount = references.streams.length;
  if (streamCount < 2) return full;
  // Leaving stream k out: an empty line in stream k makes segment i score as without it.
  const leaveOneOut = references.streams.map((_, k) => prepare({ streams: references.streams.filter((__, j) => j !== k) }));
  return {
    name: full.name,
    statsLayout: full.statsLayout,
    stats(hypothesis: string, segment: number): Float64Array {
      const present: number[] = [];
      for (let k = 0; k < streamCount; k++) if (references.streams[k][segment].trim() !== '') present.push(k);
      if (present.length < 2) return full.stats(hypothesis, segment);
      const mean = new Float64Array(full.statsLayout.length);
      for (const k of present) {
        const row = leaveOneOut[k].stats(hypothesis, segment);
        for (let c = 0; c < mean.length; c++) mean[c] += row[c];
      }
      for (let c = 0; c < mean.length; c++) mean[c] /= present.length;
      return mean;
    },
    combineReferences: full.combineReferences ? jackknifeCombination(full.combineReferences.bind(full), full.statsLayout.length) : undefined,
    corpusScore: (totals: Float64Array, count: number): MetricScore => full.corpusScore(totals, count),
    corpusScoreFromRows: full.corpusScoreFromRows ? (rows) => full.corpusScoreFromRows!(rows) : undefined,
    sentenceScore: (stats: Float64Array): MetricScore => full.sentenceScore(stats),
    // What matched is shown against all references: the jackknife changes the weighting, not the matches.
    explain: (hypothesis: string, segment: number) => full.explain(hypothesis, segment),
    signature: () => `${full.signature()}|jackknife:yes`,
    // The leave-one-out metrics read the same trees as the full one.
    anticipate: full.anticipate && ((hypotheses: readonly string[], isCancelled?: () => boolean) => full.anticipate!(hypotheses, isCancelled)),
  };
}

/**
 * Jackknifing over a subset of references from per-reference rows: the mean, in reference order, of the rows
 * combined from each leave-one-out subset (one reference alone is scored as it is), as `withJackknife` averages.
 */
export function jackknifeCombination(
  combine: NonNullable<PreparedMetric['combineReferences']>,
  width: number,
): NonNullable<PreparedMetric['combineReferences']> {
  let others = new Int32Array(0);
  const row = new Float64Array(width);
  return (rows, offset, chosen, count, out) => {
    if (count < 2) {
      combine(rows, offset, chosen, count, out);
      return;
    }
    if (others.length < count - 1) others = new Int32Array(count - 1);
    out.fill(0);
    for (let left = 0; left < count; left++) {
      let at = 0;
      for (let k = 0; k < count; k++) if (k !== left) others[at++] = chosen[k];
      combine(rows, offset, others, count - 1, row);
      for (let c = 0; c < width; c++) out[c] += row[c];
    }
    for (let c = 0; c < width; c++) out[c] /= count;
  };
}
