import { syntacticMetricLabel } from './syntactic-metric-labels';

/**
 * How a metric's numbers read: its display label, which direction is better, and the scale the reference tool
 * prints. Views use it to colour, sort ("worst first") and format scores; significance tests to orient deltas.
 */
export interface MetricDescription {
  readonly name: string;
  /** Short label for line decorations and tables, e.g. `BLEU`, `chrF++`, `R-SU4`. */
  readonly label: string;
  /** False for error rates (TER, WER, PER): lower is better. */
  readonly higherIsBetter: boolean;
  /** Best possible sentence score on the printed scale (100 for BLEU-like, 1 for ROUGE); undefined when unbounded (NIST). */
  readonly best: number | undefined;
  /** Decimals the reference tool prints (ROUGE-1.5.5 prints 5, sacreBLEU 2 at corpus level). */
  readonly decimals: number;
}

const LABELS: Readonly<Record<string, string>> = {
  bleu: 'BLEU',
  sentbleu: 'sentBLEU',
  'bleu-mteval': 'BLEU(mteval)',
  nist: 'NIST',
  chrf: 'chrF',
  'chrf++': 'chrF++',
  ter: 'TER',
  wer: 'WER',
  per: 'PER',
  gtm: 'GTM',
};

const ERROR_RATES = new Set(['ter', 'wer', 'per']);

export function describeMetric(name: string): MetricDescription {
  const syntactic = syntacticMetricLabel(name);
  if (syntactic) return { name, higherIsBetter: true, ...syntactic };
  if (name.startsWith('rouge')) {
    // rouge1 → R-1, rougeSU4 → R-SU4, rougeLsum → R-Lsum.
    return { name, label: `R-${name.slice(5)}`, higherIsBetter: true, best: 1, decimals: 5 };
  }
  if (name === 'meteor' || name === 'meteor2005') {
    // METEOR prints scores on 0–1.
    return { name, label: name === 'meteor' ? 'METEOR' : 'METEOR-2005', higherIsBetter: true, best: 1, decimals: 4 };
  }
  const higherIsBetter = !ERROR_RATES.has(name);
  return {
    name,
    label: LABELS[name] ?? name,
    higherIsBetter,
    best: name === 'nist' ? undefined : higherIsBetter ? 100 : 0,
    decimals: name === 'nist' ? 4 : 2,
  };
}

/** `a` is better than `b` on this metric (ties are not). */
export function isBetter(description: MetricDescription, a: number, b: number): boolean {
  return description.higherIsBetter ? a > b : a < b;
}
