// "Understudy: Show Correlations" in a real extension host, on a real evaluation: WMT21 cs-en from the fixtures (the
// 8 systems' outputs, reference A, the DA segment scores and the official system ranking). The panel's numbers must
// be what `understudy correlate --json` prints when run with the command line the panel shows.
import * as assert from 'assert';
import { execFile } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { promisify } from 'util';
import * as vscode from 'vscode';
import type { CorrelationReport } from '../../src/core/meta/correlation-report';
import { CorrelationTableRequest, correlationTable, formatCorrelationTable, formatTableCell } from '../../src/core/report/correlation-tables';
import type { UnderstudyApi } from '../../src/extension/api';
import { shellWords } from '../shell-words';
import { pressKey, screenshot, skipWithoutProbe, waitForRendered, webviewClick, webviewTexts } from './ui-probe';

const EXTENSION_ID = 'understudy.understudy';
// Every webview selector starts at the panel's <main id="correlations">: other views (the comparison) may be open.

function extension(): vscode.Extension<UnderstudyApi> {
  const found = vscode.extensions.getExtension<UnderstudyApi>(EXTENSION_ID);
  assert.ok(found, `extension ${EXTENSION_ID} is not loaded in this host`);
  return found;
}

const data = (relative: string): vscode.Uri => vscode.Uri.file(path.join(extension().extensionPath, 'test/fixtures/data/wmt21-news', relative));

/**
 * Runs a command line the panel shows (with --json) with the repository's CLI; the report it prints. Asynchronously:
 * a synchronous child process would stall this extension host, and the panel with it.
 */
async function runShownCommand(commandLine: string): Promise<CorrelationReport> {
  const words = shellWords(commandLine);
  assert.deepStrictEqual(words.slice(0, 2), ['understudy', 'correlate'], commandLine);
  const root = extension().extensionPath;
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? root;
  const { stdout } = await promisify(execFile)(process.execPath, [path.join(root, 'bin', 'understudy.js'), ...words.slice(1), '--json'], {
    cwd: folder,
    encoding: 'utf8',
    maxBuffer: 1 << 26,
    env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
  });
  return JSON.parse(stdout) as CorrelationReport;
}

/** The rows of a report table as the panel's <tr> innerText shows them (cells joined by tabs). */
function expectedRows(report: CorrelationReport, request: CorrelationTableRequest): string[] {
  const table = correlationTable(report, request);
  assert.ok(table, request.table);
  return table.rows.map((row) => table.columns.map((c, k) => formatTableCell(c, row[k])).join('\t'));
}

const normalise = (texts: string[]): string[] => texts.map((t) => t.split('\t').map((c) => c.trim()).join('\t'));

async function shownCommandLine(): Promise<string> {
  // The panel may still be drawing the report it was just sent: wait for the command line rather than read once.
  const [command] = await waitForRendered(() => webviewTexts('#correlations .reproduce .command code'), (texts) => texts.length > 0 && texts[0].trim() !== '', 'the command line the panel shows', 30000);
  return command.trim();
}

