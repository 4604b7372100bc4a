import { UnderstudyError } from '../../errors';
import { ItemMeasure, OutputScores, metricMeasures, presentItems, requireHuman } from './output-scores';

/** Which human score a tie for the measure's best output gives: their mean (default, a random pick's expectation), worst or best. */
export type OracleTies = 'mean' | 'min' | 'max';

export interface OracleOptions {
  readonly extra?: readonly ItemMeasure[];
  readonly ties?: OracleTies;
}

export interface OracleResult {
  readonly kind: 'oracle-system-test';
  readonly ties: OracleTies;
  /** Segments with at least one assessed output (the cases averaged). */
  readonly cases: number;
  /** Always the humans' best / worst output, and the expected human score of a random pick. */
  readonly maxOst: number | null;
  readonly minOst: number | null;
  readonly randOst: number | null;
  readonly measures: readonly { readonly measure: string; readonly ost: number | null }[];
}

/**
 * The Oracle System Test (Amigó et al. 2009 §5.4, seed003 §3.4d): OST(m) = Avg_c Q_h(argmax_{t∈c} Q_m(t)) — the human
 * score of the output a measure would pick in each case (segment), among the assessed outputs; with the maxOST,
 * minOST and randOST baselines.
 */
export function oracleSystemTest(input: OutputScores, options: OracleOptions = {}): OracleResult {
  const human = requireHuman(input, 'The Oracle System Test');
  const present = presentItems(input);
  const ties = options.ties ?? 'mean';
  if (!['mean', 'min', 'max'].includes(ties)) throw new UnderstudyError('bad-option', `Oracle ties must be mean, min or max (got ${ties}).`);
  const measures = [...metricMeasures(input), ...(options.extra ?? [])];
  const { systems, segments } = input;
  const caseItems: number[][] = [];
  for (let i = 0; i < segments; i++) {
    const items: number[] = [];
    for (let s = 0; s < systems.length; s++) {
      const p = s * segments + i;
      if (present[p] && !Number.isNaN(human[p])) items.push(p);
    }
    if (items.length > 0) caseItems.push(items);
  }
  const mean = (values: number[]): number | null => (values.length > 0 ? values.reduce((s, v) => s + v, 0) / values.length : null);
  const pick = (values: number[]): number => (ties === 'min' ? Math.min(...values) : ties === 'max' ? Math.max(...values) : values.reduce((s, v) => s + v, 0) / values.length);
  return {
    kind: 'oracle-system-test',
    ties,
    cases: caseItems.length,
    maxOst: mean(caseItems.map((items) => Math.max(...items.map((p) => human[p])))),
    minOst: mean(caseItems.map((items) => Math.min(...items.map((p) => human[p])))),
    randOst: mean(caseItems.map((items) => items.reduce((s, p) => s + human[p], 0) / items.length)),
    measures: measures.map((m) => {
      const picked = caseItems.flatMap((items) => {
        const scored = items.filter((p) => !Number.isNaN(m.values[p]));
        if (scored.length === 0) return [];
        const best = Math.max(...scored.map((p) => m.values[p]));
        return [pick(scored.filter((p) => m.values[p] === best).map((p) => human[p]))];
      });
      return { measure: m.name, ost: mean(picked) };
    }),
  };
}
