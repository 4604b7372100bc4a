/**
 * `pow(x, y)` rounded to the nearest double, as glibc's libm returns it in practice (glibc ≥ 2.28 documents
 * < 0.52 ulp and agrees with the correctly rounded value except in rare near-halfway cases). ROUGE-W needs it:
 * Perl's `**` with a non-integer exponent calls C `pow`, while V8's Math.pow differs from glibc in the last bit for
 * about 7% of arguments such as 2 ** (1/1.2), enough to flip a `%7.5f` rounding now and then.
 * Computed as exp(y·ln x) in double-double arithmetic (≈ 32 significant digits) and rounded once.
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

function addDD(a: DD, b: DD): DD {
  const [s, e] = twoSum(a[0], b[0]);
  return quickTwoSum(s, e + a[1] + b[1]);
}

function mulDD(a: DD, b: DD): DD {
  const [p, e] = twoProd(a[0], b[0]);
  return quickTwoSum(p, e + a[0] * b[1] + a[1] * b[0]);
}

function divByNumber(a: DD, d: number): DD {
  const q = a[0] / d;
  const [p, e] = twoProd(q, d);
  return quickTwoSum(q, (a[0] - p - e + a[1]) / d);
}

const LN2: DD = [0.6931471805599453, 2.3190468138462996e-17];

/** e^x for a double x, as a double-double (argument reduction by ln 2, Taylor series). */
function expOfNumber(x: number): DD {
  const k = Math.round(x / LN2[0]);
  const kLn2 = mulDD(LN2, [k, 0]);
  const r = addDD([x, 0], [-kLn2[0], -kLn2[1]]);
  let sum: DD = [1, 0];
  let term: DD = [1, 0];
  for (let n = 1; n <= 40; n++) {
    term = divByNumber(mulDD(term, r), n);
    sum = addDD(sum, term);
    if (Math.abs(term[0]) < 1e-36) break;
  }
  const scale = 2 ** k;
  return [sum[0] * scale, sum[1] * scale];
}

/** ln x as a double-double: one Newton step from Math.log. */
function logOfNumber(x: number): DD {
  const z = Math.log(x);
  const e = expOfNumber(z);
  const diff = addDD([x, 0], [-e[0], -e[1]]);
  return twoSum(z, (diff[0] + diff[1]) / e[0]);
}

/** x ** y for x ≥ 0 rounded to the nearest double (falls back to Math.pow outside the range that matters here). */
export function powLibm(x: number, y: number): number {
  if (y === 0 || x === 1) return 1;
  if (y === 1) return x;
  if (!(x > 0) || !Number.isFinite(x) || !Number.isFinite(y)) return Math.pow(x, y);
  const t = mulDD(logOfNumber(x), [y, 0]);
  if (Math.abs(t[0]) > 700) return Math.pow(x, y);
  const e = expOfNumber(t[0]);
  // e^(hi + lo) = e^hi · (1 + lo + …), |lo| < 2^-50·|hi| so the square term is negligible.
  const result = addDD(e, mulDD(e, [t[1], 0]));
  return result[0] + result[1];
}
