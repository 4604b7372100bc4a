import { runCli } from './run-cli';

// A closed pipe (`understudy parse big.txt | head`) ends the output quietly, as Unix tools do.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

// Entry point bundled to dist/cli.js (bin/understudy.js loads it).
process.exitCode = runCli(process.argv.slice(2));
