import { parseArgs, ParseArgsConfig } from 'util';
import { UnderstudyError } from '../core/errors';
import { readTextFile } from '../core/io/read-text';
import { ManualAnalysis, ManualFile } from '../core/meta/manual/manual-analysis';
import { ManualTable, tableToTsv } from '../core/meta/manual/manual-tables';
import type { CliOutput } from './run-cli';

/** What the manual-evaluation subcommands (pyramid, agreement, nuggets, relevance) share. */

export type ManualOptions = NonNullable<ParseArgsConfig['options']>;

/** Parses a subcommand's arguments strictly; unknown flags become a bad-option error naming the command's help. */
export function parseManualArgs<O extends ManualOptions>(command: string, argv: string[], options: O) {
  try {
    return parseArgs({ args: argv, options: { ...options, help: { type: 'boolean', short: 'h' } }, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UnderstudyError('bad-option', `${(error as Error).message}. Run \`understudy ${command} --help\` for the options.`);
  }
}

export function choice<T extends string>(flag: string, value: string | undefined, allowed: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new UnderstudyError('bad-option', `--${flag} ${value}: expected one of ${allowed.join(', ')}.`);
}

export function positiveNumber(flag: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new UnderstudyError('bad-option', `--${flag} ${value}: expected a positive number.`);
  return n;
}

/**
 * Runs a subcommand: `--help` prints its usage; an UnderstudyError is printed as `understudy: message` with exit
 * status 2 for a bad command line and 1 for input that cannot be used; warnings go to stderr.
 */
export function runManual(argv: string[], io: CliOutput, usage: string, execute: (argv: string[]) => { output: string; warnings: readonly string[] } | 'help'): number {
  try {
    const result = execute(argv);
    if (result === 'help') {
      io.stdout(usage);
      return 0;
    }
    for (const warning of result.warnings) io.stderr(`understudy: warning: ${warning}\n`);
    io.stdout(result.output);
    return 0;
  } catch (error) {
    if (error instanceof UnderstudyError) {
      io.stderr(`understudy: ${error.message}\n`);
      return error.code === 'bad-option' ? 2 : 1;
    }
    throw error;
  }
}

export function jsonText(value: unknown): string {
  return JSON.stringify(value, null, 1) + '\n';
}

/** The export options every manual-evaluation subcommand takes. */
export const EXPORT_OPTIONS = { json: { type: 'boolean' }, tsv: { type: 'boolean' }, table: { type: 'string' } } as const;

export function exportUsage(tables: readonly string[]): string {
  return `  --json                    the full result as JSON
  --tsv                     one table as tab-separated values, numbers unrounded (for a spreadsheet, R, pandas)
  --table NAME              which table --tsv writes: ${tables.join(', ')} (default ${tables[0]})
`;
}

/**
 * The output format asked for: an error for --json with --tsv, or --table without --tsv; with --tsv, the named table
 * (default the first) as TSV.
 */
export function exportFormat(values: { json?: boolean; tsv?: boolean; table?: string }): 'json' | 'tsv' | 'text' {
  if (values.json && values.tsv) throw new UnderstudyError('bad-option', '--json and --tsv cannot be combined: choose one output format.');
  if (values.table !== undefined && !values.tsv) throw new UnderstudyError('bad-option', `--table ${values.table} selects the table --tsv writes; add --tsv.`);
  return values.json ? 'json' : values.tsv ? 'tsv' : 'text';
}

export function tsvOf(tables: readonly ManualTable[], name: string | undefined): string {
  const table = name === undefined ? tables[0] : tables.find((t) => t.name === name);
  if (!table) throw new UnderstudyError('bad-option', `--table ${name}: expected one of ${tables.map((t) => t.name).join(', ')}.`);
  return tableToTsv(table);
}

export function readManualFile(file: string): ManualFile {
  return { path: file, text: readTextFile(file) };
}

/** An analysis printed as asked: its JSON, one of its tables as TSV, or its text report. */
export function manualOutput(analysis: ManualAnalysis, format: 'json' | 'tsv' | 'text', table: string | undefined): { output: string; warnings: readonly string[] } {
  const output = format === 'json' ? jsonText(analysis.json) : format === 'tsv' ? tsvOf(analysis.tables, table) : analysis.text;
  return { output, warnings: analysis.warnings };
}
