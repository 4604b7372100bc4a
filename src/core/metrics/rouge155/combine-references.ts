import { perlRound5Fast } from './perl-format';

/**
 * How a ROUGE-1.5.5 summary row follows from its per-model counts, for `PreparedMetric.combineReferences`: the rows
 * of the metric prepared on one model each carry that model's counts in columns 4–6 (model count, peer count, hit),
 * and ROUGE-1.5.5 forms a summary's numbers from exactly those counts (`-f A`: sums over the models; `-f B`: the
 * counts of the model with the highest per-model score, the first on ties).
 */
export interface Rouge155Combination {
  readonly modelAverage: 'A' | 'B';
  readonly alpha: number;
  /** What `-f B` compares for one model, from its hit and model count (the same double ROUGE-1.5.5 compares). */
  readonly modelScore: (hit: number, modelCount: number) => number;
  /** R from (hit, model count) and P from (hit, peer count) before rounding; 0 for a zero count. */
  readonly ratio: (hit: number, count: number) => number;
}

const WIDTH = 7;

/**
 * Writes [R, P, F, 1, model count, peer count, hit] of the models `chosen[0..count)` to `out`, as ROUGE-1.5.5 would;
 * model r's row is at `rows[offset + 7r]`.
 */
export function combineRouge155Rows(
  rows: Float64Array, offset: number, chosen: Int32Array, count: number, out: Float64Array, combination: Rouge155Combination,
): void {
  let hit = 0;
  let modelCount = 0;
  let peerCount = 0;
  if (combination.modelAverage === 'A') {
    // The hot case (every resample of reference subsets): plain sums, read in place.
    for (let k = 0; k < count; k++) {
      const at = offset + chosen[k] * WIDTH;
      hit += rows[at + 6];
      modelCount += rows[at + 4];
      peerCount += rows[at + 5];
    }
  } else {
    let bestScore = -1;
    for (let k = 0; k < count; k++) {
      const at = offset + chosen[k] * WIDTH;
      const score = combination.modelScore(rows[at + 6], rows[at + 4]);
      if (score > bestScore) {
        bestScore = score;
        hit = rows[at + 6];
        modelCount = rows[at + 4];
        peerCount = rows[at + 5];
      }
    }
  }
  const recall = perlRound5Fast(combination.ratio(hit, modelCount));
  const precision = perlRound5Fast(combination.ratio(hit, peerCount));
  writeRow(recall, precision, combination.alpha, modelCount, peerCount, hit, out);
}

/** [R, P, F, 1, M, P count, H] with F from the rounded R and P, rounded (ROUGE-1.5.5's `%7.5f` arithmetic). */
function writeRow(recall: number, precision: number, alpha: number, modelCount: number, peerCount: number, hit: number, out: Float64Array): void {
  const denominator = (1 - alpha) * precision + alpha * recall;
  out[0] = recall;
  out[1] = precision;
  out[2] = denominator > 0 ? perlRound5Fast((precision * recall) / denominator) : 0;
  out[3] = 1;
  out[4] = modelCount;
  out[5] = peerCount;
  out[6] = hit;
}

/**
 * `-f A` for ROUGE-N/L/S/SU and BE (R = ΣH/ΣM, P = ΣH/ΣP, no power): `combineRouge155Rows` with the sums and ratios
 * written out, for the resampling loops that call it millions of times. Same numbers.
 */
export function combineRouge155SumsA(rows: Float64Array, offset: number, chosen: Int32Array, count: number, out: Float64Array, alpha: number): void {
  let hit = 0;
  let modelCount = 0;
  let peerCount = 0;
  for (let k = 0; k < count; k++) {
    const at = offset + chosen[k] * WIDTH;
    hit += rows[at + 6];
    modelCount += rows[at + 4];
    peerCount += rows[at + 5];
  }
  const recall = modelCount === 0 ? 0 : perlRound5Fast(hit / modelCount);
  const precision = peerCount === 0 ? 0 : perlRound5Fast(hit / peerCount);
  writeRow(recall, precision, alpha, modelCount, peerCount, hit, out);
}
