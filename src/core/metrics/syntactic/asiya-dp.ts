import { Explanation, SpanMatch } from '../explanation';
import { MetricScore, PreparedMetric, ReferenceSet } from '../metric';
import { ParsedLine, TreeSource, includedWords } from '../../syntax/tree-source';
import { ChainItem, categoryItem, relationItem, wordItem } from '../../syntax/headword-chains';
import { UNDERSTUDY_VERSION } from '../../version';
import { Levels, clippedLevelStats, meanLevelPrecision } from './depth-precision';
import { groupByKey, keyCounts } from './unit-matching';
import { ReferenceCache, contentWords, hypothesisParse, presentReferences, spanOf, uniqueSpans } from './syntactic-common';
import { chainLevels } from './liu-gildea';

/**
 * Giménez & Màrquez's dependency-parsing metrics (IQmt / Asiya, used as members of heterogeneous combinations such as
 * ULC in the UNED papers): DP-HWC and DP-Or(⋆). Both score a segment against each reference separately and keep the
 * best, as Asiya does for its overlap metrics; the system score is the mean of the segment scores.
 *
 * - DP-HWC_i-D: head-word chain matching (Liu & Gildea's HWCM, depth-precision.ts) against one reference, over chains
 *   of word forms (i = w), parts of speech (c) or relations (r), lengths 1..D (Asiya's DP-HWCM_w-4 and kin);
 * - DP-Or(⋆): lexical overlap by relation type, O = Σ_t Σ_i min(c_hyp(i,t), c_ref(i,t)) / Σ_t Σ_i max(c_hyp(i,t),
 *   c_ref(i,t)), the items i being the words that hang from a relation of type t (the universal UD relation).
 *
 * Statistics: [segment score, segments (1), matched, total] (matched/total: the chains or word overlap of the
 * reference that gave the score), so the corpus score is the mean segment score and the parts also give the pooled
 * ratio.
 */
export type DpHwcItems = 'word' | 'category' | 'relation';

export const ASIYA_DP_STATS_LAYOUT: readonly string[] = ['score', 'segments', 'matched', 'total'];

function meanScore(stats: Float64Array): MetricScore {
  const segments = stats[1];
  return {
    score: segments > 0 ? stats[0] / segments : 0,
    parts: { segments, matched: stats[2], total: stats[3], pooled: stats[3] > 0 ? stats[2] / stats[3] : 0 },
  };
}

function chainItem(items: DpHwcItems, lowercase: boolean): ChainItem {
  return items === 'word' ? wordItem(lowercase) : items === 'category' ? categoryItem : relationItem;
}

/** DP-HWC: HWCM against each reference on its own, the best one kept. */
export function prepareDpHwc(references: ReferenceSet, trees: TreeSource, options: { name: string; maxDepth: number; items: DpHwcItems; lowercase?: boolean }): PreparedMetric {
  const { maxDepth } = options;
  if (!Number.isInteger(maxDepth) || maxDepth < 1) throw new RangeError(`${options.name}: the maximum chain length must be a positive integer, got ${maxDepth}`);
  const item = chainItem(options.items, options.lowercase ?? false);
  const levelsOf = (parsed: ParsedLine): Levels => chainLevels(parsed, maxDepth, item);
  const cache = new ReferenceCache(references, trees, levelsOf);
  const compare = (hypothesis: string, segment: number) => {
    const parsed = hypothesisParse(trees, hypothesis, segment);
    const levels = levelsOf(parsed);
    let best: { k: number; score: number; stats: Float64Array } | undefined;
    for (const k of presentReferences(references, segment)) {
      const stats = clippedLevelStats(levels, [cache.get(k, segment).value], maxDepth);
      const score = meanLevelPrecision(stats, 0).score;
      if (!best || score > best.score) best = { k, score, stats };
    }
    return { parsed, levels, best };
  };
  const sum = (stats: Float64Array, offset: 0 | 1): number => {
    let s = 0;
    for (let i = offset; i < stats.length; i += 2) s += stats[i];
    return s;
  };
  const signature = ['dp-hwc', `items:${options.items}`, `D:${maxDepth}`, `case:${options.lowercase ? 'lc' : 'mixed'}`, `nrefs:${references.streams.length}`, 'refs:max', `trees:${trees.name}`, `version:${UNDERSTUDY_VERSION}`].join('|');
  return {
    name: options.name,
    statsLayout: ASIYA_DP_STATS_LAYOUT,
    stats(hypothesis: string, segment: number): Float64Array {
      const { best, levels } = compare(hypothesis, segment);
      if (!best) return Float64Array.of(0, 1, 0, levels.reduce((n, l) => n + l.length, 0));
      return Float64Array.of(best.score, 1, sum(best.stats, 0), sum(best.stats, 1));
    },
    corpusScore: meanScore,
    sentenceScore: meanScore,
    explain(hypothesis: string, segment: number): Explanation {
      const { parsed, levels, best } = compare(hypothesis, segment);
      const matches: SpanMatch[] = [];
      const covered = new Set<string>();
      const matchedUnits: string[] = [];
      if (best) {
        const refLevels = cache.get(best.k, segment).value;
        levels.forEach((level, n) => {
          const available = groupByKey(refLevels[n]);
          for (const u of level) {
            const r = available.get(u.key)?.shift();
            if (!r) continue;
            matches.push({ order: n + 1, hypothesis: uniqueSpans(u.spans), referenceIndex: best.k, reference: uniqueSpans(r.spans), kind: 'chain' });
            matchedUnits.push(u.text);
            for (const s of u.spans) covered.add(`${s.start}:${s.end}`);
          }
        });
      }
      const words = contentWords(parsed).map(([s, w]) => spanOf(parsed, s, w));
      return {
        metric: options.name,
        score: best?.score ?? 0,
        matches,
        unmatchedHypothesis: uniqueSpans(words.filter((s) => !covered.has(`${s.start}:${s.end}`))),
        bestReference: best?.k,
        details: {
          items: options.items,
          precisions: best ? meanLevelPrecision(best.stats, 0).precisions : [],
          matchedUnits,
        },
      };
    },
    signature: () => signature,
  };
}

