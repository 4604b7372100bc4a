import * as assert from 'node:assert/strict';
import { incompleteBeta, regularizedIncompleteBeta, symmetricBetaLowerTail } from '../../src/core/meta/stats/special/incomplete-beta';
import { logGamma } from '../../src/core/meta/stats/special/log-gamma';
import { erf, erfc, normalCdf, normalQuantile, normalSf } from '../../src/core/meta/stats/special/normal-distribution';
import { studentTCdf, studentTSf, studentTTwoSided } from '../../src/core/meta/stats/special/student-t';

/** |actual − expected| ≤ tolerance·|expected| (relative; exact equality for 0). */
function near(actual: number, expected: number, tolerance: number, label = ''): void {
  const error = expected === 0 ? Math.abs(actual) : Math.abs(actual - expected) / Math.abs(expected);
  assert.ok(error <= tolerance, `${label} got ${actual}, expected ${expected} (relative error ${error.toExponential(2)})`);
}

/** The accuracy these implementations claim in the normal range (a few dozen ulps; SciPy's are of the same order). */
const ACCURACY = 1e-14;

// Reference values: mpmath 1.3.0 at 60–400 significant digits (the incomplete beta by its continued fraction in
// 400-digit arithmetic), rounded to 17 digits; closed forms where noted.
describe('correlation: special functions', () => {
  it('ln Γ at integers and half-integers matches the closed forms', () => {
    near(logGamma(1), 0, 0, 'lnΓ(1)');
    assert.ok(Math.abs(logGamma(2)) < 1e-15);
    near(logGamma(5), Math.log(24), ACCURACY, 'lnΓ(5)');
    near(logGamma(0.5), 0.5 * Math.log(Math.PI), 3e-15, 'lnΓ(½)');
    near(logGamma(30), 71.257038967168009, ACCURACY, 'lnΓ(30)'); // ln(29!)
    near(logGamma(49999), 490973.6035132876, ACCURACY, 'lnΓ(49999)');
  });

  it('I_x(a, b) has the closed forms of the simple cases', () => {
    near(regularizedIncompleteBeta(1, 1, 0.3), 0.3, ACCURACY, 'I_x(1,1) = x');
    near(regularizedIncompleteBeta(3, 1, 0.4), 0.4 ** 3, ACCURACY, 'I_x(a,1) = x^a');
    near(regularizedIncompleteBeta(1, 4, 0.2), 1 - 0.8 ** 4, ACCURACY, 'I_x(1,b) = 1 − (1−x)^b');
    near(regularizedIncompleteBeta(0.5, 0.5, 0.25), (2 / Math.PI) * Math.asin(0.5), ACCURACY, 'arcsine law');
    near(regularizedIncompleteBeta(7.5, 7.5, 0.5), 0.5, ACCURACY, 'symmetry');
    assert.deepEqual(incompleteBeta(2, 3, 0), { lower: 0, upper: 1 });
    assert.deepEqual(incompleteBeta(2, 3, 1), { lower: 1, upper: 0 });
    assert.ok(Number.isNaN(regularizedIncompleteBeta(-1, 3, 0.5)));
  });

  it('I_x(a, b) and its complement agree with mpmath', () => {
    const cases: [number, number, number, number, number][] = [
      [2.5, 7, 0.2, 0.36749651990402307, 0.63250348009597693],
      [40, 60, 0.45, 0.84622479768139871, 0.15377520231860129],
      [0.5, 12, 0.01, 0.37306529393795787, 0.62693470606204213],
    ];
    for (const [a, b, x, lower, upper] of cases) {
      const r = incompleteBeta(a, b, x);
      near(r.lower, lower, ACCURACY, `I(${a},${b},${x})`);
      near(r.upper, upper, ACCURACY, `1 − I(${a},${b},${x})`);
    }
    // Far in the tail the relative error is bounded by the size of the exponent (here ~414 · 2⁻⁵³ ≈ 1e-13).
    near(regularizedIncompleteBeta(19, 19, 1e-10), 1.7672631869779812e-180, 3e-13, 'deep tail');
  });

  it('the symmetric tail stays accurate for a = 49,999 (Pearson over 100,000 points)', () => {
    near(symmetricBetaLowerTail(49999, 0.006), 0.028890223489280237, 1e-13, 'r = 0.006');
    near(symmetricBetaLowerTail(49999, 0.02), 1.2652706968228563e-10, 1e-13, 'r = 0.02');
    near(symmetricBetaLowerTail(4.5, 0.3), 0.18504156114103394, ACCURACY, 'a = 4.5');
    near(symmetricBetaLowerTail(0.5, 0.8910421112136305), 0.1499750466728718, ACCURACY, 'a = ½');
    near(symmetricBetaLowerTail(19, 0.25156242924702854), 0.058689495300123357, ACCURACY, 'a = 19');
    assert.equal(symmetricBetaLowerTail(10, 0), 0.5);
    assert.equal(symmetricBetaLowerTail(10, 1), 0);
  });

  it('erf, erfc and the normal distribution', () => {
    const cases: [number, number, number][] = [
      [0.5, 0.47950012218695346, 0.52049987781304654],
      [1, 0.15729920705028513, 0.84270079294971487],
      [2.5, 0.00040695201744495894, 0.99959304798255504],
      [6, 2.1519736712498913e-17, 0.99999999999999998],
    ];
    for (const [x, c, e] of cases) {
      near(erfc(x), c, ACCURACY, `erfc(${x})`);
      near(erf(x), e, ACCURACY, `erf(${x})`);
      near(erf(-x), -e, ACCURACY, `erf(−${x})`);
      near(erfc(-x), 2 - c, ACCURACY, `erfc(−${x})`);
    }
    near(erfc(27), 5.2370489237892557e-319, 1e-9, 'erfc(27), subnormal'); // only ~13 bits left in a subnormal
    near(normalSf(1.959963984540054), 0.025000000000000011, ACCURACY, 'Φ̄(1.96)');
    near(normalSf(8), 6.2209605742717841e-16, ACCURACY, 'Φ̄(8)');
    near(normalCdf(-8), 6.2209605742717841e-16, ACCURACY, 'Φ(−8)');
    near(normalSf(38), 2.8854283600687843e-316, 1e-9, 'Φ̄(38), subnormal');
    assert.equal(normalSf(0), 0.5);
    assert.equal(normalSf(Infinity), 0);
    assert.equal(normalCdf(Infinity), 1);
  });

  it('the normal quantile inverts the distribution to full precision', () => {
    near(normalQuantile(0.975), 1.9599639845400539, ACCURACY, 'Φ⁻¹(0.975)');
    near(normalQuantile(1e-10), -6.3613409024040562, ACCURACY, 'Φ⁻¹(1e-10)');
    assert.equal(normalQuantile(0.5), 0);
    assert.equal(normalQuantile(0), -Infinity);
    assert.equal(normalQuantile(1), Infinity);
    near(normalQuantile(1e-300), -37.047096299361199, ACCURACY, 'Φ⁻¹(1e-300)');
    near(normalQuantile(1e-20), -9.2623400897984076, ACCURACY, 'Φ⁻¹(1e-20)');
    // A round trip can only be as good as Φ's sensitivity x²·ε allows.
    for (const p of [1e-20, 0.001, 0.02425, 0.3, 0.6, 0.999]) near(normalCdf(normalQuantile(p)), p, ACCURACY, `Φ(Φ⁻¹(${p}))`);
  });

  it("Student's t", () => {
    near(studentTCdf(-1, 1), 0.25, ACCURACY, 'Cauchy'); // ν = 1: ½ + atan(t)/π
    near(studentTCdf(-1, 2), 0.5 - 1 / (2 * Math.sqrt(3)), ACCURACY, 'ν = 2 closed form');
    near(studentTCdf(-2, 30), 0.027312522481491552, ACCURACY, 'ν = 30');
    near(studentTSf(3, 5), 0.015049623948731287, ACCURACY, 'ν = 5 upper tail');
    near(studentTCdf(3, 5), 1 - 0.015049623948731287, ACCURACY, 'ν = 5 lower');
    near(studentTCdf(-2.1, 99998), 0.017865669841134148, 1e-13, 'ν = 99,998');
    near(studentTCdf(-5, 99998), 2.8713509360908479e-7, 1e-13, 'ν = 99,998 tail');
    near(studentTTwoSided(-2, 30), 2 * 0.027312522481491552, ACCURACY, 'two-sided');
    assert.equal(studentTCdf(0, 7), 0.5);
    assert.equal(studentTCdf(-Infinity, 7), 0);
    assert.equal(studentTTwoSided(Infinity, 7), 0);
    assert.ok(Number.isNaN(studentTCdf(1, 0)), 'ν = 0 is a domain error (NaN), as in SciPy');
    near(studentTCdf(-1.5, Infinity), normalCdf(-1.5), 0, 'ν = ∞ is the normal');
  });
});
