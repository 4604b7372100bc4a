import * as assert from 'node:assert/strict';
import {
  OutputScores,
  auc,
  hbr,
  heterogeneity,
  heterogeneityPrinciple,
  oracleSystemTest,
  qualityDecrease,
  reliability,
  reliabilityGain,
  scoreExtremes,
  significantImprovements,
  sipSir,
  subsetTable,
  thresholdCurve,
  ulc,
} from '../../src/core/meta/heterogeneity';
import { seededRandom } from '../../src/core/significance/pcg64';

/** Outputs as rows [system][segment] = [metric scores…], with human scores [system][segment]. */
function outputs(systems: string[], metrics: string[], rows: number[][][], human?: number[][], higherIsBetter?: boolean[]): OutputScores {
  const segments = rows[0].length;
  const scores = new Float64Array(systems.length * segments * metrics.length);
  rows.forEach((perSegment, s) => perSegment.forEach((values, i) => values.forEach((v, x) => (scores[(s * segments + i) * metrics.length + x] = v))));
  return {
    systems,
    segments,
    metrics,
    scores,
    higherIsBetter,
    human: human ? Float64Array.from(human.flat()) : undefined,
  };
}

const round = (v: number | null, digits = 4): number | null => (v === null ? null : Math.round(v * 10 ** digits) / 10 ** digits);

/** seed003 digest §5.2 T3: four outputs of one segment, three measures, human quality Q. */
const T3 = outputs(
  ['s1', 's2', 's3', 's4'],
  ['xA', 'xB', 'xC'],
  [[[0.9, 0.5, 0.8]], [[0.6, 0.7, 0.8]], [[0.4, 0.3, 0.1]], [[0.1, 0.2, 0.5]]],
  [[8], [7], [4], [3]],
);

