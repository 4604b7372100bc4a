import { describeMetric } from '../engine/metric-descriptions';

/**
 * Where a sentence score sits on the colour scale the editor paints it with: level 0 (worse than the metric's `bad`
 * threshold: a "low segment") to HEAT_LEVELS − 1 (better than its `good` threshold), the levels between spread
 * evenly. Thresholds are in the metric's own units, as users read them (BLEU 10 and 40; TER 70 and 30, since lower
 * TER is better), and users can set their own per metric (`understudy.colors.thresholds`).
 */
export const HEAT_LEVELS = 5;

export interface ScoreThresholds {
  /** At or beyond this (in the metric's worse direction), a segment is low: level 0. */
  readonly bad: number;
  /** At or beyond this (in the better direction), level HEAT_LEVELS − 1. */
  readonly good: number;
}

/** Defaults, from where sentence scores of WMT21 news systems fall (roughly their lower and upper quartiles). */
const DEFAULTS: Readonly<Record<string, ScoreThresholds>> = {
  bleu: { bad: 10, good: 40 },
  sentbleu: { bad: 10, good: 40 },
  'bleu-mteval': { bad: 10, good: 40 },
  chrf: { bad: 35, good: 65 },
  'chrf++': { bad: 35, good: 65 },
  ter: { bad: 70, good: 30 },
  wer: { bad: 70, good: 30 },
  per: { bad: 60, good: 25 },
  gtm: { bad: 40, good: 70 },
  nist: { bad: 3, good: 7 },
  rouge1: { bad: 0.25, good: 0.5 },
  rougeL: { bad: 0.2, good: 0.45 },
  rougeLsum: { bad: 0.2, good: 0.45 },
};

export function thresholdsFor(metric: string, overrides: Readonly<Record<string, readonly number[]>> = {}): ScoreThresholds {
  const given = overrides[metric];
  if (given && given.length === 2 && given.every(Number.isFinite) && given[0] !== given[1]) return { bad: given[0], good: given[1] };
  const known = DEFAULTS[metric];
  if (known) return known;
  const description = describeMetric(metric);
  if (metric.startsWith('rouge')) return { bad: 0.1, good: 0.3 }; // ROUGE-2/3/4, W, S, SU: fewer hits than unigrams
  if (!description.higherIsBetter) return { bad: 70, good: 30 };
  if (description.best === 1) return { bad: 0.2, good: 0.5 };
  return { bad: 20, good: 50 };
}

/** The scale level of a sentence score (undefined for a line that has no score). */
export function heatLevel(value: number, thresholds: ScoreThresholds): number | undefined {
  if (!Number.isFinite(value)) return undefined;
  const t = (value - thresholds.bad) / (thresholds.good - thresholds.bad);
  if (t <= 0) return 0;
  if (t >= 1) return HEAT_LEVELS - 1;
  return 1 + Math.min(HEAT_LEVELS - 3, Math.floor(t * (HEAT_LEVELS - 2)));
}

/** A low segment: at or beyond the metric's `bad` threshold. */
export function isLow(value: number, thresholds: ScoreThresholds): boolean {
  return heatLevel(value, thresholds) === 0;
}
