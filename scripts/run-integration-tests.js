#!/usr/bin/env node
// Runs the integration tests (out/test/integration/index.js) inside a real VS Code extension host, without desktop
// VS Code: code-server 4.100.3 (VS Code OSS 1.100.3's server and web workbench, from test-host/) in a temp dir,
// opened by headless Debian Chromium through playwright-core. The extension and its tests are passed the way VS
// Code's own browser integration tests pass them: in the page URL's `payload`, as vscode-remote:// URIs, so they run
// in the server's Node extension host. The workbench reports the tests' console output to
// window.codeAutomationLog and their exit code to window.codeAutomationExit.
//
// Needs `npm run build && npm run compile` first. Environment:
//   UNDERSTUDY_ITEST_TIMEOUT_S  overall time limit in seconds (default 1200)
//   UNDERSTUDY_ITEST_ENTRY      another tests entry (a module exporting run()), e.g. the editor benchmark
//   UNDERSTUDY_ITEST_WORKSPACE  another folder to open
//   UNDERSTUDY_ITEST_VERBOSE=1  also print code-server's own output, the workbench's log and the UI probe's traffic
//   UNDERSTUDY_ITEST_SCREENSHOT_DIR  where the UI probe's screenshot() saves PNGs (default: $TMPDIR/understudy-itest-screenshots)
//
// The UI probe (see the section below and test/integration/ui-probe.ts) lets the in-host tests read what the
// rendered workbench shows; its request directory reaches the extension host as UNDERSTUDY_ITEST_PROBE_DIR.
'use strict';

const childProcess = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const util = require('util');
const { ensureTestHost, HOST_DIR, SYSTEM_PACKAGES_HINT } = require('./install-test-host');
const { codeServerArgs, freePort, sleep, waitForHealthz } = require('./code-server-process');

const ROOT = path.resolve(__dirname, '..');
// The editor benchmark (bench/editor) runs through this same host with its own entry and workspace.
const TESTS_ENTRY = path.resolve(process.env.UNDERSTUDY_ITEST_ENTRY || path.join(ROOT, 'out', 'test', 'integration', 'index.js'));
const WORKSPACE = path.resolve(process.env.UNDERSTUDY_ITEST_WORKSPACE || path.join(ROOT, 'test', 'integration', 'workspace'));
const CODE_SERVER_ENTRY = path.join(HOST_DIR, 'node_modules', 'code-server', 'out', 'node', 'entry.js');
const CHROMIUM = '/usr/bin/chromium';
const TIMEOUT_MS = 1000 * Number(process.env.UNDERSTUDY_ITEST_TIMEOUT_S || 1200);
const VERBOSE = process.env.UNDERSTUDY_ITEST_VERBOSE === '1';
/** Printed by test/integration/index.ts when mocha starts, and when it ends with the counts read back here. */
const START_MARKER = 'understudy-integration-start';
const RESULT_MARKER = 'understudy-integration-result ';

/** Text of one console entry relayed by the workbench: a printf-style format and its arguments, as console.log takes. */
function formatLogArgs(args) {
  return util.format(...(Array.isArray(args) ? args : [args]));
}

/** Known harmless noise of this offline host: the extension gallery (open-vsx.org) cannot be reached. */
function isHarmlessNoise(text) {
  return /ENOTFOUND open-vsx\.org/.test(text);
}

function killProcessGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

async function stopCodeServer(child) {
  if (!child || child.pid === undefined) return;
  killProcessGroup(child, 'SIGTERM');
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    try {
      process.kill(-child.pid, 0);
    } catch {
      return;
    }
    await sleep(100);
  }
  killProcessGroup(child, 'SIGKILL');
}

// ---------------------------------------------------------------------------------------------------------------
// UI probe: in-host tests (test/integration/ui-probe.ts) cannot see the rendered workbench, so they write
// `<id>.request.json` into PROBE_DIR (passed to code-server, and so to its extension host, as UNDERSTUDY_ITEST_PROBE_DIR)
// and this side answers with `<id>.response.json`, read from the live page with Playwright. Requests are handled
// one at a time, in arrival order.
// ---------------------------------------------------------------------------------------------------------------
const PROBE_DIR_ENV = 'UNDERSTUDY_ITEST_PROBE_DIR';
const SCREENSHOT_DIR_ENV = 'UNDERSTUDY_ITEST_SCREENSHOT_DIR';
const PROBE_POLL_MS = 50;
/** Printed at the end of the run, so that they can be found. */
const screenshotsTaken = [];

