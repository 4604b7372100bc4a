import * as vscode from 'vscode';
import { ExportableTable, formatCorrelationTable, TABLE_EXPORT_EXTENSIONS, TableExportFormat } from '../../core/report/correlation-tables';
import type { ExportResult, ExportTarget } from '../correlations/correlation-controller';

/**
 * Writes what a table panel exports: a table as CSV, LaTeX or Markdown (rows in the order shown) or a plot as SVG or
 * PNG — where a program says (`target`; an existing file is kept unless `overwrite`), else where a save dialog says.
 */
async function destination(defaultName: string, filters: Record<string, string[]>, target: ExportTarget | undefined, what: string): Promise<vscode.Uri | { error: string } | undefined> {
  if (target) {
    if (!target.overwrite) {
      try {
        await vscode.workspace.fs.stat(target.uri);
        return { error: `${vscode.workspace.asRelativePath(target.uri, false)} already exists and was left as it is.` };
      } catch {
        // Does not exist: write it.
      }
    }
    return target.uri;
  }
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  return vscode.window.showSaveDialog({ title: `Export from the ${what}`, saveLabel: 'Export', defaultUri: folder && vscode.Uri.joinPath(folder, defaultName), filters });
}

async function write(uri: vscode.Uri, bytes: Uint8Array, quiet: boolean): Promise<ExportResult> {
  try {
    await vscode.workspace.fs.writeFile(uri, bytes);
  } catch (error) {
    const message = `could not write ${uri.fsPath}: ${(error as Error).message}`;
    if (!quiet) void vscode.window.showErrorMessage(`Understudy: ${message}`);
    return { error: message };
  }
  if (!quiet) {
    void vscode.window.showInformationMessage(`Understudy: exported ${vscode.workspace.asRelativePath(uri, false)}.`, 'Open').then((choice) => (choice === 'Open' ? vscode.commands.executeCommand('vscode.open', uri) : undefined));
  }
  return { uri: uri.toString() };
}

/** The table with its rows in `order` when that is a permutation of them (the order the panel shows). */
export function inOrder(table: ExportableTable, order: readonly number[] | undefined): ExportableTable {
  if (!order || order.length !== table.rows.length || new Set(order).size !== order.length || !order.every((k) => k >= 0 && k < table.rows.length)) return table;
  return { ...table, rows: order.map((k) => table.rows[k]) };
}

export async function exportTable(table: ExportableTable, baseName: string, format: TableExportFormat, what: string, target?: ExportTarget): Promise<ExportResult> {
  const extension = TABLE_EXPORT_EXTENSIONS[format];
  const where = await destination(`${baseName}.${extension}`, { [format === 'latex' ? 'LaTeX' : format === 'csv' ? 'CSV' : 'Markdown']: [extension] }, target, what);
  if (!where || !(where instanceof vscode.Uri)) return where;
  return write(where, new TextEncoder().encode(formatCorrelationTable(table, format)), target !== undefined);
}

export async function exportPlot(name: string, format: 'svg' | 'png', data: string, what: string, target?: ExportTarget): Promise<ExportResult> {
  const safe = name.replace(/[^\w.+-]+/g, '-').replace(/^-+|-+$/g, '') || 'plot';
  const where = await destination(`${safe}.${format}`, { [format.toUpperCase()]: [format] }, target, what);
  if (!where || !(where instanceof vscode.Uri)) return where;
  const bytes = format === 'svg' ? new TextEncoder().encode(data) : Buffer.from(data.slice(data.indexOf(',') + 1), 'base64');
  return write(where, bytes, target !== undefined);
}
