import * as vscode from 'vscode';
import { isNumericColumn, parseScoreTable, ScoreTable } from '../../cli/score-table';
import { asUri } from '../compare/register-comparison';

/**
 * A score table as the ROSE and gap views read it: the file `understudy rose`/`gap` would read (header line, then one
 * row per unit; tab-separated when the header has a tab, else comma-separated), with an open editor's text winning
 * over the disk as everywhere in Understudy.
 */
export interface TableSource {
  readonly uri: vscode.Uri;
  /** As the command line names it: workspace-relative, or absolute outside the workspace. */
  readonly path: string;
  readonly text: string;
  readonly table: ScoreTable;
  /** Columns whose every cell is a number or missing. */
  readonly numeric: readonly string[];
  /** The file has unsaved changes (the view used them; the command line reads the saved file). */
  readonly unsaved: boolean;
}

const TABLE_LANGUAGES = new Set(['csv', 'tsv', 'plaintext']);
const TABLE_EXTENSIONS = /\.(csv|tsv|tab|txt)$/i;

/** Whether an editor shows something that looks like a score table (a CSV/TSV file or such a language mode). */
export function isTableDocument(document: vscode.TextDocument): boolean {
  return TABLE_EXTENSIONS.test(document.uri.path) || (TABLE_LANGUAGES.has(document.languageId) && document.languageId !== 'plaintext');
}

/** Reads and parses a table; a table the CLI would refuse throws its message. */
export async function readTableSource(uri: vscode.Uri): Promise<TableSource> {
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  let text: string;
  try {
    text = open ? open.getText() : new TextDecoder('utf-8').decode(await vscode.workspace.fs.readFile(uri));
  } catch (error) {
    throw new Error(`Cannot read ${vscode.workspace.asRelativePath(uri, false)}: ${(error as Error).message}`);
  }
  const path = vscode.workspace.asRelativePath(uri, false);
  const table = parseScoreTable(text, path);
  return {
    uri,
    path,
    text,
    table,
    numeric: table.columns.filter((_, i) => isNumericColumn(table, i)),
    unsaved: open?.isDirty ?? false,
  };
}

/** The table named by a command's argument, else the active CSV/TSV editor, else one the user picks. */
export async function pickTable(argument: unknown, title: string): Promise<vscode.Uri | undefined> {
  const given = asUri(argument);
  if (given) return given;
  const active = vscode.window.activeTextEditor?.document;
  if (active && isTableDocument(active)) return active.uri;
  const picked = await vscode.window.showOpenDialog({
    title,
    canSelectMany: false,
    openLabel: 'Use this table',
    defaultUri: vscode.workspace.workspaceFolders?.[0]?.uri,
    filters: { 'Score tables': ['tsv', 'csv', 'tab', 'txt'], 'All files': ['*'] },
  });
  return picked?.[0];
}

/** One column picked from `columns` (undefined when the user gives up). */
export async function pickColumn(columns: readonly string[], title: string, options: { preferred?: string; none?: string } = {}): Promise<string | null | undefined> {
  const items: (vscode.QuickPickItem & { column: string | null })[] = [
    ...(options.none ? [{ label: options.none, column: null }] : []),
    ...columns.map((column) => ({ label: column, column, ...(column === options.preferred && { description: 'suggested' }) })),
  ];
  const preferredIndex = items.findIndex((i) => i.column === options.preferred);
  if (preferredIndex > 0) items.unshift(...items.splice(preferredIndex, 1));
  const picked = await vscode.window.showQuickPick(items, { title });
  return picked === undefined ? undefined : picked.column;
}

/** A human score column's likely name (relevance, responsiveness, DA …). */
export function likelyHumanColumn(columns: readonly string[]): string | undefined {
  return columns.find((c) => /human|relevance|responsive|pyramid|overall|quality|coherence|score|^z$|^da|^raw$/i.test(c));
}
