import { TokenizerName } from '../text/tokenizers/tokenizer';
import { Explanation, SpanMatch } from './explanation';
import { MetricScore, PreparedMetric, ReferenceSet } from './metric';
import { bagOverlap, TokenizedReferences } from './word-error-core';

/**
 * GTM, the General Text Matcher (Turian, Shen & Melamed 2003). A matching pairs hypothesis and reference words (each
 * used at most once); its runs are contiguous diagonal blocks, and size(M) = (Σ_runs |run|^e)^{1/e}. With the maximum
 * matching size MMS: P = MMS/|hyp|, R = MMS/|ref|, F = 2PR/(P+R), on a 0–100 scale (identical = 100, as the papers
 * report it; the GTM tool itself prints 0–1).
 *
 * Matching. For e = 1 every maximal matching of equal words is maximum, and MMS is the bag-of-words overlap
 * Σ_w min(n_hyp(w), n_ref(w)). For e > 1 the maximum is NP-hard; like the GTM tool we build the matching greedily:
 * repeatedly take the longest run of equal words over still unused positions (ties: earliest in the hypothesis, then
 * in the reference). This is an approximation of the true maximum, as in the tool.
 *
 * Several references: the reference with the best segment F decides (first on ties); its MMS and length are used.
 *
 * Corpus score (an interpretation; no golden values exist): each segment contributes its own MMS, and
 *   P = Σ_k MMS_k / Σ_k |hyp_k|,  R = Σ_k MMS_k / Σ_k |ref_k|,  F = 2PR/(P+R).
 * For e = 1 this is exactly the MMS of the whole corpus as one text with hits only inside aligned segments. For e > 1
 * summing the run powers instead, (Σ_k Σ_runs |run|^e)^{1/e}, would grow like √K for K segments while the lengths grow
 * like K, so an identical corpus would score far below 100; summing per-segment sizes keeps identical = 100.
 *
 * Empty segments: P (R) is 0 when the hypothesis (reference) is empty, so an empty hypothesis against an empty
 * reference scores 0, as chrF and ROUGE do.
 * Statistics per segment: [mms, hypLength, refLength].
 */
export interface GtmOptions {
  readonly tokenize?: TokenizerName;
  readonly lowercase?: boolean;
  /** Run-length exponent e ≥ 1 (1 = bag overlap; 2 and 3 are common variants). */
  readonly exponent?: number;
}

export interface GtmRun {
  /** Start position in the hypothesis words. */
  readonly hyp: number;
  /** Start position in the reference words. */
  readonly ref: number;
  readonly length: number;
}

export const GTM_STATS_LAYOUT: readonly string[] = ['mms', 'hyp_length', 'ref_length'];

/**
 * The greedy longest-run-first matching as runs (positions and lengths), sorted by hypothesis position: repeatedly
 * take the longest run of equal words whose positions are all unused (ties: earliest in the hypothesis, then in the
 * reference).
 *
 * Done lazily rather than by rescanning the whole grid for every run: the maximal diagonal runs of equal words are
 * found once (work proportional to the number of equal word pairs) and kept in a max-heap by (length, hypothesis
 * start, reference start). A popped run whose positions are all free is the next choice, since every other entry's
 * free pieces are at most its recorded length and start no earlier than it; a popped run that lost positions to an
 * earlier choice goes back as its free pieces.
 */
export function gtmRuns(hyp: Int32Array, ref: Int32Array): GtmRun[] {
  const positions = new Map<number, number[]>();
  for (let j = 0; j < ref.length; j++) {
    const list = positions.get(ref[j]);
    if (list) list.push(j);
    else positions.set(ref[j], [j]);
  }
  const heap = new RunHeap();
  for (let i = 0; i < hyp.length; i++) {
    const list = positions.get(hyp[i]);
    if (!list) continue;
    for (const j of list) {
      if (i > 0 && j > 0 && hyp[i - 1] === ref[j - 1]) continue; // not the start of a maximal run
      let length = 1;
      while (i + length < hyp.length && j + length < ref.length && hyp[i + length] === ref[j + length]) length++;
      heap.push({ hyp: i, ref: j, length });
    }
  }
  const usedHyp = new Uint8Array(hyp.length);
  const usedRef = new Uint8Array(ref.length);
  const runs: GtmRun[] = [];
  for (let run = heap.pop(); run; run = heap.pop()) {
    let free = true;
    for (let k = 0; k < run.length && free; k++) free = !usedHyp[run.hyp + k] && !usedRef[run.ref + k];
    if (free) {
      runs.push(run);
      usedHyp.fill(1, run.hyp, run.hyp + run.length);
      usedRef.fill(1, run.ref, run.ref + run.length);
      continue;
    }
    // Re-queue the free pieces.
    let pieceStart = -1;
    for (let k = 0; k <= run.length; k++) {
      const isFree = k < run.length && !usedHyp[run.hyp + k] && !usedRef[run.ref + k];
      if (isFree && pieceStart < 0) pieceStart = k;
      if (!isFree && pieceStart >= 0) {
        heap.push({ hyp: run.hyp + pieceStart, ref: run.ref + pieceStart, length: k - pieceStart });
        pieceStart = -1;
      }
    }
  }
  return runs.sort((a, b) => a.hyp - b.hyp);
}

/** Max-heap of runs: longer first, then earlier in the hypothesis, then earlier in the reference. */
class RunHeap {
  private readonly items: GtmRun[] = [];

