import * as fs from 'fs';
import { parseArgs } from 'util';
import { UnderstudyError } from '../core/errors';
import { RoseInput, RoseModel, applyRose, parseRoseModel } from '../core/meta/rose/rose-model';
import { RoseSearchOptions, RoseSearchResult, RoseSubsetResult, roseSearch } from '../core/meta/rose/rose-search';
import { bad, fmt, fraction, integer, oneOf, progressReporter, seedOption } from './meta-cli-helpers';
import type { CliOutput } from './run-cli';
import { roseHeadline, roseModelLines, roseWinnerLines } from '../core/meta/rose/rose-tables';
import { ScoreTable, columnIndex, completeRows, numericColumn, readScoreTable } from './score-table';

export const ROSE_USAGE = `understudy rose TABLE --human COLUMN [options]   (Conroy & Dang 2008)

Searches every subset of the metric columns of TABLE for the least-squares combination (with intercept) whose
correlation with the human column holds up on held-out units: repeated random train/test splits, each subset's
median significant test correlation, Mann–Whitney U of the winner against the best single metric. The winner is
refitted on all units and can be saved as a model and applied to other data.

TABLE: a header line, then one row per unit (system, or summary/segment); tab-separated when the header has a tab,
else comma-separated. Empty/NA cells are missing: rows missing a used column are left out with a warning.
  --human COLUMN          the human score to predict (required)
  --metrics A,B,…         the predictor columns (default: every other numeric column; at most 16)
  --unit COLUMN           unit names (default: the first column, when it is not numeric)
  --group COLUMN          unit groups (e.g. human/system), for --stratify
  --stratify              each split holds back the test fraction of every group (the paper does not say; off)
Resampling:
  --trials N              train/test splits (default 4000, as the paper)
  --test-fraction F       share of units held back for testing (default 0.25)
  --seed N                seed of the NumPy-compatible PCG64 generator (default 12345)
  --alpha A               a trial counts when its test r has p < A (default 0.05)
  --significance two-sided|positive   (default two-sided: the paper's p-values are two-sided)
  --candidates any|combinations       may single metrics win (default any, as the paper's Table 5)
  --comparison significant|all        trials the Mann–Whitney test compares (default significant)
  --max-size K            largest subset (default: all)     --require A,B   only subsets containing these
Output:
  --top N                 subsets listed (default 10; 0 = all)
  --json | --tsv          the full result (JSON) or every subset as a table (TSV)
  --save FILE             write the winner as a ROSE model (JSON); an existing FILE is kept unless --force
  --name NAME             the model's name (default rose)
  --progress              report progress on stderr
Applying a saved model instead of searching:
  understudy rose TABLE --apply MODEL.json [--unit COLUMN] [--json]
      prints the combination's score of every row (the TABLE needs the model's metric columns)
`;

export interface RoseCommand {
  readonly table: string;
  readonly human?: string;
  readonly metrics?: string[];
  readonly unit?: string;
  readonly group?: string;
  readonly apply?: string;
  readonly search: RoseSearchOptions;
  readonly top: number;
  readonly output: 'text' | 'json' | 'tsv';
  readonly save?: string;
  readonly force: boolean;
  readonly progress: boolean;
}

const OPTIONS = {
  human: { type: 'string' },
  metrics: { type: 'string' },
  unit: { type: 'string' },
  group: { type: 'string' },
  stratify: { type: 'boolean' },
  trials: { type: 'string' },
  'test-fraction': { type: 'string' },
  seed: { type: 'string' },
  alpha: { type: 'string' },
  significance: { type: 'string' },
  candidates: { type: 'string' },
  comparison: { type: 'string' },
  'max-size': { type: 'string' },
  require: { type: 'string' },
  top: { type: 'string' },
  json: { type: 'boolean' },
  tsv: { type: 'boolean' },
  save: { type: 'string' },
  force: { type: 'boolean' },
  name: { type: 'string' },
  progress: { type: 'boolean' },
  apply: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

const list = (value: string | undefined): string[] | undefined =>
  value === undefined ? undefined : value.split(',').map((s) => s.trim()).filter((s) => s !== '');

/** Parses `understudy rose` arguments; a bad value is an UnderstudyError saying what is allowed. */
export function parseRoseArgs(argv: string[]): RoseCommand | 'help' {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    return bad(`${(error as Error).message}. Run \`understudy rose --help\` for the options.`);
  }
  const v = parsed.values;
  if (v.help) return 'help';
  if (parsed.positionals.length !== 1) bad('Name one score table: `understudy rose TABLE --human COLUMN`.');
  if (v.json && v.tsv) bad('Choose one of --json and --tsv.');
  if (v.apply === undefined && v.human === undefined) bad('Name the human score column with --human COLUMN (or apply a saved model with --apply MODEL).');
  if (v.apply !== undefined && v.save !== undefined) bad('--apply uses a saved model; --save writes one from a search. Choose one.');
  if (v.stratify && v.group === undefined) bad('--stratify needs the groups: --group COLUMN.');
  const alpha = v.alpha === undefined ? undefined : fraction('alpha', v.alpha);
  return {
    table: parsed.positionals[0],
    human: v.human,
    metrics: list(v.metrics),
    unit: v.unit,
    group: v.group,
    apply: v.apply,
    search: {
      trials: integer('trials', v.trials, 1),
      testFraction: fraction('test-fraction', v['test-fraction']),
      seed: seedOption(v.seed),
      alpha,
      significance: oneOf('significance', v.significance, ['two-sided', 'positive'] as const),
      candidates: oneOf('candidates', v.candidates, ['any', 'combinations'] as const),
      comparisonSamples: oneOf('comparison', v.comparison, ['significant', 'all'] as const),
      maxSubsetSize: integer('max-size', v['max-size'], 1),
      require: list(v.require),
      stratify: v.stratify ?? false,
      name: v.name,
    },
    top: integer('top', v.top, 0) ?? 10,
    output: v.json ? 'json' : v.tsv ? 'tsv' : 'text',
    save: v.save,
    force: v.force ?? false,
    progress: v.progress ?? false,
  };
}

