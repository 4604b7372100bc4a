import { parseArgs } from 'util';
import { UnderstudyError } from '../core/errors';
import { GapPoint, HumanSystemGapResult, humanSystemGap } from '../core/meta/gap/human-system-gap';
import { ROBUST_METHODS, RobustMethod } from '../core/meta/gap/robust-regression';
import { gapTextLines } from '../core/meta/rose/rose-tables';
import { bad, fmt } from './meta-cli-helpers';
import type { CliOutput } from './run-cli';
import { ScoreTable, columnIndex, completeRows, numericColumn, readScoreTable } from './score-table';

export const GAP_USAGE = `understudy gap TABLE --metric COLUMN --human COLUMN --group COLUMN [options]   (Conroy & Dang 2008 §3)

Metric score against human score with human-written and system outputs apart: per group n, means, sds, Pearson r
and a robust line; the gap between humans and systems on each axis and above the systems' trend line.
TABLE: a header line, then one row per summarizer (usually its mean scores); tab- or comma-separated.
  --metric COLUMN         the automatic metric (x)
  --human COLUMN          the human score (y)
  --group COLUMN          which rows are human writers: those whose value is --human-label, every other row a system
  --human-label L         (default human)
  --unit COLUMN           names (default: the first column)
  --exclude A,B           names drawn but left out of the fits (the paper's footnote 1)
  --method bisquare|huber|theil-sen|ols   the robust line (default bisquare, as MATLAB's robustfit; the paper does not say)
  --json | --tsv          the full result (JSON) or every point with its residual from the systems' line (TSV)
`;

export interface GapCommand {
  readonly table: string;
  readonly metric: string;
  readonly human: string;
  readonly group: string;
  readonly humanLabel: string;
  readonly unit?: string;
  readonly exclude: string[];
  readonly method?: RobustMethod;
  readonly output: 'text' | 'json' | 'tsv';
}

const OPTIONS = {
  metric: { type: 'string' },
  human: { type: 'string' },
  group: { type: 'string' },
  'human-label': { type: 'string' },
  unit: { type: 'string' },
  exclude: { type: 'string' },
  method: { type: 'string' },
  json: { type: 'boolean' },
  tsv: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

export function parseGapArgs(argv: string[]): GapCommand | 'help' {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    return bad(`${(error as Error).message}. Run \`understudy gap --help\` for the options.`);
  }
  const v = parsed.values;
  if (v.help) return 'help';
  if (parsed.positionals.length !== 1) bad('Name one score table: `understudy gap TABLE --metric COLUMN --human COLUMN --group COLUMN`.');
  if (v.json && v.tsv) bad('Choose one of --json and --tsv.');
  const required = (flag: 'metric' | 'human' | 'group'): string => v[flag] ?? bad(`--${flag} COLUMN is required.`);
  if (v.method !== undefined && !(ROBUST_METHODS as readonly string[]).includes(v.method)) bad(`--method ${v.method}: expected one of ${ROBUST_METHODS.join(', ')}.`);
  return {
    table: parsed.positionals[0],
    metric: required('metric'),
    human: required('human'),
    group: required('group'),
    humanLabel: v['human-label'] ?? 'human',
    unit: v.unit,
    exclude: (v.exclude ?? '').split(',').map((s) => s.trim()).filter((s) => s !== ''),
    method: v.method as RobustMethod | undefined,
    output: v.json ? 'json' : v.tsv ? 'tsv' : 'text',
  };
}


export function gapText(result: HumanSystemGapResult): string {
  return [...gapTextLines(result), ''].join('\n');
}

export function gapTsv(result: HumanSystemGapResult): string {
  const header = ['name', 'group', 'metric', 'human', 'excluded', 'residual_from_systems', 'weight'];
  const rows = result.points.map((p) => [p.name, p.group, String(p.metric), String(p.human), p.excluded ? '1' : '0', fmt(p.residualFromSystems, 6), fmt(p.weight, 6)]);
  return [header, ...rows].map((r) => r.join('\t')).join('\n') + '\n';
}

/** The table's rows as gap points (rows missing either score left out, with a warning), as `understudy gap` reads them. */
export function gapPointsFromTable(table: ScoreTable, command: Omit<GapCommand, 'table' | 'output'>, warn: (message: string) => void): GapPoint[] {
  const metric = numericColumn(table, command.metric);
  const human = numericColumn(table, command.human);
  const groupIndex = columnIndex(table, command.group);
  const unitIndex = command.unit === undefined ? 0 : columnIndex(table, command.unit);
  const { keep, dropped } = completeRows([metric, human], table.cells.length);
  if (dropped > 0) warn(`${dropped} of ${table.cells.length} rows miss ${command.metric} or ${command.human} and are left out.`);
  const names = new Set(table.cells.map((row) => row[unitIndex]));
  const unknown = command.exclude.filter((name) => !names.has(name));
  if (unknown.length > 0) bad(`--exclude ${unknown.join(', ')}: no such row in column ${table.columns[unitIndex]}.`);
  const points: GapPoint[] = keep.map((r) => ({
    name: table.cells[r][unitIndex],
    group: table.cells[r][groupIndex] === command.humanLabel ? 'human' : 'system',
    metric: metric[r],
    human: human[r],
    excluded: command.exclude.includes(table.cells[r][unitIndex]),
  }));
  if (!points.some((p) => p.group === 'human')) {
    warn(`no row has ${command.group} = ${command.humanLabel}; only the systems are fitted (set --human-label).`);
  }
  return points;
}

/** humanSystemGap of the table's points; a shape the analysis refuses is an UnderstudyError. */
export function gapOfTable(table: ScoreTable, command: Omit<GapCommand, 'table' | 'output'>, warn: (message: string) => void): HumanSystemGapResult {
  const points = gapPointsFromTable(table, command, warn);
  try {
    return humanSystemGap(points, { method: command.method, metricName: command.metric, humanName: command.human });
  } catch (error) {
    if (error instanceof RangeError) throw new UnderstudyError('unreadable-file', error.message);
    throw error;
  }
}

export function runGap(command: GapCommand, io: CliOutput): number {
  const table = readScoreTable(command.table);
  const result = gapOfTable(table, command, (message) => io.stderr(`understudy: warning: ${message}\n`));
  io.stdout(command.output === 'json' ? `${JSON.stringify(result, null, 2)}\n` : command.output === 'tsv' ? gapTsv(result) : gapText(result));
  return 0;
}
