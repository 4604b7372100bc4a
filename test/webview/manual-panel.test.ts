// The Manual Evaluation panel alone in headless Chromium: the same HTML and CSP as in VS Code, acquireVsCodeApi
// stubbed, messages delivered as the extension host would. The analyses are the real ones the worker computes on the
// fixtures (src/worker/manual-job.ts), one peer annotation file renamed to a hostile name.
import * as assert from 'assert';
import * as crypto from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import type { Browser, Page } from 'playwright-core';
import { ManualInput, PyramidInput } from '../../src/core/meta/manual/manual-analysis';
import { textTableCells } from '../../src/core/meta/manual/text-table';
import { runManualJob } from '../../src/worker/manual-job';
import { manualPanelView } from '../../src/core/meta/manual/manual-panel-view';
import { manualHtml } from '../../webview/manual/manual-html';
import { makeNonce } from '../../webview/report/report-html';
import type { ManualPanelOptions, MessageFromManualWebview, ShowManualMessage } from '../../webview/shared/manual-protocol';
import { FIXTURES } from '../unit/golden';
import { closeWebview, launchChromium, openReadyWebview, ROOT, serveWebview, waitInPage, WebviewPage, WebviewServer } from './serve';

const EVIL = '<img src=x onerror=alert(1)>';
const MANUAL = path.join(FIXTURES, 'manual');
const read = (...parts: string[]): string => fs.readFileSync(path.join(...parts), 'utf8');

function pyramidInput(): PyramidInput {
  return {
    kind: 'pyramid',
    json: [],
    // P1's annotation under a hostile file name: the peer is named by the file (without .pan).
    pan: [
      { path: `ducview/${EVIL}.pan`, text: read(MANUAL, 'ducview/P1.pan') },
      { path: 'ducview/P2.pan', text: read(MANUAL, 'ducview/P2.pan') },
    ],
    pyr: [{ path: 'ducview/D9999-A.pyr', text: read(MANUAL, 'ducview/D9999-A.pyr') }],
    options: { jackknife: true, averageCount: 'exact', scoreModels: true },
  };
}

function message(input: ManualInput, options: ManualPanelOptions, overrides: Partial<ShowManualMessage> = {}): ShowManualMessage {
  const result = runManualJob({ type: 'manual', id: 1, input, cancelFlag: new SharedArrayBuffer(4) });
  return {
    type: 'manual',
    revision: 1,
    title: `Pyramid scores — ${EVIL}.pan +2`,
    kind: input.kind,
    identical: false,
    files: ['ducview/P2.pan', `ducview/${EVIL}.pan`],
    options,
    analysis: manualPanelView(result.analysis),
    skipped: result.skipped,
    status: { state: 'ready' },
    commandLine: result.commandLine,
    unsaved: [],
    ...overrides,
  };
}

const PYRAMID_OPTIONS: ManualPanelOptions = { kind: 'pyramid', pyramid: { jackknife: true, averageCount: 'exact', scoreModels: true } };

