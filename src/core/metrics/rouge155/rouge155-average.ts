import { Drand48 } from './drand48';
import { perlFixed5 } from './perl-format';

/**
 * The `Average_R/P/F` lines and confidence intervals ROUGE-1.5.5 prints (`computeAverages`, `bootstrapResampling`).
 *
 * ROUGE-1.5.5 does not print the plain mean of the per-summary scores (that assignment is commented out in the
 * script): it prints the mean of `resamples` bootstrap means. Exactly:
 * - instances = the test ids `<evalID>.<peerID>` sorted as byte strings (so "10.P" comes before "2.P");
 * - for seed s = 0 … resamples−1: `srand(s)`, then n = #instances draws `int(rand(n))`; the sample is the sum of
 *   the drawn rows' three values, accumulated left to right, then
 *   - `-t 0` (counting 'summary'; values = the rounded per-summary R, P, F): divided by n;
 *   - `-t 1` (counting 'token'; values = model count, peer count, hit count): R = H/M, P = H/P,
 *     F = R·P / ((1−α)·P + α·R) from the summed counts (no rounding, no ROUGE-W inverse power);
 * - each of R, P, F: the sample values sorted ascending and summed in that order, divided by `resamples`, printed with
 *   `%7.5f`;
 * - the CI bounds are the sorted samples at ⌊δ⌋ and ⌊resamples − δ − 1⌋ (δ = resamples·((100 − c)/2)/100), linearly
 *   interpolated with ROUGE's ratio (0 for the default 1000 samples at 95%), printed with `%7.5f`.
 * Random numbers are Perl's drand48 (drand48.ts).
 */
export type Rouge155Counting = 'summary' | 'token';

export interface Rouge155AverageOptions {
  /** `-t 0` ('summary', default) or `-t 1` ('token'). */
  readonly counting?: Rouge155Counting;
  /** `-p` (default 0.5), used by 'token' counting. */
  readonly alpha?: number;
  /** `-r` (default 1000). */
  readonly resamples?: number;
  /** `-c` (default 95). */
  readonly confidence?: number;
}

export interface Rouge155AverageRow {
  /** The test id ROUGE sorts by, `<evalID>.<peerID>`. */
  readonly testId: string;
  /** 'summary': the printed per-summary [R, P, F]; 'token': [model count, peer count, hit count]. */
  readonly values: readonly [number, number, number];
}

export interface Rouge155PrintedAverage {
  /** The printed strings, e.g. `0.51484`. */
  readonly printed: {
    readonly recall: string; readonly precision: string; readonly fmeasure: string;
    readonly recallCi: readonly [string, string]; readonly precisionCi: readonly [string, string];
    readonly fmeasureCi: readonly [string, string];
  };
  readonly recall: number;
  readonly precision: number;
  readonly fmeasure: number;
  readonly recallCi: readonly [number, number];
  readonly precisionCi: readonly [number, number];
  readonly fmeasureCi: readonly [number, number];
}

/** Perl's default string `cmp` (byte order of the UTF-8 encoding = code point order). */
export function compareByteStrings(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.codePointAt(i) as number;
    const y = b.codePointAt(i) as number;
    if (x !== y) return x < y ? -1 : 1;
    if (x > 0xffff) i++;
  }
  return a.length - b.length;
}

/** ROUGE-1.5.5's printed average and confidence interval of one peer's per-summary values. */
export function rouge155BootstrapAverage(
  rows: readonly Rouge155AverageRow[], options: Rouge155AverageOptions = {},
): Rouge155PrintedAverage {
  const counting = options.counting ?? 'summary';
  const alpha = options.alpha ?? 0.5;
  const resamples = options.resamples ?? 1000;
  const confidence = options.confidence ?? 95;
  const ordered = [...rows].sort((x, y) => compareByteStrings(x.testId, y.testId));
  const n = ordered.length;
  const v0 = Float64Array.from(ordered, (r) => r.values[0]);
  const v1 = Float64Array.from(ordered, (r) => r.values[1]);
  const v2 = Float64Array.from(ordered, (r) => r.values[2]);

  const samplesR = new Float64Array(resamples);
  const samplesP = new Float64Array(resamples);
  const samplesF = new Float64Array(resamples);
  const random = new Drand48();
  for (let s = 0; s < resamples; s++) {
    random.seed(s);
    let a = 0;
    let b = 0;
    let c = 0;
    for (let k = 0; k < n; k++) {
      const idx = random.nextIndex(n);
      if (idx < n) {
        // Perl starts the sum at the first drawn value, then adds: 0 + x === x, so starting at 0 is the same.
        a += v0[idx];
        b += v1[idx];
        c += v2[idx];
      }
    }
    if (counting === 'summary') {
      samplesR[s] = n > 0 ? a / n : 0;
      samplesP[s] = n > 0 ? b / n : 0;
      samplesF[s] = n > 0 ? c / n : 0;
    } else {
      const r = a > 0 ? c / a : 0;
      const p = b > 0 ? c / b : 0;
      const denominator = (1 - alpha) * p + alpha * r;
      samplesR[s] = r;
      samplesP[s] = p;
      samplesF[s] = denominator > 0 ? (r * p) / denominator : 0;
    }
  }

  const delta = (resamples * ((100 - confidence) / 2.0)) / 100.0;
  const upperLow = Math.trunc(resamples - delta - 1);
  const lowerLow = Math.trunc(delta);
  const ratio = resamples - delta - 1 - upperLow;
  const summarize = (samples: Float64Array): { mean: string; ci: [string, string] } => {
    samples.sort();
    let sum = 0;
    for (let i = 0; i < samples.length; i++) sum += samples[i];
    // Perl reads past the end of an array as undef, i.e. 0.
    const at = (i: number): number => (i >= 0 && i < samples.length ? samples[i] : 0);
    const bound = (low: number): string => perlFixed5(at(low) + (at(low + 1) - at(low)) * ratio);
    return { mean: perlFixed5(resamples > 0 ? sum / resamples : NaN), ci: [bound(lowerLow), bound(upperLow)] };
  };
  const r = summarize(samplesR);
  const p = summarize(samplesP);
  const f = summarize(samplesF);
  const num = (s: string): number => Number(s);
  return {
    printed: { recall: r.mean, precision: p.mean, fmeasure: f.mean, recallCi: r.ci, precisionCi: p.ci, fmeasureCi: f.ci },
    recall: num(r.mean),
    precision: num(p.mean),
    fmeasure: num(f.mean),
    recallCi: [num(r.ci[0]), num(r.ci[1])],
    precisionCi: [num(p.ci[0]), num(p.ci[1])],
    fmeasureCi: [num(f.ci[0]), num(f.ci[1])],
  };
}
