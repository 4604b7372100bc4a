// The comparison webviews (two-system summary and pairwise table) alone in headless Chromium: the same HTML and CSP
// as in VS Code, acquireVsCodeApi stubbed, messages delivered with window.postMessage as the extension host would.
import * as assert from 'assert';
import * as crypto from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import type { Browser, Page } from 'playwright-core';
import type { ComparedPair, ComparisonReport, MetricComparison } from '../../src/core/compare/comparison-report';
import { compareHtml } from '../../webview/compare/compare-html';
import { makeNonce } from '../../webview/report/report-html';
import type { MessageFromCompareWebview, ShowPairwiseMessage, ShowSummaryMessage } from '../../webview/shared/compare-protocol';
import { closeWebview, launchChromium, openReadyWebview, ROOT, serveWebview, WebviewPage, WebviewServer } from './serve';

const EVIL = '<img src=x onerror=alert(1)>';
const BLEU_SIG = 'nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:2.6.0';
const TER_SIG = 'nrefs:1|case:lc|tok:tercom|norm:no|punct:yes|asian:no|version:2.6.0';

function pair(baseline: number, system: number, delta: number, pbs: number, par: number, adjusted = 1): ComparedPair {
  return {
    baseline,
    system,
    delta,
    bootstrap: { pValue: pbs, adjustedPValue: Math.min(1, pbs * adjusted), significant: pbs * adjusted < 0.05, deltaMean: delta, deltaLower: delta - 0.8, deltaUpper: delta + 0.8, systemHigher: 400, baselineHigher: 590, tied: 10 },
    randomization: { pValue: par, adjustedPValue: Math.min(1, par * adjusted), significant: par * adjusted < 0.05, exceedances: Math.round(par * 10001) - 1 },
    lines: { better: 430, worse: 443, equal: 127, incomparable: 0 },
  };
}

function metric(name: string, label: string, higherIsBetter: boolean, signature: string, scores: number[], pairs: ComparedPair[]): MetricComparison {
  return { metric: name, label, higherIsBetter, signature, scores, intervals: scores.map((s) => ({ mean: s + 0.01, halfWidth: 1.05, lower: s - 1, upper: s + 1 })), pairs };
}

function twoSystemReport(): ComparisonReport {
  return {
    understudy: '0.1.0',
    systems: [
      { name: 'hyp.Online-B.en', file: 'hyp.Online-B.en' },
      { name: 'hyp.Facebook-AI.en', file: 'hyp.Facebook-AI.en' },
    ],
    references: ['ref.A.en'],
    segments: 1000,
    settings: { seed: 12345, bootstrapSamples: 1000, randomizationTrials: 10000, correction: 'holm', alpha: 0.05, tests: ['paired-bootstrap', 'approximate-randomization'] },
    metrics: [
      metric('bleu', 'BLEU', true, BLEU_SIG, [31.694103194276334, 31.095372270632094], [pair(0, 1, -0.59873092364424, 0.06493506493506493, 0.1341865813418658)]),
      metric('ter', 'TER', false, TER_SIG, [56.09, 56.88], [pair(0, 1, 0.79, 0.04095904095904096, 0.0644935506449355)]),
    ],
  };
}

function summary(overrides: Partial<ShowSummaryMessage> = {}): ShowSummaryMessage {
  return {
    type: 'summary',
    title: 'runs/hyp.Online-B.en ↔ runs/hyp.Facebook-AI.en',
    names: ['runs/hyp.Online-B.en', 'runs/hyp.Facebook-AI.en'],
    metrics: ['bleu', 'ter'],
    report: twoSystemReport(),
    status: { state: 'ready' },
    stale: false,
    deltas: { bleu: [10, -45.25, 0, null, 3], ter: [-5, 20, 0, null, 1] },
    rankBy: 'bleu',
    filter: 'all',
    differences: [
      { line: 1, textA: 'the red car stopped', textB: 'a blue car stopped', removed: [{ start: 0, end: 7 }], added: [{ start: 0, end: 6 }], deltas: { bleu: -45.25, ter: 20 } },
      { line: 0, textA: `safe ${EVIL}`, textB: `${EVIL} & <b>bold</b>`, removed: [{ start: 0, end: 4 }], added: [{ start: 29, end: 30 }], deltas: { bleu: 10, ter: -5 } },
      { line: 4, textA: 'x', textB: 'y', removed: [{ start: 0, end: 1 }], added: [{ start: 0, end: 1 }], deltas: { bleu: 3, ter: 1 } },
    ],
    rankedCount: 3,
    commandLine: 'understudy compare --ref ref.A.en hyp.Online-B.en hyp.Facebook-AI.en --metrics bleu,ter',
    unsaved: [],
    ...overrides,
  };
}

