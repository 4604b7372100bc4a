// A local stand-in for the webview host: serves a panel's HTML (the very markup and Content-Security-Policy the
// extension gives the webview, from webview/<panel>/*-html.ts) and the bundles under dist/webview, and opens it in
// headless Debian Chromium with `acquireVsCodeApi` stubbed. Later panels reuse it with their own HTML function.
import * as crypto from 'crypto';
import * as fs from 'fs';
import * as http from 'http';
import type { AddressInfo } from 'net';
import * as path from 'path';
import { Browser, chromium, Page } from 'playwright-core';
import { correlationHtml } from '../../webview/correlation/correlation-html';
import { makeNonce, reportHtml } from '../../webview/report/report-html';

/** The repository root: the nearest folder above this file with esbuild.js (works from out/ or another outDir). */
function findRoot(): string {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'esbuild.js')) && fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return process.cwd();
  }
}

export const ROOT = findRoot();
const BUNDLE_DIR = path.join(ROOT, 'dist', 'webview');

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.ttf': 'font/ttf',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.svg': 'image/svg+xml',
};

/** What the HTML function needs to know about where it is served (the webview's cspSource and asWebviewUri). */
export interface ServedPage {
  readonly origin: string;
  /** URL of a file under dist/webview, as `asWebviewUri` would give it. */
  bundleUri(name: string): string;
}

export interface WebviewServer {
  readonly url: string;
  close(): Promise<void>;
}

