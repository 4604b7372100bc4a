import { DEFAULT_SEED } from '../../significance/resampling-input';
import { OutputPairs } from './output-pairs';
import { OutputScores, metricSubset } from './output-scores';

export interface HeterogeneityOptions {
  /**
   * Estimate H on this many pairs of outputs drawn at random (P12 draws 1,000, P13 10,000); default: every pair of
   * outputs of the same segment (the exact value).
   */
  readonly samplePairs?: number;
  /** Seed of that draw (PCG64; default 12345). */
  readonly seed?: number;
}

export interface HeterogeneityResult {
  readonly kind: 'heterogeneity';
  readonly metrics: readonly string[];
  /** H(X) = P(∃x, x′ ∈ X. x(s) > x(s′) ∧ x′(s) < x′(s′)) over pairs of outputs of the same segment. */
  readonly heterogeneity: number;
  /** Pairs the estimate used, and those some two metrics contradict each other on. */
  readonly pairs: number;
  readonly contradicted: number;
  /** The sample size and seed when sampled; null when every pair was used. */
  readonly samplePairs: number | null;
  readonly seed: number | null;
}

/**
 * Heterogeneity of a metric set (Amigó et al. 2011, seed003 §3.5): how often two of its metrics disagree on which of
 * two outputs is better. One metric, or metrics that always agree, give 0; a random metric added to X moves H to
 * about (H + 1)/2. Ties count as neither better nor worse.
 */
export function heterogeneity(input: OutputScores, metricNames?: readonly string[], options: HeterogeneityOptions = {}): HeterogeneityResult {
  const pairs = new OutputPairs(input);
  const metrics = metricSubset(input, metricNames);
  const seed = options.seed ?? DEFAULT_SEED;
  const rows = pairs.sample(options.samplePairs, seed);
  const mask = pairs.maskOf(metrics);
  let contradicted = 0;
  for (const r of rows) if (pairs.contradicts(r, mask)) contradicted++;
  const sampled = rows.length < pairs.count;
  return {
    kind: 'heterogeneity',
    metrics: metrics.map((x) => input.metrics[x]),
    heterogeneity: rows.length > 0 ? contradicted / rows.length : 0,
    pairs: rows.length,
    contradicted,
    samplePairs: sampled ? rows.length : null,
    seed: sampled ? seed : null,
  };
}

/** Up to this many metrics, H of every subset is tabulated at once (2^k values). */
const TABULATED_METRICS = 16;

/**
 * H of any subset of the metrics, estimated on the given rows of the pair table — what HBR asks for once per pair
 * of outputs. Up to 16 metrics every subset's H comes from three histograms of the rows' bit sets summed over
 * subsets: a row is not contradicted within Y when its `greater` or its `less` set misses Y, so
 * uncontradicted(Y) = #(greater ⊆ Ȳ) + #(less ⊆ Ȳ) − #(greater ∪ less ⊆ Ȳ). Beyond that, each subset met is counted
 * directly and remembered.
 */
export class HeterogeneityEstimator {
  private readonly table: Float64Array | undefined;
  private readonly cache = new Map<string, number>();

  constructor(
    private readonly pairs: OutputPairs,
    private readonly rows: Int32Array,
  ) {
    const k = pairs.input.metrics.length;
    if (k <= TABULATED_METRICS) this.table = this.tabulate(k);
  }

  /** H of the metric subset `mask` (bit x = metric x). */
  of(mask: Uint32Array): number {
    if (this.rows.length === 0) return 0;
    if (this.table) return this.table[mask[0]];
    let key = '';
    for (const w of mask) key += `${w},`;
    let value = this.cache.get(key);
    if (value === undefined) {
      let contradicted = 0;
      for (const r of this.rows) if (this.pairs.contradicts(r, mask)) contradicted++;
      value = contradicted / this.rows.length;
      this.cache.set(key, value);
    }
    return value;
  }

  private tabulate(k: number): Float64Array {
    const size = 1 << k;
    const greater = new Float64Array(size);
    const less = new Float64Array(size);
    const either = new Float64Array(size);
    for (const r of this.rows) {
      const g = this.pairs.greater[r];
      const l = this.pairs.less[r];
      greater[g]++;
      less[l]++;
      either[g | l]++;
    }
    for (const f of [greater, less, either]) subsetSums(f);
    const n = this.rows.length;
    const full = size - 1;
    return Float64Array.from({ length: size }, (_, y) => {
      const outside = full & ~y;
      const uncontradicted = greater[outside] + less[outside] - either[outside];
      return (n - uncontradicted) / n;
    });
  }
}

/** f[Y] ← Σ over subsets c ⊆ Y of f[c], in place. */
export function subsetSums(f: Float64Array | Int32Array): void {
  const size = f.length;
  for (let bit = 1; bit < size; bit <<= 1) {
    for (let base = 0; base < size; base += bit << 1) {
      for (let j = base; j < base + bit; j++) f[j + bit] += f[j];
    }
  }
}
