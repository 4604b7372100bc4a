import { UnderstudyError } from '../../errors';
import { averageRanks } from '../stats/ranking';
import { ItemMeasure, OutputScores, metricMeasures, presentItems, requireHuman, segmentLabel } from './output-scores';

export interface AucOptions {
  /** Measures besides the metrics (ULC, HBR…), item values with higher = better. */
  readonly extra?: readonly ItemMeasure[];
  /** Fraction of segments in a measure's worst case (P13 §5.3: the worst 10%). */
  readonly worstFraction?: number;
}

export interface MeasureAuc {
  readonly measure: string;
  /** AUC(x) = P(x(s) > x(s′) | Q(s) > Q(s′)), a tie counting ½; null without any such pair. */
  readonly auc: number | null;
  readonly pairs: number;
  /** AUC within each segment (null where humans rank no pair). */
  readonly perSegment: readonly (number | null)[];
  /**
   * Robustness (P13 §5.3): the measure's rank among all measures in each segment, scaled to 0 (worst) … 1 (best),
   * averaged over the segments where it ranks worst (`worstFraction` of them); null with fewer than two measures.
   */
  readonly worstCaseRank: number | null;
}

export interface AucResult {
  readonly kind: 'auc';
  readonly measures: readonly MeasureAuc[];
  readonly worstFraction: number;
  /** Segments where some measure has AUC < 0.5 ("inconsistent topics", P13 §5.4). */
  readonly inconsistentSegments: readonly string[];
  readonly segments: readonly string[];
}

/**
 * AUC meta-evaluation (Amigó et al. 2012, seed003 §3.6): over ordered pairs of assessed outputs of the same segment
 * that humans rank (Q(s) > Q(s′), every quality level), the probability that the measure ranks them the same way,
 * ties scored ½. With the per-segment AUCs come the papers' robustness (worst-10%-of-topics rank) and the
 * segments on which some measure falls below chance.
 */
export function auc(input: OutputScores, options: AucOptions = {}): AucResult {
  const human = requireHuman(input, 'AUC');
  const present = presentItems(input);
  const worstFraction = options.worstFraction ?? 0.1;
  if (!(worstFraction > 0 && worstFraction <= 1)) throw new UnderstudyError('bad-option', `worstFraction must be in (0, 1] (got ${worstFraction}).`);
  const items = input.systems.length * input.segments;
  for (const m of options.extra ?? []) {
    if (m.values.length !== items) throw new UnderstudyError('bad-option', `Measure ${m.name} has ${m.values.length} values for ${items} outputs.`);
  }
  const measures = [...metricMeasures(input), ...(options.extra ?? [])];
  const { segments, systems } = input;
  const computed = measures.map((measure) => {
    let credit = 0;
    let pairs = 0;
    const perSegment: (number | null)[] = [];
    for (let i = 0; i < segments; i++) {
      let c = 0;
      let n = 0;
      for (let s = 0; s < systems.length; s++) {
        const p = s * segments + i;
        if (!present[p] || Number.isNaN(human[p]) || Number.isNaN(measure.values[p])) continue;
        for (let t = 0; t < systems.length; t++) {
          const q = t * segments + i;
          if (!present[q] || !(human[p] > human[q]) || Number.isNaN(measure.values[q])) continue;
          n++;
          const a = measure.values[p];
          const b = measure.values[q];
          c += a > b ? 1 : a === b ? 0.5 : 0;
        }
      }
      perSegment.push(n > 0 ? c / n : null);
      credit += c;
      pairs += n;
    }
    return { measure: measure.name, auc: pairs > 0 ? credit / pairs : null, pairs, perSegment };
  });

  // Scaled ranks per segment (average ranks for ties), among the measures defined there.
  const scaled = computed.map(() => [] as number[]);
  const inconsistent: string[] = [];
  for (let i = 0; i < segments; i++) {
    const defined = computed.map((m, j) => [j, m.perSegment[i]] as const).filter((e): e is readonly [number, number] => e[1] !== null);
    if (defined.some(([, v]) => v < 0.5)) inconsistent.push(segmentLabel(input, i));
    if (defined.length < 2) continue;
    const ranks = averageRanks(defined.map(([, v]) => v));
    defined.forEach(([j], r) => scaled[j].push((ranks[r] - 1) / (defined.length - 1)));
  }
  return {
    kind: 'auc',
    measures: computed.map((m, j) => {
      const values = scaled[j].sort((a, b) => a - b);
      const worst = values.slice(0, Math.max(1, Math.ceil(worstFraction * values.length)));
      return { ...m, worstCaseRank: values.length > 0 ? worst.reduce((s, v) => s + v, 0) / worst.length : null };
    }),
    worstFraction,
    inconsistentSegments: inconsistent,
    segments: Array.from({ length: segments }, (_, i) => segmentLabel(input, i)),
  };
}
