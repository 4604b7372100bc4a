// "Understudy: Compare With…" in a real extension host: the two sample systems side by side, the per-line deltas
// drawn after B's lines, navigation through the largest differences (command and F7), the summary webview with the
// p-values, all equal to what `understudy compare` prints for the same files.
import * as assert from 'assert';
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import type { ComparisonReport } from '../../src/core/compare/comparison-report';
import { rankDifferences } from '../../src/core/compare/line-deltas';
import type { RankedPosition } from '../../src/core/compare/line-deltas';
import type { UnderstudyApi } from '../../src/extension/api';
import { pressKey, renderedLineDecorations, screenshot, skipWithoutProbe, waitForRendered, webviewClick, webviewTexts } from './ui-probe';

const EXTENSION_ID = 'understudy.understudy';
const SAMPLES = path.join('samples', 'wmt21-cs-en');

function extension(): vscode.Extension<UnderstudyApi> {
  const found = vscode.extensions.getExtension<UnderstudyApi>(EXTENSION_ID);
  assert.ok(found, `extension ${EXTENSION_ID} is not loaded in this host`);
  return found;
}

/** The sample files are copied to a temporary folder first: the tests edit B, and the repository's copy must never change. */
let copies = '';
const sample = (name: string): vscode.Uri => vscode.Uri.file(path.join(copies, name));

function copySamples(): void {
  copies = fs.mkdtempSync(path.join(os.tmpdir(), 'understudy-compare-'));
  for (const name of ['ref.A.en', 'hyp.Online-B.en', 'hyp.Facebook-AI.en']) fs.copyFileSync(path.join(extension().extensionPath, SAMPLES, name), path.join(copies, name));
}

function cliCompare(args: string[]): ComparisonReport {
  const root = extension().extensionPath;
  const stdout = execFileSync(process.execPath, [path.join(root, 'bin', 'understudy.js'), 'compare', ...args, '--json'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
  });
  return JSON.parse(stdout) as ComparisonReport;
}

function editorOf(uri: vscode.Uri): vscode.TextEditor {
  const editor = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === uri.toString());
  assert.ok(editor, `${uri.fsPath} is not shown in an editor`);
  return editor;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

