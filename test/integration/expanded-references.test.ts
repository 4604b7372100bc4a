// Integration test of reference expansion in a real extension host: the `understudy.referenceExpansion.*` settings
// reach the scoring worker, which learns the paraphrase sets from the source file and scores against the expanded
// references, giving the same numbers and signatures as `understudy score --expand-references …`.
import * as assert from 'assert';
import { execFileSync } from 'child_process';
import * as path from 'path';
import * as vscode from 'vscode';

const EXTENSION_ID = 'understudy.understudy';

type Report = { systems: { scores: Record<string, { score: number; signature: string }> }[] } | { error: { code: string; message: string } } | undefined;

function extensionPath(): string {
  const found = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(found, `extension ${EXTENSION_ID} is not loaded in this host`);
  return found.extensionPath;
}

function cli(args: string[]): { systems: { scores: Record<string, { score: number; signature: string }> }[] } {
  const root = extensionPath();
  const stdout = execFileSync(process.execPath, [path.join(root, 'bin', 'understudy.js'), 'score', ...args, '--json'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
  });
  return JSON.parse(stdout);
}

const SETTINGS: Record<string, unknown> = {
  metrics: ['bleu', 'nist'],
  'referenceExpansion.mode': 'paraphrase',
  'referenceExpansion.minProbability': 0.2,
  'referenceExpansion.exclude': 'closed-class',
};

describe('Reference expansion in the editor', () => {
  const config = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('understudy');

  before(async function () {
    this.timeout(120000);
    await vscode.extensions.getExtension(EXTENSION_ID)?.activate();
  });

  after(async () => {
    for (const key of [...Object.keys(SETTINGS), 'referenceExpansion.sourceFile']) await config().update(key, undefined, vscode.ConfigurationTarget.Global);
  });

  it('says what is missing when the paraphrase mode has no source file', async () => {
    await config().update('metrics', ['bleu'], vscode.ConfigurationTarget.Global);
    await config().update('referenceExpansion.mode', 'paraphrase', vscode.ConfigurationTarget.Global);
    const root = extensionPath();
    const result = await vscode.commands.executeCommand<Report>(
      'understudy.scoreAgainstReference',
      vscode.Uri.file(path.join(root, 'samples/wmt21-cs-en/hyp.Facebook-AI.en')),
      [vscode.Uri.file(path.join(root, 'samples/wmt21-cs-en/ref.A.en'))],
    );
    assert.ok(result && 'error' in result, `expected an error, got ${JSON.stringify(result)?.slice(0, 200)}`);
    assert.strictEqual(result.error.code, 'bad-option');
    assert.match(result.error.message, /understudy\.referenceExpansion\.sourceFile/);
  });

  it('scores BLEU+paraphrases and NIST+paraphrases as the CLI does, with the same signatures', async function () {
    this.timeout(120000);
    const root = extensionPath();
    const source = path.join(root, 'test/fixtures/data/wmt21-news/txt/sources/newstest2021.cs-en.src.cs');
    for (const [key, value] of Object.entries(SETTINGS)) await config().update(key, value, vscode.ConfigurationTarget.Global);
    await config().update('referenceExpansion.sourceFile', source, vscode.ConfigurationTarget.Global);
    const hypothesis = path.join(root, 'samples/wmt21-cs-en/hyp.Facebook-AI.en');
    const reference = path.join(root, 'samples/wmt21-cs-en/ref.A.en');
    const result = await vscode.commands.executeCommand<Report>('understudy.scoreAgainstReference', vscode.Uri.file(hypothesis), [vscode.Uri.file(reference)]);
    assert.ok(result && 'systems' in result, `expected a report, got ${JSON.stringify(result)?.slice(0, 300)}`);
    const expected = cli([
      '--ref', reference, hypothesis, '--metrics', 'bleu,nist',
      '--expand-references', 'paraphrase', '--source', source, '--paraphrase-min-prob', '0.2', '--paraphrase-exclude', 'closed-class',
    ]);
    const report = result as Extract<Report, { systems: unknown }>;
    for (const metric of ['bleu', 'nist']) {
      const ours = report.systems[0].scores[metric];
      const theirs = expected.systems[0].scores[metric];
      assert.strictEqual(ours.score, theirs.score, metric);
      assert.strictEqual(ours.signature, theirs.signature, metric);
      assert.match(ours.signature, /\|expand:paraphrase\(sets:\d+,tok:intl-lc,phrases:minimal3,minp:0\.2,exclude:closed-class,/);
    }
    // Expansion moved the numbers: BLEU against the plain reference is lower.
    const plain = cli(['--ref', reference, hypothesis, '--metrics', 'bleu']);
    assert.ok(report.systems[0].scores.bleu.score > plain.systems[0].scores.bleu.score);
  });
});
