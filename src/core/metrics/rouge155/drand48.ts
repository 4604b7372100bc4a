/**
 * The random numbers behind ROUGE-1.5.5's bootstrap: Perl ≥ 5.20 implements `srand`/`rand` with its own drand48
 * (independent of the C library): `srand(s)` sets the 48-bit state X = s·2^16 + 0x330E, every `rand()` steps
 * X ← (0x5DEECE66D·X + 0xB) mod 2^48 and returns X / 2^48, and `rand(n)` is `n * rand()`.
 * The state is kept as two exact 24-bit halves so every product stays below 2^53.
 */
const TWO_24 = 16777216;
const MULTIPLIER_LOW = 0xece66d; // 0x5DEECE66D = 0x5DE·2^24 + 0xECE66D
const MULTIPLIER_HIGH = 0x5de;
const INCREMENT = 0xb;

export class Drand48 {
  private high = 0;
  private low = 0;

  constructor(seed = 0) {
    this.seed(seed);
  }

  /** Perl's `srand(seed)` for a non-negative integer seed below 2^32. */
  seed(seed: number): void {
    const state = seed * 65536 + 0x330e; // < 2^48, exact
    this.high = Math.floor(state / TWO_24);
    this.low = state - this.high * TWO_24;
  }

  /** Perl's `rand()`: the next value in [0, 1), a multiple of 2^-48. */
  next(): number {
    const p0 = this.low * MULTIPLIER_LOW + INCREMENT; // < 2^48
    const carry = Math.floor(p0 / TWO_24);
    const newLow = p0 - carry * TWO_24;
    const p1 = this.high * MULTIPLIER_LOW + this.low * MULTIPLIER_HIGH + carry; // < 2^49
    this.high = p1 - Math.floor(p1 / TWO_24) * TWO_24;
    this.low = newLow;
    return (this.high * TWO_24 + this.low) / 281474976710656; // 2^48
  }

  /** Perl's `int(rand(n))` for n > 0. */
  nextIndex(n: number): number {
    return Math.floor(n * this.next());
  }
}
