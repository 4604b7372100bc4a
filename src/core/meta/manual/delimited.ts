import { UnderstudyError } from '../../errors';
import { splitQuotedRows } from '../judgments/delimited-text';

/**
 * Comma- or tab-separated text (RFC 4180 quoting: a field in double quotes may hold the delimiter, line breaks and
 * doubled quotes). The first row is the header. Blank lines are skipped; a leading byte-order mark is dropped.
 */

export interface DelimitedTable {
  readonly header: readonly string[];
  /** Rows as header → value (missing trailing cells are ""). */
  readonly rows: readonly Readonly<Record<string, string>>[];
  /** 1-based line where each row starts. */
  readonly lines: readonly number[];
  readonly delimiter: ',' | '\t';
}

/** Tab when the first line has a tab, else comma (annotation files are one or the other). */
export function sniffDelimiter(text: string): ',' | '\t' {
  const firstLine = text.slice(0, text.indexOf('\n') < 0 ? text.length : text.indexOf('\n'));
  return firstLine.includes('\t') ? '\t' : ',';
}

/** Splits text into records of fields, honouring quotes; returns each record's 1-based start line. */
export function splitRecords(text: string, delimiter: string, source: string): { fields: readonly string[]; line: number }[] {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return splitQuotedRows(body, delimiter, (line) => {
    throw new UnderstudyError('bad-annotations', `${source}, line ${line}: a quoted field is never closed.`, { file: source, line });
  });
}

/** Parses a delimited table with a header row; a row with more cells than the header is an error naming its line. */
export function parseDelimited(text: string, source: string, delimiter: ',' | '\t' = sniffDelimiter(text)): DelimitedTable {
  const records = splitRecords(text, delimiter, source);
  if (records.length === 0) throw new UnderstudyError('bad-annotations', `${source}: the file is empty (a header row is needed).`, { file: source });
  const header = records[0].fields.map((h) => h.trim());
  const rows: Record<string, string>[] = [];
  const lines: number[] = [];
  for (const record of records.slice(1)) {
    if (record.fields.length > header.length) {
      throw new UnderstudyError(
        'bad-annotations',
        `${source}, line ${record.line}: ${record.fields.length} cells but the header has ${header.length} columns. Quote cells that contain the delimiter.`,
        { file: source, line: record.line },
      );
    }
    rows.push(Object.fromEntries(header.map((h, i) => [h, record.fields[i] ?? ''])));
    lines.push(record.line);
  }
  return { header, rows, lines, delimiter };
}

/** The column named `name` (case-insensitive), or an error listing the columns there are. */
export function requireColumn(table: DelimitedTable, name: string, source: string, hint = ''): string {
  const found = table.header.find((h) => h.toLowerCase() === name.toLowerCase());
  if (found === undefined) {
    throw new UnderstudyError('bad-annotations', `${source}: no column "${name}" (columns: ${table.header.join(', ')}).${hint ? ` ${hint}` : ''}`, { file: source, field: name });
  }
  return found;
}
