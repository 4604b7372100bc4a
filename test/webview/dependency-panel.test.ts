// The dependency trees webview alone in headless Chromium: the panel's HTML and CSP served locally, acquireVsCodeApi
// stubbed, a segment's trees (from dep-f's real explanation) delivered with window.postMessage as the extension would.
import * as assert from 'assert';
import * as crypto from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import type { Browser } from 'playwright-core';
import { metricRequest } from '../../src/core/engine/metric-registry';
import { DEFAULT_METRIC_SETTINGS } from '../../src/core/engine/metric-settings';
import { dependencyTreesView, DependencyTreesView } from '../../src/core/inspect/dependency-view';
import { dependencyHtml } from '../../webview/dependency/dependency-html';
import { makeNonce } from '../../webview/report/report-html';
import type { ShowDependencyTreesMessage } from '../../webview/shared/dependency-protocol';
import { closeWebview, launchChromium, openReadyWebview, ROOT, serveWebview, WebviewPage, WebviewServer } from './serve';

const EVIL = '<img src=x onerror=alert(1)>';
const HYP = 'The cat sat on the mat.';
const REF = 'A black cat sat on the mat.';
const GREEN = 'rgb(1, 200, 3)';
const FOCUSED = "document.activeElement?.getAttribute('aria-label') ?? null";

function treesView(): DependencyTreesView {
  const explanation = metricRequest('dep-f', DEFAULT_METRIC_SETTINGS).prepare({ streams: [[REF]] }).explain(HYP, 0);
  const view = dependencyTreesView(explanation, HYP, [REF], () => `ref ${EVIL}`);
  assert.ok(view?.reference);
  return view;
}

describe('dependency trees webview (headless Chromium)', function () {
  let browser: Browser;
  let server: WebviewServer;
  let webview: WebviewPage;

  before(async function () {
    if (!fs.existsSync(path.join(ROOT, 'dist/webview/dependency.js'))) throw new Error('dist/webview/dependency.js is missing: run `npm run build` first.');
    server = await serveWebview((page) =>
      dependencyHtml({ cspSource: page.origin, scriptUri: page.bundleUri('dependency.js'), styleUri: page.bundleUri('dependency.css'), nonce: makeNonce((b) => crypto.randomInt(b)) }),
    );
    browser = await launchChromium();
  });

  after(async function () {
    await browser?.close();
    await server?.close();
  });

  beforeEach(async function () {
    webview = await openReadyWebview(browser, server.url, { themeVariables: { '--vscode-charts-green': GREEN, '--vscode-foreground': 'rgb(10, 10, 10)' } });
  });

  it('says ready, then draws both trees with one arc per word and the matched arcs coloured', async () => {
    assert.deepStrictEqual(await webview.posted(), [{ type: 'ready' }]);
    const view = treesView();
    const message: ShowDependencyTreesMessage = { type: 'trees', title: 'hyp.en · segment 1', view };
    await webview.send(message);
    const page = webview.page;
    await page.waitForSelector('svg.tree');
    const sides = await page.$$eval('section.side', (nodes) =>
      nodes.map((side) => ({
        heading: side.querySelector('h2')?.textContent,
        words: [...side.querySelectorAll('text.word')].map((t) => t.textContent),
        arcs: side.querySelectorAll('g.arc').length,
        matched: [...side.querySelectorAll('g.arc.matched')].map((g) => g.getAttribute('data-deprel')),
        paths: [...side.querySelectorAll('g.arc path.curve')].map((p) => (p as unknown as { getTotalLength(): number }).getTotalLength()),
      })),
    );
    assert.equal(sides.length, 2);
    assert.deepEqual(sides[0].words, ['The', 'cat', 'sat', 'on', 'the', 'mat', '.']);
    assert.equal(sides[0].arcs, 7);
    assert.equal(sides[1].arcs, 8);
    // subj(sit, cat) on nsubj, adj(sit, mat) on obl, det(mat, the) on det; det(cat, the) ≠ det(cat, a) is not.
    const expected = view.hypothesis.arcs.filter((a) => a.matchedAs.length > 0).map((a) => a.deprel);
    assert.deepEqual(expected, ['nsubj', 'det', 'obl']);
    assert.deepEqual(sides[0].matched.sort(), [...expected].sort());
    assert.deepEqual(sides[1].matched.sort(), ['det', 'nsubj', 'obl']);
    assert.ok(sides.every((s) => s.paths.every((length) => length > 5)), 'every arc is drawn with a length');
    // Matched arcs in the theme's green, unmatched ones not.
    const strokes = await page.evaluate<[boolean, string][]>(`[...document.querySelectorAll('g.arc path.curve')].map((p) => [p.parentElement.classList.contains('matched'), getComputedStyle(p).stroke])`);
    assert.ok(strokes.filter(([m]) => m).every(([, s]) => s === GREEN));
    assert.ok(strokes.filter(([m]) => !m).every(([, s]) => s !== GREEN));
    assert.match(await page.textContent('main') ?? '', /3 of 7 arcs matched/);
    assert.deepStrictEqual(await closeWebview(webview), { errors: [], violations: [], dialogs: [] });
  });

  it('shows hostile words, lines and names as text, running nothing', async () => {
    const view = treesView();
    const words = view.hypothesis.sentences[0].map((w, i) => (i === 1 ? { ...w, form: EVIL, upos: `<script>alert(2)</script>` } : w));
    const evil: DependencyTreesView = {
      ...view,
      hypothesis: { ...view.hypothesis, line: `${EVIL} sat`, sentences: [words], arcs: view.hypothesis.arcs.map((a, i) => (i === 0 ? { ...a, deprel: `"><img src=y onerror=alert(3)>` } : a)) },
    };
    await webview.send({ type: 'trees', title: `segment ${EVIL}`, view: evil });
    const page = webview.page;
    await page.waitForSelector('svg.tree');
    assert.equal(await page.$$eval('img, script:not([src])', (n) => n.length), 0);
    const texts = await page.$$eval('text.word', (nodes) => nodes.map((t) => t.textContent));
    assert.ok(texts.includes(EVIL));
    assert.equal(await page.textContent('h1'), `segment ${EVIL}`);
    assert.match((await page.textContent('section.side h2:not(:first-child), section.side:nth-child(2) h2')) ?? '', /Reference: ref <img/);
    assert.deepStrictEqual(await closeWebview(webview), { errors: [], violations: [], dialogs: [] });
  });

  it('lets the keyboard walk the arcs, each named with its relation, words and whether it matched', async () => {
    await webview.send({ type: 'trees', title: 'segment 1', view: treesView() });
    const page = webview.page;
    await page.waitForSelector('g.arc');
    await page.keyboard.press('Tab');
    const first = await page.evaluate<string | null>(FOCUSED);
    assert.equal(first, 'det: cat → The, not matched');
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.evaluate<string | null>(FOCUSED), 'nsubj: sat → cat, matched (subj)');
    await page.keyboard.press('ArrowLeft');
    assert.equal(await page.evaluate<string | null>(FOCUSED), first);
    assert.deepStrictEqual(await closeWebview(webview), { errors: [], violations: [], dialogs: [] });
  });

  it('shows why there are no trees', async () => {
    await webview.send({ type: 'empty', text: `add "dep-f" ${EVIL}` });
    await webview.page.waitForSelector('p.empty');
    assert.equal(await webview.page.textContent('p.empty'), `add "dep-f" ${EVIL}`);
    assert.deepStrictEqual(await closeWebview(webview), { errors: [], violations: [], dialogs: [] });
  });
});
