import { UnderstudyError } from '../core/errors';
import { textTable } from '../core/meta/manual/text-table';
import { bad } from './meta-cli-helpers';
import type { CliOutput } from './run-cli';

/** What `understudy qarla` and `understudy heterogeneity` share: list options, the seed, and their three outputs. */

export const nameList = (value: string | undefined): string[] | undefined =>
  value === undefined ? undefined : value.split(',').map((s) => s.trim()).filter((s) => s !== '');

/** --seed for the core's number seeds: a non-negative safe integer. */
export function numberSeed(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value))) bad(`--seed ${value}: expected a non-negative integer below 2^53.`);
  return Number(value);
}

export type Cell = string | number | null;

/** An analysis's main table (what --tsv exports), with a title and notes for the text view. */
export interface Tables {
  readonly title: string;
  readonly header: readonly string[];
  readonly rows: readonly (readonly Cell[])[];
  readonly notes: readonly string[];
}

/** Tab-separated, unrounded; an undefined value is an empty cell. */
export function tsvOf(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  return [header, ...rows].map((r) => r.map((v) => (v === null ? '' : String(v))).join('\t')).join('\n') + '\n';
}

const COUNT_COLUMNS = new Set(['pairs', 'contradicted', 'corroborated', 'improved', 'both', 'size', 'segments', 'cases', 'rank', 'systems']);

/** A one-row result reads better as one line per field; a count stays whole, a probability gets 4 decimals. */
function fieldLines(header: readonly string[], row: readonly Cell[]): string {
  const width = Math.max(...header.map((h) => h.length));
  return header.map((h, c) => `${h.padEnd(width)}  ${row[c] === null ? '—' : typeof row[c] === 'number' && !COUNT_COLUMNS.has(h) ? (row[c] as number).toFixed(4) : String(row[c])}`).join('\n');
}

export function textOf(tables: Tables, optionsLine: string): string {
  const body = tables.rows.length === 1 ? fieldLines(tables.header, tables.rows[0]) : textTable(tables.header, tables.rows).trimEnd();
  return [tables.title, '', body, ...(tables.notes.length > 0 ? ['', ...tables.notes] : []), '', optionsLine, ''].join('\n');
}

/**
 * Runs a library analysis; the command checked its options and names first, so what the core still rejects (a case
 * with too few models, too many metrics for a table) is about the data: exit status 1, the table named.
 */
export function analyse<T>(path: string, run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof UnderstudyError) throw new UnderstudyError('unreadable-file', `${path}: ${error.message}`);
    throw error;
  }
}

/** --json prints the library's result as it is; --tsv its whole main table, unrounded. */
export function printMachineReadable(io: CliOutput, output: 'json' | 'tsv', result: unknown, tables: () => Tables): number {
  if (output === 'json') io.stdout(`${JSON.stringify(result, null, 2)}\n`);
  else {
    const t = tables();
    io.stdout(tsvOf(t.header, t.rows));
  }
  return 0;
}
