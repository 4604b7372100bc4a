import * as assert from 'node:assert/strict';
import { fitLine } from '../../src/core/meta/gap/robust-regression';
import { humanSystemGap, GapPoint } from '../../src/core/meta/gap/human-system-gap';
import { groupCorrelationTable, selfAssessmentBias } from '../../src/core/meta/gap/group-correlations';
import { pearsonPValue } from '../../src/core/meta/stats/pearson';

function close(a: number | null, b: number, tol = 1e-12, what = ''): void {
  assert.ok(a !== null && Math.abs(a - b) <= tol * Math.max(1, Math.abs(b)), `${what} ${a} ≠ ${b}`);
}

// SummEval system means (16 systems): ROUGE-2 F (-m, 11 references) and expert relevance, from golden/correlation.json.
const ROUGE2 = [0.12527599999999997, 0.12053889999999999, 0.1212995, 0.1239048, 0.10572309999999999, 0.11727729999999996, 0.11386880000000003, 0.1150905, 0.11843019999999999, 0.11639930000000001, 0.11258989999999999, 0.11384600000000003, 0.12204610000000006, 0.08244340000000004, 0.11748259999999998, 0.11567100000000004];
const RELEVANCE = [4.136666666666668, 3.8166666666666655, 3.8099999999999987, 4.056666666666667, 3.5466666666666655, 3.5200000000000005, 3.3766666666666665, 3.1466666666666665, 3.8466666666666667, 3.833333333333333, 3.6333333333333315, 3.6733333333333333, 4.229999999999999, 3.2966666666666655, 4.249999999999999, 4.259999999999998];

describe('robust lines', () => {
  // Expected: a NumPy transcription of MATLAB's statrobustfit (QR fits, leverage-adjusted residuals, madsigma,
  // bisquare 4.685 / huber 1.345, √eps convergence, 50 iterations) — the algorithm as MathWorks documents it.
  it('bisquare and huber IRLS as MATLAB robustfit computes them', () => {
    const bisquare = fitLine(ROUGE2, RELEVANCE, 'bisquare');
    close(bisquare.intercept, 1.4545953802249079, 1e-9);
    close(bisquare.slope, 20.271343180768348, 1e-9);
    assert.equal(bisquare.iterations, 18);
    assert.ok(bisquare.converged);
    close(bisquare.weights![7], 0.374603, 1e-5);
    close(bisquare.weights![8], 0.999857, 1e-5);
    const huber = fitLine(ROUGE2, RELEVANCE, 'huber');
    close(huber.intercept, 1.4490946643455114, 1e-7);
    close(huber.slope, 20.27730847754858, 1e-7);
    assert.equal(huber.converged, false); // robustfit warns "iteration limit reached" here too
    assert.equal(huber.iterations, 50);
  });

  it('points on a line plus one outlier: the line exactly, the outlier weighted 0', () => {
    const x = [1, 2, 3, 4, 5, 6, 7, 8];
    const y = x.map((v) => 2 * v + 1);
    y[5] = 40;
    const fit = fitLine(x, y, 'bisquare');
    close(fit.slope, 2, 1e-9);
    close(fit.intercept, 1, 1e-9);
    assert.equal(fit.weights![5], 0);
    const ols = fitLine(x, y, 'ols');
    assert.ok(Math.abs(ols.slope - 2) > 0.5);
  });

  it('Theil–Sen as scipy.stats.theilslopes (separate intercept)', () => {
    const fit = fitLine([0.1, 0.2, 0.3, 0.35, 0.5, 0.6, 0.7], [2.0, 2.3, 2.2, 2.9, 3.1, 9.0, 3.4], 'theil-sen');
    close(fit.slope, 2.9999999999999982, 1e-14);
    close(fit.intercept, 1.8500000000000005, 1e-14);
    const ties = fitLine([1, 1, 2, 3, 3], [1, 2, 3, 4, 5], 'theil-sen');
    assert.equal(ties.slope, 1.5);
    assert.equal(ties.intercept, 0);
  });

  it('refuses fits it cannot make', () => {
    assert.throws(() => fitLine([1, 2], [1, 2]), /at least 3 points/);
    assert.throws(() => fitLine([1, 1, 1], [1, 2, 3]), /two different x values/);
  });
});

