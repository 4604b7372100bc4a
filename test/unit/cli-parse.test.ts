import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { runCli } from '../../src/cli/run-cli';
import { parseConllu } from '../../src/core/syntax/conllu';

function run(...argv: string[]): { code: number; stdout: string; stderr: string } {
  let stdout = '';
  let stderr = '';
  const code = runCli(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { code, stdout, stderr };
}

describe('understudy parse', function () {
  this.timeout(60000);
  let dir: string;
  let text: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'understudy-parse-'));
    text = path.join(dir, 'hyp.en');
    fs.writeFileSync(text, "John resigned yesterday.\n\nI don't know. Ask him.\n");
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('prints CoNLL-U with line numbers as sentence ids, several sentences of a line as N.1, N.2', () => {
    const { code, stdout, stderr } = run('parse', text, '--conllu');
    assert.equal(code, 0, stderr);
    const sentences = parseConllu(stdout);
    assert.deepEqual(sentences.map((s) => [s.sentId, s.text]), [['1', 'John resigned yesterday.'], ['3.1', "I don't know."], ['3.2', 'Ask him.']]);
    assert.deepEqual(sentences[1].multiwordTokens.map((m) => m.form), ["don't"]);
    for (const s of sentences) assert.equal(s.words.filter((w) => w.head === 0).length, 1);
  });

  it('prints each line\'s tree by default', () => {
    const { code, stdout } = run('parse', text);
    assert.equal(code, 0);
    assert.match(stdout, /^# line 1: John resigned yesterday\.\nresigned {2}VERB {2}root\n├─ John {2}PROPN {2}nsubj\n/);
    assert.match(stdout, /# line 3: I don't know\. Ask him\./);
  });

  it('checks a CoNLL-U file of the user\'s parses against the lines, saying which line differs', () => {
    const conllu = path.join(dir, 'hyp.en.conllu');
    fs.writeFileSync(conllu, run('parse', text, '--conllu').stdout);
    const good = run('parse', text, '--check', conllu);
    assert.equal(good.code, 0, good.stderr);
    assert.match(good.stdout, /2 of 2 non-empty lines of .*hyp\.en match their parses/);
    fs.writeFileSync(conllu, fs.readFileSync(conllu, 'utf8').replace(/\tyesterday\t/, '\ttoday\t'));
    const bad = run('parse', text, '--check', conllu);
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /line 1 does not match CoNLL-U sentence 1 \(sent_id 1\): the parse has "today" where the line has "yesterday\."/);
  });

  it('rejects a bad command line with status 2 and a missing file with status 1', () => {
    assert.equal(run('parse').code, 2);
    assert.equal(run('parse', text, '--frobnicate').code, 2);
    const missing = run('parse', path.join(dir, 'missing.en'));
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /Cannot read .*missing\.en/);
  });
});
