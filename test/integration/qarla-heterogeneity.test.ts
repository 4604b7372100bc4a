// "Understudy: Heterogeneity Analysis…" and "Understudy: QARLA Analysis…" in a real extension host, on the small
// tables of test/fixtures/qarla (two segments with an error rate, a missing output and an unassessed one; the seed003
// §5.2 T2 test bed). The panel's numbers must be what the command lines it shows print with --json, and its Cancel
// must stop a long run in the worker.
import * as assert from 'assert';
import { execFile } from 'child_process';
import * as path from 'path';
import { promisify } from 'util';
import * as vscode from 'vscode';
import { formatTableCell } from '../../src/core/report/correlation-tables';
import { analysisTableColumns } from '../../src/core/report/analysis-tables';
import type { MetaAnalysisResult } from '../../src/worker/meta-analysis-types';
import { shellWords } from '../shell-words';
import { extensionRoot } from './host-helpers';
import { probeAvailable, skipWithoutProbe, waitForRendered, webviewClick, webviewTexts } from './ui-probe';

const fixture = (name: string): string => path.join(extensionRoot(), 'test', 'fixtures', 'qarla', name);

/** Runs a shown command line with the repository's CLI and --json, asynchronously (the host must not stall). */
async function runShown(commandLine: string): Promise<unknown> {
  const words = shellWords(commandLine);
  assert.strictEqual(words[0], 'understudy', commandLine);
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? extensionRoot();
  const { stdout } = await promisify(execFile)(process.execPath, [path.join(extensionRoot(), 'bin', 'understudy.js'), ...words.slice(1), '--json'], {
    cwd: folder,
    encoding: 'utf8',
    env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
  });
  return JSON.parse(stdout);
}

const isResult = (value: unknown): value is MetaAnalysisResult => typeof value === 'object' && value !== null && 'outcomes' in value;

describe('QARLA and heterogeneity panels (real extension host)', function () {
  this.timeout(240000);

  before(async () => {
    // Earlier tests leave editors beside each other: one group, so each panel opens in front of the others.
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('workbench.action.editorLayoutSingle');
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('heterogeneity: the panel shows the CLI’s numbers for the command lines it shows; QARLA: the same, and Cancel stops a long JACK curve', async function () {
    await vscode.extensions.getExtension('understudy.understudy')?.activate();
    const result = await vscode.commands.executeCommand<unknown>('understudy.heterogeneityAnalysis', {
      table: fixture('two-segments.tsv'),
      settings: { human: 'human', lowerIsBetter: ['ter'], combinations: ['ulc', 'hbr'] },
    });
    assert.ok(isResult(result), `expected the analyses, got ${JSON.stringify(result)?.slice(0, 400)}`);
    assert.deepStrictEqual(result.outcomes.map((o) => [o.analysis, o.error]), ['h', 'ulc', 'hbr', 'reliability', 'subsets', 'sip', 'ost', 'auc'].map((a) => [a, undefined]));

    // The heterogeneity panel shows its command lines before the QARLA panel opens. In the web workbench the tests
    // drive, every webview is served from the workbench's origin, so all share one service-worker scope: a webview
    // created while the one before it is still registering its worker logs "Found unexpected service worker
    // controller … Waiting for controllerchange" and, about every other run of this test alone, stayed blank for
    // the 30 s the test waits. Desktop VS Code gives each webview its own origin; people do not open a second panel
    // within milliseconds of the first.
    if (probeAvailable()) {
      await waitForRendered(() => webviewTexts('#analysis .reproduce li code'), (t) => t.length > 0 && t.every((l) => l.startsWith('understudy heterogeneity ')), 'the heterogeneity command lines', 30000);
    }

    const qarla = await vscode.commands.executeCommand<unknown>('understudy.qarlaAnalysis', { table: fixture('t2.tsv'), settings: { models: ['m1', 'm2', 'm3', 'm4'] } });
    assert.ok(isResult(qarla), JSON.stringify(qarla)?.slice(0, 400));
    const king = qarla.outcomes.find((o) => o.analysis === 'king')?.result as { king?: number } | undefined;
    assert.strictEqual(king?.king, 0.75, 'KING {x1, x2} of the digest’s T2');

    skipWithoutProbe(this);
    // The QARLA panel is in front: every analysis's command line, run by the CLI, prints the panel's result.
    const lines = await waitForRendered(() => webviewTexts('#analysis .reproduce li code'), (t) => t.length === 7, 'the QARLA command lines', 30000);
    for (const line of lines) {
      const analysis = shellWords(line)[2];
      assert.deepStrictEqual(qarla.outcomes.find((o) => o.analysis === analysis)?.result, await runShown(line), line);
    }
    const table = qarla.outcomes.find((o) => o.analysis === 'search')?.table;
    assert.ok(table);
    const columns = analysisTableColumns(table);
    const rows = await waitForRendered(() => webviewTexts('#analysis section[data-analysis="search"] table tbody tr'), (t) => t.length === 3, 'the KING ranking table', 30000);
    assert.deepStrictEqual(
      rows.map((r) => r.split('\t').map((c) => c.trim()).join('\t')),
      table.rows.map((row) => row.map((cell, k) => formatTableCell(columns[k], cell)).join('\t')),
    );

    // A JACK curve over millions of random orders, cancelled from the panel: the command resolves to undefined.
    const long = vscode.commands.executeCommand<unknown>('understudy.qarlaAnalysis', { table: fixture('t2.tsv'), settings: { models: ['m1', 'm2', 'm3', 'm4'], orders: 50_000_000 } });
    await waitForRendered(() => webviewTexts('#analysis .status.computing .stage'), (t) => t.length === 1 && t[0].startsWith('JACK curve'), 'the JACK curve under way', 60000);
    await webviewClick('#analysis vscode-button.cancel');
    assert.strictEqual(await long, undefined, 'cancelled');
    await waitForRendered(() => webviewTexts('#analysis .status.cancelled'), (t) => t.length === 1, 'the panel says it was cancelled', 20000);

    // The heterogeneity panel's HBR numbers are the shown command line's.
    const hbrLine = (await vscode.commands.executeCommand<unknown>('understudy.heterogeneityAnalysis', {
      table: fixture('two-segments.tsv'),
      settings: { human: 'human', lowerIsBetter: ['ter'], combinations: ['ulc', 'hbr'] },
    })) as MetaAnalysisResult;
    const shown = await waitForRendered(() => webviewTexts('#analysis .reproduce li[data-analysis="hbr"] code'), (t) => t.length === 1, 'the HBR command line', 30000);
    assert.deepStrictEqual(hbrLine.outcomes.find((o) => o.analysis === 'hbr')?.result, await runShown(shown[0]));
    const ranks = await waitForRendered(() => webviewTexts('#analysis figure[data-plot="heterogeneity-hbr-ranks"] figcaption'), (t) => t.length === 1, 'the HBR rank plot', 30000);
    assert.match(ranks[0], /Systems ranked by HBR/);
  });
});
