// The truncated-sentence panel alone in headless Chromium: the same HTML and CSP as in VS Code, acquireVsCodeApi
// stubbed, messages delivered as the extension host would. The report is real: SummEval's 1,600 summaries
// (test/fixtures/data/summeval), ROUGE-1/2 scored per output, the four expert scores; with hostile names inserted.
import * as assert from 'assert';
import * as crypto from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import type { Browser, Page } from 'playwright-core';
import { DEFAULT_METRIC_SETTINGS } from '../../src/core/engine/metric-settings';
import { FragmentRunReport, runFragments } from '../../src/core/meta/gap/fragment-run';
import { fragmentTable } from '../../src/core/meta/gap/fragment-tables';
import { formatTableCell } from '../../src/core/report/correlation-tables';
import { fragmentsHtml } from '../../webview/fragments/fragments-html';
import { makeNonce } from '../../webview/report/report-html';
import { defaultFragmentsOptions, FragmentsPanelOptions, MessageFromFragmentsWebview, ShowFragmentsMessage } from '../../webview/shared/fragments-protocol';
import { closeWebview, launchChromium, openReadyWebview, OpenOptions, ROOT, serveWebview, waitInPage, WebviewPage, WebviewServer } from './serve';

const EVIL = '<img src=x onerror=alert(1)>';
const SUMMEVAL = path.join(ROOT, 'test/fixtures/data/summeval');

function realReport(): FragmentRunReport {
  const summaries = path.join(SUMMEVAL, 'summaries.jsonl');
  const docs = path.join(SUMMEVAL, 'docs.jsonl');
  const report = runFragments({
    kind: 'judgments',
    sources: { human: { files: [{ file: 'summaries.jsonl' }] }, judgmentTexts: [fs.readFileSync(summaries, 'utf8')], references: [], systems: [], docs: { file: 'docs.jsonl', text: fs.readFileSync(docs, 'utf8') } },
    metrics: ['rouge1', 'rouge2'],
    settings: DEFAULT_METRIC_SETTINGS,
  });
  // A hostile system name in the list of outputs, and a left-out system under one.
  const outputs = report.outputs.map((o, i) => (i === 0 ? { ...o, system: EVIL, ending: `${o.ending} ${EVIL}` } : o));
  return { ...report, outputs, leftOut: [{ system: EVIL, reason: 'no human judgment matches this system' }] };
}

const OPTIONS: FragmentsPanelOptions = defaultFragmentsOptions(['rouge1', 'rouge2', 'rougeL']);
const COMMAND = 'understudy fragments --human summaries.jsonl --docs docs.jsonl --metrics rouge1,rouge2';
let report: FragmentRunReport;

function message(overrides: Partial<ShowFragmentsMessage> = {}): ShowFragmentsMessage {
  return { type: 'fragments', revision: 1, title: `Truncated sentences — ${EVIL}`, report, options: { ...OPTIONS, metrics: ['rouge1', 'rouge2'] }, metrics: ['rouge1', 'rouge2', 'rougeL'], status: { state: 'ready' }, commandLine: COMMAND, unsaved: [], ...overrides };
}