function isNumericColumn(table: ScoreTable, index: number): boolean {
  return table.cells.every((row) => row[index] === '' || /^(na|nan|null|-)$/i.test(row[index]) || Number.isFinite(Number(row[index])));
}

/** The unit-name column: --unit, else the first column when it is not numeric, else none. */
function unitColumn(table: ScoreTable, unit: string | undefined): number | undefined {
  if (unit !== undefined) return columnIndex(table, unit);
  return isNumericColumn(table, 0) ? undefined : 0;
}

/** The table's rows as ROSE input: the chosen columns, rows missing any of them left out (with a warning). */
export function roseInputFromTable(table: ScoreTable, command: RoseCommand, warn: (message: string) => void): RoseInput & { groups?: string[] } {
  const human = command.human ?? bad('--human COLUMN is required.');
  const unitIndex = unitColumn(table, command.unit);
  const groupIndex = command.group === undefined ? undefined : columnIndex(table, command.group);
  const skip = new Set([human, command.unit, command.group, unitIndex === undefined ? undefined : table.columns[unitIndex]]);
  const metrics = command.metrics ?? table.columns.filter((c, i) => !skip.has(c) && isNumericColumn(table, i));
  if (metrics.length === 0) bad(`${table.path}: no metric columns besides ${human}; name them with --metrics A,B,….`);
  if (metrics.includes(human)) bad(`--metrics includes the human column ${human}.`);
  const predictorColumns = metrics.map((name) => numericColumn(table, name));
  const target = numericColumn(table, human);
  const { keep, dropped } = completeRows([...predictorColumns, target], table.cells.length);
  if (dropped > 0) warn(`${dropped} of ${table.cells.length} rows of ${table.path} miss a score in ${[...metrics, human].join(', ')} and are left out.`);
  const pick = (column: Float64Array): Float64Array => Float64Array.from(keep, (r) => column[r]);
  return {
    metrics,
    predictors: predictorColumns.map(pick),
    target: pick(target),
    targetName: human,
    units: unitIndex === undefined ? undefined : keep.map((r) => table.cells[r][unitIndex]),
    groups: groupIndex === undefined ? undefined : keep.map((r) => table.cells[r][groupIndex]),
  };
}


function subsetRow(s: RoseSubsetResult): string[] {
  return [s.metrics.join('+'), String(s.size), fmt(s.medianSignificant), s.significantShare.toFixed(4), fmt(s.median), fmt(s.mean), fmt(s.lower), fmt(s.upper), fmt(s.fullR)];
}

const SUBSET_HEADER = ['subset', 'size', 'median_sig_r', 'sig_share', 'median_r', 'mean_r', 'lower_2.5', 'upper_97.5', 'full_R'];

