import * as fs from 'fs';
import { UnderstudyError } from '../core/errors';

/**
 * A table of scores with a header row — one row per unit (a system, or a summary/segment) — as the meta-evaluation
 * subcommands read it: tab-separated when the header has a tab, else comma-separated (no quoting; names and numbers
 * only). `understudy score --tsv` output joined with human judgments in a spreadsheet or pandas is such a table.
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

/** A score table's text (e.g. an open editor's); `path` names it in messages. */
export function parseScoreTable(text: string, path: string): ScoreTable {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/).filter((line) => line.trim() !== '' && !line.startsWith('#'));
  if (lines.length < 2) throw new UnderstudyError('empty-file', `${path} has no rows: expected a header line and one row per unit.`, { path });
  const separator = lines[0].includes('\t') ? '\t' : ',';
  const columns = lines[0].split(separator).map((c) => c.trim());
  const seen = new Set<string>();
  for (const c of columns) {
    if (c === '') throw new UnderstudyError('unreadable-file', `${path}: the header has an empty column name; name every column.`, { path });
    if (seen.has(c)) throw new UnderstudyError('unreadable-file', `${path}: column "${c}" appears twice in the header.`, { path });
    seen.add(c);
  }
  const cells = lines.slice(1).map((line, i) => {
    const row = line.split(separator).map((c) => c.trim());
    if (row.length !== columns.length) {
      throw new UnderstudyError('unreadable-file', `${path}: data row ${i + 1} has ${row.length} fields, the header ${columns.length}.`, { path, row: i + 1 });
    }
    return row;
  });
  return { path, columns, cells };
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
