import { numpySum } from '../../significance/bootstrap-summary';

/** n! rounded once to the nearest double (as Python converts `math.factorial(n)` in a division). */
function factorial(n: number): number {
  let f = 1n;
  for (let k = 2n; k <= BigInt(n); k++) f *= k;
  return Number(f);
}

/**
 * Two-sided exact p-value of Kendall's τ for n untied points with c concordant pairs, as SciPy 1.10
 * (`mstats_basic._kendall_p_exact`, alternative='two-sided'): with c folded into the left tail,
 * p = 2·P(C ≤ c) under the uniform distribution over the n! permutations, where the number of permutations with k
 * inversions (the Mahonian numbers) is built by SciPy's recurrence: start from [1, 1, 0, …] (length c + 1), and for
 * j = 3..n take cumulative sums and subtract the sums shifted by j. Special cases as in SciPy: n ≤ 2 → 1;
 * c = 0 → 2/n!; c = 1 → 2/(n−1)!; c = n(n−1)/4 → 1; the cumulative sums are divided by j as they go for n ≥ 171.
 */
export function kendallExactPValue(n: number, concordant: number): number {
  const total = (n * (n - 1)) / 2;
  const c = Math.min(concordant, total - concordant);
  if (!(n > 0) || c < 0 || 4 * c > n * (n - 1)) throw new RangeError(`Invalid exact Kendall arguments n = ${n}, c = ${concordant}.`);
  let prob: number;
  if (n <= 2) prob = 1;
  else if (c === 0) prob = n < 171 ? 2 / factorial(n) : 0;
  else if (c === 1) prob = n < 172 ? 2 / factorial(n - 1) : 0;
  else if (4 * c === n * (n - 1)) prob = 1;
  else {
    const scaled = n >= 171;
    let counts = new Float64Array(c + 1);
    counts[0] = 1;
    counts[1] = 1;
    for (let j = 3; j <= n; j++) {
      const next = new Float64Array(c + 1);
      let running = 0;
      for (let k = 0; k <= c; k++) {
        running += counts[k];
        next[k] = running;
      }
      if (scaled) for (let k = 0; k <= c; k++) next[k] /= j;
      if (j <= c) {
        // NumPy evaluates `new[j:] -= new[:c+1-j]` on a copy of the overlapping right-hand side.
        const shifted = next.slice(0, c + 1 - j);
        for (let k = j; k <= c; k++) next[k] -= shifted[k - j];
      }
      counts = next;
    }
    const sum = numpySum(counts, 0, c + 1);
    prob = scaled ? sum : (2 * sum) / factorial(n);
  }
  return Math.min(Math.max(prob, 0), 1);
}
