import * as assert from 'node:assert/strict';
import { agreement, mtmeKendall } from '../../src/core/meta/stats/mtme-kendall';
import { kendallTau } from '../../src/core/meta/stats/kendall-tau';
import { pearson } from '../../src/core/meta/stats/pearson';
import { spearman } from '../../src/core/meta/stats/spearman';
import { closeTo, loadGolden } from './golden';

/**
 * Every case of correlation.json (SciPy 1.10.1 and mt-metrics-eval stats.py @ 68a481a, run by the golden generator):
 * statistic and p-value of each function, |a − b| ≤ 1e-9·max(1, |b|), NaN where the tools return NaN.
 * SciPy was called as f(x_metric, y_gold), mt-metrics-eval as f(y_gold, x_metric).
 */
interface Expected {
  statistic?: number | string;
  pvalue?: number | string;
  agree_pairs?: number;
  num_pairs?: number;
}

const golden = loadGolden('correlation');

function value(v: number | string | undefined): number {
  if (v === 'nan') return NaN;
  if (typeof v !== 'number') throw new Error(`unexpected golden value ${String(v)}`);
  return v;
}

function check(label: string, actual: number, expected: number | string | undefined): void {
  const e = value(expected);
  assert.ok(closeTo(actual, e), `${label}: got ${actual}, expected ${e}`);
}

describe('correlation: golden values from SciPy 1.10.1 and mt-metrics-eval', () => {
  it('has the 62 cases the README announces', () => {
    assert.equal(golden.cases.length, 62);
  });

  for (const c of golden.cases) {
    const x: number[] = c.inputs.x_metric;
    const y: number[] = c.inputs.y_gold;
    const expected = c.expected as Record<string, Expected>;

    it(`${c.id} (n = ${x.length})`, () => {
      const p = pearson(x, y);
      check('pearson r', p.statistic, expected.pearson.statistic);
      check('pearson p', p.pvalue, expected.pearson.pvalue);

      const s = spearman(x, y);
      check('spearman rho', s.statistic, expected.spearman.statistic);
      check('spearman p', s.pvalue, expected.spearman.pvalue);

      const b = kendallTau(x, y, { variant: 'b' });
      check('tau-b', b.statistic, expected.kendall_tau_b.statistic);
      check('tau-b p (auto)', b.pvalue, expected.kendall_tau_b.pvalue);

      const ba = kendallTau(x, y, { variant: 'b', method: 'asymptotic' });
      check('tau-b (asymptotic)', ba.statistic, expected.kendall_tau_b_asymptotic.statistic);
      check('tau-b p (asymptotic)', ba.pvalue, expected.kendall_tau_b_asymptotic.pvalue);

      const tc = kendallTau(x, y, { variant: 'c' });
      check('tau-c', tc.statistic, expected.kendall_tau_c.statistic);
      check('tau-c p (auto)', tc.pvalue, expected.kendall_tau_c.pvalue);

      check('mtme tau-b', mtmeKendall(y, x, 'b'), expected.mtme_kendall_b.statistic);
      check('mtme tau-c', mtmeKendall(y, x, 'c'), expected.mtme_kendall_c.statistic);
      check('mtme tau-23', mtmeKendall(y, x, '23'), expected.mtme_kendall_23.statistic);
      check('mtme acc-23', mtmeKendall(y, x, 'acc23'), expected.mtme_kendall_acc23.statistic);

      const a = agreement(y, x);
      assert.deepEqual({ agree: a.agreePairs, pairs: a.numPairs }, { agree: expected.mtme_agreement.agree_pairs, pairs: expected.mtme_agreement.num_pairs });
    });
  }
});