/**
 * Page side (runs in the browser; must not use anything outside its body). The editor element showing a document
 * whose path ends with `fileName`, or the active group's editor. Outermost `.monaco-editor[data-uri]` elements only
 * (nested ones are peek/inline widgets).
 */
function pageFindEditor(fileName) {
  const visible = (el) => el.getClientRects().length > 0;
  const all = [...document.querySelectorAll('.monaco-editor[data-uri]')].filter(
    (el) => visible(el) && !el.parentElement.closest('.monaco-editor'),
  );
  let editor;
  if (fileName) {
    const matches = all.filter((el) => decodeURIComponent(el.getAttribute('data-uri')).endsWith(fileName));
    editor = matches.find((el) => el.closest('.editor-group-container.active')) || matches[0];
    if (!editor) {
      throw new Error(`no visible editor shows a file ending in ${JSON.stringify(fileName)}; visible: ${JSON.stringify(all.map((el) => el.getAttribute('data-uri')))}`);
    }
  } else {
    editor = all.find((el) => el.closest('.editor-group-container.active'));
    if (!editor) throw new Error(`no visible text editor in the active editor group (${all.length} visible editor(s) elsewhere)`);
  }
  return editor;
}

/** Page side: the visible lines of an editor as [{ element, line }] in screen order, line numbers from the gutter. */
function pageEditorLines(editor) {
  const numberByTop = new Map();
  for (const number of editor.querySelectorAll('.margin-view-overlays .line-numbers')) {
    const top = number.parentElement.style.top;
    const value = Number(number.textContent.trim());
    if (Number.isInteger(value) && value > 0) numberByTop.set(top, value - 1);
  }
  if (numberByTop.size === 0 && editor.querySelector('.view-lines .view-line')) {
    throw new Error('the editor shows no line numbers (editor.lineNumbers must be "on" for the UI probe)');
  }
  const lines = [];
  for (const element of editor.querySelectorAll('.view-lines .view-line')) {
    const line = numberByTop.get(element.style.top);
    // A wrapped line's continuation rows have no number: attribute them to the line above.
    lines.push({ element, line, top: element.getBoundingClientRect().top });
  }
  lines.sort((a, b) => a.top - b.top);
  let last;
  for (const entry of lines) {
    if (entry.line === undefined) entry.line = last;
    else last = entry.line;
  }
  return lines.filter((entry) => entry.line !== undefined);
}

function pageRenderedLineDecorations(fileName) {
  const editor = pageFindEditor(fileName);
  // Decoration types' contentText is drawn by a CSS rule `.ced-…::after { content: '…' }` on an empty span.
  const cssString = (value) => {
    if (!value || value === 'none' || value === 'normal') return undefined;
    const match = /^"((?:[^"\\]|\\.)*)"$/s.exec(value) || /^'((?:[^'\\]|\\.)*)'$/s.exec(value);
    if (!match) return value; // e.g. url(...) for contentIconPath
    return match[1].replace(/\\([0-9a-fA-F]{1,6}) ?|\\(.)/gs, (_, hex, ch) => (hex ? String.fromCodePoint(parseInt(hex, 16)) : ch));
  };
  const pseudo = (span, which) => {
    const style = getComputedStyle(span, which);
    const text = cssString(style.content);
    if (text === undefined) return undefined;
    return {
      text,
      className: span.className,
      color: style.color,
      backgroundColor: style.backgroundColor,
      fontStyle: style.fontStyle,
      fontWeight: style.fontWeight,
    };
  };
  const byLine = new Map();
  for (const { element, line } of pageEditorLines(editor)) {
    let entry = byLine.get(line);
    if (!entry) {
      entry = { line, text: '', before: [], after: [] };
      byLine.set(line, entry);
    }
    entry.text += element.textContent.replace(/\u00a0/g, ' ');
    for (const span of element.querySelectorAll('span')) {
      const before = pseudo(span, '::before');
      if (before) entry.before.push(before);
      const after = pseudo(span, '::after');
      if (after) entry.after.push(after);
    }
  }
  return [...byLine.values()].sort((a, b) => a.line - b.line);
}

