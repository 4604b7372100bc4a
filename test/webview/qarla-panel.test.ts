// The QARLA and heterogeneity panels alone in headless Chromium: the same HTML and CSP as in VS Code, acquireVsCodeApi
// stubbed, messages delivered as the extension host would. The results are the worker job's on the seed003 §5.2 toy
// tables (test/fixtures/qarla), with one peer / one system renamed to a hostile name.
import * as assert from 'assert';
import * as crypto from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import type { Browser, Page } from 'playwright-core';
import { formatTableCell } from '../../src/core/report/correlation-tables';
import { analysisTableColumns } from '../../src/core/report/analysis-tables';
import { heterogeneityCommandLine, qarlaCommandLine } from '../../src/extension/qarla/analysis-command-line';
import { heterogeneityPanelAnalyses, QARLA_PANEL_ANALYSES } from '../../src/extension/qarla/analysis-settings';
import { runHeterogeneityJob, runQarlaJob } from '../../src/worker/meta-analysis-jobs';
import type { HeterogeneitySettings, MetaAnalysisResult, QarlaSettings } from '../../src/worker/meta-analysis-types';
import { analysisHtml } from '../../webview/qarla/analysis-html';
import { makeNonce } from '../../webview/report/report-html';
import type { MessageFromAnalysisWebview, ShowAnalysisMessage } from '../../webview/shared/analysis-protocol';
import { closeWebview, launchChromium, openReadyWebview, ROOT, serveWebview, waitInPage, WebviewPage, WebviewServer } from './serve';

const EVIL = '<img src=x onerror=alert(1)>';
const FIXTURES = path.join(ROOT, 'test', 'fixtures', 'qarla');
const quiet = { isCancelled: () => false, onProgress: () => undefined };

const QARLA: QarlaSettings = { models: ['m1', 'm2', 'm3', 'm4'], candidate: 'candidate', reference: 'reference', symmetric: false, options: {}, orders: 50 };
const HETEROGENEITY: HeterogeneitySettings = { system: 'system', human: 'human', lowerIsBetter: [], combinations: ['ulc', 'hbr'] };

let qarlaResult: MetaAnalysisResult;
let heterogeneityResult: MetaAnalysisResult;

function qarlaMessage(overrides: Partial<ShowAnalysisMessage> = {}): ShowAnalysisMessage {
  return {
    type: 'analysis',
    kind: 'qarla',
    revision: 1,
    title: 'QARLA — t2.tsv',
    table: 't2.tsv',
    settings: QARLA,
    choices: { columns: ['candidate', 'reference', 'x1', 'x2'], numeric: ['x1', 'x2'], names: ['m1', 'm2', 'm3', 'm4', EVIL, 'a2'] },
    result: qarlaResult,
    status: { state: 'ready' },
    commandLines: QARLA_PANEL_ANALYSES.map((analysis) => ({ analysis, commandLine: qarlaCommandLine(analysis, 't2.tsv', QARLA) })),
    unsaved: false,
    ...overrides,
  };
}

function heterogeneityMessage(overrides: Partial<ShowAnalysisMessage> = {}): ShowAnalysisMessage {
  return {
    type: 'analysis',
    kind: 'heterogeneity',
    revision: 1,
    title: 'Heterogeneity — t3.csv',
    table: 't3.csv',
    settings: HETEROGENEITY,
    choices: { columns: ['system', 'xA', 'xB', 'xC', 'human'], numeric: ['xA', 'xB', 'xC', 'human'], names: [] },
    result: heterogeneityResult,
    status: { state: 'ready' },
    commandLines: heterogeneityPanelAnalyses(HETEROGENEITY).map((analysis) => ({ analysis, commandLine: heterogeneityCommandLine(analysis, 't3.csv', HETEROGENEITY) })),
    unsaved: true,
    ...overrides,
  };
}

