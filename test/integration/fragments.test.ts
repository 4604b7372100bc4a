// "Understudy: Show Truncated-Sentence Diagnostics" in a real extension host on SummEval's 1,600 summaries
// (test/fixtures/data/summeval): texts read and ROUGE scored per output in the worker; the report, the exported
// table and the rendered numbers are what `understudy fragments --json` prints for the command line the panel shows.
import * as assert from 'assert';
import { execFile } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { promisify } from 'util';
import * as vscode from 'vscode';
import type { FragmentRunReport } from '../../src/core/meta/gap/fragment-report';
import { fragmentTable } from '../../src/core/meta/gap/fragment-tables';
import { formatCorrelationTable, formatTableCell } from '../../src/core/report/correlation-tables';
import { shellWords } from '../shell-words';
import { extensionRoot } from './host-helpers';
import { screenshot, skipWithoutProbe, waitForRendered, webviewTexts } from './ui-probe';

const fixture = (file: string): vscode.Uri => vscode.Uri.file(path.join(extensionRoot(), 'test/fixtures/data/summeval', file));

/** Runs the command line the panel shows, with --json, with the repository's CLI (asynchronously: the host stays live). */
async function runShownCommand(commandLine: string): Promise<FragmentRunReport> {
  const words = shellWords(commandLine);
  assert.deepStrictEqual(words.slice(0, 2), ['understudy', 'fragments'], commandLine);
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? extensionRoot();
  const { stdout } = await promisify(execFile)(process.execPath, [path.join(extensionRoot(), 'bin', 'understudy.js'), ...words.slice(1), '--json'], {
    cwd: folder,
    encoding: 'utf8',
    maxBuffer: 1 << 26,
    env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
  });
  return JSON.parse(stdout) as FragmentRunReport;
}

describe('Show Truncated-Sentence Diagnostics (SummEval: 16 systems × 100 documents)', function () {
  this.timeout(300000);
  let tmp = '';

  before(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'understudy-fragments-'));
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('scores every summary in the worker; report, export, rendered tables and the shown command line agree with the CLI', async function () {
    const result = await vscode.commands.executeCommand<unknown>('understudy.showFragments', {
      summaries: fixture('summaries.jsonl'),
      docs: fixture('docs.jsonl'),
      options: { metrics: ['rouge1', 'rouge2'], systemThreshold: 0.2 },
    });
    assert.ok(result && typeof result === 'object' && 'result' in result, `expected a fragment report, got ${JSON.stringify(result)?.slice(0, 400)}`);
    const report = result as FragmentRunReport;
    assert.deepStrictEqual(report.measures.map((m) => m.name), ['rouge1', 'rouge2', 'coherence', 'consistency', 'fluency', 'relevance']);
    assert.deepStrictEqual(report.result.systems.filter((s) => s.fragmentSystem).map((s) => s.name), ['M5', 'M20']);
    assert.strictEqual(report.outputs.length, 103);

    const target = vscode.Uri.file(path.join(tmp, 'effect.csv'));
    assert.deepStrictEqual(await vscode.commands.executeCommand('understudy.fragments.export', { table: 'output-level', format: 'csv', uri: target }), { uri: target.toString() });
    assert.strictEqual(fs.readFileSync(target.fsPath, 'utf8'), formatCorrelationTable(fragmentTable(report, 'output-level'), 'csv'));

    skipWithoutProbe(this);
    const [commandLine] = await waitForRendered(() => webviewTexts('#fragments .reproduce .command code'), (t) => t.length > 0 && t[0].trim() !== '', 'the command line', 30000);
    assert.match(commandLine, /--metrics rouge1,rouge2 .*--system-threshold 0\.2/);
    const cli = await runShownCommand(commandLine.trim());
    assert.deepStrictEqual(JSON.parse(JSON.stringify(report)), cli);
    const model = fragmentTable(cli, 'system-level');
    const rows = await waitForRendered(() => webviewTexts('#fragments table.fragments-system-level tbody tr'), (t) => t.length === 6, 'the system-level table', 30000);
    assert.deepStrictEqual(rows.map((r) => r.split('\t').map((c) => c.trim())), model.rows.map((row) => row.map((cell, k) => formatTableCell(model.columns[k], cell))));
    await screenshot('fragments-panel');
  });
});
