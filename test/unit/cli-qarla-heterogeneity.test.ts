import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { runCli } from '../../src/cli/run-cli';
import { OutputScores, auc, hbr, heterogeneity, oracleSystemTest, reliability, subsetTable, ulc } from '../../src/core/meta/heterogeneity';
import { QarlaTestBed, QarlaTestCase, clusterMetrics, jack, jackCurve, king, qarlaEstimate, queen, selectMetricSet } from '../../src/core/meta/qarla';

function run(...argv: string[]): { code: number; stdout: string; stderr: string } {
  let stdout = '';
  let stderr = '';
  const code = runCli(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { code, stdout, stderr };
}

const json = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

/** seed003 digest §5.2 T2: four models, two peers, two metrics; symmetric similarities, self-similarity 1. */
const T2_PAIRS: Record<string, [number, number]> = {
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
const MODELS = ['m1', 'm2', 'm3', 'm4'];
const PEERS = ['a1', 'a2'];

function t2Bed(): QarlaTestBed {
  const value = (p: string, q: string, x: number): number => (p === q ? 1 : (T2_PAIRS[`${p}-${q}`] ?? T2_PAIRS[`${q}-${p}`])[x]);
  const fill = (rows: string[], columns: string[]): Float64Array => {
    const out = new Float64Array(rows.length * columns.length * 2);
    rows.forEach((r, i) => columns.forEach((c, j) => [0, 1].forEach((x) => (out[(i * columns.length + j) * 2 + x] = value(r, c, x)))));
    return out;
  };
  const c: QarlaTestCase = { id: 'all', models: MODELS, peers: PEERS, peerModel: fill(PEERS, MODELS), modelModel: fill(MODELS, MODELS), peerPeer: fill(PEERS, PEERS) };
  return { metrics: ['x1', 'x2'], cases: [c] };
}

/** T2 as the CLI reads it: every ordered pair of distinct texts, plus each model against itself. */
function t2Table(): string {
  const names = [...MODELS, ...PEERS];
  const lines = ['candidate\treference\tx1\tx2'];
  for (const a of names) {
    for (const b of names) {
      if (a === b && !MODELS.includes(a)) continue;
      const v = a === b ? [1, 1] : (T2_PAIRS[`${a}-${b}`] ?? T2_PAIRS[`${b}-${a}`]);
      lines.push(`${a}\t${b}\t${v[0]}\t${v[1]}`);
    }
  }
  return lines.join('\n') + '\n';
}

/** seed003 digest §5.2 T3: four outputs of one segment, three measures, human quality. */
const T3_TABLE = 'system,xA,xB,xC,human\ns1,0.9,0.5,0.8,8\ns2,0.6,0.7,0.8,7\ns3,0.4,0.3,0.1,4\ns4,0.1,0.2,0.5,3\n';
const T3: OutputScores = {
  systems: ['s1', 's2', 's3', 's4'],
  segments: 1,
  metrics: ['xA', 'xB', 'xC'],
  scores: Float64Array.from([0.9, 0.5, 0.8, 0.6, 0.7, 0.8, 0.4, 0.3, 0.1, 0.1, 0.2, 0.5]),
  higherIsBetter: [true, true, true],
  human: Float64Array.from([8, 7, 4, 3]),
};

/** Two segments, four systems, one error rate (lower is better), one output missing and one not assessed. */
const TWO_SEGMENTS = [
  'system\tsegment\tbleu\tchrf\tter\thuman',
  's1\td1\t0.30\t0.55\t0.60\t70',
  's2\td1\t0.25\t0.60\t0.50\t75',
  's3\td1\t0.10\t0.40\t0.80\t40',
  's4\td1\t0.20\t0.45\t0.70\tNA',
  's1\td2\t0.35\t0.52\t0.55\t60',
  's2\td2\t0.40\t0.58\t0.45\t80',
  's4\td2\t0.15\t0.50\t0.75\t50',
].join('\n');
const TWO: OutputScores = {
  systems: ['s1', 's2', 's3', 's4'],
  segments: 2,
  segmentIds: ['d1', 'd2'],
  metrics: ['bleu', 'chrf', 'ter'],
  scores: Float64Array.from([0.3, 0.55, 0.6, 0.35, 0.52, 0.55, 0.25, 0.6, 0.5, 0.4, 0.58, 0.45, 0.1, 0.4, 0.8, NaN, NaN, NaN, 0.2, 0.45, 0.7, 0.15, 0.5, 0.75]),
  higherIsBetter: [true, true, false],
  human: Float64Array.from([70, 60, 75, 80, 40, NaN, NaN, 50]),
};

describe('understudy qarla and understudy heterogeneity: the same numbers as the library, over tables', () => {
  let dir: string;
  let t2: string;
  let t3: string;
  let two: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'understudy-qarla-cli-'));
    t2 = path.join(dir, 't2.tsv');
    t3 = path.join(dir, 't3.csv');
    two = path.join(dir, 'two.tsv');
    fs.writeFileSync(t2, t2Table());
    fs.writeFileSync(t3, T3_TABLE);
    fs.writeFileSync(two, TWO_SEGMENTS);
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  const qarla = (...argv: string[]): unknown => {
    const out = run('qarla', ...argv, '--models', MODELS.join(','), '--json');
    assert.equal(out.code, 0, out.stderr);
    return JSON.parse(out.stdout);
  };

  it('qarla: each analysis prints the library result on the digest T2 test bed (KING {x1} = 0.75, QUEEN(a1) = 4/48)', () => {
    const bed = t2Bed();
    assert.deepEqual(qarla('queen', t2), json(queen(bed)));
    assert.deepEqual(qarla('king', t2), json(king(bed)));
    assert.deepEqual(qarla('jack', t2), json(jack(bed)));
    assert.deepEqual(qarla('estimate', t2), json(qarlaEstimate(bed)));
    assert.deepEqual(qarla('search', t2), json(selectMetricSet(bed)));
    assert.deepEqual(qarla('clusters', t2), json(clusterMetrics(bed, { clusters: 2 })));
    assert.deepEqual(qarla('jack-curve', t2, '--seed', '3', '--orders', '20'), json(jackCurve(bed, undefined, { seed: 3, orders: 20 })));
    assert.deepEqual(qarla('king', t2, '--king-models', 'all', '--jack-form', 'one-sided'), json(king(bed, undefined, { kingModels: 'all', jackForm: 'one-sided' })));
    const search = qarla('search', t2) as ReturnType<typeof selectMetricSet>;
    assert.deepEqual(search.search.sets.map((s) => [s.metrics.join('+'), s.king]), [['x1', 0.75], ['x1+x2', 0.75], ['x2', 0]]);
    const q = qarla('queen', t2) as ReturnType<typeof queen>;
    assert.equal(q.cases[0].peers.find((p) => p.name === 'a1')!.queen, 4 / 48);
  });

  it('qarla: --symmetric reads a half table; cases, --tsv and the text view', () => {
    const half = ['case\tcandidate\treference\tx1\tx2', ...Object.entries(T2_PAIRS).map(([k, v]) => `t2\t${k.replace('-', '\t')}\t${v[0]}\t${v[1]}`)].join('\n');
    const file = path.join(dir, 'half.tsv');
    fs.writeFileSync(file, half);
    const bed = t2Bed();
    const expected = json({ ...king(bed), cases: king(bed).cases.map((c) => ({ ...c, case: 't2' })) });
    assert.deepEqual(qarla('king', file, '--symmetric'), expected);
    const missing = run('qarla', 'king', file, '--models', MODELS.join(','));
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /case t2: no row for x\(m2, m1\).*add --symmetric/);
    const tsv = run('qarla', 'king', t2, '--models', MODELS.join(','), '--tsv');
    assert.equal(tsv.code, 0, tsv.stderr);
    assert.equal(tsv.stdout.split('\n')[0], 'case\tmodel\tqueen\tbest_peer\tbest_peer_queen\twins');
    assert.equal(tsv.stdout.split('\n')[1], 'all\tm1\t0.5555555555555556\ta1\t0.2222222222222222\tyes');
    const text = run('qarla', 'king', t2, '--models', MODELS.join(','));
    assert.match(text.stdout, /^KING \{x1, x2\} = 0\.7500\n/);
    assert.match(text.stdout, /models ranked first .*: 3 of 4/);
  });

  it('heterogeneity: each analysis prints the library result on T3 and on a two-segment table with a missing output', () => {
    const het = (...argv: string[]): unknown => {
      const out = run('heterogeneity', ...argv, '--json');
      assert.equal(out.code, 0, out.stderr);
      return JSON.parse(out.stdout);
    };
    assert.deepEqual(het('h', t3, '--human', 'human'), json(heterogeneity(T3)));
    assert.equal((het('h', t3, '--human', 'human') as { heterogeneity: number }).heterogeneity, 4 / 12);
    assert.deepEqual(het('hbr', t3, '--human', 'human'), json(hbr(T3)));
    assert.deepEqual(het('ulc', t3, '--human', 'human', '--normalisation', 'min-max'), json(ulc(T3, { normalisation: 'min-max' })));
    assert.deepEqual(het('reliability', t3, '--human', 'human'), json(reliability(T3)));
    assert.deepEqual(het('subsets', t3, '--human', 'human'), json(subsetTable(T3)));
    assert.deepEqual(het('ost', t3, '--human', 'human'), json(oracleSystemTest(T3)));
    const extra = [
      { name: 'ULC', values: Float64Array.from(ulc(TWO).items, (v) => v ?? NaN) },
      { name: 'HBR', values: Float64Array.from(hbr(TWO).items, (v) => v ?? NaN) },
    ];
    assert.deepEqual(het('auc', two, '--human', 'human', '--lower-is-better', 'ter', '--with', 'ulc,hbr'), json(auc(TWO, { extra })));
    assert.deepEqual(het('h', two, '--lower-is-better', 'ter', '--human', 'human', '--sample-pairs', '5', '--seed', '9'), json(heterogeneity(TWO, undefined, { samplePairs: 5, seed: 9 })));
    assert.deepEqual(het('ulc', two, '--lower-is-better', 'ter', '--human', 'human'), json(ulc(TWO)));
  });

  it('heterogeneity: --tsv exports the main table unrounded; the text view names the shape', () => {
    const tsv = run('heterogeneity', 'hbr', t3, '--human', 'human', '--tsv');
    assert.equal(tsv.code, 0, tsv.stderr);
    assert.deepEqual(tsv.stdout.trimEnd().split('\n'), ['rank\tsystem\thbr\tsegments', `1\ts1\t${hbr(T3).systems[0].hbr}\t1`, `1\ts2\t${hbr(T3).systems[1].hbr}\t1`, '3\ts3\t0.05555555555555555\t1', '4\ts4\t0\t1']);
    const text = run('heterogeneity', 'reliability', t3, '--human', 'human');
    assert.match(text.stdout, /reliability {4}1\.0000\nsensitivity {4}0\.6667/);
    assert.match(text.stdout, /4 systems × 1 segment, 4 assessed; 3 metrics/);
  });

  it('bad command lines are exit status 2, unusable tables 1, each saying what to do', () => {
    const cases: [string[], number, RegExp][] = [
      [['qarla', 'kings', t2, '--models', 'm1'], 2, /--analysis kings: expected one of queen, king/],
      [['qarla', 'king', t2], 2, /--models A,B/],
      [['qarla', 'king'], 2, /Name an analysis and one similarity table/],
      [['qarla', 'king', t2, '--models', 'm1,m2,m3,m4', '--seed', '1'], 2, /--seed applies to jack-curve, not king/],
      [['qarla', 'king', t2, '--models', 'm1,m2,m3,m4', '--json', '--tsv'], 2, /Choose one of --json and --tsv/],
      [['qarla', 'king', t2, '--models', 'm1,m2,m3,m4', '--metrics', 'x9'], 2, /has no column "x9"; its columns: candidate, reference, x1, x2/],
      [['qarla', 'jack-curve', t2, '--models', 'm1,m2,m3,m4', '--order', 'a1'], 2, /--order must list every peer once \(missing: a2\)/],
      [['qarla', 'king', t2, '--models', 'h1,h2'], 1, /none of the --models \(h1, h2\) appears/],
      [['qarla', 'king', t2, '--models', 'm1,m2'], 1, /Test case "all" has 2 models; QARLA needs at least 3/],
      [['qarla', 'king', path.join(dir, 'nope.tsv'), '--models', 'm1'], 1, /Cannot read/],
      [['heterogeneity', 'auc', t3], 2, /auc compares with human scores: name their column with --human COLUMN/],
      [['heterogeneity', 'h', t3, '--human', 'human', '--ties', 'min'], 2, /--ties applies to ost, not h/],
      [['heterogeneity', 'h', t3, '--lower-is-better', 'ter'], 2, /--lower-is-better ter: not one of the metrics/],
      [['heterogeneity', 'ulc', t3, '--normalisation', 'max'], 2, /--normalisation max: expected one of asiya, min-max, z-score, none/],
    ];
    for (const [argv, code, message] of cases) {
      const out = run(...argv);
      assert.equal(out.code, code, `${argv.join(' ')}: ${out.stderr}`);
      assert.match(out.stderr, message, argv.join(' '));
      assert.equal(out.stdout, '');
    }
    const dup = path.join(dir, 'dup.csv');
    fs.writeFileSync(dup, 'system,xA,xB\ns1,1,2\ns1,2,3\n');
    assert.match(run('heterogeneity', 'h', dup).stderr, /system s1 \(one segment: no segment column\) has two rows \(data rows 1 and 2\)/);
    const gap = path.join(dir, 'gap.csv');
    fs.writeFileSync(gap, 'system,xA,xB\ns1,1,\ns2,2,3\n');
    const out = run('heterogeneity', 'h', gap);
    assert.equal(out.code, 1);
    assert.match(out.stderr, /data row 1 has no score under xB/);
  });

  it('--help prints each usage; both are listed in understudy --help', () => {
    assert.match(run('qarla', '--help').stdout, /^understudy qarla ANALYSIS TABLE --models/);
    assert.match(run('heterogeneity', '--help').stdout, /^understudy heterogeneity ANALYSIS TABLE/);
    const help = run('--help').stdout;
    assert.match(help, /understudy qarla queen\|king/);
    assert.match(help, /understudy heterogeneity h\|ulc/);
  });
});
