import * as assert from 'assert';
import * as path from 'path';
import { runCli } from '../../src/cli/run-cli';
import { parseScoreArgs, ScoreCommand } from '../../src/cli/parse-score-args';
import { FIXTURES, loadGolden } from './golden';

const TXT = path.join(FIXTURES, 'data/wmt21-news/txt');
const REF_A = path.join(TXT, 'references/newstest2021.cs-en.ref.A.en');
const REF_B = path.join(TXT, 'references/newstest2021.cs-en.ref.B.en');
const HYP = path.join(TXT, 'system-outputs/newstest2021.cs-en.hyp.Facebook-AI.en');

function run(...argv: string[]): { code: number; stdout: string; stderr: string } {
  let stdout = '';
  let stderr = '';
  const code = runCli(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { code, stdout, stderr };
}

describe('understudy CLI: METEOR flags', () => {
  it('maps METEOR\'s -t -p -m -w -norm/-lower -noPunct -x -ch -a onto --meteor-… settings', () => {
    const command = parseScoreArgs([
      '--ref', 'r', 'h', '--metrics', 'meteor',
      '--meteor-task', 'hter', '--meteor-params', '0.9 3 0.5 1', '--meteor-modules', 'exact stem', '--meteor-weights', '1,0.5',
      '--meteor-normalize', 'lower', '--meteor-no-punct', '--meteor-beam', '10', '--meteor-char', '--meteor-paraphrase-table', 'p.gz', '--meteor-language', 'en',
    ]) as ScoreCommand;
    const s = command.settings;
    assert.deepStrictEqual(
      [s.meteorTask, s.meteorParameters, s.meteorModules, s.meteorWeights, s.meteorNormalize, s.meteorNoPunct, s.meteorBeamSize, s.meteorCharacterBased, s.meteorParaphraseTable],
      ['hter', [0.9, 3, 0.5, 1], ['exact', 'stem'], [1, 0.5], 'lower', true, 10, true, 'p.gz'],
    );
    const defaults = (parseScoreArgs(['--ref', 'r', 'h']) as ScoreCommand).settings;
    assert.deepStrictEqual([defaults.meteorTask, defaults.meteorNormalize, defaults.meteorBeamSize, defaults.meteorModules], ['rank', 'norm', 40, undefined]);
  });

  it('rejects bad METEOR flags with what is allowed', () => {
    assert.throws(() => parseScoreArgs(['--ref', 'r', 'h', '--meteor-params', '1 2 3']), /four numbers/);
    assert.throws(() => parseScoreArgs(['--ref', 'r', 'h', '--meteor-modules', 'exact fuzzy']), /unknown module "fuzzy"/);
    assert.throws(() => parseScoreArgs(['--ref', 'r', 'h', '--meteor-normalize', 'tok']), /norm, lower or none/);
    assert.throws(() => parseScoreArgs(['--ref', 'r', 'h', '--meteor-language', 'cz']), /only en/);
    assert.throws(() => parseScoreArgs(['--ref', 'r', 'h', '--meteor-beam', '0']), /positive integer/);
    assert.throws(() => parseScoreArgs(['--ref', 'r', 'h', '--meteor-task', 'fast']), /rank, adq/);
    const { code, stderr } = run('score', '--ref', REF_A, HYP, '--metrics', 'meteor', '--meteor-modules', 'exact paraphrase');
    assert.strictEqual(code, 2, 'an option problem is a bad command line');
    assert.match(stderr, /paraphrase module needs a paraphrase table/);
  });

  it('scores METEOR 1.5 over 1,000 segments with two references: the value METEOR 1.5 prints for the same run', () => {
    // The first 100 segments are golden (meteor.json, refs A+B); over all 1,000, METEOR 1.5 (Java, same flags) printed
    // 0.3708798607527386 as the final score in this project's benchmark run (bench/meteor-cases.ts, meteor-java).
    const { code, stdout, stderr } = run('score', '--ref', REF_A, '--ref', REF_B, HYP, '--metrics', 'meteor', '--json');
    assert.strictEqual(code, 0, stderr);
    const result = JSON.parse(stdout).systems[0].scores.meteor;
    assert.strictEqual(result.score, 0.3708798607527386);
    assert.strictEqual(result.signature, 'nrefs:2|id:meteor-1.5-wo-en-norm-0.85_0.2_0.6_0.75-ex_st_sy-1.0_0.6_0.8|beam:40|wordnet:3.0');
    assert.strictEqual(typeof result.parts.fragPenalty, 'number');
    const golden = loadGolden('meteor').cases.find((c) => c.id === 'meteor/real/wmt21.cs-en.Facebook-AI.refAB.first100/norm_exact_stem_synonym');
    assert.ok(golden);
    const text = run('score', '--ref', REF_A, '--ref', REF_B, HYP, '--metrics', 'meteor,meteor2005');
    assert.match(text.stdout, /meteor      0\.3709  nrefs:2\|id:meteor-1\.5/);
    assert.match(text.stdout, /meteor2005  0\.\d{4}  nrefs:2\|meteor:2005\|norm:norm\|stages:exact_stem_synonym\|stem:porter1980\|wordnet:3\.0/);
  });
});
