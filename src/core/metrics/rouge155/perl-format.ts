/**
 * Number formatting as ROUGE-1.5.5 (Perl on glibc) does it.
 *
 * ROUGE-1.5.5 rounds every per-summary R/P/F with `sprintf("%7.5f", x)` and then keeps computing with the rounded
 * string (Perl converts it back to a number), so the rounding is part of the arithmetic, not only of the output.
 * glibc's printf rounds the exact binary value of `x`; an exact tie (only possible when `x·64` is an odd integer,
 * because a tie `(2k+1)/200000` is a dyadic rational only if it equals `q/64`, q odd) goes to the even last digit.
 * V8's `toFixed` is exact too but sends ties up, so ties are fixed here (e.g. 1/64 = 0.015625 → `0.01562`).
 */
export function perlFixed5(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  const scaled = x * 64; // exact (power of two)
  if (Number.isInteger(scaled) && scaled % 2 !== 0 && Math.abs(x) < 2 ** 40) {
    // Exact tie: x·10^5 = q·1562.5 is exact; the two candidates are ⌊x·10^5⌋ and ⌈x·10^5⌉, pick the even one.
    const magnitude = Math.abs(x) * 100000;
    let n = Math.floor(magnitude);
    if (n % 2 !== 0) n += 1;
    const integer = Math.floor(n / 100000);
    const fraction = String(n - integer * 100000).padStart(5, '0');
    return `${x < 0 ? '-' : ''}${integer}.${fraction}`;
  }
  const s = x.toFixed(5);
  return s.length < 7 ? s.padStart(7, ' ') : s;
}

/** `sprintf("%7.5f", x)` read back as a number, the value ROUGE-1.5.5 continues computing with. */
export function perlRound5(x: number): number {
  return Number(perlFixed5(x));
}

const SPLITTER = 134217729; // 2^27 + 1, Dekker's split of a double into two 26-bit halves

/**
 * `perlRound5` without the string round trip (about 20× faster), for hot loops such as re-combining ROUGE's
 * per-model counts thousands of times. The same number: x·10⁵ is formed exactly as p + e (Dekker's product; 10⁵ has
 * 17 bits, so both partial products are exact), rounded to the nearest integer n with ties to even (glibc rounds the
 * exact binary value, and only x = q/64 with q odd can be a tie), and n/10⁵ — a correctly rounded division — is the
 * double nearest to the decimal "n/10⁵" that Perl reads back. Negative, huge or non-finite values take `perlRound5`.
 */
export function perlRound5Fast(x: number): number {
  if (!(x >= 0 && x < 1073741824)) return perlRound5(x);
  const p = x * 100000;
  // Away from a half, the rounded product already decides: its error (≤ ulp(p)/2 < 2^-22) cannot cross one.
  const nearest = Math.round(p);
  if (Math.abs(p - nearest) < 0.4999) return nearest / 100000;
  const c = SPLITTER * x;
  const high = c - (c - x);
  const low = x - high;
  const e = high * 100000 - p + low * 100000; // x·10⁵ = p + e exactly
  const n = Math.floor(p);
  const d = p - n - 0.5; // exact; a non-zero d outweighs |e| ≤ ulp(p)/2
  let rounded: number;
  if (d > 0 || (d === 0 && e > 0)) rounded = n + 1;
  else if (d < 0 || (d === 0 && e < 0)) rounded = n;
  else rounded = n % 2 === 0 ? n : n + 1; // exact tie
  return rounded / 100000;
}

/** Perl's default number-to-string conversion (`%.15g`), used where ROUGE-1.5.5 prints raw counts (`-t 1`, `-t 2`). */
export function perlNumberString(x: number): string {
  if (Number.isInteger(x) && Math.abs(x) < 1e15) return String(x);
  if (!Number.isFinite(x)) return x > 0 ? 'Inf' : x < 0 ? '-Inf' : 'NaN';
  // toPrecision gives %.15e / %.15f style digits; %g drops trailing zeros and uses an exponent outside [1e-4, 1e15).
  const exponent = Math.floor(Math.log10(Math.abs(x)));
  if (exponent < -4 || exponent >= 15) {
    const [mantissa, exp] = x.toExponential(14).split('e');
    const trimmed = mantissa.includes('.') ? mantissa.replace(/\.?0+$/, '') : mantissa;
    const e = Number(exp);
    return `${trimmed}e${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;
  }
  const s = x.toPrecision(15);
  return s.includes('.') ? s.replace(/\.?0+$/, '') : s;
}
