import { UnderstudyError } from '../../errors';

/** A field separator, or 'whitespace' for runs of spaces and tabs (the WMT DA files' "space-separated" layout). */
export type Delimiter = ',' | '\t' | ';' | '|' | 'whitespace';

/** One non-empty row of a table and the 1-based line it starts on. */
export interface TableRow {
  readonly fields: readonly string[];
  readonly line: number;
}

/**
 * Splits a table's text into rows of fields. A leading byte-order mark is dropped; blank lines are skipped (their
 * line numbers still count). With 'whitespace', rows end at LF and fields are the runs of non-space characters (so
 * the WMT files' trailing space adds no empty field). With a character separator, see `splitQuotedRows` (RFC 4180).
 */
export function splitTable(text: string, delimiter: Delimiter, source: string): TableRow[] {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return delimiter === 'whitespace' ? splitWhitespace(body) : splitQuoted(body, delimiter, source);
}

function splitWhitespace(text: string): TableRow[] {
  const rows: TableRow[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const fields = lines[i].split(/[ \t\r]+/).filter((f) => f.length > 0);
    if (fields.length > 0) rows.push({ fields, line: i + 1 });
  }
  return rows;
}

function splitQuoted(text: string, delimiter: string, source: string): TableRow[] {
  return splitQuotedRows(text, delimiter, (line) => {
    throw new UnderstudyError('bad-judgments', `${source}, line ${line}: a quoted field is never closed. Check for a stray '"'.`, { file: source, line });
  });
}

/**
 * RFC 4180 rows of `text` (no byte-order mark) separated by `delimiter`: a field may be quoted with '"', and a quoted
 * field may hold separators, line breaks and doubled quotes; spaces are kept; LF, CRLF and a lone CR end a row; blank
 * lines are skipped (their line numbers still count). A quoted field never closed calls `unclosed` with the line its
 * row starts on, which throws the caller's error.
 */
export function splitQuotedRows(text: string, delimiter: string, unclosed: (line: number) => never): TableRow[] {
  const rows: TableRow[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let rowLine = 1;
  let quoted = false;
  let fieldStarted = false;
  const endRow = (): void => {
    fields.push(field);
    if (!(fields.length === 1 && fields[0] === '' && !fieldStarted)) rows.push({ fields, line: rowLine });
    fields = [];
    field = '';
    fieldStarted = false;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (c === '\n') line++;
        field += c;
      }
      continue;
    }
    if (c === '"' && field === '') {
      quoted = true;
      fieldStarted = true;
    } else if (c === delimiter) {
      fields.push(field);
      field = '';
      fieldStarted = true;
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRow();
      line++;
      rowLine = line;
    } else {
      field += c;
      fieldStarted = true;
    }
  }
  if (quoted) unclosed(rowLine);
  if (field !== '' || fields.length > 0 || fieldStarted) endRow();
  return rows;
}

/** The separator a table most likely uses: by file extension, else the most frequent candidate in its first line. */
export function guessDelimiter(text: string, source: string): Delimiter {
  if (/\.tsv$/i.test(source)) return '\t';
  if (/\.csv$/i.test(source)) {
    const first = firstLine(text);
    // The WMT DA "csv" files are space-separated.
    if (!first.includes(',') && /\S +\S/.test(first)) return 'whitespace';
    return ',';
  }
  const first = firstLine(text);
  const counts: [Delimiter, number][] = (['\t', ',', ';', '|'] as const).map((d) => [d, first.split(d).length - 1]);
  counts.sort((a, b) => b[1] - a[1]);
  return counts[0][1] > 0 ? counts[0][0] : 'whitespace';
}

function firstLine(text: string): string {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const end = body.indexOf('\n');
  return (end < 0 ? body : body.slice(0, end)).replace(/\r$/, '');
}

/**
 * A score field as a number. Empty, "NA", "NaN", "nan", "null", "None" and "-" are missing values (undefined);
 * anything else that is not a finite number is an error naming the file, line and column.
 */
export function parseScore(value: string, source: string, line: number, column: string): number | undefined {
  const trimmed = value.trim();
  if (/^(|NA|N\/A|NaN|nan|null|None|-)$/.test(trimmed)) return undefined;
  const n = Number(trimmed);
  if (!Number.isFinite(n)) {
    throw new UnderstudyError(
      'bad-judgments',
      `${source}, line ${line}: the ${column} value "${value}" is not a number. Fix the row, or choose the right score column.`,
      { file: source, line, column },
    );
  }
  return n;
}

/** A 1-based segment number field as a canonical item id ("007" → "7"); an error when it is not a whole number ≥ base. */
export function parseLineItem(value: string, base: 0 | 1, source: string, line: number, column: string): string {
  const trimmed = value.trim();
  if (!/^\d+$/.test(trimmed) || Number(trimmed) < base) {
    throw new UnderstudyError(
      'bad-judgments',
      `${source}, line ${line}: the ${column} value "${value}" is not a segment number (a whole number from ${base}). ` +
        `Name the right segment column, or set the item base.`,
      { file: source, line, column },
    );
  }
  return String(Number(trimmed) + (base === 0 ? 1 : 0));
}
