// The correlation panel alone in headless Chromium: the same HTML and CSP as in VS Code, acquireVsCodeApi stubbed,
// messages delivered as the extension host would. The report is the real WMT21 cs-en meta-evaluation (8 systems,
// BLEU, chrF, TER against DA z) with one system renamed to a hostile name.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import type { Browser, Page } from 'playwright-core';
import type { CorrelationReport } from '../../src/core/meta/correlation-report';
import type { CorrelationPanelOptions, MessageFromCorrelationWebview, ShowCorrelationsMessage } from '../../webview/shared/correlation-protocol';
import { csEnReport } from '../unit/correlation-fixture';
import { closeWebview, launchChromium, openReadyWebview, OpenOptions, ROOT, startCorrelationPageServer, waitInPage, WebviewPage, WebviewServer } from './serve';

const EVIL = '<img src=x onerror=alert(1)>';

const OPTIONS: CorrelationPanelOptions = {
  correlations: ['pearson', 'spearman', 'kendall-b'],
  groupings: ['pooled', 'by-system', 'by-item'],
  level: 0.95,
  bootstrapSamples: 200,
  resample: 'items',
  permutationSamples: 200,
  seed: 12345,
  correction: 'holm',
  aspects: [],
};

function hostileReport(): CorrelationReport {
  const report = csEnReport({ bootstrapSamples: 200, permutationSamples: 200, includeSegments: true });
  return JSON.parse(JSON.stringify(report).split('"Online-B"').join(JSON.stringify(EVIL))) as CorrelationReport;
}

let report: CorrelationReport;

function message(overrides: Partial<ShowCorrelationsMessage> = {}): ShowCorrelationsMessage {
  return {
    type: 'correlations',
    revision: 1,
    title: 'Correlations with DA z — wmt21 cs-en',
    report,
    options: OPTIONS,
    aspects: ['z', 'raw'],
    status: { state: 'ready' },
    commandLine: 'understudy correlate --human ad-seg-scores-cs-en.csv --human ad-sys-ranking-cs-en-z-names.csv --ref ref.A.en hyp.*.en --metrics bleu,chrf,ter --bootstrap 200 --permutations 200',
    unsaved: [],
    openable: report.systems.filter((s) => s.file !== null).map((s) => s.name),
    ...overrides,
  };
}

const DARK = {
  '--vscode-foreground': '#cccccc',
  '--vscode-editor-background': '#1e1e1e',
  '--vscode-textLink-foreground': '#3794ff',
  '--vscode-charts-blue': '#3794ff',
  '--vscode-charts-orange': '#d18616',
  '--vscode-charts-purple': '#b180d7',
  '--vscode-charts-red': '#f14c4c',
};
const LIGHT = {
  '--vscode-foreground': '#3b3b3b',
  '--vscode-editor-background': '#ffffff',
  '--vscode-textLink-foreground': '#005fb8',
  '--vscode-charts-blue': '#1a85ff',
  '--vscode-charts-orange': '#c27d1a',
  '--vscode-charts-purple': '#652d90',
  '--vscode-charts-red': '#e51400',
};

const rgb = (hex: string): string => {
  const n = parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
};

