import * as assert from 'node:assert/strict';
import { SparseWeightData, SparseWeights } from '../../src/core/syntax/sparse-weights';
import { SeededRandom } from '../../src/core/syntax/training/random';

/** A random table: ascending distinct keys (some sharing their high bits, so home slots collide), rows of 1–6 pairs. */
function randomTable(random: SeededRandom, rowCount: number, classCount: number): SparseWeightData {
  const keySet = new Set<number>();
  while (keySet.size < rowCount) {
    const base = Math.floor(random.next() * 0xffffffff) >>> 0;
    keySet.add(base || 1);
    // A neighbour with the same high bits: the same home slot, found by probing.
    if (keySet.size < rowCount && random.next() < 0.3) keySet.add(((base & 0xffffff00) | Math.floor(random.next() * 256)) >>> 0 || 2);
  }
  const keys = Uint32Array.from([...keySet].sort((a, b) => a - b));
  const rowStarts = new Uint32Array(keys.length + 1);
  const classes: number[] = [];
  const weights: number[] = [];
  for (let r = 0; r < keys.length; r++) {
    const length = 1 + Math.floor(random.next() * 6);
    const used = new Set<number>();
    while (used.size < Math.min(length, classCount)) used.add(Math.floor(random.next() * classCount));
    for (const c of [...used].sort((a, b) => a - b)) {
      classes.push(c);
      weights.push(Math.floor(random.next() * 65536) - 32768);
    }
    rowStarts[r + 1] = classes.length;
  }
  return { classCount, keys, rowStarts, classes: Uint8Array.from(classes), weights: Int16Array.from(weights), scale: 1 };
}

describe('sparse weight tables', () => {
  it('add the same scores as a plain map of the rows, for present and absent features, short rows and long', () => {
    const random = new SeededRandom(7);
    for (const rowCount of [1, 3, 600, 5000]) {
      const table = randomTable(random, rowCount, 200);
      const rows = new Map<number, [number, number][]>();
      for (let r = 0; r < table.keys.length; r++) {
        const pairs: [number, number][] = [];
        for (let k = table.rowStarts[r]; k < table.rowStarts[r + 1]; k++) pairs.push([table.classes[k], table.weights[k]]);
        rows.set(table.keys[r], pairs);
      }
      const weights = new SparseWeights(table);
      for (let trial = 0; trial < 200; trial++) {
        const count = 1 + Math.floor(random.next() * 300);
        const features = new Uint32Array(count);
        for (let f = 0; f < count; f++) {
          features[f] = random.next() < 0.5 ? table.keys[Math.floor(random.next() * table.keys.length)] : Math.floor(random.next() * 0xffffffff) >>> 0;
        }
        const expected = new Float64Array(200);
        for (const feature of features) for (const [c, w] of rows.get(feature) ?? []) expected[c] += w;
        const actual = new Float64Array(200);
        weights.addScores(features, count, actual);
        assert.deepEqual(actual, expected, `${rowCount} rows, trial ${trial}`);
      }
    }
  });
});