describe('Show Correlations (WMT21 cs-en: 8 systems, DA z)', function () {
  this.timeout(300000);
  let report: CorrelationReport;
  let tmp = '';
  const systems = (): vscode.Uri[] =>
    fs
      .readdirSync(data('txt/system-outputs').fsPath)
      .filter((f) => f.startsWith('newstest2021.cs-en.hyp.'))
      .sort()
      .map((f) => data(`txt/system-outputs/${f}`));
  const args = (options: Record<string, unknown>): unknown => ({
    references: [data('txt/references/newstest2021.cs-en.ref.A.en')],
    systems: systems(),
    judgments: { files: [{ uri: data('humaneval/newstest2021-toen/ad-seg-scores-cs-en.csv') }, { uri: data('humaneval/newstest2021-toen/ad-sys-ranking-cs-en-z-names.csv') }] },
    metrics: ['bleu', 'chrf', 'ter'],
    options,
  });

  before(async () => {
    await extension().activate();
    await vscode.commands.executeCommand('workbench.action.closePanel');
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'understudy-correlations-'));
    const result = await vscode.commands.executeCommand<unknown>('understudy.showCorrelations', args({ bootstrapSamples: 300, permutationSamples: 300 }));
    assert.ok(result && typeof result === 'object' && 'systemLevel' in result, `expected a correlation report, got ${JSON.stringify(result)?.slice(0, 400)}`);
    report = result as CorrelationReport;
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('computes what `understudy correlate --json` prints for the command line the panel shows', async function () {
    const bleu = report.systemLevel.find((m) => m.metric === 'bleu')?.estimates.find((e) => e.correlation === 'pearson');
    assert.strictEqual(bleu?.statistic, 0.5551759610143641, 'the golden system-level Pearson of BLEU against DA z (SciPy)');
    assert.strictEqual(report.systems.filter((s) => s.included).length, 8);
    skipWithoutProbe(this);
    const commandLine = await waitForRendered(shownCommandLine, (c) => c.includes('--bootstrap 300'), 'the command line');
    const cli = await runShownCommand(commandLine);
    const { segments: _segments, ...shown } = JSON.parse(JSON.stringify(report)) as CorrelationReport;
    const { segments: _none, ...printed } = cli;
    assert.deepStrictEqual(shown, printed);
  });

  it('shows the CLI’s numbers: system-level correlations, comparisons, systems table and the scatter plots’ coefficients', async function () {
    skipWithoutProbe(this);
    const cli = await runShownCommand(await shownCommandLine());
    const rows = await waitForRendered(() => webviewTexts('#correlations table.system-level tbody tr'), (t) => t.length === 9, 'the system-level correlations', 30000);
    assert.deepStrictEqual(normalise(rows), expectedRows(cli, { table: 'system-level' }));
    assert.ok(rows[0].startsWith('BLEU\tpearson\t0.5552\t[-0.2456, 0.9056]'), rows[0]);
    assert.deepStrictEqual(normalise(await webviewTexts('#correlations table.system-comparisons tbody tr')), expectedRows(cli, { table: 'comparisons', level: 'system' }));
    assert.deepStrictEqual(normalise(await webviewTexts('#correlations table.systems tbody tr')), expectedRows(cli, { table: 'systems' }));
    const caption = normalise(await webviewTexts('#correlations figure.scatter[data-metric="chrf"] table.estimates tbody tr'));
    const chrf = cli.systemLevel.find((m) => m.metric === 'chrf');
    assert.deepStrictEqual(
      caption.map((c) => c.split('\t').slice(1, 2)[0]),
      chrf?.estimates.map((e) => e.statistic?.toFixed(4)),
    );
    await screenshot('correlations-panel');
  });

  it('a point lists its segments with their hypotheses; a segment opens the output at its line; a system opens its file', async function () {
    skipWithoutProbe(this);
    await webviewClick('#correlations figure.scatter[data-metric="bleu"] circle.point[data-system="Facebook-AI"]');
    const facebook = systems().find((u) => u.path.endsWith('hyp.Facebook-AI.en'));
    assert.ok(facebook);
    const firstLine = fs.readFileSync(facebook.fsPath, 'utf8').split('\n')[0];
    const s = report.segments?.systems.indexOf('Facebook-AI') ?? -1;
    const judged = report.segments?.human[s].findIndex((v) => v !== null) ?? -1;
    assert.ok(judged >= 0);
    await waitForRendered(
      () => webviewTexts(`#correlations #segment-list tr[data-index="${judged}"] .hypothesis`),
      (t) => t.length === 1 && t[0] !== '…',
      'the hypothesis of a judged segment',
      20000,
    );
    if (judged === 0) assert.deepStrictEqual(await webviewTexts('#correlations #segment-list tr[data-index="0"] .hypothesis'), [firstLine]);
    await webviewClick(`#correlations #segment-list button.segment-link[data-index="${judged}"]`);
    const editor = await waitForRendered(
      async () => vscode.window.activeTextEditor,
      (e) => e?.document.uri.fsPath === facebook.fsPath && e.selection.start.line === judged,
      `the output opened at line ${judged + 1}`,
    );
    assert.strictEqual(editor?.selection.end.line, judged);
    await webviewClick('#correlations table.systems button.system-link[data-system="Online-A"]');
    await waitForRendered(async () => vscode.window.activeTextEditor?.document.uri.path ?? '', (p) => p.endsWith('hyp.Online-A.en'), 'Online-A opened');
  });

  it('exports a table as the CLI’s numbers, and never writes over an existing file unless told to', async () => {
    const target = vscode.Uri.file(path.join(tmp, 'system-level.csv'));
    const first = await vscode.commands.executeCommand<{ uri?: string; error?: string }>('understudy.correlations.export', { table: 'system-level', format: 'csv', uri: target });
    assert.deepStrictEqual(first, { uri: target.toString() });
    const table = correlationTable(report, { table: 'system-level' });
    assert.ok(table);
    assert.strictEqual(fs.readFileSync(target.fsPath, 'utf8'), formatCorrelationTable(table, 'csv'));
    fs.writeFileSync(target.fsPath, 'mine');
    const again = await vscode.commands.executeCommand<{ uri?: string; error?: string }>('understudy.correlations.export', { table: 'systems', format: 'latex', uri: target });
    assert.match(again?.error ?? '', /already exists and was left as it is/);
    assert.strictEqual(fs.readFileSync(target.fsPath, 'utf8'), 'mine');
    const replaced = await vscode.commands.executeCommand<{ uri?: string }>('understudy.correlations.export', { table: 'systems', format: 'latex', uri: target, overwrite: true });
    assert.strictEqual(replaced?.uri, target.toString());
    assert.match(fs.readFileSync(target.fsPath, 'utf8'), /\\begin\{tabular\}/);
  });

  it('recomputes with the options set in the panel; the new command line reproduces the new numbers', async function () {
    skipWithoutProbe(this);
    await webviewClick('#correlations vscode-collapsible.options');
    await webviewClick('#correlations vscode-checkbox[value="spearman"]');
    await webviewClick('#correlations vscode-textfield[name="seed"] input');
    await pressKey('Control+a');
    await pressKey('7');
    await webviewClick('#correlations vscode-button.apply');
    const commandLine = await waitForRendered(shownCommandLine, (c) => c.includes('--seed 7') && c.includes('--correlations pearson,kendall-b'), 'the new command line', 60000);
    await waitForRendered(() => webviewTexts('#correlations table.system-level tbody tr'), (t) => t.length === 6, 'two coefficients per metric', 60000);
    const cli = await runShownCommand(commandLine);
    assert.match(cli.signature, /corr:pearson,kendall-b\|.*boot:300,items,seed:7\|perm:300,seed:7\|/);
    assert.deepStrictEqual(normalise(await webviewTexts('#correlations table.system-level tbody tr')), expectedRows(cli, { table: 'system-level' }));
  });

  it('shows progress while the worker computes and stops on Cancel', async function () {
    skipWithoutProbe(this);
    // A million bootstrap draws (the most the options allow) take minutes: long enough to see progress and cancel.
    const running = vscode.commands.executeCommand<unknown>('understudy.showCorrelations', args({ bootstrapSamples: 1_000_000, permutationSamples: 300 }));
    await waitForRendered(() => webviewTexts('#correlations #correlation-status'), (t) => t.some((s) => /%/.test(s)), 'the progress', 30000);
    await webviewClick('#correlations vscode-button.cancel');
    assert.strictEqual(await running, undefined, 'a cancelled run resolves to nothing');
    await waitForRendered(() => webviewTexts('#correlations #correlation-status'), (t) => t.some((s) => /cancelled/.test(s)), 'the cancelled state');
  });
});

