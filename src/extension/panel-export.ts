import * as vscode from 'vscode';
import { TABLE_EXPORT_EXTENSIONS, TableExportFormat } from '../core/report/correlation-tables';

/** Where an export goes when a program (or a test) asks for one; without it a save dialog asks. */
export interface ExportTarget {
  readonly uri: vscode.Uri;
  /** Replace an existing file; without it an existing file is left alone and the export fails. */
  readonly overwrite?: boolean;
}

export type ExportResult = { readonly uri: string } | { readonly error: string } | undefined;

const shown = (uri: vscode.Uri): string => vscode.workspace.asRelativePath(uri, false);

/**
 * Writes a panel's export (a table's text, a plot) to `target`, or where a save dialog says (which itself asks
 * before replacing a file); a target that exists is left alone unless `overwrite`. Says what happened unless a
 * program chose the target. `panel` names the panel in the dialog's title.
 */
export async function writeExport(panel: string, defaultName: string, filters: Record<string, string[]>, bytes: () => Uint8Array, target: ExportTarget | undefined): Promise<ExportResult> {
  let uri: vscode.Uri | undefined;
  if (target) {
    if (!target.overwrite) {
      try {
        await vscode.workspace.fs.stat(target.uri);
        return { error: `${shown(target.uri)} already exists and was left as it is.` };
      } catch {
        // Does not exist: write it.
      }
    }
    uri = target.uri;
  } else {
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    uri = await vscode.window.showSaveDialog({ title: `Export from the ${panel}`, saveLabel: 'Export', defaultUri: folder && vscode.Uri.joinPath(folder, defaultName), filters });
    if (!uri) return undefined;
  }
  const quiet = target !== undefined;
  try {
    await vscode.workspace.fs.writeFile(uri, bytes());
  } catch (error) {
    const message = `could not write ${uri.fsPath}: ${(error as Error).message}`;
    if (!quiet) void vscode.window.showErrorMessage(`Understudy: ${message}`);
    return { error: message };
  }
  if (!quiet) {
    const written = uri;
    void vscode.window.showInformationMessage(`Understudy: exported ${shown(written)}.`, 'Open').then((choice) => (choice === 'Open' ? vscode.commands.executeCommand('vscode.open', written) : undefined));
  }
  return { uri: uri.toString() };
}

/** A table's text as a file: `<name>.csv|tex|md`. */
export function writeTableExport(panel: string, name: string, format: TableExportFormat, text: () => string, target: ExportTarget | undefined): Promise<ExportResult> {
  const extension = TABLE_EXPORT_EXTENSIONS[format];
  const filter = format === 'latex' ? 'LaTeX' : format === 'csv' ? 'CSV' : 'Markdown';
  return writeExport(panel, `${name}.${extension}`, { [filter]: [extension] }, () => new TextEncoder().encode(text()), target);
}

/** A plot the webview drew (an SVG document, or a PNG data URL) as a file named after the plot. */
export function writePlotExport(panel: string, name: string, format: 'svg' | 'png', data: string, target: ExportTarget | undefined): Promise<ExportResult> {
  const safe = name.replace(/[^\w.+-]+/g, '-').replace(/^-+|-+$/g, '') || 'plot';
  const bytes = (): Uint8Array => (format === 'svg' ? new TextEncoder().encode(data) : Buffer.from(data.slice(data.indexOf(',') + 1), 'base64'));
  return writeExport(panel, `${safe}.${format}`, { [format.toUpperCase()]: [format] }, bytes, target);
}
