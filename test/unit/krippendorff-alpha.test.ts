import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { krippendorffAlpha, ReliabilityValue, unitsFromCoderRows } from '../../src/core/meta/manual/krippendorff-alpha';
import { readReliabilityTable } from '../../src/core/meta/manual/reliability-table';
import { FIXTURES } from './golden';

const N = null;
/** Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability", §C: four observers, twelve units, missing values. */
const FOUR_OBSERVERS: ReliabilityValue[][] = [
  [1, 2, 3, 3, 2, 1, 4, 1, 2, N, N, N],
  [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, N, 3],
  [N, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, N],
  [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, N],
];

function close(actual: number | null, expected: number, tolerance = 1e-12): void {
  assert.ok(actual !== null && Math.abs(actual - expected) <= tolerance, `${actual} ≠ ${expected}`);
}

describe("Krippendorff's alpha", () => {
  const units = unitsFromCoderRows(FOUR_OBSERVERS);

  it("reproduces Krippendorff's four-observer example: nominal .743, ordinal .815, interval .849, ratio .797", () => {
    // Printed to three decimals in the paper; the exact values are fractions worked out by hand (and by an exact
    // rational-arithmetic script): nominal 113/152, ordinal 108577/133160, interval 951/1120, ratio 18222619/22852465.
    const expected = { nominal: 113 / 152, ordinal: 108577 / 133160, interval: 951 / 1120, ratio: 18222619 / 22852465 };
    const printed = { nominal: '0.743', ordinal: '0.815', interval: '0.849', ratio: '0.797' };
    for (const level of ['nominal', 'ordinal', 'interval', 'ratio'] as const) {
      const result = krippendorffAlpha(units, level);
      close(result.alpha, expected[level]);
      assert.strictEqual((result.alpha as number).toFixed(3), printed[level]);
      // Unit 12 has one value only: not pairable. n = 40 pairable values in 11 units.
      assert.strictEqual(result.pairableUnits, 11);
      assert.strictEqual(result.pairableValues, 40);
    }
    // D_o and D_e of the nominal case (Krippendorff: D_o = 4/20, D_e = 1 − Σ n_c(n_c − 1)/(n(n − 1))).
    const nominal = krippendorffAlpha(units, 'nominal');
    close(nominal.observedDisagreement, 0.2);
    close(nominal.expectedDisagreement, 0.7794871794871795);
  });

  it('builds the coincidence matrix of the four-observer example (its row sums n_c = 9, 13, 10, 5, 3)', () => {
    const result = krippendorffAlpha(units, 'nominal');
    assert.deepStrictEqual(result.values, [1, 2, 3, 4, 5]);
    const rows = (result.coincidences as number[][]).map((row) => row.reduce((a, b) => a + b, 0));
    rows.forEach((sum, c) => close(sum, [9, 13, 10, 5, 3][c]));
    // o_11 = 7 (units 1, 8, 11 and unit 6's…): Krippendorff's table prints 7, 4/3, 1/3, 1/3 in the first row.
    const first = (result.coincidences as number[][])[0];
    close(first[0], 7);
    close(first[1], 4 / 3);
    close(first[2], 1 / 3);
    close(first[3], 1 / 3);
  });

  it("reproduces Krippendorff's two-observer binary example: alpha = 1 − (n − 1) o_01 / (n_0 n_1) = 1 − 19·4/(14·6) = 0.095", () => {
    const data = [
      [0, 1, 0, 0, 0, 0, 0, 0, 1, 0],
      [1, 1, 1, 0, 0, 1, 0, 0, 0, 0],
    ];
    const result = krippendorffAlpha(unitsFromCoderRows(data), 'nominal');
    close(result.alpha, 2 / 21);
    assert.strictEqual((result.alpha as number).toFixed(3), '0.095');
    assert.deepStrictEqual(result.coincidences, [
      [10, 4],
      [4, 2],
    ]);
  });

  it("reproduces the three-observer, fifteen-unit example of Krippendorff's Content Analysis: nominal 0.691", () => {
    const data = [
      [N, N, N, N, N, 3, 4, 1, 2, 1, 1, 3, 3, N, 3],
      [1, N, 2, 1, 3, 3, 4, 3, N, N, N, N, N, N, N],
      [N, N, 2, 1, 3, 4, 4, N, 2, 1, 1, 3, 3, N, 4],
    ];
    const result = krippendorffAlpha(unitsFromCoderRows(data), 'nominal');
    close(result.alpha, 56 / 81);
    // The other metrics from the exact script (not printed in the book).
    close(krippendorffAlpha(unitsFromCoderRows(data), 'interval').alpha, 0.8108448928121059, 1e-12);
    close(krippendorffAlpha(unitsFromCoderRows(data), 'ordinal').alpha, 0.8067214199413152, 1e-12);
  });

  it("reproduces seed000's worked example: identical-summary pairs give D_o 0.5, D_e 3.3182, alpha 0.8493 (interval)", () => {
    const pairs = [
      [3, 3],
      [4, 5],
      [2, 2],
      [5, 4],
      [1, 2],
      [4, 4],
    ];
    const result = krippendorffAlpha(pairs, 'interval');
    close(result.observedDisagreement, 0.5);
    // D_e = Σ_{i≠j}(v_i − v_j)² / (n(n − 1)) = 438 / 132 over the 12 pooled values; alpha = 1 − 66/438 = 62/73.
    close(result.expectedDisagreement, 438 / 132);
    close(result.alpha, 62 / 73);
    assert.strictEqual((result.alpha as number).toFixed(4), '0.8493');
  });

  it('is 1 for perfect agreement, undefined without variation or without pairable values, and reads labels nominally', () => {
    close(krippendorffAlpha([[1, 1], [2, 2], [3, 3, 3]], 'interval').alpha, 1);
    const constant = krippendorffAlpha([[4, 4], [4, 4]], 'interval');
    assert.strictEqual(constant.alpha, null);
    assert.match(constant.undefinedReason as string, /no variation/);
    const lonely = krippendorffAlpha([[1, null], [null, 2]], 'nominal');
    assert.strictEqual(lonely.alpha, null);
    assert.strictEqual(lonely.pairableValues, 0);
    const labels = krippendorffAlpha([['a', 'a'], ['b', 'a'], ['b', 'b'], ['c', 'c']], 'nominal');
    // o: aa 2, ab 1, ba 1, bb 2, cc 2 → n = 8, D_o = 2/8; D_e = (8·8 − (9 + 9 + 4))/(8·7) = 42/56; alpha = 1 − (1/4)/(3/4) = 2/3.
    close(labels.alpha, 2 / 3);
    assert.throws(() => krippendorffAlpha([['a', 'b']], 'interval'), /only the nominal metric takes labels/);
  });

  it('refuses the ratio metric over more distinct values than it can pair in reasonable time (the interval metric is linear)', () => {
    const many = Array.from({ length: 15_001 }, (_, i) => [i + 0.25, i + 0.5]);
    assert.throws(() => krippendorffAlpha(many, 'ratio'), /30002 distinct values .* use the interval metric/);
    assert.ok((krippendorffAlpha(many, 'interval').alpha as number) > 0.999);
  });

  it('gives the same result whatever the order of a unit\'s values and of the units', () => {
    const shuffled = units.map((u) => [...u].reverse()).reverse();
    for (const level of ['nominal', 'ordinal', 'interval', 'ratio'] as const) {
      close(krippendorffAlpha(shuffled, level).alpha, krippendorffAlpha(units, level).alpha as number, 1e-12);
    }
  });

  it('reads the four-observer example from a wide CSV (empty cells missing) and from a long table with groups', () => {
    const wide = readReliabilityTable(fs.readFileSync(path.join(FIXTURES, 'manual/reliability/krippendorff-2011-four-coders.csv'), 'utf8'), 'four.csv');
    assert.strictEqual(wide.layout, 'wide');
    assert.strictEqual(wide.numeric, true);
    assert.deepStrictEqual(wide.groups[0].coders, ['A', 'B', 'C', 'D']);
    close(krippendorffAlpha(wide.groups[0].data, 'interval').alpha, 951 / 1120);

    const longRows = ['assessor\tunit\tcoder\tvalue'];
    FOUR_OBSERVERS.forEach((row, coder) => row.forEach((v, unit) => longRows.push(`x\t${unit + 1}\tc${coder}\t${v ?? 'NA'}`)));
    longRows.push('y\tu1\tc0\tlow', 'y\tu1\tc1\tlow', 'y\tu2\tc0\thigh', 'y\tu2\tc1\tlow');
    const long = readReliabilityTable(longRows.join('\n') + '\n', 'long.tsv', { groupColumn: 'assessor' });
    assert.strictEqual(long.layout, 'long');
    assert.strictEqual(long.numeric, false); // group y has labels, so the whole table is read as labels
    assert.deepStrictEqual(long.groups.map((g) => g.group), ['x', 'y']);
    close(krippendorffAlpha(long.groups[0].data, 'nominal').alpha, 113 / 152);
  });

  it('rejects a long table where a coder codes a unit twice, naming both lines', () => {
    assert.throws(() => readReliabilityTable('unit,coder,value\n1,a,3\n1,b,3\n1,a,4\n', 'twice.csv'), /line 4: coder "a" already coded unit "1" \(line 2\)/);
  });
});
