import * as vscode from 'vscode';

const EXCLUDE = '{**/node_modules/**,**/.git/**,**/out/**,**/dist/**}';
const TEXT_LIKE = /\.(jsonl|ndjson|txt|[a-z]{2}|[a-z]{2,3}-[a-z]{2,3}|ref|hyp|src|tok|detok|sgm|out|trans)$|(^|[\\/])[^.\\/]+$/i;
const MAX_CANDIDATE_BYTES = 50 * 1024 * 1024;

/** Lines of a file (a final line without LF counts), or undefined when it is too large or cannot be read. */
export async function countLines(uri: vscode.Uri): Promise<number | undefined> {
  try {
    const stat = await vscode.workspace.fs.stat(uri);
    if (stat.size > MAX_CANDIDATE_BYTES) return undefined;
    const bytes = await vscode.workspace.fs.readFile(uri);
    let lines = 0;
    for (let i = 0; i < bytes.length; i++) if (bytes[i] === 10) lines++;
    if (bytes.length > 0 && bytes[bytes.length - 1] !== 10) lines++;
    return lines;
  } catch {
    return undefined;
  }
}

/**
 * Offers reference candidates for a hypothesis file: workspace files with the same number of lines first
 * (a reference must have one line per segment), the remembered choice at the top, and "Browse…".
 */
export async function pickReferences(hypothesis: vscode.Uri, hypothesisLines: number, remembered: readonly string[]): Promise<vscode.Uri[] | undefined> {
  const files = await vscode.workspace.findFiles('**/*', EXCLUDE, 2000);
  const candidates = files.filter((f) => f.toString() !== hypothesis.toString() && TEXT_LIKE.test(f.path));
  const counted = await Promise.all(candidates.map(async (uri) => ({ uri, lines: await countLines(uri) })));
  type Item = vscode.QuickPickItem & { uri?: vscode.Uri };
  const rank = (c: { uri: vscode.Uri; lines: number | undefined }): number =>
    (remembered.includes(c.uri.toString()) ? 0 : 2) + (c.lines === hypothesisLines ? 0 : 1);
  const items: Item[] = counted
    .filter((c) => c.lines !== undefined)
    .sort((a, b) => rank(a) - rank(b) || (/ref/i.test(b.uri.path) ? 1 : 0) - (/ref/i.test(a.uri.path) ? 1 : 0) || a.uri.path.localeCompare(b.uri.path))
    .map((c) => ({
      label: vscode.workspace.asRelativePath(c.uri),
      description: c.lines === hypothesisLines ? `${c.lines} lines — same as the hypothesis` : `${c.lines} lines`,
      picked: remembered.includes(c.uri.toString()),
      uri: c.uri,
    }));
  items.push({ label: '$(folder-opened) Browse…', description: 'choose reference files outside the workspace' });
  const picked = await vscode.window.showQuickPick(items, {
    canPickMany: true,
    title: `References for ${vscode.workspace.asRelativePath(hypothesis)} (${hypothesisLines} lines)`,
    placeHolder: 'Pick one or more reference files (one line per segment)',
    matchOnDescription: true,
  });
  if (!picked || picked.length === 0) return undefined;
  const chosen = picked.filter((p) => p.uri).map((p) => p.uri as vscode.Uri);
  if (picked.some((p) => !p.uri)) {
    const browsed = await vscode.window.showOpenDialog({ canSelectMany: true, openLabel: 'Use as reference' });
    if (browsed) chosen.push(...browsed);
  }
  return chosen.length > 0 ? chosen : undefined;
}
