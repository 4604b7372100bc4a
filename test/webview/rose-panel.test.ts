// The ROSE and human–system gap panels alone in headless Chromium: the same HTML and CSP as in VS Code,
// acquireVsCodeApi stubbed, messages delivered as the extension host would. ROSE runs on the real SummEval system table
// (test/fixtures/meta/summeval-system.tsv) with one metric column renamed to a hostile name; the gap on a table with
// human-written rows and a hostile system name.
import * as assert from 'assert';
import * as crypto from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import type { Browser, Page } from 'playwright-core';
import { parseScoreTable } from '../../src/cli/score-table';
import { ROSE_DEFAULTS, RoseRunOptions } from '../../src/core/meta/rose/rose-command-line';
import { cliCell, gapLines, gapPointsTable, roseHeadline, roseModelLines, roseSubsetsTable, roseWinnerLines } from '../../src/core/meta/rose/rose-tables';
import { computeGap } from '../../src/extension/rose/compute-gap';
import { runRoseJob } from '../../src/worker/rose-jobs';
import { makeNonce } from '../../webview/report/report-html';
import { gapHtml, roseHtml } from '../../webview/rose/panel-documents';
import type { MessageFromGapWebview, MessageFromRoseWebview, ShowGapMessage, ShowRoseMessage } from '../../webview/shared/rose-protocol';
import { closeWebview, launchChromium, openReadyWebview, ROOT, serveWebview, waitInPage, WebviewPage, WebviewServer } from './serve';

const EVIL = '<img src=x onerror=alert(1)>';
const TABLE = path.join(ROOT, 'test/fixtures/meta/summeval-system.tsv');

// The CLI's defaults but for the columns and the number of splits.
const OPTIONS: RoseRunOptions = { ...ROSE_DEFAULTS, human: 'relevance', metrics: [EVIL, 'rouge2', 'rougeL'], stratify: false, trials: 300, require: [] };

function roseMessage(overrides: Partial<ShowRoseMessage> = {}): ShowRoseMessage {
  const text = fs.readFileSync(TABLE, 'utf8').replace('\trouge1\t', `\t${EVIL}\t`);
  const { result, warnings } = runRoseJob({ type: 'rose', id: 1, table: { path: 'summeval-system.tsv', text }, options: OPTIONS, cancelFlag: new SharedArrayBuffer(4) });
  const table = parseScoreTable(text, 'summeval-system.tsv');
  return {
    type: 'rose',
    revision: 1,
    title: 'ROSE — summeval-system.tsv',
    table: 'summeval-system.tsv',
    columns: table.columns,
    numeric: table.columns.filter((c) => c !== 'system' && c !== 'kind'),
    status: { state: 'ready' },
    commandLine: `understudy rose summeval-system.tsv --human relevance --metrics '${EVIL},rouge2,rougeL' --trials 300`,
    unsaved: false,
    warnings,
    options: OPTIONS,
    result,
    manifest: 'understudy.json',
    ...overrides,
  };
}

function gapMessage(): ShowGapMessage {
  const rows = ['name\tkind\trouge2\tresponsiveness'];
  for (let s = 0; s < 10; s++) rows.push(`${s === 4 ? EVIL : `S${s}`}\tsystem\t${0.08 + 0.004 * s + 0.001 * Math.sin(s)}\t${2 + 0.1 * s + 0.05 * Math.cos(s * 2)}`);
  for (let h = 0; h < 3; h++) rows.push(`H${h}\thuman\t${0.11 + 0.003 * h}\t${4.2 + 0.1 * h}`);
  const table = parseScoreTable(rows.join('\n'), 'gap.tsv');
  const options = { metric: 'rouge2', human: 'responsiveness', group: 'kind', humanLabel: 'human', exclude: ['S3'] };
  const { result, warnings } = computeGap({ path: 'gap.tsv', table }, options);
  return {
    type: 'gap',
    revision: 1,
    title: 'Human–system gap — gap.tsv',
    table: 'gap.tsv',
    columns: table.columns,
    numeric: ['rouge2', 'responsiveness'],
    status: { state: 'ready' },
    commandLine: 'understudy gap gap.tsv --metric rouge2 --human responsiveness --group kind --exclude S3',
    unsaved: false,
    warnings,
    options,
    result,
    groupValues: ['system', 'human'],
  };
}

