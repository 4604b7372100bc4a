import { TokenizerName } from '../text/tokenizers/tokenizer';
import { Explanation, SpanMatch } from './explanation';
import { MetricScore, PreparedMetric, ReferenceSet } from './metric';
import { bagOverlap, TokenizedReferences } from './word-error-core';

/**
 * GTM, the General Text Matcher (Turian, Shen & Melamed 2003). A matching pairs hypothesis and reference words (each
 * used at most once); its runs are contiguous diagonal blocks, and size(M) = (Σ_runs |run|^e)^{1/e}. With the maximum
 * matching size MMS: P = MMS/|hyp|, R = MMS/|ref|, F = 2PR/(P+R), on a 0–100 scale (identical = 100, as the papers
 * report it).
 *
 * The matching is built as the GTM tool does, greedily: repeatedly take the longest run of equal words over unused
 * positions (earliest in the hypothesis, then in the reference, on ties). For e = 1 this is the maximum bag overlap;
 * for e > 1 it rewards contiguity (e = 2 is the variant the seeds report). Several references: the one with the best F.
 * Corpus score: runs never cross segments, so Σ|run|^e, |hyp| and |ref| are summed and MMS = (Σ|run|^e)^{1/e}.
 * Statistics per segment: [Σ|run|^e, hypLength, refLength].
 */
export interface GtmOptions {
  readonly tokenize?: TokenizerName;
  readonly lowercase?: boolean;
  readonly exponent?: number;
}

export interface GtmRun {
  readonly hyp: number;
  readonly ref: number;
  readonly length: number;
}

/** The greedy maximum matching as runs (positions and lengths). */
export function gtmRuns(hyp: Int32Array, ref: Int32Array): GtmRun[] {
  const usedHyp = new Uint8Array(hyp.length);
  const usedRef = new Uint8Array(ref.length);
  const runs: GtmRun[] = [];
  for (;;) {
    // Longest common run over unused positions: dynamic programming on the diagonals.
    let best: GtmRun | undefined;
    let previous = new Int32Array(ref.length + 1);
    let current = new Int32Array(ref.length + 1);
    for (let i = 1; i <= hyp.length; i++) {
      for (let j = 1; j <= ref.length; j++) {
        const ok = !usedHyp[i - 1] && !usedRef[j - 1] && hyp[i - 1] === ref[j - 1];
        current[j] = ok ? previous[j - 1] + 1 : 0;
        const length = current[j];
        if (length > 0 && (!best || length > best.length)) best = { hyp: i - length, ref: j - length, length };
      }
      [previous, current] = [current, previous];
      current.fill(0);
    }
    if (!best) return runs.sort((a, b) => a.hyp - b.hyp);
    if (best.length === 1) {
      // Only single words are left: the loop would take them earliest-hypothesis-first, each with the earliest unused
      // equal reference word; do that in one pass.
      const unused = new Map<number, number[]>();
      ref.forEach((w, j) => {
        if (!usedRef[j]) unused.set(w, [...(unused.get(w) ?? []), j]);
      });
      hyp.forEach((w, i) => {
        const j = usedHyp[i] ? undefined : unused.get(w)?.shift();
        if (j !== undefined) runs.push({ hyp: i, ref: j, length: 1 });
      });
      return runs.sort((a, b) => a.hyp - b.hyp);
    }
    runs.push(best);
    for (let k = 0; k < best.length; k++) {
      usedHyp[best.hyp + k] = 1;
      usedRef[best.ref + k] = 1;
    }
  }
}

export function gtmFromStats(stats: Float64Array, exponent: number): MetricScore {
  const [powerSum, hypLength, refLength] = stats;
  const mms = Math.pow(powerSum, 1 / exponent);
  const p = hypLength > 0 ? mms / hypLength : 0;
  const r = refLength > 0 ? mms / refLength : 0;
  const f = p + r > 0 ? (2 * p * r) / (p + r) : 0;
  return { score: 100 * f, parts: { p: 100 * p, r: 100 * r, f: 100 * f, mms, hypLength, refLength } };
}

export function prepareGtm(references: ReferenceSet, options: GtmOptions = {}): PreparedMetric {
  const tokenize = options.tokenize ?? '13a';
  const lowercase = options.lowercase ?? false;
  const e = options.exponent ?? 1;
  const refs = new TokenizedReferences(references, tokenize, lowercase);
  const best = (hypothesis: string, segment: number) => {
    const hyp = refs.ids(hypothesis);
    let chosen = { stats: Float64Array.of(0, hyp.length, 0), runs: [] as GtmRun[], index: -1, f: -1 };
    refs.of(segment).forEach((ref, index) => {
      // e = 1: the size is the bag overlap, whatever the runs; only explanations need them.
      const runs = e === 1 ? [{ hyp: 0, ref: 0, length: bagOverlap(hyp, ref) }] : gtmRuns(hyp, ref);
      const stats = Float64Array.of(runs.reduce((sum, run) => sum + Math.pow(run.length, e), 0), hyp.length, ref.length);
      const f = gtmFromStats(stats, e).score;
      if (f > chosen.f) chosen = { stats, runs, index, f };
    });
    return chosen;
  };
  return {
    name: 'gtm',
    statsLayout: ['run_power_sum', 'hyp_length', 'ref_length'],
    stats: (hypothesis, segment) => best(hypothesis, segment).stats,
    corpusScore: (totals) => gtmFromStats(totals, e),
    sentenceScore: (stats) => gtmFromStats(stats, e),
    explain(hypothesis, segment): Explanation {
      const chosen = best(hypothesis, segment);
      const index = Math.max(chosen.index, 0);
      chosen.runs = gtmRuns(refs.ids(hypothesis), refs.of(segment)[index] ?? new Int32Array(0));
      const hypTokens = refs.tokenizer.tokens(hypothesis);
      const refTokens = refs.tokenizer.tokens(references.streams[index]?.[segment] ?? '');
      const covered = new Uint8Array(hypTokens.length);
      const matches: SpanMatch[] = chosen.runs.map((run) => {
        for (let k = 0; k < run.length; k++) covered[run.hyp + k] = 1;
        return {
          order: run.length,
          hypothesis: [{ start: hypTokens[run.hyp].start, end: hypTokens[run.hyp + run.length - 1].end }],
          referenceIndex: index,
          reference: [{ start: refTokens[run.ref].start, end: refTokens[run.ref + run.length - 1].end }],
        };
      });
      const score = gtmFromStats(chosen.stats, e);
      return {
        metric: 'gtm',
        score: score.score,
        matches,
        unmatchedHypothesis: hypTokens.filter((_, i) => !covered[i]).map((t) => ({ start: t.start, end: t.end })),
        bestReference: index,
        details: { mms: score.parts.mms as number, precision: score.parts.p as number, recall: score.parts.r as number, exponent: e, runs: chosen.runs.map((r) => r.length) },
      };
    },
    signature: () => `gtm|nrefs:${references.streams.length}|case:${lowercase ? 'lc' : 'mixed'}|tok:${tokenize}|e:${e}|version:understudy`,
  };
}
