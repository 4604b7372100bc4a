// The data-condition panel alone in headless Chromium: the same HTML and CSP as in VS Code, acquireVsCodeApi stubbed,
// messages delivered as the extension host would. The result is real: seed 002's references axis on the SummEval
// subset of test/fixtures/conditions-summeval (6 systems, 12 documents, 4 references, ROUGE-1/2 against relevance),
// with a system left out under a hostile name and a hostile human-score label.
import * as assert from 'assert';
import * as crypto from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import type { Browser, Page } from 'playwright-core';
import { DEFAULT_METRIC_SETTINGS } from '../../src/core/engine/metric-settings';
import { ConditionRunReport, conditionsFromSources } from '../../src/core/meta/conditions/condition-sources';
import { conditionTable, formatConditionCell } from '../../src/core/meta/conditions/condition-tables';
import { HumanScoreSpec } from '../../src/core/meta/judgments/human-judgments';
import { conditionsHtml } from '../../webview/conditions/conditions-html';
import { makeNonce } from '../../webview/report/report-html';
import { ConditionsPanelOptions, defaultConditionsOptions, MessageFromConditionsWebview, ShowConditionsMessage } from '../../webview/shared/conditions-protocol';
import { closeWebview, launchChromium, openReadyWebview, OpenOptions, ROOT, serveWebview, waitInPage, WebviewPage, WebviewServer } from './serve';

const EVIL = '<img src=x onerror=alert(1)>';
const DIR = path.join(ROOT, 'test/fixtures/conditions-summeval');

function realReport(): ConditionRunReport {
  const manifest = JSON.parse(fs.readFileSync(path.join(DIR, 'understudy.json'), 'utf8')) as { references: string[]; humanJudgments: HumanScoreSpec };
  const lines = (file: string): string[] => fs.readFileSync(path.join(DIR, file), 'utf8').replace(/\n$/, '').split('\n');
  const human = { ...manifest.humanJudgments, label: EVIL };
  const systems = fs.readdirSync(DIR).filter((f) => /^sys\..*\.txt$/.test(f)).sort();
  const report = conditionsFromSources(
    {
      human,
      judgmentTexts: [fs.readFileSync(path.join(DIR, 'relevance.tsv'), 'utf8')],
      references: manifest.references.map((file) => ({ file, segments: lines(file) })),
      systems: systems.map((file) => ({ file, hypotheses: lines(file) })),
    },
    ['rouge1', 'rouge2'],
    { ...DEFAULT_METRIC_SETTINGS, rougeStem: true },
    { axis: 'references', repetitions: 100 },
  );
  return { ...report, leftOut: [{ system: EVIL, reason: 'no human judgment matches this system' }] };
}

const OPTIONS: ConditionsPanelOptions = { ...defaultConditionsOptions(['rouge1', 'rouge2']), repetitions: 100 };
let report: ConditionRunReport;

function message(overrides: Partial<ShowConditionsMessage> = {}): ShowConditionsMessage {
  return {
    type: 'conditions',
    revision: 1,
    title: `Data conditions — ${EVIL}`,
    report,
    options: OPTIONS,
    metrics: ['rouge1', 'rouge2'],
    status: { state: 'ready' },
    commandLine: 'understudy conditions --human relevance.tsv --ref ref.A.txt --ref ref.B.txt --ref ref.C.txt --ref ref.D.txt sys.M0.txt sys.M11.txt sys.M17.txt sys.M23.txt sys.M5.txt sys.M8.txt --metrics rouge1,rouge2 --rouge-stem --repetitions 100',
    unsaved: [],
    ...overrides,
  };
}

const DARK = { '--vscode-foreground': '#cccccc', '--vscode-editor-background': '#1e1e1e', '--vscode-charts-blue': '#3794ff', '--vscode-charts-orange': '#d18616' };
const LIGHT = { '--vscode-foreground': '#3b3b3b', '--vscode-editor-background': '#ffffff', '--vscode-charts-blue': '#1a85ff', '--vscode-charts-orange': '#c27d1a' };

