import * as assert from 'node:assert/strict';
import { DEFAULT_QARLA_OPTIONS, QarlaTestBed, QarlaTestCase, clusterMetrics, jack, jackCurve, king, qarlaEstimate, queen, searchMetricSets, selectMetricSet } from '../../src/core/meta/qarla';
import { ScoringCancelled } from '../../src/core/engine/score-systems';
import { averageLinkage } from '../../src/core/meta/qarla/metric-clustering';
import { seededRandom } from '../../src/core/significance/pcg64';

/**
 * A case from symmetric similarity tables: `pairs['m1-m2'] = [x1, x2, …]`, in any order of the two names. The
 * diagonal (self-similarity) is 1 under every metric.
 */
function symmetricCase(id: string, models: string[], peers: string[], k: number, pairs: Record<string, number[]>): QarlaTestCase {
  const value = (p: string, q: string, x: number): number => {
    if (p === q) return 1;
    const v = pairs[`${p}-${q}`] ?? pairs[`${q}-${p}`];
    if (!v) return NaN;
    return v[x];
  };
  const fill = (rows: string[], columns: string[]): Float64Array => {
    const out = new Float64Array(rows.length * columns.length * k);
    rows.forEach((r, i) => columns.forEach((c, j) => {
      for (let x = 0; x < k; x++) out[(i * columns.length + j) * k + x] = value(r, c, x);
    }));
    return out;
  };
  return { id, models, peers, peerModel: fill(peers, models), modelModel: fill(models, models), peerPeer: fill(peers, peers) };
}

/** seed003 digest §5.2 T1: one metric, three models, one peer. */
const T1: QarlaTestBed = {
  metrics: ['x'],
  cases: [symmetricCase('t1', ['m1', 'm2', 'm3'], ['a'], 1, { 'm1-m2': [0.6], 'm1-m3': [0.5], 'm2-m3': [0.4], 'a-m1': [0.55], 'a-m2': [0.45], 'a-m3': [0.3] })],
};

/** seed003 digest §5.2 T2: four models, two peers, two metrics. */
const T2_PAIRS: Record<string, number[]> = {
  'm1-m2': [0.6, 0.3],
  'm1-m3': [0.5, 0.35],
  'm1-m4': [0.55, 0.25],
  'm2-m3': [0.45, 0.2],
  'm2-m4': [0.5, 0.4],
  'm3-m4': [0.4, 0.3],
  'a1-m1': [0.52, 0.15],
  'a1-m2': [0.48, 0.32],
  'a1-m3': [0.3, 0.28],
  'a1-m4': [0.42, 0.1],
  'a2-m1': [0.35, 0.33],
  'a2-m2': [0.3, 0.22],
  'a2-m3': [0.25, 0.36],
  'a2-m4': [0.2, 0.31],
  'a1-a2': [0.5, 0.12],
};
const T2: QarlaTestBed = { metrics: ['x1', 'x2'], cases: [symmetricCase('t2', ['m1', 'm2', 'm3', 'm4'], ['a1', 'a2'], 2, T2_PAIRS)] };

const peerQueen = (bed: QarlaTestBed, metrics: string[], peer: string, options = {}): number =>
  queen(bed, metrics, options).cases[0].peers.find((p) => p.name === peer)!.queen;

