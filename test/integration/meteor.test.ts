// METEOR in a real extension host: the worker loads WordNet on first use (never the extension host) and gives the
// same number as the CLI and as METEOR 1.5 itself; the understudy.meteor.* settings reach the metric.
import * as assert from 'assert';
import { execFileSync } from 'child_process';
import * as path from 'path';
import * as vscode from 'vscode';

const EXTENSION_ID = 'understudy.understudy';
const SAMPLES = path.join('samples', 'wmt21-cs-en');

interface Report {
  systems: { scores: Record<string, { score: number; signature: string; parts: Record<string, unknown> }> }[];
}

function extension(): vscode.Extension<unknown> {
  const found = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(found, `extension ${EXTENSION_ID} is not loaded in this host`);
  return found;
}

const sample = (name: string): vscode.Uri => vscode.Uri.file(path.join(extension().extensionPath, SAMPLES, name));

async function setting(key: string, value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration('understudy').update(key, value, vscode.ConfigurationTarget.Global);
}

describe('METEOR in the editor', () => {
  before(async function () {
    this.timeout(120000);
    await extension().activate();
  });

  after(async () => {
    await setting('metrics', undefined);
    await setting('meteor.modules', undefined);
  });

  it('scores the sample against two references as METEOR 1.5 prints it, and as the CLI does', async function () {
    this.timeout(120000);
    await setting('metrics', ['meteor']);
    const result = await vscode.commands.executeCommand<Report | { error: unknown }>('understudy.scoreAgainstReference', sample('hyp.Facebook-AI.en'), [sample('ref.A.en'), sample('ref.B.en')]);
    assert.ok(result && 'systems' in result, `expected a report, got ${JSON.stringify(result)?.slice(0, 300)}`);
    const meteor = result.systems[0].scores.meteor;
    // METEOR 1.5 (java -jar meteor-1.5.jar hyp ref -l en -r 2 -norm -m "exact stem synonym" -w "1.0 0.6 0.8"): 0.3708798607527386.
    assert.strictEqual(meteor.score, 0.3708798607527386);
    assert.strictEqual(meteor.signature, 'nrefs:2|id:meteor-1.5-wo-en-norm-0.85_0.2_0.6_0.75-ex_st_sy-1.0_0.6_0.8|beam:40|wordnet:3.0');
    const root = extension().extensionPath;
    const cli = JSON.parse(
      execFileSync(process.execPath, [path.join(root, 'bin', 'understudy.js'), 'score', '--ref', path.join(SAMPLES, 'ref.A.en'), '--ref', path.join(SAMPLES, 'ref.B.en'), path.join(SAMPLES, 'hyp.Facebook-AI.en'), '--metrics', 'meteor', '--json'], {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
      }),
    ) as Report;
    assert.deepStrictEqual(meteor, cli.systems[0].scores.meteor);
  });

  it('follows understudy.meteor.modules', async function () {
    this.timeout(120000);
    await setting('metrics', ['meteor']);
    await setting('meteor.modules', ['exact']);
    const result = await vscode.commands.executeCommand<Report | { error: unknown }>('understudy.scoreAgainstReference', sample('hyp.Online-B.en'), [sample('ref.A.en')]);
    assert.ok(result && 'systems' in result, `expected a report, got ${JSON.stringify(result)?.slice(0, 300)}`);
    assert.strictEqual(result.systems[0].scores.meteor.signature, 'nrefs:1|id:meteor-1.5-wo-en-norm-0.85_0.2_0.6_0.75-ex-1.0|beam:40');
  });
});