describe('QARLA and heterogeneity panels (webview in headless Chromium)', function () {
  this.timeout(120000);
  let browser: Browser;
  let server: WebviewServer;
  let webview: WebviewPage;
  let page: Page;

  before(async function () {
    if (!fs.existsSync(path.join(ROOT, 'dist/webview/qarla.js'))) throw new Error('dist/webview/qarla.js is missing: run `npm run build` first.');
    const t2 = fs.readFileSync(path.join(FIXTURES, 't2.tsv'), 'utf8').split('a1').join(EVIL);
    qarlaResult = runQarlaJob({ kind: 'qarla', table: { path: 't2.tsv', text: t2 }, settings: QARLA, analyses: [...QARLA_PANEL_ANALYSES] }, quiet);
    const t3 = fs.readFileSync(path.join(FIXTURES, 't3.csv'), 'utf8').replace('s1,', `${EVIL},`);
    heterogeneityResult = runHeterogeneityJob({ kind: 'heterogeneity', table: { path: 't3.csv', text: t3 }, settings: HETEROGENEITY, analyses: heterogeneityPanelAnalyses(HETEROGENEITY) }, quiet);
    server = await serveWebview((served) =>
      analysisHtml({
        cspSource: served.origin,
        scriptUri: served.bundleUri('qarla.js'),
        styleUri: served.bundleUri('qarla.css'),
        nonce: makeNonce((bound) => crypto.randomInt(bound)),
        title: 'Understudy QARLA',
      }),
    );
    browser = await launchChromium();
  });

  after(async function () {
    await browser?.close();
    await server?.close();
  });

  beforeEach(async function () {
    webview = await openReadyWebview(browser, server.url, { viewport: { width: 1100, height: 900 } });
    page = webview.page;
  });

  afterEach(async function () {
    // No uncaught or console errors, no CSP violation, no dialog (a hostile name must not run script).
    assert.deepStrictEqual(await closeWebview(webview), { errors: [], violations: [], dialogs: [] });
  });

  const sent = async (): Promise<MessageFromAnalysisWebview[]> => (await webview.posted<MessageFromAnalysisWebview>()).slice(1);
  const rowsOf = (selector: string): Promise<string[][]> =>
    page.locator(`${selector} tbody tr`).evaluateAll((rows) => rows.map((r) => [...r.children].map((c) => c.textContent?.trim() ?? '')));

  /** The rows of an outcome's table as the panel must print them. */
  function expectedRows(result: MetaAnalysisResult, analysis: string): string[][] {
    const table = result.outcomes.find((o) => o.analysis === analysis)?.table;
    assert.ok(table, analysis);
    const columns = analysisTableColumns(table);
    return table.rows.map((row) => row.map((cell, k) => formatTableCell(columns[k], cell)));
  }

  it('QARLA: the KING ranking as focusable bars, best first, and its table as the CLI prints it; a hostile name stays text', async () => {
    await webview.send(qarlaMessage());
    await page.locator('section[data-analysis="search"] table tbody tr').first().waitFor();
    assert.strictEqual(await page.locator('h1').textContent(), 'QARLA — t2.tsv');
    assert.match((await page.locator('.summary').textContent()) ?? '', /^1 case · 4 models \(m1, m2, m3, m4\) · 2 peers · 2 metrics \(x1, x2\)$/);
    assert.match((await page.locator('.conventions-line').textContent()) ?? '', /QUEEN at-least \(default\), m′ ≠ m″ \(default\), .*JACK symmetric \(default\)/);
    assert.deepStrictEqual(await page.locator('vscode-tab-header').allTextContents(), ['KING ranking', 'QUEEN', 'KING and JACK', 'Metric clusters', 'Estimate']);
    assert.deepStrictEqual(await rowsOf('section[data-analysis="search"] table'), expectedRows(qarlaResult, 'search'));
    assert.deepStrictEqual((await rowsOf('section[data-analysis="search"] table')).map((r) => [r[1], r[3]]), [['x1', '0.7500'], ['x1+x2', '0.7500'], ['x2', '0.0000']]);
    const bars = page.locator('figure[data-plot="qarla-king-search"] g[aria-label="bar"] > *');
    assert.deepStrictEqual(await bars.evaluateAll((b) => b.map((e) => [e.getAttribute('tabindex'), e.getAttribute('aria-label')])), [
      ['0', '{x1}: KING 0.7500'],
      ['0', '{x1, x2}: KING 0.7500'],
      ['0', '{x2}: KING 0.0000'],
    ]);
    // QUEEN tab: the hostile peer is a dot with its name as text.
    await page.locator('vscode-tab-header').nth(1).click();
    await page.locator('figure[data-plot="qarla-queen"] g[aria-label="dot"] circle').first().waitFor();
    if (process.env.UNDERSTUDY_SCREENSHOTS) await page.screenshot({ path: path.join(process.env.UNDERSTUDY_SCREENSHOTS, 'qarla-queen.png'), fullPage: true });
    const labels = await page.locator('figure[data-plot="qarla-queen"] g[aria-label="dot"] circle').evaluateAll((c) => c.map((e) => e.getAttribute('aria-label')));
    assert.ok(labels.includes(`${EVIL}, peer: QUEEN 0.0833`), labels.join(' | '));
    assert.ok((await page.locator('figure[data-plot="qarla-queen"] text').allTextContents()).includes(EVIL));
    assert.ok((await rowsOf('section[data-analysis="queen"] table')).some((r) => r[1] === EVIL));
    assert.strictEqual(await page.locator('img').count(), 0, 'no <img> element was created');
    assert.strictEqual(await page.locator('svg style').count(), 0, "Plot's inline <style> is removed for the CSP");
  });

  it('QARLA: KING, JACK and the JACK curve; the proximity heatmap and clusters; the estimate against chance', async () => {
    await webview.send(qarlaMessage());
    await page.locator('vscode-tab-header').nth(2).click();
    await page.locator('figure[data-plot="qarla-jack-curve"]').waitFor();
    assert.strictEqual(await page.locator('section[data-analysis="king"] .headline').textContent(), 'KING {x1, x2} = 0.7500');
    assert.strictEqual(await page.locator('section[data-analysis="jack"] .headline').textContent(), 'JACK {x1, x2} = 0.0000');
    assert.strictEqual(await page.locator('figure[data-plot="qarla-jack-curve"] g[aria-label="dot"] circle').count(), 2, 'one point per number of peers');
    assert.deepStrictEqual(await rowsOf('section[data-analysis="jack-curve"] table'), expectedRows(qarlaResult, 'jack-curve'));
    await page.locator('vscode-tab-header').nth(3).click();
    await page.locator('figure[data-plot="qarla-proximity"]').waitFor();
    assert.strictEqual(await page.locator('figure[data-plot="qarla-proximity"] g[aria-label="cell"] rect').count(), 4);
    assert.strictEqual(await page.locator('section[data-analysis="clusters"] ol.clusters li').count(), 2);
    await page.locator('vscode-tab-header').nth(4).click();
    await page.locator('figure[data-plot="qarla-estimate"]').waitFor();
    assert.deepStrictEqual(await rowsOf('section[data-analysis="estimate"] table'), expectedRows(qarlaResult, 'estimate'));
    assert.strictEqual(await page.locator('figure[data-plot="qarla-estimate"] g[aria-label="rule"] line').count() >= 1, true, 'the chance line');
  });

  it('sorts a table by keyboard, exports it in the order shown and the plot as SVG and PNG; copies command lines', async () => {
    await webview.send(qarlaMessage());
    await page.locator('section[data-analysis="search"] table tbody tr').first().waitFor();
    await page.locator('section[data-analysis="search"] th[data-key="c1"]').focus();
    await page.keyboard.press('Enter');
    assert.deepStrictEqual((await rowsOf('section[data-analysis="search"] table')).map((r) => r[1]), ['x1', 'x1+x2', 'x2']);
    await page.keyboard.press('Enter');
    assert.deepStrictEqual((await rowsOf('section[data-analysis="search"] table')).map((r) => r[1]), ['x2', 'x1+x2', 'x1']);
    await page.locator('.export[data-table="search"] button[data-format="csv"]').click();
    const figure = page.locator('figure[data-plot="qarla-king-search"]');
    await figure.locator('button.export-plot[data-format="svg"]').click();
    await figure.locator('button.export-plot[data-format="png"]').click();
    await page.locator('section[data-analysis="search"] vscode-button.copy-command').click();
    await page.locator('.reproduce li[data-analysis="jack-curve"] vscode-button.copy-command').click();
    await waitInPage(page, 'window.__posted.length >= 6');
    const messages = await sent();
    assert.deepStrictEqual(messages[0], { type: 'exportTable', analysis: 'search', format: 'csv', order: [2, 1, 0] });
    const svg = messages[1] as { type: string; name: string; format: string; data: string };
    assert.deepStrictEqual([svg.type, svg.name, svg.format], ['exportPlot', 'qarla-king-search', 'svg']);
    assert.match(svg.data, /^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    assert.ok(!svg.data.includes('tabindex'), 'no keyboard attributes in the file');
    assert.match((messages[2] as { data: string }).data, /^data:image\/png;base64,/);
    assert.deepStrictEqual(messages.slice(3), [
      { type: 'copy', text: qarlaCommandLine('search', 't2.tsv', QARLA) },
      { type: 'copy', text: qarlaCommandLine('jack-curve', 't2.tsv', QARLA) },
    ]);
    assert.strictEqual(qarlaCommandLine('jack-curve', 't2.tsv', QARLA), 'understudy qarla jack-curve t2.tsv --models m1,m2,m3,m4 --orders 50');
  });

  it('options: the papers’ readings with their defaults marked; Apply asks for a recompute; progress, Cancel and Run again', async () => {
    await webview.send(qarlaMessage());
    await page.locator('section[data-analysis="search"] table tbody tr').first().waitFor();
    await page.locator('vscode-collapsible.options').click();
    await page.locator('vscode-single-select[name="jackForm"]').waitFor();
    const options = await page.locator('vscode-single-select[name="jackForm"] vscode-option').allTextContents();
    assert.deepStrictEqual(options.map((o) => o.trim()), ['symmetric (DUC 2004) (default)', 'one-sided (ACL 2005)']);
    assert.deepStrictEqual((await page.locator('vscode-single-select[name="kingModels"] vscode-option').allTextContents()).map((o) => o.trim()), ['leave one out (default)', 'all (needs x(m, m))']);
    assert.strictEqual(await page.locator(`vscode-checkbox[name="models"][value="${EVIL}"]`).count(), 1, 'a hostile name is a checkbox value, as text');
    await page.evaluate(`document.querySelector('vscode-single-select[name="jackForm"]').value = 'one-sided'`);
    await page.locator('vscode-textfield[name="seed"] input').fill('7');
    await page.locator('vscode-button.apply').click();
    await page.locator('vscode-textfield[name="orders"] input').fill('many');
    await page.locator('vscode-button.apply').click();
    assert.match((await page.locator('.form-error').textContent()) ?? '', /orders must be a number/);
    assert.deepStrictEqual(await sent(), [
      { type: 'recompute', settings: { ...QARLA, options: { queenComparison: 'at-least', modelInPair: 'allowed', kingModels: 'leave-one-out', kingComparison: 'greater', jackForm: 'one-sided', caseAveraging: 'per-case' }, ties: 'strict', correlation: 'pearson', orders: 50, seed: 7 } },
    ]);
    // Progress: only the status line changes (same revision), and the focus stays.
    await page.locator('section[data-analysis="search"] th[data-key="c2"]').focus();
    await webview.send(qarlaMessage({ status: { state: 'computing', stage: 'KING search over metric subsets', done: 450, total: 1000 } }));
    await page.locator('.status.computing').waitFor();
    assert.strictEqual(await page.locator('progress').getAttribute('value'), '45');
    assert.match((await page.locator('.status').textContent()) ?? '', /^KING search over metric subsets… 45% Cancel The numbers below are from the previous settings/);
    assert.strictEqual(await page.evaluate<string | null>("document.activeElement.getAttribute('data-key')"), 'c2', 'progress does not steal the focus');
    await page.locator('vscode-button.cancel').click();
    await webview.send(qarlaMessage({ status: { state: 'cancelled' } }));
    await page.locator('vscode-button.rerun').click();
    assert.deepStrictEqual((await sent()).slice(1), [{ type: 'cancel' }, { type: 'recompute', settings: QARLA }]);
    await webview.send(qarlaMessage({ revision: 2, result: undefined, status: { state: 'error', message: `no column "${EVIL}"` } }));
    await page.locator('.status.error').waitFor();
    assert.strictEqual(await page.locator('.status.error span').textContent(), `Could not compute: no column "${EVIL}" `);
    assert.strictEqual(await page.locator('table').count(), 0);
  });

  it('heterogeneity: systems ranked by HBR beside ULC and the human score; H, R, S, subsets, SIP/SIR, OST and AUC tabs by keyboard', async () => {
    await webview.send(heterogeneityMessage());
    await page.locator('figure[data-plot="heterogeneity-hbr-ranks"]').waitFor();
    if (process.env.UNDERSTUDY_SCREENSHOTS) await page.screenshot({ path: path.join(process.env.UNDERSTUDY_SCREENSHOTS, 'heterogeneity-hbr.png'), fullPage: true });
    assert.match((await page.locator('.summary').textContent()) ?? '', /^4 systems × 1 segment, 4 assessed \(human score human\) · 3 metrics/);
    assert.deepStrictEqual(await page.locator('vscode-tab-header').allTextContents(), ['HBR ranks', 'H, R and S', 'Subsets', 'SIP/SIR', 'Oracle System Test', 'AUC']);
    const dots = await page.locator('figure[data-plot="heterogeneity-hbr-ranks"] g[aria-label="dot"] > *').evaluateAll((d) => d.map((e) => e.getAttribute('aria-label')));
    assert.strictEqual(dots.length, 12, '4 systems × HBR, ULC, human');
    assert.ok(dots.includes(`${EVIL}: rank 1 by HBR, 0.2778`), dots.join(' | '));
    assert.ok(dots.includes(`${EVIL}: rank 1 by human, 8.0000`));
    assert.deepStrictEqual((await page.locator('figure[data-plot="heterogeneity-hbr-ranks"] .legend').textContent())?.trim(), 'HBR ULC human');
    assert.deepStrictEqual(await rowsOf('section[data-analysis="hbr"] table'), expectedRows(heterogeneityResult, 'hbr'));
    assert.deepStrictEqual(await rowsOf('section[data-analysis="ulc"] table'), expectedRows(heterogeneityResult, 'ulc'));
    assert.match((await page.locator('.reproduce .note.warning').textContent()) ?? '', /Unsaved changes in t3\.csv/);
    let index = 0;
    const tab = async (label: string): Promise<void> => {
      await page.keyboard.press('ArrowRight');
      index++;
      // vscode-tabs moves the focus on its next update: wait for it before Enter.
      await waitInPage(page, `document.activeElement?.getAttribute('data-tab') === '${index}'`);
      await page.keyboard.press('Enter');
      await page.locator(`vscode-tab-panel[aria-label="${label}"] section`).first().waitFor();
    };
    await page.locator('vscode-tab-header').first().focus();
    await tab('H, R and S');
    assert.strictEqual(await page.locator('section[data-analysis="h"] .headline').textContent(), 'H{xA, xB, xC} = 0.3333 (every pair)');
    assert.deepStrictEqual(await rowsOf('section[data-analysis="reliability"] table'), expectedRows(heterogeneityResult, 'reliability'));
    await tab('Subsets');
    assert.strictEqual(await page.locator('section[data-analysis="subsets"] tbody tr').count(), 7);
    await tab('SIP/SIR');
    assert.deepStrictEqual(await rowsOf('section[data-analysis="sip"] table'), expectedRows(heterogeneityResult, 'sip'));
    await tab('Oracle System Test');
    assert.deepStrictEqual(await rowsOf('section[data-analysis="ost"] table'), expectedRows(heterogeneityResult, 'ost'));
    assert.deepStrictEqual(await page.locator('figure[data-plot="heterogeneity-ost"] g[aria-label="text"]').last().locator('text').allTextContents(), ['max', 'rand', 'min']);
    await tab('AUC');
    const auc = await page.locator('figure[data-plot="heterogeneity-auc"] g[aria-label="bar"] > *').evaluateAll((b) => b.map((e) => e.getAttribute('aria-label')));
    assert.strictEqual(auc.length, 5, 'three metrics, ULC and HBR');
    assert.deepStrictEqual(await rowsOf('section[data-analysis="auc"] table'), expectedRows(heterogeneityResult, 'auc'));
  });

  it('heterogeneity without human scores: the measures that need them say so; the options mark their defaults', async () => {
    const settings: HeterogeneitySettings = { system: 'system', metrics: ['xA', 'xB', 'xC'], lowerIsBetter: [], combinations: [] };
    const result = runHeterogeneityJob({ kind: 'heterogeneity', table: { path: 't3.csv', text: fs.readFileSync(path.join(FIXTURES, 't3.csv'), 'utf8') }, settings, analyses: heterogeneityPanelAnalyses(settings) }, quiet);
    await webview.send(heterogeneityMessage({ settings, result, commandLines: heterogeneityPanelAnalyses(settings).map((a) => ({ analysis: a, commandLine: heterogeneityCommandLine(a, 't3.csv', settings) })) }));
    await page.locator('figure[data-plot="heterogeneity-hbr-ranks"]').waitFor();
    assert.strictEqual(await page.locator('figure[data-plot="heterogeneity-hbr-ranks"] g[aria-label="dot"] > *').count(), 8, 'HBR and ULC');
    await page.locator('vscode-tab-header').nth(5).click();
    assert.strictEqual(await page.locator('section[data-analysis="auc"] .note').textContent(), 'Needs human scores: choose the human score column in Options.');
    await page.locator('vscode-collapsible.options').click();
    await page.locator('vscode-single-select[name="normalisation"]').waitFor();
    assert.deepStrictEqual((await page.locator('vscode-single-select[name="normalisation"] vscode-option').allTextContents()).map((o) => o.trim()), ['Asiya (default)', 'min–max', 'z-score', 'none']);
    assert.deepStrictEqual((await page.locator('vscode-single-select[name="human"] vscode-option').allTextContents()).map((o) => o.trim())[0], 'none (H, ULC and HBR only) (default)');
    await page.evaluate(`document.querySelector('vscode-single-select[name="human"]').value = 'human'`);
    await page.locator('vscode-button.apply').click();
    const [recompute] = await sent();
    assert.deepStrictEqual(recompute, { type: 'recompute', settings: { system: 'system', human: 'human', lowerIsBetter: [], combinations: [], normalisation: 'asiya', condition: 'at-least', outcome: 'at-least', alternative: 'two-sided', ties: 'mean' } });
  });
});
