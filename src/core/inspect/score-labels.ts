import { describeMetric } from '../engine/metric-descriptions';
import { BootstrapInterval } from '../significance/bootstrap-confidence';

/**
 * How scores read in the editor: sentence scores at the end of a line (`BLEU 23.4 · chrF 51.2 · TER 61.0`),
 * corpus scores with their 95% bootstrap interval (`BLEU 31.10 [30.21, 32.01]`). Sentence scores get one decimal
 * on 0–100 scales (three on ROUGE's 0–1, two for NIST) so that a line stays short; corpus scores get the decimals
 * the reference tool prints.
 */
export const SCORE_SEPARATOR = ' · ';

export function sentenceDecimals(metric: string): number {
  const description = describeMetric(metric);
  if (description.best === 1) return 3;
  return metric === 'nist' ? 2 : 1;
}

export function formatSentenceScore(metric: string, value: number): string {
  return `${describeMetric(metric).label} ${Number.isFinite(value) ? value.toFixed(sentenceDecimals(metric)) : '—'}`;
}

export function formatSentenceScores(scores: readonly (readonly [string, number])[]): string {
  return scores.map(([metric, value]) => formatSentenceScore(metric, value)).join(SCORE_SEPARATOR);
}

/** Corpus decimals: sacreBLEU's 2 for 0–100 metrics, 4 for NIST and ROUGE (ROUGE-1.5.5 prints 5; 4 keeps lenses short). */
export function corpusDecimals(metric: string): number {
  return describeMetric(metric).best === 1 || metric === 'nist' ? 4 : 2;
}

export function formatCorpusScore(metric: string, score: number, interval?: BootstrapInterval): string {
  const d = corpusDecimals(metric);
  const text = `${describeMetric(metric).label} ${score.toFixed(d)}`;
  return interval ? `${text} [${interval.lower.toFixed(d)}, ${interval.upper.toFixed(d)}]` : text;
}
