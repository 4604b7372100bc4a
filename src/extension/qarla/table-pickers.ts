import * as vscode from 'vscode';
import { ScoreTable, isNumericColumn, parseScoreTable } from '../../cli/score-table';
import type { HeterogeneitySettings, QarlaSettings } from '../../worker/meta-analysis-types';

/**
 * The table a QARLA or heterogeneity analysis reads (the active CSV/TSV editor, or one picked) and the quick picks
 * that say how to read it — which names are models, which columns are metrics, the human score — defaulting as
 * `understudy qarla` and `understudy heterogeneity` do.
 */

export interface TableChoices {
  readonly columns: readonly string[];
  /** Columns whose every cell is a number or missing. */
  readonly numeric: readonly string[];
  /** QARLA: the names in the candidate and reference columns, in order of appearance. */
  readonly names: readonly string[];
}

const TABLE_EXTENSIONS = ['csv', 'tsv', 'tab', 'txt'];

/** An open editor's text wins over the disk (unsaved changes included), as for scoring. */
export async function readTableText(uri: vscode.Uri): Promise<string> {
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  if (open) return open.getText();
  try {
    return new TextDecoder('utf-8').decode(await vscode.workspace.fs.readFile(uri));
  } catch (error) {
    throw new Error(`Cannot read ${vscode.workspace.asRelativePath(uri, false)}: ${(error as Error).message}`);
  }
}

export function tableChoices(text: string, path: string, qarla?: Pick<QarlaSettings, 'candidate' | 'reference'>): TableChoices {
  const table = parseScoreTable(text, path);
  return { columns: table.columns, numeric: table.columns.filter((_, i) => isNumericColumn(table, i)), names: qarla ? textNames(table, qarla.candidate, qarla.reference) : [] };
}

function textNames(table: ScoreTable, candidate: string, reference: string): string[] {
  const names = new Set<string>();
  const columns = [table.columns.indexOf(candidate), table.columns.indexOf(reference)].filter((i) => i >= 0);
  for (const row of table.cells) for (const c of columns) names.add(row[c]);
  return [...names];
}

/** The active editor's table when it is one, else a file picked in an open dialog. */
async function pickTable(what: string, given?: vscode.Uri): Promise<vscode.Uri | undefined> {
  if (given) return given;
  const active = vscode.window.activeTextEditor?.document.uri;
  if (active && TABLE_EXTENSIONS.includes(active.path.slice(active.path.lastIndexOf('.') + 1).toLowerCase())) return active;
  const picked = await vscode.window.showOpenDialog({
    title: `${what}: choose the table (CSV or TSV with a header line)`,
    canSelectMany: false,
    openLabel: 'Analyse',
    filters: { 'Tables (CSV, TSV)': TABLE_EXTENSIONS, 'All files': ['*'] },
  });
  return picked?.[0];
}

async function readChoices(uri: vscode.Uri): Promise<{ table: ScoreTable; numeric: string[] } | undefined> {
  try {
    const table = parseScoreTable(await readTableText(uri), vscode.workspace.asRelativePath(uri, false));
    return { table, numeric: table.columns.filter((_, i) => isNumericColumn(table, i)) };
  } catch (error) {
    void vscode.window.showErrorMessage(`Understudy: ${(error as Error).message}`);
    return undefined;
  }
}

/** A column: `preferred` when the table has it, else one picked among `among`. */
async function column(table: ScoreTable, preferred: string, among: readonly string[], title: string): Promise<string | undefined> {
  if (table.columns.includes(preferred)) return preferred;
  const picked = await vscode.window.showQuickPick(among.map((c) => ({ label: c })), { title, ignoreFocusOut: true });
  return picked?.label;
}

/** Several columns, `preselected` ticked; all of `among` ticked means "every one" (undefined: the CLI's default). */
async function several(among: readonly string[], preselected: (name: string) => boolean, title: string, placeHolder: string): Promise<string[] | undefined> {
  const picked = await vscode.window.showQuickPick(
    among.map((c) => ({ label: c, picked: preselected(c) })),
    { title, placeHolder, canPickMany: true, ignoreFocusOut: true },
  );
  return picked?.map((p) => p.label);
}

