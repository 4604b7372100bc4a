import { lowerBound, upperBound } from '../stats/ranking';
import { combineCases } from './king';
import { QarlaOptions } from './qarla-options';
import { QarlaTestBed, QarlaTestCase } from './test-bed';

/**
 * KING of one metric alone, for many metrics at once (the clustering needs every metric's): with a single metric, a
 * candidate passes a triple ⟨m, m′, m″⟩ when x(c, m) ≥ x(m′, m″), so its passes on model m are the pairs whose
 * similarity is at most x(c, m) — one binary search in the sorted pair values instead of a pass over the pairs.
 * When m may not be in its own pair, the pairs that contain m are taken back out one by one. Equal to
 * `king(bed, [x], options).king`.
 */
export function singleMetricKing(bed: QarlaTestBed, x: number, options: QarlaOptions): number {
  const k = bed.metrics.length;
  const wins: number[] = [];
  const models: number[] = [];
  for (const kase of bed.cases) {
    const modelCount = kase.models.length;
    let caseWins = 0;
    const shared = options.kingModels === 'all' ? new PairCounter(kase, k, x, options, -1) : undefined;
    const sharedBest = shared ? bestPeer(kase, k, x, shared) : 0;
    for (let h = 0; h < modelCount; h++) {
      const counter = shared ?? new PairCounter(kase, k, x, options, h);
      const best = shared ? sharedBest : bestPeer(kase, k, x, counter);
      const own = counter.passed(kase.modelModel, h * modelCount * k);
      if (options.kingComparison === 'greater' ? own > best : own >= best) caseWins++;
    }
    wins.push(caseWins);
    models.push(modelCount);
  }
  return combineCases(wins, models, options);
}

function bestPeer(kase: QarlaTestCase, k: number, x: number, counter: PairCounter): number {
  let best = -1;
  const width = kase.models.length * k;
  for (let p = 0; p < kase.peers.length; p++) best = Math.max(best, counter.passed(kase.peerModel, p * width));
  return best;
}

/** The pair values of the models except `left`, sorted, to count a candidate's passed triples under metric x. */
class PairCounter {
  private readonly sorted: Float64Array;
  private readonly modelCount: number;

  constructor(
    private readonly kase: QarlaTestCase,
    private readonly k: number,
    private readonly x: number,
    private readonly options: QarlaOptions,
    private readonly left: number,
  ) {
    const modelCount = kase.models.length;
    this.modelCount = modelCount;
    const values: number[] = [];
    for (let m1 = 0; m1 < modelCount; m1++) {
      for (let m2 = 0; m2 < modelCount; m2++) {
        if (m1 === left || m2 === left || (options.distinctPair && m1 === m2)) continue;
        values.push(kase.modelModel[(m1 * modelCount + m2) * k + x]);
      }
    }
    this.sorted = Float64Array.from(values).sort();
  }

  /** Passed triples of the candidate whose x(c, m) values start at `offset` of `values` (stride k per model). */
  passed(values: Float64Array, offset: number): number {
    const { modelCount, k, x, left, sorted, options } = this;
    const strict = options.queenComparison === 'greater';
    const pairs = this.kase.modelModel;
    let count = 0;
    for (let m = 0; m < modelCount; m++) {
      if (m === left) continue;
      const v = values[offset + m * k + x];
      count += strict ? lowerBound(sorted, v) : upperBound(sorted, v);
      if (options.modelInPair === 'excluded') {
        // Take back the pairs that contain m (each once, with (m, m) when pairs may repeat a model).
        for (let other = 0; other < modelCount; other++) {
          if (other === left) continue;
          if (other === m && options.distinctPair) continue;
          const w1 = pairs[(m * modelCount + other) * k + x];
          if (strict ? v > w1 : v >= w1) count--;
          if (other === m) continue;
          const w2 = pairs[(other * modelCount + m) * k + x];
          if (strict ? v > w2 : v >= w2) count--;
        }
      }
    }
    return count;
  }
}