/**
 * Page side: the extension decorations drawn behind or around text (backgrounds, borders, outlines: VS Code puts
 * them in the editor's view overlays as absolutely placed boxes), each with the line, the characters under the box
 * and its computed colours.
 */
function pageRenderedTextDecorations(fileName) {
  const editor = pageFindEditor(fileName);
  const lines = pageEditorLines(editor);
  const out = [];
  for (const box of editor.querySelectorAll('.view-overlays [class*="ced-"]')) {
    const rect = box.getBoundingClientRect();
    if (rect.width === 0) continue;
    const row = lines.find((entry) => Math.abs(entry.top - rect.top) < rect.height / 2 + 1);
    if (!row) continue;
    // The characters whose middle lies inside the box.
    let text = '';
    const walker = document.createTreeWalker(row.element, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let i = 0; i < node.textContent.length; i++) {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const r = range.getBoundingClientRect();
        const middle = (r.left + r.right) / 2;
        if (r.width > 0 && middle > rect.left && middle < rect.right) text += node.textContent[i];
      }
    }
    const style = getComputedStyle(box);
    out.push({
      line: row.line,
      text: text.replace(/\u00a0/g, ' '),
      className: box.className,
      backgroundColor: style.backgroundColor,
      borderLeft: `${style.borderLeftStyle} ${style.borderLeftWidth} ${style.borderLeftColor}`,
      borderBottom: `${style.borderBottomStyle} ${style.borderBottomWidth} ${style.borderBottomColor}`,
    });
  }
  return out.sort((a, b) => a.line - b.line);
}

function pageRenderedCodeLenses(fileName) {
  const editor = pageFindEditor(fileName);
  const lines = pageEditorLines(editor);
  const lenses = [];
  for (const lens of editor.querySelectorAll('.codelens-decoration')) {
    const rect = lens.getBoundingClientRect();
    if (rect.height === 0) continue;
    // The lens is drawn in a view zone just above its line: the first line starting below its middle.
    const below = lines.find((entry) => entry.top >= rect.top + rect.height / 2);
    // Titles are <a> (with a command) or <span> children, separated by <span>&nbsp;|&nbsp;</span>.
    const titles = [...lens.children].map((child) => child.textContent.replace(/\u00a0/g, ' ').trim()).filter((t) => t && t !== '|');
    lenses.push({ line: below ? below.line : -1, titles, text: lens.textContent.replace(/\u00a0/g, ' ').trim() });
  }
  return lenses.sort((a, b) => a.line - b.line);
}

/** Page side: the editor content hover when it is shown and its providers have answered, else undefined. */
function pageEditorHover() {
  // VS Code 1.100: the content hover widget is a `.monaco-resizable-hover` holding a `.monaco-hover` (workbench
  // tooltips are `.monaco-hover.workbench-hover`, outside it).
  const hovers = [...document.querySelectorAll('.monaco-resizable-hover .monaco-hover')]
    .filter((el) => el.getClientRects().length > 0 && !el.classList.contains('hidden') && getComputedStyle(el).visibility !== 'hidden');
  if (hovers.length === 0) return undefined;
  const hover = hovers[0];
  // One `.hover-row` per hover part (each provider's markdown strings); `.hover-row.status-bar` holds actions.
  const rows = [...hover.querySelectorAll('.hover-row:not(.status-bar)')].filter((row) => row.getClientRects().length > 0);
  const parts = (rows.length ? rows : [hover]).map((row) => row.innerText.trim()).filter((t) => t);
  const text = parts.join('\n');
  if (!text || /^Loading\.*…?$/.test(text)) return undefined;
  return { text, parts };
}

