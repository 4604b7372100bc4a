import { numpySum } from '../../significance/bootstrap-summary';
import { CorrelationTest, UNDEFINED_CORRELATION } from './correlation-result';
import { Scores, checkSameLength, containsNaN, isConstant } from './ranking';
import { symmetricBetaLowerTail } from './special/incomplete-beta';

/**
 * Pearson's r with SciPy 1.10's `pearsonr(x, y)` two-sided p-value.
 *
 * Following SciPy: a constant input gives NaN (ConstantInputWarning); n = 2 gives r = sign(Δx)·sign(Δy) and p = 1;
 * otherwise r = (xm/‖xm‖)·(ym/‖ym‖) with xm, ym the centred vectors (NumPy's pairwise-summed means), clipped to
 * [−1, 1]. Under H₀ (bivariate normal, ρ = 0) r follows a Beta(n/2 − 1, n/2 − 1) law on [−1, 1], so
 * p = 2·I_{(1−|r|)/2}(n/2 − 1, n/2 − 1) (equivalently the t-test with n − 2 degrees of freedom).
 *
 * SciPy evaluates that tail as beta.sf((1 + |r|)/2) after rounding (1 + |r|)/2 to a double; here it is evaluated from
 * r directly (see `symmetricBetaLowerTail`), which differs from SciPy only by that rounding — except that where the
 * rounded value is exactly 1 (|r| within 1.1e-16 of 1) SciPy's p is exactly 0, and so is this one.
 * NaN anywhere in the input gives NaN (SciPy's arithmetic propagates it); fewer than 2 points give NaN (SciPy raises).
 */
export function pearson(x: Scores, y: Scores): CorrelationTest {
  checkSameLength(x, y);
  const n = x.length;
  if (n < 2 || containsNaN(x) || containsNaN(y) || isConstant(x) || isConstant(y)) return UNDEFINED_CORRELATION(n);
  if (n === 2) return { statistic: Math.sign(x[1] - x[0]) * Math.sign(y[1] - y[0]), pvalue: 1, n };
  const r = pearsonCoefficient(x, y);
  return { statistic: r, pvalue: pearsonPValue(r, n), n };
}

/**
 * r alone (no checks beyond those of `pearson`, no p-value); NaN for constant input. The sums of squares and the
 * final dot product are accumulated with Neumaier's compensated summation: over 100,000 points a plain loop loses
 * ~1e-13 relative on a small r (SciPy's BLAS `dot`/`nrm2` lose less), compensated sums are correct to a few ulps.
 */
export function pearsonCoefficient(x: Scores, y: Scores): number {
  const n = x.length;
  const xs = Float64Array.from(x);
  const ys = Float64Array.from(y);
  const xMean = numpySum(xs, 0, n) / n;
  const yMean = numpySum(ys, 0, n) / n;
  const xx = new CompensatedSum();
  const yy = new CompensatedSum();
  for (let i = 0; i < n; i++) {
    xs[i] -= xMean;
    ys[i] -= yMean;
    xx.add(xs[i] * xs[i]);
    yy.add(ys[i] * ys[i]);
  }
  const xNorm = Math.sqrt(xx.value());
  const yNorm = Math.sqrt(yy.value());
  const r = new CompensatedSum();
  for (let i = 0; i < n; i++) r.add((xs[i] / xNorm) * (ys[i] / yNorm));
  return Math.max(Math.min(r.value(), 1), -1);
}

/** Neumaier's variant of Kahan summation. */
class CompensatedSum {
  private sum = 0;
  private compensation = 0;

  add(term: number): void {
    const t = this.sum + term;
    if (Math.abs(this.sum) >= Math.abs(term)) this.compensation += this.sum - t + term;
    else this.compensation += term - t + this.sum;
    this.sum = t;
  }

  value(): number {
    return this.sum + this.compensation;
  }
}

/** Two-sided p-value of Pearson's r over n > 2 points: 2·I_{(1−|r|)/2}(n/2 − 1, n/2 − 1). */
export function pearsonPValue(r: number, n: number): number {
  if (Number.isNaN(r) || n <= 2) return NaN;
  const magnitude = Math.abs(r);
  if ((magnitude + 1) / 2 === 1) return 0; // SciPy's beta.sf at a rounded argument of exactly 1
  return Math.min(1, 2 * symmetricBetaLowerTail(n / 2 - 1, magnitude));
}
