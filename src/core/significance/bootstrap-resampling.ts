import { seededRandom } from './pcg64';
import { CorpusScoreFunction, ResamplingControl, StatsMatrix, poll, sumAtIndices } from './resampling-input';
import { uniformBelow } from './uniform-integers';

/**
 * Bootstrap resampling of whole test sets (Koehn 2004): each sample draws as many segments as the test set has,
 * uniformly with replacement, sums their statistics and scores the sum. Every system given is scored on the same
 * samples (a paired design). The draws are NumPy's `default_rng(seed).choice(n, size=(samples, n))`, row by row, so a
 * seed gives the samples sacreBLEU 2.6 draws with that SACREBLEU_SEED.
 *
 * Returns one array of `samples` scores per system. No allocation happens per sample.
 */
export function resampledScores(
  systems: readonly StatsMatrix[],
  score: CorpusScoreFunction,
  samples: number,
  seed: number | bigint,
  control?: ResamplingControl,
): Float64Array[] {
  const segments = systems[0].segments;
  const random = seededRandom(seed);
  const indices = new Int32Array(segments);
  const totals = systems.map((s) => new Float64Array(s.width));
  const scores = systems.map(() => new Float64Array(samples));
  for (let sample = 0; sample < samples; sample++) {
    poll(control, sample, samples);
    for (let j = 0; j < segments; j++) indices[j] = uniformBelow(random, segments);
    for (let s = 0; s < systems.length; s++) {
      sumAtIndices(systems[s], indices, totals[s]);
      scores[s][sample] = score(totals[s], segments);
    }
  }
  control?.onProgress?.(samples, samples);
  return scores;
}
