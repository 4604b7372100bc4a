// The dependency views in a real extension host: a two-line system scored with dep-f and ROUGE-BE (the built-in
// parser giving the trees), its line scores drawn, the hover listing the triples by relation with the tree, and
// "Understudy: Show Dependency Trees" opening the panel whose matched arcs are coloured (read in the rendered webview).
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import type { UnderstudyApi } from '../../src/extension/api';
import { formatSentenceScores } from '../../src/core/inspect/score-labels';
import type { MessageToDependencyWebview } from '../../webview/shared/dependency-protocol';
import { EXTENSION_ID } from './host-helpers';
import { hoverAt, probeAvailable, renderedLineDecorations, skipWithoutProbe, waitForRendered, webviewTexts } from './ui-probe';

const HYPOTHESIS = ['The cat sat on the mat.', 'John resigned yesterday.'];
const REFERENCE = ['A black cat sat on the mat.', 'Yesterday John quit.'];
const METRICS = ['bleu', 'dep-f', 'be-hm'];

describe('Dependency views', () => {
  let api: UnderstudyApi;
  let folder: string;
  let hypothesis: vscode.Uri;
  let editor: vscode.TextEditor;

  before(async function () {
    this.timeout(180000);
    const extension = vscode.extensions.getExtension<UnderstudyApi>(EXTENSION_ID);
    assert.ok(extension);
    api = await extension.activate();
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'understudy-dep-'));
    fs.writeFileSync(path.join(folder, 'hyp.en'), HYPOTHESIS.join('\n') + '\n');
    fs.writeFileSync(path.join(folder, 'ref.en'), REFERENCE.join('\n') + '\n');
    hypothesis = vscode.Uri.file(path.join(folder, 'hyp.en'));
    await vscode.workspace.getConfiguration('understudy').update('metrics', METRICS, vscode.ConfigurationTarget.Global);
    editor = await vscode.window.showTextDocument(hypothesis, { preview: false });
    const result = await vscode.commands.executeCommand<{ systems?: { scores: Record<string, { score: number }> }[] }>('understudy.scoreAgainstReference', hypothesis, [vscode.Uri.file(path.join(folder, 'ref.en'))]);
    assert.ok(result?.systems?.[0].scores['dep-f'], `scored with dep-f: ${JSON.stringify(result)}`);
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.workspace.getConfiguration('understudy').update('metrics', undefined, vscode.ConfigurationTarget.Global);
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('draws the dependency scores among the line scores', async function () {
    skipWithoutProbe(this);
    const scores = api.scores(hypothesis);
    assert.ok(scores);
    // 9 of 10 hypothesis triples match, 9 of 12 reference ones: F = 2·0.9·0.75/1.65 = 81.82.
    assert.ok(Math.abs(scores.sentence['dep-f'][0] - 81.81818181818183) < 1e-9, `dep-f of line 1: ${scores.sentence['dep-f'][0]}`);
    const label = formatSentenceScores(METRICS.map((m) => [m, scores.sentence[m][0]] as const));
    assert.match(label, /dep/i);
    await waitForRendered(() => renderedLineDecorations('hyp.en'), (lines) => lines.some((l) => l.line === 0 && l.after.map((a) => a.text).join('').includes(label)), `line 1's scores "${label}"`, 20000);
  });

  it('lists matched and unmatched triples by relation in the hover, with the tree in text', async function () {
    skipWithoutProbe(this);
    const hover = await hoverAt(0, 5, { editor });
    const part = hover.parts.find((p) => p.includes('dependency matches')) ?? '';
    assert.ok(part, `a dependency part in the hover: ${hover.text}`);
    for (const expected of ['subj(sit, cat)', 'det(mat, the)', 'det(cat, the)', 'det(cat, a)', 'adj(cat, black)', 'sat|cat|nsubj', 'nsubj → cat (NOUN)', 'Show dependency trees']) {
      assert.ok(part.includes(expected), `hover shows ${expected}:\n${part}`);
    }
    // The det row holds the matched det(mat, the) and the unmatched ones of both sides.
    const detRow = part.split('\n').find((l) => /^\s*det\b/.test(l)) ?? '';
    assert.ok(detRow.includes('det(mat, the)') && detRow.includes('det(cat, the)') && detRow.includes('det(cat, a)'), `det row: ${detRow}`);
  });

  it('"Show Dependency Trees" shows both trees with the matched arcs coloured', async function () {
    this.timeout(60000);
    editor = await vscode.window.showTextDocument(hypothesis, { preview: false });
    editor.selection = new vscode.Selection(0, 0, 0, 0);
    const message = await vscode.commands.executeCommand<MessageToDependencyWebview>('understudy.showDependencyTrees');
    assert.ok(message && message.type === 'trees', `trees for segment 1: ${JSON.stringify(message)}`);
    const matched = (arcs: readonly { deprel: string; matchedAs: readonly string[] }[]) => arcs.filter((a) => a.matchedAs.length > 0).map((a) => a.deprel).sort();
    assert.deepEqual(matched(message.view.hypothesis.arcs), ['det', 'nsubj', 'obl']);
    assert.deepEqual(matched(message.view.reference?.arcs ?? []), ['det', 'nsubj', 'obl']);
    assert.equal(message.view.reference?.line, REFERENCE[0]);
    if (!probeAvailable()) return;
    const listed = await waitForRendered(() => webviewTexts('.matched-arcs li'), (texts) => texts.length === 6, 'the matched arcs of both trees', 20000);
    assert.deepEqual([...listed].sort(), ['det: mat → the, matched (det)', 'det: mat → the, matched (det)', 'nsubj: sat → cat, matched (subj)', 'nsubj: sat → cat, matched (subj)', 'obl: sat → mat, matched (adj)', 'obl: sat → mat, matched (adj)']);
    // Segment 2 (a link's arguments): only features match, so no arc is coloured.
    const second = await vscode.commands.executeCommand<MessageToDependencyWebview>('understudy.showDependencyTrees', hypothesis, 1);
    assert.ok(second?.type === 'trees');
    assert.deepEqual(matched(second.view.hypothesis.arcs), []);
    await waitForRendered(() => webviewTexts('h1'), (texts) => texts.some((t) => t.includes('segment 2')), 'the panel showing segment 2', 20000);
    // The open panel follows the cursor: back on line 1, it shows segment 1 again.
    editor = await vscode.window.showTextDocument(hypothesis, { preview: false });
    editor.selection = new vscode.Selection(0, 3, 0, 3);
    await waitForRendered(() => webviewTexts('h1'), (texts) => texts.some((t) => t.includes('segment 1')), 'the panel following the cursor to segment 1', 20000);
  });
});
