import { UnderstudyError } from '../../errors';
import { ItemMeasure, OutputScores, metricMeasures, presentItems, requireHuman, segmentLabel } from './output-scores';

export interface ExtremeThresholds {
  /** A low score: QN_m ≤ lowScore; an error when the human score is ≥ lowHuman (defaults 3 and 5, the 2–10 scale). */
  readonly lowScore: number;
  readonly lowHuman: number;
  /** A high score: QN_m ≥ highScore; an error when the human score is ≤ highHuman (defaults 7 and 4). */
  readonly highScore: number;
  readonly highHuman: number;
}

export const DEFAULT_EXTREME_THRESHOLDS: ExtremeThresholds = { lowScore: 3, lowHuman: 5, highScore: 7, highHuman: 4 };

export interface ExtremeError {
  readonly system: string;
  readonly segment: string;
  readonly kind: 'low' | 'high';
  /** The measure's score mapped to the human scale, and the human score. */
  readonly mapped: number;
  readonly human: number;
}

export interface MeasureExtremes {
  readonly measure: string;
  readonly lowScored: number;
  readonly lowErrors: number;
  /** lowErrors / lowScored; null when nothing is scored low. */
  readonly lowErrorRatio: number | null;
  readonly highScored: number;
  readonly highErrors: number;
  readonly highErrorRatio: number | null;
  /** The offending outputs, to read (the paper's failure analysis). */
  readonly errors: readonly ExtremeError[];
}

export interface ScoreExtremesResult {
  readonly kind: 'score-extremes';
  readonly thresholds: ExtremeThresholds;
  readonly outputs: number;
  readonly measures: readonly MeasureExtremes[];
}

/**
 * Reliability of high and low scores (Amigó et al. 2009 §5.2, seed003 §3.4b). The measure's scores are mapped onto
 * the human scale by rank, QN_m(t) = Q_h(t′) where rank_h(t′) = rank_m(t) over all assessed outputs (a measure tie
 * spanning several ranks gets the mean human score of those ranks); a low score is then an error when the humans
 * rate the output well, a high score when they rate it badly.
 */
export function scoreExtremes(input: OutputScores, options: { readonly extra?: readonly ItemMeasure[]; readonly thresholds?: Partial<ExtremeThresholds> } = {}): ScoreExtremesResult {
  const human = requireHuman(input, 'High/low score reliability');
  const present = presentItems(input);
  const thresholds = { ...DEFAULT_EXTREME_THRESHOLDS, ...options.thresholds };
  const measures = [...metricMeasures(input), ...(options.extra ?? [])];
  const assessed: number[] = [];
  for (let p = 0; p < human.length; p++) if (present[p] && !Number.isNaN(human[p])) assessed.push(p);
  const humanSorted = assessed.map((p) => human[p]).sort((a, b) => b - a);
  return {
    kind: 'score-extremes',
    thresholds,
    outputs: assessed.length,
    measures: measures.map((m) => {
      const scored = assessed.filter((p) => !Number.isNaN(m.values[p]));
      // With a measure undefined on some outputs, map onto the human scores of the scored outputs only.
      const scale = scored.length === assessed.length ? humanSorted : scored.map((p) => human[p]).sort((a, b) => b - a);
      const order = [...scored].sort((p, q) => m.values[q] - m.values[p]);
      const mapped = new Map<number, number>();
      for (let start = 0; start < order.length; ) {
        let end = start + 1;
        while (end < order.length && m.values[order[end]] === m.values[order[start]]) end++;
        let sum = 0;
        for (let r = start; r < end; r++) sum += scale[r];
        for (let r = start; r < end; r++) mapped.set(order[r], sum / (end - start));
        start = end;
      }
      let lowScored = 0;
      let highScored = 0;
      const errors: ExtremeError[] = [];
      for (const p of scored) {
        const qn = mapped.get(p)!;
        const where = { system: input.systems[Math.floor(p / input.segments)], segment: segmentLabel(input, p % input.segments), mapped: qn, human: human[p] };
        if (qn <= thresholds.lowScore) {
          lowScored++;
          if (human[p] >= thresholds.lowHuman) errors.push({ ...where, kind: 'low' });
        }
        if (qn >= thresholds.highScore) {
          highScored++;
          if (human[p] <= thresholds.highHuman) errors.push({ ...where, kind: 'high' });
        }
      }
      const lowErrors = errors.filter((e) => e.kind === 'low').length;
      const highErrors = errors.length - lowErrors;
      return {
        measure: m.name,
        lowScored,
        lowErrors,
        lowErrorRatio: lowScored > 0 ? lowErrors / lowScored : null,
        highScored,
        highErrors,
        highErrorRatio: highScored > 0 ? highErrors / highScored : null,
        errors,
      };
    }),
  };
}

export interface QualityDecreaseResult {
  readonly kind: 'quality-decrease';
  readonly reference: string;
  readonly missing: 'skip' | 'zero';
  readonly measures: readonly { readonly measure: string; readonly decrease: number | null; readonly cases: number }[];
}

/**
 * Quality decrease (Amigó et al. 2009 §5.3, seed003 §3.4c): with a reference system t_h (the paper: a human-aided
 * one), Avg_c max_t (Q_h(t_h) − Q_h(t) | Q_m(t_h) ≤ Q_m(t)) — per segment, how much worse the worst output the measure
 * scores at or above t_h is. Lower is better. A segment where no output reaches t_h's score is left out ('skip',
 * default) or counts 0 ('zero'); the paper does not say.
 */
export function qualityDecrease(
  input: OutputScores,
  reference: string,
  options: { readonly extra?: readonly ItemMeasure[]; readonly missing?: 'skip' | 'zero' } = {},
): QualityDecreaseResult {
  const human = requireHuman(input, 'Quality decrease');
  const present = presentItems(input);
  const r = input.systems.indexOf(reference);
  if (r < 0) throw new UnderstudyError('bad-option', `The reference system "${reference}" is not one of the systems (${input.systems.join(', ')}).`);
  const missing = options.missing ?? 'skip';
  const measures = [...metricMeasures(input), ...(options.extra ?? [])];
  const { segments, systems } = input;
  return {
    kind: 'quality-decrease',
    reference,
    missing,
    measures: measures.map((m) => {
      let sum = 0;
      let cases = 0;
      for (let i = 0; i < segments; i++) {
        const h = r * segments + i;
        if (!present[h] || Number.isNaN(human[h]) || Number.isNaN(m.values[h])) continue;
        let worst = -Infinity;
        for (let s = 0; s < systems.length; s++) {
          const p = s * segments + i;
          if (s === r || !present[p] || Number.isNaN(human[p]) || Number.isNaN(m.values[p])) continue;
          if (m.values[h] <= m.values[p]) worst = Math.max(worst, human[h] - human[p]);
        }
        if (worst === -Infinity) {
          if (missing === 'skip') continue;
          worst = 0;
        }
        sum += worst;
        cases++;
      }
      return { measure: m.name, decrease: cases > 0 ? sum / cases : null, cases };
    }),
  };
}
