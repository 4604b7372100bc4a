import { Explanation, SpanMatch } from '../explanation';
import { MetricScore, PreparedMetric, ReferenceSet } from '../metric';
import { Token } from '../../text/token';
import { nltkPorterStem } from '../../text/stemmers/porter-nltk';
import { WordNet } from '../../lexicon/wordnet';
import { UnderstudyError } from '../../errors';
import { MeteorNormalization, METEOR_NORM_NAMES, meteorTokens, meteorWords } from './meteor-normalize';

/**
 * The original METEOR (Banerjee & Lavie 2005; ../shared/papers/digests/seed001.md §2.6) as a named variant:
 * - stages exact → Porter stem → WordNet synonym; each stage maps only words left unmapped by the earlier stages and
 *   picks the largest set of one-to-one mappings, and among those the one with the fewest crossing mappings (counted
 *   against every mapping made so far);
 * - P = m / hypothesis words, R = m / reference words, Fmean = 10PR / (R + 9P);
 * - chunks: mapped hypothesis words in adjacent positions mapped to adjacent reference positions;
 *   penalty = 0.5 · (chunks / m)³; score = Fmean · (1 − penalty), 0 without matches;
 * - several references: the best score (the first reference on ties); corpus score from the summed matches, lengths
 *   and chunks of the chosen references.
 * Tokens are METEOR 1.5's (normalisation as chosen, lower-cased unless raw); "Porter stem" is Porter's 1980 algorithm
 * (NLTK's ORIGINAL_ALGORITHM mode); WordNet synonymy: two words share a synset of one of their WordNet base forms.
 * The search is exhaustive (branch and bound) up to 200,000 steps per stage, then keeps the best mapping found; a stage
 * with more than 200 mappable hypothesis words (very long lines) is mapped greedily left to right instead, each word
 * taking the free candidate that adds the fewest crossings (the nearest on ties).
 */
export type Meteor2005Stage = 'exact' | 'stem' | 'synonym';

export interface Meteor2005Options {
  readonly normalization?: MeteorNormalization;
  readonly stages?: readonly Meteor2005Stage[];
  /** Loads WordNet (only when the synonym stage is used). */
  readonly wordnet?: () => WordNet;
}

export const METEOR2005_STATS_LAYOUT: readonly string[] = ['matches', 'hyp_length', 'ref_length', 'chunks'];

const SEARCH_LIMIT = 200_000;
const EXHAUSTIVE_WORDS = 200;

interface Link {
  readonly hyp: number;
  readonly ref: number;
  readonly stage: number;
}

/** Score parts from (summed) `[matches, hyp length, ref length, chunks]`. */
export function meteor2005FromStats(stats: Float64Array): MetricScore {
  const [matches, hypLength, refLength, chunks] = stats;
  if (matches === 0) return { score: 0, parts: { precision: 0, recall: 0, fMean: 0, penalty: 0, chunks, matches } };
  const precision = matches / hypLength;
  const recall = matches / refLength;
  const fMean = (10 * precision * recall) / (recall + 9 * precision);
  const penalty = 0.5 * (chunks / matches) ** 3;
  return { score: fMean * (1 - penalty), parts: { precision, recall, fMean, penalty, chunks, matches } };
}

/** Number of chunks of an alignment (links in hypothesis order). */
function chunkIds(links: readonly Link[]): number[] {
  const sorted = [...links].sort((a, b) => a.hyp - b.hyp);
  const ids: number[] = [];
  let chunk = -1;
  for (let k = 0; k < sorted.length; k++) {
    const contiguous = k > 0 && sorted[k].hyp === sorted[k - 1].hyp + 1 && sorted[k].ref === sorted[k - 1].ref + 1;
    if (!contiguous) chunk++;
    ids.push(chunk);
  }
  return ids;
}

function crossingsWith(links: readonly Link[], hyp: number, ref: number): number {
  let n = 0;
  for (const l of links) if ((l.hyp - hyp) * (l.ref - ref) < 0) n++;
  return n;
}

