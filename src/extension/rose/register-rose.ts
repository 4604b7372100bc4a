import * as vscode from 'vscode';
import { applyRoseToTable } from '../../cli/rose-command';
import { parseCorrelationManifest } from '../../core/meta/correlation-manifest';
import { GapRunOptions, RoseRunOptions } from '../../core/meta/rose/rose-command-line';
import { parseRoseModel, RoseModel } from '../../core/meta/rose/rose-model';
import { asUri } from '../compare/register-comparison';
import { findWorkspaceManifests } from '../correlations/workspace-manifest';
import { WorkerClient } from '../worker-client';
import { GapController, GapRunResult } from './gap-controller';
import { defaultRoseOptions, RoseController, RoseRunResult } from './rose-controller';
import { SaveModelResult } from './save-rose-model';
import { likelyHumanColumn, pickColumn, pickTable, readTableSource, TableSource } from './score-table-source';

type UriLike = vscode.Uri | string;

/** Arguments of `understudy.fitRose` from a program (tests): the table and options; omitted options take the CLI's defaults. */
export interface FitRoseArgs {
  readonly table: UriLike;
  readonly options: Pick<RoseRunOptions, 'human'> & Partial<RoseRunOptions>;
}

export interface ShowGapArgs {
  readonly table: UriLike;
  readonly options: Pick<GapRunOptions, 'metric' | 'human' | 'group'> & Partial<GapRunOptions>;
}

export interface SaveRoseModelArgs {
  readonly name?: string;
  readonly manifest?: UriLike;
  readonly replace?: boolean;
}

const errorOf = (error: unknown): { error: { code: string; message: string } } => ({ error: { code: 'unreadable-file', message: error instanceof Error ? error.message : String(error) } });

async function loadTable(argument: unknown, title: string): Promise<TableSource | { error: { code: string; message: string } } | undefined> {
  const uri = await pickTable(argument, title);
  if (!uri) return undefined;
  try {
    return await readTableSource(uri);
  } catch (error) {
    void vscode.window.showErrorMessage(`Understudy: ${error instanceof Error ? error.message : String(error)}`);
    return errorOf(error);
  }
}

/** Human score, metrics (all other numeric columns ticked), optional groups — each a quick pick. */
async function pickRoseColumns(source: TableSource): Promise<RoseRunOptions | undefined> {
  if (source.numeric.length < 2) {
    void vscode.window.showErrorMessage(`Understudy: ${source.path} needs a human score column and at least one metric column of numbers; its numeric columns: ${source.numeric.join(', ') || 'none'}.`);
    return undefined;
  }
  const human = await pickColumn(source.numeric, `ROSE on ${source.path}: which column is the human score to predict? (--human)`, { preferred: likelyHumanColumn(source.numeric) });
  if (!human) return undefined;
  const candidates = source.numeric.filter((c) => c !== human);
  const picked = await vscode.window.showQuickPick(
    candidates.map((c) => ({ label: c, picked: true })),
    { title: `ROSE: the metrics to combine (--metrics; at most 16: every subset is searched)`, canPickMany: true },
  );
  if (!picked || picked.length === 0) return undefined;
  const metrics = picked.map((p) => p.label);
  const others = source.table.columns.filter((c) => c !== human && !metrics.includes(c));
  const group = others.length > 0 ? await pickColumn(others, 'Groups of the units, for stratified splits (--group; optional)', { none: 'No groups' }) : null;
  if (group === undefined) return undefined;
  return defaultRoseOptions({ human, ...(metrics.length === candidates.length ? {} : { metrics }), ...(group !== null && { group }) });
}

async function pickGapColumns(source: TableSource): Promise<GapRunOptions | undefined> {
  const human = await pickColumn(source.numeric, `Human–system gap on ${source.path}: the human score (y, --human)`, { preferred: likelyHumanColumn(source.numeric) });
  if (!human) return undefined;
  const metric = await pickColumn(source.numeric.filter((c) => c !== human), 'The automatic metric (x, --metric)');
  if (!metric) return undefined;
  const group = await pickColumn(source.table.columns.filter((c) => c !== human && c !== metric), 'Which column says who wrote each row (--group)?', { preferred: source.table.columns.find((c) => /group|kind|type|writer|author/i.test(c)) });
  if (!group) return undefined;
  const index = source.table.columns.indexOf(group);
  const values = [...new Set(source.table.cells.map((row) => row[index]))];
  const humanLabel = await pickColumn(values, `Rows with which ${group} are human-written? (--human-label; every other row is a system)`, { preferred: values.find((v) => /human|model|ref/i.test(v)) });
  if (humanLabel === undefined || humanLabel === null) return undefined;
  return { metric, human, group, humanLabel, exclude: [] };
}