describe('heterogeneity: the digest worked examples (seed003 §5.2 T3–T7)', () => {
  it('T3: H of the whole set, of pairs and of single measures', () => {
    assert.equal(heterogeneity(T3).heterogeneity, 4 / 12);
    assert.equal(heterogeneity(T3).contradicted, 2, 'unordered pairs (s1,s2) and (s3,s4)');
    for (const pair of [['xA', 'xB'], ['xA', 'xC'], ['xB', 'xC']]) assert.equal(heterogeneity(T3, pair).heterogeneity, 1 / 6);
    for (const single of ['xA', 'xB', 'xC']) assert.equal(heterogeneity(T3, [single]).heterogeneity, 0);
  });

  it('T3: HBR with the corroborating subset formed by ≥', () => {
    const result = hbr(T3);
    assert.deepEqual(result.items.map((v) => round(v)), [0.2778, 0.2778, 0.0556, 0]);
    assert.equal(result.items[0], (1 / 6 + 1 / 3 + 1 / 3) / 3);
    assert.deepEqual(result.systems.map((s) => [s.system, s.rank]), [['s1', 1], ['s2', 1], ['s3', 3], ['s4', 4]]);
  });

  it('T3: AUC with ties counting ½, for the measures and for HBR', () => {
    const values = Float64Array.from(hbr(T3).items, (v) => v ?? NaN);
    const result = auc(T3, { extra: [{ name: 'HBR', values }] });
    assert.deepEqual(result.measures.map((m) => [m.measure, round(m.auc), m.pairs]), [
      ['xA', 1, 6],
      ['xB', 0.8333, 6],
      ['xC', 0.75, 6],
      ['HBR', 0.9167, 6],
    ]);
    assert.deepEqual(result.inconsistentSegments, []);
  });

  it('T3: reliability, sensitivity and the number of conditioning pairs of every subset', () => {
    const expected: [string[], number, number, number][] = [
      [['xA'], 1, 6, 1],
      [['xB'], 0.8333, 6, 0.8333],
      [['xC'], 0.7143, 7, 0.8333],
      [['xA', 'xB'], 1, 5, 0.8333],
      [['xA', 'xC'], 1, 5, 0.8333],
      [['xB', 'xC'], 0.8, 5, 0.6667],
      [['xA', 'xB', 'xC'], 1, 4, 0.6667],
    ];
    for (const [metrics, r, conditioning, s] of expected) {
      const result = reliability(T3, { metrics });
      assert.deepEqual([round(result.reliability), result.corroborated, round(result.sensitivity)], [r, conditioning, s], metrics.join('+'));
    }
    // Additive reliability is empirical: R({xB, xC}) = 0.8 < R({xB}) = 0.8333.
    assert.ok(reliability(T3, { metrics: ['xB', 'xC'] }).reliability! < reliability(T3, { metrics: ['xB'] }).reliability!);
  });

  it('T4: SIP = 2/3 and SIR = 1/2 over ordered improvements', () => {
    const pair = (better: string, worse: string) => ({ better, worse });
    const result = sipSir([pair('A', 'B'), pair('A', 'C'), pair('B', 'C'), pair('A', 'D')], [pair('A', 'B'), pair('A', 'C'), pair('C', 'D')]);
    assert.deepEqual(result, { sip: 2 / 3, sir: 0.5, agreeing: 2 });
    assert.deepEqual(sipSir([pair('A', 'B')], [pair('B', 'A')]), { sip: 0, sir: 0, agreeing: 0 }, 'a reversed verdict is no match');
    assert.deepEqual(sipSir([], []), { sip: null, sir: null, agreeing: 0 });
  });

  it('T5: OST = 5, maxOST = 8.5, minOST = 3.5, randOST = 5.8333', () => {
    const input = outputs(['t1', 't2', 't3'], ['m'], [[[0.7], [0.4]], [[0.5], [0.6]], [[0.2], [0.1]]], [[6, 5], [8, 4], [3, 9]]);
    const result = oracleSystemTest(input);
    assert.deepEqual([result.measures[0].ost, result.maxOst, result.minOst, round(result.randOst)], [5, 8.5, 3.5, 5.8333]);
    // A tie for the best score: mean of the tied outputs' human scores by default, or the worst/best of them.
    const tied = outputs(['t1', 't2'], ['m'], [[[0.5]], [[0.5]]], [[4], [8]]);
    assert.deepEqual(['mean', 'min', 'max'].map((ties) => oracleSystemTest(tied, { ties: ties as 'mean' }).measures[0].ost), [6, 4, 8]);
  });

  it('T6: QN_m by rank mapping, one low-score and one high-score error', () => {
    const input = outputs(['t1', 't2', 't3', 't4'], ['m'], [[[0.9]], [[0.8]], [[0.3]], [[0.1]]], [[9], [3], [8], [2]]);
    const result = scoreExtremes(input).measures[0];
    assert.deepEqual(
      result.errors.map((e) => [e.system, e.kind, e.mapped, e.human]),
      [
        ['t2', 'high', 8, 3],
        ['t3', 'low', 3, 8],
      ],
    );
    assert.deepEqual([result.lowScored, result.lowErrorRatio, result.highScored, result.highErrorRatio], [2, 0.5, 2, 0.5]);
  });

  it('T7: quality decrease 5.5 against the human-aided output', () => {
    const input = outputs(['th', 's1', 's2', 's3'], ['m'], [[[0.5]], [[0.55]], [[0.45]], [[0.6]]], [[8.5], [3], [7], [6]]);
    assert.deepEqual(qualityDecrease(input, 'th').measures[0], { measure: 'm', decrease: 5.5, cases: 1 });
    assert.throws(() => qualityDecrease(input, 'LinearB'), /"LinearB" is not one of the systems/);
  });
});

