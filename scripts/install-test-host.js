#!/usr/bin/env node
// Installs the integration tests' VS Code host (test-host/: code-server 4.100.3 + playwright-core) from its own
// lockfile, without any download outside the npm registry. Idempotent: does nothing when the host is already there.
//
// Offline fixes:
//  - @vscode/ripgrep's postinstall downloads rg from GitHub, unless it finds
//    $TMPDIR/vscode-ripgrep-cache-<pkgversion>/ripgrep-<tag>-<target>.tar.gz: we seed that file with Debian's rg,
//    in a private TMPDIR used for the whole install;
//  - node-pty's postinstall runs `npx node-gyp`, which would prompt (npm yes=false here): npm_config_yes=true;
//  - code-server's postinstall refuses to run as root unless npm_config_unsafe_perm=true.
'use strict';

const childProcess = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const ROOT = path.resolve(__dirname, '..');
const HOST_DIR = path.join(ROOT, 'test-host');
const CODE_SERVER_VERSION = require(path.join(HOST_DIR, 'package.json')).dependencies['code-server'];
/** Written after a complete install, so that an interrupted one is redone rather than trusted. */
const STAMP = path.join(HOST_DIR, 'node_modules', '.understudy-test-host.json');

// @vscode/ripgrep as pinned by code-server 4.100.3 (lib/postinstall.js: VERSION; package.json: version).
const RIPGREP_PACKAGE_VERSION = '1.15.11';
const RIPGREP_TAG = 'v13.0.0-10';
const RIPGREP_TARGETS = { x64: ['x86_64-unknown-linux-musl'], arm64: ['aarch64-unknown-linux-musl', 'aarch64-unknown-linux-gnu'] };

const SYSTEM_PACKAGES_HINT = 'apt-get install -y --no-install-recommends chromium ripgrep libkrb5-dev';

function which(command) {
  const result = childProcess.spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

/** The system packages the host needs at install time (rg, krb5 headers) and at run time (chromium). */
function checkSystemPackages() {
  const missing = [];
  if (!fs.existsSync('/usr/bin/chromium')) missing.push('chromium (/usr/bin/chromium)');
  if (!which('rg')) missing.push('ripgrep (rg)');
  if (!which('krb5-config') && !fs.existsSync('/usr/include/krb5.h')) missing.push('libkrb5-dev (krb5-config, krb5.h)');
  if (missing.length > 0) {
    throw new Error(
      `The integration test host needs system packages that are missing: ${missing.join(', ')}.\n` +
        `Install them (as root) with:\n  ${SYSTEM_PACKAGES_HINT}`,
    );
  }
}

function installedVersion(name) {
  try {
    return JSON.parse(fs.readFileSync(path.join(HOST_DIR, 'node_modules', name, 'package.json'), 'utf8')).version;
  } catch {
    return undefined;
  }
}

function isInstalled() {
  return fs.existsSync(STAMP) && installedVersion('code-server') === CODE_SERVER_VERSION && installedVersion('playwright-core') !== undefined;
}

/** Puts Debian's rg where @vscode/ripgrep's postinstall looks for a cached download. */
function seedRipgrepCache(tmpDir) {
  const rg = fs.realpathSync(which('rg'));
  const staging = fs.mkdtempSync(path.join(tmpDir, 'rg-'));
  fs.copyFileSync(rg, path.join(staging, 'rg'));
  fs.chmodSync(path.join(staging, 'rg'), 0o755);
  const cacheDir = path.join(tmpDir, `vscode-ripgrep-cache-${RIPGREP_PACKAGE_VERSION}`);
  fs.mkdirSync(cacheDir, { recursive: true });
  for (const target of RIPGREP_TARGETS[process.arch] ?? RIPGREP_TARGETS.x64) {
    const tarball = path.join(cacheDir, `ripgrep-${RIPGREP_TAG}-${target}.tar.gz`);
    const tar = childProcess.spawnSync('tar', ['-czf', tarball, '-C', staging, 'rg'], { stdio: 'inherit' });
    if (tar.status !== 0) throw new Error(`tar failed to pack ${rg} into ${tarball}`);
  }
}

/** Installs test-host/ unless it is already installed; returns true when it installed. */
function ensureTestHost({ log = (line) => console.log(line) } = {}) {
  if (isInstalled()) return false;
  checkSystemPackages();
  const started = Date.now();
  const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'understudy-test-host-install-'));
  try {
    seedRipgrepCache(tmpDir);
    const hasLock = fs.existsSync(path.join(HOST_DIR, 'package-lock.json'));
    const args = hasLock ? ['ci', '--no-audit', '--no-fund'] : ['install', '--no-audit', '--no-fund'];
    log(`Installing the integration test host (code-server ${CODE_SERVER_VERSION}) in test-host/ with npm ${args[0]}: about a minute…`);
    fs.rmSync(STAMP, { force: true });
    const npm = childProcess.spawnSync('npm', args, {
      cwd: HOST_DIR,
      stdio: 'inherit',
      env: {
        ...process.env,
        TMPDIR: tmpDir,
        npm_config_yes: 'true',
        npm_config_unsafe_perm: 'true',
        npm_config_update_notifier: 'false',
      },
    });
    if (npm.error) throw npm.error;
    if (npm.status !== 0) throw new Error(`npm ${args[0]} in test-host/ failed (exit code ${npm.status}).`);
    if (installedVersion('code-server') !== CODE_SERVER_VERSION) {
      throw new Error(`test-host/ has code-server ${installedVersion('code-server')} after install, expected ${CODE_SERVER_VERSION}.`);
    }
    fs.writeFileSync(STAMP, JSON.stringify({ codeServer: CODE_SERVER_VERSION, playwrightCore: installedVersion('playwright-core') }) + '\n');
    log(`Integration test host installed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
    return true;
  } finally {
    fs.rmSync(tmpDir, { recursive: true, force: true });
  }
}

module.exports = { ensureTestHost, checkSystemPackages, HOST_DIR, CODE_SERVER_VERSION, SYSTEM_PACKAGES_HINT };

if (require.main === module) {
  try {
    if (!ensureTestHost()) console.log(`Integration test host already installed (code-server ${CODE_SERVER_VERSION}).`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