function pageTreeItems(viewTitle) {
  const visible = (el) => el.getClientRects().length > 0;
  const panes = [...document.querySelectorAll('.pane')].filter(visible);
  const titleOf = (pane) => {
    const header = pane.querySelector('.pane-header .title');
    const text = header && visible(header) ? header.textContent : '';
    if (text.trim()) return text.trim();
    // A container with a single view hides the view's header and shows "CONTAINER: VIEW" in the part's title.
    const part = pane.closest('.part');
    const containerTitle = part && part.querySelector('.composite.title .title-label h2');
    return containerTitle ? containerTitle.textContent.trim() : '';
  };
  const described = panes.map((pane) => ({ pane, title: titleOf(pane), rows: [...pane.querySelectorAll('.pane-body .monaco-list-row')].filter(visible) }));
  let chosen;
  if (viewTitle) {
    const wanted = viewTitle.toLowerCase();
    chosen = described.find((d) => d.title.toLowerCase() === wanted) || described.find((d) => d.title.toLowerCase().includes(wanted));
    if (!chosen) throw new Error(`no visible view titled ${JSON.stringify(viewTitle)}; visible views: ${JSON.stringify(described.map((d) => d.title))}`);
  } else {
    chosen = described.find((d) => d.rows.length > 0);
    if (!chosen) throw new Error(`no visible view has rows; visible views: ${JSON.stringify(described.map((d) => d.title))}`);
  }
  const rows = chosen.rows.sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top);
  return {
    viewTitle: chosen.title,
    items: rows.map((row) => {
      const name = row.querySelector('.label-name');
      const description = row.querySelector('.label-description');
      const expanded = row.getAttribute('aria-expanded');
      return {
        label: (name ? name.textContent : row.textContent).trim(),
        description: description ? description.textContent.trim() : '',
        level: Number(row.getAttribute('aria-level') || 1),
        expanded: expanded === null ? undefined : expanded === 'true',
        ariaLabel: row.getAttribute('aria-label') || '',
      };
    }),
  };
}

function pageVisibleTexts(selector) {
  return [...document.querySelectorAll(selector)].filter((el) => el.getClientRects().length > 0).map((el) => el.innerText);
}

/** Runs a page-side function defined above, with the helpers it calls, in the page. */
function evaluateInPage(page, fn, arg) {
  const helpers = [pageFindEditor, pageEditorLines].map((f) => f.toString()).join('\n');
  return page.evaluate(`(() => { ${helpers}\n return (${fn.toString()})(${JSON.stringify(arg)}); })()`);
}

