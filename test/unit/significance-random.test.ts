import * as assert from 'node:assert/strict';
import { Pcg64, seededRandom } from '../../src/core/significance/pcg64';
import { generateStateWords, seedWords } from '../../src/core/significance/seed-sequence';
import { CoinFlips, uniformBelow } from '../../src/core/significance/uniform-integers';

// Reference outputs printed by NumPy 2.4.6 (the generator sacreBLEU 2.6's significance tests use):
//   np.random.PCG64(seed).random_raw(3)
//   np.random.SeedSequence(12345).generate_state(8, np.uint32)
//   np.random.default_rng(12345).choice(3000, size=12)
//   np.random.default_rng(7).integers(0, 2**31 + 1, size=10)
//   r = np.random.default_rng(12345); r.integers(2, size=(3, 50), dtype=bool); r.choice(10, size=8)
const RAW: Record<string, string[]> = {
  '12345': ['3a32b18db2ffc19d', '51171315c9e4c4de', 'cc2024823444efd9'],
  '0': ['a30febcfd9c2825f', '4510bdf882d9d721', '0a7d3da94ecde8b8'],
  '42': ['c621fbcd16d92688', '705a5661a791ffc1', 'dbcd12c26eda1624'],
  '1099511627781': ['01369aef039fedeb', '5f61b40473314316', '9654aaeeea6ebe77'],
};

describe('significance: NumPy-compatible random numbers', () => {
  it('splits seeds into 32-bit words like NumPy', () => {
    assert.deepEqual(seedWords(12345), [12345]);
    assert.deepEqual(seedWords(0), [0]);
    assert.deepEqual(seedWords(2 ** 40 + 5), [5, 256]);
    assert.throws(() => seedWords(-1), RangeError);
  });

  it('SeedSequence(12345).generate_state(8) matches NumPy', () => {
    assert.deepEqual(
      Array.from(generateStateWords(12345, 8)),
      [2688385916, 3048105090, 4196366895, 3152189807, 924159892, 1692637855, 2685664627, 1052446614],
    );
  });

  for (const [seed, expected] of Object.entries(RAW)) {
    it(`PCG64(${seed}) raw 64-bit outputs match NumPy`, () => {
      const random = new Pcg64(BigInt(seed));
      const got = expected.map(() => random.nextUint64().toString(16).padStart(16, '0'));
      assert.deepEqual(got, expected);
    });
  }

  it('32-bit draws are the halves of each 64-bit output, low half first', () => {
    const random = seededRandom(12345);
    assert.deepEqual([random.nextUint32(), random.nextUint32(), random.nextUint32()], [0xb2ffc19d, 0x3a32b18d, 0xc9e4c4de]);
  });

  it('uniform indices match default_rng(12345).choice(3000)', () => {
    const random = seededRandom(12345);
    const got = Array.from({ length: 12 }, () => uniformBelow(random, 3000));
    assert.deepEqual(got, [2097, 682, 2365, 950, 612, 2392, 1928, 2028, 2965, 1173, 2518, 998]);
  });

  it('rejects biased draws exactly as NumPy does (bound 2^31 + 1 rejects about half the draws)', () => {
    const random = seededRandom(7);
    const got = Array.from({ length: 10 }, () => uniformBelow(random, 2 ** 31 + 1));
    assert.deepEqual(got, [1926751966, 1241873585, 1790251937, 483628757, 119253154, 644602188, 1959843384, 1073283950, 255728784, 1004882659]);
  });

  it('redraws exactly when the low product word falls below (2^32 − bound) mod bound (small and large bounds)', () => {
    const scripted = (values: number[]) => ({ nextUint32: () => values.shift() as number, left: values });
    // bound 3: threshold (2^32 − 3) mod 3 = 1; draw 0 gives low word 0 and is redrawn; 0xffffffff · 3 has high word 2.
    const small = scripted([0, 0xffffffff, 7]);
    assert.equal(uniformBelow(small, 3), 2);
    assert.deepEqual(small.left, [7]);
    // bound 2^31 + 1: threshold 2^31 − 1; draw 2 gives low word 2 (redrawn), draw 2^31 gives low 2^31 (kept, high 2^30).
    const large = scripted([2, 2 ** 31, 7]);
    assert.equal(uniformBelow(large, 2 ** 31 + 1), 2 ** 30);
    assert.deepEqual(large.left, [7]);
  });

  it('coin flips, then indices from the same generator, match NumPy', () => {
    const random = seededRandom(12345);
    const flips = new CoinFlips(random);
    const bits = Array.from({ length: 150 }, () => (flips.next() ? '1' : '0')).join('');
    assert.equal(
      bits,
      '101110011000001111111111010011011011000110001101010011000101110001111011001000110010011110010011101010001100100011101000100010101001101111110111001000',
    );
    assert.deepEqual(Array.from({ length: 8 }, () => uniformBelow(random, 10)), [7, 6, 6, 9, 3, 8, 3, 5]);
  });

  it('is deterministic for a seed and differs between seeds', () => {
    const draw = (seed: number): number[] => {
      const random = seededRandom(seed);
      return Array.from({ length: 20 }, () => uniformBelow(random, 1000));
    };
    assert.deepEqual(draw(5), draw(5));
    assert.notDeepEqual(draw(5), draw(6));
  });

  it('uniformBelow(1) is 0 without a draw; invalid bounds are refused', () => {
    const a = seededRandom(1);
    const b = seededRandom(1);
    assert.equal(uniformBelow(a, 1), 0);
    assert.equal(a.nextUint32(), b.nextUint32());
    assert.throws(() => uniformBelow(a, 0), RangeError);
    assert.throws(() => uniformBelow(a, 2.5), RangeError);
  });
});
