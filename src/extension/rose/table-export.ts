import { FormattableTable, formatCorrelationTable, TableExportFormat } from '../../core/report/correlation-tables';
import { ExportResult, ExportTarget, writePlotExport, writeTableExport } from '../panel-export';

/** The table with its rows in `order` when that is a permutation of them (the order the panel shows). */
export function inOrder(table: FormattableTable, order: readonly number[] | undefined): FormattableTable {
  if (!order || order.length !== table.rows.length || new Set(order).size !== order.length || !order.every((k) => k >= 0 && k < table.rows.length)) return table;
  return { ...table, rows: order.map((k) => table.rows[k]) };
}

/** A ROSE or gap panel's table as CSV, LaTeX or Markdown (see panel-export); `what` names the panel. */
export function exportTable(table: FormattableTable, baseName: string, format: TableExportFormat, what: string, target?: ExportTarget): Promise<ExportResult> {
  return writeTableExport(what, baseName, format, () => formatCorrelationTable(table, format), target);
}

/** A plot a ROSE or gap panel drew (SVG document or PNG data URL). */
export function exportPlot(name: string, format: 'svg' | 'png', data: string, what: string, target?: ExportTarget): Promise<ExportResult> {
  return writePlotExport(what, name, format, data, target);
}
