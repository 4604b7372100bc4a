/**
 * ROUGE-N as ROUGE-1.5.5 counts it (`createNGram`, `ngramScore`): the n-grams of the joined token stream of a summary
 * (so they cross sentence boundaries); model count = number of model n-grams, peer count = number of peer n-grams,
 * hit = Σ min(model count, peer count) per distinct n-gram.
 *
 * N-grams become numbers: a unigram is its token id; a longer n-gram is the id given to the pair
 * (id of its first n-1 tokens, last token) by a per-order table filled from model (reference) text only. A peer
 * n-gram missing from the table — or containing a token unknown to every model (id −1) — can match nothing (NaN).
 */
const TOKEN_BASE = 67108864; // 2^26: token ids and n-gram ids stay below 2^26 and 2^27, so pair keys are exact

export class NgramCoder {
  private readonly tables: Map<number, number>[] = [];

  constructor(readonly order: number) {
    if (!(order >= 1 && Number.isInteger(order))) throw new Error(`ROUGE-N needs a positive integer n, got ${order}`);
    for (let k = 1; k < order; k++) this.tables.push(new Map());
  }

  /**
   * The key of the n-gram starting at each position (length max(0, |ids|−n+1)); `grow` adds unseen n-grams (models),
   * otherwise they are NaN (peers).
   */
  keysAt(ids: Int32Array, grow: boolean): Float64Array {
    const n = this.order;
    const count = Math.max(0, ids.length - n + 1);
    const keys = new Float64Array(count);
    for (let i = 0; i < count; i++) {
      let key = ids[i];
      if (key < 0) {
        keys[i] = NaN;
        continue;
      }
      for (let k = 1; k < n && key === key; k++) {
        const token = ids[i + k];
        if (token < 0) {
          key = NaN;
          break;
        }
        const table = this.tables[k - 1];
        const pair = key * TOKEN_BASE + token;
        let next = table.get(pair);
        if (next === undefined) {
          if (!grow) {
            key = NaN;
            break;
          }
          next = table.size;
          table.set(pair, next);
        }
        key = next;
      }
      keys[i] = key;
    }
    return keys;
  }
}

/** ROUGE-1.5.5's `_cn_` for n-grams: the number of n-grams of a token stream. */
export function ngramTotal(tokenCount: number, order: number): number {
  return Math.max(0, tokenCount - order + 1);
}
