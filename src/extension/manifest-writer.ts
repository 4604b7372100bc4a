import * as vscode from 'vscode';
import { MANIFEST_NAME } from './manifest-evaluations';

const DONT_ASK_KEY = 'understudy.offerManifest.dismissed';

/** The folder a manifest for these files goes in: their deepest common folder inside the workspace folder. */
export function manifestFolder(files: readonly vscode.Uri[]): vscode.Uri | undefined {
  const workspace = vscode.workspace.getWorkspaceFolder(files[0]);
  if (!workspace || files.some((f) => vscode.workspace.getWorkspaceFolder(f)?.uri.toString() !== workspace.uri.toString())) return workspace?.uri;
  const parts = files.map((f) => f.path.split('/').slice(0, -1));
  const common: string[] = [];
  for (let i = 0; parts.every((p) => i < p.length && p[i] === parts[0][i]); i++) common.push(parts[0][i]);
  const path = common.join('/');
  return path.length >= workspace.uri.path.length ? files[0].with({ path }) : workspace.uri;
}

function relative(from: vscode.Uri, to: vscode.Uri): string {
  const base = from.path.endsWith('/') ? from.path : `${from.path}/`;
  return to.path.startsWith(base) ? to.path.slice(base.length) : to.fsPath;
}

/** The text of a manifest for a system scored against references (the metric settings as they are now). */
export function manifestText(folder: vscode.Uri, system: vscode.Uri, references: readonly vscode.Uri[], metrics: readonly string[]): string {
  const name = system.path.slice(system.path.lastIndexOf('/') + 1);
  const manifest = {
    name: folder.path.slice(folder.path.lastIndexOf('/') + 1),
    task: 'mt',
    references: references.map((r) => relative(folder, r)),
    systems: [{ name, path: relative(folder, system) }],
    metrics,
  };
  return `${JSON.stringify(manifest, undefined, 2)}\n`;
}

/**
 * Writes understudy.json for a scored file (asking before it replaces an existing one, which it never does
 * silently) and opens it. Resolves to the manifest's URI, or undefined when the user declined.
 */
export async function writeManifest(system: vscode.Uri, references: readonly vscode.Uri[], metrics: readonly string[]): Promise<vscode.Uri | undefined> {
  const folder = manifestFolder([system, ...references]);
  if (!folder) {
    void vscode.window.showInformationMessage('Understudy: open a folder first: understudy.json lives in a workspace folder.');
    return undefined;
  }
  const target = vscode.Uri.joinPath(folder, MANIFEST_NAME);
  let exists = true;
  try {
    await vscode.workspace.fs.stat(target);
  } catch {
    exists = false;
  }
  if (exists) {
    const choice = await vscode.window.showWarningMessage(
      `${vscode.workspace.asRelativePath(target)} already exists. Replace it with a manifest for ${vscode.workspace.asRelativePath(system)}? Its current content would be lost.`,
      { modal: true },
      'Replace',
      'Open Existing',
    );
    if (choice === 'Open Existing') await vscode.window.showTextDocument(target);
    if (choice !== 'Replace') return undefined;
  }
  await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(manifestText(folder, system, references, metrics)));
  await vscode.window.showTextDocument(target, { preview: false });
  return target;
}

/** After a file was scored by hand: offers to save the evaluation as understudy.json (unless declined for good). */
export async function offerManifest(context: vscode.ExtensionContext, system: vscode.Uri, references: readonly vscode.Uri[], metrics: readonly string[]): Promise<void> {
  if (context.workspaceState.get<boolean>(DONT_ASK_KEY, false)) return;
  const folder = manifestFolder([system, ...references]);
  if (!folder) return;
  const existing = await vscode.workspace.findFiles(new vscode.RelativePattern(folder, `**/${MANIFEST_NAME}`), undefined, 1);
  if (existing.length > 0) return;
  const choice = await vscode.window.showInformationMessage(
    `Understudy: save this evaluation as ${MANIFEST_NAME}? It names the references and systems, so the workspace opens scored.`,
    'Write understudy.json',
    "Don't Ask Again",
  );
  if (choice === "Don't Ask Again") await context.workspaceState.update(DONT_ASK_KEY, true);
  if (choice === 'Write understudy.json') await writeManifest(system, references, metrics);
}
