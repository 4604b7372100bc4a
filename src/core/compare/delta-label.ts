import { improvement } from './line-deltas';
import { describeMetric } from '../engine/metric-descriptions';

/** Sentence-level deltas read line by line: one decimal on 0–100 scales, three on ROUGE's 0–1, two for NIST. */
export function sentenceDeltaText(delta: number, metric: string): string {
  if (Number.isNaN(delta)) return '–';
  const description = describeMetric(metric);
  const digits = description.best === 1 ? 3 : description.best === undefined ? 2 : 1;
  const text = Math.abs(delta).toFixed(digits);
  if (Number(text) === 0) return text;
  return (delta > 0 ? '+' : '-') + text;
}

/** ▲ when B is better on this metric, ▼ when worse, = when the same. */
export function directionMark(delta: number, metric: string): string {
  const gain = improvement(delta, describeMetric(metric).higherIsBetter);
  return gain > 0 ? '▲' : gain < 0 ? '▼' : '=';
}

/** The text after a line of B: "Δ BLEU +12.3 ▲ · chrF +5.1 ▲ · TER -4.0 ▲" (metrics without a score left out). */
export function deltaLabel(deltas: readonly { readonly metric: string; readonly delta: number }[]): string | undefined {
  const parts = deltas
    .filter((d) => !Number.isNaN(d.delta))
    .map((d) => `${describeMetric(d.metric).label} ${sentenceDeltaText(d.delta, d.metric)} ${directionMark(d.delta, d.metric)}`);
  return parts.length === 0 ? undefined : `Δ ${parts.join(' · ')}`;
}
