import { runCli } from './run-cli';

// Entry point bundled to dist/cli.js (bin/understudy.js loads it).
process.exitCode = runCli(process.argv.slice(2));
