#!/usr/bin/env node
// Entry point of the `understudy` command: runs the bundled CLI (dist/cli.js, built by `npm run build`).
const path = require('path');
const fs = require('fs');
const cli = path.join(__dirname, '..', 'dist', 'cli.js');
if (!fs.existsSync(cli)) {
  console.error('understudy: the CLI is not built yet (dist/cli.js is missing). Run `npm run build` in ' + path.dirname(__dirname) + ' first.');
  process.exit(2);
}
require(cli);
