import { TokenizerName } from '../text/tokenizers/tokenizer';
import { editScript, levenshtein } from './edit-distance';
import { Explanation, SpanMatch } from './explanation';
import { MetricScore, PreparedMetric, ReferenceSet } from './metric';
import { ErrorRateReferenceLength } from './reference-length-choice';
import { chooseErrorRate, TokenizedReferences } from './word-error-core';

/**
 * Word error rate as Leusch et al. (2005) define it for MT: WER = 100 · Σ_k d_L(E_k, Ẽ_k) / Σ_k I*_k, the Levenshtein
 * distance between hypothesis and reference words over the reference length, with the reference and its length
 * chosen per `referenceLength` (reference-length-choice.ts). Words come from a sacreBLEU tokenizer.
 * Statistics per segment: [distance, refLength, hypLength]; corpus WER = 100 · Σ distance / Σ refLength. A zero
 * reference length gives 100 when there are edits and 0 when there are none (sacreBLEU's TER convention).
 */
export interface ErrorRateOptions {
  readonly tokenize?: TokenizerName;
  readonly lowercase?: boolean;
  readonly referenceLength?: ErrorRateReferenceLength;
}

export const ERROR_RATE_STATS_LAYOUT: readonly string[] = ['distance', 'ref_length', 'hyp_length'];

export function errorRateFromStats(stats: Float64Array): MetricScore {
  const [distance, refLength, hypLength] = stats;
  const score = refLength > 0 ? (100 * distance) / refLength : distance > 0 ? 100 : 0;
  return { score, parts: { distance, refLength, hypLength } };
}

export function errorRateSignature(name: string, nrefs: number, o: Required<ErrorRateOptions>): string {
  return `${name}|nrefs:${nrefs}|case:${o.lowercase ? 'lc' : 'mixed'}|tok:${o.tokenize}|reflen:${o.referenceLength}|version:understudy`;
}

export function resolveErrorRateOptions(options: ErrorRateOptions): Required<ErrorRateOptions> {
  return { tokenize: options.tokenize ?? '13a', lowercase: options.lowercase ?? false, referenceLength: options.referenceLength ?? 'best' };
}

export function prepareWer(references: ReferenceSet, options: ErrorRateOptions = {}): PreparedMetric {
  const o = resolveErrorRateOptions(options);
  const refs = new TokenizedReferences(references, o.tokenize, o.lowercase);
  const choose = (hypothesis: string, segment: number) =>
    chooseErrorRate(refs, hypothesis, segment, o.referenceLength, (hyp, r) => levenshtein(hyp, r));
  return {
    name: 'wer',
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
      const edits = editScript(hypTokens, refTokens);
      const matches: SpanMatch[] = edits
        .filter((e) => e.op === 'match')
        .map((e) => ({ order: 1, hypothesis: [e.hypothesis!], referenceIndex: best, reference: [e.reference!] }));
      const score = errorRateFromStats(Float64Array.of(c.distance, c.refLength, c.hyp.length)).score;
      const count = (op: string) => edits.filter((e) => e.op === op).length;
      return {
        metric: 'wer',
        score,
        matches,
        unmatchedHypothesis: edits.filter((e) => e.op === 'substitute' || e.op === 'insert').map((e) => e.hypothesis!),
        bestReference: best,
        edits,
        details: { distance: c.distance, refLength: c.refLength, substitutions: count('substitute'), insertions: count('insert'), deletions: count('delete') },
      };
    },
    signature: () => errorRateSignature('wer', references.streams.length, o),
  };
}
