import { UnderstudyError } from '../core/errors';

/** Where the CLI writes; the process streams in `understudy`, buffers in tests. */
export interface CliOutput {
  stdout(text: string): void;
  stderr(text: string): void;
}

/**
 * One `understudy` subcommand: arguments parsed (a bad one is exit status 2), `--help` prints the usage, then the
 * command runs. An UnderstudyError becomes its message on stderr: status 2 for a bad option or metric name, 1 for
 * input that cannot be used.
 */
export function runCommand<T>(argv: string[], io: CliOutput, parse: (argv: string[]) => T | 'help', usage: string, execute: (command: T) => number): number {
  let parsed: T | 'help';
  try {
    parsed = parse(argv);
  } catch (error) {
    if (error instanceof UnderstudyError) {
      io.stderr(`understudy: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
  if (parsed === 'help') {
    io.stdout(usage);
    return 0;
  }
  try {
    return execute(parsed);
  } catch (error) {
    if (error instanceof UnderstudyError) {
      io.stderr(`understudy: ${error.message}\n`);
      return error.code === 'unknown-metric' || error.code === 'bad-option' ? 2 : 1;
    }
    throw error;
  }
}
