import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { runCli } from '../../src/cli/run-cli';
import { CorrelationReport } from '../../src/core/meta/correlation-report';
import { FIXTURES } from './golden';

const DATA = path.join(FIXTURES, 'data');
const TOEN = path.join(DATA, 'wmt21-news/humaneval/newstest2021-toen');
const OUTPUTS = path.join(DATA, 'wmt21-news/txt/system-outputs');
const REF = path.join(DATA, 'wmt21-news/txt/references/newstest2021.cs-en.ref.A.en');
const HYPS = fs.readdirSync(OUTPUTS).filter((f) => f.startsWith('newstest2021.cs-en.hyp.')).sort().map((f) => path.join(OUTPUTS, f));

function run(...argv: string[]): { code: number; stdout: string; stderr: string } {
  let stdout = '';
  let stderr = '';
  const code = runCli(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { code, stdout, stderr };
}

const FAST = ['--bootstrap', '100', '--permutations', '100'];

describe('understudy correlate', function () {
  this.timeout(120000);
  let tmp: string;
  before(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'understudy-correlate-'));
  });
  after(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('prints the tables for WMT21 cs-en: systems with the human column, correlations, comparisons, segment level, signature', () => {
    const { code, stdout, stderr } = run(
      'correlate', '--human', path.join(TOEN, 'ad-seg-scores-cs-en.csv'), '--human', path.join(TOEN, 'ad-sys-ranking-cs-en-z-names.csv'),
      '--ref', REF, ...HYPS, '--metrics', 'bleu,chrf,ter', ...FAST,
    );
    assert.equal(code, 0, stderr);
    assert.match(stdout, /^Human score: DA z \(wmt21-seg .*ad-seg-scores-cs-en\.csv; wmt21-sys .*ad-sys-ranking-cs-en-z-names\.csv\)$/m);
    assert.match(stdout, /^ {2}Facebook-AI +0\.1110 +31\.10 +59\.92 +56\.88$/m);
    assert.match(stdout, /^ {2}HUMAN +– +– +– +– +excluded: human translation/m);
    assert.match(stdout, /^ {2}BLEU +pearson +0\.5552 +\[-0\.2456, 0\.9056\] +\[[-\d.]+, [-\d.]+\] +0\.1532$/m);
    assert.match(stdout, /^ {2}−TER +pearson /m);
    assert.match(stdout, /^Metric comparisons: one-sided p that "better" correlates higher \(holm-adjusted in parentheses\)$/m);
    assert.match(stdout, /^Segment level \(\d+ judged segments/m);
    assert.match(stdout, /^Metric × metric \(system level, pearson\)$/m);
    assert.match(stdout, /^Pairwise agreement with the humans .* 28 pairs\)$/m);
    assert.match(stdout, /^Signature: human:wmt21-seg\+wmt21-sys:z\|sys:8\|corr:pearson,spearman,kendall-b\|orient:hib\|ci:0\.95\|boot:100,items,seed:12345\|perm:100,seed:12345\|/m);
    assert.match(stdout, /^ {2}BLEU: nrefs:1\|case:mixed\|eff:no\|tok:13a\|smooth:exp\|version:2\.6\.0$/m);
  });

  it('--json prints the CorrelationReport (same numbers); --segments adds the per-segment table', () => {
    const { code, stdout, stderr } = run(
      'correlate', '--human', path.join(TOEN, 'ad-sys-ranking-cs-en-z-names.csv'), '--ref', REF, ...HYPS,
      '--metrics', 'bleu', '--correlations', 'pearson', '--bootstrap', '0', '--permutations', '0', '--json', '--segments',
    );
    assert.equal(code, 0, stderr);
    const report = JSON.parse(stdout) as CorrelationReport;
    assert.equal(report.schema, 'understudy-correlation/1');
    assert.equal(report.systemLevel[0].estimates[0].statistic, 0.5551759610143641);
    assert.equal(report.segments?.systems.length, 8);
    assert.equal(report.segments?.scores.bleu[0].length, 1000);
    assert.equal(report.segmentLevel, null); // system-level judgments only
    assert.match(stderr, /^$/);
  });

  it('SummEval: systems and references come from the JSONL files; ROUGE by default', () => {
    const { code, stdout, stderr } = run(
      'correlate', '--human', path.join(DATA, 'summeval/summaries.jsonl'), '--docs', path.join(DATA, 'summeval/docs.jsonl'),
      '--aspect', 'coherence', '--rouge-stem', '--correlations', 'kendall-b', '--bootstrap', '0', '--permutations', '0', '--no-agreement', '--json',
    );
    assert.equal(code, 0, stderr);
    const report = JSON.parse(stdout) as CorrelationReport;
    assert.deepEqual(report.metrics.map((m) => m.name), ['rouge1', 'rouge2', 'rougeL']);
    assert.equal(report.systems.length, 16);
    assert.equal(report.human.label, 'expert coherence');
    assert.equal((report.systemLevel[0].estimates[0].statistic as number).toFixed(4), '0.3333');
    assert.equal(report.pairwiseAgreement, null);
  });

  it('a generic table with named columns; --names tells which file is which system', () => {
    const table = path.join(tmp, 'judgments.tsv');
    fs.writeFileSync(table, 'who\tscore\nfirst\t2\nsecond\t1\nthird\t3\n');
    const hyps = HYPS.slice(0, 3);
    const { code, stdout, stderr } = run(
      'correlate', '--human', table, '--columns', 'system=who,score=score', '--names', 'first,second,third',
      '--ref', REF, ...hyps, '--metrics', 'bleu', '--correlations', 'spearman', '--bootstrap', '0', '--permutations', '0', '--json',
    );
    assert.equal(code, 0, stderr);
    const report = JSON.parse(stdout) as CorrelationReport;
    assert.deepEqual(report.systems.map((s) => [s.name, s.human]), [['first', 2], ['second', 1], ['third', 3]]);
    assert.equal(report.human.formats[0], 'table');
  });

  it('says what is wrong: no judgments, an unreadable file, a table without columns, SummEval without documents', () => {
    let result = run('correlate', '--ref', REF, HYPS[0]);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /No human judgments given: name the judgments file\(s\) with --human FILE/);
    result = run('correlate', '--human', path.join(tmp, 'missing.csv'), '--ref', REF, HYPS[0]);
    assert.equal(result.code, 1);
    assert.match(result.stderr, /Cannot read .*missing\.csv: it does not exist/);
    const table = path.join(tmp, 'plain.csv');
    fs.writeFileSync(table, 'a,b\n1,2\n');
    result = run('correlate', '--human', table, '--ref', REF, HYPS[0]);
    assert.equal(result.code, 1);
    assert.match(result.stderr, /Name its columns, e\.g\. --columns/);
    result = run('correlate', '--human', path.join(DATA, 'summeval/summaries.jsonl'), '--aspect', 'coherence');
    assert.equal(result.code, 2);
    assert.match(result.stderr, /holds the summaries; give their documents and references with --docs docs\.jsonl/);
    result = run('correlate', '--human', table, '--names', 'a,b', '--ref', REF, HYPS[0]);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /--names gives 2 names for 1 hypothesis files/);
    result = run('correlate', '--human', table, '--correlations', 'pearsonn', '--ref', REF, HYPS[0]);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /--correlations pearsonn: expected any of pearson, spearman/);
  });

  it('--help lists the formats and statistics; `understudy --help` names the command', () => {
    const help = run('correlate', '--help');
    assert.equal(help.code, 0);
    assert.match(help.stdout, /wmt21-seg, wmt21-sys, wmt17-seg, wmt17-sys, summeval, realsumm, table/);
    assert.match(help.stdout, /--rouge-stem/);
    assert.match(run('--help').stdout, /understudy correlate --human JUDGMENTS/);
  });
});
