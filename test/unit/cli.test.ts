import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { runCli } from '../../src/cli/run-cli';
import { FIXTURES } from './golden';

const SAMPLE = path.join(path.dirname(FIXTURES), '..', 'samples', 'wmt21-cs-en');
const REF_A = path.join(SAMPLE, 'ref.A.en');
const REF_B = path.join(SAMPLE, 'ref.B.en');
const HYP = path.join(SAMPLE, 'hyp.Facebook-AI.en');

function run(...argv: string[]): { code: number; stdout: string; stderr: string } {
  let stdout = '';
  let stderr = '';
  const code = runCli(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { code, stdout, stderr };
}

describe('understudy CLI', () => {
  let tmp: string;
  before(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'understudy-cli-'));
  });
  after(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('prints NIST as mteval-v13a does for the bundled sample (--json)', () => {
    const { code, stdout, stderr } = run('score', '--ref', REF_A, HYP, '--metrics', 'nist', '--json');
    assert.strictEqual(code, 0, stderr);
    const report = JSON.parse(stdout);
    assert.strictEqual(report.systems.length, 1);
    assert.strictEqual(report.systems[0].file, HYP);
    // mteval-v13a prints 7.6066 for this system against reference A (golden/mteval …Facebook-AI.refA/lc).
    assert.strictEqual(report.systems[0].scores.nist.score.toFixed(4), '7.6066');
    assert.strictEqual(report.segments, undefined);
  });

  it('prints sacreBLEU\'s BLEU and TER for the bundled sample in the text table', () => {
    const { code, stdout } = run('score', '--ref', REF_A, HYP, '--metrics', 'bleu,ter');
    assert.strictEqual(code, 0);
    assert.match(stdout, /bleu\s+31\.10\s+nrefs:1\|case:mixed\|eff:no\|tok:13a\|smooth:exp\|version:2\.6\.0/);
    assert.match(stdout, /ter\s+56\.88\s+nrefs:1\|case:lc\|tok:tercom/);
  });

  it('adds one entry per system and segment with --sentence', () => {
    const { code, stdout } = run('score', '--ref', REF_A, '--ref', REF_B, HYP, path.join(SAMPLE, 'hyp.Online-B.en'), '--metrics', 'nist', '--sentence', '--json');
    assert.strictEqual(code, 0);
    const report = JSON.parse(stdout);
    assert.strictEqual(report.systems[0].scores.nist.score.toFixed(4), '9.9974');
    assert.strictEqual(report.segments.length, 2000);
    assert.deepStrictEqual(Object.keys(report.segments[1500]).sort(), ['index', 'scores', 'system']);
    assert.strictEqual(report.segments[1500].system, 1);
    assert.strictEqual(report.segments[1500].index, 500);
    assert.ok(Number.isFinite(report.segments[1500].scores.nist));
  });

  it('prints a header and one row per system and metric with --tsv', () => {
    const { code, stdout } = run('score', '--ref', REF_A, HYP, '--metrics', 'nist,bleu-mteval', '--tsv');
    assert.strictEqual(code, 0);
    const rows = stdout.trim().split('\n').map((line) => line.split('\t'));
    assert.deepStrictEqual(rows[0], ['file', 'metric', 'score', 'p', 'r', 'f', 'signature']);
    assert.deepStrictEqual(rows.slice(1).map((r) => r[1]), ['nist', 'bleu-mteval']);
    assert.strictEqual(Number(rows[1][2]).toFixed(4), '7.6066');
    assert.strictEqual(Number(rows[2][2]).toFixed(4), '0.3219');
  });

  it('refuses a line-count mismatch, naming both files and counts, with status 1', () => {
    const short = path.join(tmp, 'three-lines.en');
    fs.writeFileSync(short, 'one\ntwo\nthree\n');
    const { code, stdout, stderr } = run('score', '--ref', REF_A, short, '--metrics', 'nist');
    assert.strictEqual(code, 1);
    assert.strictEqual(stdout, '');
    assert.match(stderr, /three-lines\.en/);
    assert.match(stderr, /ref\.A\.en/);
    assert.match(stderr, /\b3\b/);
    assert.match(stderr, /\b1000\b/);
  });

  it('reports an unknown metric with the known names and status 2', () => {
    const { code, stderr } = run('score', '--ref', REF_A, HYP, '--metrics', 'blue');
    assert.strictEqual(code, 2);
    assert.match(stderr, /Unknown metric "blue"/);
    assert.match(stderr, /nist/);
  });

  it('reports a bad flag value and a missing reference with status 2', () => {
    assert.strictEqual(run('score', '--ref', REF_A, HYP, '--tokenize', 'moses').code, 2);
    const noRef = run('score', HYP);
    assert.strictEqual(noRef.code, 2);
    assert.match(noRef.stderr, /--ref/);
  });

  it('reports an unreadable file with status 1 and its path', () => {
    const missing = path.join(tmp, 'missing.en');
    const { code, stderr } = run('score', '--ref', REF_A, missing, '--metrics', 'nist');
    assert.strictEqual(code, 1);
    assert.ok(stderr.includes(missing), stderr);
  });

  it('warns about a byte-order mark and CRLF but still scores', () => {
    const crlf = path.join(tmp, 'crlf.en');
    fs.writeFileSync(crlf, '\ufeff' + fs.readFileSync(HYP, 'utf8').replace(/\n/g, '\r\n'));
    const { code, stdout, stderr } = run('score', '--ref', REF_A, crlf, '--metrics', 'nist', '--json');
    assert.strictEqual(code, 0, stderr);
    assert.match(stderr, /warning/);
    assert.strictEqual(JSON.parse(stdout).systems[0].scores.nist.score.toFixed(4), '7.6066');
  });
});
