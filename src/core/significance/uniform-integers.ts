import { RandomSource } from './pcg64';

/**
 * A uniform integer in [0, bound) without modulo bias, by Lemire's multiply-and-reject method on 32-bit draws
 * ("Fast random integer generation in an interval", 2019): take the high 32 bits of draw × bound, and redraw while the
 * low 32 bits fall below (2^32 − bound) mod bound. This is also NumPy's `Generator.integers(0, bound)` (and so
 * `Generator.choice(bound, replace=True)`) for bounds up to 2^32, draw for draw; a bound of 1 consumes no draw.
 */
export function uniformBelow(source: RandomSource, bound: number): number {
  if (!(bound >= 1 && bound <= 0x100000000 && Number.isInteger(bound))) {
    throw new RangeError(`The bound of a uniform integer must be an integer in [1, 2^32], not ${bound}.`);
  }
  if (bound === 1) return 0;
  if (bound === 0x100000000) return source.nextUint32();
  if (bound <= SMALL_BOUND) {
    // draw · bound < 2^53: the product is exact in one multiplication.
    let product = source.nextUint32() * bound;
    let high = Math.floor(product * TWO_TO_MINUS_32);
    let low = product - high * TWO_TO_32;
    if (low < bound) {
      const threshold = (TWO_TO_32 - bound) % bound;
      while (low < threshold) {
        product = source.nextUint32() * bound;
        high = Math.floor(product * TWO_TO_MINUS_32);
        low = product - high * TWO_TO_32;
      }
    }
    return high;
  }
  let product = multiply32(source.nextUint32(), bound);
  if (productLow < bound) {
    const threshold = (0x100000000 - bound) % bound;
    while (productLow < threshold) product = multiply32(source.nextUint32(), bound);
  }
  return product;
}

const SMALL_BOUND = 0x200000; // 2^21
const TWO_TO_32 = 0x100000000;
const TWO_TO_MINUS_32 = 1 / TWO_TO_32;

// Low word of the last product (module-level scratch so that the hot path allocates nothing).
let productLow = 0;

/** Exact 64-bit product of two 32-bit unsigned integers: returns the high word, leaves the low word in `productLow`. */
function multiply32(a: number, b: number): number {
  const partLow = (a & 0xffff) * b; // < 2^48
  const partHigh = (a >>> 16) * b; // < 2^48
  const partHighTop = Math.floor(partHigh / 65536);
  const middle = (partHigh - partHighTop * 65536) * 65536 + partLow; // < 2^49
  const carry = Math.floor(middle / 0x100000000);
  productLow = middle - carry * 0x100000000;
  return partHighTop + carry;
}

/**
 * Fair coin flips from 32-bit draws, one bit at a time from the lowest, a new draw every 32 flips: NumPy's
 * `Generator.integers(2, dtype=bool)` within one call (the partly used word is not carried over between calls).
 */
export class CoinFlips {
  private buffer = 0;
  private remaining = 0;

  constructor(private readonly source: RandomSource) {}

  next(): boolean {
    if (this.remaining === 0) {
      this.buffer = this.source.nextUint32();
      this.remaining = 31;
    } else {
      this.buffer >>>= 1;
      this.remaining--;
    }
    return (this.buffer & 1) !== 0;
  }
}
