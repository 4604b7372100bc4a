import { UnderstudyError } from '../../errors';

/**
 * The conventions QARLA's papers leave open (digests seed003.md §3.2 and Appendix A, seed001.md §2.10), each a
 * setting. The defaults are the papers' most likely reading, and reproduce the digest's worked examples (T1, T2).
 */
export interface QarlaOptions {
  /**
   * QUEEN's test of a candidate c on a triple ⟨m, m′, m″⟩: x(c, m) ≥ x(m′, m″) ('at-least', default: the printed
   * relation is an OCR '?', and the prose "closer to a model than two models to each other" admits ties) or
   * x(c, m) > x(m′, m″) ('greater').
   */
  readonly queenComparison: 'at-least' | 'greater';
  /**
   * Only pairs of distinct models m′ ≠ m″ (default). With m′ = m″ the test compares with a self-similarity x(m′, m′),
   * usually the maximum, so the triple is nearly always failed.
   */
  readonly distinctPair: boolean;
  /**
   * Whether the triple's m may be m′ or m″ ('allowed', default: the papers' M × M × M) or not ('excluded').
   */
  readonly modelInPair: 'allowed' | 'excluded';
  /**
   * How KING gets a model's QUEEN: against the other models M \ {m}, with every peer's QUEEN recomputed against the
   * same M \ {m} ('leave-one-out', default — what the predictive-power test of the QARLA paper does), or every
   * candidate against all of M ('all': the model meets itself, x(m, m) being the diagonal of modelModel).
   */
  readonly kingModels: 'leave-one-out' | 'all';
  /** KING's QUEEN(m) > QUEEN(a) for every peer ('greater', default: a surviving '>' in the paper) or ≥ ('at-least'). */
  readonly kingComparison: 'greater' | 'at-least';
  /**
   * JACK's condition on a pair of peers a ≠ a′ for a model m (both with QUEEN > 0):
   * 'symmetric' (default; the DUC 2004 paper): ∀x. x(a, a′) ≤ x(a, m) ∧ x(a′, a) ≤ x(a′, m);
   * 'one-sided' (the ACL 2005 paper): ∀x. x(a, a′) ≤ x(a, m) for the ordered pair.
   */
  readonly jackForm: 'symmetric' | 'one-sided';
  /**
   * How test cases combine into one KING / JACK / metric proximity: the mean of the per-case values ('per-case',
   * default; the paper averages KING over its topics) or one probability over all (case, model) events ('pooled').
   * They differ only when cases have different numbers of models (or of peers, for proximity).
   */
  readonly caseAveraging: 'per-case' | 'pooled';
}

export const DEFAULT_QARLA_OPTIONS: QarlaOptions = {
  queenComparison: 'at-least',
  distinctPair: true,
  modelInPair: 'allowed',
  kingModels: 'leave-one-out',
  kingComparison: 'greater',
  jackForm: 'symmetric',
  caseAveraging: 'per-case',
};

/**
 * The defaults overridden by `options`, each value checked (the CLI and the settings pass user strings through).
 * Only QARLA's own keys are kept, so a result's `options` names exactly the conventions it was computed with.
 */
export function resolveQarlaOptions(options: Partial<QarlaOptions> = {}): QarlaOptions {
  const resolved = { ...DEFAULT_QARLA_OPTIONS };
  for (const key of Object.keys(DEFAULT_QARLA_OPTIONS) as (keyof QarlaOptions)[]) {
    if (options[key] !== undefined) (resolved as Record<keyof QarlaOptions, unknown>)[key] = options[key];
  }
  const allowed: Record<keyof QarlaOptions, readonly unknown[]> = {
    queenComparison: ['at-least', 'greater'],
    distinctPair: [true, false],
    modelInPair: ['allowed', 'excluded'],
    kingModels: ['leave-one-out', 'all'],
    kingComparison: ['greater', 'at-least'],
    jackForm: ['symmetric', 'one-sided'],
    caseAveraging: ['per-case', 'pooled'],
  };
  for (const key of Object.keys(allowed) as (keyof QarlaOptions)[]) {
    if (!allowed[key].includes(resolved[key])) {
      throw new UnderstudyError('bad-option', `QARLA option ${key} must be one of ${allowed[key].join(', ')} (got ${String(resolved[key])}).`, { option: key });
    }
  }
  return resolved;
}

/** Fewest models a case needs: two for a pair m′ ≠ m″, one more when KING leaves each model out. */
export function minimumModels(options: QarlaOptions, forKing: boolean): number {
  const pair = options.distinctPair ? 2 : 1;
  const triple = options.modelInPair === 'excluded' ? pair + 1 : pair;
  return forKing && options.kingModels === 'leave-one-out' ? triple + 1 : triple;
}
