/**
 * NumPy's `SeedSequence` (numpy.random.bit_generator, after M. E. O'Neill's `seed_seq` alternative), restricted to what
 * `numpy.random.default_rng(seed)` does with one non-negative integer seed: the seed is split into 32-bit words (lowest
 * first), hashed into a pool of four 32-bit words, and the pool is hashed again to produce the requested state words.
 * Reproducing it bit for bit is what lets a seed here give the same resamples as sacreBLEU's `--paired-bs` with
 * SACREBLEU_SEED (default 12345).
 */

const POOL_SIZE = 4;
const INIT_A = 0x43b0d7e5;
const MULT_A = 0x931e8875;
const INIT_B = 0x8b51f9dd;
const MULT_B = 0x58f38ded;
const MIX_MULT_L = 0xca01f9dd;
const MIX_MULT_R = 0x4973f715;
const XSHIFT = 16;

/** The seed's 32-bit words, lowest first (zero is one word 0), as NumPy coerces an integer seed. */
export function seedWords(seed: number | bigint): number[] {
  let n = BigInt(seed);
  if (n < 0n) throw new RangeError(`A random seed must be a non-negative integer, not ${seed}.`);
  if (typeof seed === 'number' && !Number.isSafeInteger(seed)) throw new RangeError(`A random seed must be an integer below 2^53, not ${seed}.`);
  const words: number[] = [];
  if (n === 0n) words.push(0);
  while (n > 0n) {
    words.push(Number(n & 0xffffffffn));
    n >>= 32n;
  }
  return words;
}

/** Hashes one word with a running multiplier (kept in `hashConst[0]`, which it advances). */
function hashMix(value: number, hashConst: Uint32Array): number {
  let v = (value ^ hashConst[0]) >>> 0;
  hashConst[0] = Math.imul(hashConst[0], MULT_A);
  v = Math.imul(v, hashConst[0]) >>> 0;
  return (v ^ (v >>> XSHIFT)) >>> 0;
}

function mix(x: number, y: number): number {
  const r = (Math.imul(MIX_MULT_L, x) - Math.imul(MIX_MULT_R, y)) >>> 0;
  return (r ^ (r >>> XSHIFT)) >>> 0;
}

/** The entropy pool of `SeedSequence(seed)` (no spawn key). */
export function seedPool(seed: number | bigint): Uint32Array {
  const entropy = seedWords(seed);
  const pool = new Uint32Array(POOL_SIZE);
  const hashConst = Uint32Array.of(INIT_A);
  for (let i = 0; i < POOL_SIZE; i++) pool[i] = hashMix(i < entropy.length ? entropy[i] : 0, hashConst);
  for (let src = 0; src < POOL_SIZE; src++) {
    for (let dst = 0; dst < POOL_SIZE; dst++) {
      if (src !== dst) pool[dst] = mix(pool[dst], hashMix(pool[src], hashConst));
    }
  }
  for (let src = POOL_SIZE; src < entropy.length; src++) {
    for (let dst = 0; dst < POOL_SIZE; dst++) pool[dst] = mix(pool[dst], hashMix(entropy[src], hashConst));
  }
  return pool;
}

/** `SeedSequence(seed).generate_state(wordCount, uint32)`: `wordCount` 32-bit words cycling over the pool. */
export function generateStateWords(seed: number | bigint, wordCount: number): Uint32Array {
  const pool = seedPool(seed);
  const out = new Uint32Array(wordCount);
  let hashConst = INIT_B;
  for (let i = 0; i < wordCount; i++) {
    let v = (pool[i % POOL_SIZE] ^ hashConst) >>> 0;
    hashConst = Math.imul(hashConst, MULT_B) >>> 0;
    v = Math.imul(v, hashConst) >>> 0;
    out[i] = (v ^ (v >>> XSHIFT)) >>> 0;
  }
  return out;
}
