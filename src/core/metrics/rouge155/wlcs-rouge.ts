import { LcsHit } from './lcs-rouge';
import { powExact } from '../correctly-rounded-math';
import { withUnigramBudget } from './unigram-clip';

/**
 * ROUGE-W as ROUGE-1.5.5 computes it (`wlcs`, `wlcs_inner`, `wlcsWeight`): like ROUGE-L's union LCS, but the DP
 * rewards consecutive matches with f(k) = k^w: extending a run of k matches adds f(k+1) − f(k) (evaluated in that
 * order, in doubles), and the path is read back with ROUGE's tie rules (diagonal on equal tokens, else up when
 * c[i-1][j] ≥ c[i][j-1]). After clipping (unigram-clip.ts) each run of consecutive hits of length k adds f(k), with
 * ROUGE's bookkeeping reproduced exactly: a run is closed only when the next position is unmarked or the unit
 * ends, so a marked-but-clipped position neither adds to nor closes the run.
 * base = Σ f(model unit length); score (used by `-f B`) = (hit / base)^(1/w).
 */
export interface WlcsResult {
  readonly hit: number;
  readonly base: number;
  /** (hit / base)^(1/w); ROUGE-1.5.5 dies ("Illegal division by zero") when base is 0 — we report 0 and `baseIsZero`. */
  readonly score: number;
  readonly baseIsZero: boolean;
}

/** k^w for small integers k, computed once per weight (Perl's `**` calls C pow). */
export class WlcsWeights {
  private readonly table: number[] = [0];

  constructor(readonly weight: number) {}

  at(k: number): number {
    while (this.table.length <= k) this.table.push(powExact(this.table.length, this.weight));
    return this.table[k];
  }
}

let cTable = new Float64Array(4096);
let lTable = new Int32Array(4096);

function markWlcs(
  model: Int32Array, peer: Int32Array, mask: Uint8Array, weights: WlcsWeights,
  pairedWith?: Float64Array, peerUnit = 0,
): void {
  const m = model.length;
  const n = peer.length;
  if (m === 0 || n === 0) return;
  const width = n + 1;
  const size = (m + 1) * width;
  if (cTable.length < size) {
    cTable = new Float64Array(Math.max(size, cTable.length * 2));
    lTable = new Int32Array(cTable.length);
  }
  const c = cTable;
  const l = lTable;
  c.fill(0, 0, width);
  l.fill(0, 0, width);
  weights.at(Math.min(m, n) + 1); // fill the table before the loop
  for (let i = 1; i <= m; i++) {
    const x = model[i - 1];
    const row = i * width;
    const up = row - width;
    c[row] = 0;
    l[row] = 0;
    for (let j = 1; j <= n; j++) {
      if (x === peer[j - 1]) {
        const k = l[up + j - 1];
        c[row + j] = c[up + j - 1] + weights.at(k + 1) - weights.at(k);
        l[row + j] = k + 1;
      } else {
        const a = c[up + j];
        const b = c[row + j - 1];
        c[row + j] = a >= b ? a : b;
        l[row + j] = 0;
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

/** ROUGE-1.5.5's `wlcs` of one model against the peer (see rouge155Lcs for the arguments). */
export function rouge155Wlcs(
  modelUnits: readonly Int32Array[], peerUnits: readonly Int32Array[],
  modelTokens: Int32Array, peerTokens: Int32Array, weights: WlcsWeights, hits?: LcsHit[],
): WlcsResult {
  return withUnigramBudget(modelTokens, peerTokens, (budget) => {
    let hit = 0;
    let base = 0;
    for (let u = 0; u < modelUnits.length; u++) {
      const unit = modelUnits[u];
      base += weights.at(unit.length);
      if (unit.length === 0) continue;
      const mask = new Uint8Array(unit.length);
      const paired = hits ? new Float64Array(unit.length) : undefined;
      for (let p = 0; p < peerUnits.length; p++) markWlcs(unit, peerUnits[p], mask, weights, paired, p);
      let run = 0;
      for (let j = 0; j < unit.length; j++) {
        if (!mask[j] || !budget.spend(unit[j])) continue;
        run++;
        if ((j + 1 < unit.length && mask[j + 1] === 0) || j + 1 === unit.length) {
          hit += weights.at(run);
          run = 0;
        }
        if (hits && paired) {
          const code = paired[j];
          hits.push({ modelUnit: u, modelPosition: j, peerUnit: Math.floor(code / 1048576), peerPosition: code % 1048576 });
        }
      }
    }
    const baseIsZero = base === 0;
    return { hit, base, score: baseIsZero ? 0 : powExact(hit / base, 1 / weights.weight), baseIsZero };
  });
}