/**
 * One stage: among `candidates[h]` (free reference positions each free hypothesis word may map to), the largest
 * one-to-one subset, then the fewest crossings with `fixed` and among themselves.
 */
function bestStageMapping(candidates: readonly (readonly number[])[], fixed: readonly Link[], stage: number): Link[] {
  const order = candidates.map((c, h) => h).filter((h) => candidates[h].length > 0);
  if (order.length > EXHAUSTIVE_WORDS) return greedyStageMapping(candidates, order, fixed, stage);
  const usedRef = new Set<number>();
  const chosen: Link[] = [];
  let best: Link[] = [];
  let bestCrossings = Infinity;
  let steps = 0;
  const search = (k: number, crossings: number): void => {
    if (++steps > SEARCH_LIMIT) return;
    const remaining = order.length - k;
    if (chosen.length + remaining < best.length) return;
    if (chosen.length + remaining === best.length && crossings >= bestCrossings) return;
    if (k === order.length) {
      if (chosen.length > best.length || crossings < bestCrossings) {
        best = chosen.slice();
        bestCrossings = crossings;
      }
      return;
    }
    const h = order[k];
    const options = candidates[h]
      .filter((r) => !usedRef.has(r))
      .map((r) => ({ r, added: crossingsWith(fixed, h, r) + crossingsWith(chosen, h, r) }))
      .sort((a, b) => a.added - b.added || Math.abs(a.r - h) - Math.abs(b.r - h));
    for (const { r, added } of options) {
      usedRef.add(r);
      chosen.push({ hyp: h, ref: r, stage });
      search(k + 1, crossings + added);
      chosen.pop();
      usedRef.delete(r);
    }
    search(k + 1, crossings);
  };
  search(0, 0);
  return best;
}

/** Left to right, each word takes the free candidate adding the fewest crossings (nearest first on ties). */
function greedyStageMapping(candidates: readonly (readonly number[])[], order: readonly number[], fixed: readonly Link[], stage: number): Link[] {
  const usedRef = new Set<number>();
  const chosen: Link[] = [];
  // Crossings are counted against the nearest links only when lines are long: a link's crossings with links far away
  // cannot change which nearby candidate is best often enough to justify a quadratic count.
  for (const h of order) {
    let best = -1;
    let bestAdded = Infinity;
    for (const r of candidates[h]) {
      if (usedRef.has(r)) continue;
      const added = crossingsWith(fixed, h, r) + crossingsWith(chosen.slice(-64), h, r);
      if (added < bestAdded || (added === bestAdded && Math.abs(r - h) < Math.abs(best - h))) {
        best = r;
        bestAdded = added;
      }
    }
    if (best >= 0) {
      usedRef.add(best);
      chosen.push({ hyp: h, ref: best, stage });
    }
  }
  return chosen;
}