async function answerProbeRequest(page, request, screenshotDir) {
  switch (request.kind) {
    case 'renderedLineDecorations':
      return evaluateInPage(page, pageRenderedLineDecorations, request.fileName);
    case 'renderedCodeLenses':
      return evaluateInPage(page, pageRenderedCodeLenses, request.fileName);
    case 'renderedTextDecorations':
      return evaluateInPage(page, pageRenderedTextDecorations, request.fileName);
    case 'hover': {
      // The host has already run editor.action.showHover; wait until the hover shows its providers' content and
      // stops changing (several providers answer one after another).
      const deadline = Date.now() + 10000;
      let last;
      let stableSince = 0;
      for (;;) {
        const hover = await evaluateInPage(page, pageEditorHover);
        if (hover && last && hover.text === last.text) {
          if (Date.now() - stableSince >= 300) break;
        } else {
          stableSince = Date.now();
        }
        last = hover;
        if (Date.now() > deadline) {
          if (last) break;
          const seen = await page.evaluate(() =>
            [...document.querySelectorAll('[class*="hover"]')]
              .filter((el) => el.getClientRects().length > 0)
              .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}: ${JSON.stringify(el.innerText.slice(0, 80))}`),
          );
          throw new Error(`no editor hover appeared within 10 s (did editor.action.showHover run with the editor focused?); visible hover elements: ${JSON.stringify(seen)}`);
        }
        await sleep(100);
      }
      if (request.hide) await page.keyboard.press('Escape');
      return last;
    }
    case 'treeItems':
      return evaluateInPage(page, pageTreeItems, request.viewTitle);
    case 'screenshot': {
      const name = String(request.name).replace(/[^\w.-]+/g, '_');
      fs.mkdirSync(screenshotDir, { recursive: true });
      const file = path.join(screenshotDir, name.endsWith('.png') ? name : `${name}.png`);
      await page.screenshot({ path: file });
      screenshotsTaken.push(file);
      return file;
    }
    case 'visibleTexts':
      return evaluateInPage(page, pageVisibleTexts, request.selector);
    case 'pressKey':
      await page.keyboard.press(request.key);
      return null;
    case 'webviewTexts': {
      // Webview content lives in nested iframes (the webview host frame, then its content frame): ask every frame.
      const texts = [];
      for (const frame of page.frames()) {
        try {
          texts.push(
            ...(await frame.evaluate(
              (selector) => [...document.querySelectorAll(selector)].filter((el) => el.getClientRects().length > 0).map((el) => el.innerText),
              request.selector,
            )),
          );
        } catch {
          // A frame that is navigating or gone has nothing to read.
        }
      }
      return texts;
    }
    case 'webviewClick': {
      // Clicks the first visible element matching the selector in any webview frame.
      for (const frame of page.frames()) {
        const target = frame.locator(request.selector).first();
        try {
          if ((await target.count()) > 0 && (await target.isVisible())) {
            await target.click();
            return true;
          }
        } catch {
          // Not in this frame.
        }
      }
      throw new Error(`no visible element matches ${JSON.stringify(request.selector)} in any webview`);
    }
    default:
      throw new Error(`unknown request kind ${JSON.stringify(request.kind)}`);
  }
}

/** Polls `dir` for requests and answers them from `page`; returns a function that stops the loop. */
function startUiProbe(dir, page, screenshotDir) {
  const REQUEST = '.request.json';
  let busy = false;
  let stopped = false;
  const tick = async () => {
    if (busy || stopped) return;
    busy = true;
    try {
      const requests = fs.readdirSync(dir).filter((name) => name.endsWith(REQUEST)).sort();
      for (const name of requests) {
        if (stopped) break;
        const requestFile = path.join(dir, name);
        let response;
        let request;
        try {
          request = JSON.parse(fs.readFileSync(requestFile, 'utf8'));
          response = { ok: true, result: (await answerProbeRequest(page, request, screenshotDir)) ?? null };
        } catch (error) {
          response = { ok: false, error: error instanceof Error ? error.message : String(error) };
        }
        if (VERBOSE) console.error(`[ui-probe] ${JSON.stringify(request)} -> ${JSON.stringify(response).slice(0, 500)}`);
        fs.rmSync(requestFile, { force: true });
        const responseFile = path.join(dir, name.slice(0, -REQUEST.length) + '.response.json');
        fs.writeFileSync(responseFile + '.tmp', JSON.stringify(response));
        fs.renameSync(responseFile + '.tmp', responseFile);
      }
    } catch (error) {
      if (!stopped) console.error(`[ui-probe] ${error instanceof Error ? error.message : error}`);
    } finally {
      busy = false;
    }
  };
  const interval = setInterval(tick, PROBE_POLL_MS);
  return () => {
    stopped = true;
    clearInterval(interval);
  };
}

function requireFromTestHost(name) {
  return require(require.resolve(name, { paths: [HOST_DIR] }));
}

async function main() {
  const started = Date.now();
  for (const [file, hint] of [
    [TESTS_ENTRY, 'npm run compile'],
    [path.join(ROOT, 'dist', 'extension.js'), 'npm run build'],
  ]) {
    if (!fs.existsSync(file)) throw new Error(`${path.relative(ROOT, file)} is missing: run \`${hint}\` first.`);
  }
  ensureTestHost();
  if (!fs.existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing. Install it (as root) with:\n  ${SYSTEM_PACKAGES_HINT}`);
  const { chromium } = requireFromTestHost('playwright-core');

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'understudy-itest-'));
  const dirs = {};
  for (const name of ['user-data', 'extensions', 'tmp', 'config', 'data', 'cache', 'probe']) {
    dirs[name] = path.join(tmp, name);
    fs.mkdirSync(dirs[name]);
  }

  let server;
  let browser;
  let serverLog = '';
  let timer;
  let stopProbe;
  const screenshotDir = process.env[SCREENSHOT_DIR_ENV] || path.join(os.tmpdir(), 'understudy-itest-screenshots');
  const result = { code: 1, passed: undefined, failed: undefined, reason: '' };
  try {
    const port = await freePort();
    server = childProcess.spawn(
      process.execPath,
      [CODE_SERVER_ENTRY, ...codeServerArgs(port, dirs['user-data'], dirs.extensions)],
      {
        cwd: tmp,
        detached: true, // its own process group, so that the extension host and watchers go with it
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          TMPDIR: dirs.tmp,
          XDG_CONFIG_HOME: dirs.config,
          XDG_DATA_HOME: dirs.data,
          XDG_CACHE_HOME: dirs.cache,
          // code-server's extension host inherits its environment: this is how the tests find the UI probe.
          [PROBE_DIR_ENV]: dirs.probe,
        },
      },
    );
    const onServerOutput = (chunk) => {
      serverLog += chunk;
      if (VERBOSE) process.stderr.write(`[code-server] ${chunk}`);
    };
    server.stdout.setEncoding('utf8').on('data', onServerOutput);
    server.stderr.setEncoding('utf8').on('data', onServerOutput);

    const timedOut = new Promise((resolve) => {
      timer = setTimeout(() => resolve('timeout'), Math.max(0, TIMEOUT_MS - (Date.now() - started)));
    });
    const run = (async () => {
      await waitForHealthz(port, server, 60000);
      browser = await chromium.launch({
        executablePath: CHROMIUM,
        headless: true,
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-dev-shm-usage',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
          '--no-first-run',
          '--disable-quic',
        ],
      });
      const page = await browser.newPage();
      let exit;
      const exited = new Promise((resolve) => (exit = resolve));
      // The workbench relays its own log and, once the extension host runs, the host's console output. Before the
      // tests start, only errors are shown (all of it with UNDERSTUDY_ITEST_VERBOSE=1).
      let testsStarted = false;
      await page.exposeFunction('codeAutomationLog', (type, args) => {
        const text = formatLogArgs(args);
        if (text.startsWith(START_MARKER)) {
          testsStarted = true;
          return;
        }
        if (text.startsWith(RESULT_MARKER)) {
          try {
            const counts = JSON.parse(text.slice(RESULT_MARKER.length));
            result.passed = counts.passed;
            result.failed = counts.failed;
            return;
          } catch {
            // Not the line index.ts prints: relay it as it is.
          }
        }
        const isError = type === 'error';
        if (VERBOSE || testsStarted || (isError && !isHarmlessNoise(text))) (isError ? console.error : console.log)(text);
      });
      await page.exposeFunction('codeAutomationExit', (code) => exit(Number(code)));
      if (VERBOSE) page.on('pageerror', (error) => console.error(`[page] ${error}`));
      stopProbe = startUiProbe(dirs.probe, page, screenshotDir);

      const remote = (p) => `vscode-remote://127.0.0.1:${port}${p}`;
      const payload = [
        ['extensionDevelopmentPath', remote(ROOT)],
        ['extensionTestsPath', remote(TESTS_ENTRY)],
        ['skipWelcome', 'true'],
      ];
      const url = `http://127.0.0.1:${port}/?folder=${encodeURIComponent(WORKSPACE)}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
      await page.goto(url);
      return exited;
    })();
    const outcome = await Promise.race([run, timedOut]);
    if (outcome === 'timeout') {
      result.code = 1;
      result.reason = `The integration tests did not finish within ${TIMEOUT_MS / 1000} s.`;
    } else {
      result.code = outcome;
    }
  } catch (error) {
    result.code = 1;
    result.reason = `The integration test run failed: ${error instanceof Error ? error.message : error}`;
  } finally {
    clearTimeout(timer);
    if (stopProbe) stopProbe();
    if (browser) await browser.close().catch(() => undefined);
    await stopCodeServer(server);
    fs.rmSync(tmp, { recursive: true, force: true });
  }

  if (result.reason) {
    console.error(result.reason);
    if (!VERBOSE && serverLog) console.error(`code-server output:\n${serverLog.trimEnd()}`);
  }
  if (result.passed === undefined) {
    if (result.code === 0) result.code = 1;
    console.error('The tests did not report their counts (the run ended before mocha did).');
  }
  const failed = result.failed ?? 1;
  if (failed > 0 && result.code === 0) result.code = 1;
  if (screenshotsTaken.length > 0) console.log(`UI probe screenshots (${screenshotsTaken.length}) in ${screenshotDir}`);
  console.log(`Integration tests ran in ${((Date.now() - started) / 1000).toFixed(1)} s (exit code ${result.code}).`);
  console.log(`${result.passed ?? 0} passed, ${failed} failed`);
  return result.code;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    console.log('0 passed, 1 failed');
    process.exit(1);
  },
);
