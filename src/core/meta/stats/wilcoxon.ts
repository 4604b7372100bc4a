import { numpySum } from '../../significance/bootstrap-summary';
import { Scores, averageRanks } from './ranking';
import { normalCdf, normalSf } from './special/normal-distribution';

export type WilcoxonMethod = 'auto' | 'exact' | 'approx';
export type WilcoxonAlternative = 'two-sided' | 'greater' | 'less';
/** What zero differences do: dropped ('wilcox'), ranked then dropped from the statistic ('pratt'), split ('zsplit'). */
export type WilcoxonZeroMethod = 'wilcox' | 'pratt' | 'zsplit';

export interface WilcoxonOptions {
  readonly method?: WilcoxonMethod;
  readonly alternative?: WilcoxonAlternative;
  readonly zeroMethod?: WilcoxonZeroMethod;
  /** Continuity correction of the normal approximation (default false, as SciPy). */
  readonly correction?: boolean;
}

export interface WilcoxonResult {
  /** min(R+, R−) for the two-sided test, R+ for one-sided ones; NaN when undefined (no data, or every difference 0). */
  readonly statistic: number;
  readonly pvalue: number;
  /** The null distribution actually used; null when the test is undefined. */
  readonly method: 'exact' | 'approx' | null;
  /** Differences ranked (after zeros were dropped with 'wilcox'). */
  readonly n: number;
  /** The standardised statistic of the normal approximation (NaN for 'exact'). */
  readonly z: number;
  /** R+ and R−: the rank sums of the positive and negative differences (which side the data lean to). */
  readonly rankSumPositive: number;
  readonly rankSumNegative: number;
}

const UNDEFINED = (n: number): WilcoxonResult => ({ statistic: NaN, pvalue: NaN, method: null, n, z: NaN, rankSumPositive: NaN, rankSumNegative: NaN });

/**
 * The Wilcoxon signed-rank test of paired samples (x − y, or x alone as the differences), exactly as SciPy 1.10's
 * `scipy.stats.wilcoxon` computes it (scipy/stats/_morestats.py @ v1.10.1):
 * - method 'auto': the exact null distribution for at most 50 differences, the normal approximation above; exact
 *   switches to the approximation when a difference is 0;
 * - ranks are average ranks of |d|; two-sided statistic T = min(R+, R−);
 * - approximation: z = (T − n(n+1)/4) / √(n(n+1)(2n+1)/24 − Σ t(t²−1)/48) over groups of t tied ranks (Pratt adjusts
 *   mean and variance for the zeros), p = 2·sf(|z|) two-sided;
 * - exact: the distribution of R+ by SciPy's recursion (halving probabilities, exact in doubles up to n = 50); with
 *   tied |d| SciPy 1.10 still uses it and truncates a half-integer R+ to an integer — reproduced, as SciPy does.
 * Where SciPy raises (every difference zero with 'wilcox'/'pratt' in the approximation) this returns NaN
 * statistic and p-value; no data gives NaN too. Inputs must not contain NaN.
 */
