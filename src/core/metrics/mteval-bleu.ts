import { expExact, logExact } from './correctly-rounded-math';
import { Explanation } from './explanation';
import { MetricScore, PreparedMetric, ReferenceSet } from './metric';
import { MtevalOptions, MtevalReferenceIndex, mtevalOptions } from './mteval-ngrams';

/**
 * BLEU as mteval-v13a.pl computes it by default (`bleu_score` with smoothing, `brevity_penalty_closest`):
 *  - reference length per segment = the closest reference length, ties → the shorter; corpus = sum over segments;
 *  - log brevity penalty = min(0, 1 − ref/hyp), and the whole penalty is 0 when the hypothesis is empty;
 *  - per order n: no hypothesis n-grams → log precision 0 (precision reported as 1, yet still divided by n in the
 *    cumulative mean); no matches → `smooth *= 2`, precision 1/(smooth · #hyp n-grams) (IBM bleu-1.04 style);
 *    otherwise matches / #hyp n-grams;
 *  - cumulative BLEU_n = exp(Σ_{k≤n} log p_k / n) · BP.
 * The same function scores the corpus (summed counts) and a segment (`--metricsMATR` BLEU-seg.scr).
 */
export type MtevalBleuOptions = MtevalOptions;

/** Column layout: per order n `match_n`, `hyp_n`, then `hyp_len`, `ref_len` (closest reference). */
export function mtevalBleuStatsLayout(maxOrder: number): string[] {
  const layout: string[] = [];
  for (let n = 1; n <= maxOrder; n++) layout.push(`match_${n}`, `hyp_${n}`);
  layout.push('hyp_len', 'ref_len');
  return layout;
}

/** mteval BLEU from (summed) statistics, with the individual and cumulative per-order values mteval prints. */
export function mtevalBleuFromStats(stats: Float64Array, maxOrder: number): MetricScore {
  const hypLength = stats[2 * maxOrder];
  const refLength = stats[2 * maxOrder + 1];
  const hypUnigrams = stats[1];
  const brevityPenalty = hypUnigrams > 0 ? expExact(Math.min(0, 1 - refLength / hypUnigrams)) : 0;
  const individual: number[] = [];
  const cumulative: number[] = [];
  let smooth = 1;
  let logSum = 0;
  for (let n = 1; n <= maxOrder; n++) {
    const matches = stats[2 * (n - 1)];
    const hyp = stats[2 * (n - 1) + 1];
    let logPrecision: number;
    if (hyp === 0) logPrecision = 0;
    else if (matches === 0) {
      smooth *= 2;
      logPrecision = logExact(1 / (smooth * hyp));
    } else logPrecision = logExact(matches / hyp);
    individual.push(expExact(logPrecision));
    logSum += logPrecision;
    cumulative.push(expExact(logSum / n) * brevityPenalty);
  }
  return {
    score: cumulative[maxOrder - 1],
    parts: {
      individual,
      cumulative,
      brevityPenalty,
      // What mteval prints as "penalty (log)"; −Infinity where mteval dies taking log(0) (empty system output).
      logBrevityPenalty: logExact(brevityPenalty),
      // mteval prints hyp/ref (it dies on a zero reference length; here that gives Infinity or NaN).
      lengthRatio: hypUnigrams / refLength,
      hypLength,
      refLength,
    },
  };
}

/** Prepares mteval-v13a BLEU (lower-cased unless `caseSensitive`, 4-grams by default) against a reference set. */
export function prepareMtevalBleu(references: ReferenceSet, options?: Partial<MtevalBleuOptions>): PreparedMetric {
  const resolved = mtevalOptions(options, 4);
  const index = new MtevalReferenceIndex(references, resolved);
  const maxOrder = resolved.maxOrder;
  const width = 2 * maxOrder + 2;

  const stats = (hypothesis: string, segment: number): Float64Array => {
    const words = index.words(hypothesis);
    const counts = index.segmentCounts(words, segment, false);
    const row = new Float64Array(width);
    for (let n = 0; n < maxOrder; n++) {
      row[2 * n] = counts.matches[n];
      row[2 * n + 1] = counts.hypNgrams[n];
    }
    row[2 * maxOrder] = counts.hypLength;
    row[2 * maxOrder + 1] = counts.closestRefLength;
    return row;
  };

  return {
    name: 'bleu-mteval',
    statsLayout: mtevalBleuStatsLayout(maxOrder),
    stats,
    corpusScore: (totals) => mtevalBleuFromStats(totals, maxOrder),
    sentenceScore: (row) => mtevalBleuFromStats(row, maxOrder),
    explain(hypothesis: string, segment: number): Explanation {
      const tokens = index.tokenize(hypothesis);
      const row = stats(hypothesis, segment);
      const result = mtevalBleuFromStats(row, maxOrder);
      const { matches, unmatched } = index.matchedSpans(tokens, segment, false);
      const matchCounts: number[] = [];
      const hypCounts: number[] = [];
      for (let n = 0; n < maxOrder; n++) {
        matchCounts.push(row[2 * n]);
        hypCounts.push(row[2 * n + 1]);
      }
      return {
        metric: 'bleu-mteval',
        score: result.score,
        matches,
        unmatchedHypothesis: unmatched.map((t) => ({ start: t.start, end: t.end })),
        details: {
          matchCounts,
          hypothesisNgrams: hypCounts,
          precisions: result.parts.individual as number[],
          cumulative: result.parts.cumulative as number[],
          brevityPenalty: result.parts.brevityPenalty as number,
          hypothesisLength: row[2 * maxOrder],
          referenceLength: row[2 * maxOrder + 1],
          hypothesisTokens: tokens.map((t) => t.text),
        },
      };
    },
    signature: () =>
      `bleu-mteval|nrefs:${index.nrefs}|case:${resolved.caseSensitive ? 'mixed' : 'lc'}|tok:13a|order:${maxOrder}|smooth:mteval|bp:closest|version:mteval-v13a`,
  };
}
