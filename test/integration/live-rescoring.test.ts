// Live re-scoring in a real extension host: a scored file is edited in the editor (unsaved) and its scores follow;
// the corpus score after the edit equals what the CLI prints for the edited text, and the bootstrap intervals of
// the corpus scores arrive once typing pauses.
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import type { UnderstudyApi } from '../../src/extension/api';
import { cliScores, EXTENSION_ID, extensionRoot, waitFor } from './host-helpers';

function cliScoresOf(hypothesisFile: string, referenceFile: string, metrics: string): Record<string, { score: number }> {
  return cliScores(['--ref', referenceFile, hypothesisFile, '--metrics', metrics]);
}

describe('Live re-scoring', () => {
  let api: UnderstudyApi;
  let dir: string;
  let hypothesis: vscode.Uri;
  let reference: string;

  before(async function () {
    this.timeout(120000);
    const extension = vscode.extensions.getExtension<UnderstudyApi>(EXTENSION_ID);
    assert.ok(extension);
    api = await extension.activate();
    // A copy of the sample system, so that the test never touches the samples.
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'understudy-live-'));
    const sample = path.join(extensionRoot(), 'samples', 'wmt21-cs-en');
    fs.copyFileSync(path.join(sample, 'hyp.Online-B.en'), path.join(dir, 'hyp.en'));
    reference = path.join(sample, 'ref.A.en');
    hypothesis = vscode.Uri.file(path.join(dir, 'hyp.en'));
    await vscode.workspace.getConfiguration('understudy').update('metrics', ['bleu', 'chrf', 'ter'], vscode.ConfigurationTarget.Global);
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    await vscode.workspace.getConfiguration('understudy').update('metrics', undefined, vscode.ConfigurationTarget.Global);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('re-scores an edited line, and the corpus score equals the CLI on the edited text', async () => {
    const editor = await vscode.window.showTextDocument(hypothesis);
    await vscode.commands.executeCommand('understudy.scoreAgainstReference', hypothesis, [vscode.Uri.file(reference)]);
    const before = api.scores(hypothesis);
    assert.ok(before, 'the file is scored');
    assert.strictEqual(before.scoredCount, 1000);
    const cliBefore = cliScoresOf(hypothesis.fsPath, reference, 'bleu,chrf,ter');
    assert.strictEqual(before.corpus.bleu.score, cliBefore.bleu.score);

    // Replace line 4 (index 3) with the reference's line 4: its sentence BLEU becomes 100.
    const referenceLine = fs.readFileSync(reference, 'utf8').split('\n')[3];
    // The change event may reach the extension after `edit` resolves: wait for the re-scored result itself. Other
    // notifications for this file (its bootstrap intervals arriving) carry the earlier scores, whose `changed` lists
    // every line: only a re-score of line 4 alone counts.
    const rescored = new Promise<void>((resolve) => {
      const listener = api.onDidChangeScores((uri) => {
        const changed = uri.toString() === hypothesis.toString() ? api.scores(hypothesis)?.changed : undefined;
        if (!changed || changed.length !== 1 || changed[0] !== 3) return;
        listener.dispose();
        resolve();
      });
    });
    await editor.edit((edit) => edit.replace(editor.document.lineAt(3).range, referenceLine));
    await rescored;
    await api.settled();
    const after = api.scores(hypothesis);
    assert.ok(after);
    // sacreBLEU computes exp(Σ log(100)/4) = 100.00000000000004 here, and so does the engine.
    assert.strictEqual(after.sentence.bleu[3], 100.00000000000004);
    assert.strictEqual(after.sentence.ter[3], 0);
    assert.notStrictEqual(after.corpus.bleu.score, before.corpus.bleu.score);
    // Only that line changed: every other line keeps its sentence score.
    for (let i = 0; i < 1000; i++) if (i !== 3) assert.strictEqual(after.sentence.chrf[i], before.sentence.chrf[i], `line ${i}`);

    // The CLI on the edited text (written elsewhere: the editor's buffer stays unsaved) prints the same corpus scores.
    const edited = path.join(dir, 'edited.en');
    fs.writeFileSync(edited, editor.document.getText());
    const cliAfter = cliScoresOf(edited, reference, 'bleu,chrf,ter');
    for (const metric of ['bleu', 'chrf', 'ter']) assert.strictEqual(after.corpus[metric].score, cliAfter[metric].score, metric);
  });

  it('computes bootstrap intervals of the corpus scores once typing pauses', async () => {
    const intervals = await waitFor(() => api.intervals(hypothesis), 'bootstrap intervals');
    const scores = api.scores(hypothesis);
    assert.ok(scores);
    for (const metric of ['bleu', 'chrf', 'ter']) {
      const interval = intervals[metric];
      assert.ok(interval, `interval for ${metric}`);
      assert.strictEqual(interval.score, scores.corpus[metric].score, `${metric}: the interval is for the current text`);
      assert.ok(interval.lower <= interval.score && interval.score <= interval.upper, `${metric}: ${interval.lower} ≤ ${interval.score} ≤ ${interval.upper}`);
      assert.strictEqual(interval.samples, 1000);
    }
  });
});
