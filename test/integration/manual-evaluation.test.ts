// "Understudy: Show Manual Evaluation" in a real extension host, on the hand-made DUCView topic of the fixtures (two
// .pan peers, the .pyr pyramid): the analysis runs in the worker, the panel shows the tables and the tier plot, and
// its numbers are what `understudy pyramid --json` prints for the command line the panel shows.
import * as assert from 'assert';
import { execFile } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { promisify } from 'util';
import * as vscode from 'vscode';
import { formatManualTable } from '../../src/core/meta/manual/manual-table-export';
import { textTableCells } from '../../src/core/meta/manual/text-table';
import type { ManualJobResult } from '../../src/worker/protocol';
import { shellWords } from '../shell-words';
import { extensionRoot } from './host-helpers';
import { screenshot, skipWithoutProbe, waitForRendered, webviewTexts } from './ui-probe';

describe('Show Manual Evaluation (DUCView pyramid: 2 peers, 3 models)', function () {
  this.timeout(180000);

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('computes in the worker what `understudy pyramid --json` prints, shows it in the panel and exports its tables', async function () {
    const root = extensionRoot();
    const fixture = (name: string): string => path.join(root, 'test/fixtures/manual/ducview', name);
    const result = await vscode.commands.executeCommand<ManualJobResult | { error: unknown }>('understudy.showManualEvaluation', {
      files: [fixture('P1.pan'), fixture('P2.pan'), fixture('D9999-A.pyr')],
      options: { kind: 'pyramid', pyramid: { jackknife: true, averageCount: 'ceil', scoreModels: true } },
    });
    assert.ok(result && 'analysis' in result, `expected an analysis, got ${JSON.stringify(result)?.slice(0, 400)}`);
    assert.match(result.commandLine, /^understudy pyramid \S*P1\.pan \S*P2\.pan --pyr \S*D9999-A\.pyr --average-count ceil$/);
    // The command line the panel shows, run with the bundled CLI from the workspace folder (asynchronously: a
    // synchronous child process would stall this host and the panel with it).
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? root;
    const { stdout } = await promisify(execFile)(process.execPath, [path.join(root, 'bin', 'understudy.js'), ...shellWords(result.commandLine).slice(1), '--json'], {
      cwd: folder,
      encoding: 'utf8',
      env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
    });
    assert.deepStrictEqual(JSON.parse(stdout), JSON.parse(JSON.stringify(result.analysis.json)));

    // A table written where a program says, as the panel's CSV button writes it.
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'understudy-manual-'));
    try {
      const target = path.join(tmp, 'systems.csv');
      const exported = await vscode.commands.executeCommand<{ uri?: string; error?: string }>('understudy.manualEvaluation.export', { table: 'systems', format: 'csv', uri: target });
      assert.ok(exported?.uri, JSON.stringify(exported));
      const systems = result.analysis.tables[0];
      const notes = [`Signature: ${result.analysis.signature}`, `Command: ${result.commandLine} --tsv --table systems`];
      assert.strictEqual(fs.readFileSync(target, 'utf8'), formatManualTable(systems, 'csv', 'Pyramid scores: systems', notes));
      const again = await vscode.commands.executeCommand<{ error?: string }>('understudy.manualEvaluation.export', { table: 'systems', format: 'csv', uri: target });
      assert.match(again?.error ?? '', /already exists/);
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }

    skipWithoutProbe(this);
    const systems = result.analysis.tables[0];
    const expected = textTableCells(systems.header, systems.rows).cells.map((row) => row.join('\t'));
    const shown = await waitForRendered(() => webviewTexts('#manual table.manual-table.systems tbody tr'), (rows) => rows.length === expected.length, 'the per-system pyramid scores', 30000);
    assert.deepStrictEqual(
      shown.map((row) => row.split('\t').map((c) => c.trim()).join('\t')),
      expected,
    );
    const caption = await webviewTexts('#manual .tier-caption');
    assert.match(caption[0] ?? '', /3 models, 5 SCUs in 3 tiers/);
    assert.deepStrictEqual(await webviewTexts('#manual .reproduce .command code'), [result.commandLine]);
    await screenshot('manual-evaluation-panel');
  });
});