function pairwiseReport(): ComparisonReport {
  const names = ['sys-A', EVIL, 'sys-C'];
  const base = twoSystemReport();
  return {
    ...base,
    systems: names.map((name) => ({ name, file: `${name}.en` })),
    metrics: [
      metric('bleu', 'BLEU', true, BLEU_SIG, [30, 32, 25], [pair(0, 1, 2, 0.01, 0.02, 3), pair(0, 2, -5, 0.000999, 0.0001, 3), pair(1, 2, -7, 0.000999, 0.0001, 3)]),
      metric('ter', 'TER', false, TER_SIG, [55, 60, 50], [pair(0, 1, 5, 0.2, 0.3, 3), pair(0, 2, -5, 0.001, 0.0002, 3), pair(1, 2, -10, 0.001, 0.0001, 3)]),
    ],
  };
}

function pairwise(overrides: Partial<ShowPairwiseMessage> = {}): ShowPairwiseMessage {
  return {
    type: 'pairwise',
    title: 'Understudy — 3 systems',
    names: ['sys-A', EVIL, 'sys-C'],
    metrics: ['bleu', 'ter'],
    report: pairwiseReport(),
    status: { state: 'ready' },
    commandLine: 'understudy compare --ref r sys-A.en x.en sys-C.en --metrics bleu,ter',
    ...overrides,
  };
}

