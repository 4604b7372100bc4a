import { withUnigramBudget } from './unigram-clip';

/**
 * ROUGE-L as ROUGE-1.5.5 computes it (`lcs`, `lcs_inner`, `markLCS`): summary-level "union LCS".
 * For each model unit (sentence): the positions of the model unit on one LCS with each peer unit are marked (the
 * union over peer units); then, in model order, each marked position is a hit if its token still has an unspent
 * occurrence in both the model's and the peer's unigram counts (see unigram-clip.ts), which keeps ROUGE-L ≤ ROUGE-1.
 * base = Σ model unit lengths. Which LCS is marked follows ROUGE's DP: equal tokens go diagonal, otherwise up
 * (fewer model tokens) when c[i-1][j] ≥ c[i][j-1], else left; the path is read back from (m, n).
 */
export interface LcsResult {
  /** Number of LCS hits after clipping. */
  readonly hit: number;
  /** Σ model unit lengths. */
  readonly base: number;
}

/** A hit: model unit/position and the peer unit/position the first LCS that marked it paired it with. */
export interface LcsHit {
  readonly modelUnit: number;
  readonly modelPosition: number;
  readonly peerUnit: number;
  readonly peerPosition: number;
}

let table = new Int32Array(4096);

/**
 * Marks the model positions of ROUGE's LCS of `model` and `peer` in `mask` (1 = on the LCS); `pairedWith`, when given,
 * receives the peer position of each newly marked model position (encoded peerUnit·2^20 + position, first one wins).
 */
export function markLcs(model: Int32Array, peer: Int32Array, mask: Uint8Array, pairedWith?: Float64Array, peerUnit = 0): void {
  const m = model.length;
  const n = peer.length;
  if (m === 0 || n === 0) return;
  const width = n + 1;
  const size = (m + 1) * width;
  if (table.length < size) table = new Int32Array(Math.max(size, table.length * 2));
  const c = table;
  c.fill(0, 0, width);
  for (let i = 1; i <= m; i++) {
    const x = model[i - 1];
    const row = i * width;
    const up = row - width;
    c[row] = 0;
    for (let j = 1; j <= n; j++) {
      if (x === peer[j - 1]) c[row + j] = c[up + j - 1] + 1;
      else {
        const a = c[up + j];
        const b = c[row + j - 1];
        c[row + j] = a >= b ? a : b;
      }
    }
  }
  let i = m;
  let j = n;
  while (i !== 0 && j !== 0) {
    if (model[i - 1] === peer[j - 1]) {
      i--;
      j--;
      if (pairedWith && !mask[i]) pairedWith[i] = peerUnit * 1048576 + j;
      mask[i] = 1;
    } else if (c[(i - 1) * width + j] >= c[i * width + j - 1]) i--;
    else j--;
  }
}

/**
 * ROUGE-1.5.5's `lcs` of one model against the peer. `modelTokens` / `peerTokens` are the joined readings whose
 * unigram counts clip the hits; `hits`, when given, receives every hit.
 */
export function rouge155Lcs(
  modelUnits: readonly Int32Array[], peerUnits: readonly Int32Array[],
  modelTokens: Int32Array, peerTokens: Int32Array, hits?: LcsHit[],
): LcsResult {
  return withUnigramBudget(modelTokens, peerTokens, (budget) => {
    let hit = 0;
    let base = 0;
    for (let u = 0; u < modelUnits.length; u++) {
      const unit = modelUnits[u];
      base += unit.length;
      if (unit.length === 0) continue;
      const mask = new Uint8Array(unit.length);
      const paired = hits ? new Float64Array(unit.length) : undefined;
      for (let p = 0; p < peerUnits.length; p++) markLcs(unit, peerUnits[p], mask, paired, p);
      for (let j = 0; j < unit.length; j++) {
        if (mask[j] && budget.spend(unit[j])) {
          hit++;
          if (hits && paired) {
            const code = paired[j];
            hits.push({ modelUnit: u, modelPosition: j, peerUnit: Math.floor(code / 1048576), peerPosition: code % 1048576 });
          }
        }
      }
    }
    return { hit, base };
  });
}