describe('QARLA: QUEEN, KING, JACK on the digest toy vectors (seed003 §5.2)', () => {
  it('T1: QUEEN(a) = 6/18 with m′ ≠ m″; 6/27 when pairs may repeat a model (self-similarity 1)', () => {
    const result = queen(T1, ['x']);
    assert.deepEqual(result.cases[0].peers[0], { name: 'a', queen: 6 / 18, passed: 6, triples: 18 });
    assert.equal(peerQueen(T1, ['x'], 'a', { distinctPair: false }), 6 / 27);
    // m outside its pair: only m1 (0.55 ≥ x(m2,m3) = 0.4, both orders) and m2 (0.45 ≥ 0.5? no) → 2/6.
    assert.equal(peerQueen(T1, ['x'], 'a', { modelInPair: 'excluded' }), 2 / 6);
    // Strict test: no tie in T1, same value.
    assert.equal(peerQueen(T1, ['x'], 'a', { queenComparison: 'greater' }), 6 / 18);
  });

  it('T2: QUEEN of both peers under {x1}, {x2}, {x1, x2}', () => {
    assert.equal(peerQueen(T2, ['x1'], 'a1'), 14 / 48);
    assert.equal(peerQueen(T2, ['x1'], 'a2'), 0);
    assert.equal(peerQueen(T2, ['x2'], 'a1'), 12 / 48);
    assert.equal(peerQueen(T2, ['x2'], 'a2'), 28 / 48);
    assert.equal(peerQueen(T2, ['x1', 'x2'], 'a1'), 4 / 48);
    assert.equal(peerQueen(T2, ['x1', 'x2'], 'a2'), 0);
  });

  it('T2: KING = 0.75, 0, 0.75, and the per-model detail of {x1} (m3 loses on a tie: KING is strict)', () => {
    const x1 = king(T2, ['x1']);
    assert.equal(x1.king, 0.75);
    assert.equal(king(T2, ['x2']).king, 0);
    assert.equal(king(T2, ['x1', 'x2']).king, 0.75);
    const detail = x1.cases[0].models.map((m) => [m.model, round(m.queen), round(m.bestPeerQueen), m.wins]);
    assert.deepEqual(detail, [
      ['m1', 1, 0.333, true],
      ['m2', 0.667, 0.333, true],
      ['m3', 0.111, 0.111, false],
      ['m4', 0.444, 0.333, true],
    ]);
    // With ≥, m3's tie counts as a win.
    assert.equal(king(T2, ['x1'], { kingComparison: 'at-least' }).king, 1);
  });

  it('T2: JACK in the DUC 2004 (symmetric) and ACL 2005 (one-sided) forms', () => {
    assert.equal(jack(T2, ['x1']).jack, 0);
    assert.equal(jack(T2, ['x2']).jack, 0.75);
    assert.equal(jack(T2, ['x1', 'x2']).jack, 0);
    assert.equal(jack(T2, ['x1'], { jackForm: 'one-sided' }).jack, 0);
    assert.equal(jack(T2, ['x2'], { jackForm: 'one-sided' }).jack, 1);
    assert.equal(jack(T2, ['x1', 'x2'], { jackForm: 'one-sided' }).jack, 0);
    // m4 fails the symmetric form: x2(a1, m4) = 0.10 < x2(a1, a2) = 0.12.
    assert.deepEqual(
      jack(T2, ['x2']).cases[0].models.map((m) => [m.model, m.satisfied, m.pair]),
      [
        ['m1', true, ['a1', 'a2']],
        ['m2', true, ['a1', 'a2']],
        ['m3', true, ['a1', 'a2']],
        ['m4', false, null],
      ],
    );
  });

  it('the exhaustive search agrees with KING of each set, best first', () => {
    const search = searchMetricSets(T2);
    assert.deepEqual(
      search.sets.map((s) => [s.metrics, s.king, s.rank]),
      [
        [['x1'], 0.75, 1],
        [['x1', 'x2'], 0.75, 1],
        [['x2'], 0, 3],
      ],
    );
  });
});

describe('QARLA estimate (P3, seed003 §3.1)', () => {
  it('T2 under x1: 21 of the 24 (Mref, M, A) combinations have the model closer (worked by hand)', () => {
    // Mref = m1: x1(M, m1) = .6, .5, .55 against peers .52, .35 → 5; m2: .6, .45, .5 vs .48, .3 → 5; m3: all 6; m4: 5.
    const result = qarlaEstimate(T2, { metrics: ['x1'] });
    assert.equal(result.metrics[0].estimate, 21 / 24);
    assert.deepEqual(result.combinations, [24]);
  });

  it("9 models and 10 peers give the paper's 720 combinations; a random similarity is near chance; ties may count ½", () => {
    const bed = randomBed(4, { cases: 20, models: 9, peers: 10, metrics: 1 });
    const result = qarlaEstimate(bed);
    assert.deepEqual(result.combinations, new Array(20).fill(720));
    assert.ok(Math.abs(result.metrics[0].estimate - 0.5) < 0.05, `${result.metrics[0].estimate}`);
    const constant = mapMetric(bed, 0, () => 0.3);
    assert.equal(qarlaEstimate(constant).metrics[0].estimate, 0);
    assert.equal(qarlaEstimate(constant, { ties: 'half' }).metrics[0].estimate, 0.5);
  });
});

