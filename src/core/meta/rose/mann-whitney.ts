import { averageRanks } from '../stats/ranking';
import { normalSf } from '../stats/special/normal-distribution';

export type MannWhitneyMethod = 'auto' | 'exact' | 'asymptotic';

export interface MannWhitneyResult {
  /** U of the first sample: R₁ − n₁(n₁ + 1)/2 with average ranks for ties (SciPy's `statistic`). */
  readonly statistic: number;
  readonly pvalue: number;
  /** The method used ('auto' resolved). */
  readonly method: 'exact' | 'asymptotic';
  readonly n1: number;
  readonly n2: number;
}

/**
 * The Mann–Whitney U test as SciPy's `mannwhitneyu(x, y, use_continuity, alternative, method)` computes it (1.10 to
 * 1.17 agree): U₁ from average ranks over both samples, U₂ = n₁n₂ − U₁; the p-value uses U = max(U₁, U₂) and doubles
 * the tail for 'two-sided', U₁ for 'greater', U₂ for 'less', clipped to [0, 1].
 * - 'exact': the null distribution of U without ties (the q-binomial coefficients [n₁+n₂ choose n₁]_q, whose
 *   coefficients count the rank sets), P(U ≥ u) including the mass at u;
 * - 'asymptotic': z = (U − n₁n₂/2 − ½·continuity)/σ, σ² = n₁n₂/12·((n + 1) − Σ(t³ − t)/(n(n − 1))) over tie groups t,
 *   p = Φ(−z) (times 2 for two-sided);
 * - 'auto' (SciPy's default): exact when n₁ ≤ 8 or n₂ ≤ 8 and there are no ties, else asymptotic.
 */
export function mannWhitneyU(
  x: ArrayLike<number>,
  y: ArrayLike<number>,
  options: { alternative?: 'two-sided' | 'greater' | 'less'; method?: MannWhitneyMethod; useContinuity?: boolean } = {},
): MannWhitneyResult {
  const n1 = x.length;
  const n2 = y.length;
  if (n1 === 0 || n2 === 0) throw new RangeError('The Mann–Whitney U test needs two non-empty samples.');
  const combined = new Float64Array(n1 + n2);
  for (let i = 0; i < n1; i++) combined[i] = x[i];
  for (let j = 0; j < n2; j++) combined[n1 + j] = y[j];
  for (const v of combined) if (Number.isNaN(v)) throw new RangeError('The Mann–Whitney U test does not take NaN values.');
  const ranks = averageRanks(combined);
  let r1 = 0;
  for (let i = 0; i < n1; i++) r1 += ranks[i];
  const u1 = r1 - (n1 * (n1 + 1)) / 2;
  const u2 = n1 * n2 - u1;
  const alternative = options.alternative ?? 'two-sided';
  const [u, factor] = alternative === 'greater' ? [u1, 1] : alternative === 'less' ? [u2, 1] : [Math.max(u1, u2), 2];
  const tieTerm = tieCorrection(combined);
  let method = options.method ?? 'auto';
  if (method === 'auto') method = (n1 > 8 && n2 > 8) || tieTerm > 0 ? 'asymptotic' : 'exact';
  let p: number;
  if (method === 'exact') {
    p = exactSurvival(Math.trunc(u), n1, n2); // SciPy casts U to int64
  } else {
    const n = n1 + n2;
    const sigma = Math.sqrt(((n1 * n2) / 12) * (n + 1 - tieTerm / (n * (n - 1))));
    const numerator = u - (n1 * n2) / 2 - ((options.useContinuity ?? true) ? 0.5 : 0);
    p = normalSf(numerator / sigma);
  }
  p = Math.min(1, Math.max(0, p * factor));
  return { statistic: u1, pvalue: p, method, n1, n2 };
}

/** Σ (t³ − t) over groups of tied values. */
function tieCorrection(values: Float64Array): number {
  const sorted = Float64Array.from(values).sort();
  let total = 0;
  let run = 1;
  for (let i = 1; i <= sorted.length; i++) {
    if (i < sorted.length && sorted[i] === sorted[i - 1]) run++;
    else {
      total += run * run * run - run;
      run = 1;
    }
  }
  return total;
}

/**
 * P(U ≥ u) under H₀ without ties: the number of ways to place the first sample's ranks giving U = v is the
 * coefficient of q^v in the q-binomial coefficient [n₁+n₂ choose m]_q = ∏_{i=1..m} (1 − q^{M+i})/(1 − q^i), with
 * m = min(n₁, n₂), M = max(n₁, n₂); after each step the product so far is itself a polynomial ([M+i choose i]_q). Counts beyond 2^53 are carried in doubles
 * (as SciPy switches to floats), which keeps the relative accuracy of the tail sums.
 */
function exactSurvival(u: number, n1: number, n2: number): number {
  const m = Math.min(n1, n2);
  const big = Math.max(n1, n2);
  const degree = m * big;
  const c = new Float64Array(degree + 1);
  c[0] = 1;
  let current = 0; // degree of the polynomial so far
  for (let i = 1; i <= m; i++) {
    // Multiply by (1 − q^{big+i}), then divide by (1 − q^i); the quotient is the next q-binomial coefficient.
    const shift = big + i;
    const next = current + big;
    for (let v = Math.min(next + i, degree); v >= shift; v--) c[v] -= c[v - shift];
    for (let v = i; v <= next; v++) c[v] += c[v - i];
    for (let v = next + 1; v <= Math.min(next + i, degree); v++) c[v] = 0; // the dividend's top terms, now consumed
    current = next;
  }
  let total = 0;
  for (let v = 0; v <= degree; v++) total += c[v];
  // The distribution is symmetric about mn/2: sum the smaller tail.
  let tail = 0;
  if (u > degree / 2) {
    for (let v = u; v <= degree; v++) tail += c[v];
  } else {
    for (let v = 0; v < u; v++) tail += c[v];
    tail = total - tail;
  }
  return tail / total;
}