describe('Show Correlations on the workspace’s understudy.json', function () {
  this.timeout(300000);
  const folder = (): string => {
    const uri = vscode.workspace.workspaceFolders?.[0]?.uri;
    assert.ok(uri, 'the tests run with a workspace folder open');
    return uri.fsPath;
  };
  const manifest = (): string => path.join(folder(), 'understudy.json');
  let tmp = '';

  before(async () => {
    await extension().activate();
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'understudy-manifest-'));
    // Paths relative to the manifest, leading out of the workspace to the fixtures; the systems as a glob.
    const fixtures = path.relative(folder(), path.join(extension().extensionPath, 'test/fixtures/data/wmt21-news'));
    const manifestJson = {
      name: 'WMT21 cs-en (manifest)',
      references: [`${fixtures}/txt/references/newstest2021.cs-en.ref.A.en`],
      systems: [`${fixtures}/txt/system-outputs/newstest2021.cs-en.hyp.*.en`],
      metrics: ['bleu', 'chrf'],
      humanJudgments: {
        files: [{ file: `${fixtures}/humaneval/newstest2021-toen/ad-seg-scores-cs-en.csv` }, { file: `${fixtures}/humaneval/newstest2021-toen/ad-sys-ranking-cs-en-z-names.csv`, format: 'wmt21-sys' }],
      },
    };
    fs.writeFileSync(manifest(), JSON.stringify(manifestJson, null, 2));
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    fs.rmSync(manifest(), { force: true });
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('opens the evaluation the manifest describes, without asking, and shows its numbers', async function () {
    const result = await vscode.commands.executeCommand<unknown>('understudy.showCorrelations');
    assert.ok(result && typeof result === 'object' && 'systemLevel' in result, `expected a correlation report, got ${JSON.stringify(result)?.slice(0, 400)}`);
    const report = result as CorrelationReport;
    assert.deepStrictEqual(report.metrics.map((m) => m.name), ['bleu', 'chrf']);
    assert.strictEqual(report.systems.filter((s) => s.included).length, 8, 'the glob found the 8 cs-en outputs, and only those');
    const bleu = report.systemLevel.find((m) => m.metric === 'bleu')?.estimates.find((e) => e.correlation === 'pearson');
    assert.strictEqual(bleu?.statistic, 0.5551759610143641, 'the golden system-level Pearson of BLEU against DA z (SciPy)');
    skipWithoutProbe(this);
    const [title] = await waitForRendered(() => webviewTexts('#correlations h1'), (t) => t.some((s) => s.includes('with DA z — WMT21 cs-en (manifest)')), 'the manifest’s name');
    assert.match(title, /^Correlations with DA z — WMT21 cs-en \(manifest\)$/);
    const rows = await waitForRendered(() => webviewTexts('#correlations table.system-level tbody tr'), (t) => t.some((r) => r.startsWith('chrF')), 'the system-level table', 30000);
    assert.ok(normalise(rows).some((r) => r.startsWith('BLEU\tpearson\t0.5552\t')), rows.join('\n'));
  });

  it('says what is wrong with a manifest, naming the field, and runs nothing', async () => {
    const bad = path.join(tmp, 'understudy.json');
    fs.writeFileSync(bad, JSON.stringify({ references: ['ref.en'], systems: ['hyp.*.en'] }));
    const result = await vscode.commands.executeCommand<{ error?: { code: string; message: string } }>('understudy.showCorrelations', vscode.Uri.file(bad));
    assert.strictEqual(result?.error?.code, 'bad-option');
    assert.match(result?.error?.message ?? '', /no "humanJudgments"/);
    fs.writeFileSync(bad, JSON.stringify({ references: ['ref.en'], systems: ['nothing-*.txt'], humanJudgments: { files: [{ file: 'j.csv' }] } }));
    const none = await vscode.commands.executeCommand<{ error?: { code: string; message: string } }>('understudy.showCorrelations', vscode.Uri.file(bad));
    assert.match(none?.error?.message ?? '', /"nothing-\*\.txt" matches no file/);
  });
});
