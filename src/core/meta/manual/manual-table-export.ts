import { FormattableTable, formatCorrelationTable, TableColumn } from '../../report/correlation-tables';
import { ManualTable } from './manual-tables';

/**
 * A manual-evaluation table (the `--tsv` table) as CSV (every number at full precision) or a booktabs LaTeX table
 * (4 decimals, as the text report prints them), rows in the order given (the panel's sort), with notes such as the
 * signature and the command line.
 */
export function manualTableForExport(table: ManualTable, title: string, notes: readonly string[], order?: readonly number[]): FormattableTable {
  const columns: TableColumn[] = table.header.map((label, c) => {
    const cells = table.rows.map((row) => row[c]).filter((v) => v !== null);
    const numeric = cells.length > 0 && cells.every((v) => typeof v === 'number');
    return { label, kind: !numeric ? 'text' : cells.every((v) => Number.isInteger(v)) ? 'count' : 'number', digits: 4 };
  });
  const valid = order && order.length === table.rows.length && new Set(order).size === order.length && order.every((i) => i >= 0 && i < table.rows.length);
  const rows = valid ? order.map((i) => table.rows[i]) : table.rows;
  return { title, columns, rows, notes };
}

export function formatManualTable(table: ManualTable, format: 'csv' | 'latex', title: string, notes: readonly string[], order?: readonly number[]): string {
  return formatCorrelationTable(manualTableForExport(table, title, notes, order), format);
}