describe('QARLA: properties the papers require (P4 constraints)', () => {
  const bed = randomBed(7, { cases: 3, models: 5, peers: 6, metrics: 4 });

  it('QUEEN and KING are invariant under a strictly increasing transform of a metric (constraint 4)', () => {
    const transformed = mapMetric(bed, 2, (v) => Math.exp(3 * v) - 7);
    assert.deepEqual(queen(transformed).ranking, queen(bed).ranking);
    assert.equal(king(transformed).king, king(bed).king);
    assert.deepEqual(
      searchMetricSets(transformed).sets.map((s) => s.king),
      searchMetricSets(bed).sets.map((s) => s.king),
    );
  });

  it('KING ignores a repeated peer (constraint 5), and adding a redundant metric does not change QUEEN', () => {
    const repeated = duplicatePeer(bed, 0);
    assert.equal(king(repeated).king, king(bed).king);
    const redundant = duplicateMetric(bed, 1);
    assert.deepEqual(
      queen(redundant).ranking.map((r) => [r.name, r.queen]),
      queen(bed).ranking.map((r) => [r.name, r.queen]),
    );
  });

  it('a constant metric gets KING 0; a metric that separates models from peers gets KING 1 and QUEEN(peer) = 0', () => {
    const constant = mapMetric(bed, 0, () => 0.5);
    assert.equal(king(constant, ['x0']).king, 0);
    const ideal = separating(bed);
    assert.equal(king(ideal, ['x0']).king, 1);
    assert.ok(queen(ideal, ['x0']).ranking.filter((r) => r.kind === 'peer').every((r) => r.queen === 0));
  });

  it('KING of a metric that mixes models and peers at random is near 0.5^|A| (P4 §3.3)', () => {
    const random = randomBed(11, { cases: 60, models: 6, peers: 3, metrics: 1 });
    const value = king(random).king;
    assert.ok(value > 0.05 && value < 0.35, `KING = ${value}, expected near 0.5^3 = 0.125`);
  });

  it('the exhaustive search equals the direct KING of every subset, under every option', () => {
    const uneven = randomBed(3, { cases: 4, models: 5, peers: 4, metrics: 4, ragged: true });
    for (const options of OPTION_VARIANTS) {
      for (const testBed of [bed, uneven]) {
        const search = searchMetricSets(testBed, options);
        assert.equal(search.sets.length, 15);
        for (const set of search.sets) assert.equal(set.king, king(testBed, set.metrics, options).king, `${JSON.stringify(options)} ${set.metrics}`);
      }
    }
  });

  it("the clustering's fast single-metric KING equals KING of each metric, under every option", () => {
    const uneven = randomBed(9, { cases: 4, models: 5, peers: 4, metrics: 3, ragged: true });
    const tied = mapMetric(bed, 1, (v) => Math.round(v * 3) / 3); // ties test ≥ against >
    for (const options of OPTION_VARIANTS) {
      for (const testBed of [bed, uneven, tied]) {
        const kings = clusterMetrics(testBed, { ...options, clusters: 2 }).king;
        assert.deepEqual(kings, testBed.metrics.map((x) => king(testBed, [x], options).king), JSON.stringify(options));
      }
    }
  });

  it('JACK never decreases as peers are added, and the curve ends at JACK of the whole test bed', () => {
    const curve = jackCurve(bed, ['x0', 'x1'], { orders: 50 });
    for (let i = 1; i < curve.points.length; i++) assert.ok(curve.points[i].min >= 0 && curve.points[i].jack >= curve.points[i - 1].jack);
    const whole = jack(bed, ['x0', 'x1']).jack;
    assert.deepEqual([curve.points.at(-1)!.min, curve.points.at(-1)!.max], [whole, whole]);
    const given = jackCurve(bed, ['x0', 'x1'], { order: ['p5', 'p4', 'p3', 'p2', 'p1', 'p0'] });
    assert.equal(given.orders, 1);
    assert.equal(given.points[0].jack, 0, 'one system cannot form a pair');
    assert.equal(given.points.at(-1)!.jack, jack(bed, ['x0', 'x1']).jack);
  });

  it('system QUEEN is the mean over cases, and models rank with peers', () => {
    const result = queen(bed, ['x0', 'x1']);
    const p0 = result.cases.map((c) => c.peers.find((p) => p.name === 'p0')!.queen);
    assert.equal(result.ranking.find((r) => r.name === 'p0')!.queen, p0.reduce((s, v) => s + v, 0) / p0.length);
    assert.equal(result.ranking.length, 5 + 6);
    for (let i = 1; i < result.ranking.length; i++) assert.ok(result.ranking[i].queen <= result.ranking[i - 1].queen);
  });
});

