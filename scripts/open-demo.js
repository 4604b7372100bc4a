#!/usr/bin/env node
// Opens the bundled sample evaluations (samples/) with the extension loaded: in desktop VS Code when a `code`
// command is installed, otherwise in a local browser workbench (code-server 4.100.3 from test-host/, the same host
// the integration tests use), printing the URL to open. Needs `npm run build` first (`npm run demo` does both).
//
//   node scripts/open-demo.js [--browser] [--port N] [--check]
//     --browser  use the browser workbench even when desktop VS Code is installed
//     --port N   port of the browser workbench (default 8080, or a free one when 8080 is taken)
//     --check    start the browser workbench, check that the demo page loads, and stop (for CI and tests)
'use strict';

const childProcess = require('child_process');
const fs = require('fs');
const net = require('net');
const os = require('os');
const path = require('path');
const { ensureTestHost, HOST_DIR } = require('./install-test-host');
const { codeServerArgs, freePort, httpStatus, waitForHealthz } = require('./code-server-process');

const ROOT = path.resolve(__dirname, '..');
const SAMPLES = path.join(ROOT, 'samples');
const CODE_SERVER_ENTRY = path.join(HOST_DIR, 'node_modules', 'code-server', 'out', 'node', 'entry.js');

function option(name) {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

function which(command) {
  const result = childProcess.spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

function portIsFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** The sample evaluations (folders with an understudy.json), as the Evaluations view will list them. */
function describeSamples() {
  const evaluations = fs
    .readdirSync(SAMPLES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(SAMPLES, entry.name, 'understudy.json')))
    .map((entry) => {
      const manifest = JSON.parse(fs.readFileSync(path.join(SAMPLES, entry.name, 'understudy.json'), 'utf8'));
      return `  ${entry.name.padEnd(12)} ${manifest.name} (${manifest.task}; ${(manifest.metrics || []).join(', ')})`;
    });
  if (evaluations.length === 0) throw new Error(`No understudy.json in ${SAMPLES}/*: the samples are missing.`);
  console.log(`Sample evaluations (each system is scored when the folder opens; see the Understudy view in the activity bar):\n${evaluations.join('\n')}\n`);
}

/** A system output to open first, so that its line scores show at once. */
const FIRST_FILE = path.join(SAMPLES, 'wmt21-de-en', 'hyp.Facebook-AI.en');

function openDesktop(code) {
  console.log(`Opening ${path.relative(process.cwd(), SAMPLES) || SAMPLES} in VS Code (${code}) with Understudy loaded from ${ROOT}.`);
  const child = childProcess.spawn(code, ['--extensionDevelopmentPath', ROOT, SAMPLES, ...(fs.existsSync(FIRST_FILE) ? [FIRST_FILE] : [])], { detached: true, stdio: 'ignore' });
  child.unref();
}

async function openBrowser(check) {
  ensureTestHost();
  const requested = Number(option('--port') ?? 8080);
  const port = !check && (await portIsFree(requested)) ? requested : await freePort();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'understudy-demo-'));
  const dirs = Object.fromEntries(['user-data', 'extensions', 'tmp', 'config', 'data', 'cache'].map((name) => [name, path.join(tmp, name)]));
  for (const dir of Object.values(dirs)) fs.mkdirSync(dir);
  const server = childProcess.spawn(
    process.execPath,
    [CODE_SERVER_ENTRY, ...codeServerArgs(port, dirs['user-data'], dirs.extensions)],
    {
      cwd: tmp,
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, TMPDIR: dirs.tmp, XDG_CONFIG_HOME: dirs.config, XDG_DATA_HOME: dirs.data, XDG_CACHE_HOME: dirs.cache },
    },
  );
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    fs.rmSync(tmp, { recursive: true, force: true });
  };
  process.on('exit', stop);
  process.on('SIGINT', () => process.exit(130));
  process.on('SIGTERM', () => process.exit(143));

  await waitForHealthz(port, server, 60000);
  // The extension is passed as code-server's own browser tests pass it: a vscode-remote:// URI in `payload`.
  const payload = [
    ['extensionDevelopmentPath', `vscode-remote://127.0.0.1:${port}${ROOT}`],
    ['skipWelcome', 'true'],
  ];
  const url = `http://127.0.0.1:${port}/?folder=${encodeURIComponent(SAMPLES)}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
  if (check) {
    const status = await httpStatus(url);
    if (status !== 200) throw new Error(`The demo page answered ${status}.`);
    console.log(`Demo workbench answered on port ${port}.`);
    stop();
    return;
  }
  console.log('Understudy demo: the sample evaluations in samples/, in a browser VS Code (code-server) with the extension loaded.');
  console.log(`Open this URL in a browser on this machine (Ctrl-C here stops it):\n\n  ${url}\n`);
  await new Promise(() => undefined);
}

async function main() {
  if (!fs.existsSync(path.join(ROOT, 'dist', 'extension.js'))) throw new Error('dist/extension.js is missing: run `npm run build` first (or `npm run demo`).');
  const check = process.argv.includes('--check');
  describeSamples();
  const code = !check && !process.argv.includes('--browser') ? which('code') : undefined;
  if (code) openDesktop(code);
  else await openBrowser(check);
}

main().catch((error) => {
  console.error(`Understudy demo: ${error.message}`);
  process.exit(1);
});
