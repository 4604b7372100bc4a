import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { runCli } from '../../src/cli/run-cli';
import { matchSystem } from '../../src/cli/conditions-command';
import { DEFAULT_METRIC_SETTINGS } from '../../src/core/engine/metric-settings';
import { metricRequest } from '../../src/core/engine/metric-registry';
import { dataConditions } from '../../src/core/meta/conditions/data-conditions';
import { conditionMetricFromEngine } from '../../src/core/meta/conditions/engine-statistics';
import { humanSystemGap } from '../../src/core/meta/gap/human-system-gap';
import { fitRose } from '../../src/core/meta/rose/rose-model';
import { roseSearch } from '../../src/core/meta/rose/rose-search';
import { FIXTURES } from './golden';

const WMT = path.join(FIXTURES, 'data/wmt21-news');

function run(...argv: string[]): { code: number; stdout: string; stderr: string } {
  let stdout = '';
  let stderr = '';
  const code = runCli(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { code, stdout, stderr };
}

/** 24 units: human = 2·a − b + noise; c is noise. Deterministic, so the search is the same every run. */
function roseTable(): { text: string; a: number[]; b: number[]; c: number[]; human: number[]; units: string[] } {
  const units: string[] = [];
  const a: number[] = [];
  const b: number[] = [];
  const c: number[] = [];
  const human: number[] = [];
  for (let u = 0; u < 24; u++) {
    units.push(`sys${u}`);
    a.push(Math.sin(u * 1.7) + u / 10);
    b.push(Math.cos(u * 0.9));
    c.push(Math.sin(u * 3.1 + 1));
    human.push(2 * a[u] - b[u] + 0.3 * Math.sin(u * 5.3));
  }
  const text = ['system\ta\tb\tc\thuman', ...units.map((s, u) => [s, a[u], b[u], c[u], human[u]].join('\t'))].join('\n') + '\n';
  return { text, a, b, c, human, units };
}

describe('understudy rose and gap: the meta-evaluation subcommands over score tables', () => {
  let dir: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'understudy-meta-cli-'));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('prints the same search roseSearch returns on the table (JSON), seeded and repeatable', () => {
    const t = roseTable();
    const file = path.join(dir, 'scores.tsv');
    fs.writeFileSync(file, t.text);
    const out = run('rose', file, '--human', 'human', '--trials', '300', '--seed', '7', '--json');
    assert.strictEqual(out.code, 0, out.stderr);
    const expected = roseSearch({ metrics: ['a', 'b', 'c'], predictors: [t.a, t.b, t.c], target: t.human, units: t.units, targetName: 'human' }, { trials: 300, seed: 7 });
    assert.deepStrictEqual(JSON.parse(out.stdout), JSON.parse(JSON.stringify(expected)));
    assert.deepStrictEqual(expected.best.metrics.slice(0, 2), ['a', 'b']);
    assert.strictEqual(run('rose', file, '--human', 'human', '--trials', '300', '--seed', '7', '--json').stdout, out.stdout);
    assert.notStrictEqual(run('rose', file, '--human', 'human', '--trials', '300', '--seed', '8', '--json').stdout, out.stdout);
  });

  it('lists the subsets as text and TSV, reports progress, saves the model without overwriting and applies it', () => {
    const t = roseTable();
    const file = path.join(dir, 'scores.csv');
    fs.writeFileSync(file, t.text.replace(/\t/g, ','));
    const text = run('rose', file, '--human', 'human', '--metrics', 'a,b', '--trials', '200', '--progress');
    assert.strictEqual(text.code, 0, text.stderr);
    assert.match(text.stdout, /ROSE: 3 subsets × 200 splits \(24 units, 6 held out\), target human, seed 12345/);
    assert.match(text.stdout, /^best: {9}a\+b {2}median significant test r 0\.9\d+/m);
    assert.match(text.stdout, /signature: rose\|predictors:a\+b\|/);
    assert.match(text.stderr, /rose splits 200\/200 \(100%\)/);
    const tsv = run('rose', file, '--human', 'human', '--trials', '200', '--tsv');
    const lines = tsv.stdout.trim().split('\n');
    assert.strictEqual(lines.length, 1 + 7);
    assert.strictEqual(lines[0].split('\t')[0], 'subset');

    const model = path.join(dir, 'rose.json');
    const saved = run('rose', file, '--human', 'human', '--metrics', 'a,b', '--trials', '200', '--save', model, '--name', 'ab');
    assert.strictEqual(saved.code, 0, saved.stderr);
    const json = JSON.parse(fs.readFileSync(model, 'utf8')) as { kind: string; name: string; metrics: string[]; weights: number[]; intercept: number };
    assert.deepStrictEqual([json.kind, json.name, json.metrics], ['understudy.rose', 'ab', ['a', 'b']]);
    const refit = fitRose({ metrics: ['a', 'b'], predictors: [t.a, t.b], target: t.human }, undefined, 'ab');
    assert.deepStrictEqual([json.weights, json.intercept], [refit.weights, refit.intercept]);
    assert.ok(json.weights[0] > 1.5 && json.weights[1] < -0.5, `weights ${json.weights}: human = 2a − b + noise`);
    const again = run('rose', file, '--human', 'human', '--trials', '200', '--save', model);
    assert.strictEqual(again.code, 2);
    assert.match(again.stderr, /exists; choose another file or add --force/);
    assert.strictEqual(JSON.parse(fs.readFileSync(model, 'utf8')).name, 'ab');

    const applied = run('rose', file, '--apply', model);
    assert.strictEqual(applied.code, 0, applied.stderr);
    const rows = applied.stdout.trim().split('\n');
    assert.strictEqual(rows[0], 'system\tab');
    const first = Number(rows[1].split('\t')[1]);
    assert.ok(Math.abs(first - (json.intercept + json.weights[0] * t.a[0] + json.weights[1] * t.b[0])) < 1e-12);
  });

  it('leaves out rows with a missing score (with a warning) and says what is wrong with bad input', () => {
    const t = roseTable();
    const file = path.join(dir, 'gaps.tsv');
    fs.writeFileSync(file, t.text.replace(/\n(sys3\t[^\t]+)\t[^\t]+/, '\n$1\tNA'));
    const out = run('rose', file, '--human', 'human', '--trials', '50', '--json');
    assert.strictEqual(out.code, 0, out.stderr);
    assert.match(out.stderr, /1 of 24 rows of .* miss a score in a, b, c, human and are left out/);
    assert.strictEqual((JSON.parse(out.stdout) as { units: number }).units, 23);

    assert.match(run('rose', file, '--human', 'nope').stderr, /has no column "nope"; its columns: system, a, b, c, human/);
    assert.strictEqual(run('rose', file).code, 2);
    assert.match(run('rose', file, '--human', 'human', '--candidates', 'some').stderr, /expected one of any, combinations/);
    assert.match(run('rose', path.join(dir, 'missing.tsv'), '--human', 'human').stderr, /Cannot read/);
    const broken = path.join(dir, 'broken.tsv');
    fs.writeFileSync(broken, 'system\ta\thuman\ns1\t0.5\tgood\n');
    const bad = run('rose', broken, '--human', 'human');
    assert.strictEqual(bad.code, 1);
    assert.match(bad.stderr, /"good" in column human, data row 1, is not a number/);
    assert.match(run('rose', '--help').stdout, /understudy rose TABLE --human COLUMN/);
    assert.match(run('--help').stdout, /understudy gap TABLE/);
  });

  it('understudy gap prints humanSystemGap of the table: groups, lines, the gap, residuals as TSV', () => {
    const rows: [string, string, number, number][] = [];
    for (let s = 0; s < 12; s++) rows.push([`S${s}`, 'system', 0.08 + 0.004 * s + 0.001 * Math.sin(s), 2 + 0.1 * s + 0.05 * Math.cos(s * 2)]);
    for (let h = 0; h < 4; h++) rows.push([`H${h}`, 'human', 0.11 + 0.003 * h, 4.2 + 0.1 * h]);
    const file = path.join(dir, 'gap.tsv');
    fs.writeFileSync(file, ['name\tkind\trouge2\tresponsiveness', ...rows.map((r) => r.join('\t'))].join('\n') + '\n');
    const json = run('gap', file, '--metric', 'rouge2', '--human', 'responsiveness', '--group', 'kind', '--exclude', 'S3', '--json');
    assert.strictEqual(json.code, 0, json.stderr);
    const expected = humanSystemGap(
      rows.map(([name, kind, metric, human]) => ({ name, group: kind === 'human' ? 'human' : 'system', metric, human, excluded: name === 'S3' })),
      { metricName: 'rouge2', humanName: 'responsiveness' },
    );
    assert.deepStrictEqual(JSON.parse(json.stdout), JSON.parse(JSON.stringify(expected)));
    assert.strictEqual(expected.systems.n, 11);
    const text = run('gap', file, '--metric', 'rouge2', '--human', 'responsiveness', '--group', 'kind');
    assert.match(text.stdout, /^systems +n +12 /m);
    assert.match(text.stdout, /^humans +n +4 /m);
    assert.match(text.stdout, /humans sit \d\.\d{4} above it/);
    const tsv = run('gap', file, '--metric', 'rouge2', '--human', 'responsiveness', '--group', 'kind', '--method', 'ols', '--tsv').stdout.trim().split('\n');
    assert.strictEqual(tsv.length, 17);
    assert.strictEqual(tsv[0], 'name\tgroup\tmetric\thuman\texcluded\tresidual_from_systems\tweight');
    assert.match(run('gap', file, '--metric', 'rouge2', '--human', 'responsiveness', '--group', 'kind', '--method', 'lad').stderr, /expected one of bisquare, huber, theil-sen, ols/);
    assert.match(run('gap', file, '--metric', 'rouge2', '--human', 'responsiveness', '--group', 'kind', '--exclude', 'S99').stderr, /--exclude S99: no such row/);
  });

  it('understudy conditions scores the files, reads WMT21 cs-en DA z per segment and prints dataConditions of them', () => {
    // The human table as users write it: system name, line number, score (here WMT's z, several judgments averaged).
    const names = new Map(
      fs.readFileSync(path.join(WMT, 'humaneval/newstest2021-toen/ad-sys-ranking-cs-en-z-names.csv'), 'utf8').trim().split('\n').map((l) => {
        const f = l.trim().split(/\s+/);
        return [f[4], f[5]] as const;
      }),
    );
    const judgments = fs.readFileSync(path.join(WMT, 'humaneval/newstest2021-toen/ad-seg-scores-cs-en.csv'), 'utf8').trim().split('\n').slice(1).map((l) => l.trim().split(/\s+/));
    const human = path.join(dir, 'cs-en-z.tsv');
    fs.writeFileSync(human, ['system\titem\tz', ...judgments.map((f) => `${names.get(f[0])}\t${f[1]}\t${f[3]}`)].join('\n') + '\n');
    const systemNames = ['Facebook-AI', 'Online-A', 'Online-B', 'Online-W'];
    const hyps = systemNames.map((s) => path.join(WMT, `txt/system-outputs/newstest2021.cs-en.hyp.${s}.en`));
    const refs = ['A', 'B'].map((r) => path.join(WMT, `txt/references/newstest2021.cs-en.ref.${r}.en`));
    const out = run('conditions', '--human', human, '--ref', refs[0], '--ref', refs[1], ...hyps, '--metrics', 'chrf', '--axis', 'items', '--repetitions', '40', '--seed', '3', '--json');
    assert.strictEqual(out.code, 0, out.stderr);
    assert.match(out.stderr, /systems of .* match no HYP file and are left out: /);

    const lines = (file: string): string[] => fs.readFileSync(file, 'utf8').replace(/\n$/, '').split('\n');
    const references = refs.map(lines);
    const hypotheses = hyps.map(lines);
    const N = references[0].length;
    const items = new Float64Array(systemNames.length * N).fill(NaN);
    const counts = new Float64Array(items.length);
    for (const f of judgments) {
      const s = systemNames.indexOf(names.get(f[0]) ?? '');
      if (s < 0) continue;
      const at = s * N + Number(f[1]) - 1;
      items[at] = (counts[at] === 0 ? 0 : items[at] * counts[at]) + Number(f[3]);
      items[at] /= ++counts[at];
    }
    const system = Float64Array.from(systemNames, (_, s) => {
      const judged = Array.from(items.subarray(s * N, (s + 1) * N)).filter((x) => !Number.isNaN(x));
      return judged.reduce((a, b) => a + b, 0) / judged.length;
    });
    const metric = conditionMetricFromEngine({ name: 'chrf', prepare: metricRequest('chrf', DEFAULT_METRIC_SETTINGS).prepare, references, hypotheses, referenceSubsets: 'none' });
    const expected = dataConditions(
      { systems: hyps.map((h) => path.basename(h)), items: N, human: { name: 'z', system, items }, metrics: [metric] },
      { axis: 'items', repetitions: 40, seed: 3, bootstrap: true, pairs: true },
    );
    assert.deepStrictEqual(JSON.parse(out.stdout), JSON.parse(JSON.stringify(expected)));
    assert.ok(expected.humanPairs !== null);

    const tsv = run('conditions', '--human', human, '--ref', refs[0], ...hyps, '--metrics', 'chrf', '--repetitions', '20', '--tsv', '--no-pairs');
    assert.strictEqual(tsv.code, 0, tsv.stderr);
    const header = tsv.stdout.split('\n')[0].split('\t');
    assert.deepStrictEqual(header.slice(0, 4), ['metric', 'label', 'size', 'kind']);
  });

  it('understudy conditions says what is wrong: too few systems, a system without human scores, an ambiguous name', () => {
    const refs = path.join(WMT, 'txt/references/newstest2021.cs-en.ref.A.en');
    const hyps = ['Facebook-AI', 'Online-A', 'Online-B'].map((s) => path.join(WMT, `txt/system-outputs/newstest2021.cs-en.hyp.${s}.en`));
    const human = path.join(dir, 'two.tsv');
    fs.writeFileSync(human, 'system\tscore\nFacebook-AI\t0.1\nOnline-A\t0.05\n');
    assert.match(run('conditions', '--human', human, '--ref', refs, ...hyps.slice(0, 2)).stderr, /at least 3 system files/);
    const missing = run('conditions', '--human', human, '--ref', refs, ...hyps, '--metrics', 'chrf');
    assert.strictEqual(missing.code, 1);
    assert.match(missing.stderr, /has no human score for .*Online-B\.en; leave those files out or add their scores/);
    assert.match(run('conditions', '--ref', refs, ...hyps).stderr, /--human TABLE/);
    assert.match(run('conditions', '--human', human, '--ref', refs, ...hyps, '--axis', 'topics').stderr, /expected one of references, items/);
    assert.strictEqual(matchSystem('Online-A', hyps), 1);
    assert.strictEqual(matchSystem('newstest2021.cs-en.hyp.Online-B.en', hyps), 2);
    assert.strictEqual(matchSystem('Online-Z', hyps), undefined);
    assert.throws(() => matchSystem('cs-en', hyps), /matches several files/);
  });
});
