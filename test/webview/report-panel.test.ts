// The score report webview alone in headless Chromium: the panel's HTML and CSP served locally, acquireVsCodeApi
// stubbed to record posted messages, reports delivered with window.postMessage as the extension host would.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import type { Browser, Page } from 'playwright-core';
import type { JsonReport } from '../../src/core/report/report-json';
import type { MessageFromReportWebview, ShowReportMessage } from '../../webview/shared/protocol';
import { launchChromium, openWebview, ReportPageServer, ROOT, startReportPageServer, waitInPage, WebviewPage } from './serve';

const BLEU_SIG = 'nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:2.6.0';
const CHRF_SIG = 'nrefs:1|case:mixed|eff:yes|nc:6|nw:0|space:no|version:2.6.0';
const TER_SIG = 'nrefs:1|case:lc|tok:tercom|norm:no|punct:yes|asian:no|version:2.6.0';
const ROUGE_SIG = 'ROUGE-1.5.5|-n 1|-a|-c 95|-r 1000|-f A|-p 0.5';

function result(score: number, signature: string, prf?: { p: number; r: number; f: number }): JsonReport['systems'][0]['scores'][string] {
  return { score, ...prf, signature, parts: prf ?? {} };
}

function sampleReport(): JsonReport {
  return {
    understudy: '0.1.0',
    systems: [
      {
        file: 'hyp.Facebook-AI.en',
        scores: {
          bleu: result(34.567, BLEU_SIG),
          chrf: result(61.234, CHRF_SIG),
          ter: result(52.001, TER_SIG),
          rouge1: result(0.4, ROUGE_SIG, { p: 0.41234, r: 0.38765, f: 0.399876 }),
        },
      },
      {
        file: 'hyp.Online-B.en',
        scores: {
          bleu: result(29.1, BLEU_SIG),
          chrf: result(64.5, CHRF_SIG),
          ter: result(48.25, TER_SIG),
          rouge1: result(0.5, ROUGE_SIG, { p: 0.5, r: 0.45, f: 0.473684 }),
        },
      },
      {
        file: 'hyp.Manifold.en',
        scores: {
          bleu: result(31.0, BLEU_SIG),
          chrf: result(58.0, CHRF_SIG),
          ter: result(60.5, TER_SIG),
          rouge1: result(0.3, ROUGE_SIG, { p: 0.3, r: 0.2, f: 0.24 }),
        },
      },
    ],
  };
}

