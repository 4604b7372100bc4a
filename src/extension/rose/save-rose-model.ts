import * as vscode from 'vscode';
import { METRIC_NAMES } from '../../core/engine/metric-registry';
import { MANIFEST_FILE } from '../../core/meta/correlation-manifest';
import { roseModelNameProblem, saveRoseModelText } from '../../core/meta/rose/rose-manifest';
import { RoseModel } from '../../core/meta/rose/rose-model';
import { findWorkspaceManifests } from '../correlations/workspace-manifest';

export type SaveModelResult = { readonly uri: string; readonly replaced: boolean } | { readonly error: string } | undefined;

/** Where a model is saved: the manifest given, the workspace's only one, or the one picked when there are several. */
export async function pickManifest(given: vscode.Uri | undefined): Promise<vscode.Uri | undefined> {
  if (given) return given;
  const manifests = await findWorkspaceManifests();
  if (manifests.length <= 1) return manifests[0];
  const picked = await vscode.window.showQuickPick(
    manifests.map((uri) => ({ label: vscode.workspace.getWorkspaceFolder(uri)?.name ?? uri.fsPath, description: vscode.workspace.asRelativePath(uri, true), uri })),
    { title: 'Save the ROSE model in which understudy.json?' },
  );
  return picked?.uri;
}

/**
 * Adds `model` to the manifest's `roseModels` with minimal edits applied to its document (undo works, comments and
 * formatting stay), then saves it. A model of the same name is replaced only when `replace` is true, or when the
 * user says so in a modal question (`interactive`); otherwise nothing is written and the result says why.
 */
export async function saveRoseModelToManifest(manifest: vscode.Uri, model: RoseModel, options: { replace?: boolean; interactive: boolean }): Promise<SaveModelResult> {
  const nameProblem = roseModelNameProblem(model.name, METRIC_NAMES);
  if (nameProblem) return { error: nameProblem };
  let document: vscode.TextDocument;
  try {
    document = await vscode.workspace.openTextDocument(manifest);
  } catch (error) {
    return { error: `cannot open ${vscode.workspace.asRelativePath(manifest, false)}: ${(error as Error).message}` };
  }
  const text = document.getText();
  let outcome = saveRoseModelText(text, model, { replace: options.replace });
  if (outcome.kind === 'exists') {
    const where = vscode.workspace.asRelativePath(manifest, false);
    if (!options.interactive) return { error: `${where} already has a ROSE model named "${model.name}"; it was left as it is (replace it explicitly, or choose another name).` };
    const before = outcome.existing ? ` (${outcome.existing.metrics.join('+')}, fitted on ${outcome.existing.fit.units} units)` : '';
    const choice = await vscode.window.showWarningMessage(
      `${where} already has a ROSE model named "${model.name}"${before}. Replace it with this fit (${model.metrics.join('+')})?`,
      { modal: true },
      'Replace',
    );
    if (choice !== 'Replace') return undefined;
    outcome = saveRoseModelText(text, model, { replace: true });
  }
  if (outcome.kind === 'invalid') return { error: `${vscode.workspace.asRelativePath(manifest, false)}: ${outcome.message}` };
  if (outcome.kind !== 'saved') return { error: 'the model could not be saved' };
  const edit = new vscode.WorkspaceEdit();
  edit.replace(manifest, new vscode.Range(document.positionAt(0), document.positionAt(text.length)), outcome.text);
  if (!(await vscode.workspace.applyEdit(edit)) || !(await document.save())) {
    return { error: `could not write ${vscode.workspace.asRelativePath(manifest, false)}` };
  }
  return { uri: manifest.toString(), replaced: outcome.replaced };
}

/** The model's name: asked for (the suggested one first), checked against the metrics' names. */
export async function askModelName(suggested: string): Promise<string | undefined> {
  return vscode.window.showInputBox({
    title: 'Save the ROSE combination as a workspace metric',
    prompt: `The metric name Show Correlations will use for it (saved under "roseModels" in ${MANIFEST_FILE})`,
    value: suggested,
    validateInput: (value) => roseModelNameProblem(value.trim(), METRIC_NAMES),
  });
}
