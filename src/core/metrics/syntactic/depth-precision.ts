import { Explanation, SpanMatch } from '../explanation';
import { MetricScore, PreparedMetric, ReferenceSet } from '../metric';
import { Span } from '../../text/token';
import { presentReferences, uniqueSpans } from './syntactic-common';
import { groupByKey, keyCounts } from './unit-matching';

/**
 * The shape Liu & Gildea (2005) give HWCM, STM and DSTM: BLEU's clipped precision, per length or depth n = 1..D, of
 * the hypothesis' units (head-word chains, subtrees), averaged arithmetically rather than geometrically "with the
 * consideration of the sparse subtrees which lead to zero fractions":
 *
 *   score = (1/D) Σ_n Σ_{u ∈ units_n(hyp)} count_clip(u) / Σ_{u ∈ units_n(hyp)} count(u)
 *
 * where a unit's count is clipped at "the maximum number of times the subtree occurs in any single reference" (all
 * references at once). Statistics per segment: [matches_1, units_1, …, matches_D, units_D]; the corpus score applies
 * the formula to their sums. Choices where the paper is silent, so that an identical hypothesis scores 1:
 * - a length with no hypothesis units (a sentence shorter than D) is left out of the mean;
 * - at sentence level a zero precision counts as ε (10⁻³ for HWCM, as Liu & Gildea do for BLEU and HWCM; 0 for STM
 *   and DSTM, where the paper keeps zero fractions).
 */
export interface LevelUnit {
  readonly key: string;
  /** Where the unit is in its line (for the explanation). */
  readonly spans: readonly Span[];
  /** As shown to users: `have pen a`, `S(NP VP)`. */
  readonly text: string;
}

/** A line's units by level: `levels[n - 1]` are the units of length or depth n. */
export type Levels = readonly (readonly LevelUnit[])[];

export interface DepthPrecisionSpec {
  readonly name: string;
  readonly maxDepth: number;
  readonly epsilon: number;
  readonly signature: string;
  /** Kind of unit in explanations (`chain`, `subtree`). */
  readonly unitKind: string;
  hypothesis(line: string, segment: number): { levels: Levels; words: readonly Span[] };
  reference(k: number, segment: number): Levels;
}

export function depthStatsLayout(maxDepth: number): string[] {
  const layout: string[] = [];
  for (let n = 1; n <= maxDepth; n++) layout.push(`matches${n}`, `units${n}`);
  return layout;
}

/** Clipped matches per level of the hypothesis against references used at once (max count over them). */
export function clippedLevelStats(hypothesis: Levels, references: readonly Levels[], maxDepth: number): Float64Array {
  const stats = new Float64Array(2 * maxDepth);
  for (let n = 0; n < maxDepth; n++) {
    const hyp = keyCounts(hypothesis[n] ?? []);
    const maxRef = new Map<string, number>();
    for (const ref of references) for (const [key, c] of keyCounts(ref[n] ?? [])) if (c > (maxRef.get(key) ?? 0)) maxRef.set(key, c);
    let matches = 0;
    for (const [key, c] of hyp) matches += Math.min(c, maxRef.get(key) ?? 0);
    stats[2 * n] = matches;
    stats[2 * n + 1] = (hypothesis[n] ?? []).length;
  }
  return stats;
}

/** The mean of the per-level precisions over the levels that have units (zero precisions replaced by `epsilon`). */
export function meanLevelPrecision(stats: Float64Array, epsilon: number): { score: number; precisions: number[] } {
  const precisions: number[] = [];
  let sum = 0;
  let levels = 0;
  for (let n = 0; 2 * n + 1 < stats.length; n++) {
    const units = stats[2 * n + 1];
    if (units <= 0) {
      precisions.push(NaN);
      continue;
    }
    const p = stats[2 * n] / units;
    precisions.push(p);
    sum += p === 0 ? epsilon : p;
    levels++;
  }
  return { score: levels > 0 ? sum / levels : 0, precisions };
}

