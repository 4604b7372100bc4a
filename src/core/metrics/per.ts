import { Explanation, SpanMatch } from './explanation';
import { PreparedMetric, ReferenceSet } from './metric';
import { ERROR_RATE_STATS_LAYOUT, ErrorRateOptions, errorRateFromStats, errorRateSignature, resolveErrorRateOptions } from './wer';
import { bagOverlap, chooseErrorRate, TokenizedReferences } from './word-error-core';

/**
 * Position-independent error rate (Tillmann et al. 1997, as Leusch et al. 2005 write it):
 *   d_PER = ½ (|I − Ĩ| + Σ_e |n_e − ñ_e|) = max(I, Ĩ) − Σ_e min(n_e, ñ_e)
 * over the two bags of words, normalised like WER (same reference-length choices, same statistics).
 * The length term matters: without it, ½ Σ_e |n_e − ñ_e| (another variant seen in the literature) counts a substitution
 * as half an error and gives "a b c d" vs "a b e" 1.5 instead of 2.
 */
export function perDistance(hypLength: number, refLength: number, overlap: number): number {
  return Math.max(hypLength, refLength) - overlap;
}

export function preparePer(references: ReferenceSet, options: ErrorRateOptions = {}): PreparedMetric {
  const o = resolveErrorRateOptions(options);
  const refs = new TokenizedReferences(references, o.tokenize, o.lowercase);
  const choose = (hypothesis: string, segment: number) =>
    chooseErrorRate(refs, hypothesis, segment, o.referenceLength, (hyp, r) => perDistance(hyp.length, r.length, bagOverlap(hyp, r)));
  return {
    name: 'per',
    statsLayout: ERROR_RATE_STATS_LAYOUT,
    stats(hypothesis, segment) {
      const c = choose(hypothesis, segment);
      return Float64Array.of(c.distance, c.refLength, c.hyp.length);
    },
    corpusScore: (totals) => errorRateFromStats(totals),
    sentenceScore: (stats) => errorRateFromStats(stats),
    explain(hypothesis, segment): Explanation {
      const c = choose(hypothesis, segment);
      const best = Math.max(c.best, 0);
      const hypTokens = refs.tokenizer.tokens(hypothesis);
      const refTokens = refs.tokenizer.tokens(references.streams[best]?.[segment] ?? '');
      // Bag matches: each hypothesis word takes the next unused equal reference word, left to right.
      const available = new Map<string, number[]>();
      refTokens.forEach((t, j) => available.set(t.text, [...(available.get(t.text) ?? []), j]));
      const matches: SpanMatch[] = [];
      const unmatched = [];
      for (const t of hypTokens) {
        const j = available.get(t.text)?.shift();
        if (j === undefined) unmatched.push({ start: t.start, end: t.end });
        else matches.push({ order: 1, hypothesis: [{ start: t.start, end: t.end }], referenceIndex: best, reference: [{ start: refTokens[j].start, end: refTokens[j].end }] });
      }
      return {
        metric: 'per',
        score: errorRateFromStats(Float64Array.of(c.distance, c.refLength, c.hyp.length)).score,
        matches,
        unmatchedHypothesis: unmatched,
        bestReference: best,
        details: { distance: c.distance, refLength: c.refLength, overlap: matches.length },
      };
    },
    signature: () => errorRateSignature('per', references.streams.length, o),
  };
}