describe('Manual Evaluation panel (headless Chromium)', function () {
  this.timeout(120000);
  let browser: Browser;
  let server: WebviewServer;
  let webview: WebviewPage;
  let page: Page;

  before(async function () {
    if (!fs.existsSync(path.join(ROOT, 'dist/webview/manual.js'))) throw new Error('dist/webview/manual.js is missing: run `npm run build` first.');
    server = await serveWebview((served) =>
      manualHtml({
        cspSource: served.origin,
        scriptUri: served.bundleUri('manual.js'),
        styleUri: served.bundleUri('manual.css'),
        nonce: makeNonce((bound) => crypto.randomInt(bound)),
        title: 'Understudy manual evaluation',
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

  const sent = async (): Promise<MessageFromManualWebview[]> => (await webview.posted<MessageFromManualWebview>()).slice(1);
  const rows = (table: string): Promise<string[][]> =>
    page.locator(`table.manual-table.${table} tbody tr`).evaluateAll((trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent?.trim() ?? '')));

  async function show(m: ShowManualMessage): Promise<void> {
    await webview.send(m);
    await page.locator('table.manual-table').first().waitFor();
  }

  it('shows the pyramid tables as the CLI prints them, the tiers as a plot, and the hostile peer name as text', async () => {
    const m = message(pyramidInput(), PYRAMID_OPTIONS);
    await show(m);
    assert.strictEqual(await page.locator('h1').textContent(), m.title);
    for (const table of m.analysis?.tables ?? []) {
      const { cells } = textTableCells(table.header, table.rows);
      assert.deepStrictEqual(await rows(table.name), cells, table.name);
    }
    assert.ok((await rows('systems')).some((r) => r[0] === EVIL), 'the peer named by the hostile file, as text');
    assert.strictEqual(await page.locator('img').count(), 0);
    // The tiers: T3:2 T2:1 T1:2, each a focusable bar read out with the chosen peer's count.
    const tiers = page.locator('figure.tiers rect.tier');
    assert.strictEqual(await tiers.count(), 3);
    const labels = await tiers.evaluateAll((rects) => rects.map((r) => r.getAttribute('aria-label')));
    assert.match(labels[0] ?? '', new RegExp(`^Tier of weight 3: 2 SCUs; ${EVIL.replace(/[()]/g, '\\$&')} expresses \\d of them\\.$`));
    assert.match(labels[2] ?? '', /^Tier of weight 1: 2 SCUs;/);
    assert.match((await page.locator('.tier-caption').textContent()) ?? '', /3 models, 5 SCUs in 3 tiers/);
    // Per-system scores at a glance: a focusable dot per summarizer and measure, read out as the tables print them.
    const dots = await page.locator('figure.scores .score-dot').evaluateAll((marks) => marks.map((m) => [m.getAttribute('tabindex'), m.getAttribute('aria-label')]));
    assert.strictEqual(dots.length, 10, '5 summarizers × modified and original');
    assert.ok(dots.every(([tabindex]) => tabindex === '0'));
    const systems = m.analysis?.tables.find((t) => t.name === 'systems');
    const evil = systems?.rows.find((r) => r[0] === EVIL);
    assert.ok(dots.some(([, label]) => label === `${EVIL}: modified pyramid ${(evil?.[3] as number).toFixed(4)}`));
    // The text report as `understudy pyramid` prints it, and the command line.
    assert.strictEqual(await page.locator('.text-output pre').textContent(), m.analysis?.text);
    assert.strictEqual(await page.locator('.reproduce .command code').textContent(), m.commandLine);
    assert.match(m.commandLine, /^understudy pyramid 'ducview\/<img src=x onerror=alert\(1\)>\.pan' ducview\/P2\.pan --pyr ducview\/D9999-A\.pyr$/);
  });

  it('is used with the keyboard: sort by Enter and Space, arrows between headers, tiers in the tab order, another peer chosen', async () => {
    await show(message(pyramidInput(), PYRAMID_OPTIONS));
    const header = page.locator('table.manual-table.systems th[data-key="3"]');
    await header.focus();
    await page.keyboard.press('Enter');
    assert.strictEqual(await header.getAttribute('aria-sort'), 'descending');
    const modified = async (): Promise<number[]> => (await rows('systems')).map((r) => Number(r[3]));
    const down = await modified();
    assert.deepStrictEqual(down, [...down].sort((a, b) => b - a));
    await page.keyboard.press(' ');
    assert.strictEqual(await header.getAttribute('aria-sort'), 'ascending');
    await page.keyboard.press('ArrowLeft');
    assert.strictEqual(await page.evaluate(`document.activeElement?.getAttribute('data-key')`), '2');
    assert.deepStrictEqual(await webview.state(), { sorts: { systems: { key: '3', direction: 'ascending' } } });
    // The tiers are reached with Tab.
    assert.deepStrictEqual(await page.locator('figure.tiers rect.tier').evaluateAll((rects) => rects.map((r) => r.getAttribute('tabindex'))), ['0', '0', '0']);
    // Another peer: the plot and its caption follow.
    await page.evaluate(`
      const select = document.querySelector('vscode-single-select[name="peer"]');
      select.value = 'P2';
      select.dispatchEvent(new Event('change'));
    `);
    await waitInPage(page, `document.querySelector('.tier-caption')?.textContent.includes('P2: D =')`);
    assert.match((await page.locator('figure.tiers rect.tier').first().getAttribute('aria-label')) ?? '', /P2 expresses/);
  });

  it('exports tables (CSV, LaTeX in the order shown) and the tier plot (standalone SVG with the name as text, PNG)', async () => {
    await show(message(pyramidInput(), PYRAMID_OPTIONS));
    await page.locator('table.manual-table.systems th[data-key="0"]').click();
    const section = page.locator('section[data-table="systems"]');
    await section.locator('button.export-table[data-format="csv"]').click();
    await section.locator('button.export-table[data-format="latex"]').click();
    const order = await page.locator('table.manual-table.systems tbody tr').evaluateAll((trs) => trs.map((tr) => Number(tr.getAttribute('data-row'))));
    await page.locator('.tier-section button.export-plot[data-format="svg"]').click();
    await page.locator('.tier-section button.export-plot[data-format="png"]').click();
    await waitInPage(page, 'window.__posted.length >= 5');
    const posted = await sent();
    assert.deepStrictEqual(posted.slice(0, 2), [
      { type: 'exportTable', table: 'systems', format: 'csv', order },
      { type: 'exportTable', table: 'systems', format: 'latex', order },
    ]);
    const svg = posted[2] as Extract<MessageFromManualWebview, { type: 'exportPlot' }>;
    assert.strictEqual(svg.format, 'svg');
    assert.ok(svg.name.startsWith('pyramid-tiers-D9999-A-'), svg.name);
    assert.ok(svg.data.startsWith('<svg') && svg.data.includes('xmlns="http://www.w3.org/2000/svg"'));
    assert.ok(!svg.data.includes('tabindex'), 'no focus stops in the file');
    const png = posted[3] as Extract<MessageFromManualWebview, { type: 'exportPlot' }>;
    assert.strictEqual(png.format, 'png');
    assert.ok(png.data.startsWith('data:image/png;base64,'));
  });

  it('asks for a recompute with the options chosen (open choices marked), and shows progress, Cancel, errors and Run again', async () => {
    await show(message(pyramidInput(), PYRAMID_OPTIONS));
    assert.strictEqual(await page.locator('.options .open-choice').count(), 2, 'jackknife and the average count are open choices');
    await page.locator('vscode-checkbox[name="jackknife"]').click();
    await page.evaluate(`document.querySelector('vscode-single-select[name="averageCount"]').value = 'ceil'`);
    await page.locator('vscode-textfield[name="peerName"] input').fill('^P(\\d)\\.pan$');
    // A resize redraws the plots (debounced 150 ms); the edits in the form survive it.
    const size = page.viewportSize();
    await page.setViewportSize({ width: (size?.width ?? 1000) - 40, height: size?.height ?? 800 });
    await page.waitForTimeout(400);
    await page.locator('vscode-button.apply').click();
    await waitInPage(page, 'window.__posted.length >= 2');
    assert.deepStrictEqual((await sent())[0], {
      type: 'recompute',
      options: { kind: 'pyramid', pyramid: { jackknife: false, averageCount: 'ceil', scoreModels: true, peerName: '^P(\\d)\\.pan$' } },
    });
    const computing = message(pyramidInput(), PYRAMID_OPTIONS, { status: { state: 'computing', stage: 'Reading the annotations', done: 2, total: 4 } });
    await webview.send(computing);
    await waitInPage(page, `document.querySelector('.status.computing .percent')?.textContent.includes('50%')`);
    await page.locator('.status vscode-button.cancel').click();
    await webview.send({ ...computing, revision: 2, analysis: undefined, status: { state: 'error', message: 'ducview/P9.pan, line 3: <part> needs integer start ≤ end offsets.' } });
    await waitInPage(page, `document.querySelector('.status.error')`);
    assert.match((await page.locator('.status.error').textContent()) ?? '', /Cannot compute: ducview\/P9\.pan, line 3: <part> needs integer start ≤ end offsets\. Fix the file/);
    assert.ok(await page.locator('.options vscode-button.apply').isVisible(), 'the options stay, to be corrected');
    await page.locator('.status vscode-button.rerun').click();
    await waitInPage(page, 'window.__posted.length >= 4');
    assert.deepStrictEqual((await sent()).slice(1).map((m) => m.type), ['cancel', 'recompute']);
  });

  it('names the files left out and why, opens them, and copies the command line', async () => {
    const skipped = [{ path: `ducview/${EVIL}2.pan`, message: `ducview/${EVIL}2.pan, line 1: expected a <peerAnnotation> (a DUCView .pan file) but the root is <pyramid>.` }];
    await show(message(pyramidInput(), PYRAMID_OPTIONS, { skipped }));
    assert.strictEqual(await page.locator('.skipped li .skipped-message').textContent(), skipped[0].message);
    await page.locator('.skipped li button.file-link').click();
    await page.locator('.files button.file-link').first().click();
    await page.locator('.reproduce vscode-button.copy-command').click();
    await waitInPage(page, 'window.__posted.length >= 4');
    const posted = await sent();
    assert.deepStrictEqual(posted.slice(0, 2), [
      { type: 'openFile', path: skipped[0].path },
      { type: 'openFile', path: 'ducview/P2.pan' },
    ]);
    assert.strictEqual(posted[2].type, 'copy');
  });

  it("shows Krippendorff's alpha with its inputs: the coincidence matrix and the reliability data", async () => {
    const input: ManualInput = { kind: 'agreement', file: { path: 'reliability/four-coders.csv', text: read(MANUAL, 'reliability/krippendorff-2011-four-coders.csv') }, identical: false, options: { level: 'nominal' } };
    await show(message(input, { kind: 'agreement', agreement: { level: 'nominal' } }, { kind: 'agreement', title: "Krippendorff's alpha — four-coders.csv" }));
    const alpha = await rows('alpha');
    assert.strictEqual(alpha.length, 1);
    assert.strictEqual(alpha[0][2], '0.7434');
    assert.strictEqual(await page.locator('figure.coincidences table.matrix tbody tr').count(), 5, 'values 1–5');
    assert.strictEqual(await page.locator('figure.reliability-data table.reliability tbody tr').count(), 12);
    assert.strictEqual(await page.locator('.options .open-choice').count(), 1);
    assert.strictEqual(await page.locator('figure.tiers').count(), 0);
  });

  it('lists the first 500 rows of a long table in the order of the whole table, all on request, and exports all', async () => {
    const rowsOf = Array.from({ length: 600 }, (_, i) => [`s${i}`, (i * 37) % 600]);
    const base = message(pyramidInput(), PYRAMID_OPTIONS);
    const analysis = { ...(base.analysis as NonNullable<ShowManualMessage['analysis']>), tables: [{ name: 'systems', header: ['summarizer', 'score'], rows: rowsOf }] };
    await show({ ...base, analysis });
    assert.strictEqual(await page.locator('table.manual-table.systems tbody tr').count(), 500);
    await page.locator('table.manual-table.systems th[data-key="1"]').focus();
    await page.keyboard.press('Enter');
    await waitInPage(page, `document.querySelector('table.manual-table.systems tbody tr td:nth-child(2)')?.textContent === '599'`);
    assert.strictEqual(await page.evaluate(`document.activeElement?.getAttribute('data-key')`), '1', 'focus stays on the header');
    await page.locator('section[data-table="systems"] button.show-all').click();
    assert.strictEqual(await page.locator('table.manual-table.systems tbody tr').count(), 600);
    // A resize redraws the panel (debounced 150 ms): the table stays whole.
    const size = page.viewportSize();
    await page.setViewportSize({ width: (size?.width ?? 1000) - 40, height: size?.height ?? 800 });
    await page.waitForTimeout(400);
    assert.strictEqual(await page.locator('table.manual-table.systems tbody tr').count(), 600);
    assert.ok(await page.locator('section[data-table="systems"] .more-rows').isHidden());
    await page.locator('section[data-table="systems"] button.export-table[data-format="csv"]').click();
    await waitInPage(page, 'window.__posted.length >= 2');
    const exported = (await sent())[0] as Extract<MessageFromManualWebview, { type: 'exportTable' }>;
    assert.strictEqual(exported.order?.length, 600);
    assert.strictEqual(rowsOf[exported.order?.[0] ?? -1][1], 599);
  });
});
