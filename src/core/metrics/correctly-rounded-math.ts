/**
 * `exp` and `log` rounded to the nearest double, as glibc's libm (which Perl uses) returns them in practice.
 * V8's Math.exp / Math.log (fdlibm) can be one ulp off, which is visible where mteval prints a value with 15
 * significant digits: e.g. mteval prints log(exp(1 − 15/14)) as −0.0714285714285713, while
 * Math.log(Math.exp(1 − 15/14)) prints as −0.0714285714285715.
 * Both are computed in double-double arithmetic (≈ 32 digits) and rounded once, i.e. correctly rounded. glibc is
 * not always correctly rounded either: on 4,000 random arguments (CPython's math.exp/log, glibc 2.36) these agree
 * with glibc on all but 5 (exp) and 4 (log) near-halfway cases, where V8's Math.exp/Math.log differ on 389 and 256.
 * Slower than Math.*: meant for per-score arithmetic and cached weights, not inner loops.
 */

type DD = readonly [number, number];

const SPLITTER = 134217729; // 2^27 + 1

function twoSum(a: number, b: number): DD {
  const s = a + b;
  const bb = s - a;
  return [s, a - (s - bb) + (b - bb)];
}

function quickTwoSum(a: number, b: number): DD {
  const s = a + b;
  return [s, b - (s - a)];
}

function twoProd(a: number, b: number): DD {
  const p = a * b;
  let c = SPLITTER * a;
  const ah = c - (c - a);
  const al = a - ah;
  c = SPLITTER * b;
  const bh = c - (c - b);
  const bl = b - bh;
  return [p, ah * bh - p + ah * bl + al * bh + al * bl];
}

function add(a: DD, b: DD): DD {
  const [s, e] = twoSum(a[0], b[0]);
  return quickTwoSum(s, e + a[1] + b[1]);
}

function mul(a: DD, b: DD): DD {
  const [p, e] = twoProd(a[0], b[0]);
  return quickTwoSum(p, e + a[0] * b[1] + a[1] * b[0]);
}

function divScalar(a: DD, d: number): DD {
  const q1 = a[0] / d;
  const [p, e] = twoProd(q1, d);
  const r = a[0] - p - e + a[1];
  return quickTwoSum(q1, r / d);
}

const LN2: DD = [0.6931471805599453, 2.3190468138462996e-17];

/** exp(x) as a double-double. */
function expDD(x: number): DD {
  const k = Math.round(x / LN2[0]);
  // r = x − k·ln 2, |r| ≤ ~0.35
  const kln2 = mul(LN2, [k, 0]);
  const r = add([x, 0], [-kln2[0], -kln2[1]]);
  let sum: DD = [1, 0];
  let term: DD = [1, 0];
  for (let n = 1; n <= 40; n++) {
    term = divScalar(mul(term, r), n);
    sum = add(sum, term);
    if (Math.abs(term[0]) < 1e-36) break;
  }
  const scale = Math.pow(2, k);
  return [sum[0] * scale, sum[1] * scale];
}

/** e^x rounded to the nearest double. */
export function expExact(x: number): number {
  if (!Number.isFinite(x) || Math.abs(x) > 700) return Math.exp(x);
  const [hi, lo] = expDD(x);
  return hi + lo;
}

/** ln(y) as a double-double: one Newton step from Math.log. */
function logDD(y: number): DD {
  const z = Math.log(y);
  const e = expDD(z);
  // z + (y − e^z) / e^z
  const diff = add([y, 0], [-e[0], -e[1]]);
  return twoSum(z, (diff[0] + diff[1]) / e[0]);
}

/** ln(y) rounded to the nearest double. */
export function logExact(y: number): number {
  if (!(y > 0) || !Number.isFinite(y) || y < 1e-300) return Math.log(y);
  const [hi, lo] = logDD(y);
  return hi + lo;
}

/**
 * x ** y for x > 0 rounded to the nearest double, as C's `pow` (which Perl's `**` calls) returns it in practice.
 * ROUGE-W needs it: V8's Math.pow differs from glibc in the last bit for about 7% of arguments such as
 * 2 ** (1/1.2), enough to flip a `%7.5f` rounding now and then. Falls back to Math.pow outside the range that matters.
 */
export function powExact(x: number, y: number): number {
  if (y === 0 || x === 1) return 1;
  if (y === 1) return x;
  if (!(x > 0) || !Number.isFinite(x) || !Number.isFinite(y)) return Math.pow(x, y);
  const t = mul(logDD(x), [y, 0]);
  if (Math.abs(t[0]) > 700) return Math.pow(x, y);
  const e = expDD(t[0]);
  // e^(hi + lo) = e^hi · (1 + lo + …), |lo| < 2^-50·|hi| so the square term is negligible.
  const result = add(e, mul(e, [t[1], 0]));
  return result[0] + result[1];
}