describe('ROSE and gap panels (headless Chromium)', function () {
  this.timeout(120000);
  let browser: Browser;
  let roseServer: WebviewServer;
  let gapServer: WebviewServer;
  let webview: WebviewPage;
  let page: Page;

  const documentOptions = (page: { origin: string; bundleUri: (name: string) => string }, bundle: string) => ({
    cspSource: page.origin,
    scriptUri: page.bundleUri(`${bundle}.js`),
    styleUri: page.bundleUri(`${bundle}.css`),
    nonce: makeNonce((bound) => crypto.randomInt(bound)),
    title: bundle,
  });

  before(async function () {
    for (const bundle of ['rose', 'gap']) {
      if (!fs.existsSync(path.join(ROOT, `dist/webview/${bundle}.js`))) throw new Error(`dist/webview/${bundle}.js is missing: run \`npm run build\` first.`);
    }
    roseServer = await serveWebview((served) => roseHtml(documentOptions(served, 'rose')));
    gapServer = await serveWebview((served) => gapHtml(documentOptions(served, 'gap')));
    browser = await launchChromium();
  });

  after(async function () {
    await browser?.close();
    await roseServer?.close();
    await gapServer?.close();
  });

  afterEach(async function () {
    // No uncaught or console errors, no CSP violation, no dialog (hostile names must stay text).
    assert.deepStrictEqual(await closeWebview(webview), { errors: [], violations: [], dialogs: [] });
  });

  async function open(server: WebviewServer): Promise<void> {
    webview = await openReadyWebview(browser, server.url, { viewport: { width: 1200, height: 900 } });
    page = webview.page;
  }

  const sent = async <T>(): Promise<T[]> => (await webview.posted<T>()).slice(1);
  const texts = (selector: string): Promise<string[]> => page.locator(selector).allTextContents().then((t) => t.map((s) => s.trim()));

  describe('ROSE', () => {
    beforeEach(async () => open(roseServer));

    it('shows the CLI\'s lines, the ranked subsets cell for cell, the weights and the distribution plot; hostile names as text', async () => {
      const message = roseMessage();
      const result = message.result!;
      await webview.send(message);
      await page.locator('table.rose-subsets tbody tr').first().waitFor();
      assert.deepStrictEqual(await texts('p.summary'), [roseHeadline(result)]);
      assert.deepStrictEqual(await texts('pre.winner'), [roseWinnerLines(result).join('\n')]);
      assert.deepStrictEqual(await texts('pre.model-lines'), [roseModelLines(result).join('\n')]);
      const table = roseSubsetsTable(result);
      const rows = await page.locator('table.rose-subsets tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent?.trim() ?? '').join('\t')));
      assert.deepStrictEqual(rows, table.rows.map((row) => row.map((cell, k) => cliCell(table.columns[k], cell)).join('\t')));
      assert.strictEqual(rows.length, 7);
      assert.ok(rows.some((r) => r.includes(EVIL)), 'the hostile metric name is shown as text');
      assert.strictEqual(await page.locator('img').count(), 0);
      // Two histogram rows (winner, best single) unless the winner is a single metric.
      const facets = await page.locator('figure.distribution svg g[aria-label="fy-axis tick label"] text').allTextContents();
      assert.ok(facets.length >= 1 && facets[0].startsWith('winner '), JSON.stringify(facets));
      assert.match(await page.locator('figcaption.mann-whitney').textContent() ?? '', result.comparison.u === null ? /nothing to compare/ : /^Mann–Whitney U \d/);
      assert.deepStrictEqual(await texts('.reproduce .command code'), [message.commandLine]);
      assert.ok((await page.locator('.paper-open').count()) === 0, 'the open choices are inside the (closed) options');
    });

    it('sorts the subsets from the keyboard and exports them in the order shown; saves, copies and exports the plot', async () => {
      await webview.send(roseMessage());
      await page.locator('table.rose-subsets tbody tr').first().waitFor();
      const header = page.locator('table.rose-subsets th[data-key="c1"]');
      await header.focus();
      await page.keyboard.press('Enter');
      assert.strictEqual(await header.getAttribute('aria-sort'), 'descending');
      const sizes = await page.locator('table.rose-subsets tbody td[data-key="c1"]').allTextContents();
      assert.deepStrictEqual(sizes, [...sizes].sort((a, b) => Number(b) - Number(a)));
      await page.keyboard.press('ArrowRight');
      assert.strictEqual(await page.evaluate('document.activeElement.getAttribute("data-key")'), 'c2');
      const order = await page.locator('table.rose-subsets tbody tr').evaluateAll((trs) => trs.map((tr) => Number(tr.getAttribute("data-row"))));
      await page.locator('.export[data-table="subsets"] button[data-format="latex"]').click();
      await page.locator('vscode-button.save-model').click();
      await page.locator('.reproduce vscode-button.copy-command').click();
      await page.locator('figure.distribution svg').waitFor();
      await page.locator('.table-heading button.export-plot[data-format="svg"]').click();
      await waitInPage(page, 'window.__posted.length >= 5');
      const posted = await sent<MessageFromRoseWebview>();
      assert.deepStrictEqual(posted.slice(0, 3), [
        { type: 'exportTable', table: 'subsets', format: 'latex', order },
        { type: 'saveModel' },
        { type: 'copy', text: roseMessage().commandLine },
      ]);
      const plot = posted[3] as Extract<MessageFromRoseWebview, { type: 'exportPlot' }>;
      assert.strictEqual(plot.type, 'exportPlot');
      assert.strictEqual(plot.format, 'svg');
      assert.match(plot.data, /^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      assert.ok(plot.data.includes('&lt;img src=x onerror=alert(1)&gt;') || !plot.data.includes('<img'), 'hostile text escaped in the SVG');
    });

    it('shows progress with a Cancel that posts cancel, then Run again; the options form applies the CLI\'s options', async () => {
      const base = roseMessage();
      await webview.send({ ...base, status: { state: 'computing', done: 1000, total: 4000 } });
      await page.locator('#meta-status progress').waitFor();
      assert.strictEqual(await page.locator('#meta-status progress').getAttribute('value'), '25');
      assert.match(await page.locator('#meta-status').textContent() ?? '', /Train\/test splits: 1,000 of 4,000… .*25%/);
      await page.locator('#meta-status vscode-button.cancel').click();
      await webview.send({ ...base, status: { state: 'cancelled' } });
      await page.locator('#meta-status vscode-button.rerun').waitFor();
      await page.locator('#meta-status vscode-button.rerun').click();
      // Options: open, change the splits and the candidates, apply.
      await page.locator('vscode-collapsible.options').click();
      await page.locator('vscode-textfield[name="trials"]').waitFor();
      assert.ok((await page.locator('.paper-open').count()) >= 4, 'each paper-open choice is marked');
      await page.evaluate(`(() => { const f = document.querySelector('vscode-textfield[name="trials"]'); f.value = '500'; const c = document.querySelector('vscode-single-select[name="candidates"]'); c.value = 'combinations'; })()`);
      await page.locator('vscode-button.apply').click();
      await waitInPage(page, 'window.__posted.length >= 4');
      const posted = await sent<MessageFromRoseWebview>();
      assert.deepStrictEqual(posted.slice(0, 2), [{ type: 'cancel' }, { type: 'recompute', options: OPTIONS }]);
      assert.deepStrictEqual(posted[2], { type: 'recompute', options: { ...OPTIONS, trials: 500, candidates: 'combinations' } });
      // A bad value is refused in the form with a message.
      await page.evaluate(`document.querySelector('vscode-textfield[name="testFraction"]').value = '1.5'`);
      await page.locator('vscode-button.apply').click();
      assert.match(await page.locator('.form-error').textContent() ?? '', /test fraction must be between 0 and 1/);
      assert.strictEqual((await sent()).length, 3);
    });
  });

  describe('human–system gap', () => {
    beforeEach(async () => open(gapServer));

    it('marks human-written rows apart, draws a line per group, prints the gap as the CLI does; points are keyboard-focusable', async () => {
      const message = gapMessage();
      const result = message.result!;
      await webview.send(message);
      await page.locator('table.gap-points tbody tr').first().waitFor();
      assert.deepStrictEqual(await texts('pre.gap-lines'), [gapLines(result).join('\n')]);
      const points = gapPointsTable(result);
      const rows = await page.locator('table.gap-points tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent?.trim() ?? '').join('\t')));
      assert.deepStrictEqual(rows, points.rows.map((row) => row.map((cell, k) => cliCell(points.columns[k], cell)).join('\t')));
      assert.strictEqual(await page.locator('figure.gap-scatter .point.human').count(), 3);
      assert.strictEqual(await page.locator('figure.gap-scatter .point.system').count(), 10);
      assert.strictEqual(await page.locator('figure.gap-scatter g[aria-label="line"]').count(), 2);
      const evil = page.locator(`figure.gap-scatter .point[data-name="${EVIL.replace(/"/g, '\\"')}"]`);
      await evil.focus();
      assert.match(await page.evaluate<string>('document.activeElement.getAttribute("aria-label")'), /^<img src=x onerror=alert\(1\)>, system: rouge2 /);
      assert.strictEqual(await page.locator('img').count(), 0);
      await page.locator('.export[data-table="groups"] button[data-format="csv"]').click();
      await waitInPage(page, 'window.__posted.length >= 2');
      assert.deepStrictEqual(await sent<MessageFromGapWebview>(), [{ type: 'exportTable', table: 'groups', format: 'csv' }]);
    });

    it('the options form says bisquare is the default reading and recomputes with the method and exclusions chosen', async () => {
      await webview.send(gapMessage());
      await page.locator('table.gap-points tbody tr').first().waitFor();
      await page.locator('vscode-collapsible.options').click();
      await page.locator('vscode-single-select[name="method"]').waitFor();
      assert.match((await texts('.paper-open')).join(' '), /does not name its robust fit/);
      await page.evaluate(`(() => { document.querySelector('vscode-single-select[name="method"]').value = 'theil-sen'; for (const c of document.querySelectorAll('vscode-checkbox[name="exclude"]')) c.checked = c.value === 'S1'; })()`);
      await page.locator('vscode-button.apply').click();
      await waitInPage(page, 'window.__posted.length >= 2');
      assert.deepStrictEqual(await sent<MessageFromGapWebview>(), [
        { type: 'recompute', options: { metric: 'rouge2', human: 'responsiveness', group: 'kind', humanLabel: 'human', exclude: ['S1'], method: 'theil-sen' } },
      ]);
    });
  });
});