describe('heterogeneity: properties (P11–P13)', () => {
  const base = randomOutputs(1, { systems: 6, segments: 40, metrics: 4 });

  it('a random measure moves H to about (H + 1)/2', () => {
    const big = randomOutputs(2, { systems: 8, segments: 300, metrics: 3, independent: 2 });
    const h = heterogeneity(big, ['x0', 'x1']).heterogeneity;
    const withRandom = heterogeneity(big, ['x0', 'x1', 'x2']).heterogeneity;
    assert.ok(Math.abs(withRandom - (h + 1) / 2) < 0.02, `H = ${h}, with a random measure ${withRandom}`);
  });

  it('HBR is unchanged by a monotone transform and by repeating a measure; the tabulated and direct H agree', () => {
    const reference = hbr(base).items;
    assert.deepEqual(hbr(mapMetric(base, 1, (v) => Math.log(v + 1) * 5)).items, reference);
    // 4 metrics + 13 copies = 17: H is then counted directly rather than tabulated.
    let wide = base;
    for (let i = 0; i < 13; i++) wide = appendCopy(wide, i % 4);
    assert.equal(wide.metrics.length, 17);
    assert.deepEqual(hbr(wide).items, reference);
  });

  it('sampled estimates are seeded and close to the exact value', () => {
    const exact = heterogeneity(base).heterogeneity;
    const sampled = heterogeneity(base, undefined, { samplePairs: 300, seed: 7 });
    assert.equal(sampled.pairs, 300);
    assert.equal(sampled.seed, 7);
    assert.equal(heterogeneity(base, undefined, { samplePairs: 300, seed: 7 }).heterogeneity, sampled.heterogeneity);
    assert.ok(Math.abs(sampled.heterogeneity - exact) < 0.1);
    assert.equal(heterogeneity(base, undefined, { samplePairs: 1e9 }).samplePairs, null, 'a sample larger than the pairs uses them all');
  });

  it('the subset table equals reliability() of every subset, for ≥ and >', () => {
    const tied = mapMetric(base, 0, (v) => Math.round(v * 4) / 4); // ties matter for ≥ vs >
    for (const condition of ['at-least', 'greater'] as const) {
      for (const outcome of ['at-least', 'greater'] as const) {
        const table = subsetTable(tied, { condition, outcome });
        assert.equal(table.subsets.length, 15);
        for (const row of table.subsets) {
          const direct = reliability(tied, { metrics: row.metrics, condition, outcome });
          assert.deepEqual([row.reliability, row.sensitivity, row.heterogeneity], [direct.reliability, direct.sensitivity, direct.heterogeneity], `${condition}/${outcome} ${row.metrics}`);
        }
      }
    }
  });

  it('the threshold sweep starts strict and ends at sensitivity 1; the reliability gain compares at sensitivity ≥ S(X)', () => {
    const curve = thresholdCurve(base, 'x0');
    assert.equal(curve.points.at(-1)!.sensitivity, 1);
    for (let i = 1; i < curve.points.length; i++) assert.ok(curve.points[i].threshold < curve.points[i - 1].threshold);
    const gain = reliabilityGain(base, { metrics: ['x0', 'x1', 'x2'] });
    assert.ok(gain.best !== null && gain.best.sensitivity >= gain.sensitivity!);
    assert.equal(gain.gain, gain.reliability! - gain.best!.reliability);
  });

  it('HBR, R and H on T3 are what the principle expects: higher H, more human agreement', () => {
    const principle = heterogeneityPrinciple(T3, { bins: 2 });
    assert.equal(principle.pairs, 12);
    assert.ok(principle.bins[1].heterogeneity > principle.bins[0].heterogeneity);
    assert.ok(principle.bins[1].probability >= principle.bins[0].probability);
  });
});

describe('ULC', () => {
  const input = outputs(
    ['a', 'b', 'c'],
    ['bleu', 'ter'],
    [[[20, 60]], [[40, 30]], [[10, 90]]],
    undefined,
    [true, false],
  );

  it("Asiya's normalisation: x / max, shifted by |min| when negative (TER is negated first)", () => {
    const result = ulc(input);
    // BLEU / 40; −TER ∈ {−60, −30, −90}: (−TER + 90) / (−30 + 90).
    assert.deepEqual(result.items, [(20 / 40 + 30 / 60) / 2, (40 / 40 + 60 / 60) / 2, (10 / 40 + 0 / 60) / 2]);
    assert.deepEqual(result.systems.map((s) => s.system), ['b', 'a', 'c']);
    assert.deepEqual(result.scales[1], { metric: 'ter', min: -90, max: -30, mean: -60, deviation: Math.sqrt(600) });
  });

  it('min-max, z-score and no normalisation', () => {
    assert.deepEqual(ulc(input, { normalisation: 'min-max' }).items, [(1 / 3 + 0.5) / 2, 1, 0]);
    assert.deepEqual(ulc(input, { normalisation: 'none' }).items, [(20 - 60) / 2, (40 - 30) / 2, (10 - 90) / 2]);
    const z = ulc(input, { normalisation: 'z-score' }).items as number[];
    assert.ok(Math.abs(z.reduce((s, v) => s + v, 0)) < 1e-12);
    assert.throws(() => ulc(input, { normalisation: 'rank' as never }), /ULC normalisation must be/);
  });
});

