import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { runCli } from '../../src/cli/run-cli';
import { FIXTURES } from './golden';

function run(...argv: string[]): { code: number; stdout: string; stderr: string } {
  let stdout = '';
  let stderr = '';
  const code = runCli(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { code, stdout, stderr };
}

describe('understudy CLI: syntactic metrics on users\' parses', () => {
  let tmp: string;
  const file = (name: string): string => path.join(tmp, name);
  before(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'understudy-syntax-'));
    // Real trees: the UD English EWT sample, 20 sentences as the reference and the same 20 or the next 20 as systems.
    const blocks = fs.readFileSync(path.join(FIXTURES, 'data/ud-english-ewt/en_ewt-ud-dev.sample.conllu'), 'utf8').split(/\n\n/).filter((b) => b.trim() !== '');
    const write = (name: string, from: number): void => {
      const part = blocks.slice(from, from + 20);
      fs.writeFileSync(file(`${name}.txt`), part.map((b) => (/^# text = (.*)$/m.exec(b) as RegExpExecArray)[1]).join('\n') + '\n');
      fs.writeFileSync(file(`${name}.conllu`), part.join('\n\n') + '\n\n');
    };
    write('ref', 0);
    write('same', 0);
    write('other', 20);
    fs.writeFileSync(file('short.txt'), 'I saw him\n');
    fs.writeFileSync(file('short-ref.txt'), 'I saw the man\n');
    fs.writeFileSync(file('short.ptb'), '(S (NP (PRON I)) (VP (V saw) (NP (PRON him))))\n');
    fs.writeFileSync(file('short-ref.ptb'), '( (S (NP (PRON I)) (VP (V saw) (NP (ART the) (N man)))) )\n');
  });
  after(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('scores the dependency metrics from --hyp-conllu / --ref-conllu (identical text: the maximum)', () => {
    const { code, stdout, stderr } = run(
      'score', '--ref', file('ref.txt'), file('same.txt'), file('other.txt'),
      '--ref-conllu', file('ref.conllu'), '--hyp-conllu', file('same.conllu'), '--hyp-conllu', file('other.conllu'),
      '--metrics', 'dep-f,dep-f-pred,depeval-pm-norel,be-hm,be,hwcm,dstm,dp-hwc,dp-or', '--json',
    );
    assert.equal(code, 0, stderr);
    const report = JSON.parse(stdout);
    const same = report.systems[0].scores;
    assert.equal(same['dep-f'].score, 100);
    assert.equal(same['dep-f-pred'].score, 100);
    // Sentence 4 ("***") has no dependencies: like ROUGE for a summary whose models have no units, its recall is 0.
    assert.equal(same['depeval-pm-norel'].score, 19 / 20);
    // Sentences 4, 10 ("A la guerre c'est comme a la guerre!", all flat) and 23 have no Basic Elements; the pooled
    // counts show that every element matched.
    for (const m of ['be-hm', 'be']) assert.deepEqual([same[m].parts.tokenRecall, same[m].parts.tokenPrecision], [1, 1], m);
    for (const m of ['hwcm', 'dstm', 'dp-hwc', 'dp-or']) assert.equal(same[m].score, 1, m);
    const other = report.systems[1].scores;
    for (const m of Object.keys(other)) assert.ok(other[m].score < same[m].score, m);
    assert.match(same['dep-f'].signature, /^dep-f\|nrefs:1\|switches:base\|beta:1\|refs:best\|triples:ud2lfg\.1\|trees:conllu\|version:/);
    assert.match(same['be-hm'].signature, /^rouge-be\|mode:HM\|stem:yes\|f:A/);
  });

  it('takes the options of the syntactic metrics', () => {
    const { code, stdout, stderr } = run(
      'score', '--ref', file('ref.txt'), file('other.txt'), '--ref-conllu', file('ref.conllu'), '--hyp-conllu', file('other.conllu'),
      '--metrics', 'dep-f,hwcm,dp-hwc,be-hm', '--dep-beta', '3', '--hwcm-depth', '2', '--dp-hwc-items', 'category', '--be-no-stem', '--json',
    );
    assert.equal(code, 0, stderr);
    const scores = JSON.parse(stdout).systems[0].scores;
    assert.match(scores['dep-f'].signature, /beta:3/);
    assert.match(scores.hwcm.signature, /D:2/);
    assert.match(scores['dp-hwc'].signature, /items:category\|D:2/);
    assert.match(scores['be-hm'].signature, /stem:no/);
  });

  it('scores STM from --hyp-ptb / --ref-ptb (Liu & Gildea\'s example, D = 3)', () => {
    const { code, stdout, stderr } = run('score', '--ref', file('short-ref.txt'), file('short.txt'), '--ref-ptb', file('short-ref.ptb'), '--hyp-ptb', file('short.ptb'), '--metrics', 'stm', '--stm-depth', '3', '--json');
    assert.equal(code, 0, stderr);
    assert.equal(JSON.parse(stdout).systems[0].scores.stm.score.toFixed(6), '0.702381');
  });

  it('parses with the built-in parser when no parses are given, and says when given parses are of another text', () => {
    const none = run('score', '--ref', file('ref.txt'), file('same.txt'), '--metrics', 'bleu,dep-f', '--json');
    assert.equal(none.code, 0, none.stderr);
    const scores = JSON.parse(none.stdout).systems[0].scores;
    assert.equal(scores['dep-f'].score, 100);
    assert.match(scores['dep-f'].signature, /parser:en_ewt@/);
    const wrong = run('score', '--ref', file('ref.txt'), file('same.txt'), '--ref-conllu', file('ref.conllu'), '--hyp-conllu', file('other.conllu'), '--metrics', 'dep-f');
    assert.equal(wrong.code, 1);
    assert.match(wrong.stderr, /other\.conllu does not fit .*same\.txt at line 1/);
    const count = run('score', '--ref', file('ref.txt'), file('same.txt'), file('other.txt'), '--hyp-conllu', file('same.conllu'), '--metrics', 'dep-f');
    assert.equal(count.code, 2);
    assert.match(count.stderr, /1 --hyp-conllu file for 2 system files/);
    // The wn switch uses the shipped WordNet.
    const wordnet = run('score', '--ref', file('ref.txt'), file('same.txt'), '--ref-conllu', file('ref.conllu'), '--hyp-conllu', file('same.conllu'), '--metrics', 'dep-f-wn', '--json');
    assert.equal(wordnet.code, 0, wordnet.stderr);
    assert.match(JSON.parse(wordnet.stdout).systems[0].scores['dep-f-wn'].signature, /wn3\.0/);
    const help = run('score', '--help');
    assert.match(help.stdout, /--hyp-conllu FILE/);
  });
});