export function prepareDepthPrecision(references: ReferenceSet, spec: DepthPrecisionSpec): PreparedMetric {
  const { maxDepth, epsilon } = spec;
  if (!Number.isInteger(maxDepth) || maxDepth < 1) throw new RangeError(`${spec.name}: the maximum length/depth must be a positive integer, got ${maxDepth}`);
  const toScore = (stats: Float64Array, eps: number): MetricScore => {
    const { score, precisions } = meanLevelPrecision(stats, eps);
    const parts: Record<string, number | number[]> = { precisions };
    for (let n = 1; n <= maxDepth; n++) {
      parts[`matches${n}`] = stats[2 * n - 2];
      parts[`units${n}`] = stats[2 * n - 1];
    }
    return { score, parts };
  };
  const referenceLevels = (segment: number): { k: number; levels: Levels }[] =>
    presentReferences(references, segment).map((k) => ({ k, levels: spec.reference(k, segment) }));

  return {
    name: spec.name,
    statsLayout: depthStatsLayout(maxDepth),
    stats(hypothesis: string, segment: number): Float64Array {
      const { levels } = spec.hypothesis(hypothesis, segment);
      return clippedLevelStats(levels, referenceLevels(segment).map((r) => r.levels), maxDepth);
    },
    corpusScore(totals: Float64Array): MetricScore {
      return toScore(totals, 0);
    },
    sentenceScore(stats: Float64Array): MetricScore {
      return toScore(stats, epsilon);
    },
    explain(hypothesis: string, segment: number): Explanation {
      const { levels, words } = spec.hypothesis(hypothesis, segment);
      const refs = referenceLevels(segment);
      const stats = clippedLevelStats(levels, refs.map((r) => r.levels), maxDepth);
      const matches: SpanMatch[] = [];
      const matchedUnits: string[] = [];
      const unmatchedUnits: string[] = [];
      const covered = new Set<string>();
      for (let n = 0; n < maxDepth; n++) {
        // Each reference's unused occurrences of each key; a hypothesis unit takes one from the reference with the
        // most occurrences (the clip), in hypothesis order.
        const available = refs.map((r) => groupByKey(r.levels[n] ?? []));
        const clip = new Map<string, { ref: number; left: number }>();
        for (const u of levels[n] ?? []) {
          if (!clip.has(u.key)) {
            let best = -1;
            let most = 0;
            available.forEach((byKey, i) => {
              const c = byKey.get(u.key)?.length ?? 0;
              if (c > most) {
                most = c;
                best = i;
              }
            });
            clip.set(u.key, { ref: best, left: most });
          }
          const entry = clip.get(u.key) as { ref: number; left: number };
          if (entry.left > 0) {
            entry.left--;
            const r = available[entry.ref].get(u.key)?.shift() as LevelUnit;
            matches.push({ order: n + 1, hypothesis: uniqueSpans(u.spans), referenceIndex: refs[entry.ref].k, reference: uniqueSpans(r.spans), kind: spec.unitKind });
            matchedUnits.push(u.text);
            for (const s of u.spans) covered.add(`${s.start}:${s.end}`);
          } else unmatchedUnits.push(u.text);
        }
      }
      const sentence = toScore(stats, epsilon);
      return {
        metric: spec.name,
        score: sentence.score,
        matches,
        unmatchedHypothesis: uniqueSpans(words.filter((s) => !covered.has(`${s.start}:${s.end}`))),
        details: {
          precisions: sentence.parts.precisions as number[],
          matchesPerLevel: Array.from({ length: maxDepth }, (_, n) => stats[2 * n]),
          unitsPerLevel: Array.from({ length: maxDepth }, (_, n) => stats[2 * n + 1]),
          matchedUnits,
          unmatchedUnits,
        },
      };
    },
    signature(): string {
      return spec.signature;
    },
  };
}
