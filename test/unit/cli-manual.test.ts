import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { runCli } from '../../src/cli/run-cli';
import { tableToTsv } from '../../src/core/meta/manual/manual-tables';
import { FIXTURES } from './golden';

function run(...argv: string[]): { code: number; stdout: string; stderr: string } {
  let stdout = '';
  let stderr = '';
  const code = runCli(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { code, stdout, stderr };
}

const MANUAL = path.join(FIXTURES, 'manual');
const COMPREHENSION_FILE = path.join(MANUAL, 'comprehension/kolluru-gotoh-2005.tsv');

describe('understudy pyramid / agreement / nuggets / relevance', () => {
  it('pyramid: scores DUCView .pan peers and the .pyr models (text table and --json)', () => {
    const files = ['P1.pan', 'P2.pan'].map((f) => path.join(MANUAL, 'ducview', f));
    const text = run('pyramid', ...files, '--pyr', path.join(MANUAL, 'ducview/D9999-A.pyr'), '--per-topic');
    assert.strictEqual(text.code, 0, text.stderr);
    assert.strictEqual(text.stderr, '');
    assert.match(text.stdout, /topic D9999-A: 3 models, 5 SCUs \(T3:2 T2:1 T1:2\), mean model SCU count 3\.33/);
    assert.match(text.stdout, /P1\s+peer\s+1\s+0\.4844\s+0\.5111/);
    // --peer-name: the capture group names the peer (P1.pan → 1).
    const renamed = JSON.parse(run('pyramid', ...files, '--json', '--peer-name', '^P(\\d)\\.pan$').stdout);
    assert.deepStrictEqual(renamed.topics[0].peers.map((p: { peer: string }) => p.peer), ['1', '2']);
    const json = run('pyramid', ...files, '--json', '--no-jackknife', '--no-models');
    assert.strictEqual(json.code, 0, json.stderr);
    const report = JSON.parse(json.stdout);
    assert.strictEqual(report.options.jackknife, false);
    assert.deepStrictEqual(report.systems.map((s: { peer: string; modified: number }) => [s.peer, s.modified]), [
      ['P1', 0.48],
      ['P2', 0.24],
    ]);
  });

  it('pyramid --realsumm: per-system LitePyramid means and what the data cannot give', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'understudy-realsumm-'));
    try {
      // The --realsumm folder layout of shared/data/realsumm, filled with the 10-document fixture.
      const scus = path.join(dir, 'human_annotations/SCUs_and_annotations');
      const selected = path.join(dir, 'selected_docs_for_human_eval');
      fs.mkdirSync(scus, { recursive: true });
      fs.mkdirSync(selected, { recursive: true });
      fs.copyFileSync(path.join(FIXTURES, 'data/realsumm/SCUs_list.first10docs.csv'), path.join(scus, 'SCUs_list.csv'));
      fs.copyFileSync(path.join(FIXTURES, 'data/realsumm/selected_documents.md'), path.join(selected, 'selected_documents.md'));
      fs.copyFileSync(path.join(FIXTURES, 'data/realsumm/summaries.first10docs.jsonl'), path.join(dir, 'summaries.jsonl'));
      const { code, stdout, stderr } = run('pyramid', '--realsumm', dir);
      assert.strictEqual(code, 0, stderr);
      assert.match(stdout, /REALSumm: 10 documents, one reference each/);
      assert.match(stdout, /not computable from this data:\n {2}- which SCUs each summary expresses/);
      const json = JSON.parse(run('pyramid', '--realsumm', dir, '--json').stdout);
      assert.strictEqual(json.systems.length, 24);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("agreement: Krippendorff's example from a CSV at every level, and identical SummEval summaries", () => {
    const all = run('agreement', path.join(MANUAL, 'reliability/krippendorff-2011-four-coders.csv'), '--level', 'all', '--json');
    assert.strictEqual(all.code, 0, all.stderr);
    const alphas = JSON.parse(all.stdout).results.map((r: { alpha: { level: string; alpha: number } }) => [r.alpha.level, r.alpha.alpha.toFixed(3)]);
    assert.deepStrictEqual(alphas, [
      ['nominal', '0.743'],
      ['ordinal', '0.815'],
      ['interval', '0.849'],
      ['ratio', '0.797'],
    ]);
    const identical = run('agreement', '--identical', path.join(FIXTURES, 'data/summeval/summaries.jsonl'), '--aspect', 'coherence');
    assert.strictEqual(identical.code, 0, identical.stderr);
    assert.match(identical.stdout, /^45 groups of identical summaries \(99 summaries\)/);
    assert.match(identical.stdout, /coherence \(45 groups\)\s+interval\s+0\.6920/);
  });

  it('nuggets: mean F(3) and F(5) of the Figure 1 response', () => {
    const args = ['nuggets', '--key', path.join(MANUAL, 'nuggets/copland-key.tsv'), '--responses', path.join(MANUAL, 'nuggets/copland-responses.tsv')];
    const f3 = run(...args);
    assert.strictEqual(f3.code, 0, f3.stderr);
    assert.match(f3.stdout, /figure1\s+1\s+0\.8646\s+0\.2500\s+0\.2691/);
    const f5 = JSON.parse(run(...args, '--beta', '5', '--json').stdout);
    assert.strictEqual(f5.runs.find((r: { run: string }) => r.run === 'figure1').f.toFixed(6), '0.257027');
  });

  it('relevance: RP and LDC-Agreement per surrogate', () => {
    const { code, stdout, stderr } = run('relevance', path.join(MANUAL, 'relevance/hand-made.tsv'));
    assert.strictEqual(code, 0, stderr);
    assert.match(stdout, /HEAD\s+50\.0% \(3\/6\)\s+66\.7% \(4\/6\)/);
    assert.match(stdout, /full text \(DOC\) LDC-Agreement: 83\.3% \(10\/12\)/);
  });

  it('--tsv exports each table unrounded, one row per observation; --table picks it', () => {
    const tsv = (...argv: string[]): string[][] => {
      const result = run(...argv);
      assert.strictEqual(result.code, 0, result.stderr);
      return result.stdout.replace(/\n$/, '').split('\n').map((line) => line.split('\t'));
    };
    const pan = ['P1.pan', 'P2.pan'].map((f) => path.join(MANUAL, 'ducview', f));
    const pyr = ['--pyr', path.join(MANUAL, 'ducview/D9999-A.pyr')];
    const systems = tsv('pyramid', ...pan, ...pyr, '--tsv');
    assert.deepStrictEqual(systems[0], ['summarizer', 'kind', 'topics', 'modified', 'modified_topics', 'original', 'original_topics']);
    // P1 jackknifed: the mean of its three leave-one-out scores (pyramid.test.ts works it out), at full precision.
    assert.strictEqual(Number(systems.find((row) => row[0] === 'P1')?.[3]).toFixed(12), (0.484382284382).toFixed(12));
    const summaries = tsv('pyramid', ...pan, ...pyr, '--tsv', '--table', 'summaries');
    assert.deepStrictEqual(summaries.find((row) => row[1] === 'P1')?.slice(0, 6), ['D9999-A', 'P1', 'peer', '3', '4', '0.48']);
    assert.deepStrictEqual(summaries.find((row) => row[1] === 'P1')?.slice(8), ['yes', '1 4', '2 3 5']);
    assert.deepStrictEqual(tsv('pyramid', ...pan, ...pyr, '--tsv', '--table', 'tiers').slice(1), [
      ['D9999-A', '3', '2'],
      ['D9999-A', '2', '1'],
      ['D9999-A', '1', '2'],
    ]);
    const alpha = tsv('agreement', path.join(MANUAL, 'reliability/krippendorff-2011-four-coders.csv'), '--level', 'nominal', '--tsv');
    assert.deepStrictEqual([alpha[1][1], Number(alpha[1][2]).toFixed(9)], ['nominal', '0.743421053']);
    assert.strictEqual(alpha[1][7], '');
    const questions = tsv('nuggets', '--key', path.join(MANUAL, 'nuggets/copland-key.tsv'), '--responses', path.join(MANUAL, 'nuggets/copland-responses.tsv'), '--tsv', '--table', 'questions');
    const figure1 = questions.find((row) => row[0] === 'figure1') as string[];
    assert.deepStrictEqual(figure1.slice(3, 7), ['1', '2', '4', '347']);
    assert.strictEqual(Number(figure1[10]).toFixed(6), '0.269131');
    const rates = tsv('relevance', path.join(MANUAL, 'relevance/hand-made.tsv'), '--tsv');
    assert.deepStrictEqual(rates.find((row) => row[0] === 'HEAD' && row[1] === 'LDC' && row[2] === 'overall')?.slice(4, 6), ['6', '12']);
    assert.deepStrictEqual(rates.find((row) => row[0] === 'DOC' && row[2] === 'overall')?.slice(4, 6), ['10', '12']);
    const confusion = tsv('relevance', path.join(MANUAL, 'relevance/hand-made.tsv'), '--tsv', '--table', 'confusion');
    assert.deepStrictEqual(confusion[0], ['surrogate', 'judgment', 'count', 'share', 'mean_score', 'sd_score', 'mean_seconds']);
    // An unknown table, --tsv with --json, or --table without --tsv: a bad command line, saying what to do.
    const unknown = run('pyramid', ...pan, '--tsv', '--table', 'scus');
    assert.strictEqual(unknown.code, 2);
    assert.match(unknown.stderr, /--table scus: expected one of systems, summaries, tiers/);
    assert.match(run('nuggets', '--json', '--tsv').stderr, /--json and --tsv cannot be combined/);
    assert.match(run('relevance', 'x.tsv', '--table', 'rates').stderr, /add --tsv/);
  });

  it('tableToTsv: null as an empty cell, tabs and newlines inside text as spaces', () => {
    assert.strictEqual(tableToTsv({ name: 't', header: ['a', 'b', 'c'], rows: [['x\ty\nz', null, 0.1 + 0.2]] }), 'a\tb\tc\nx y z\t\t0.30000000000000004\n');
  });

  it('understudy comprehension: percentages as text, counts and shares as TSV, exit 1 for an unreadable file', () => {
    const text = run('comprehension', COMPREHENSION_FILE);
    assert.strictEqual(text.code, 0, text.stderr);
    assert.match(text.stdout, /^summary relevance/);
    assert.match(text.stdout, /\nA\s+1\s+9\s+5\s+1\s+1\s+2\s+55\.6%\s+66\.7%\s+77\.8%\n/);
    assert.match(text.stdout, /\nC\s+1\s+2\s+2\s+0\s+0\s+0\s+100\.0%/);
    const tsv = run('comprehension', COMPREHENSION_FILE, '--tsv', '--table', 'questioners');
    assert.strictEqual(tsv.stdout.split('\n')[2], 'C\t1\t2\t2\t0\t0\t0\t1\t1\t1');
    const bad = run('comprehension', path.join(FIXTURES, 'manual/relevance/hand-made.tsv'));
    assert.strictEqual(bad.code, 1);
    assert.match(bad.stderr, /no column "summarizer"/);
    assert.strictEqual(run('comprehension').code, 2);
  });
  it('exit status 2 for a bad command line, 1 for input that cannot be used, 0 with --help', () => {
    assert.strictEqual(run('agreement', 'x.csv', '--level', 'cosmic').code, 2);
    assert.strictEqual(run('pyramid').code, 2);
    assert.strictEqual(run('nuggets', '--key', 'k.tsv').code, 2);
    const missing = run('relevance', path.join(MANUAL, 'no-such-file.tsv'));
    assert.strictEqual(missing.code, 1);
    assert.match(missing.stderr, /Cannot read .*no-such-file\.tsv: it does not exist/);
    const help = run('pyramid', '--help');
    assert.strictEqual(help.code, 0);
    assert.match(help.stdout, /--average-count exact\|ceil\|round/);
    assert.match(run('--help').stdout, /understudy agreement …/);
  });
});