describe('QARLA: metric selection, progress, cancellation, JSON', () => {
  it('more metrics than the search takes: cluster, keep the best of each cluster, search their subsets', () => {
    const wide = randomBed(12, { cases: 3, models: 4, peers: 4, metrics: 16 });
    const selection = selectMetricSet(wide, { clusters: 6 });
    assert.equal(selection.clustering!.clusters.length, 6);
    assert.deepEqual([...selection.search.metrics].sort(), selection.clustering!.clusters.map((c) => c.representative).sort());
    assert.equal(selection.search.sets.length, 2 ** 6 - 1);
    const narrow = selectMetricSet(randomBed(12, { cases: 2, models: 4, peers: 3, metrics: 3 }));
    assert.equal(narrow.clustering, null);
    assert.equal(narrow.search.sets.length, 7);
  });

  it('refuses an exhaustive search over more than 14 metrics, and stops when cancelled', () => {
    const wide = randomBed(12, { cases: 2, models: 4, peers: 3, metrics: 15 });
    assert.throws(() => searchMetricSets(wide), /exhaustive search over 15 metrics would score 32767 sets; choose at most 14/);
    const progress: number[] = [];
    const bed = randomBed(13, { cases: 5, models: 4, peers: 3, metrics: 3 });
    assert.throws(() => searchMetricSets(bed, { isCancelled: () => progress.length >= 2, onProgress: (done) => progress.push(done) }), ScoringCancelled);
    assert.deepEqual(progress, [0, 1]);
  });

  it('every result survives a JSON round trip unchanged (no typed arrays, NaN or infinities)', () => {
    const bed = randomBed(14, { cases: 2, models: 4, peers: 3, metrics: 3 });
    const human = { systems: ['p0', 'p1', 'p2'], scores: [1, 3, 2] };
    const results = [
      queen(bed),
      king(bed),
      jack(bed),
      jackCurve(bed, undefined, { orders: 3 }),
      searchMetricSets(bed, { human, onProgress: () => undefined }),
      clusterMetrics(bed, { clusters: 2, isCancelled: () => false }),
      qarlaEstimate(bed),
      selectMetricSet(bed, { human }),
    ];
    for (const result of results) assert.deepEqual(JSON.parse(JSON.stringify(result)), result, result.kind);
    assert.deepEqual(Object.keys(searchMetricSets(bed, { human, metrics: ['x0'] }).options).sort(), Object.keys(DEFAULT_QARLA_OPTIONS).sort());
  });
});

describe('QARLA: metric clustering', () => {
  it('a metric and a monotone copy of it have proximity 1 and share a cluster', () => {
    const bed = mapMetric(duplicateMetric(randomBed(5, { cases: 3, models: 4, peers: 5, metrics: 3 }), 0), 3, (v) => 2 * v + 1);
    const result = clusterMetrics(bed, { clusters: 3 });
    assert.equal(result.proximity[0][3], 1);
    assert.ok(result.clusters.some((c) => c.members.includes('x0') && c.members.includes('x0′')));
    assert.equal(result.merges[0].distance, 0);
    assert.deepEqual([result.merges[0].left, result.merges[0].right], [0, 3]);
    for (const c of result.clusters) assert.ok(c.members.includes(c.representative));
  });

  it('average linkage: distances of merged clusters are size-weighted means', () => {
    // Points 0,1 close; 2 near them; 3 far.
    const proximity = [
      [1, 0.9, 0.6, 0.1],
      [0.9, 1, 0.5, 0.2],
      [0.6, 0.5, 1, 0.3],
      [0.1, 0.2, 0.3, 1],
    ];
    const { merges, membersAfter } = averageLinkage(proximity, 2);
    assert.deepEqual(merges.map((m) => [m.left, m.right, round(m.distance), m.size]), [
      [0, 1, 0.1, 2],
      [2, 4, 0.45, 3],
      [3, 5, round(1 - (0.1 + 0.2 + 0.3) / 3), 4],
    ]);
    assert.deepEqual(membersAfter, [[0, 1, 2], [3]]);
  });
});

describe('QARLA: bad input', () => {
  it('says which similarity is missing, and what a case lacks', () => {
    const broken = symmetricCase('doc-3', ['m1', 'm2', 'm3'], ['a'], 1, { 'm1-m2': [0.6], 'm1-m3': [0.5], 'm2-m3': [0.4], 'a-m1': [0.55], 'a-m3': [0.3] });
    assert.throws(() => queen({ metrics: ['rouge1'], cases: [broken] }), /doc-3.*x\(a, m2\) under rouge1 is not a number/);
    const twoModels = symmetricCase('doc-4', ['m1', 'm2'], ['a'], 1, { 'm1-m2': [0.6], 'a-m1': [0.5], 'a-m2': [0.4] });
    assert.throws(() => king({ metrics: ['x'], cases: [twoModels] }), /"doc-4" has 2 models; QARLA needs at least 3/);
    assert.throws(() => king(T2, ['x3']), /"x3" is not a metric of this test bed/);
    assert.throws(() => queen(T2, ['x1'], { kingModels: 'some' as never }), /kingModels must be one of/);
    assert.throws(() => jack({ metrics: ['x'], cases: [{ ...T1.cases[0], peerPeer: undefined }] }), /no peer–peer similarities/);
  });
});