export function wilcoxonSignedRank(x: Scores, y?: Scores, options: WilcoxonOptions = {}): WilcoxonResult {
  const alternative = options.alternative ?? 'two-sided';
  const zeroMethod = options.zeroMethod ?? 'wilcox';
  if (y !== undefined && y.length !== x.length) throw new RangeError(`The paired samples have ${x.length} and ${y.length} values.`);
  let d = Float64Array.from({ length: x.length }, (_, i) => (y === undefined ? x[i] : x[i] - y[i]));
  if (d.length === 0) return UNDEFINED(0);
  let method: 'exact' | 'approx' = options.method === undefined || options.method === 'auto' ? (d.length <= 50 ? 'exact' : 'approx') : options.method;
  const zeros = d.reduce((count, v) => count + (v === 0 ? 1 : 0), 0);
  if (zeros > 0 && method === 'exact') method = 'approx';
  if (method === 'approx') {
    if (zeroMethod !== 'zsplit' && zeros === d.length) return UNDEFINED(0);
    if (zeroMethod === 'wilcox') d = d.filter((v) => v !== 0);
  }
  const count = d.length;
  const magnitudes = d.map(Math.abs);
  const ranks = averageRanks(magnitudes);
  let rPlus = 0;
  let rMinus = 0;
  let rZero = 0;
  for (let i = 0; i < count; i++) {
    if (d[i] > 0) rPlus += ranks[i];
    else if (d[i] < 0) rMinus += ranks[i];
    else rZero += ranks[i];
  }
  if (zeroMethod === 'zsplit') {
    rPlus += rZero / 2;
    rMinus += rZero / 2;
  }
  const statistic = alternative === 'two-sided' ? Math.min(rPlus, rMinus) : rPlus;

  if (method === 'approx') {
    let mean = count * (count + 1) * 0.25;
    let variance = count * (count + 1) * (2 * count + 1);
    let ranked: Float64Array = ranks;
    if (zeroMethod === 'pratt') {
      ranked = ranks.filter((_, i) => d[i] !== 0);
      mean -= zeros * (zeros + 1) * 0.25;
      variance -= zeros * (zeros + 1) * (2 * zeros + 1);
    }
    for (const t of tieGroupSizes(ranked)) variance -= 0.5 * t * (t * t - 1);
    const se = Math.sqrt(variance / 24);
    let shift = 0;
    if (options.correction) shift = alternative === 'two-sided' ? 0.5 * Math.sign(statistic - mean) : alternative === 'less' ? -0.5 : 0.5;
    const z = (statistic - mean - shift) / se;
    const pvalue = alternative === 'two-sided' ? 2 * normalSf(Math.abs(z)) : alternative === 'greater' ? normalSf(z) : normalCdf(z);
    return { statistic, pvalue, method, n: count, z, rankSumPositive: rPlus, rankSumNegative: rMinus };
  }

  const pmf = signedRankDistribution(count);
  const r = Math.trunc(rPlus); // SciPy: int(r_plus)
  let pvalue: number;
  if (alternative === 'two-sided') {
    if (r === Math.floor((pmf.length - 1) / 2)) pvalue = 1;
    else pvalue = 2 * Math.min(numpySum(pmf, 0, r + 1), numpySum(pmf, r, pmf.length - r));
  } else if (alternative === 'greater') pvalue = numpySum(pmf, r, pmf.length - r);
  else pvalue = numpySum(pmf, 0, r + 1);
  return { statistic, pvalue: Math.min(1, Math.max(0, pvalue)), method, n: count, z: NaN, rankSumPositive: rPlus, rankSumNegative: rMinus };
}

/**
 * P(R+ = r), r = 0 … n(n+1)/2, under the null hypothesis, by SciPy's `_get_wilcoxon_distr` recursion: adding rank
 * k halves the previous distribution and adds it shifted by k.
 */
export function signedRankDistribution(n: number): Float64Array {
  let c = new Float64Array([1]);
  for (let k = 1; k <= n; k++) {
    const previous = c;
    c = new Float64Array((k * (k + 1)) / 2 + 1);
    const m = previous.length;
    for (let i = 0; i < m; i++) c[i] = previous[i] * 0.5;
    const offset = c.length - m;
    for (let i = 0; i < m; i++) c[offset + i] += previous[i] * 0.5;
  }
  return c;
}

/** Sizes of the groups of equal values that have more than one member (SciPy's `find_repeats` counts). */
function tieGroupSizes(values: Float64Array): number[] {
  const sorted = Float64Array.from(values).sort();
  const sizes: number[] = [];
  let run = 1;
  for (let i = 1; i <= sorted.length; i++) {
    if (i < sorted.length && sorted[i] === sorted[i - 1]) run++;
    else {
      if (run > 1) sizes.push(run);
      run = 1;
    }
  }
  return sizes;
}
