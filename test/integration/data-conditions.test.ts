// "Understudy: Show Data Conditions" in a real extension host on a small SummEval-like evaluation
// (test/fixtures/conditions-summeval: 6 systems, 12 documents, 4 references each, expert relevance): the numbers
// the panel computes in the worker and draws are what `understudy conditions --json` prints for the command line
// the panel shows; a long run shows progress and stops on Cancel.
import * as assert from 'assert';
import { execFile } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { promisify } from 'util';
import * as vscode from 'vscode';
import type { ConditionRunReport } from '../../src/core/meta/conditions/condition-run';
import { conditionTable, formatConditionCell } from '../../src/core/meta/conditions/condition-tables';
import type { DataConditionResult } from '../../src/core/meta/conditions/data-conditions';
import { formatCorrelationTable } from '../../src/core/report/correlation-tables';
import { shellWords } from '../shell-words';
import { extensionRoot } from './host-helpers';
import { screenshot, skipWithoutProbe, waitForRendered, webviewClick, webviewTexts } from './ui-probe';

const fixture = (file: string): vscode.Uri => vscode.Uri.file(path.join(extensionRoot(), 'test/fixtures/conditions-summeval', file));

/** Runs the command line the panel shows, with --json, with the repository's CLI (asynchronously: the host stays live). */
async function runShownCommand(commandLine: string): Promise<DataConditionResult> {
  const words = shellWords(commandLine);
  assert.deepStrictEqual(words.slice(0, 2), ['understudy', 'conditions'], commandLine);
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? extensionRoot();
  const { stdout } = await promisify(execFile)(process.execPath, [path.join(extensionRoot(), 'bin', 'understudy.js'), ...words.slice(1), '--json'], {
    cwd: folder,
    encoding: 'utf8',
    maxBuffer: 1 << 26,
    env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
  });
  return JSON.parse(stdout) as DataConditionResult;
}

/**
 * Everything but names: the CLI names systems by their files and the human score by its column ('score'), the panel
 * by the judged systems and the manifest's label ('relevance').
 */
const numbers = (r: DataConditionResult): unknown => ({ ...r, systems: r.systems.length, human: r.human.target });

describe('Show Data Conditions (SummEval subset: 6 systems, 12 documents, 4 references)', function () {
  this.timeout(300000);
  let tmp = '';

  before(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'understudy-conditions-'));
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('runs the manifest’s evaluation in the worker; panel, tables, export and the shown command line agree with the CLI', async function () {
    const result = await vscode.commands.executeCommand<unknown>('understudy.showDataConditions', fixture('understudy.json'));
    assert.ok(result && typeof result === 'object' && 'result' in result, `expected a data-condition report, got ${JSON.stringify(result)?.slice(0, 400)}`);
    const report = result as ConditionRunReport;
    assert.deepStrictEqual(report.result.systems, ['M0', 'M11', 'M17', 'M23', 'M5', 'M8']);
    assert.deepStrictEqual(report.result.metrics.map((m) => m.points.map((p) => p.label)), [0, 1].map(() => ['1', '2', '3', '4 (bootstr)', '4 (actual)']));
    assert.strictEqual(report.result.options.repetitions, 1000);

    // Export a table where a program says; an existing file is left alone.
    const target = vscode.Uri.file(path.join(tmp, 'rouge2.csv'));
    assert.deepStrictEqual(await vscode.commands.executeCommand('understudy.conditions.export', { table: 'curve', metric: 'rouge2', format: 'csv', uri: target }), { uri: target.toString() });
    assert.strictEqual(fs.readFileSync(target.fsPath, 'utf8'), formatCorrelationTable(conditionTable(report.result, { table: 'curve', metric: 'rouge2' })!, 'csv'));
    const again = await vscode.commands.executeCommand<{ error?: string }>('understudy.conditions.export', { table: 'anova', format: 'latex', uri: target });
    assert.match(again?.error ?? '', /already exists and was left as it is/);

    skipWithoutProbe(this);
    const [commandLine] = await waitForRendered(() => webviewTexts('#conditions .reproduce .command code'), (t) => t.length > 0 && t[0].trim() !== '', 'the command line', 30000);
    const cli = await runShownCommand(commandLine.trim());
    assert.deepStrictEqual(numbers(JSON.parse(JSON.stringify(report.result)) as DataConditionResult), numbers(cli));
    const model = conditionTable(cli, { table: 'curve', metric: 'rouge1' })!;
    const rows = await waitForRendered(() => webviewTexts('#conditions table.conditions-curve[data-metric="rouge1"] tbody tr'), (t) => t.length === 5, 'the rouge1 table', 30000);
    assert.deepStrictEqual(
      rows.map((r) => r.split('\t').map((c) => c.trim())),
      model.rows.map((row) => row.map((cell, k) => formatConditionCell(model.columns[k], cell))),
    );
    assert.ok((await webviewTexts('#conditions figure[data-plot="conditions-correlation"]')).length === 1);
    await screenshot('data-conditions-panel');
  });

  it('shows progress while the worker resamples and stops on Cancel', async function () {
    skipWithoutProbe(this);
    const running = vscode.commands.executeCommand<unknown>('understudy.showDataConditions', {
      references: ['ref.A.txt', 'ref.B.txt', 'ref.C.txt', 'ref.D.txt'].map(fixture),
      systems: ['M0', 'M5', 'M8', 'M11', 'M17', 'M23'].map((s) => fixture(`sys.${s}.txt`)),
      judgments: { files: [{ uri: fixture('relevance.tsv'), format: 'table', columns: { system: 'system', item: 'item', scores: ['score'] } }] },
      metrics: ['rouge1', 'rouge2', 'rougeL'],
      // The most the options allow: long enough to see progress and cancel.
      options: { repetitions: 100_000, axis: 'items', sizes: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] },
    });
    await waitForRendered(() => webviewTexts('#conditions #correlation-status'), (t) => t.some((s) => /%/.test(s)), 'the progress', 60000);
    await webviewClick('#conditions vscode-button.cancel');
    assert.strictEqual(await running, undefined, 'a cancelled run resolves to nothing');
    await waitForRendered(() => webviewTexts('#conditions #correlation-status'), (t) => t.some((s) => /cancelled/.test(s)), 'the cancelled state');
  });
});
