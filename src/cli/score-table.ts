import * as fs from 'fs';
import { UnderstudyError } from '../core/errors';

/**
 * A table of scores with a header row — one row per unit (a system, or a summary/segment) — as the meta-evaluation
 * subcommands read it: tab-separated when the header has a tab, else comma-separated (a field may be "quoted"), or JSON
 * Lines (*.jsonl, or text starting with `{`): one object per row. `understudy score --tsv` output joined with human
 * judgments in a spreadsheet or pandas is such a table.
 */
export interface ScoreTable {
  readonly path: string;
  readonly columns: readonly string[];
  /** cells[row][column], trimmed. */
  readonly cells: readonly (readonly string[])[];
}

export function readScoreTable(path: string): ScoreTable {
  let text: string;
  try {
    text = fs.readFileSync(path, 'utf8');
  } catch (error) {
    throw new UnderstudyError('unreadable-file', `Cannot read ${path}: ${(error as Error).message}.`, { path });
  }
  return parseScoreTable(text, path);
}

/** A score table from its text (an editor's, unsaved changes included); `path` names it in messages. */
export function parseScoreTable(text: string, path: string): ScoreTable {
  const body = text.replace(/^\uFEFF/, '');
  if (/\.(jsonl|ndjson)$/i.test(path) || /^\s*\{/.test(body)) return parseJsonLinesTable(body, path);
  const lines = body.split(/\r?\n/).filter((line) => line.trim() !== '' && !line.startsWith('#'));
  if (lines.length < 2) throw new UnderstudyError('empty-file', `${path} has no rows: expected a header line and one row per unit.`, { path });
  const separator = lines[0].includes('\t') ? '\t' : ',';
  const split = (line: string): string[] => (line.includes('"') ? splitQuoted(line, separator) : line.split(separator));
  const columns = split(lines[0]).map((c) => c.trim());
  const seen = new Set<string>();
  for (const c of columns) {
    if (c === '') throw new UnderstudyError('unreadable-file', `${path}: the header has an empty column name; name every column.`, { path });
    if (seen.has(c)) throw new UnderstudyError('unreadable-file', `${path}: column "${c}" appears twice in the header.`, { path });
    seen.add(c);
  }
  const cells = lines.slice(1).map((line, i) => {
    const row = split(line).map((c) => c.trim());
    if (row.length !== columns.length) {
      throw new UnderstudyError('unreadable-file', `${path}: data row ${i + 1} has ${row.length} fields, the header ${columns.length}.`, { path, row: i + 1 });
    }
    return row;
  });
  return { path, columns, cells };
}

/** One line's fields where a field may be "quoted" (RFC 4180: "" inside quotes is a quote), as spreadsheets write texts with commas. */
function splitQuoted(line: string, separator: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field.trim() === '') {
      quoted = true;
      field = '';
    } else if (c === separator) {
      fields.push(field);
      field = '';
    } else field += c;
  }
  fields.push(field);
  return fields;
}

/** JSON Lines as a table: one object per line, its keys the columns (a key missing from a record is an empty cell). */
function parseJsonLinesTable(text: string, path: string): ScoreTable {
  const records: Record<string, unknown>[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      throw new UnderstudyError('unreadable-file', `${path}, line ${i + 1}: not JSON (${(error as Error).message}); expected one object per line.`, { path, line: i + 1 });
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new UnderstudyError('unreadable-file', `${path}, line ${i + 1}: expected a JSON object.`, { path, line: i + 1 });
    records.push(value as Record<string, unknown>);
  });
  if (records.length === 0) throw new UnderstudyError('empty-file', `${path} has no records: expected one JSON object per unit.`, { path });
  const columns = [...new Set(records.flatMap((r) => Object.keys(r)))];
  const cell = (v: unknown): string => (v === undefined || v === null ? '' : typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v));
  return { path, columns, cells: records.map((r) => columns.map((c) => cell(r[c]))) };
}

/** The index of column `name`, or an error listing the columns there are. */
export function columnIndex(table: ScoreTable, name: string): number {
  const index = table.columns.indexOf(name);
  if (index < 0) throw new UnderstudyError('bad-option', `${table.path} has no column "${name}"; its columns: ${table.columns.join(', ')}.`);
  return index;
}

/** Empty, NA, NaN or '-' cells are missing (NaN); any other non-number is an error naming the row and column. */
export function numericColumn(table: ScoreTable, name: string): Float64Array {
  const index = columnIndex(table, name);
  return Float64Array.from(table.cells, (row, i) => {
    const cell = row[index];
    if (cell === '' || cell === '-' || /^(na|nan|null)$/i.test(cell)) return NaN;
    const value = Number(cell);
    if (!Number.isFinite(value)) {
      throw new UnderstudyError('unreadable-file', `${table.path}: "${cell}" in column ${name}, data row ${i + 1}, is not a number.`, { path: table.path, row: i + 1 });
    }
    return value;
  });
}

/** Rows where every one of `columns` is a number; the others are left out (and counted, for a warning). */
export function completeRows(columns: readonly Float64Array[], rows: number): { keep: number[]; dropped: number } {
  const keep: number[] = [];
  for (let r = 0; r < rows; r++) if (columns.every((c) => Number.isFinite(c[r]))) keep.push(r);
  return { keep, dropped: rows - keep.length };
}

/** Whether every cell of a column is a number or missing (a metric column, as opposed to names). */
export function isNumericColumn(table: ScoreTable, index: number): boolean {
  return table.cells.every((row) => row[index] === '' || /^(na|nan|null|-)$/i.test(row[index]) || Number.isFinite(Number(row[index])));
}
