import { UnderstudyError } from '../../errors';
import { DelimitedTable, parseDelimited, requireColumn } from './delimited';
import { ReliabilityValue } from './krippendorff-alpha';

/**
 * Reliability data from a CSV/TSV file, in one of two layouts:
 * - wide: one row per unit; the unit column (default: the first) then one column per coder;
 * - long: one row per judgment, with unit, coder and value columns (default names `unit`, `coder`, `value`).
 * An optional group column splits the data (alpha per assessor, per aspect…). Cells in MISSING_TOKENS are missing.
 * Values are numbers when every present cell is a number, labels otherwise (labels suit only the nominal metric).
 */

export const MISSING_TOKENS: readonly string[] = ['', 'NA', 'N/A', 'nan', 'NaN', 'null', '*', '.', '-'];

export interface ReliabilityGroup {
  /** The group column's value, or null without a group column. */
  readonly group: string | null;
  readonly units: readonly string[];
  readonly coders: readonly string[];
  /** units × coders. */
  readonly data: readonly (readonly ReliabilityValue[])[];
}

export interface ReliabilityTable {
  readonly groups: readonly ReliabilityGroup[];
  readonly numeric: boolean;
  readonly layout: 'wide' | 'long';
}

export interface ReliabilityTableOptions {
  readonly layout?: 'wide' | 'long';
  readonly unitColumn?: string;
  readonly coderColumn?: string;
  readonly valueColumn?: string;
  readonly groupColumn?: string;
  readonly missing?: readonly string[];
}

function cellValue(cell: string, missing: ReadonlySet<string>): string | null {
  const trimmed = cell.trim();
  return missing.has(trimmed) ? null : trimmed;
}

function typed(cells: (string | null)[][]): { data: ReliabilityValue[][]; numeric: boolean } {
  const numeric = cells.every((row) => row.every((c) => c === null || (c !== '' && Number.isFinite(Number(c)))));
  return { data: cells.map((row) => row.map((c) => (c === null ? null : numeric ? Number(c) : c))), numeric };
}

function wide(table: DelimitedTable, source: string, options: ReliabilityTableOptions, missing: ReadonlySet<string>): { group: string | null; units: string[]; coders: string[]; cells: (string | null)[][] }[] {
  const unitColumn = options.unitColumn ? requireColumn(table, options.unitColumn, source) : table.header[0];
  const groupColumn = options.groupColumn ? requireColumn(table, options.groupColumn, source) : undefined;
  const coders = table.header.filter((h) => h !== unitColumn && h !== groupColumn);
  if (coders.length < 2) throw new UnderstudyError('bad-annotations', `${source}: a wide table needs a unit column and two or more coder columns (found ${table.header.join(', ')}).`, { file: source });
  const byGroup = new Map<string | null, { units: string[]; cells: (string | null)[][] }>();
  table.rows.forEach((row) => {
    const group = groupColumn ? row[groupColumn] : null;
    let entry = byGroup.get(group);
    if (!entry) byGroup.set(group, (entry = { units: [], cells: [] }));
    entry.units.push(row[unitColumn]);
    entry.cells.push(coders.map((c) => cellValue(row[c], missing)));
  });
  return [...byGroup.entries()].map(([group, e]) => ({ group, units: e.units, coders, cells: e.cells }));
}

function long(table: DelimitedTable, source: string, options: ReliabilityTableOptions, missing: ReadonlySet<string>): { group: string | null; units: string[]; coders: string[]; cells: (string | null)[][] }[] {
  const hint = 'Name the columns with --unit, --coder and --value.';
  const unitColumn = requireColumn(table, options.unitColumn ?? 'unit', source, hint);
  const coderColumn = requireColumn(table, options.coderColumn ?? 'coder', source, hint);
  const valueColumn = requireColumn(table, options.valueColumn ?? 'value', source, hint);
  const groupColumn = options.groupColumn ? requireColumn(table, options.groupColumn, source) : undefined;
  const byGroup = new Map<string | null, { units: Map<string, number>; coders: Map<string, number>; cells: Map<string, { value: string | null; line: number }> }>();
  table.rows.forEach((row, i) => {
    const group = groupColumn ? row[groupColumn] : null;
    let entry = byGroup.get(group);
    if (!entry) byGroup.set(group, (entry = { units: new Map(), coders: new Map(), cells: new Map() }));
    const unit = row[unitColumn];
    const coder = row[coderColumn];
    if (!entry.units.has(unit)) entry.units.set(unit, entry.units.size);
    if (!entry.coders.has(coder)) entry.coders.set(coder, entry.coders.size);
    const key = `${unit}\u0000${coder}`;
    const earlier = entry.cells.get(key);
    if (earlier) {
      throw new UnderstudyError(
        'bad-annotations',
        `${source}, line ${table.lines[i]}: coder "${coder}" already coded unit "${unit}" (line ${earlier.line}). Each coder gives a unit at most one value.`,
        { file: source, line: table.lines[i] },
      );
    }
    entry.cells.set(key, { value: cellValue(row[valueColumn], missing), line: table.lines[i] });
  });
  return [...byGroup.entries()].map(([group, e]) => {
    const units = [...e.units.keys()];
    const coders = [...e.coders.keys()];
    return { group, units, coders, cells: units.map((u) => coders.map((c) => e.cells.get(`${u}\u0000${c}`)?.value ?? null)) };
  });
}

/** Reads reliability data; the layout defaults to long when the header has unit, coder and value columns. */
export function readReliabilityTable(text: string, source: string, options: ReliabilityTableOptions = {}): ReliabilityTable {
  const table = parseDelimited(text, source);
  const missing = new Set(options.missing ?? MISSING_TOKENS);
  const lower = table.header.map((h) => h.toLowerCase());
  const looksLong = ['unit', 'coder', 'value'].every((c) => lower.includes(c));
  const layout = options.layout ?? (options.coderColumn || options.valueColumn || looksLong ? 'long' : 'wide');
  const raw = layout === 'long' ? long(table, source, options, missing) : wide(table, source, options, missing);
  const all = typed(raw.flatMap((g) => g.cells));
  let offset = 0;
  const groups = raw.map((g) => {
    const data = all.data.slice(offset, offset + g.cells.length);
    offset += g.cells.length;
    return { group: g.group, units: g.units, coders: g.coders, data };
  });
  return { groups, numeric: all.numeric, layout };
}
