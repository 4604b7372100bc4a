import * as vscode from 'vscode';
import { EvaluationStore, ScoredDocument } from '../evaluation-store';
import { countLines } from '../reference-picker';

/** At most this many files of the baseline's folder are counted. */
const MAX_FOLDER_FILES = 300;

function headline(scored: ScoredDocument): string {
  return Object.entries(scored.scores.corpus)
    .slice(0, 3)
    .map(([metric, result]) => `${metric} ${result.score.toFixed(metric.startsWith('rouge') ? 4 : 2)}`)
    .join(' · ');
}

/**
 * Offers the systems `baseline` can be compared with: files scored against the same references first, then other
 * scored files, then files beside the baseline with as many lines as it has segments, and "Browse…". Several can be
 * picked (a pairwise table). References of the baseline are never offered.
 */
export async function pickSystems(store: EvaluationStore, baseline: ScoredDocument): Promise<vscode.Uri[] | undefined> {
  type Item = vscode.QuickPickItem & { uri?: vscode.Uri };
  const excluded = new Set([baseline.uri, ...baseline.references].map((u) => u.toString()));
  const items: Item[] = [];
  const scored = store.all().filter((d) => !excluded.has(d.uri.toString()));
  const same = scored.filter((d) => d.sessionKey === baseline.sessionKey);
  const other = scored.filter((d) => d.sessionKey !== baseline.sessionKey);
  if (same.length > 0) items.push({ label: 'Scored against the same references', kind: vscode.QuickPickItemKind.Separator });
  for (const d of same) items.push({ label: d.name, description: headline(d), uri: d.uri });
  if (other.length > 0) items.push({ label: 'Scored against other references (will be re-scored against these)', kind: vscode.QuickPickItemKind.Separator });
  for (const d of other) items.push({ label: d.name, description: headline(d), uri: d.uri });

  const known = new Set([...excluded, ...scored.map((d) => d.uri.toString())]);
  const folder = vscode.Uri.joinPath(baseline.uri, '..');
  let siblings: vscode.Uri[] = [];
  try {
    siblings = (await vscode.workspace.fs.readDirectory(folder))
      .filter(([, type]) => type === vscode.FileType.File)
      .map(([name]) => vscode.Uri.joinPath(folder, name))
      .filter((uri) => !known.has(uri.toString()))
      .slice(0, MAX_FOLDER_FILES);
  } catch {
    // An unreadable folder only means no suggestions from it.
  }
  const segments = baseline.scores.referenceCount;
  const counted = await Promise.all(siblings.map(async (uri) => ({ uri, lines: await countLines(uri) })));
  const matching = counted.filter((c) => c.lines === segments).sort((x, y) => x.uri.path.localeCompare(y.uri.path));
  if (matching.length > 0) items.push({ label: `Files beside it with ${segments} lines`, kind: vscode.QuickPickItemKind.Separator });
  for (const c of matching) items.push({ label: vscode.workspace.asRelativePath(c.uri), description: `${c.lines} lines — not scored yet`, uri: c.uri });
  items.push({ label: '', kind: vscode.QuickPickItemKind.Separator });
  items.push({ label: '$(folder-opened) Browse…', description: 'choose system outputs anywhere' });

  const picked = await vscode.window.showQuickPick(items, {
    canPickMany: true,
    title: `Compare ${baseline.name} with…`,
    placeHolder: 'One system: side by side. Several: a pairwise significance table.',
    matchOnDescription: true,
  });
  if (!picked || picked.length === 0) return undefined;
  const chosen = picked.filter((p) => p.uri).map((p) => p.uri as vscode.Uri);
  if (picked.some((p) => !p.uri && p.kind !== vscode.QuickPickItemKind.Separator)) {
    const browsed = await vscode.window.showOpenDialog({ canSelectMany: true, openLabel: 'Compare', defaultUri: folder });
    if (browsed) chosen.push(...browsed.filter((u) => !excluded.has(u.toString())));
  }
  return chosen.length > 0 ? chosen : undefined;
}