describe('human–system gap', () => {
  // SummEval's 16 systems, and three made-up human writers above them (SummEval has no human scores for references).
  const points: GapPoint[] = [
    ...ROUGE2.map((m, s): GapPoint => ({ name: `M${s}`, group: 'system', metric: m, human: RELEVANCE[s] })),
    { name: 'H1', group: 'human', metric: 0.118, human: 4.7 },
    { name: 'H2', group: 'human', metric: 0.122, human: 4.8 },
    { name: 'H3', group: 'human', metric: 0.126, human: 4.9 },
  ];

  it('fits each group, correlates within groups, and measures the gap on both axes', () => {
    const result = humanSystemGap(points, { metricName: 'rouge2', humanName: 'relevance' });
    assert.equal(result.method, 'bisquare');
    assert.equal(result.systems.n, 16);
    close(result.systems.r, 0.5709562959939853, 1e-12); // SciPy's pearsonr on these systems (golden)
    close(result.systems.pvalue, 0.020889309666896155, 1e-12);
    close(result.systems.fit!.slope, 20.271343180768348, 1e-9);
    assert.equal(result.humans!.n, 3);
    close(result.humans!.fit!.slope, 25, 1e-9); // the three humans lie on a line of slope 0.1/0.004
    const systemsMetric = ROUGE2.reduce((a, b) => a + b) / 16;
    const systemsHuman = RELEVANCE.reduce((a, b) => a + b) / 16;
    close(result.gap!.metricScore, 0.122 - systemsMetric, 1e-12);
    close(result.gap!.humanScore, 4.8 - systemsHuman, 1e-12);
    close(result.gap!.predictedAtHumanMetric, 1.4545953802249079 + 20.271343180768348 * 0.122, 1e-9);
    close(result.gap!.aboveSystemsTrend, 4.8 - (1.4545953802249079 + 20.271343180768348 * 0.122), 1e-9);
    // Metric gap vs human gap: the humans are ordinary by ROUGE-2 and far above by relevance.
    assert.ok(result.gap!.humanScoreInSystemSd! > 3 * result.gap!.metricScoreInSystemSd!);
    assert.deepEqual(result.gap!.systemsReachingWeakestHuman, { metric: 6, human: 0, of: 16 }); // ROUGE-2 ≥ 0.118: M0, M1, M2, M5, M12, M17
    // The lines span the plotted range.
    assert.equal(result.systems.line!.x1, Math.min(...ROUGE2));
    assert.equal(result.systems.line!.x2, 0.126);
    close(result.points[16].residualFromSystems, 4.7 - (1.4545953802249079 + 20.271343180768348 * 0.118), 1e-9);
    assert.equal(result.combined.n, 19);
    assert.match(result.signature, /^gap\|metric:rouge2\|human:relevance\|fit:bisquare\|systems:16\|humans:3\|excluded:0/);
  });

  it('keeps excluded points on the plot but out of the fits (seed 004 footnote 1)', () => {
    const withOutlier = [...points, { name: 'BROKEN', group: 'system' as const, metric: 0.01, human: 3.0, excluded: true }];
    const result = humanSystemGap(withOutlier);
    assert.equal(result.systems.n, 16);
    assert.equal(result.points[19].excluded, true);
    assert.equal(result.points[19].weight, null);
    assert.equal(result.systems.line!.x1, 0.01);
    assert.ok(result.notes.some((n) => n.includes('BROKEN')));
    assert.throws(() => humanSystemGap([{ name: 'x', group: 'system', metric: NaN, human: 1 }]), /x has no metric score/);
  });
});

describe('linguistic-quality diagnostics (seed 004 Tables 1–3)', () => {
  it('Pearson p-values as the paper prints them (two-sided t-test, n − 2 df)', () => {
    // Digest B.4.3: r = 0.31, n = 10 → 0.383 (printed 0.39); r = −0.43, n = 32 → 0.014 (0.01); r = 0.33, n = 35 → 0.053 (0.05).
    close(pearsonPValue(0.31, 10), 0.3833712133503468, 1e-12);
    close(pearsonPValue(-0.43, 32), 0.014035147190368535, 1e-12);
    close(pearsonPValue(0.33, 35), 0.052864347690842195, 1e-12);
  });

  it('correlation table per group: humans, systems, combined', () => {
    const groups = [...ROUGE2.map(() => 'system' as const), 'human' as const, 'human' as const, 'human' as const];
    const table = groupCorrelationTable({ groups, columns: { relevance: [...RELEVANCE, 4.7, 4.8, 4.9], rouge2: [...ROUGE2, 0.118, 0.122, 0.126], q1: [...RELEVANCE.map((v) => v / 2), 2, NaN, 2.5] } }, 'relevance');
    assert.deepEqual(table.columns, ['rouge2', 'q1']);
    assert.deepEqual(table.rows.map((r) => r.group), ['Humans', 'Systems', 'Combined']);
    close(table.rows[1].cells[0].r, 0.5709562959939853, 1e-12);
    close(table.rows[0].cells[0].r, 1, 1e-12);
    assert.equal(table.rows[0].cells[1].n, 2); // NaN left out
    assert.equal(table.rows[2].cells[1].n, 18);
  });

  it('self-assessment bias: one-sided Student t (scipy.stats.ttest_ind, alternative="greater")', () => {
    const r = selfAssessmentBias([4.88, 4.9, 5.0, 4.7, 4.95, 4.85], [4.61, 4.7, 4.5, 4.8, 4.55, 4.65, 4.6]);
    close(r.t, 4.457264623762176, 1e-13);
    close(r.pvalue, 0.00048350831896436263, 1e-11);
    assert.equal(r.test, 'student');
    close(selfAssessmentBias([4.88, 4.9, 5.0, 4.7, 4.95, 4.85], [4.61, 4.7, 4.5, 4.8, 4.55, 4.65, 4.6], { equalVariance: false }).pvalue, 0.000548788157196003, 1e-11);
  });
});