/** Serves `html(page)` at `/` (fresh per request, so each load gets a new nonce) and dist/webview/* at /webview/*. */
export async function serveWebview(html: (page: ServedPage) => string): Promise<WebviewServer> {
  let origin = '';
  const served: ServedPage = { get origin() { return origin; }, bundleUri: (name) => `${origin}/webview/${name}` };
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    // Chromium asks for a favicon; webviews never do. Answer it so the page logs no 404.
    if (url.pathname === '/favicon.ico') {
      response.writeHead(204).end();
      return;
    }
    if (url.pathname === '/') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      response.end(html(served));
      return;
    }
    const file = url.pathname.startsWith('/webview/') ? path.resolve(BUNDLE_DIR, decodeURIComponent(url.pathname.slice('/webview/'.length))) : '';
    // Like localResourceRoots: nothing outside dist/webview.
    if (!file.startsWith(BUNDLE_DIR + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Runs before the page's own scripts (CDP injection, so the page's CSP does not apply to it): an `acquireVsCodeApi`
 * that records posted messages and keeps state like VS Code's, plus a record of CSP violations.
 */
const VSCODE_STUB = `(() => {
  const initial = window.__initialState;
  let state = initial === undefined ? undefined : JSON.parse(JSON.stringify(initial));
  let acquired = false;
  window.__posted = [];
  window.__cspViolations = [];
  document.addEventListener('securitypolicyviolation', (e) => {
    window.__cspViolations.push(e.violatedDirective + ' ' + (e.blockedURI || 'inline'));
  });
  window.acquireVsCodeApi = () => {
    if (acquired) throw new Error('An instance of the VS Code API has already been acquired');
    acquired = true;
    return Object.freeze({
      postMessage: (message) => { window.__posted.push(JSON.parse(JSON.stringify(message))); },
      getState: () => state,
      setState: (next) => { state = JSON.parse(JSON.stringify(next)); window.__state = state; return next; },
    });
  };
})();`;

export type ReportPageServer = WebviewServer;

/** The score report panel's page, exactly as ReportPanel builds it (cspSource = this server's origin). */
export function startReportPageServer(): Promise<ReportPageServer> {
  return serveWebview((page) =>
    reportHtml({
      cspSource: page.origin,
      scriptUri: page.bundleUri('report.js'),
      styleUri: page.bundleUri('report.css'),
      nonce: makeNonce((bound) => crypto.randomInt(bound)),
    }),
  );
}

/** The correlation panel's page, exactly as CorrelationPanel builds it (cspSource = this server's origin). */
export function startCorrelationPageServer(): Promise<WebviewServer> {
  return serveWebview((page) =>
    correlationHtml({
      cspSource: page.origin,
      scriptUri: page.bundleUri('correlation.js'),
      styleUri: page.bundleUri('correlation.css'),
      nonce: makeNonce((bound) => crypto.randomInt(bound)),
      title: 'Understudy correlations',
    }),
  );
}

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchChromium(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(`No Chromium at ${CHROMIUM_PATH}: install it (apt-get install -y --no-install-recommends chromium) or set CHROMIUM_PATH.`);
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
}

export interface WebviewPage {
  readonly page: Page;
  /** Dialogs (alert/confirm/prompt) the page opened; each is dismissed. */
  readonly dialogs: string[];
  /** Uncaught exceptions and console errors. */
  readonly errors: string[];
  /** Messages the webview posted to the "extension", in order. */
  posted<T = unknown>(): Promise<T[]>;
  /** The last state passed to setState. */
  state<T = unknown>(): Promise<T | undefined>;
  cspViolations(): Promise<string[]>;
  /** Delivers a message from the "extension", as webview.postMessage does (a window message event). */
  send(message: unknown): Promise<void>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** What getState() returns at load (as VS Code restores it when a hidden panel comes back). */
  readonly initialState?: unknown;
  /** CSS custom properties set on <body> before the page's scripts run (VS Code sets the theme's this way). */
  readonly themeVariables?: Record<string, string>;
  /**
   * The page's size from the start. Setting it after load fires a resize, and the panels redraw (debounced) on
   * resize: a redraw landing mid-test replaces the elements the test is using.
   */
  readonly viewport?: { readonly width: number; readonly height: number };
}

export async function openWebview(browser: Browser, url: string, options: OpenOptions = {}): Promise<WebviewPage> {
  const page = await browser.newPage(options.viewport ? { viewport: { ...options.viewport } } : {});
  const dialogs: string[] = [];
  const errors: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.addInitScript(`window.__initialState = ${JSON.stringify(options.initialState ?? null)} ?? undefined;`);
  await page.addInitScript(VSCODE_STUB);
  if (options.themeVariables) {
    const declarations = Object.entries(options.themeVariables)
      .map(([name, value]) => `${JSON.stringify(name)}, ${JSON.stringify(value)}`)
      .map((args) => `document.body.style.setProperty(${args});`)
      .join('');
    await page.addInitScript(`document.addEventListener('DOMContentLoaded', () => { ${declarations} }, { capture: true, once: true });`);
  }
  await page.goto(url);
  return {
    page,
    dialogs,
    errors,
    posted: <T>() => page.evaluate<T[]>('window.__posted'),
    state: <T>() => page.evaluate<T | undefined>('window.__state'),
    cspViolations: () => page.evaluate<string[]>('window.__cspViolations'),
    send: (message) => page.evaluate(`window.postMessage(${JSON.stringify(message)}, '*')`).then(() => undefined),
    close: () => page.close(),
  };
}

/**
 * Waits until `expression` is truthy in the page, asking from Node every 20 ms. Playwright's `waitForFunction` polls
 * with an `eval` inside the page, which the webviews' CSP (no 'unsafe-eval') refuses as soon as the first check
 * fails; each `page.evaluate` here is a DevTools evaluation, which that CSP does not govern.
 */
export async function waitInPage(page: Page, expression: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await page.evaluate<boolean>(`Boolean(${expression})`))) {
    if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms for ${expression}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Opens a page and waits until the webview has posted its first message (`ready`): what every panel test does first.
 */
export async function openReadyWebview(browser: Browser, url: string, options: OpenOptions = {}): Promise<WebviewPage> {
  const webview = await openWebview(browser, url, options);
  await waitInPage(webview.page, 'window.__posted.length > 0');
  return webview;
}

/** Closes the page and returns what went wrong in it: uncaught errors, console errors and CSP violations. */
export async function closeWebview(webview: WebviewPage): Promise<{ errors: string[]; violations: string[]; dialogs: string[] }> {
  const violations = await webview.cspViolations();
  await webview.close();
  return { errors: webview.errors, violations, dialogs: webview.dialogs };
}
