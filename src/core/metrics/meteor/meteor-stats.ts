import { powExact } from '../correctly-rounded-math';
import { MeteorAlignment } from './meteor-aligner';
import { MeteorParameters } from './meteor-config';

/**
 * METEOR 1.5's sufficient statistics (MeteorStats, `-ssOut`): the 23 columns it prints, plus one column of ours.
 *
 *   0 test length, 1 reference length, 2 test function words, 3 reference function words,
 *   4 + 4s … 7 + 4s: stage s (s = 0…3) test content / reference content / test function / reference function matches,
 *   20 chunks, 21 test word matches, 22 reference word matches,
 *   23 chunks as METEOR's system total counts them: 0 for a segment matched perfectly in one chunk (MeteorStats.addStats
 *      leaves those out of the sum), the segment's chunks otherwise.
 *
 * With character-based scoring (`-ch`) columns 0–19 count characters instead of words; 20–23 stay in words.
 */
export const METEOR_MAX_STAGES = 4;
export const METEOR_STATS_LAYOUT: readonly string[] = [
  'test_length',
  'ref_length',
  'test_function_words',
  'ref_function_words',
  ...Array.from({ length: METEOR_MAX_STAGES }, (_, s) => [`stage${s + 1}_test_content`, `stage${s + 1}_ref_content`, `stage${s + 1}_test_function`, `stage${s + 1}_ref_function`]).flat(),
  'chunks',
  'test_word_matches',
  'ref_word_matches',
  'system_chunks',
];
export const COL_CHUNKS = 20;
export const COL_TEST_WORD_MATCHES = 21;
export const COL_REF_WORD_MATCHES = 22;
export const COL_SYSTEM_CHUNKS = 23;
/** METEOR's 23 printed columns (everything but our system-chunks column). */
export const METEOR_SSOUT_COLUMNS = 23;

/** The statistics of one alignment (MeteorScorer.getMeteorStats(Alignment)). */
export function meteorStatsOfAlignment(a: MeteorAlignment, characterBased: boolean): Float64Array {
  const row = new Float64Array(METEOR_STATS_LAYOUT.length);
  const size = (word: string): number => (characterBased ? word.length : 1);
  for (let i = 0; i < a.test.length; i++) {
    row[0] += size(a.test[i]);
    if (a.testFunctionWord[i]) row[2] += size(a.test[i]);
  }
  for (let j = 0; j < a.reference.length; j++) {
    row[1] += size(a.reference[j]);
    if (a.referenceFunctionWord[j]) row[3] += size(a.reference[j]);
  }
  for (const m of a.matches) {
    if (m === undefined) continue;
    const base = 4 + 4 * m.stage;
    for (let k = 0; k < m.matchLength; k++) {
      const i = m.matchStart + k;
      row[base + (a.testFunctionWord[i] ? 2 : 0)] += size(a.test[i]);
    }
    for (let k = 0; k < m.length; k++) {
      const j = m.start + k;
      row[base + (a.referenceFunctionWord[j] ? 3 : 1)] += size(a.reference[j]);
    }
  }
  row[COL_CHUNKS] = a.chunks;
  row[COL_TEST_WORD_MATCHES] = a.testMatches;
  row[COL_REF_WORD_MATCHES] = a.referenceMatches;
  row[COL_SYSTEM_CHUNKS] = isPerfect(row, a.chunks) ? 0 : a.chunks;
  return row;
}

function totalMatches(row: Float64Array, side: 0 | 1): number {
  let total = 0;
  for (let s = 0; s < METEOR_MAX_STAGES; s++) total += row[4 + 4 * s + side] + row[4 + 4 * s + 2 + side];
  return total;
}

/** Every test and reference word matched, in one chunk: METEOR's fragmentation is then 0. */
function isPerfect(row: Float64Array, chunks: number): boolean {
  return totalMatches(row, 0) === row[0] && totalMatches(row, 1) === row[1] && chunks === 1;
}

export interface MeteorScoreParts {
  readonly score: number;
  readonly precision: number;
  readonly recall: number;
  readonly f1: number;
  readonly fMean: number;
  readonly fragmentation: number;
  readonly fragPenalty: number;
  readonly chunks: number;
  readonly testWeightedMatches: number;
  readonly referenceWeightedMatches: number;
}

/**
 * MeteorScorer.computeMetrics on (summed) statistics, with METEOR's order of floating-point operations:
 * weighted lengths δ·content + (1−δ)·function words; weighted matches Σ stage weight · δ over content matches, then
 * Σ stage weight · (1−δ) over function matches; P, R; Fmean = 1 / ((1−α)/P + α/R); fragmentation = chunks / mean
 * matched words (0 when everything matched in one chunk); penalty γ·frag^β; score = Fmean·(1−penalty), 0 when NaN,
 * never below 0. `chunksColumn` picks the segment's chunks (sentence scores) or the system total's (corpus scores).
 */
export function meteorScore(row: Float64Array, parameters: MeteorParameters, weights: readonly number[], chunksColumn: number): MeteorScoreParts {
  const [alpha, beta, gamma, delta] = parameters;
  const testLength = row[0];
  const referenceLength = row[1];
  const testWeightedLength = delta * (testLength - row[2]) + (1.0 - delta) * row[2];
  const referenceWeightedLength = delta * (referenceLength - row[3]) + (1.0 - delta) * row[3];
  let testWeightedMatches = 0;
  let referenceWeightedMatches = 0;
  for (let s = 0; s < weights.length; s++) testWeightedMatches += row[4 + 4 * s] * weights[s] * delta;
  for (let s = 0; s < weights.length; s++) referenceWeightedMatches += row[5 + 4 * s] * weights[s] * delta;
  for (let s = 0; s < weights.length; s++) testWeightedMatches += row[6 + 4 * s] * weights[s] * (1.0 - delta);
  for (let s = 0; s < weights.length; s++) referenceWeightedMatches += row[7 + 4 * s] * weights[s] * (1.0 - delta);
  const precision = testWeightedMatches / testWeightedLength;
  const recall = referenceWeightedMatches / referenceWeightedLength;
  const f1 = (2 * precision * recall) / (precision + recall);
  const fMean = 1.0 / ((1.0 - alpha) / precision + alpha / recall);
  const chunks = row[chunksColumn];
  const fragmentation = isPerfect(row, chunks) ? 0 : chunks / ((row[COL_TEST_WORD_MATCHES] + row[COL_REF_WORD_MATCHES]) / 2);
  const fragPenalty = gamma * powExact(fragmentation, beta);
  const raw = fMean * (1.0 - fragPenalty);
  const score = Number.isNaN(raw) ? 0 : Math.max(raw, 0.0);
  return { score, precision, recall, f1, fMean, fragmentation, fragPenalty, chunks, testWeightedMatches, referenceWeightedMatches };
}