/** The ROSE models a user can apply: the workspace manifests' `roseModels`, or a model file (`understudy rose --save`). */
async function pickModel(argument: unknown): Promise<RoseModel | undefined> {
  if (typeof argument === 'object' && argument !== null && !(argument instanceof vscode.Uri) && (argument as { kind?: unknown }).kind === 'understudy.rose') return parseRoseModel(argument);
  const fileOf = async (uri: vscode.Uri): Promise<RoseModel> => parseRoseModel(JSON.parse(new TextDecoder('utf-8').decode(await vscode.workspace.fs.readFile(uri))));
  const given = asUri(argument);
  if (given) return fileOf(given);
  const models: { label: string; description: string; model: RoseModel }[] = [];
  for (const manifest of await findWorkspaceManifests()) {
    try {
      const text = new TextDecoder('utf-8').decode(await vscode.workspace.fs.readFile(manifest));
      for (const model of parseCorrelationManifest(text, vscode.workspace.asRelativePath(manifest, false)).roseModels ?? []) {
        models.push({ label: model.name, description: `${model.metrics.join(' + ')} · ${vscode.workspace.asRelativePath(manifest, false)}`, model });
      }
    } catch {
      // A manifest that is not a whole evaluation yet: its models are not offered (the manifest's diagnostics say why).
    }
  }
  const fromFile: vscode.QuickPickItem & { model?: RoseModel } = { label: 'Model file…', description: 'a JSON model written by `understudy rose --save`' };
  const picked = await vscode.window.showQuickPick<vscode.QuickPickItem & { model?: RoseModel }>([...models, fromFile], { title: 'Apply which ROSE model?' });
  if (!picked) return undefined;
  if (picked.model) return picked.model;
  const uri = await vscode.window.showOpenDialog({ title: 'ROSE model file', filters: { JSON: ['json'] }, canSelectMany: false });
  return uri?.[0] ? fileOf(uri[0]) : undefined;
}

/**
 * Registers "Understudy: Fit ROSE Combination…" (`understudy.fitRose`), "Understudy: Show Human–System Gap…"
 * (`understudy.showGap`), "Understudy: Apply ROSE Model…" (`understudy.applyRose`: the scores `understudy rose --apply`
 * prints, in a new TSV editor) and `understudy.rose.saveModel` (the shown winner into understudy.json; programs give
 * `{ name, manifest, replace }`, the panel's button asks).
 */
export function registerRose(context: vscode.ExtensionContext, worker: WorkerClient): void {
  const rose = new RoseController(context, worker);
  const gap = new GapController(context);
  context.subscriptions.push(
    rose,
    gap,
    vscode.commands.registerCommand('understudy.fitRose', async (args?: unknown): Promise<RoseRunResult> => {
      const programmatic = typeof args === 'object' && args !== null && !(args instanceof vscode.Uri) && 'options' in args ? (args as FitRoseArgs) : undefined;
      const source = await loadTable(programmatic ? programmatic.table : args, 'Fit a ROSE combination on which score table?');
      if (!source || 'error' in source) return source;
      const options = programmatic ? defaultRoseOptions(programmatic.options) : await pickRoseColumns(source);
      return options ? rose.show(source, options) : undefined;
    }),
    vscode.commands.registerCommand('understudy.showGap', async (args?: unknown): Promise<GapRunResult> => {
      const programmatic = typeof args === 'object' && args !== null && !(args instanceof vscode.Uri) && 'options' in args ? (args as ShowGapArgs) : undefined;
      const source = await loadTable(programmatic ? programmatic.table : args, 'Show the human–system gap of which score table?');
      if (!source || 'error' in source) return source;
      const options = programmatic ? { humanLabel: 'human', exclude: [], ...programmatic.options } : await pickGapColumns(source);
      return options ? gap.show(source, options) : undefined;
    }),
    vscode.commands.registerCommand('understudy.rose.saveModel', (args?: SaveRoseModelArgs): Promise<SaveModelResult> => {
      if (args && typeof args === 'object') {
        return rose.saveModel({ name: args.name, manifest: asUri(args.manifest), replace: args.replace === true, interactive: false });
      }
      return rose.saveFromUser();
    }),
    vscode.commands.registerCommand('understudy.applyRose', async (args?: { table?: UriLike; model?: unknown }) => {
      try {
        const source = await loadTable(args?.table, 'Apply a ROSE model to which score table?');
        if (!source || 'error' in source) return source;
        const model = await pickModel(args?.model);
        if (!model) return undefined;
        const applied = applyRoseToTable(model, source.table, undefined);
        if (applied.warning) void vscode.window.showWarningMessage(`Understudy: ${applied.warning}`);
        const document = await vscode.workspace.openTextDocument({ content: applied.tsv, language: 'plaintext' });
        await vscode.window.showTextDocument(document, { preview: false });
        return { tsv: applied.tsv };
      } catch (error) {
        void vscode.window.showErrorMessage(`Understudy: ${error instanceof Error ? error.message : String(error)}`);
        return errorOf(error);
      }
    }),
  );
}