describe('truncated-sentence panel (headless Chromium)', function () {
  this.timeout(120000);
  let browser: Browser;
  let server: WebviewServer;
  let webview: WebviewPage;
  let page: Page;

  before(async function () {
    if (!fs.existsSync(path.join(ROOT, 'dist/webview/fragments.js'))) throw new Error('dist/webview/fragments.js is missing: run `npm run build` first.');
    report = realReport();
    server = await serveWebview((served) =>
      fragmentsHtml({ cspSource: served.origin, scriptUri: served.bundleUri('fragments.js'), styleUri: served.bundleUri('fragments.css'), nonce: makeNonce((bound) => crypto.randomInt(bound)), title: 'Understudy truncated sentences' }),
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

  async function show(overrides: Partial<ShowFragmentsMessage> = {}): Promise<void> {
    await webview.send(message(overrides));
    await page.locator('table.fragments-output-level tbody tr').first().waitFor();
  }

  afterEach(async function () {
    assert.deepStrictEqual(await closeWebview(webview), { errors: [], violations: [], dialogs: [] });
  });

  const sent = async (): Promise<MessageFromFragmentsWebview[]> => (await webview.posted<MessageFromFragmentsWebview>()).slice(1);
  const rows = (table: string): Promise<string[][]> =>
    page.locator(`table.fragments-${table} tbody tr`).evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent?.trim() ?? '')));
  const expected = (id: 'output-level' | 'within' | 'systems'): string[][] => {
    const model = fragmentTable(report, id);
    return model.rows.map((row) => row.map((cell, k) => formatTableCell(model.columns[k], cell)));
  };

  it('shows the CLI\'s numbers: effect tables, per-system endings, the effect and share plots with focusable marks', async () => {
    await open();
    assert.deepStrictEqual(await webview.posted(), [{ type: 'ready' }]);
    await show();
    assert.deepStrictEqual(await rows('output-level'), expected('output-level'));
    assert.deepStrictEqual(await rows('within'), expected('within'));
    assert.deepStrictEqual(await rows('systems'), expected('systems'));
    assert.strictEqual((await rows('output-level')).length, 6, 'rouge1, rouge2 and the four expert scores');
    assert.match((await page.locator('.summary').textContent()) ?? '', /1600 outputs: 1497 complete, 97 unterminated, 6 cut · 103 fragments \(6\.4%\)/);
    assert.match((await page.locator('.finding').textContent()) ?? '', /most: fluency, 0\.73/);
    // Effect plot: one dot per measure and comparison that has a d (all outputs and within systems; no system-level split).
    const effect = page.locator('figure[data-plot="fragments-effect"] svg');
    assert.strictEqual(await effect.locator('[tabindex="0"].point').count(), 12);
    const fluency = report.result.outputLevel.find((c) => c.measure === 'fluency')!;
    assert.strictEqual(await effect.locator('.point').nth(4).getAttribute('aria-label'), `fluency (human), all outputs: d ${fluency.standardized!.toFixed(3)}, p ${fluency.pvalue!.toExponential(2)}`);
    // Share plot: unterminated and cut bars per system, M20 first (45%).
    const share = page.locator('figure[data-plot="fragments-share"] svg');
    assert.strictEqual(await share.locator('.point').count(), 32);
    assert.strictEqual(await share.locator('.point').first().getAttribute('aria-label'), 'M20: 39.0% of its outputs end unterminated');
    assert.strictEqual(await page.locator('svg style').count(), 0, "Plot's inline <style> is removed for the CSP");
    assert.match((await page.locator('.note').filter({ hasText: 'system-level test needs' }).textContent()) ?? '', /lower the fragment-system threshold/);
  });

  it('lists the first 50 fragment outputs, all on request (kept across a redraw), hostile names as text, points by keyboard', async () => {
    await open();
    await show();
    assert.strictEqual(await page.locator('table.fragments-fragments tbody tr').count(), 50);
    await page.locator('vscode-button.show-all').click();
    await waitInPage(page, "document.querySelectorAll('table.fragments-fragments tbody tr').length === 103");
    await page.setViewportSize({ width: 900, height: 900 });
    await webview.send(message());
    await waitInPage(page, "document.querySelectorAll('table.fragments-fragments tbody tr').length === 103");
    assert.strictEqual(await page.locator('img').count(), 0);
    assert.strictEqual(await page.locator('h1').textContent(), `Truncated sentences — ${EVIL}`);
    assert.ok((await page.locator('.notes').textContent())!.includes(`Left out ${EVIL}: no human judgment matches this system.`));
    assert.strictEqual(await page.locator('table.fragments-fragments tbody tr').first().locator('td').first().textContent(), EVIL);
    await page.locator('figure[data-plot="fragments-effect"] .point').first().focus();
    assert.match(await page.evaluate<string>("document.activeElement.getAttribute('aria-label')"), /^rouge1 \(metric\), all outputs: d 0\.\d{3}/);
    await page.keyboard.press('Tab');
    assert.match(await page.evaluate<string>("document.activeElement.getAttribute('aria-label')"), /^rouge2 \(metric\), all outputs/);
  });

  it('applies options as a recompute (paper-open choices marked), refuses bad ones, shows progress with Cancel', async () => {
    await open();
    await show();
    await page.locator('vscode-collapsible.options').click();
    await page.locator('vscode-textfield[name="systemThreshold"]').waitFor();
    assert.ok((await page.locator('.open-choice').count()) >= 4);
    await page.evaluate(`(() => { document.querySelector('vscode-textfield[name="wordLimit"]').value = 'ten'; })()`);
    await page.locator('vscode-button.apply').click();
    assert.match((await page.locator('.form-error').textContent()) ?? '', /word limit must be a whole number/);
    await page.evaluate(`(() => {
      document.querySelector('vscode-textfield[name="wordLimit"]').value = '60';
      document.querySelector('vscode-textfield[name="systemThreshold"]').value = '0.2';
      document.querySelector('vscode-checkbox[name="metrics"][value="rougeL"]').checked = true;
    })()`);
    await page.locator('vscode-button.apply').click();
    assert.deepStrictEqual(await sent(), [{ type: 'recompute', options: { ...OPTIONS, wordLimit: 60, systemThreshold: 0.2 } }]);
    await webview.send(message({ status: { state: 'computing', stage: 'Scoring every output', done: 800, total: 1600 } }));
    await waitInPage(page, "document.querySelector('progress') !== null");
    assert.strictEqual(await page.locator('progress').getAttribute('value'), '50');
    assert.strictEqual(await page.locator('progress').getAttribute('aria-label'), 'Computing the truncated-sentence diagnostics');
    await page.locator('vscode-button.cancel').click();
    await webview.send(message({ status: { state: 'error', message: `None of the 4 outputs ends unterminated or cut ${EVIL}` } }));
    await waitInPage(page, "document.querySelector('.status.error') !== null");
    assert.ok((await page.locator('.status.error').textContent())!.includes(`could not be computed: None of the 4 outputs ends unterminated or cut ${EVIL}`));
    assert.deepStrictEqual((await sent()).slice(1), [{ type: 'cancel' }]);
  });

  it('exports tables and plots through the extension, and copies the command line', async () => {
    await open();
    await show();
    await page.locator('.export[data-table="output-level"] button[data-format="csv"]').click();
    await page.locator('.export[data-table="fragments"] button[data-format="markdown"]').click();
    const chart = page.locator('section.chart').filter({ has: page.locator('figure[data-plot="fragments-effect"]') });
    await chart.locator('button.export-plot[data-format="svg"]').click();
    await chart.locator('button.export-plot[data-format="png"]').click();
    await waitInPage(page, 'window.__posted.length >= 5', 30_000);
    await page.locator('.reproduce vscode-button.copy-command').click();
    await waitInPage(page, 'window.__posted.length >= 6');
    const [csv, markdown, svg, png, copy] = await sent();
    assert.deepStrictEqual(csv, { type: 'exportTable', table: 'output-level', format: 'csv' });
    assert.deepStrictEqual(markdown, { type: 'exportTable', table: 'fragments', format: 'markdown' });
    assert.ok(svg.type === 'exportPlot' && svg.format === 'svg' && svg.name === 'fragments-effect' && svg.data.startsWith('<svg'));
    assert.ok(png.type === 'exportPlot' && png.format === 'png' && png.data.startsWith('data:image/png;base64,'));
    assert.deepStrictEqual(copy, { type: 'copy', text: COMMAND });
    assert.strictEqual(await page.locator('.reproduce code').first().textContent(), COMMAND);
  });
});
