import { UnderstudyError } from '../../errors';
import { wilcoxonSignedRank } from '../stats/wilcoxon';
import { ItemMeasure, OutputScores, metricMeasures, presentItems, requireHuman } from './output-scores';

/** An ordered pair: `better` significantly improves on `worse`. */
export interface Improvement {
  readonly better: string;
  readonly worse: string;
}

/**
 * SIP = |I_h ∩ I_m| / |I_m| and SIR = |I_h ∩ I_m| / |I_h| (Amigó et al. 2009, seed003 §3.4a), improvements being
 * ordered pairs, so a reversed verdict is no match. Null where the denominator is empty.
 */
export function sipSir(human: readonly Improvement[], metric: readonly Improvement[]): { sip: number | null; sir: number | null; agreeing: number } {
  const key = (i: Improvement): string => `${i.better}\u0000${i.worse}`;
  const humanSet = new Set(human.map(key));
  const metricSet = new Set(metric.map(key));
  let agreeing = 0;
  for (const k of metricSet) if (humanSet.has(k)) agreeing++;
  return { sip: metricSet.size > 0 ? agreeing / metricSet.size : null, sir: humanSet.size > 0 ? agreeing / humanSet.size : null, agreeing };
}

export interface SignificanceOptions {
  /** Significance level (default 0.025, the paper's); a difference is significant when p ≤ alpha. */
  readonly alpha?: number;
  /**
   * 'two-sided' (default): one two-sided test per pair, the direction from the larger rank sum; 'one-sided': each
   * direction tested on its own at alpha.
   */
  readonly alternative?: 'two-sided' | 'one-sided';
  /** Measures besides the metrics (ULC, HBR…), item values with higher = better. */
  readonly extra?: readonly ItemMeasure[];
}

export interface PairTest {
  readonly a: string;
  readonly b: string;
  /** Segments both systems were assessed on (and scored on, for a measure). */
  readonly segments: number;
  /** The test's p-value (the smaller one-sided p with 'one-sided'); null when undefined (no data, all differences 0). */
  readonly pvalue: number | null;
  /** The system that significantly improves on the other, or null. */
  readonly winner: string | null;
}

export interface MeasureImprovements {
  readonly measure: string;
  readonly improvements: readonly Improvement[];
  readonly sip: number | null;
  readonly sir: number | null;
  readonly agreeing: number;
  readonly pairs: readonly PairTest[];
}

export interface SignificantImprovementsResult {
  readonly kind: 'sip-sir';
  readonly test: 'wilcoxon-signed-rank';
  readonly alpha: number;
  readonly alternative: 'two-sided' | 'one-sided';
  readonly systemPairs: number;
  readonly human: { readonly improvements: readonly Improvement[]; readonly pairs: readonly PairTest[] };
  readonly measures: readonly MeasureImprovements[];
}

/**
 * Significant improvements by humans and by each measure, and the measures' SIP/SIR (seed003 §3.4a): for every pair
 * of systems, a Wilcoxon signed-rank test (SciPy 1.10's) on their paired segment scores — the human scores of the
 * segments both were assessed on, then each measure's scores of the same segments.
 */
export function significantImprovements(input: OutputScores, options: SignificanceOptions = {}): SignificantImprovementsResult {
  const human = requireHuman(input, 'SIP/SIR');
  const present = presentItems(input);
  const alpha = options.alpha ?? 0.025;
  const alternative = options.alternative ?? 'two-sided';
  if (!(alpha > 0 && alpha < 1)) throw new UnderstudyError('bad-option', `The significance level must be in (0, 1) (got ${alpha}).`);
  const { systems, segments } = input;
  const measures = [...metricMeasures(input), ...(options.extra ?? [])];
  const assessed: { a: number; b: number; segments: number[] }[] = [];
  for (let a = 0; a < systems.length; a++) {
    for (let b = a + 1; b < systems.length; b++) {
      const common: number[] = [];
      for (let i = 0; i < segments; i++) {
        const p = a * segments + i;
        const q = b * segments + i;
        if (present[p] && present[q] && !Number.isNaN(human[p]) && !Number.isNaN(human[q])) common.push(i);
      }
      assessed.push({ a, b, segments: common });
    }
  }
  const testAll = (values: Float64Array): { pairs: PairTest[]; improvements: Improvement[] } => {
    const pairs = assessed.map(({ a, b, segments: common }) => {
      const kept = common.filter((i) => !Number.isNaN(values[a * segments + i]) && !Number.isNaN(values[b * segments + i]));
      const x = Float64Array.from(kept, (i) => values[a * segments + i]);
      const y = Float64Array.from(kept, (i) => values[b * segments + i]);
      return { a: systems[a], b: systems[b], segments: kept.length, ...verdict(x, y, alpha, alternative, systems[a], systems[b]) };
    });
    const improvements = pairs.filter((p) => p.winner !== null).map((p) => ({ better: p.winner!, worse: p.winner === p.a ? p.b : p.a }));
    return { pairs, improvements };
  };
  const humanTests = testAll(human);
  return {
    kind: 'sip-sir',
    test: 'wilcoxon-signed-rank',
    alpha,
    alternative,
    systemPairs: assessed.length,
    human: humanTests,
    measures: measures.map((m) => {
      const tests = testAll(m.values);
      return { measure: m.name, improvements: tests.improvements, ...sipSir(humanTests.improvements, tests.improvements), pairs: tests.pairs };
    }),
  };
}

function verdict(x: Float64Array, y: Float64Array, alpha: number, alternative: 'two-sided' | 'one-sided', a: string, b: string): { pvalue: number | null; winner: string | null } {
  if (x.length === 0) return { pvalue: null, winner: null };
  if (alternative === 'two-sided') {
    const test = wilcoxonSignedRank(x, y);
    if (Number.isNaN(test.pvalue)) return { pvalue: null, winner: null };
    const significant = test.pvalue <= alpha && test.rankSumPositive !== test.rankSumNegative;
    return { pvalue: test.pvalue, winner: significant ? (test.rankSumPositive > test.rankSumNegative ? a : b) : null };
  }
  const greater = wilcoxonSignedRank(x, y, { alternative: 'greater' }).pvalue;
  const less = wilcoxonSignedRank(x, y, { alternative: 'less' }).pvalue;
  if (Number.isNaN(greater) || Number.isNaN(less)) return { pvalue: null, winner: null };
  return { pvalue: Math.min(greater, less), winner: greater <= alpha ? a : less <= alpha ? b : null };
}
