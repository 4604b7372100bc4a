// Small pieces shared by the scripts that start code-server (the integration tests' host and the demo).
'use strict';

const http = require('http');
const net = require('net');

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

/** code-server's command-line options for a private, offline, single-user instance (see the integration recipe). */
function codeServerArgs(port, userDataDir, extensionsDir) {
  return [
    '--auth', 'none',
    '--bind-addr', `127.0.0.1:${port}`,
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--disable-getting-started-override',
    '--config', '/dev/null',
    '--user-data-dir', userDataDir,
    '--extensions-dir', extensionsDir,
  ];
}

module.exports = { codeServerArgs, freePort, httpStatus, sleep, waitForHealthz };