  private static before(a: GtmRun, b: GtmRun): boolean {
    if (a.length !== b.length) return a.length > b.length;
    if (a.hyp !== b.hyp) return a.hyp < b.hyp;
    return a.ref < b.ref;
  }

  push(run: GtmRun): void {
    const items = this.items;
    let i = items.length;
    items.push(run);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!RunHeap.before(run, items[parent])) break;
      items[i] = items[parent];
      i = parent;
    }
    items[i] = run;
  }

  pop(): GtmRun | undefined {
    const items = this.items;
    if (items.length === 0) return undefined;
    const top = items[0];
    const last = items.pop()!;
    if (items.length > 0) {
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        if (left >= items.length) break;
        const right = left + 1;
        const child = right < items.length && RunHeap.before(items[right], items[left]) ? right : left;
        if (!RunHeap.before(items[child], last)) break;
        items[i] = items[child];
        i = child;
      }
      items[i] = last;
    }
    return top;
  }
}

/** size(M) = (Σ_runs |run|^e)^{1/e}. */
export function matchingSize(runs: readonly GtmRun[], exponent: number): number {
  if (exponent === 1) return runs.reduce((sum, run) => sum + run.length, 0);
  if (runs.length === 1) return runs[0].length; // exact, where pow(pow(n, e), 1/e) may be off in the last bit
  let powerSum = 0;
  for (const run of runs) powerSum += Math.pow(run.length, exponent);
  return Math.pow(powerSum, 1 / exponent);
}

/** P, R, F (0–100) from [mms, hypLength, refLength] (one segment's or summed). */
export function gtmFromStats(stats: Float64Array): MetricScore {
  const [mms, hypLength, refLength] = stats;
  const p = hypLength > 0 ? (100 * mms) / hypLength : 0;
  const r = refLength > 0 ? (100 * mms) / refLength : 0;
  // 2PR/(P+R) = 2·MMS/(|hyp| + |ref|) when both are defined; the second form rounds once.
  const f = p > 0 && r > 0 ? (200 * mms) / (hypLength + refLength) : 0;
  return { score: f, parts: { p, r, f, mms, hypLength, refLength } };
}

export function prepareGtm(references: ReferenceSet, options: GtmOptions = {}): PreparedMetric {
  const tokenize = options.tokenize ?? '13a';
  const lowercase = options.lowercase ?? false;
  const e = options.exponent ?? 1;
  if (!(e >= 1) || !Number.isFinite(e)) throw new RangeError(`GTM exponent must be a finite number ≥ 1, got ${e}`);
  const refs = new TokenizedReferences(references, tokenize, lowercase);

  /** The deciding reference: best segment F, first on ties (index −1 only when the segment has no reference). */
  const choose = (hyp: Int32Array, segment: number) => {
    let chosen = { stats: Float64Array.of(0, hyp.length, 0), index: -1, f: -1 };
    refs.of(segment).forEach((ref, index) => {
      // e = 1: the size is the bag overlap, whatever the runs; the runs are only built for explanations.
      const mms = e === 1 ? bagOverlap(hyp, ref) : matchingSize(gtmRuns(hyp, ref), e);
      const stats = Float64Array.of(mms, hyp.length, ref.length);
      const f = gtmFromStats(stats).score;
      if (f > chosen.f) chosen = { stats, index, f };
    });
    return chosen;
  };

  return {
    name: 'gtm',
    statsLayout: GTM_STATS_LAYOUT,
    stats: (hypothesis, segment) => choose(refs.ids(hypothesis), segment).stats,
    corpusScore: (totals) => gtmFromStats(totals),
    sentenceScore: (stats) => gtmFromStats(stats),
    explain(hypothesis, segment): Explanation {
      const hypIds = refs.ids(hypothesis);
      const chosen = choose(hypIds, segment);
      const index = Math.max(chosen.index, 0);
      const runs = gtmRuns(hypIds, refs.of(segment)[index] ?? new Int32Array(0));
      const hypTokens = refs.tokenizer.tokens(hypothesis);
      const refTokens = refs.tokenizer.tokens(references.streams[index]?.[segment] ?? '');
      const covered = new Uint8Array(hypTokens.length);
      const matches: SpanMatch[] = runs.map((run) => {
        covered.fill(1, run.hyp, run.hyp + run.length);
        return {
          order: run.length,
          hypothesis: [{ start: hypTokens[run.hyp].start, end: hypTokens[run.hyp + run.length - 1].end }],
          referenceIndex: index,
          reference: [{ start: refTokens[run.ref].start, end: refTokens[run.ref + run.length - 1].end }],
        };
      });
      const score = gtmFromStats(chosen.stats);
      return {
        metric: 'gtm',
        score: score.score,
        matches,
        unmatchedHypothesis: hypTokens.filter((_, i) => !covered[i]).map((t) => ({ start: t.start, end: t.end })),
        bestReference: index,
        details: {
          mms: score.parts.mms as number,
          precision: score.parts.p as number,
          recall: score.parts.r as number,
          exponent: e,
          runs: runs.map((r) => r.length),
          hypothesisLength: chosen.stats[1],
          referenceLength: chosen.stats[2],
        },
      };
    },
    signature: () => `gtm|nrefs:${references.streams.length}|case:${lowercase ? 'lc' : 'mixed'}|tok:${tokenize}|e:${e}|version:understudy`,
  };
}