describe('correlation panel (headless Chromium)', function () {
  this.timeout(120000);
  let browser: Browser;
  let server: WebviewServer;
  let webview: WebviewPage;
  let page: Page;

  before(async function () {
    if (!fs.existsSync(path.join(ROOT, 'dist/webview/correlation.js'))) throw new Error('dist/webview/correlation.js is missing: run `npm run build` first.');
    report = hostileReport();
    server = await startCorrelationPageServer();
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

  async function show(overrides: Partial<ShowCorrelationsMessage> = {}): Promise<void> {
    await webview.send(message(overrides));
    await page.locator('table.system-level tbody tr').first().waitFor();
  }

  beforeEach(async function () {
    await open();
  });

  afterEach(async function () {
    // No uncaught or console errors, no CSP violation, no dialog (a hostile name must not run script).
    assert.deepStrictEqual(await closeWebview(webview), { errors: [], violations: [], dialogs: [] });
  });

  const posted = (): Promise<MessageFromCorrelationWebview[]> => webview.posted<MessageFromCorrelationWebview>();
  const sent = async (): Promise<MessageFromCorrelationWebview[]> => (await posted()).slice(1);
  const cells = (row: string): Promise<string[]> => page.locator(row).locator('th, td').allTextContents().then((t) => t.map((s) => s.trim()));
  const column = (table: string, k: number): Promise<string[]> =>
    page.locator(`table.${table} tbody tr`).evaluateAll((rows, index) => rows.map((r) => r.children[index].textContent?.trim() ?? ''), k);

  it('says ready, then shows the system-level correlations with intervals and p-values as the CLI prints them', async () => {
    assert.deepStrictEqual(await posted(), [{ type: 'ready' }]);
    await show();
    assert.strictEqual(await page.locator('h1').textContent(), 'Correlations with DA z — wmt21 cs-en');
    assert.match((await page.locator('.summary').textContent()) ?? '', /^8 systems correlated \(1 left out: see Data\) · 3 metrics · human score DA z \(segment level, official system scores\)/);
    assert.deepStrictEqual(await page.locator('table.system-level thead th .label').allTextContents(), ['metric', 'coefficient', 'value', 'interval', 'bootstrap', 'p', 'n']);
    const first = await cells('table.system-level tbody tr[data-row="0"]');
    assert.deepStrictEqual([...first.slice(0, 4), ...first.slice(5)], ['BLEU', 'pearson', '0.5552', '[-0.2456, 0.9056]', '0.1532', '8']);
    assert.match(first[4], /^\[0\.\d{4}, 0\.\d{4}\]$/, 'a bootstrap interval');
    assert.deepStrictEqual((await cells('table.system-level tbody tr[data-row="6"]')).slice(0, 4), ['−TER', 'pearson', '0.5644', '[-0.2329, 0.9080]']);
    assert.strictEqual(await page.locator('table.system-level tbody tr').count(), 9);
    // Comparisons at system level: 3 pairs × 3 coefficients, Williams for Pearson only.
    assert.strictEqual(await page.locator('table.system-comparisons tbody tr').count(), 9);
    assert.deepStrictEqual((await cells('table.system-comparisons tbody tr[data-row="0"]')).slice(0, 7), ['system', 'pearson', 'chrF', 'BLEU', '0.0043', '0.4809', '1.0000']);
  });

  it('draws one scatter plot per metric with the systems as focusable points, their names as text, and the fitted line', async () => {
    await show();
    const figures = page.locator('figure.scatter');
    assert.strictEqual(await figures.count(), 3);
    const bleu = page.locator('figure.scatter[data-metric="bleu"]');
    assert.deepStrictEqual((await bleu.locator('table.estimates tbody th').allTextContents()), ['r', 'ρ', 'τb']);
    assert.deepStrictEqual((await bleu.locator('table.estimates tbody tr').first().locator('td').allTextContents()).filter((_, i) => i !== 2), ['0.5552', '[-0.2456, 0.9056]', '0.1532']);
    const points = bleu.locator('circle.point');
    assert.strictEqual(await points.count(), 8);
    assert.deepStrictEqual(await points.evaluateAll((c) => c.map((e) => e.getAttribute('tabindex'))), Array(8).fill('0'));
    assert.match((await bleu.locator(`circle.point[data-system="${EVIL}"]`).getAttribute('aria-label')) ?? '', /^<img src=x onerror=alert\(1\)>: BLEU 31\.69, DA z -0\.0050\. List its segments\.$/);
    assert.ok((await bleu.locator('g[aria-label="text"] text').allTextContents()).includes(EVIL), 'the name is drawn as text');
    assert.strictEqual(await bleu.locator('g[aria-label="linear-regression"] path').count(), 1);
    assert.strictEqual(await page.locator('img').count(), 0, 'no <img> element was created');
    assert.strictEqual(await page.locator('svg style').count(), 0, "Plot's inline <style> is removed for the CSP");
  });

  it('sorts tables by mouse and keyboard (Enter, Space, arrows between headers) and remembers the sort', async () => {
    await show();
    const header = (key: string) => page.locator(`table.systems th[data-key="${key}"]`);
    await header('c1').click();
    assert.deepStrictEqual(await column('systems', 0), ['Facebook-AI', 'Online-A', 'CUNI-DocTransformer', EVIL, 'CUNI-Transformer2018', 'Online-W', 'Online-G', 'Online-Y', 'HUMAN']);
    assert.strictEqual(await header('c1').getAttribute('aria-sort'), 'descending');
    await header('c1').click();
    assert.strictEqual((await column('systems', 0))[0], 'Online-Y', 'lowest human score first; HUMAN (no score) stays last');
    await header('c3').focus();
    await page.keyboard.press('Enter');
    assert.strictEqual((await column('systems', 0))[0], EVIL, 'highest BLEU first');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press(' ');
    assert.strictEqual(await header('c5').getAttribute('aria-sort'), 'descending');
    assert.strictEqual((await column('systems', 5))[0], '61.01', 'TER sorted by value, highest first');
    assert.deepStrictEqual((await webview.state<{ sorts: unknown }>())?.sorts, { systems: { key: 'c5', direction: 'descending' } });
    await page.locator('table.system-level th[data-key="c5"]').click();
    assert.deepStrictEqual((await column('system-level', 5)).slice(0, 2), ['0.1017', '0.1017'], 'smallest p first');
  });

  it('opens a system’s file, and lists a point’s segments (click or keyboard) with their texts, each opening the editor', async () => {
    await show();
    await page.locator(`table.systems button.system-link[data-system="Facebook-AI"]`).click();
    await page.locator(`figure.scatter[data-metric="chrf"] circle.point[data-system="${EVIL}"]`).click();
    const list = page.locator('#segment-list table.segments');
    await list.waitFor();
    assert.strictEqual(await page.locator('#segment-list h3').textContent(), `Segments of ${EVIL}`);
    assert.strictEqual(await page.locator(`figure.scatter[data-metric="bleu"] circle.point.selected`).getAttribute('data-system'), EVIL, 'selected in every plot');
    const s = report.segments?.systems.indexOf(EVIL) ?? -1;
    const judged = report.segments?.human[s].filter((v) => v !== null).length;
    assert.strictEqual(await list.locator('tbody tr').count(), judged);
    assert.deepStrictEqual(await sent(), [
      { type: 'openSystem', system: 'Facebook-AI' },
      { type: 'requestTexts', system: EVIL },
    ]);
    // The hypotheses arrive; a hostile one stays text.
    const lines = Array.from({ length: 1000 }, (_, i) => (i === 0 ? `${EVIL} & <b>bold</b>` : `line ${i + 1}`));
    await webview.send({ type: 'segmentTexts', system: EVIL, lines });
    await page.locator('#segment-list .hypothesis', { hasText: 'line 2' }).first().waitFor();
    assert.strictEqual(await page.locator('#segment-list tr[data-index="0"] .hypothesis').textContent(), `${EVIL} & <b>bold</b>`);
    assert.strictEqual(await page.locator('#segment-list b, img').count(), 0);
    await page.locator('#segment-list button.segment-link[data-index="1"]').click();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const focused = await page.evaluate<string | null>("document.activeElement.getAttribute('data-index')");
    // Keyboard: a point takes the focus and Enter lists its segments.
    await page.locator(`figure.scatter[data-metric="bleu"] circle.point[data-system="Online-A"]`).focus();
    await page.keyboard.press('Enter');
    await page.locator('#segment-list h3', { hasText: 'Segments of Online-A' }).waitFor();
    assert.deepStrictEqual((await sent()).slice(2), [
      { type: 'openSegment', system: EVIL, index: 1 },
      { type: 'openSegment', system: EVIL, index: Number(focused) },
      { type: 'requestTexts', system: 'Online-A' },
    ]);
    assert.notStrictEqual(focused, '1', 'ArrowDown moved to the next segment');
    assert.deepStrictEqual((await webview.state<{ selected: unknown }>())?.selected, { system: 'Online-A', metric: 'bleu' });
  });

  it('applies options as a recompute request, refuses invalid ones, and shows progress with Cancel and Run again', async () => {
    await show();
    await page.locator('vscode-collapsible.options').click();
    await page.locator('vscode-checkbox[value="spearman"]').click();
    await page.locator('vscode-checkbox[value="kendall-like"]').click();
    await page.locator('vscode-textfield[name="seed"] input').fill('7');
    await page.locator('vscode-textfield[name="bootstrap"] input').fill('500');
    await page.evaluate(`
      document.querySelector('vscode-single-select[name="aspect"]').value = 'raw';
      document.querySelector('vscode-single-select[name="level"]').value = '0.9';
    `);
    // A resize redraws the plots (debounced 150 ms); the form, part-way edited, is kept as it is.
    const size = page.viewportSize();
    await page.setViewportSize({ width: (size?.width ?? 1000) - 40, height: size?.height ?? 800 });
    await page.waitForTimeout(400);
    await page.locator('vscode-button.apply').click();
    await page.locator('vscode-textfield[name="permutations"] input').fill('-3');
    await page.locator('vscode-button.apply').click();
    assert.match((await page.locator('.form-error').textContent()) ?? '', /permutation runs must be a whole number ≥ 0/);
    assert.deepStrictEqual(await sent(), [
      { type: 'recompute', options: { ...OPTIONS, correlations: ['pearson', 'kendall-b', 'kendall-like'], level: 0.9, bootstrapSamples: 500, seed: 7, aspects: ['raw'] } },
    ]);
    // Progress: the status line alone changes (same revision); the report stays.
    await page.locator('table.systems th[data-key="c3"]').focus();
    await webview.send(message({ status: { state: 'computing', stage: 'Bootstrap intervals', done: 450, total: 1000 } }));
    await page.locator('.status.computing').waitFor();
    assert.strictEqual(await page.locator('progress').getAttribute('value'), '45');
    assert.match((await page.locator('.status').textContent()) ?? '', /^Bootstrap intervals… 45% Cancel The numbers below are from the previous options/);
    assert.strictEqual(await page.evaluate<string | null>("document.activeElement.getAttribute('data-key')"), 'c3', 'progress does not steal the focus');
    // Progress arriving between pressing Cancel and releasing it must not lose the click: the button stays the same.
    await page.locator('vscode-button.cancel').scrollIntoViewIfNeeded();
    const box = await page.locator('vscode-button.cancel').boundingBox();
    assert.ok(box);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await webview.send(message({ status: { state: 'computing', stage: 'Bootstrap intervals', done: 460, total: 1000 } }));
    await waitInPage(page, "document.querySelector('progress')?.getAttribute('value') === '46'");
    await page.mouse.up();
    await webview.send(message({ status: { state: 'cancelled' } }));
    await page.locator('vscode-button.rerun').click();
    assert.deepStrictEqual((await sent()).slice(1), [{ type: 'cancel' }, { type: 'recompute', options: OPTIONS }]);
    await webview.send(message({ revision: 2, report: undefined, status: { state: 'error', message: `no score "${EVIL}"` } }));
    await page.locator('.status.error').waitFor();
    assert.strictEqual(await page.locator('.status.error span').textContent(), `The correlations could not be computed: no score "${EVIL}" `);
    assert.strictEqual(await page.locator('table').count(), 0);
  });

  it('exports tables (display order) and plots (standalone SVG, PNG) through the extension', async () => {
    await show();
    await page.locator('table.system-level th[data-key="c2"]').click();
    await page.locator('.export[data-table="system-level"] button[data-format="latex"]').click();
    await page.locator('.export[data-table="systems"] button[data-format="csv"]').click();
    const bleu = page.locator('figure.scatter[data-metric="bleu"]');
    await bleu.locator('button.export-plot[data-format="svg"]').click();
    await bleu.locator('button.export-plot[data-format="png"]').click();
    await waitInPage(page, 'window.__posted.length >= 5');
    const [latex, csv, svg, png] = await sent();
    const values = report.systemLevel.flatMap((m) => m.estimates.map((e) => e.statistic ?? -Infinity));
    const descending = values.map((v, i) => ({ v, i })).sort((a, b) => b.v - a.v || a.i - b.i).map((x) => x.i);
    assert.deepStrictEqual(latex, { type: 'exportTable', table: 'system-level', format: 'latex', order: descending });
    assert.deepStrictEqual(csv, { type: 'exportTable', table: 'systems', format: 'csv', order: [0, 1, 2, 3, 4, 5, 6, 7, 8] });
    assert.ok(svg.type === 'exportPlot' && svg.format === 'svg' && svg.name === 'scatter-bleu');
    assert.match(svg.data, /^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    assert.ok(svg.data.includes('&lt;img src=x onerror=alert(1)&gt;'), 'the name is XML text in the file');
    assert.ok(!svg.data.includes('<img'), 'no markup from the name');
    assert.ok(!svg.data.includes('tabindex'), 'no keyboard attributes in the file');
    assert.match(svg.data, /<rect width="100%" height="100%" fill="[^"]+"/, 'the background travels with the plot');
    assert.ok(png.type === 'exportPlot' && png.format === 'png');
    const bytes = Buffer.from(png.data.slice('data:image/png;base64,'.length), 'base64');
    assert.deepStrictEqual([...bytes.subarray(1, 4)].map((b) => String.fromCharCode(b)).join(''), 'PNG');
    const width = bytes.readUInt32BE(16);
    const svgWidth = Number(/width="(\d+)"/.exec(svg.data)?.[1]);
    assert.strictEqual(width, 2 * svgWidth, 'PNG at twice the plot size');
  });

  it('takes its colours from the theme variables (dark, then light) and redraws when the theme changes', async () => {
    await webview.close();
    await open({ themeVariables: DARK });
    await show();
    const colours = async (): Promise<{ text: string; point: string | null; link: string; line: string | null }> => ({
      text: await page.evaluate<string>('getComputedStyle(document.body).color'),
      point: await page.locator('figure.scatter[data-metric="bleu"] circle.point').nth(1).getAttribute('fill'),
      link: await page.evaluate<string>("getComputedStyle(document.querySelector('table.systems button.system-link')).color"),
      line: await page.locator('figure.scatter[data-metric="bleu"] g[aria-label="linear-regression"]').getAttribute('stroke'),
    });
    assert.deepStrictEqual(await colours(), { text: rgb(DARK['--vscode-foreground']), point: DARK['--vscode-charts-blue'], link: rgb(DARK['--vscode-textLink-foreground']), line: DARK['--vscode-charts-purple'] });
    // VS Code switches theme by changing the variables and the body class.
    await page.evaluate(`
      for (const [name, value] of Object.entries(${JSON.stringify(LIGHT)})) document.body.style.setProperty(name, value);
      document.body.className = 'vscode-light';
    `);
    await waitInPage(page, `document.querySelector('figure.scatter circle.point')?.getAttribute('fill') === ${JSON.stringify(LIGHT['--vscode-charts-blue'])}`);
    assert.deepStrictEqual(await colours(), { text: rgb(LIGHT['--vscode-foreground']), point: LIGHT['--vscode-charts-blue'], link: rgb(LIGHT['--vscode-textLink-foreground']), line: LIGHT['--vscode-charts-purple'] });
  });

  it('switches tabs with the keyboard: segment level, metric × metric heatmap, pairwise agreement, data', async () => {
    await show();
    await page.locator('vscode-tab-header').first().focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await page.locator('table.segment-level').waitFor();
    assert.strictEqual(await page.locator('table.segment-level tbody tr').count(), 27, '3 metrics × 3 groupings × 3 coefficients');
    assert.deepStrictEqual((await cells('table.segment-level tbody tr[data-row="0"]')).slice(0, 6), ['BLEU', 'pooled', 'pearson', '0.0090', '[-0.0140, 0.0320]', '7242']);
    assert.strictEqual(await page.locator('table.segment-comparisons tbody tr').count(), 3);
    assert.strictEqual(await page.locator('table.per-system tbody tr').count(), 8);
    assert.ok((await page.locator('figure.segment-scatter circle').count()) > 7000, 'every judged segment');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    const heatmap = page.locator('figure.heatmap');
    await heatmap.waitFor();
    assert.strictEqual(await heatmap.getAttribute('data-level'), 'system');
    assert.strictEqual(await heatmap.locator('g[aria-label="cell"] rect').count(), 9);
    assert.deepStrictEqual(await cells('table.metric-matrix tbody tr[data-row="0"]'), ['BLEU', '1.0000', '0.9735', '0.9752']);
    await page.evaluate(`
      const choice = document.querySelector('vscode-single-select.matrix-choice');
      choice.value = 'segment:kendall-b';
      choice.dispatchEvent(new Event('change'));
    `);
    await page.locator('figure.heatmap[data-level="segment"][data-correlation="kendall-b"]').waitFor();
    assert.deepStrictEqual(await cells('table.metric-matrix tbody tr[data-row="0"]'), ['BLEU', '1.0000', '0.6033', '0.6165']);
    await page.locator('.export[data-table="metric-matrix"] button[data-format="markdown"]').click();
    await page.locator('vscode-tab-header').nth(3).click();
    await page.locator('table.agreement').waitFor();
    assert.deepStrictEqual((await cells('table.agreement tbody tr[data-row="0"]')).slice(0, 8), ['BLEU', '28', '13', '24', '0.7692', '0.1333', '0.0357', '0.4286']);
    await page.locator('vscode-tab-header').nth(4).click();
    await page.locator('.missing-section').waitFor();
    assert.match((await page.locator('.missing-section').textContent()) ?? '', /Excluded systemsHUMAN: human translation/);
    assert.deepStrictEqual(await sent(), [{ type: 'exportTable', table: 'metric-matrix', format: 'markdown', level: 'segment', correlation: 'kendall-b', order: [0, 1, 2] }]);
    assert.deepStrictEqual((await webview.state<{ tab: number; matrix: unknown }>()), { tab: 4, matrix: { level: 'segment', correlation: 'kendall-b' } });
  });

  it('comes back on the tab, sort and selection it had (state kept while the panel was hidden)', async () => {
    await webview.close();
    await open({ initialState: { tab: 0, sorts: { systems: { key: 'c0', direction: 'descending' } }, selected: { system: 'Online-W', metric: 'ter' } } });
    await show();
    assert.strictEqual((await column('systems', 0))[0], 'Online-Y');
    await page.locator('#segment-list h3', { hasText: 'Segments of Online-W' }).waitFor();
    assert.deepStrictEqual(await sent(), [{ type: 'requestTexts', system: 'Online-W' }]);
  });

  it('copies the command line and the signatures; warns about unsaved files', async () => {
    await show({ unsaved: ['hyp.Online-A.en'] });
    await page.locator('vscode-button.copy-command').click();
    await page.locator('vscode-button.copy-signature').first().click();
    assert.deepStrictEqual(await sent(), [
      { type: 'copy', text: message().commandLine },
      { type: 'copy', text: report.signature },
    ]);
    assert.match((await page.locator('.reproduce .note.warning').textContent()) ?? '', /^Unsaved changes in hyp\.Online-A\.en/);
    assert.deepStrictEqual(await page.locator('.signatures li .metric').allTextContents(), ['Correlations', 'BLEU', 'chrF', 'TER']);
  });

  it('runs under a nonce-only CSP: no inline or foreign script runs, even one a hostile text could smuggle in', async () => {
    await show();
    const csp = (await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')) ?? '';
    const nonce = /script-src 'nonce-([A-Za-z0-9]+)'/.exec(csp)?.[1];
    assert.ok(nonce && nonce.length >= 16, csp);
    assert.match(csp, /default-src 'none'/);
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval|\*/);
    assert.strictEqual(await page.locator(`script[nonce="${nonce}"]`).count(), 1, 'the bundle is the one script, with the nonce');
    // A script element without the nonce (as markup injection would add) is refused and reported.
    await page.evaluate("const s = document.createElement('script'); s.textContent = 'window.__ran = true'; document.body.append(s);");
    await waitInPage(page, 'window.__cspViolations.length > 0');
    assert.deepStrictEqual(await page.evaluate<string[]>('window.__cspViolations.splice(0)'), ['script-src-elem inline']);
    assert.strictEqual(await page.evaluate('window.__ran === true'), false);
    webview.errors.splice(0);
  });
});
