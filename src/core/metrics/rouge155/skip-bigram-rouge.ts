/**
 * ROUGE-S / ROUGE-SU as ROUGE-1.5.5 counts them (`createSkipBigram`): for every token i but the last, the pairs
 * (i, j) with i < j and at most `distance` tokens between them (`j ≤ i + distance + 1`; no limit when distance < 0),
 * over the joined token stream. With unigrams (`-u`/`-U`) token i itself is counted too — but only for i before the
 * last token: ROUGE-1.5.5 never counts the final token's unigram (and counts none for a one-token summary).
 *
 * Keys: a skip-bigram (a, b) is a·2^26 + b, a unigram a is −(a + 1); pairs with a token unknown to every model
 * (id −1) are NaN (they count in the total but match nothing).
 */
const TOKEN_BASE = 67108864; // 2^26

export interface SkipBigramUnit {
  /** Positions in the token stream; `second` is −1 for a unigram. */
  readonly first: number;
  readonly second: number;
}

/** Keys of all units in ROUGE-1.5.5's order; `units` (optional) receives the positions of each key. */
export function skipBigramKeys(ids: Int32Array, distance: number, unigrams: boolean, units?: SkipBigramUnit[]): Float64Array {
  const n = ids.length;
  let count = 0;
  for (let i = 0; i < n - 1; i++) count += (unigrams ? 1 : 0) + (distance < 0 ? n - 1 : Math.min(n - 1, i + distance + 1)) - i;
  const keys = new Float64Array(count);
  let k = 0;
  for (let i = 0; i < n - 1; i++) {
    const a = ids[i];
    if (unigrams) {
      keys[k++] = a < 0 ? NaN : -(a + 1);
      units?.push({ first: i, second: -1 });
    }
    const last = distance < 0 ? n - 1 : Math.min(n - 1, i + distance + 1);
    const base = a * TOKEN_BASE;
    for (let j = i + 1; j <= last; j++) {
      const b = ids[j];
      keys[k++] = a < 0 || b < 0 ? NaN : base + b;
      units?.push({ first: i, second: j });
    }
  }
  return keys;
}