describe('score report webview (headless Chromium)', function () {
  let browser: Browser;
  let server: ReportPageServer;
  let webview: WebviewPage;
  let page: Page;

  before(async function () {
    if (!fs.existsSync(path.join(ROOT, 'dist/webview/report.js'))) throw new Error('dist/webview/report.js is missing: run `npm run build` first.');
    server = await startReportPageServer();
    browser = await launchChromium();
  });

  after(async function () {
    await browser?.close();
    await server?.close();
  });

  /** Opens the page (theme variables as VS Code would set them) and waits for the webview's `ready`. */
  async function open(themeVariables?: Record<string, string>): Promise<void> {
    webview = await openWebview(browser, server.url, { themeVariables });
    page = webview.page;
    await waitInPage(page, 'window.__posted.length > 0');
  }

  beforeEach(async function () {
    await open();
  });

  afterEach(async function () {
    const violations = await webview.cspViolations();
    await webview.close();
    assert.deepStrictEqual(webview.errors, [], 'no uncaught errors or console errors in the webview');
    assert.deepStrictEqual(violations, [], 'no Content-Security-Policy violations');
  });

  const posted = (): Promise<MessageFromReportWebview[]> => webview.posted<MessageFromReportWebview>();

  async function show(report: JsonReport, title = 'Understudy — test'): Promise<void> {
    const message: ShowReportMessage = { type: 'report', report, title };
    await webview.send(message);
    await page.locator('vscode-table-row').first().waitFor();
  }

  async function rows(): Promise<string[][]> {
    const texts: string[][] = [];
    for (const row of await page.locator('vscode-table-body vscode-table-row').all()) {
      texts.push((await row.locator('vscode-table-cell').allTextContents()).map((t) => t.trim()));
    }
    return texts;
  }

  async function systemOrder(): Promise<string[]> {
    return (await page.locator('vscode-table-row .system-link').allTextContents()).map((t) => t.trim());
  }

  const header = (key: string) => page.locator(`vscode-table-header-cell[data-key="${key}"]`);

  it('says ready once loaded, before any report', async () => {
    assert.deepStrictEqual(await posted(), [{ type: 'ready' }]);
    assert.strictEqual((await page.locator('.empty').textContent())?.trim(), 'Waiting for a report…');
  });

  it('renders systems × metrics with corpus scores, ROUGE as P/R/F, and the title', async () => {
    await show(sampleReport(), 'Understudy — three systems');
    assert.strictEqual(await page.locator('h1').textContent(), 'Understudy — three systems');
    const headers = (await page.locator('vscode-table-header-cell .label').allTextContents()).map((t) => t.trim());
    assert.deepStrictEqual(headers, ['System', 'bleu', 'chrf', 'ter', 'rouge1 P', 'rouge1 R', 'rouge1 F']);
    assert.deepStrictEqual(await rows(), [
      ['hyp.Facebook-AI.en', '34.57', '61.23', '52.00', '0.41234', '0.38765', '0.39988'],
      ['hyp.Online-B.en', '29.10', '64.50', '48.25', '0.50000', '0.45000', '0.47368'],
      ['hyp.Manifold.en', '31.00', '58.00', '60.50', '0.30000', '0.20000', '0.24000'],
    ]);
    // Signature on hover.
    assert.strictEqual(await page.locator('vscode-table-row').first().locator('vscode-table-cell[data-key="bleu"]').getAttribute('title'), BLEU_SIG);
    assert.strictEqual(await page.locator('vscode-table-row').first().locator('vscode-table-cell[data-key="rouge1.f"]').getAttribute('title'), ROUGE_SIG);
    assert.strictEqual(await page.locator('.warnings-section').count(), 0, 'no warnings section without warnings');
    assert.strictEqual(await page.locator('.histograms-section').count(), 0, 'no histogram without segment scores');
  });

  it('sorts by clicking a column header: best first, then reversed; error rates lowest first', async () => {
    await show(sampleReport());
    await header('bleu').click();
    assert.deepStrictEqual(await systemOrder(), ['hyp.Facebook-AI.en', 'hyp.Manifold.en', 'hyp.Online-B.en']);
    assert.strictEqual(await header('bleu').getAttribute('aria-sort'), 'descending');
    assert.strictEqual((await header('bleu').locator('.sort-indicator').textContent())?.trim(), '▼');
    await header('bleu').click();
    assert.deepStrictEqual(await systemOrder(), ['hyp.Online-B.en', 'hyp.Manifold.en', 'hyp.Facebook-AI.en']);
    assert.strictEqual(await header('bleu').getAttribute('aria-sort'), 'ascending');
    await header('ter').click();
    assert.deepStrictEqual(await systemOrder(), ['hyp.Online-B.en', 'hyp.Facebook-AI.en', 'hyp.Manifold.en']);
    assert.strictEqual(await header('bleu').getAttribute('aria-sort'), 'none');
    await header('rouge1.r').click();
    assert.deepStrictEqual(await systemOrder(), ['hyp.Online-B.en', 'hyp.Facebook-AI.en', 'hyp.Manifold.en']);
    await header('system').click();
    assert.deepStrictEqual(await systemOrder(), ['hyp.Facebook-AI.en', 'hyp.Manifold.en', 'hyp.Online-B.en']);
    // Whole rows move together.
    assert.deepStrictEqual((await rows())[1], ['hyp.Manifold.en', '31.00', '58.00', '60.50', '0.30000', '0.20000', '0.24000']);
  });

  it('sorts with the keyboard (Tab to a header, Enter or Space) and keeps focus on it', async () => {
    await show(sampleReport());
    await header('chrf').focus();
    await page.keyboard.press('Enter');
    assert.deepStrictEqual(await systemOrder(), ['hyp.Online-B.en', 'hyp.Facebook-AI.en', 'hyp.Manifold.en']);
    assert.strictEqual(await page.evaluate<string | null>("document.activeElement.getAttribute('data-key')"), 'chrf');
    await page.keyboard.press('Space');
    assert.deepStrictEqual(await systemOrder(), ['hyp.Manifold.en', 'hyp.Facebook-AI.en', 'hyp.Online-B.en']);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    assert.strictEqual(await header('ter').getAttribute('aria-sort'), 'ascending');
    assert.deepStrictEqual(await systemOrder(), ['hyp.Online-B.en', 'hyp.Facebook-AI.en', 'hyp.Manifold.en']);
  });

  it('keeps the sort when a newer report arrives', async () => {
    await show(sampleReport());
    await header('bleu').click();
    const newer = sampleReport();
    newer.systems[1].scores.bleu = result(40, BLEU_SIG);
    await show(newer);
    assert.deepStrictEqual(await systemOrder(), ['hyp.Online-B.en', 'hyp.Facebook-AI.en', 'hyp.Manifold.en']);
    assert.strictEqual((await rows())[0][1], '40.00');
  });

  it('saves the sort with setState and restores it from getState when the panel comes back', async () => {
    await show(sampleReport());
    await header('ter').click();
    assert.deepStrictEqual(await webview.state(), { sort: { key: 'ter', direction: 'ascending' } });
    await webview.close();
    webview = await openWebview(browser, server.url, { initialState: { sort: { key: 'bleu', direction: 'ascending' } } });
    page = webview.page;
    await show(sampleReport());
    assert.deepStrictEqual(await systemOrder(), ['hyp.Online-B.en', 'hyp.Manifold.en', 'hyp.Facebook-AI.en']);
    assert.strictEqual(await header('bleu').getAttribute('aria-sort'), 'ascending');
  });

  it('posts openFile when a system name is clicked or activated with Enter', async () => {
    await show(sampleReport());
    await page.locator('.system-link', { hasText: 'hyp.Online-B.en' }).click();
    await page.locator('.system-link', { hasText: 'hyp.Manifold.en' }).focus();
    await page.keyboard.press('Enter');
    assert.deepStrictEqual(await posted(), [
      { type: 'ready' },
      { type: 'openFile', file: 'hyp.Online-B.en' },
      { type: 'openFile', file: 'hyp.Manifold.en' },
    ]);
  });

  it('names systems by base name when those are unique (full path as tooltip and in openFile), else by path', async () => {
    const report = sampleReport();
    report.systems[0].file = 'runs/2024/hyp.Facebook-AI.en';
    report.systems[1].file = '/abs/out/hyp.Online-B.en';
    await show(report);
    assert.deepStrictEqual(await systemOrder(), ['hyp.Facebook-AI.en', 'hyp.Online-B.en', 'hyp.Manifold.en']);
    assert.strictEqual(await page.locator('.system-link').first().getAttribute('title'), 'Open runs/2024/hyp.Facebook-AI.en');
    await page.locator('.system-link').first().click();
    assert.deepStrictEqual((await posted()).at(-1), { type: 'openFile', file: 'runs/2024/hyp.Facebook-AI.en' });
    await header('system').click();
    assert.deepStrictEqual(await systemOrder(), ['hyp.Facebook-AI.en', 'hyp.Manifold.en', 'hyp.Online-B.en'], 'sorted by the names shown');
    report.systems[2].file = 'other/hyp.Online-B.en';
    await show(report);
    assert.deepStrictEqual(await systemOrder(), ['/abs/out/hyp.Online-B.en', 'other/hyp.Online-B.en', 'runs/2024/hyp.Facebook-AI.en']);
  });

  it('lists signatures and posts copySignature from the Copy button', async () => {
    await show(sampleReport());
    const items = page.locator('.signatures li');
    assert.deepStrictEqual(await items.locator('code').allTextContents(), [BLEU_SIG, CHRF_SIG, TER_SIG, ROUGE_SIG]);
    await page.locator('.signatures li[data-metric="ter"] vscode-button').click();
    await page.locator('.signatures li[data-metric="bleu"] vscode-button').click();
    assert.deepStrictEqual(await posted(), [
      { type: 'ready' },
      { type: 'copySignature', text: TER_SIG },
      { type: 'copySignature', text: BLEU_SIG },
    ]);
  });

  it('lists warnings', async () => {
    const report = sampleReport();
    report.warnings = [
      { code: 'empty-lines', file: 'hyp.Online-B.en', message: 'lines 3-4 are empty', lines: [2, 3] },
      { code: 'no-final-newline', file: 'ref.A.en', message: 'the file does not end with a newline' },
    ];
    await show(report);
    assert.strictEqual(await page.locator('.warnings-section h2').textContent(), 'Warnings (2)');
    assert.deepStrictEqual(await page.locator('.warnings li').allTextContents(), [
      'hyp.Online-B.en: lines 3-4 are empty',
      'ref.A.en: the file does not end with a newline',
    ]);
  });

  it('inserts file-derived text as text, never as HTML', async () => {
    const evil = '<img src=x onerror=alert(1)>.en';
    const report = sampleReport();
    report.systems[0].file = evil;
    report.systems[0].scores.bleu = result(34.567, '<img src=y onerror=alert(2)>');
    report.warnings = [{ code: 'empty-lines', file: evil, message: '<b onmouseover=alert(3)>empty</b>' }];
    report.segments = [{ system: 0, index: 0, scores: { bleu: 10 } }];
    await show(report, `Understudy — ${evil}`);
    assert.strictEqual(await page.locator('h1').textContent(), `Understudy — ${evil}`);
    assert.strictEqual(await page.locator('.system-link').first().textContent(), evil);
    assert.strictEqual(await page.locator('.warnings li').textContent(), `${evil}: <b onmouseover=alert(3)>empty</b>`);
    assert.ok((await page.locator('.signatures code').allTextContents()).includes('<img src=y onerror=alert(2)>'));
    assert.ok((await page.locator('.histogram text').allTextContents()).includes(evil), 'facet label shows the file name');
    assert.strictEqual(await page.locator('img').count(), 0, 'no <img> element was created');
    assert.strictEqual(await page.locator('b').count(), 0, 'no <b> element was created');
    await page.locator('.system-link').first().click();
    assert.deepStrictEqual((await posted()).at(-1), { type: 'openFile', file: evil });
    await page.waitForTimeout(100);
    assert.deepStrictEqual(webview.dialogs, [], 'no dialog fired');
  });

  it('draws one histogram of sentence-level scores per metric, coloured from the theme variables', async () => {
    await webview.close();
    await open({ '--vscode-charts-blue': '#0000ff', '--vscode-charts-orange': '#ff8800' });
    const report = sampleReport();
    report.systems = report.systems.slice(0, 2);
    // bleu over [0, 100] in 20 bins of 5: system 0 → bins 0, 2, 2, 19 (3 bars); system 1 → 10, 10, 10, 19 (2 bars).
    const bleu = [
      [0, 10, 12, 100],
      [50, 51, 52, 99.9],
    ];
    // chrf: one distinct value → a single bin; system 1's NaN is left out.
    const chrf = [
      [30, 30, 30, 30],
      [30, 30, 30, Number.NaN],
    ];
    report.segments = [];
    for (let system = 0; system < 2; system++) {
      for (let index = 0; index < 4; index++) report.segments.push({ system, index, scores: { bleu: bleu[system][index], chrf: chrf[system][index] } });
    }
    await show(report);
    const figures = page.locator('figure.histogram');
    assert.deepStrictEqual(await figures.locator('figcaption').allTextContents(), ['bleu', 'chrf']);
    const bleuBars = page.locator('figure.histogram[data-metric="bleu"] svg g[aria-label="rect"] rect');
    const chrfBars = page.locator('figure.histogram[data-metric="chrf"] svg g[aria-label="rect"] rect');
    assert.strictEqual(await bleuBars.count(), 5);
    assert.strictEqual(await chrfBars.count(), 2);
    assert.deepStrictEqual(await bleuBars.locator('title').allTextContents(), [
      'hyp.Facebook-AI.en\n1 segment in [0.00, 5.00)',
      'hyp.Facebook-AI.en\n2 segments in [10.00, 15.00)',
      'hyp.Facebook-AI.en\n1 segment in [95.00, 100.00)',
      'hyp.Online-B.en\n3 segments in [50.00, 55.00)',
      'hyp.Online-B.en\n1 segment in [95.00, 100.00)',
    ]);
    assert.deepStrictEqual(await chrfBars.locator('title').allTextContents(), [
      'hyp.Facebook-AI.en\n4 segments in [29.50, 30.50)',
      'hyp.Online-B.en\n3 segments in [29.50, 30.50)',
    ]);
    const fills = await bleuBars.evaluateAll((rects) => rects.map((r) => r.getAttribute('fill')));
    assert.deepStrictEqual(fills, ['#0000ff', '#0000ff', '#0000ff', '#ff8800', '#ff8800']);
    assert.strictEqual(await page.locator('figure.histogram svg style').count(), 0, "Plot's inline <style> is removed");
  });

  it('runs under the CSP: an inline <style> is refused (control for the violation check)', async () => {
    await page.evaluate("const s = document.createElement('style'); s.textContent = 'body { color: red }'; document.head.append(s);");
    await waitInPage(page, 'window.__cspViolations.length > 0');
    const violations = await page.evaluate<string[]>('window.__cspViolations.splice(0)');
    assert.deepStrictEqual(violations, ['style-src-elem inline']);
    const logged = webview.errors.splice(0);
    assert.ok(logged.length === 1 && logged[0].includes("Content Security Policy directive 'style-src"), logged.join('\n'));
  });
});