/** The (relation type, word) items of a parsed line, with where each word is. */
function overlapItems(parsed: ParsedLine, lowercase: boolean): { key: string; relation: string; sentence: number; word: number }[] {
  const form = wordItem(lowercase);
  const out: { key: string; relation: string; sentence: number; word: number }[] = [];
  parsed.sentences.forEach((sentence, s) => {
    const included = includedWords(sentence);
    for (const w of sentence.words) {
      if (!included[w.id - 1]) continue;
      const relation = relationItem(w);
      out.push({ key: `${relation}\u0001${form(w)}`, relation, sentence: s, word: w.id });
    }
  });
  return out;
}

/** DP-Or(⋆): overlap of the words under each relation type, against each reference, the best kept. */
export function prepareDpOverlap(references: ReferenceSet, trees: TreeSource, options: { name: string; lowercase?: boolean }): PreparedMetric {
  const lowercase = options.lowercase ?? false;
  const itemsOf = (parsed: ParsedLine) => overlapItems(parsed, lowercase);
  const cache = new ReferenceCache(references, trees, itemsOf);
  const compare = (hypothesis: string, segment: number) => {
    const parsed = hypothesisParse(trees, hypothesis, segment);
    const items = itemsOf(parsed);
    const hyp = keyCounts(items);
    let best: { k: number; score: number; overlap: number; union: number } | undefined;
    for (const k of presentReferences(references, segment)) {
      const ref = keyCounts(cache.get(k, segment).value);
      let overlap = 0;
      let union = 0;
      for (const [key, c] of hyp) {
        const r = ref.get(key) ?? 0;
        overlap += Math.min(c, r);
        union += Math.max(c, r);
      }
      for (const [key, r] of ref) if (!hyp.has(key)) union += r;
      const score = union > 0 ? overlap / union : 0;
      if (!best || score > best.score) best = { k, score, overlap, union };
    }
    return { parsed, items, best };
  };
  const signature = ['dp-or', `case:${lowercase ? 'lc' : 'mixed'}`, `nrefs:${references.streams.length}`, 'refs:max', `trees:${trees.name}`, `version:${UNDERSTUDY_VERSION}`].join('|');
  return {
    name: options.name,
    statsLayout: ASIYA_DP_STATS_LAYOUT,
    stats(hypothesis: string, segment: number): Float64Array {
      const { best, items } = compare(hypothesis, segment);
      return best ? Float64Array.of(best.score, 1, best.overlap, best.union) : Float64Array.of(0, 1, 0, items.length);
    },
    corpusScore: meanScore,
    sentenceScore: meanScore,
    explain(hypothesis: string, segment: number): Explanation {
      const { parsed, items, best } = compare(hypothesis, segment);
      const matches: SpanMatch[] = [];
      const matched = new Set<number>();
      if (best) {
        const refParsed = cache.get(best.k, segment);
        const available = groupByKey(refParsed.value);
        items.forEach((h, i) => {
          const r = available.get(h.key)?.shift();
          if (!r) return;
          matched.add(i);
          matches.push({ order: 1, hypothesis: [spanOf(parsed, h.sentence, h.word)], referenceIndex: best.k, reference: [spanOf(refParsed.parsed, r.sentence, r.word)], kind: h.relation });
        });
      }
      return {
        metric: options.name,
        score: best?.score ?? 0,
        matches,
        unmatchedHypothesis: uniqueSpans(items.filter((_, i) => !matched.has(i)).map((h) => spanOf(parsed, h.sentence, h.word))),
        bestReference: best?.k,
        details: { overlap: best?.overlap ?? 0, union: best?.union ?? items.length },
      };
    },
    signature: () => signature,
  };
}