describe('data-condition panel (headless Chromium)', function () {
  this.timeout(120000);
  let browser: Browser;
  let server: WebviewServer;
  let webview: WebviewPage;
  let page: Page;

  before(async function () {
    if (!fs.existsSync(path.join(ROOT, 'dist/webview/conditions.js'))) throw new Error('dist/webview/conditions.js is missing: run `npm run build` first.');
    report = realReport();
    server = await serveWebview((served) =>
      conditionsHtml({ cspSource: served.origin, scriptUri: served.bundleUri('conditions.js'), styleUri: served.bundleUri('conditions.css'), nonce: makeNonce((bound) => crypto.randomInt(bound)), title: 'Understudy data conditions' }),
    );
    browser = await launchChromium();
  });

  after(async function () {
    await browser?.close();
    await server?.close();
  });

  async function open(options: OpenOptions = {}): Promise<void> {
    webview = await openReadyWebview(browser, server.url, { viewport: { width: 1200, height: 900 }, ...options });
    page = webview.page;
  }

  async function show(overrides: Partial<ShowConditionsMessage> = {}): Promise<void> {
    await webview.send(message(overrides));
    await page.locator('table.conditions-curve tbody tr').first().waitFor();
  }

  afterEach(async function () {
    // No uncaught or console errors, no CSP violation, no dialog (hostile names must not run script).
    assert.deepStrictEqual(await closeWebview(webview), { errors: [], violations: [], dialogs: [] });
  });

  const sent = async (): Promise<MessageFromConditionsWebview[]> => (await webview.posted<MessageFromConditionsWebview>()).slice(1);
  const rows = (metric: string): Promise<string[][]> =>
    page.locator(`table.conditions-curve[data-metric="${metric}"] tbody tr`).evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent?.trim() ?? '')));

  it('shows each metric’s table as the CLI prints it, the curves with bands, actual and bootstrap points, and the pair shares', async () => {
    await open();
    assert.deepStrictEqual(await webview.posted(), [{ type: 'ready' }]);
    await show();
    for (const m of report.result.metrics) {
      const model = conditionTable(report.result, { table: 'curve', metric: m.metric })!;
      assert.deepStrictEqual(await rows(m.metric), model.rows.map((row) => row.map((cell, k) => formatConditionCell(model.columns[k], cell))));
    }
    // Row labels and marks as seed 002 prints them; the numbers are the result's.
    const rouge2 = await rows('rouge2');
    assert.deepStrictEqual(rouge2.map((r) => r[0]), ['1', '2', '3', '4 (bootstr)', '4 (actual)']);
    assert.strictEqual(rouge2[0][2], report.result.metrics[1].points[0].correlation.mean!.toFixed(4));
    assert.ok(rouge2.every((r) => /^[*†‡§]*$/.test(r[6])));
    // Curves: 3 sampled + 1 bootstrap + 1 actual point per metric, focusable, numbers in their labels.
    const curve = page.locator('figure[data-plot="conditions-correlation"] svg');
    assert.strictEqual(await curve.locator('[tabindex="0"].point').count(), 10);
    assert.strictEqual(await curve.locator('.point.actual').count(), 2);
    assert.strictEqual(await curve.locator('.point.bootstrap').count(), 2);
    const actual = report.result.metrics[0].points.find((p) => p.kind === 'actual')!;
    assert.strictEqual(await curve.locator('.point.actual[data-series="rouge1"]').getAttribute('aria-label'), `rouge1 at 4 (actual): mean correlation ${actual.correlation.mean!.toFixed(4)}`);
    assert.strictEqual(await curve.locator('g[aria-label="area"] path').count(), 2, 'one percentile band per metric');
    assert.strictEqual(await page.locator('figure[data-plot="conditions-pairs"] svg .point').count(), 8, 'pair shares: 3 sizes + actual, 2 metrics');
    // ANOVA tables: across sizes per metric, across metrics per size.
    assert.deepStrictEqual(await page.locator('table.conditions-anova tbody tr td:first-child').allTextContents(), ['rouge1', 'rouge2']);
    assert.deepStrictEqual(await page.locator('table.conditions-rows tbody tr td:first-child').allTextContents(), ['1', '2', '3', '4 (bootstr)']);
    assert.strictEqual(await page.locator('svg style').count(), 0, "Plot's inline <style> is removed for the CSP");
  });

  it('keeps hostile names as text (title, human label, left-out system) and reaches controls and points by keyboard', async () => {
    await open();
    await show();
    assert.strictEqual(await page.locator('img').count(), 0);
    assert.strictEqual(await page.locator('h1').textContent(), `Data conditions — ${EVIL}`);
    assert.ok((await page.locator('.notes').textContent())!.includes(`Left out ${EVIL}: no human judgment matches this system.`));
    assert.ok((await page.locator('.summary').textContent())!.includes(`correlation with ${EVIL}`));
    // Tab reaches the first point of the curves; a table header sorts with Enter.
    await page.locator('figure[data-plot="conditions-correlation"] .point').first().focus();
    assert.match(await page.evaluate<string>("document.activeElement.getAttribute('aria-label')"), /^rouge1 at 1: mean correlation -?\d\.\d{4}, band /);
    await page.keyboard.press('Tab');
    assert.strictEqual(await page.evaluate<string>("document.activeElement.getAttribute('data-label')"), '2');
    const header = page.locator('table.conditions-curve[data-metric="rouge1"] thead th').nth(2);
    await header.focus();
    await page.keyboard.press('Enter');
    const means = (await rows('rouge1')).map((r) => Number(r[2]));
    assert.ok(means.every((m, i) => i === 0 || means[i - 1] >= m) || means.every((m, i) => i === 0 || means[i - 1] <= m), `sorted by mean: ${means}`);
  });

  it('applies options as a recompute request (paper-open choices marked), refuses invalid ones, and shows progress with Cancel', async () => {
    await open();
    await show();
    await page.locator('vscode-collapsible.options').click();
    await page.locator('vscode-textfield[name="repetitions"]').waitFor();
    assert.ok((await page.locator('.open-choice').count()) >= 3, 'correlation, human target, marks test and sizes are marked as open choices');
    await page.evaluate(`(() => { const f = document.querySelector('vscode-textfield[name="repetitions"]'); f.value = '1'; })()`);
    await page.locator('vscode-button.apply').click();
    assert.match((await page.locator('.form-error').textContent()) ?? '', /repetitions must be a whole number from 2/);
    await page.evaluate(`(() => {
      document.querySelector('vscode-textfield[name="repetitions"]').value = '250';
      document.querySelector('vscode-textfield[name="sizes"]').value = '3, 1';
      document.querySelector('vscode-textfield[name="seed"]').value = '9';
      document.querySelector('vscode-checkbox[name="metrics"][value="rouge1"]').checked = false;
    })()`);
    await page.locator('vscode-button.apply').click();
    assert.deepStrictEqual(await sent(), [{ type: 'recompute', options: { ...OPTIONS, repetitions: 250, sizes: [1, 3], seed: 9, metrics: ['rouge2'] } }]);
    // Progress replaces only the status line; Cancel asks the extension; Run again after cancelling.
    await webview.send(message({ revision: 1, status: { state: 'computing', stage: 'Resampling subsets', done: 450, total: 1000 } }));
    await waitInPage(page, "document.querySelector('progress') !== null");
    assert.strictEqual(await page.locator('progress').getAttribute('value'), '45');
    assert.ok((await page.locator('.status').textContent())!.includes('Resampling subsets'));
    assert.strictEqual(await page.locator('progress').getAttribute('aria-label'), 'Computing the data conditions');
    await page.locator('vscode-button.cancel').click();
    await webview.send(message({ revision: 1, status: { state: 'cancelled' } }));
    await waitInPage(page, "document.querySelector('vscode-button.rerun') !== null");
    await page.locator('vscode-button.rerun').click();
    assert.deepStrictEqual((await sent()).slice(1), [{ type: 'cancel' }, { type: 'recompute', options: OPTIONS }]);
    // An error says what failed, as text (the message may quote a file).
    await webview.send(message({ revision: 1, status: { state: 'error', message: `Size 9 is out of range ${EVIL}` } }));
    await waitInPage(page, "document.querySelector('.status.error') !== null");
    assert.ok((await page.locator('.status.error').textContent())!.includes(`The data conditions could not be computed: Size 9 is out of range ${EVIL}`));
    assert.strictEqual(await page.locator('img').count(), 0);
  });

  it('exports tables and plots through the extension, and copies the command line', async () => {
    await open();
    await show();
    await page.locator('[data-metric="rouge2"] .export[data-table="curve"] button[data-format="csv"]').click();
    await page.locator('.export[data-table="anova"] button[data-format="latex"]').click();
    const chart = page.locator('section.chart').filter({ has: page.locator('figure[data-plot="conditions-correlation"]') });
    await chart.locator('button.export-plot[data-format="svg"]').click();
    await chart.locator('button.export-plot[data-format="png"]').click();
    await waitInPage(page, 'window.__posted.length >= 5', 30_000);
    await page.locator('.reproduce vscode-button.copy-command').click();
    const [csv, latex, svg, png, copy] = await sent();
    assert.deepStrictEqual(csv, { type: 'exportTable', table: 'curve', format: 'csv', metric: 'rouge2' });
    assert.deepStrictEqual(latex, { type: 'exportTable', table: 'anova', format: 'latex' });
    assert.ok(svg.type === 'exportPlot' && svg.format === 'svg' && svg.name === 'conditions-correlation');
    assert.ok(svg.data.startsWith('<svg') && svg.data.includes('xmlns="http://www.w3.org/2000/svg"') && !svg.data.includes('<img'));
    assert.ok(png.type === 'exportPlot' && png.format === 'png' && png.data.startsWith('data:image/png;base64,'));
    assert.deepStrictEqual(copy, { type: 'copy', text: message().commandLine });
  });

  it('takes its colours from the theme variables (dark, then light) and redraws when the theme changes', async () => {
    await open({ themeVariables: DARK });
    await show();
    const colours = (): Promise<{ first: string | null; second: string | null; swatch: string | null }> =>
      page.evaluate(`(() => ({
        first: document.querySelector('figure[data-plot="conditions-correlation"] .point.sampled[data-series="rouge1"]').getAttribute('fill'),
        second: document.querySelector('figure[data-plot="conditions-correlation"] .point.sampled[data-series="rouge2"]').getAttribute('fill'),
        swatch: document.querySelector('ul.legend rect').getAttribute('fill'),
      }))()`);
    assert.deepStrictEqual(await colours(), { first: DARK['--vscode-charts-blue'], second: DARK['--vscode-charts-orange'], swatch: DARK['--vscode-charts-blue'] });
    await page.evaluate(`(() => {
      for (const [name, value] of Object.entries(${JSON.stringify(LIGHT)})) document.body.style.setProperty(name, value);
      document.body.className = 'vscode-light';
    })()`);
    await waitInPage(page, `document.querySelector('ul.legend rect')?.getAttribute('fill') === ${JSON.stringify(LIGHT['--vscode-charts-blue'])}`);
    assert.deepStrictEqual(await colours(), { first: LIGHT['--vscode-charts-blue'], second: LIGHT['--vscode-charts-orange'], swatch: LIGHT['--vscode-charts-blue'] });
  });
});
