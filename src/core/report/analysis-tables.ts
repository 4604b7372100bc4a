import { CorrelationTable, CorrelationTableId, TableColumn, TableExportFormat, formatCorrelationTable } from './correlation-tables';

/**
 * The main table of a QARLA or heterogeneity analysis (what `understudy qarla|heterogeneity --tsv` writes: a header
 * and rows of names and numbers) as the panels show and export it, through the correlation tables' CSV, LaTeX and
 * Markdown writers: a column is a count, a number (4 decimals shown, CSV unrounded) or text.
 */
export interface AnalysisTable {
  readonly title: string;
  readonly header: readonly string[];
  readonly rows: readonly (readonly (string | number | null)[])[];
  readonly notes: readonly string[];
}

/** Columns that hold whole numbers (ranks, sizes, counts of pairs, segments, cases…), as the CLI's text prints them. */
const COUNT_COLUMNS = new Set(['rank', 'size', 'pairs', 'contradicted', 'corroborated', 'improved', 'both', 'segments', 'cases', 'systems', 'agreeing', 'improvements', 'cluster', 'peers_with_queen', 'worst_case_rank']);

export function analysisTableColumns(table: AnalysisTable): TableColumn[] {
  return table.header.map((label, k) => {
    const values = table.rows.map((r) => r[k]).filter((v) => v !== null);
    const numeric = values.length > 0 && values.every((v) => typeof v === 'number');
    return { label, kind: !numeric ? 'text' : COUNT_COLUMNS.has(label) ? 'count' : 'number', digits: 4 };
  });
}

/** The table with its rows in `order` (the order the panel shows; a permutation of the rows, else ignored). */
export function orderedAnalysisTable(table: AnalysisTable, order?: readonly number[]): AnalysisTable {
  const valid = order !== undefined && order.length === table.rows.length && new Set(order).size === order.length && order.every((i) => i >= 0 && i < table.rows.length);
  return valid ? { ...table, rows: order.map((i) => table.rows[i]) } : table;
}

export function formatAnalysisTable(table: AnalysisTable, format: TableExportFormat): string {
  // The writers never read the id (it names correlation report tables for their exports' file names).
  const asCorrelationTable: CorrelationTable = { id: 'systems' as CorrelationTableId, title: table.title, columns: analysisTableColumns(table), rows: table.rows, notes: table.notes };
  return formatCorrelationTable(asCorrelationTable, format);
}