describe('SIP/SIR from Wilcoxon tests', () => {
  it('finds the improvements a clear margin makes significant, and scores a metric against them', () => {
    // 20 segments; A ≫ B ≫ C for humans; the metric sees A ≫ C but not B ≫ C, and B ≫ A reversed.
    const segments = 20;
    const random = seededRandom(3);
    const noise = (): number => random.nextUint32() / 2 ** 32 - 0.5;
    const humanLevel = [8, 6, 3];
    const metricLevel = [0.5, 0.7, 0.5];
    const rows = humanLevel.map((_, s) => Array.from({ length: segments }, () => [metricLevel[s] + 0.01 * noise()]));
    const human = humanLevel.map((level) => Array.from({ length: segments }, () => level + 0.5 * noise()));
    rows[2] = rows[2].map(([v]) => [v - 0.1]); // C below A under the metric
    const result = significantImprovements(outputs(['A', 'B', 'C'], ['m'], rows, human));
    assert.deepEqual(result.human.improvements, [
      { better: 'A', worse: 'B' },
      { better: 'A', worse: 'C' },
      { better: 'B', worse: 'C' },
    ]);
    const m = result.measures[0];
    assert.deepEqual(m.improvements, [
      { better: 'B', worse: 'A' },
      { better: 'A', worse: 'C' },
      { better: 'B', worse: 'C' },
    ]);
    assert.deepEqual([m.sip, m.sir, m.agreeing], [2 / 3, 2 / 3, 2]);
    assert.equal(result.systemPairs, 3);
    // Exact test over 20 positive differences: p = 2 · 2^−20.
    assert.equal(result.human.pairs[0].pvalue, 2 / 2 ** 20);
    assert.throws(() => significantImprovements({ ...outputs(['A', 'B'], ['m'], [[[1]], [[2]]]), human: undefined }), /SIP\/SIR needs human scores/);
  });
});

describe('heterogeneity: results for views', () => {
  it('every result survives a JSON round trip unchanged, missing outputs included', () => {
    const input = randomOutputs(5, { systems: 4, segments: 6, metrics: 3 });
    const scores = input.scores.slice();
    scores.fill(NaN, 0, 3); // system 0 has no output for segment 1
    const human = input.human!.slice();
    human[7] = NaN; // an output nobody assessed
    const holes = { ...input, scores, human };
    const results = [
      heterogeneity(holes),
      hbr(holes),
      heterogeneityPrinciple(holes, { bins: 4 }),
      reliability(holes),
      subsetTable(holes),
      thresholdCurve(holes, 'x1'),
      reliabilityGain(holes),
      auc(holes),
      ulc(holes),
      significantImprovements(holes),
      oracleSystemTest(holes),
      scoreExtremes(holes),
      qualityDecrease(holes, 'sys1'),
    ];
    for (const result of results) assert.deepEqual(JSON.parse(JSON.stringify(result)), result, result.kind);
    assert.equal(hbr(holes).items[0], null);
  });
});

describe('heterogeneity: bad input', () => {
  it('names the output scored by some metrics only', () => {
    const broken = outputs(['a', 'b'], ['bleu', 'chrf'], [[[1, NaN]], [[2, 3]]]);
    assert.throws(() => hbr(broken), /System a on segment 1 has no score under chrf/);
    assert.throws(() => heterogeneity(T3, ['xZ']), /"xZ" is not one of the scored metrics/);
    // A missing output (NaN under every metric) is simply left out.
    const missing = outputs(['a', 'b', 'c'], ['x', 'y'], [[[1, 2]], [[NaN, NaN]], [[2, 1]]]);
    assert.deepEqual(hbr(missing).items, [0, null, 0]);
  });
});

function randomOutputs(seed: number, shape: { systems: number; segments: number; metrics: number; independent?: number }): OutputScores {
  const random = seededRandom(seed);
  const uniform = (): number => random.nextUint32() / 2 ** 32;
  const { systems, segments, metrics } = shape;
  const scores = new Float64Array(systems * segments * metrics);
  const human = new Float64Array(systems * segments);
  for (let item = 0; item < systems * segments; item++) {
    const quality = uniform();
    human[item] = Math.round(quality * 10);
    for (let x = 0; x < metrics; x++) {
      // Metrics are noisy views of the quality, except the `independent` one, which is pure noise.
      scores[item * metrics + x] = x === shape.independent ? uniform() : quality + 0.3 * uniform();
    }
  }
  return { systems: Array.from({ length: systems }, (_, s) => `sys${s}`), segments, metrics: Array.from({ length: metrics }, (_, x) => `x${x}`), scores, human };
}

function mapMetric(input: OutputScores, x: number, f: (v: number) => number): OutputScores {
  const k = input.metrics.length;
  return { ...input, scores: input.scores.map((v, i) => (i % k === x ? f(v) : v)) };
}

function appendCopy(input: OutputScores, x: number): OutputScores {
  const k = input.metrics.length;
  const items = input.scores.length / k;
  const scores = new Float64Array(items * (k + 1));
  for (let item = 0; item < items; item++) {
    for (let j = 0; j < k; j++) scores[item * (k + 1) + j] = input.scores[item * k + j];
    scores[item * (k + 1) + k] = input.scores[item * k + x];
  }
  return { ...input, metrics: [...input.metrics, `${input.metrics[x]}#${k}`], scores };
}