/** The search as people read it: the options, the top subsets, the winner against the best single metric, the model. */
export function roseSearchText(result: RoseSearchResult, top: number): string {
  const lines = [roseHeadline(result), ''];
  const shown = top === 0 ? result.subsets : result.subsets.slice(0, top);
  const rows = [SUBSET_HEADER, ...shown.map(subsetRow)];
  const widths = SUBSET_HEADER.map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  for (const row of rows) lines.push(row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  '));
  if (shown.length < result.subsets.length) lines.push(`… ${result.subsets.length - shown.length} more (--top 0 lists all, --tsv exports them)`);
  lines.push('', ...roseWinnerLines(result), '', ...roseModelLines(result));
  for (const note of result.notes) lines.push(`note: ${note}`);
  lines.push(`signature: ${result.signature}`, '');
  return lines.join('\n');
}

export function roseSearchTsv(result: RoseSearchResult): string {
  return [SUBSET_HEADER, ...result.subsets.map(subsetRow)].map((r) => r.join('\t')).join('\n') + '\n';
}

function readModel(path: string): RoseModel {
  let text: string;
  try {
    text = fs.readFileSync(path, 'utf8');
  } catch (error) {
    throw new UnderstudyError('unreadable-file', `Cannot read the ROSE model ${path}: ${(error as Error).message}.`, { path });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new UnderstudyError('unreadable-file', `${path} is not JSON (${(error as Error).message}); save a model with \`understudy rose --save\`.`, { path });
  }
  try {
    return parseRoseModel(json);
  } catch (error) {
    throw new UnderstudyError('unreadable-file', `${path}: ${(error as Error).message}`, { path });
  }
}

/**
 * A saved model applied to a table (`understudy rose --apply`): the TSV it prints (unit, score; empty where a row misses
 * a metric the model needs) and the warning it gives. A table without one of the model's columns is an error naming it.
 */
export function applyRoseToTable(model: RoseModel, table: ScoreTable, unit: string | undefined): { readonly tsv: string; readonly units: string[]; readonly scores: (number | null)[]; readonly warning?: string } {
  const missing = model.metrics.filter((name) => !table.columns.includes(name));
  if (missing.length > 0) {
    throw new UnderstudyError('unreadable-file', `${table.path} has no column for ${missing.join(', ')}, which the model "${model.name}" combines; its columns: ${table.columns.join(', ')}.`);
  }
  const columns = model.metrics.map((name) => numericColumn(table, name));
  const scores = applyRose(model, Object.fromEntries(model.metrics.map((name, j) => [name, columns[j]])));
  const unitIndex = unitColumn(table, unit);
  const units = table.cells.map((row, r) => (unitIndex === undefined ? String(r + 1) : row[unitIndex]));
  const missingRows = Array.from(scores).filter((s) => !Number.isFinite(s)).length;
  const tsv = [[unitIndex === undefined ? 'row' : table.columns[unitIndex], model.name].join('\t'), ...units.map((u, r) => `${u}\t${Number.isFinite(scores[r]) ? scores[r] : ''}`)].join('\n') + '\n';
  return {
    tsv,
    units,
    scores: Array.from(scores, (s) => (Number.isFinite(s) ? s : null)),
    ...(missingRows > 0 && { warning: `${missingRows} rows miss a score the model needs; their ${model.name} is empty.` }),
  };
}

function runApply(command: RoseCommand, table: ScoreTable, io: CliOutput): number {
  const model = readModel(command.apply!);
  const applied = applyRoseToTable(model, table, command.unit);
  if (applied.warning) io.stderr(`understudy: warning: ${applied.warning}\n`);
  if (command.output === 'json') {
    io.stdout(`${JSON.stringify({ model: model.name, metrics: model.metrics, units: applied.units, scores: applied.scores }, null, 2)}\n`);
  } else {
    io.stdout(applied.tsv);
  }
  return 0;
}

/** Runs the search (or applies a model); returns the exit status. */
export function runRose(command: RoseCommand, io: CliOutput): number {
  const table = readScoreTable(command.table);
  if (command.apply !== undefined) return runApply(command, table, io);
  if (command.save !== undefined && fs.existsSync(command.save) && !command.force) {
    throw new UnderstudyError('bad-option', `${command.save} exists; choose another file or add --force to replace it.`);
  }
  const input = roseInputFromTable(table, command, (message) => io.stderr(`understudy: warning: ${message}\n`));
  let result: RoseSearchResult;
  try {
    result = roseSearch(input, {
      ...command.search,
      groups: input.groups,
      keepSamples: command.output === 'json',
      onProgress: command.progress ? progressReporter(io, 'rose splits') : undefined,
    });
  } catch (error) {
    if (error instanceof RangeError) throw new UnderstudyError('unreadable-file', error.message);
    throw error;
  }
  if (command.save !== undefined) {
    fs.writeFileSync(command.save, `${JSON.stringify(result.model, null, 2)}\n`);
    io.stderr(`understudy: saved the ROSE model ${result.model.name} (${result.model.metrics.join('+')}) to ${command.save}\n`);
  }
  io.stdout(command.output === 'json' ? `${JSON.stringify(result, null, 2)}\n` : command.output === 'tsv' ? roseSearchTsv(result) : roseSearchText(result, command.top));
  return 0;
}
