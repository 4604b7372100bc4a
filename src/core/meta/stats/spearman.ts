import { numpySum } from '../../significance/bootstrap-summary';
import { CorrelationTest, UNDEFINED_CORRELATION } from './correlation-result';
import { Scores, averageRanks, checkSameLength, containsNaN, isConstant } from './ranking';
import { symmetricBetaLowerTail } from './special/incomplete-beta';

/**
 * Spearman's ρ with SciPy 1.10's `spearmanr(x, y)` p-value.
 *
 * ρ is NumPy's `corrcoef` of the average ranks (ties share the mean rank): cov = Σ(Rx−R̄x)(Ry−R̄y)·(1/(n−1)),
 * ρ = cov/sd_y/sd_x, clipped to [−1, 1]. The p-value is SciPy's t-test, t = ρ·√((n−2)/((1+ρ)(1−ρ))) with n − 2
 * degrees of freedom, two-sided; since t²/(n−2+t²) = ρ², that equals 2·I_{(1−|ρ|)/2}((n−2)/2, (n−2)/2), which is what
 * is evaluated (no detour through t). As in SciPy: constant input or n < 2 → NaN; n = 2 → ρ = ±1 with p = NaN
 * (zero degrees of freedom); |ρ| = 1 with n > 2 → p = 0; NaN in the input → NaN (nan_policy='propagate').
 */
export function spearman(x: Scores, y: Scores): CorrelationTest {
  checkSameLength(x, y);
  const n = x.length;
  if (n < 2 || containsNaN(x) || containsNaN(y) || isConstant(x) || isConstant(y)) return UNDEFINED_CORRELATION(n);
  const rho = rankCorrelation(averageRanks(x), averageRanks(y));
  const dof = n - 2;
  let pvalue: number;
  if (dof <= 0) pvalue = NaN;
  else if (Math.abs(rho) === 1) pvalue = 0;
  else pvalue = Math.min(1, 2 * symmetricBetaLowerTail(dof / 2, Math.abs(rho)));
  return { statistic: rho, pvalue, n };
}

/** NumPy's `corrcoef(rx, ry)[1, 0]`, in its order of operations. */
function rankCorrelation(rx: Float64Array, ry: Float64Array): number {
  const n = rx.length;
  const xMean = numpySum(rx, 0, n) / n;
  const yMean = numpySum(ry, 0, n) / n;
  let xy = 0;
  let xx = 0;
  let yy = 0;
  for (let i = 0; i < n; i++) {
    const dx = rx[i] - xMean;
    const dy = ry[i] - yMean;
    xy += dy * dx;
    xx += dx * dx;
    yy += dy * dy;
  }
  const factor = 1 / (n - 1);
  const rho = (xy * factor) / Math.sqrt(yy * factor) / Math.sqrt(xx * factor);
  return Math.max(Math.min(rho, 1), -1);
}