describe('comparison webviews (headless Chromium)', function () {
  let browser: Browser;
  let server: WebviewServer;
  let webview: WebviewPage;
  let page: Page;

  before(async function () {
    if (!fs.existsSync(path.join(ROOT, 'dist/webview/compare.js'))) throw new Error('dist/webview/compare.js is missing: run `npm run build` first.');
    server = await serveWebview((served) =>
      compareHtml({
        cspSource: served.origin,
        scriptUri: served.bundleUri('compare.js'),
        styleUri: served.bundleUri('compare.css'),
        nonce: makeNonce((bound) => crypto.randomInt(bound)),
        title: 'Understudy comparison',
      }),
    );
    browser = await launchChromium();
  });

  after(async function () {
    await browser?.close();
    await server?.close();
  });

  async function open(initialState?: unknown): Promise<void> {
    webview = await openReadyWebview(browser, server.url, { initialState });
    page = webview.page;
  }

  beforeEach(async function () {
    await open();
  });

  afterEach(async function () {
    // No uncaught or console errors, no CSP violations, and no dialog (a hostile segment must not run script).
    assert.deepStrictEqual(await closeWebview(webview), { errors: [], violations: [], dialogs: [] });
  });

  const posted = (): Promise<MessageFromCompareWebview[]> => webview.posted<MessageFromCompareWebview>();
  const cells = (row: string): Promise<string[]> => page.locator(row).locator('th, td').allTextContents().then((t) => t.map((s) => s.trim()));

  describe('two-system summary', () => {
    it('says ready, then shows corpus scores, B − A with its interval, both p-values (sacreBLEU’s 4 decimals) and line counts', async () => {
      assert.deepStrictEqual(await posted(), [{ type: 'ready' }]);
      await webview.send(summary());
      await page.locator('table.summary').waitFor();
      // Base names in the heading (the full names in its tooltip and the line below).
      assert.strictEqual(await page.locator('h1').textContent(), 'hyp.Online-B.en ↔ hyp.Facebook-AI.en');
      assert.strictEqual(await page.locator('h1').getAttribute('title'), 'runs/hyp.Online-B.en ↔ runs/hyp.Facebook-AI.en');
      assert.match((await page.locator('p.systems').textContent()) ?? '', /runs\/hyp\.Online-B\.en \(baseline\)/);
      assert.deepStrictEqual(await cells('table.summary tr[data-metric="bleu"]'), ['BLEU ↑', '31.69', '31.10', '-0.60', '[-1.40, +0.20]', '0.0649', '0.1342', '430', '443', '127']);
      assert.deepStrictEqual(await cells('table.summary tr[data-metric="ter"]'), ['TER ↓', '56.09', '56.88', '+0.79', '[-0.01, +1.59]', '0.0410*', '0.0645', '430', '443', '127']);
      assert.strictEqual(await page.locator('table.summary tr[data-metric="ter"] td.delta').getAttribute('class'), 'numeric delta worse', 'TER up is worse');
      assert.match((await page.locator('.verdict').textContent()) ?? '', /^On BLEU, B is 0\.60 lower than A: not significant at α = 0\.05\.$/);
      assert.match((await page.locator('.settings').textContent()) ?? '', /1000 segments · paired bootstrap 1000 samples · approximate randomization 10000 trials · seed 12345/);
      assert.deepStrictEqual(await page.locator('.signatures code').allTextContents(), [BLEU_SIG, TER_SIG]);
    });

    it('shows progress with a Cancel button while the tests run, then Run again after a cancel', async () => {
      await webview.send(summary({ report: undefined, status: { state: 'computing', done: 250, total: 1000 } }));
      await page.locator('.status.computing').waitFor();
      assert.strictEqual(await page.locator('progress').getAttribute('value'), '25');
      assert.strictEqual(await page.locator('table.summary').count(), 0);
      await page.locator('button.cancel').click();
      await webview.send(summary({ report: undefined, status: { state: 'cancelled' } }));
      await page.locator('button.rerun').click();
      await webview.send(summary({ status: { state: 'error', message: 'the worker stopped' } }));
      assert.match((await page.locator('.status.error').textContent()) ?? '', /the worker stopped/);
      await webview.send(summary({ stale: true }));
      assert.match((await page.locator('.status.stale').textContent()) ?? '', /before your latest edit/);
      assert.deepStrictEqual((await posted()).slice(1), [{ type: 'cancel' }, { type: 'rerun' }]);
    });

    it('lists the largest differences with the words each side does not share, as text (a hostile segment included)', async () => {
      await webview.send(summary());
      const items = page.locator('ol.differences li');
      await items.first().waitFor();
      assert.strictEqual(await items.count(), 3);
      assert.deepStrictEqual(await items.nth(0).locator('del').allTextContents(), ['the red']);
      assert.deepStrictEqual(await items.nth(0).locator('ins').allTextContents(), ['a blue']);
      assert.deepStrictEqual(await items.nth(0).locator('.difference-head .delta').allTextContents(), ['BLEU -45.3 ▼', 'TER +20.0 ▼']);
      assert.strictEqual(await items.nth(1).locator('.segment').nth(1).textContent(), `${EVIL} & <b>bold</b>`);
      assert.deepStrictEqual(await items.nth(1).locator('ins').allTextContents(), ['&']);
      assert.strictEqual(await page.locator('img').count(), 0, 'no <img> element was created');
      assert.strictEqual(await page.locator('.segment b').count(), 0, 'no <b> element was created');
      assert.match((await page.locator('.differences-section .note').textContent()) ?? '', /^3 lines differ; the first 3 are listed/);
    });

    it('reveals a line on click, Enter, and moves between lines with the arrow keys', async () => {
      await webview.send(summary());
      await page.locator('button.line-link').first().waitFor();
      await page.locator('button.line-link[data-line="0"]').click();
      await page.locator('button.line-link[data-line="1"]').focus();
      await page.keyboard.press('ArrowDown');
      assert.strictEqual(await page.evaluate<string | null>("document.activeElement.getAttribute('data-line')"), '0');
      await page.keyboard.press('End');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Home');
      await page.keyboard.press('Space');
      assert.deepStrictEqual((await posted()).slice(1), [
        { type: 'revealLine', line: 0 },
        { type: 'revealLine', line: 4 },
        { type: 'revealLine', line: 1 },
      ]);
    });

    it('asks for another ranking from the metric and direction selectors, and keeps focus across updates', async () => {
      await webview.send(summary());
      await page.locator('select.rank-metric').selectOption('ter');
      await page.locator('select.rank-filter').selectOption('worse');
      assert.deepStrictEqual((await posted()).slice(1), [
        { type: 'rankBy', metric: 'ter', filter: 'all' },
        { type: 'rankBy', metric: 'ter', filter: 'worse' },
      ]);
      await page.locator('button.line-link[data-line="4"]').focus();
      await webview.send(summary({ status: { state: 'computing', done: 1, total: 2 } }));
      await page.locator('.status.computing').waitFor();
      assert.strictEqual(await page.evaluate<string | null>("document.activeElement.getAttribute('data-line')"), '4', 'a progress update does not steal focus');
    });

    it('draws the histogram of per-line differences of the ranking metric', async () => {
      await webview.send(summary());
      const figure = page.locator('figure.histogram[data-metric="bleu"]');
      await figure.waitFor();
      assert.strictEqual(await figure.locator('figcaption').textContent(), 'Per-line differences (BLEU)');
      assert.ok((await figure.locator('svg g[aria-label="rect"] rect').count()) >= 3, 'one bar per occupied bin');
      assert.strictEqual(await figure.locator('svg style').count(), 0);
    });

    it('goes back to an empty view with a hint when the comparison ends', async () => {
      await webview.send(summary());
      await page.locator('table.summary').waitFor();
      await webview.send({ type: 'empty', title: '', names: [], metrics: [], text: `The comparison ended ${EVIL}` });
      await page.locator('p.empty').waitFor();
      assert.strictEqual(await page.locator('table.summary').count(), 0);
      assert.strictEqual(await page.locator('p.empty').textContent(), `The comparison ended ${EVIL}`);
    });

    it('copies the command line and signatures; warns when the files have unsaved changes', async () => {
      await webview.send(summary({ unsaved: ['hyp.Facebook-AI.en'] }));
      await page.locator('.copy-command').click();
      await page.locator('.copy-signature').nth(1).click();
      assert.deepStrictEqual((await posted()).slice(1), [
        { type: 'copy', text: 'understudy compare --ref ref.A.en hyp.Online-B.en hyp.Facebook-AI.en --metrics bleu,ter' },
        { type: 'copy', text: TER_SIG },
      ]);
      assert.match((await page.locator('.reproduce .note').textContent()) ?? '', /Unsaved changes in hyp\.Facebook-AI\.en/);
    });
  });

  describe('pairwise table', () => {
    const systemNames = (): Promise<string[]> => page.locator('table.systems-table tbody .system-name').allTextContents();
    const pairKeys = (): Promise<(string | null)[]> => page.locator('table.pairs-table tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-pair')));
    const header = (table: string, key: string) => page.locator(`table.${table} th[data-key="${key}"]`);

    it('ranks the systems and lists every pair with raw and Holm-adjusted p-values; names are text', async () => {
      await webview.send(pairwise());
      await page.locator('table.pairs-table').waitFor();
      assert.deepStrictEqual(await systemNames(), [EVIL, 'sys-A', 'sys-C']);
      assert.deepStrictEqual(await cells('table.systems-table tbody tr[data-system="1"]'), ['1', EVIL, '32.00', '32.01 ± 1.05', '1', '0']);
      assert.deepStrictEqual(await cells('table.systems-table tbody tr[data-system="2"]'), ['3', 'sys-C', '25.00', '25.01 ± 1.05', '0', '2']);
      assert.deepStrictEqual(await page.locator('table.pairs-table thead th .label').allTextContents(), ['A', 'B', 'B − A', 'p bootstrap', 'adjusted', 'p AR', 'adjusted', 'B better / worse / equal', '']);
      assert.deepStrictEqual(await cells('table.pairs-table tr[data-pair="0-1"]'), ['sys-A', EVIL, '+2.00', '0.0100', '0.0300*', '0.0200', '0.0600', '430 / 443 / 127', 'Side by side']);
      assert.strictEqual(await page.locator('img').count(), 0, 'no <img> element was created');
      assert.match((await page.locator('.settings').textContent()) ?? '', /Holm over 3 pairs, α = 0\.05/);
    });

    it('sorts by a column with the mouse or the keyboard (Enter, Space, arrows between headers), remembered in the state', async () => {
      await webview.send(pairwise());
      await page.locator('table.pairs-table').waitFor();
      await header('pairs-table', 'delta').click();
      assert.deepStrictEqual(await pairKeys(), ['0-1', '0-2', '1-2']);
      assert.strictEqual(await header('pairs-table', 'delta').getAttribute('aria-sort'), 'descending');
      await header('pairs-table', 'delta').click();
      assert.deepStrictEqual(await pairKeys(), ['1-2', '0-2', '0-1']);
      await header('pairs-table', 'pbs').focus();
      await page.keyboard.press('Enter');
      assert.deepStrictEqual(await pairKeys(), ['0-2', '1-2', '0-1'], 'smallest p first, ties in table order');
      await page.keyboard.press('ArrowRight');
      assert.strictEqual(await page.evaluate<string | null>("document.activeElement.getAttribute('data-key')"), 'pbsAdjusted');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Space');
      assert.strictEqual(await header('pairs-table', 'par').getAttribute('aria-sort'), 'ascending');
      assert.deepStrictEqual(await pairKeys(), ['0-2', '1-2', '0-1']);
      assert.deepStrictEqual(await webview.state(), { pairSort: { key: 'par', direction: 'ascending' } });
      await header('systems-table', 'system').click();
      assert.deepStrictEqual(await systemNames(), [EVIL, 'sys-A', 'sys-C']);
      await header('systems-table', 'score').click();
      assert.deepStrictEqual(await systemNames(), [EVIL, 'sys-A', 'sys-C']);
      await header('systems-table', 'score').click();
      assert.deepStrictEqual(await systemNames(), ['sys-C', 'sys-A', EVIL]);
    });

    it('switches metrics with the tabs (click, arrow keys) and keeps the sort when the panel comes back', async () => {
      await webview.send(pairwise());
      await page.locator('.metric-tab[data-metric="bleu"]').focus();
      await page.keyboard.press('ArrowRight');
      assert.strictEqual(await page.locator('.metric-tab[aria-selected="true"]').textContent(), 'TER');
      assert.strictEqual(await page.evaluate<string | null>("document.activeElement.getAttribute('data-metric')"), 'ter');
      // TER: lower is better, so sys-C (50) ranks first.
      assert.deepStrictEqual(await systemNames(), ['sys-C', 'sys-A', EVIL]);
      await header('pairs-table', 'delta').click();
      const state = await webview.state();
      assert.deepStrictEqual(state, { metric: 'ter', pairSort: { key: 'delta', direction: 'descending' } });
      await webview.close();
      await open(state);
      await webview.send(pairwise());
      await page.locator('table.pairs-table').waitFor();
      assert.strictEqual(await page.locator('.metric-tab[aria-selected="true"]').textContent(), 'TER');
      assert.deepStrictEqual(await pairKeys(), ['0-1', '0-2', '1-2']);
      await page.locator('.metric-tab[data-metric="bleu"]').click();
      assert.strictEqual(await page.locator('.metric-tab[aria-selected="true"]').textContent(), 'BLEU');
    });

    it('opens a pair side by side, shows progress and the systems while computing, and cancels', async () => {
      await webview.send(pairwise());
      await page.locator('tr[data-pair="1-2"] button.compare-pair').click();
      await webview.send(pairwise({ report: undefined, status: { state: 'computing', done: 3, total: 4 } }));
      await page.locator('ol.pending-systems').waitFor();
      assert.deepStrictEqual(await page.locator('ol.pending-systems li').allTextContents(), ['sys-A', EVIL, 'sys-C']);
      assert.strictEqual(await page.locator('progress').getAttribute('value'), '75');
      await page.locator('button.cancel').click();
      assert.deepStrictEqual((await posted()).slice(1), [{ type: 'comparePair', baseline: 1, system: 2 }, { type: 'cancel' }]);
    });
  });
});
