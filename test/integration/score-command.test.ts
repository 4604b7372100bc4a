// Integration tests of "Understudy: Score Against Reference…" in a real extension host: the command is called with
// its (hypothesis, references) arguments, so no quick pick opens, and it resolves to the CLI's JSON report or to
// `{ error: { code, message } }`.
import * as assert from 'assert';
import { execFileSync } from 'child_process';
import * as path from 'path';
import * as vscode from 'vscode';

const EXTENSION_ID = 'understudy.understudy';
const SAMPLES = path.join('samples', 'wmt21-cs-en');

type ScoreResult =
  | {
      systems: { file: string; scores: Record<string, { score: number; signature: string; parts: unknown }> }[];
      segments?: { index: number; scores: Record<string, number> }[];
      warnings?: { code: string; file: string; message: string }[];
    }
  | { error: { code: string; message: string } }
  | undefined;

function extension(): vscode.Extension<unknown> {
  const found = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(found, `extension ${EXTENSION_ID} is not loaded in this host`);
  return found;
}

function sampleUri(name: string): vscode.Uri {
  return vscode.Uri.file(path.join(extension().extensionPath, SAMPLES, name));
}

function workspaceUri(name: string): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the test workspace (test/integration/workspace) is not open');
  return vscode.Uri.joinPath(folder.uri, name);
}

/** What `understudy score --json` prints for the same files (the CLI bundle of this same build). */
function cliReport(args: string[]): { systems: { scores: Record<string, unknown> }[] } {
  const root = extension().extensionPath;
  const stdout = execFileSync(process.execPath, [path.join(root, 'bin', 'understudy.js'), 'score', ...args, '--json'], {
    cwd: root,
    encoding: 'utf8',
    // Under desktop VS Code, process.execPath is Electron: make it behave as Node.
    env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
  });
  return JSON.parse(stdout) as { systems: { scores: Record<string, unknown> }[] };
}

async function score(hypothesis: vscode.Uri, references: vscode.Uri[]): Promise<ScoreResult> {
  return vscode.commands.executeCommand<ScoreResult>('understudy.scoreAgainstReference', hypothesis, references);
}

async function useMetrics(metrics: string[] | undefined): Promise<void> {
  await vscode.workspace.getConfiguration('understudy').update('metrics', metrics, vscode.ConfigurationTarget.Global);
}

describe('Understudy extension', () => {
  before(async function () {
    this.timeout(120000);
    await extension().activate();
  });

  after(async () => {
    await useMetrics(undefined);
  });

  it('activates and registers every contributed command', async () => {
    assert.strictEqual(extension().isActive, true);
    const contributed = (extension().packageJSON as { contributes: { commands: { command: string }[] } }).contributes.commands.map(
      (c) => c.command,
    );
    for (const command of ['understudy.scoreAgainstReference', 'understudy.showReport', 'understudy.nextLowSegment', 'understudy.openReferences', 'understudy.compareWith', 'understudy.compareSystems', 'understudy.exportScores', 'understudy.showCorrelations']) {
      assert.ok(contributed.includes(command), `${command} is contributed`);
    }
    const registered = new Set(await vscode.commands.getCommands(true));
    for (const command of contributed) assert.ok(registered.has(command), `command ${command} is not registered`);
  });

  it('scores the sample with NIST exactly as the CLI does', async () => {
    await useMetrics(['nist']);
    const result = await score(sampleUri('hyp.Facebook-AI.en'), [sampleUri('ref.A.en')]);
    assert.ok(result && 'systems' in result, `expected a report, got ${JSON.stringify(result)}`);
    assert.strictEqual(result.systems.length, 1);
    assert.deepStrictEqual(Object.keys(result.systems[0].scores), ['nist']);

    const cli = cliReport(['--ref', path.join(SAMPLES, 'ref.A.en'), path.join(SAMPLES, 'hyp.Facebook-AI.en'), '--metrics', 'nist']);
    const expected = cli.systems[0].scores.nist as { score: number };
    assert.strictEqual(typeof expected.score, 'number');
    // Same score to the last bit, same signature and parts: the worker and the CLI share one engine.
    assert.deepStrictEqual(result.systems[0].scores.nist, expected);
  });

  it('scores the sample with sacreBLEU\'s BLEU and TER, and mteval\'s NIST, as the reference tools print them', async () => {
    await useMetrics(['bleu', 'ter', 'nist']);
    const result = await score(sampleUri('hyp.Facebook-AI.en'), [sampleUri('ref.A.en')]);
    assert.ok(result && 'systems' in result, `expected a report, got ${JSON.stringify(result)}`);
    const scores = result.systems[0].scores;
    // sacreBLEU 2.6.0: BLEU = 31.10 (31.095372270632094); golden sacrebleu.json, wmt21.cs-en.Facebook-AI.refA.
    assert.ok(Math.abs(scores.bleu.score - 31.095372270632094) < 1e-9, `BLEU ${scores.bleu.score}`);
    assert.strictEqual(scores.bleu.signature, 'nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:2.6.0');
    // mteval-v13a prints NIST = 7.6066.
    assert.strictEqual(scores.nist.score.toFixed(4), '7.6066');
    // sacreBLEU 2.6.0: TER = 56.88 (11,079 edits over 19,479 reference words).
    assert.ok(Math.abs(scores.ter.score - 56.87663637763746) < 1e-9, `TER ${scores.ter.score}`);
  });

  it('scores the lines it can when the line counts differ, says what is wrong, and keeps working', async () => {
    await useMetrics(['nist']);
    const hypothesis = workspaceUri('three-lines.hyp.en');
    const result = await score(hypothesis, [sampleUri('ref.A.en')]);
    assert.ok(result && 'systems' in result, `expected a report, got ${JSON.stringify(result)?.slice(0, 300)}`);
    assert.strictEqual(result.segments?.length, 3, 'the three hypothesis lines are scored against the first three references');
    const warning = result.warnings?.find((w) => w.code === 'line-count-mismatch');
    assert.ok(warning, `expected a line-count-mismatch warning, got ${JSON.stringify(result.warnings)}`);
    const { message } = warning;
    assert.ok(message.includes('three-lines.hyp.en'), `message names the system file: ${message}`);
    assert.ok(message.includes('ref.A.en'), `message names the reference file: ${message}`);
    assert.match(message, /\b3 lines\b/, `message gives the system's line count: ${message}`);
    assert.match(message, /\b1000\b/, `message gives the reference's line count: ${message}`);
    // The same message is a Diagnostic on the system file.
    const diagnostics = vscode.languages.getDiagnostics(hypothesis).filter((d) => d.source === 'Understudy');
    assert.deepStrictEqual(
      diagnostics.map((d) => [d.code, d.range.start.line, d.message]),
      [['line-count-mismatch', 2, message]],
    );

    // The extension host and the scoring worker are still alive: a later command works.
    const again = await score(sampleUri('hyp.Online-B.en'), [sampleUri('ref.A.en')]);
    assert.ok(again && 'systems' in again, `expected a report after the mismatch, got ${JSON.stringify(again)}`);
    const nist = again.systems[0].scores.nist.score;
    assert.ok(Number.isFinite(nist) && nist > 0, `NIST of Online-B: ${nist}`);
    await vscode.commands.executeCommand('understudy.showReport');
  });
});
