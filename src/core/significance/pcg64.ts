import { generateStateWords } from './seed-sequence';

/** A source of uniformly distributed 32-bit unsigned integers. */
export interface RandomSource {
  /** Next value in [0, 2^32). */
  nextUint32(): number;
}

// PCG's default 128-bit multiplier 0x2360ED051FC65DA4_4385DF649FCCF645 as eight 16-bit limbs, lowest first.
const M0 = 0xf645, M1 = 0x9fcc, M2 = 0xdf64, M3 = 0x4385, M4 = 0x5da4, M5 = 0x1fc6, M6 = 0xed05, M7 = 0x2360;
const LIMBS = 8;
const INV_65536 = 1 / 65536;

/**
 * PCG64 (O'Neill's PCG XSL RR 128/64: a 128-bit LCG stepped with the multiplier above, output = the xor of the state's
 * halves rotated right by the state's top 6 bits), seeded exactly like NumPy's `PCG64(seed)` and therefore like
 * `numpy.random.default_rng(seed)`, the generator sacreBLEU's significance tests draw from.
 *
 * `nextUint32` follows NumPy's 32-bit path: each 64-bit output is used twice, low half first.
 * The 128-bit state is kept as eight 16-bit limbs so that every partial product is exact in a double.
 */
export class Pcg64 implements RandomSource {
  private readonly state = new Float64Array(LIMBS);
  private readonly increment = new Float64Array(LIMBS);
  private high = 0;
  private low = 0;
  private hasBufferedHalf = false;

  constructor(seed: number | bigint) {
    // SeedSequence(seed).generate_state(4, uint64), read as little-endian uint64 words v0..v3;
    // initial state = v0·2^64 + v1, stream = v2·2^64 + v3 (pcg64_set_seed).
    const w = generateStateWords(seed, 8);
    const initState = limbsOf(w[2], w[3], w[0], w[1]);
    const stream = limbsOf(w[6], w[7], w[4], w[5]);
    // increment = (stream << 1) | 1
    let carry = 1;
    for (let k = 0; k < LIMBS; k++) {
      const v = stream[k] * 2 + carry;
      this.increment[k] = v & 0xffff;
      carry = v >>> 16;
    }
    this.state.fill(0);
    this.step();
    carry = 0;
    for (let k = 0; k < LIMBS; k++) {
      const v = this.state[k] + initState[k] + carry;
      this.state[k] = v & 0xffff;
      carry = v >>> 16;
    }
    this.step();
  }

  /** state = state · multiplier + increment (mod 2^128). */
  private step(): void {
    const s = this.state;
    const s0 = s[0], s1 = s[1], s2 = s[2], s3 = s[3], s4 = s[4], s5 = s[5], s6 = s[6], s7 = s[7];
    const inc = this.increment;
    // Each column sum is below 9·2^32 + carry, far inside the 2^53 of exact doubles; carries are floor(r / 2^16).
    let r = s0 * M0 + inc[0];
    let carry = Math.floor(r * INV_65536);
    s[0] = r - carry * 65536;
    r = s0 * M1 + s1 * M0 + inc[1] + carry;
    carry = Math.floor(r * INV_65536);
    s[1] = r - carry * 65536;
    r = s0 * M2 + s1 * M1 + s2 * M0 + inc[2] + carry;
    carry = Math.floor(r * INV_65536);
    s[2] = r - carry * 65536;
    r = s0 * M3 + s1 * M2 + s2 * M1 + s3 * M0 + inc[3] + carry;
    carry = Math.floor(r * INV_65536);
    s[3] = r - carry * 65536;
    r = s0 * M4 + s1 * M3 + s2 * M2 + s3 * M1 + s4 * M0 + inc[4] + carry;
    carry = Math.floor(r * INV_65536);
    s[4] = r - carry * 65536;
    r = s0 * M5 + s1 * M4 + s2 * M3 + s3 * M2 + s4 * M1 + s5 * M0 + inc[5] + carry;
    carry = Math.floor(r * INV_65536);
    s[5] = r - carry * 65536;
    r = s0 * M6 + s1 * M5 + s2 * M4 + s3 * M3 + s4 * M2 + s5 * M1 + s6 * M0 + inc[6] + carry;
    carry = Math.floor(r * INV_65536);
    s[6] = r - carry * 65536;
    // The top limb only needs its low 16 bits (mod 2^128); int32 arithmetic keeps them.
    r = (Math.imul(s0, M7) + Math.imul(s1, M6) + Math.imul(s2, M5) + Math.imul(s3, M4) + Math.imul(s4, M3) + Math.imul(s5, M2) + Math.imul(s6, M1) + Math.imul(s7, M0) + inc[7] + carry) | 0;
    s[7] = r & 0xffff;
  }

  /** Advances and leaves the 64-bit output in `high`/`low` (XSL RR of the new state). */
  private advance(): void {
    this.step();
    const s = this.state;
    const xh = ((s[7] * 65536 + s[6]) ^ (s[3] * 65536 + s[2])) >>> 0;
    const xl = ((s[5] * 65536 + s[4]) ^ (s[1] * 65536 + s[0])) >>> 0;
    const rot = s[7] >>> 10;
    if (rot === 0) {
      this.high = xh;
      this.low = xl;
    } else if (rot < 32) {
      this.high = ((xh >>> rot) | (xl << (32 - rot))) >>> 0;
      this.low = ((xl >>> rot) | (xh << (32 - rot))) >>> 0;
    } else if (rot === 32) {
      this.high = xl;
      this.low = xh;
    } else {
      const r = rot - 32;
      this.high = ((xl >>> r) | (xh << (32 - r))) >>> 0;
      this.low = ((xh >>> r) | (xl << (32 - r))) >>> 0;
    }
  }

  /** The next 64-bit output as a BigInt (NumPy's `random_raw`); for tests and diagnostics, not hot loops. */
  nextUint64(): bigint {
    this.advance();
    return (BigInt(this.high) << 32n) | BigInt(this.low);
  }

  nextUint32(): number {
    if (this.hasBufferedHalf) {
      this.hasBufferedHalf = false;
      return this.high;
    }
    this.advance();
    this.hasBufferedHalf = true;
    return this.low;
  }
}

/** Eight 16-bit limbs (lowest first) of the 128-bit number with 32-bit words w0 (lowest) … w3. */
function limbsOf(w0: number, w1: number, w2: number, w3: number): number[] {
  return [w0 & 0xffff, w0 >>> 16, w1 & 0xffff, w1 >>> 16, w2 & 0xffff, w2 >>> 16, w3 & 0xffff, w3 >>> 16];
}

/** The generator sacreBLEU's tests use for `seed` (`numpy.random.default_rng(seed)`). */
export function seededRandom(seed: number | bigint): Pcg64 {
  return new Pcg64(seed);
}