export function prepareMeteor2005(references: ReferenceSet, options: Meteor2005Options = {}): PreparedMetric {
  const normalization = options.normalization ?? 'norm';
  const stages = options.stages ?? ['exact', 'stem', 'synonym'];
  for (const s of stages) {
    if (!['exact', 'stem', 'synonym'].includes(s)) throw new UnderstudyError('bad-option', `meteor2005 has the stages exact, stem and synonym; "${s}" is not one of them.`);
  }
  const wordnet = stages.includes('synonym') ? options.wordnet?.() : undefined;
  if (stages.includes('synonym') && !wordnet) throw new Error('meteor2005 synonym stage: no WordNet loader given');
  const streams = references.streams;
  const nrefs = streams.length;
  const referenceWords = streams.map((s) => s.map((line) => meteorWords(line, normalization)));

  const synsetCache = new Map<string, Set<string>>();
  const synsets = (word: string): Set<string> => {
    let set = synsetCache.get(word);
    if (!set) {
      set = new Set();
      for (const base of wordnet!.baseForms(word)) for (const s of wordnet!.synsets(base)) set.add(`${s.pos === 's' ? 'a' : s.pos}${s.offset}`);
      synsetCache.set(word, set);
    }
    return set;
  };
  const align = (hyp: readonly string[], ref: readonly string[]): Link[] => {
    const links: Link[] = [];
    const hypUsed = new Uint8Array(hyp.length);
    const refUsed = new Uint8Array(ref.length);
    stages.forEach((stage, s) => {
      // Reference positions by matching key (word, stem or synset), so candidates cost no word-by-word comparison.
      const keysOf = (word: string): Iterable<string> => (stage === 'exact' ? [word] : stage === 'stem' ? [nltkPorterStem(word, 'original')] : synsets(word));
      const positions = new Map<string, number[]>();
      ref.forEach((word, r) => {
        if (refUsed[r]) return;
        for (const key of keysOf(word)) {
          const list = positions.get(key);
          if (list) list.push(r);
          else positions.set(key, [r]);
        }
      });
      const candidates = hyp.map((w, h) => {
        if (hypUsed[h]) return [];
        const found = new Set<number>();
        for (const key of keysOf(w)) for (const r of positions.get(key) ?? []) found.add(r);
        return [...found].sort((a, b) => a - b);
      });
      for (const link of bestStageMapping(candidates, links, s)) {
        links.push(link);
        hypUsed[link.hyp] = 1;
        refUsed[link.ref] = 1;
      }
    });
    return links;
  };

  const scoreWords = (hyp: readonly string[], segment: number): { stats: Float64Array; links: Link[]; best: number } => {
    let best: { stats: Float64Array; links: Link[]; best: number; score: number } | undefined;
    for (let k = 0; k < nrefs; k++) {
      const ref = referenceWords[k][segment];
      const links = align(hyp, ref);
      const chunks = links.length === 0 ? 0 : Math.max(...chunkIds(links)) + 1;
      const stats = Float64Array.of(links.length, hyp.length, ref.length, chunks);
      const score = meteor2005FromStats(stats).score;
      if (best === undefined || score > best.score) best = { stats, links, best: k, score };
    }
    if (!best) throw new RangeError('meteor2005: no reference');
    return best;
  };

  const explain = (hypothesis: string, segment: number): Explanation => {
    const hypTokens = meteorTokens(hypothesis, normalization, true);
    const result = scoreWords(hypTokens.map((t) => t.text), segment);
    const refTokens: Token[] = meteorTokens(streams[result.best][segment], normalization, true);
    const sorted = [...result.links].sort((a, b) => a.hyp - b.hyp);
    const chunks = chunkIds(sorted);
    const matches: SpanMatch[] = sorted.map((l) => ({
      order: 1,
      hypothesis: [{ start: hypTokens[l.hyp].start, end: hypTokens[l.hyp].end }],
      referenceIndex: result.best,
      reference: [{ start: refTokens[l.ref].start, end: refTokens[l.ref].end }],
      kind: stages[l.stage],
    }));
    const mapped = new Set(sorted.map((l) => l.hyp));
    const score = meteor2005FromStats(result.stats);
    return {
      metric: 'meteor2005',
      score: score.score,
      matches,
      unmatchedHypothesis: hypTokens.filter((_, i) => !mapped.has(i)).map((t) => ({ start: t.start, end: t.end })),
      bestReference: result.best,
      details: { ...(score.parts as Record<string, number>), chunkOfMatch: chunks },
    };
  };

  return {
    name: 'meteor2005',
    statsLayout: METEOR2005_STATS_LAYOUT,
    stats: (hypothesis, segment) => {
      if (!(segment >= 0 && segment < (nrefs > 0 ? streams[0].length : 0))) throw new RangeError(`meteor2005: segment ${segment} is out of range`);
      return scoreWords(meteorWords(hypothesis, normalization), segment).stats;
    },
    corpusScore: (totals) => meteor2005FromStats(totals),
    sentenceScore: (stats) => meteor2005FromStats(stats),
    explain,
    signature: () =>
      [`nrefs:${nrefs}`, 'meteor:2005', `norm:${METEOR_NORM_NAMES[normalization]}`, `stages:${stages.join('_')}`, 'stem:porter1980', ...(wordnet ? ['wordnet:3.0'] : [])].join('|'),
  };
}
