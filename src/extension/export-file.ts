import * as vscode from 'vscode';
import { displayPath } from './correlations/run-correlation';

/** Where an export goes when a program (or a test) asks for one; without it a save dialog asks. */
export interface ExportTarget {
  readonly uri: vscode.Uri;
  /** Replace an existing file; without it an existing file is left alone and the export fails. */
  readonly overwrite?: boolean;
}

export type ExportResult = { readonly uri: string } | { readonly error: string } | undefined;

/**
 * Where to write an export from an analysis panel: the program's target (refused if it exists, unless overwriting),
 * else what the save dialog returns (the dialog asks before replacing a file), or undefined when it is dismissed.
 */
export async function exportDestination(dialogTitle: string, defaultName: string, filters: Record<string, string[]>, target: ExportTarget | undefined): Promise<vscode.Uri | { error: string } | undefined> {
  if (target) {
    if (!target.overwrite) {
      const exists = await vscode.workspace.fs.stat(target.uri).then(
        () => true,
        () => false,
      );
      if (exists) return { error: `${displayPath(target.uri)} already exists and was left as it is.` };
    }
    return target.uri;
  }
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  return vscode.window.showSaveDialog({ title: dialogTitle, saveLabel: 'Export', defaultUri: folder && vscode.Uri.joinPath(folder, defaultName), filters });
}

/** Writes an export; unless `quiet` (a program asked), says so with an Open button, or shows the error. */
export async function writeExport(uri: vscode.Uri, bytes: Uint8Array, quiet: boolean): Promise<ExportResult> {
  try {
    await vscode.workspace.fs.writeFile(uri, bytes);
  } catch (error) {
    const message = `could not write ${uri.fsPath}: ${(error as Error).message}`;
    if (!quiet) void vscode.window.showErrorMessage(`Understudy: ${message}`);
    return { error: message };
  }
  if (!quiet) {
    void vscode.window.showInformationMessage(`Understudy: exported ${displayPath(uri)}.`, 'Open').then((choice) => (choice === 'Open' ? vscode.commands.executeCommand('vscode.open', uri) : undefined));
  }
  return { uri: uri.toString() };
}

/** Writes a plot a webview drew (an SVG document, or a PNG data URL), asking where unless `target` says. */
export async function exportPlotFile(dialogTitle: string, name: string, format: 'svg' | 'png', data: string, target?: ExportTarget): Promise<ExportResult> {
  const safe = name.replace(/[^\w.+-]+/g, '-').replace(/^-+|-+$/g, '') || 'plot';
  const where = await exportDestination(dialogTitle, `${safe}.${format}`, { [format.toUpperCase()]: [format] }, target);
  if (!where || !(where instanceof vscode.Uri)) return where;
  const bytes = format === 'svg' ? new TextEncoder().encode(data) : Buffer.from(data.slice(data.indexOf(',') + 1), 'base64');
  return writeExport(where, bytes, target !== undefined);
}
