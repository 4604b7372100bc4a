import * as vscode from 'vscode';
import { CorrelationManifest, MANIFEST_FILE, fileGlobPattern, isFileGlob, parseCorrelationManifest } from '../../core/meta/correlation-manifest';
import { HumanScoreSpec } from '../../core/meta/judgments/human-judgments';
import { settingsFromConfiguration } from '../configuration';
import { CorrelationEvaluation, displayPath } from './run-correlation';

/** The `understudy.json` at the root of each workspace folder that has one. */
export async function findWorkspaceManifests(): Promise<vscode.Uri[]> {
  const found: vscode.Uri[] = [];
  for (const folder of vscode.workspace.workspaceFolders ?? []) {
    const uri = vscode.Uri.joinPath(folder.uri, MANIFEST_FILE);
    try {
      if ((await vscode.workspace.fs.stat(uri)).type & vscode.FileType.File) found.push(uri);
    } catch {
      // No manifest in this folder.
    }
  }
  return found;
}

/** A manifest path (relative to the manifest's folder, or absolute) as a URI. */
function resolve(base: vscode.Uri, file: string): vscode.Uri {
  return /^([a-zA-Z]:)?[\\/]/.test(file) ? vscode.Uri.file(file) : vscode.Uri.joinPath(base, file);
}

/** The files a glob in the file name matches (sorted), none of them a reference; an error when it matches nothing. */
async function expandGlob(base: vscode.Uri, file: string, references: readonly vscode.Uri[]): Promise<vscode.Uri[]> {
  const pattern = resolve(base, file);
  const folder = vscode.Uri.joinPath(pattern, '..');
  const name = fileGlobPattern(pattern.path.slice(pattern.path.lastIndexOf('/') + 1));
  let entries: [string, vscode.FileType][];
  try {
    entries = await vscode.workspace.fs.readDirectory(folder);
  } catch (error) {
    throw new Error(`${MANIFEST_FILE}: cannot list ${displayPath(folder)} for "${file}": ${(error as Error).message}`);
  }
  const excluded = new Set(references.map((r) => r.toString()));
  const matches = entries
    .filter(([entry, type]) => type & vscode.FileType.File && name.test(entry))
    .map(([entry]) => vscode.Uri.joinPath(folder, entry))
    .filter((uri) => !excluded.has(uri.toString()))
    .sort((a, b) => a.path.localeCompare(b.path));
  if (matches.length === 0) throw new Error(`${MANIFEST_FILE}: "${file}" matches no file in ${displayPath(folder)}.`);
  return matches;
}

/** The manifest's human score to use: the only one, or the one the user picks. Undefined when the user gives up. */
async function pickHumanScore(manifest: CorrelationManifest): Promise<HumanScoreSpec | undefined> {
  if (manifest.humanJudgments.length === 1) return manifest.humanJudgments[0];
  const picked = await vscode.window.showQuickPick(
    manifest.humanJudgments.map((spec, k) => ({
      label: spec.label ?? spec.combine?.aspects?.join('+') ?? `Human judgments ${k + 1}`,
      description: spec.files.map((f) => f.file).join(', '),
      spec,
    })),
    { title: `Correlate with which human score? (${MANIFEST_FILE})` },
  );
  return picked?.spec;
}

/**
 * The evaluation an `understudy.json` describes, its paths resolved against the manifest's folder and its globs
 * expanded; metrics default to the `understudy.metrics` setting, metric settings come from the `understudy.*`
 * settings. Throws with a message naming the manifest when it cannot be read; undefined when the user gives up.
 */
export async function evaluationFromManifest(uri: vscode.Uri): Promise<CorrelationEvaluation | undefined> {
  let text: string;
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  try {
    text = open ? open.getText() : new TextDecoder('utf-8').decode(await vscode.workspace.fs.readFile(uri));
  } catch (error) {
    throw new Error(`Cannot read ${displayPath(uri)}: ${(error as Error).message}`);
  }
  const manifest = parseCorrelationManifest(text, displayPath(uri));
  const base = vscode.Uri.joinPath(uri, '..');
  const references = manifest.references.map((r) => resolve(base, r));
  const systems: { uri: vscode.Uri; name?: string }[] = [];
  for (const system of manifest.systems) {
    if (isFileGlob(system.file)) {
      if (system.name !== undefined) throw new Error(`${displayPath(uri)}: "${system.file}" is a glob; a "name" belongs to one file.`);
      systems.push(...(await expandGlob(base, system.file, references)).map((u) => ({ uri: u })));
    } else {
      systems.push({ uri: resolve(base, system.file), ...(system.name !== undefined && { name: system.name }) });
    }
  }
  const human = await pickHumanScore(manifest);
  if (!human) return undefined;
  const configured = settingsFromConfiguration();
  return {
    ...(manifest.name !== undefined && { title: manifest.name }),
    references,
    systems,
    judgments: {
      ...(human.label !== undefined && { label: human.label }),
      files: human.files.map(({ file, ...options }) => ({ uri: resolve(base, file), ...options })),
      ...(human.combine && { combine: human.combine }),
    },
    metrics: manifest.metrics ?? configured.metrics,
    settings: configured.settings,
    ...(manifest.roseModels && { roseModels: manifest.roseModels }),
  };
}
