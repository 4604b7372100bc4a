/**
 * Summaries of a bootstrap distribution of scores, as sacreBLEU 2.6 reports them (`estimate_ci`):
 * the scores are sorted, k = ⌊n / 40⌋ (the 2.5% tail for n samples), lower = sorted[k], upper = sorted[n − 1 − k], and
 * the printed interval is "μ ± ci" with μ the mean of the resampled scores and ci = (upper − lower) / 2. That is a
 * percentile interval's half-width re-centred on the bootstrap mean; both forms are returned here.
 */

/** How the mean of the resampled scores is rounded, after the two code paths of sacreBLEU 2.6. */
export type BootstrapMeanRounding =
  /** `statistics.mean` (single-system `--confidence`): the exact mean, rounded once to the nearest double. */
  | 'exact'
  /** `numpy.ndarray.mean` of the sorted scores (`--paired-bs` table): NumPy's pairwise summation, then one division. */
  | 'numpy';

export interface BootstrapSummary {
  /** Mean of the resampled scores (sacreBLEU's μ). */
  readonly mean: number;
  /** sacreBLEU's "± ci": half the distance between the percentile bounds; its interval is mean ± halfWidth. */
  readonly halfWidth: number;
  /** Percentile interval: the ⌊n·(1 − level)/2⌋-th smallest resampled score (0-based)… */
  readonly lower: number;
  /** …and as many from the top. */
  readonly upper: number;
  /** Sample standard deviation (n − 1 denominator) of the resampled scores; NaN for a single sample. */
  readonly standardDeviation: number;
  readonly level: number;
  readonly samples: number;
}

/**
 * Index of the lower percentile bound among n sorted values: ⌊n·(1 − level)/2⌋. For level 0.95 it is computed as
 * ⌊n / 40⌋ (sacreBLEU's integer formula); for other levels a 1e-9 nudge keeps e.g. 1000·(1 − 0.9)/2, which is
 * 49.99999999999999 in binary, at 50.
 */
export function lowerPercentileIndex(n: number, level: number): number {
  if (level === 0.95) return Math.floor(n / 40);
  return Math.floor((n * (1 - level)) / 2 + 1e-9);
}

/** Summarizes resampled scores (the array is not modified). */
export function summarizeBootstrap(scores: Float64Array, level: number, rounding: BootstrapMeanRounding): BootstrapSummary {
  const n = scores.length;
  const sorted = Float64Array.from(scores).sort();
  const k = lowerPercentileIndex(n, level);
  const lower = sorted[k];
  const upper = sorted[n - 1 - k];
  // sacreBLEU's estimate_ci takes the NumPy mean of the already sorted scores (pairwise sums depend on the order).
  const mean = rounding === 'exact' ? exactMean(scores) : numpySum(sorted, 0, n) / n;
  return { mean, halfWidth: 0.5 * (upper - lower), lower, upper, standardDeviation: sampleStandardDeviation(scores), level, samples: n };
}

/** Sample standard deviation (two-pass, n − 1 denominator); NaN when n < 2. */
export function sampleStandardDeviation(values: Float64Array): number {
  const n = values.length;
  if (n < 2) return NaN;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += values[i];
  const mean = sum / n;
  let squares = 0;
  for (let i = 0; i < n; i++) squares += (values[i] - mean) * (values[i] - mean);
  return Math.sqrt(squares / (n - 1));
}

const PAIRWISE_BLOCK = 128;

/**
 * NumPy's pairwise summation of a contiguous float64 run (what `np.sum` / `np.mean` do): fewer than 8 values are added
 * in order; up to 128 go into 8 interleaved partial sums combined as ((s0+s1)+(s2+s3))+((s4+s5)+(s6+s7)), the
 * leftovers added after; longer runs split at half (rounded down to a multiple of 8) and recurse.
 */
export function numpySum(values: Float64Array, start: number, count: number): number {
  if (count < 8) {
    let sum = 0;
    for (let i = start; i < start + count; i++) sum += values[i];
    return sum;
  }
  if (count <= PAIRWISE_BLOCK) {
    let s0 = values[start], s1 = values[start + 1], s2 = values[start + 2], s3 = values[start + 3];
    let s4 = values[start + 4], s5 = values[start + 5], s6 = values[start + 6], s7 = values[start + 7];
    const blockEnd = start + count - (count % 8);
    let i = start + 8;
    for (; i < blockEnd; i += 8) {
      s0 += values[i];
      s1 += values[i + 1];
      s2 += values[i + 2];
      s3 += values[i + 3];
      s4 += values[i + 4];
      s5 += values[i + 5];
      s6 += values[i + 6];
      s7 += values[i + 7];
    }
    let sum = (s0 + s1 + (s2 + s3)) + (s4 + s5 + (s6 + s7));
    for (; i < start + count; i++) sum += values[i];
    return sum;
  }
  let half = Math.floor(count / 2);
  half -= half % 8;
  return numpySum(values, start, half) + numpySum(values, start + half, count - half);
}

/**
 * The mean of finite doubles computed exactly and rounded once to the nearest double (ties to even), as Python's
 * `statistics.mean` returns it: every value is an integer multiple of 2^-1074, so the sum is an exact BigInt.
 */
export function exactMean(values: Float64Array): number {
  const n = values.length;
  if (n === 0) return NaN;
  let sum = 0n;
  const view = new DataView(new ArrayBuffer(8));
  for (let i = 0; i < n; i++) {
    const x = values[i];
    if (!Number.isFinite(x)) return numpySum(values, 0, n) / n; // NaN/Infinity propagate as in floating point
    view.setFloat64(0, x);
    const high = view.getUint32(0);
    const low = view.getUint32(4);
    const biasedExponent = (high >>> 20) & 0x7ff;
    let mantissa = (BigInt(high & 0xfffff) << 32n) | BigInt(low);
    if (biasedExponent !== 0) mantissa |= 1n << 52n;
    // x = ±mantissa · 2^(max(biasedExponent, 1) − 1075), i.e. mantissa · 2^(max(biasedExponent, 1) − 1) units of 2^-1074.
    const units = mantissa << BigInt(Math.max(biasedExponent, 1) - 1);
    sum += high >>> 31 ? -units : units;
  }
  return ratioToDouble(sum, BigInt(n) << 1074n);
}

function bitLength(x: bigint): number {
  return x.toString(2).length;
}

/** p / q (q > 0) rounded to the nearest double, ties to even. */
function ratioToDouble(p: bigint, q: bigint): number {
  if (p === 0n) return 0;
  const negative = p < 0n;
  const magnitude = negative ? -p : p;
  // floor(log2(magnitude / q))
  let exponent = bitLength(magnitude) - bitLength(q);
  if ((exponent >= 0 ? magnitude < q << BigInt(exponent) : magnitude << BigInt(-exponent) < q)) exponent--;
  // 53 significant bits, or fewer in the subnormal range (no bit below 2^-1074).
  const shift = Math.min(52 - exponent, 1074);
  const numerator = shift >= 0 ? magnitude << BigInt(shift) : magnitude;
  const denominator = shift >= 0 ? q : q << BigInt(-shift);
  let quotient = numerator / denominator;
  const twiceRemainder = 2n * (numerator - quotient * denominator);
  if (twiceRemainder > denominator || (twiceRemainder === denominator && (quotient & 1n) === 1n)) quotient++;
  // quotient ≤ 2^53, exact as a double; scaling by a power of two is exact for a representable result.
  const value = Number(quotient) * 2 ** -shift;
  return negative ? -value : value;
}