describe('Compare With… (two sample systems)', function () {
  this.timeout(180000);
  let a: vscode.Uri;
  let b: vscode.Uri;
  let report: ComparisonReport;

  before(async function () {
    await extension().activate();
    copySamples();
    a = sample('hyp.Online-B.en');
    b = sample('hyp.Facebook-AI.en');
    await vscode.workspace.getConfiguration('understudy').update('metrics', ['bleu', 'chrf', 'ter'], vscode.ConfigurationTarget.Global);
    const scored = await vscode.commands.executeCommand<unknown>('understudy.scoreAgainstReference', a, [sample('ref.A.en')]);
    assert.ok(scored && typeof scored === 'object' && 'systems' in scored, `A scored: ${JSON.stringify(scored)?.slice(0, 200)}`);
    const result = await vscode.commands.executeCommand<unknown>('understudy.compareWith', a, undefined, [b]);
    assert.ok(result && typeof result === 'object' && 'metrics' in result, `expected a comparison report, got ${JSON.stringify(result)?.slice(0, 300)}`);
    report = result as ComparisonReport;
  });

  after(async () => {
    await vscode.workspace.getConfiguration('understudy').update('metrics', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    fs.rmSync(copies, { recursive: true, force: true });
  });

  it('gives sacreBLEU’s p-values, and exactly the numbers `understudy compare` prints for the same files', () => {
    const bleu = report.metrics.find((m) => m.metric === 'bleu');
    assert.ok(bleu);
    assert.strictEqual(bleu.pairs[0].bootstrap?.pValue, 0.06493506493506493, 'sacreBLEU 2.6.0 --paired-bs (seed 12345)');
    assert.strictEqual(bleu.pairs[0].randomization?.pValue, 0.1341865813418658, 'sacreBLEU 2.6.0 --paired-ar (seed 12345)');
    const cli = cliCompare(['--ref', sample('ref.A.en').fsPath, a.fsPath, b.fsPath, '--metrics', 'bleu,chrf,ter']);
    const roundTrip = JSON.parse(JSON.stringify(report)) as ComparisonReport;
    assert.deepStrictEqual(roundTrip.metrics, cli.metrics);
    assert.deepStrictEqual(roundTrip.settings, cli.settings);
    assert.strictEqual(roundTrip.segments, 1000);
  });

  it('opens A and B side by side and draws B − A after each line of B, as the sentence scores give it', async function () {
    skipWithoutProbe(this);
    const api = extension().exports;
    const scoresA = api.scores(a);
    const scoresB = api.scores(b);
    assert.ok(scoresA && scoresB);
    assert.notStrictEqual(editorOf(a).viewColumn, editorOf(b).viewColumn, 'two editor groups');
    const delta = scoresB.sentence.bleu[0] - scoresA.sentence.bleu[0];
    const sign = Math.abs(delta).toFixed(1) === '0.0' ? '' : delta > 0 ? '+' : '-';
    const expected = `Δ BLEU ${sign}${Math.abs(delta).toFixed(1)}`;
    const lines = await waitForRendered(
      () => renderedLineDecorations('hyp.Facebook-AI.en'),
      (rendered) => rendered.some((l) => l.line === 0 && l.after.some((d) => d.text.startsWith('Δ BLEU'))),
      'the delta decoration on line 1 of B',
    );
    const first = lines.find((l) => l.line === 0);
    const label = first?.after.find((d) => d.text.startsWith('Δ BLEU'))?.text ?? '';
    assert.ok(label.startsWith(expected), `${label} starts with ${expected}`);
    assert.match(label, /· chrF [+-]?\d+\.\d [▲▼=] · TER [+-]?\d+\.\d [▲▼=]$/);
  });

  it('the summary view shows both p-values, the corpus scores and the line counts', async function () {
    skipWithoutProbe(this);
    const rows = await waitForRendered(
      () => webviewTexts('table.summary tbody tr'),
      (texts) => texts.some((t) => t.startsWith('BLEU')),
      'the comparison summary table',
      20000,
    );
    const bleu = rows.find((t) => t.startsWith('BLEU')) ?? '';
    const cells = bleu.split('\t').map((c) => c.trim());
    const pair = report.metrics[0].pairs[0];
    assert.deepStrictEqual(cells.slice(1, 8), ['31.69', '31.10', '-0.60', cells[4], '0.0649', '0.1342', String(pair.lines.better)], bleu);
    assert.ok((await webviewTexts('.verdict')).some((t) => /not significant/.test(t)));
    await screenshot('compare-two-systems');
  });

  it('walks through the largest differences with the commands and F7 / Shift+F7', async function () {
    const api = extension().exports;
    const scoresA = api.scores(a);
    const scoresB = api.scores(b);
    assert.ok(scoresA && scoresB);
    const deltas = scoresB.sentence.bleu.map((x, i) => x - scoresA.sentence.bleu[i]);
    const ranking = rankDifferences(deltas, true);
    // Start on a line where both score the same: "next" then goes to the largest difference.
    const same = deltas.findIndex((d) => d === 0);
    assert.ok(same >= 0 && !ranking.includes(same));
    await vscode.window.showTextDocument(a, { viewColumn: editorOf(a).viewColumn });
    editorOf(a).selection = new vscode.Selection(same, 0, same, 0);
    const first = await vscode.commands.executeCommand<RankedPosition>('understudy.compare.nextDifference');
    assert.deepStrictEqual(first, { line: ranking[0], rank: 0, total: ranking.length });
    assert.strictEqual(vscode.window.activeTextEditor?.selection.active.line, ranking[0]);
    const second = await vscode.commands.executeCommand<RankedPosition>('understudy.compare.nextDifference');
    assert.strictEqual(second.line, ranking[1]);
    const back = await vscode.commands.executeCommand<RankedPosition>('understudy.compare.previousDifference');
    assert.strictEqual(back.line, ranking[0]);
    const wrapped = await vscode.commands.executeCommand<RankedPosition>('understudy.compare.previousDifference');
    assert.deepStrictEqual(wrapped, { line: ranking[ranking.length - 1], rank: ranking.length - 1, total: ranking.length });
    // Ranked by TER, B's improvements only.
    await vscode.commands.executeCommand('understudy.compare.rankDifferencesBy', 'ter', 'better');
    const terDeltas = scoresB.sentence.ter.map((x, i) => x - scoresA.sentence.ter[i]);
    const terBetter = rankDifferences(terDeltas, false, 'better');
    const ter = await vscode.commands.executeCommand<RankedPosition>('understudy.compare.nextDifference');
    assert.deepStrictEqual(ter, { line: terBetter[0], rank: 0, total: terBetter.length });
    assert.ok(terDeltas[ter.line] < 0, 'a line where B has fewer edits');
    await vscode.commands.executeCommand('understudy.compare.rankDifferencesBy', 'bleu', 'all');

    if (!process.env.UNDERSTUDY_ITEST_PROBE_DIR) return;
    // The keys, in the focused editor of A.
    await vscode.window.showTextDocument(a, { viewColumn: editorOf(a).viewColumn });
    editorOf(a).selection = new vscode.Selection(ranking[0], 0, ranking[0], 0);
    await sleep(300);
    await pressKey('F7');
    await waitForRendered(async () => vscode.window.activeTextEditor?.selection.active.line, (line) => line === ranking[1], 'F7 moving to the second largest difference');
    await sleep(300);
    await pressKey('Shift+F7');
    await waitForRendered(async () => vscode.window.activeTextEditor?.selection.active.line, (line) => line === ranking[0], 'Shift+F7 moving back');
  });

  it('accepts the arguments a hover link passes (a plain URI object and a line) and reveals that line', async () => {
    const link = JSON.parse(JSON.stringify(a)) as unknown; // what a command link's JSON arguments carry
    const result = await vscode.commands.executeCommand<ComparisonReport>('understudy.compareWith', link, 600, [b]);
    assert.ok(result && 'metrics' in result);
    const editor = editorOf(a);
    assert.ok(editor.visibleRanges.some((r) => r.start.line <= 600 && r.end.line >= 600), `line 601 is visible: ${JSON.stringify(editor.visibleRanges)}`);
    assert.strictEqual(editor.selection.active.line, 600);
    // Linked scrolling: B shows the same segments.
    await sleep(300);
    assert.ok(editorOf(b).visibleRanges.some((r) => r.start.line <= 600 && r.end.line >= 600), 'B scrolled along');
  });

  it('an edit in B updates its deltas at once and the p-values after re-running the tests', async function () {
    const api = extension().exports;
    const editor = editorOf(b);
    const original = editor.document.lineAt(0).text;
    const reference = (await vscode.workspace.openTextDocument(sample('ref.A.en'))).lineAt(0).text;
    try {
      await editor.edit((edit) => edit.replace(editor.document.lineAt(0).range, reference));
      // The change may reach the extension after `edit` resolves, so settling alone can come too early: wait for the
      // re-score of the edited line itself.
      const bleuB = await eventually(() => api.scores(b)?.sentence.bleu[0] ?? NaN, (v) => Math.abs(v - 100) < 1e-9);
      assert.ok(Math.abs(bleuB - 100) < 1e-9, `the reference itself scores 100, not ${bleuB}`);
      if (process.env.UNDERSTUDY_ITEST_PROBE_DIR) {
        editor.revealRange(new vscode.Range(0, 0, 0, 0), vscode.TextEditorRevealType.AtTop);
        const deltaA = bleuB - (api.scores(a)?.sentence.bleu[0] ?? NaN);
        await waitForRendered(
          () => renderedLineDecorations('hyp.Facebook-AI.en'),
          (rendered) => rendered.some((l) => l.line === 0 && l.after.some((d) => d.text.startsWith(`Δ BLEU +${deltaA.toFixed(1)} ▲`))),
          'the updated delta on line 1',
        );
        await waitForRendered(
          () => webviewTexts('.status.stale, .status.computing, table.summary tbody tr'),
          (texts) => texts.some((t) => t.startsWith('BLEU')) && !texts.some((t) => /edit/.test(t)),
          'the summary after the re-run',
          30000,
        );
      }
    } finally {
      // Back to the original line, saved: B is a temporary copy. (Reverting through the workbench command acts on
      // whichever editor is active, which is not always B's once the comparison view has focus.)
      const restore = new vscode.WorkspaceEdit();
      restore.replace(b, editor.document.lineAt(0).range, original);
      assert.ok(await vscode.workspace.applyEdit(restore), 'the original line is put back');
      assert.ok(await editor.document.save(), 'the temporary copy of B is saved');
      assert.strictEqual(editor.document.lineAt(0).text, original);
      await api.settled();
    }
  });
});

describe('Compare Systems: the pairwise table (WMT21 cs-en fixtures)', function () {
  this.timeout(180000);
  const fixture = (name: string): vscode.Uri =>
    vscode.Uri.file(path.join(extension().extensionPath, 'test/fixtures/data/wmt21-news/txt', name));
  const systems = ['Online-B', 'Facebook-AI', 'Online-W'].map((s) => fixture(`system-outputs/newstest2021.cs-en.hyp.${s}.en`));
  const reference = (): vscode.Uri => fixture('references/newstest2021.cs-en.ref.A.en');
  const significance = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('understudy.significance');

  before(async () => {
    await extension().activate();
    await vscode.workspace.getConfiguration('understudy').update('metrics', ['bleu'], vscode.ConfigurationTarget.Global);
    await significance().update('randomizationTrials', 2000, vscode.ConfigurationTarget.Global);
    const scored = await vscode.commands.executeCommand<unknown>('understudy.scoreAgainstReference', systems[0], [reference()]);
    assert.ok(scored && typeof scored === 'object' && 'systems' in scored);
  });

  after(async () => {
    await vscode.workspace.getConfiguration('understudy').update('metrics', undefined, vscode.ConfigurationTarget.Global);
    await significance().update('randomizationTrials', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('scores the other systems against the first one’s references and tests every pair with Holm’s correction, as the CLI does', async function () {
    const result = await vscode.commands.executeCommand<ComparisonReport>('understudy.compareSystems', systems);
    assert.ok(result && 'metrics' in result, JSON.stringify(result)?.slice(0, 300));
    assert.deepStrictEqual(result.metrics[0].pairs.map((p) => [p.baseline, p.system]), [[0, 1], [0, 2], [1, 2]]);
    const cli = cliCompare(['--ref', reference().fsPath, ...systems.map((s) => s.fsPath), '--metrics', 'bleu', '--paired-ar-n', '2000']);
    assert.deepStrictEqual(JSON.parse(JSON.stringify(result.metrics)), cli.metrics);
    if (!process.env.UNDERSTUDY_ITEST_PROBE_DIR) return;
    const rows = await waitForRendered(() => webviewTexts('table.pairs-table tbody tr'), (texts) => texts.length === 3, 'the three pairs', 20000);
    const first = result.metrics[0].pairs[0];
    await screenshot('compare-pairwise');
    assert.ok(rows.some((r) => r.includes(first.bootstrap?.adjustedPValue.toFixed(4) ?? '?') && r.includes(first.randomization?.adjustedPValue.toFixed(4) ?? '?')), rows.join('\n'));
  });

  it('shows progress and stops when Cancel is pressed in the table', async function () {
    skipWithoutProbe(this);
    await significance().update('randomizationTrials', 5_000_000, vscode.ConfigurationTarget.Global);
    try {
      const running = vscode.commands.executeCommand<unknown>('understudy.compareSystems', systems);
      await waitForRendered(() => webviewTexts('.status.computing'), (texts) => texts.some((t) => /Resampling/.test(t)), 'the progress bar', 20000);
      await webviewClick('button.cancel');
      const outcome = await running;
      assert.strictEqual(outcome, undefined, 'a cancelled comparison resolves to nothing');
      await waitForRendered(() => webviewTexts('.status.cancelled'), (texts) => texts.some((t) => /cancelled/.test(t)), 'the cancelled state');
    } finally {
      await significance().update('randomizationTrials', 2000, vscode.ConfigurationTarget.Global);
    }
  });
});

/** Reads `read()` until `done` accepts it or 20 s pass, and returns the last value read (the caller asserts on it). */
async function eventually<T>(read: () => T, done: (value: T) => boolean, timeoutMs = 20000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = read();
  }
  return value;
}
