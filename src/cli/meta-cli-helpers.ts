import { UnderstudyError } from '../core/errors';
import type { CliOutput } from './run-cli';

/** Option parsing and number formatting shared by `understudy conditions`, `rose` and `gap`. */

export function bad(message: string): never {
  throw new UnderstudyError('bad-option', message);
}

export function oneOf<T extends string>(flag: string, value: string | undefined, allowed: readonly T[]): T | undefined {
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value)) bad(`--${flag} ${value}: expected one of ${allowed.join(', ')}.`);
  return value as T;
}

/** A number strictly between 0 and 1 (a level, a fraction). */
export function fraction(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!(n > 0 && n < 1)) bad(`--${flag} ${value}: expected a number between 0 and 1.`);
  return n;
}

export function integer(flag: string, value: string | undefined, min: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) bad(`--${flag} ${value}: expected an integer ≥ ${min}.`);
  return n;
}

/** --seed: any non-negative integer (PCG64 takes 128-bit seeds; large ones stay exact as bigint). */
export function seedOption(value: string | undefined): number | bigint | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) bad(`--seed ${value}: expected a non-negative integer.`);
  const n = BigInt(value);
  return n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : n;
}

export { fmt, pValue } from '../core/meta/json-number';

/** Progress on stderr every 10 %, for `--progress`. */
export function progressReporter(io: CliOutput, what: string): (done: number, total: number) => void {
  let last = -1;
  return (done, total) => {
    const percent = Math.floor((100 * done) / total);
    if (percent >= last + 10 || done === total) {
      last = percent;
      io.stderr(`understudy: ${what} ${done}/${total} (${percent}%)\n`);
    }
  };
}

/** Splits ARGV into a command's own options (`own`, as `parseArgs` declares them) and the rest, for another parser. */
export function splitOwnOptions(argv: readonly string[], options: Readonly<Record<string, { readonly type: string }>>): { own: string[]; rest: string[] } {
  const own: string[] = [];
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const name = arg.startsWith('--') ? arg.slice(2).split('=')[0] : '';
    const spec = Object.hasOwn(options, name) ? options[name] : undefined;
    if (!spec) {
      rest.push(arg);
      continue;
    }
    own.push(arg);
    if (spec.type === 'string' && !arg.includes('=') && i + 1 < argv.length) own.push(argv[++i]);
  }
  return { own, rest };
}
