import { bonferroni, holm } from '../../significance/multiple-comparisons';
import { twoSampleTTest } from '../stats/t-tests';

/** Symbols in the order Owczarzak & Dang's tables use them, then more for longer columns. */
export const STAIRCASE_SYMBOLS: readonly string[] = ['*', '†', '‡', '§', '¶', '‖', '#', '$', '%', '&', '@', '~'];

export type PairwiseCorrection = 'none' | 'bonferroni' | 'holm';

/** One comparison between two rows (sizes) of a column. */
export interface RowComparison {
  readonly first: number;
  readonly second: number;
  /** Mean of the second row minus mean of the first (an effect size to show beside the p-value). */
  readonly difference: number;
  readonly t: number;
  readonly df: number;
  readonly pvalue: number;
  /** p after the correction for the number of comparisons in the column. */
  readonly adjusted: number;
  readonly significant: boolean;
}

export interface Staircase {
  readonly test: 'welch';
  readonly correction: PairwiseCorrection;
  readonly alpha: number;
  readonly comparisons: readonly RowComparison[];
  /** Per row, its symbols (e.g. '*†'): rows sharing a symbol are not significantly different. */
  readonly marks: readonly string[];
}

/**
 * Pairwise tests down one column of a table (one metric, rows = sizes) and the `* † ‡ §` marks of seed 002's tables.
 * Owczarzak & Dang do not name their pairwise test; here it is Welch's t-test between the rows' resampled values,
 * corrected for the number of pairs (Bonferroni by default) — the digest's alternative to Tukey's HSD, which needs
 * the studentized range distribution.
 *
 * Marks follow the digest's reading of the tables (A.4.2): walking the rows top-down, a row that is not
 * significantly different from some later row opens a new symbol, and every later row not different from it gets
 * that symbol too.
 */
export function staircase(rows: readonly ArrayLike<number>[], options: { alpha?: number; correction?: PairwiseCorrection } = {}): Staircase {
  const alpha = options.alpha ?? 0.05;
  const correction = options.correction ?? 'bonferroni';
  const clean = rows.map((r) => Array.from(r).filter((v) => !Number.isNaN(v)));
  const raw: Omit<RowComparison, 'adjusted' | 'significant'>[] = [];
  for (let i = 0; i < clean.length; i++) {
    for (let j = i + 1; j < clean.length; j++) {
      const test = twoSampleTTest(clean[j], clean[i], { equalVariance: false });
      // Two constant rows with equal values are the same row: not different (SciPy gives NaN).
      const pvalue = Number.isNaN(test.pvalue) ? 1 : test.pvalue;
      raw.push({ first: i, second: j, difference: test.meanA - test.meanB, t: test.t, df: test.df, pvalue });
    }
  }
  const pValues = raw.map((c) => c.pvalue);
  const adjusted = correction === 'bonferroni' ? bonferroni(pValues) : correction === 'holm' ? holm(pValues) : pValues;
  const comparisons = raw.map((c, k) => ({ ...c, adjusted: adjusted[k], significant: adjusted[k] < alpha }));
  const different = (i: number, j: number): boolean => {
    const [a, b] = i < j ? [i, j] : [j, i];
    return comparisons.find((c) => c.first === a && c.second === b)?.significant ?? true;
  };
  const marks: string[] = rows.map(() => '');
  let next = 0;
  for (let i = 0; i < rows.length; i++) {
    const later: number[] = [];
    for (let j = i + 1; j < rows.length; j++) if (!different(i, j)) later.push(j);
    if (later.length === 0) continue;
    const symbol = STAIRCASE_SYMBOLS[next] ?? `(${next + 1})`;
    next++;
    marks[i] += symbol;
    for (const j of later) marks[j] += symbol;
  }
  return { test: 'welch', correction, alpha, comparisons, marks };
}
