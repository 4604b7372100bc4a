/**
 * Number formatting for corpus scores: the digits the reference tools print (sacreBLEU 2, ROUGE-1.5.5 and GTM 5,
 * mteval NIST 4), the same rule as the CLI's text report (src/core/report/format-report.ts).
 */
export function digitsFor(metric: string): number {
  if (metric.startsWith('rouge') || metric.startsWith('gtm')) return 5;
  if (metric === 'nist' || metric === 'bleu-mteval') return 4;
  return 2;
}

export function formatScore(value: number | undefined, metric: string): string {
  if (value === undefined) return '–';
  if (Number.isNaN(value)) return 'nan';
  return value.toFixed(digitsFor(metric));
}

/** Error rates (TER, WER, PER) are better when lower; sorting by them puts the lowest first. */
export function lowerIsBetter(metric: string): boolean {
  return /^(ter|wer|per)\b/.test(metric);
}