const LIKELY_MODEL = /^(ref|model|human|gold|m\d)/i;

/** Table, models and metrics for a QARLA run (the options form offers the papers' conventions afterwards). */
export async function pickQarlaInput(given?: vscode.Uri): Promise<{ table: vscode.Uri; settings: QarlaSettings } | undefined> {
  const uri = await pickTable('QARLA', given);
  if (!uri) return undefined;
  const read = await readChoices(uri);
  if (!read) return undefined;
  const { table, numeric } = read;
  const text = table.columns.filter((c) => !numeric.includes(c));
  const candidate = await column(table, 'candidate', text, 'Which column names the candidate text of each pair (x(candidate, reference))?');
  if (!candidate) return undefined;
  const reference = await column(table, 'reference', text.filter((c) => c !== candidate), 'Which column names the reference text of each pair?');
  if (!reference) return undefined;
  const names = textNames(table, candidate, reference);
  const models = await several(names, (n) => LIKELY_MODEL.test(n), 'Which texts are models (human references)? Every other name is a peer (a system).', 'Tick the models');
  if (!models || models.length === 0) return undefined;
  const caseColumn = table.columns.includes('case') ? 'case' : undefined;
  const candidates = numeric.filter((c) => c !== caseColumn);
  const metrics = await several(candidates, () => true, 'Which similarity columns are the metrics? (larger = more similar)', 'Untick the columns that are not similarities');
  if (!metrics || metrics.length === 0) return undefined;
  return {
    table: uri,
    settings: { models, candidate, reference, ...(metrics.length < candidates.length && { metrics }), symmetric: false, options: {} },
  };
}

const LIKELY_HUMAN = /human|score|^da$|^z$|pyramid|responsive|adequacy|fluency|quality|mqm|rating/i;
const LIKELY_ERROR = /ter|wer|error|edit/i;

/** Table, system column, human score, metrics and their orientation for a heterogeneity run. */
export async function pickHeterogeneityInput(given?: vscode.Uri): Promise<{ table: vscode.Uri; settings: HeterogeneitySettings } | undefined> {
  const uri = await pickTable('Heterogeneity', given);
  if (!uri) return undefined;
  const read = await readChoices(uri);
  if (!read) return undefined;
  const { table, numeric } = read;
  const text = table.columns.filter((c) => !numeric.includes(c));
  const system = await column(table, 'system', text.length > 0 ? text : table.columns, 'Which column names the system of each output?');
  if (!system) return undefined;
  const segmentName = table.columns.includes('segment') ? 'segment' : table.columns.find((c) => /^(seg|doc|item|id|case)/i.test(c) && c !== system);
  const segment = segmentName === 'segment' ? undefined : segmentName;
  const NONE = '(no human scores: H, ULC and HBR only)';
  const humanChoices = [...numeric.filter((c) => LIKELY_HUMAN.test(c)), ...numeric.filter((c) => !LIKELY_HUMAN.test(c)), NONE];
  const human = await vscode.window.showQuickPick(humanChoices, { title: 'Which column holds the human score of each output?', ignoreFocusOut: true });
  if (human === undefined) return undefined;
  const humanColumn = human === NONE ? undefined : human;
  const candidates = numeric.filter((c) => c !== humanColumn && c !== segmentName && c !== system);
  const metrics = await several(candidates, () => true, 'Which columns are the metrics?', 'Untick the columns that are not metric scores');
  if (!metrics || metrics.length === 0) return undefined;
  const lower = await several(metrics, (m) => LIKELY_ERROR.test(m), 'Which of them are better when lower (error rates such as TER)?', 'Tick the error rates; leave the rest');
  if (lower === undefined) return undefined;
  return {
    table: uri,
    settings: {
      system,
      ...(segment !== undefined && { segment }),
      ...(humanColumn !== undefined && { human: humanColumn }),
      ...(metrics.length < candidates.length && { metrics }),
      lowerIsBetter: lower,
      combinations: [],
    },
  };
}
