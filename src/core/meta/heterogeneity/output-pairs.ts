import { seededRandom } from '../../significance/pcg64';
import { uniformBelow } from '../../significance/uniform-integers';
import { OutputScores, presentItems } from './output-scores';

/**
 * Every unordered pair of distinct outputs of one segment, with two metric bit sets: `greater` (metrics that score
 * the first output higher) and `less` (lower), after orienting lower-is-better metrics. The ordered pair (s, s′) is
 * the row as stored, (s′, s) the same row with the two sets swapped. Bit x of metric x is in word x >>> 5.
 */
export class OutputPairs {
  readonly count: number;
  readonly words: number;
  readonly first: Int32Array;
  readonly second: Int32Array;
  readonly segment: Int32Array;
  readonly greater: Uint32Array;
  readonly less: Uint32Array;
  /** Outputs scored by every metric (1) or by none (0), per item. */
  readonly present: Uint8Array;

  constructor(readonly input: OutputScores) {
    this.present = presentItems(input);
    const { systems, segments, metrics, scores } = input;
    const k = metrics.length;
    this.words = (k + 31) >>> 5;
    const sign = Float64Array.from(metrics, (_, x) => (input.higherIsBetter?.[x] === false ? -1 : 1));
    const first: number[] = [];
    const second: number[] = [];
    const segment: number[] = [];
    for (let i = 0; i < segments; i++) {
      for (let s = 0; s < systems.length; s++) {
        const p = s * segments + i;
        if (!this.present[p]) continue;
        for (let t = s + 1; t < systems.length; t++) {
          const q = t * segments + i;
          if (!this.present[q]) continue;
          first.push(p);
          second.push(q);
          segment.push(i);
        }
      }
    }
    this.count = first.length;
    this.first = Int32Array.from(first);
    this.second = Int32Array.from(second);
    this.segment = Int32Array.from(segment);
    this.greater = new Uint32Array(this.count * this.words);
    this.less = new Uint32Array(this.count * this.words);
    for (let r = 0; r < this.count; r++) {
      const p = this.first[r] * k;
      const q = this.second[r] * k;
      for (let x = 0; x < k; x++) {
        const d = sign[x] * (scores[p + x] - scores[q + x]);
        if (d > 0) this.greater[r * this.words + (x >>> 5)] |= 1 << (x & 31);
        else if (d < 0) this.less[r * this.words + (x >>> 5)] |= 1 << (x & 31);
      }
    }
  }

  /** The bit set of a list of metric indexes. */
  maskOf(metrics: readonly number[]): Uint32Array {
    const mask = new Uint32Array(this.words);
    for (const x of metrics) mask[x >>> 5] |= 1 << (x & 31);
    return mask;
  }

  /** Row r's two outputs are contradicted within `mask`: one metric of it prefers each output. */
  contradicts(r: number, mask: Uint32Array): boolean {
    let up = false;
    let down = false;
    const base = r * this.words;
    for (let w = 0; w < this.words; w++) {
      if ((this.greater[base + w] & mask[w]) !== 0) up = true;
      if ((this.less[base + w] & mask[w]) !== 0) down = true;
    }
    return up && down;
  }

  /**
   * Row indexes to estimate heterogeneity on: all rows, or `size` of them drawn without replacement (seeded PCG64,
   * a partial Fisher–Yates shuffle), as the papers estimate H on 1,000 (STS) or 10,000 (DUC) sampled pairs.
   */
  sample(size: number | undefined, seed: number): Int32Array {
    const all = Int32Array.from({ length: this.count }, (_, r) => r);
    if (size === undefined || size >= this.count) return all;
    const random = seededRandom(seed);
    for (let i = 0; i < size; i++) {
      const j = i + uniformBelow(random, this.count - i);
      [all[i], all[j]] = [all[j], all[i]];
    }
    return all.slice(0, size).sort();
  }
}
