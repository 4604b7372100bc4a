import { expExact, logExact } from './correctly-rounded-math';
import { Explanation } from './explanation';
import { MetricScore, PreparedMetric, ReferenceSet } from './metric';
import { MtevalOptions, MtevalReferenceIndex, mtevalOptions } from './mteval-ngrams';

/**
 * NIST as mteval-v13a.pl computes it (`nist_score`, `nist_length_penalty`, `compute_ngram_info`).
 *
 *   NIST = Σ_{n=1..N} ( Σ_{matched n-grams} info · clipped count ) / max(#hyp n-grams, 1)  ×  LP
 *   info(w1..wn) = −log2( count(w1..wn) / count(w1..wn−1) ) over ALL reference segments of all references
 *   LP = exp(−β · ln²(ratio)) for 0 < ratio < 1 (1 above, 0 at 0), β = −ln 0.5 / ln² 1.5 (LP = 0.5 at ratio 2/3),
 *   ratio = hypothesis words / (reference words of all references / number of references).
 *
 * Clipping is against the maximum count of the n-gram over the segment's references. A segment's NIST
 * (`--metricsMATR` NIST-seg.scr) is the same formula on that segment's counts, with the corpus-wide weights.
 *
 * Deviation by design: mteval dies ("Illegal division by zero") when a segment's references are all empty, because
 * the ratio divides by their average length. Here a zero reference length gives LP = 1 when the hypothesis has
 * words and 0 when it is empty; either way no n-gram can match, so such a segment scores 0 and adds only its
 * hypothesis n-gram counts to the corpus totals.
 */
export type NistOptions = MtevalOptions;

/** mteval's NIST length penalty. */
export function nistLengthPenalty(ratio: number): number {
  if (ratio >= 1) return 1;
  if (ratio <= 0) return 0;
  // β chosen so that the penalty is 0.5 when the hypothesis is 2/3 of the average reference length.
  const ratioX = 1.5;
  const scoreX = 0.5;
  const beta = -logExact(scoreX) / logExact(ratioX) / logExact(ratioX);
  return expExact(-beta * logExact(ratio) * logExact(ratio));
}

/** Column layout: per order n `info_n`, `match_n`, `hyp_n`, then `hyp_len`, `ref_len_sum` (all references). */
export function nistStatsLayout(maxOrder: number): string[] {
  const layout: string[] = [];
  for (let n = 1; n <= maxOrder; n++) layout.push(`info_${n}`, `match_${n}`, `hyp_${n}`);
  layout.push('hyp_len', 'ref_len_sum');
  return layout;
}

/** NIST from (summed) statistics, with mteval's individual and cumulative per-order values. */
export function nistFromStats(stats: Float64Array, maxOrder: number, nrefs: number): MetricScore {
  const hypLength = stats[3 * maxOrder];
  const refLengthSum = stats[3 * maxOrder + 1];
  const averageRefLength = refLengthSum / nrefs;
  let penalty: number;
  let ratio: number;
  if (averageRefLength > 0) {
    ratio = hypLength / averageRefLength;
    penalty = nistLengthPenalty(ratio);
  } else {
    // mteval dies here (division by zero); see the file comment.
    ratio = hypLength > 0 ? Infinity : 0;
    penalty = hypLength > 0 ? 1 : 0;
  }
  const individual: number[] = [];
  const cumulative: number[] = [];
  let sum = 0;
  for (let n = 1; n <= maxOrder; n++) {
    const perOrder = stats[3 * (n - 1)] / Math.max(stats[3 * (n - 1) + 2], 1);
    sum += perOrder;
    individual.push(perOrder * penalty);
    cumulative.push(sum * penalty);
  }
  return {
    score: cumulative[maxOrder - 1],
    parts: { individual, cumulative, lengthPenalty: penalty, lengthRatio: ratio, hypLength, refLength: averageRefLength },
  };
}

/**
 * Prepares mteval-v13a NIST against a reference set: tokenizes the references (mteval normalisation, lower-cased
 * unless `caseSensitive`) and computes the information weights from the whole set.
 */
export function prepareNist(references: ReferenceSet, options?: Partial<NistOptions>): PreparedMetric {
  const resolved = mtevalOptions(options, 5);
  const index = new MtevalReferenceIndex(references, resolved);
  index.computeInformationCounts();
  const maxOrder = resolved.maxOrder;
  const nrefs = index.nrefs;
  const width = 3 * maxOrder + 2;
  // A one-segment set standing for a corpus segment (ReferenceSet.corpus) may hold more or fewer references than the
  // corpus has streams (paraphrase-expanded references): its reference length sum is restated on the corpus's count,
  // so that the corpus score's sum / nrefs still averages each segment's references.
  const corpusStreams = references.corpus?.references.streams.length;
  const referenceLengthScale = corpusStreams !== undefined && nrefs > 0 ? corpusStreams / nrefs : 1;

  const stats = (hypothesis: string, segment: number): Float64Array => {
    const words = index.words(hypothesis);
    const counts = index.segmentCounts(words, segment, true);
    const row = new Float64Array(width);
    for (let n = 0; n < maxOrder; n++) {
      row[3 * n] = counts.matchedInfo[n];
      row[3 * n + 1] = counts.matches[n];
      row[3 * n + 2] = counts.hypNgrams[n];
    }
    row[3 * maxOrder] = counts.hypLength;
    row[3 * maxOrder + 1] = referenceLengthScale === 1 ? counts.refLengthSum : counts.refLengthSum * referenceLengthScale;
    return row;
  };

  const score = (totals: Float64Array): MetricScore => nistFromStats(totals, maxOrder, nrefs);

  return {
    name: 'nist',
    statsLayout: nistStatsLayout(maxOrder),
    stats,
    corpusScore: (totals) => score(totals),
    sentenceScore: (row) => score(row),
    explain(hypothesis: string, segment: number): Explanation {
      const tokens = index.tokenize(hypothesis);
      const row = stats(hypothesis, segment);
      const result = score(row);
      const { matches, unmatched } = index.matchedSpans(tokens, segment, true);
      const matchedInfo: number[] = [];
      const matchCounts: number[] = [];
      const hypCounts: number[] = [];
      for (let n = 0; n < maxOrder; n++) {
        matchedInfo.push(row[3 * n]);
        matchCounts.push(row[3 * n + 1]);
        hypCounts.push(row[3 * n + 2]);
      }
      return {
        metric: 'nist',
        score: result.score,
        matches,
        unmatchedHypothesis: unmatched.map((t) => ({ start: t.start, end: t.end })),
        details: {
          matchedInfo,
          matchCounts,
          hypothesisNgrams: hypCounts,
          individual: result.parts.individual as number[],
          cumulative: result.parts.cumulative as number[],
          lengthPenalty: result.parts.lengthPenalty as number,
          lengthRatio: result.parts.lengthRatio as number,
          hypothesisLength: row[3 * maxOrder],
          averageReferenceLength: result.parts.refLength as number,
          hypothesisTokens: tokens.map((t) => t.text),
        },
      };
    },
    signature: () =>
      `nist|nrefs:${nrefs}|case:${resolved.caseSensitive ? 'mixed' : 'lc'}|tok:13a|order:${maxOrder}|version:mteval-v13a`,
  };
}
