#!/usr/bin/env node
// Runs the integration tests (out/test/integration/index.js) inside a real VS Code extension host, without desktop
// VS Code: code-server 4.100.3 (VS Code OSS 1.100.3's server and web workbench, from test-host/) in a temp dir,
// opened by headless Debian Chromium through playwright-core. The extension and its tests are passed the way VS
// Code's own browser integration tests pass them: in the page URL's `payload`, as vscode-remote:// URIs, so they run
// in the server's Node extension host. The workbench reports the tests' console output to
// window.codeAutomationLog and their exit code to window.codeAutomationExit.
//
// Needs `npm run build && npm run compile` first. Environment:
//   UNDERSTUDY_ITEST_TIMEOUT_S  overall time limit in seconds (default 300)
//   UNDERSTUDY_ITEST_VERBOSE=1  also print code-server's own output and the workbench's log
'use strict';

const childProcess = require('child_process');
const fs = require('fs');
const http = require('http');
const net = require('net');
const os = require('os');
const path = require('path');
const util = require('util');
const { ensureTestHost, HOST_DIR, SYSTEM_PACKAGES_HINT } = require('./install-test-host');

const ROOT = path.resolve(__dirname, '..');
const TESTS_ENTRY = path.join(ROOT, 'out', 'test', 'integration', 'index.js');
const WORKSPACE = path.join(ROOT, 'test', 'integration', 'workspace');
const CODE_SERVER_ENTRY = path.join(HOST_DIR, 'node_modules', 'code-server', 'out', 'node', 'entry.js');
const CHROMIUM = '/usr/bin/chromium';
const TIMEOUT_MS = 1000 * Number(process.env.UNDERSTUDY_ITEST_TIMEOUT_S || 300);
const VERBOSE = process.env.UNDERSTUDY_ITEST_VERBOSE === '1';
/** Printed by test/integration/index.ts when mocha starts, and when it ends with the counts read back here. */
const START_MARKER = 'understudy-integration-start';
const RESULT_MARKER = 'understudy-integration-result ';

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function httpStatus(url) {
  return new Promise((resolve) => {
    const request = http.get(url, (response) => {
      response.resume();
      resolve(response.statusCode);
    });
    request.on('error', () => resolve(undefined));
    request.setTimeout(2000, () => request.destroy());
  });
}

/** Resolves when code-server answers /healthz; rejects if it exits first or does not answer in time. */
async function waitForHealthz(port, serverProcess, limitMs) {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    if (serverProcess.exitCode !== null || serverProcess.signalCode !== null) {
      throw new Error(`code-server exited before it was ready (exit code ${serverProcess.exitCode}, signal ${serverProcess.signalCode}).`);
    }
    if ((await httpStatus(`http://127.0.0.1:${port}/healthz`)) === 200) return;
    await sleep(200);
  }
  throw new Error(`code-server did not answer http://127.0.0.1:${port}/healthz within ${limitMs / 1000} s.`);
}

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
  for (const name of ['user-data', 'extensions', 'tmp', 'config', 'data', 'cache']) {
    dirs[name] = path.join(tmp, name);
    fs.mkdirSync(dirs[name]);
  }

  let server;
  let browser;
  let serverLog = '';
  let timer;
  const result = { code: 1, passed: undefined, failed: undefined, reason: '' };
  try {
    const port = await freePort();
    server = childProcess.spawn(
      process.execPath,
      [
        CODE_SERVER_ENTRY,
        '--auth', 'none',
        '--bind-addr', `127.0.0.1:${port}`,
        '--disable-telemetry',
        '--disable-update-check',
        '--disable-workspace-trust',
        '--disable-getting-started-override',
        '--config', '/dev/null',
        '--user-data-dir', dirs['user-data'],
        '--extensions-dir', dirs.extensions,
      ],
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
