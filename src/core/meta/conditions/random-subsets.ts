import { RandomSource } from '../../significance/pcg64';
import { uniformBelow } from '../../significance/uniform-integers';

/**
 * Draws `k` of the `pool.length` values of `pool` uniformly without replacement into `pool[0..k)`, by a partial
 * Fisher–Yates shuffle in place (position j swaps with a uniform position in [j, n)). The pool may be in any order
 * from a previous draw: every k-subset stays equally likely. Uses k uniform integers from `random`.
 */
export function drawWithoutReplacement(random: RandomSource, pool: Int32Array, k: number): void {
  const n = pool.length;
  for (let j = 0; j < k; j++) {
    const r = j + uniformBelow(random, n - j);
    const t = pool[j];
    pool[j] = pool[r];
    pool[r] = t;
  }
}

/** Sorts `values[0..k)` ascending in place (insertion sort: k is a number of references, ≤ a dozen). */
export function sortPrefix(values: Int32Array, k: number): void {
  for (let j = 1; j < k; j++) {
    const v = values[j];
    let i = j - 1;
    while (i >= 0 && values[i] > v) {
      values[i + 1] = values[i];
      i--;
    }
    values[i + 1] = v;
  }
}

/** Multiplicities of n draws with replacement from [0, n) (a bootstrap sample; n uniform integers). */
export function bootstrapCounts(random: RandomSource, counts: Float64Array): void {
  const n = counts.length;
  counts.fill(0);
  for (let j = 0; j < n; j++) counts[uniformBelow(random, n)]++;
}
