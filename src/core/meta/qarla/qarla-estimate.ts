import { UnderstudyError } from '../../errors';
import { QarlaTestBed, checkTestBed, metricIndexes } from './test-bed';

export interface QarlaEstimateOptions {
  /** The metrics to estimate, each on its own (default all). */
  readonly metrics?: readonly string[];
  /** A tie x(M, Mref) = x(A, Mref) counts 0 ('strict', default: the printed '>') or ½ ('half', as P13's AUC). */
  readonly ties?: 'strict' | 'half';
  /** How cases combine: mean of the per-case probabilities (default; the paper averages topics) or 'pooled'. */
  readonly caseAveraging?: 'per-case' | 'pooled';
}

export interface QarlaEstimateResult {
  readonly kind: 'qarla-estimate';
  readonly ties: 'strict' | 'half';
  readonly caseAveraging: 'per-case' | 'pooled';
  readonly metrics: readonly {
    readonly metric: string;
    /** P(x(M, Mref) > x(A, Mref)); 0.5 is chance. */
    readonly estimate: number;
    /** Per case, in case order. */
    readonly perCase: readonly number[];
  }[];
  /** (Mref, M ≠ Mref, A) combinations per case: |M|·(|M| − 1)·|A| (720 for 9 models and 10 peers). */
  readonly combinations: readonly number[];
  readonly cases: readonly string[];
}

/**
 * The first QARLA measure (Amigó et al. 2004, seed003 §3.1): QARLA(x) = P(x(M, Mref) > x(A, Mref)), the probability
 * that, given any model Mref, another model M is closer to it than a peer A is — how well a single similarity tells
 * human texts from automatic ones, without human judgments. Over every (Mref, M ≠ Mref, A) of a case, averaged over
 * cases.
 */
export function qarlaEstimate(bed: QarlaTestBed, options: QarlaEstimateOptions = {}): QarlaEstimateResult {
  checkTestBed(bed, 2);
  const ties = options.ties ?? 'strict';
  const caseAveraging = options.caseAveraging ?? 'per-case';
  if (ties !== 'strict' && ties !== 'half') throw new UnderstudyError('bad-option', `ties must be strict or half (got ${ties}).`);
  if (caseAveraging !== 'per-case' && caseAveraging !== 'pooled') throw new UnderstudyError('bad-option', `caseAveraging must be per-case or pooled (got ${caseAveraging}).`);
  const k = bed.metrics.length;
  const combinations = bed.cases.map((c) => c.models.length * (c.models.length - 1) * c.peers.length);
  const metrics = metricIndexes(bed, options.metrics).map((x) => {
    const credits = bed.cases.map((c) => {
      const m = c.models.length;
      let credit = 0;
      for (let ref = 0; ref < m; ref++) {
        for (let model = 0; model < m; model++) {
          if (model === ref) continue;
          const human = c.modelModel[(model * m + ref) * k + x];
          for (let a = 0; a < c.peers.length; a++) {
            const peer = c.peerModel[(a * m + ref) * k + x];
            credit += human > peer ? 1 : human === peer && ties === 'half' ? 0.5 : 0;
          }
        }
      }
      return credit;
    });
    const perCase = credits.map((credit, i) => credit / combinations[i]);
    const estimate =
      caseAveraging === 'per-case'
        ? perCase.reduce((s, v) => s + v, 0) / perCase.length
        : credits.reduce((s, v) => s + v, 0) / combinations.reduce((s, v) => s + v, 0);
    return { metric: bed.metrics[x], estimate, perCase };
  });
  return { kind: 'qarla-estimate', ties, caseAveraging, metrics, combinations, cases: bed.cases.map((c) => c.id) };
}