/** Each open convention switched away from its default, one at a time (and two combined). */
const OPTION_VARIANTS = [
  {},
  { queenComparison: 'greater' as const },
  { distinctPair: false },
  { modelInPair: 'excluded' as const },
  { distinctPair: false, modelInPair: 'excluded' as const },
  { kingModels: 'all' as const },
  { kingComparison: 'at-least' as const },
  { caseAveraging: 'pooled' as const },
];

function round(v: number): number {
  return Math.round(v * 1000) / 1000;
}

/** Random similarities (seeded); `ragged` gives cases different numbers of models and peers. */
function randomBed(seed: number, shape: { cases: number; models: number; peers: number; metrics: number; ragged?: boolean }): QarlaTestBed {
  const random = seededRandom(seed);
  const uniform = (): number => random.nextUint32() / 2 ** 32;
  const metrics = Array.from({ length: shape.metrics }, (_, i) => `x${i}`);
  const cases = Array.from({ length: shape.cases }, (_, c): QarlaTestCase => {
    const m = shape.ragged ? shape.models - (c % 2) : shape.models;
    const a = shape.ragged ? shape.peers - (c % 3) : shape.peers;
    const models = Array.from({ length: m }, (_, i) => `m${i}`);
    const peers = Array.from({ length: a }, (_, i) => `p${i}`);
    const k = shape.metrics;
    return {
      id: `case${c}`,
      models,
      peers,
      peerModel: Float64Array.from({ length: a * m * k }, uniform),
      modelModel: Float64Array.from({ length: m * m * k }, uniform),
      peerPeer: Float64Array.from({ length: a * a * k }, uniform),
    };
  });
  return { metrics, cases };
}

function mapMetric(bed: QarlaTestBed, x: number, f: (v: number) => number): QarlaTestBed {
  const k = bed.metrics.length;
  const map = (values: Float64Array): Float64Array => values.map((v, i) => (i % k === x ? f(v) : v));
  return { metrics: bed.metrics, cases: bed.cases.map((c) => ({ ...c, peerModel: map(c.peerModel), modelModel: map(c.modelModel), peerPeer: map(c.peerPeer!) })) };
}

/** Appends a copy of metric x, named x′. */
function duplicateMetric(bed: QarlaTestBed, x: number): QarlaTestBed {
  const k = bed.metrics.length;
  const widen = (values: Float64Array): Float64Array => {
    const cells = values.length / k;
    const out = new Float64Array(cells * (k + 1));
    for (let c = 0; c < cells; c++) {
      for (let j = 0; j < k; j++) out[c * (k + 1) + j] = values[c * k + j];
      out[c * (k + 1) + k] = values[c * k + x];
    }
    return out;
  };
  return {
    metrics: [...bed.metrics, `${bed.metrics[x]}′`],
    cases: bed.cases.map((c) => ({ ...c, peerModel: widen(c.peerModel), modelModel: widen(c.modelModel), peerPeer: widen(c.peerPeer!) })),
  };
}

/** Adds a copy of peer p (named p′) to every case. */
function duplicatePeer(bed: QarlaTestBed, p: number): QarlaTestBed {
  const k = bed.metrics.length;
  return {
    metrics: bed.metrics,
    cases: bed.cases.map((c) => {
      const m = c.models.length;
      const a = c.peers.length;
      const rowOf = (values: Float64Array, row: number, width: number): Float64Array => values.slice(row * width * k, (row + 1) * width * k);
      const peerModel = new Float64Array((a + 1) * m * k);
      peerModel.set(c.peerModel);
      peerModel.set(rowOf(c.peerModel, p, m), a * m * k);
      return { ...c, peers: [...c.peers, `${c.peers[p]}′`], peerModel, peerPeer: undefined };
    }),
  };
}

/** Metric x0 rewritten so that models are similar to each other (0.9) and peers far from models (0.1). */
function separating(bed: QarlaTestBed): QarlaTestBed {
  const k = bed.metrics.length;
  return {
    metrics: bed.metrics,
    cases: bed.cases.map((c) => ({
      ...c,
      peerModel: c.peerModel.map((v, i) => (i % k === 0 ? 0.1 : v)),
      modelModel: c.modelModel.map((v, i) => (i % k === 0 ? 0.9 : v)),
    })),
  };
}
