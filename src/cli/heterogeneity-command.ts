import { parseArgs } from 'util';
import { UnderstudyError } from '../core/errors';
import {
  AucResult,
  HbrResult,
  HeterogeneityResult,
  ItemMeasure,
  OracleResult,
  OutputScores,
  ReliabilityResult,
  SignificantImprovementsResult,
  SubsetTableResult,
  UlcResult,
  auc,
  hbr,
  heterogeneity,
  oracleSystemTest,
  reliability,
  significantImprovements,
  subsetTable,
  ulc,
} from '../core/meta/heterogeneity';
import { bad, fraction, integer, oneOf } from './meta-cli-helpers';
import { Cell, Tables, analyse, nameList, numberSeed, printMachineReadable, textOf } from './analysis-output';
import type { HeterogeneitySettings } from '../worker/meta-analysis-types';
import type { CliOutput } from './run-cli';
import { ScoreTable, columnIndex, isNumericColumn, numericColumn, readScoreTable } from './score-table';

export const HETEROGENEITY_ANALYSES = ['h', 'ulc', 'hbr', 'reliability', 'subsets', 'sip', 'ost', 'auc'] as const;
export type HeterogeneityAnalysis = (typeof HETEROGENEITY_ANALYSES)[number];
const NEEDS_HUMAN: readonly HeterogeneityAnalysis[] = ['reliability', 'subsets', 'sip', 'ost', 'auc'];

export const HETEROGENEITY_USAGE = `understudy heterogeneity ANALYSIS TABLE [options]   (Amigó, Giménez et al. 2009–2012; seed003 §3.4–3.6)

Metric sets judged by how their metrics disagree, and combinations that need no training. ANALYSIS is one of:
  h            heterogeneity H(X): how often two metrics of X disagree on which of two outputs is better
  ulc          ULC: uniform mean of normalised metric scores, per output and per system
  hbr          heterogeneity-based ranking of the systems
  reliability  R(X), S(X): P(humans agree | every metric says s ≥ s′) and its converse      (needs --human)
  subsets      H, R and S of every subset of up to 16 metrics                              (needs --human)
  sip          SIP/SIR: each measure's significant improvements against the humans' (Wilcoxon)  (needs --human)
  ost          the Oracle System Test: human score of the output each measure picks per segment  (needs --human)
  auc          AUC of each measure against human pairwise preferences, ties ½                    (needs --human)

TABLE: a header line, then one row per output (a system's output for a segment) with its metric scores; tab-separated
when the header has a tab, else comma-separated. Pairs of outputs are always of the same segment. A system without a
row for a segment has no output there; an empty/NA human score is an output not assessed.
  --system COLUMN         (default system)       --segment COLUMN   (default "segment" when there is one, else one segment)
  --human COLUMN          human scores of the outputs
  --metrics A,B,…         the metric columns (default: every other numeric column)
  --lower-is-better A,B   metrics where lower is better (TER, WER…), compared reversed
  --with ulc,hbr          also evaluate these combinations of the metrics as measures (sip, ost, auc)
Options:
  --sample-pairs N --seed N   estimate H on N random pairs (h, hbr; default: every pair, exact; seed 12345)
  --normalisation asiya|min-max|z-score|none   ULC's (default asiya, as Asiya)
  --condition at-least|greater  --outcome at-least|greater   R/S's readings of "at least as good" (default at-least)
  --alpha A               SIP/SIR significance level (default 0.025)   --alternative two-sided|one-sided (default two-sided)
  --ties mean|min|max     OST: a tie for the best output scores the mean (default), worst or best human score
  --worst-fraction F      AUC robustness: share of segments in the worst case (default 0.1)
Output:
  --json | --tsv          the full result (JSON) or its main table, unrounded (TSV)
`;

/** The options (HeterogeneitySettings: what the editor's heterogeneity panel also runs with), the analysis, the table and the output. */
export interface HeterogeneityCommand extends HeterogeneitySettings {
  readonly analysis: HeterogeneityAnalysis;
  readonly table: string;
  readonly output: 'text' | 'json' | 'tsv';
}

const OPTIONS = {
  system: { type: 'string' },
  segment: { type: 'string' },
  human: { type: 'string' },
  metrics: { type: 'string' },
  'lower-is-better': { type: 'string' },
  with: { type: 'string' },
  'sample-pairs': { type: 'string' },
  seed: { type: 'string' },
  normalisation: { type: 'string' },
  condition: { type: 'string' },
  outcome: { type: 'string' },
  alpha: { type: 'string' },
  alternative: { type: 'string' },
  ties: { type: 'string' },
  'worst-fraction': { type: 'string' },
  json: { type: 'boolean' },
  tsv: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** Parses `understudy heterogeneity` arguments; a bad value is an UnderstudyError saying what is allowed. */
export function parseHeterogeneityArgs(argv: string[]): HeterogeneityCommand | 'help' {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    return bad(`${(error as Error).message}. Run \`understudy heterogeneity --help\` for the options.`);
  }
  const v = parsed.values;
  if (v.help) return 'help';
  if (parsed.positionals.length !== 2) bad(`Name an analysis and one score table: \`understudy heterogeneity ANALYSIS TABLE\` (ANALYSIS: ${HETEROGENEITY_ANALYSES.join(', ')}).`);
  const analysis = oneOf('analysis', parsed.positionals[0], HETEROGENEITY_ANALYSES) as HeterogeneityAnalysis;
  if (v.json && v.tsv) bad('Choose one of --json and --tsv.');
  if (NEEDS_HUMAN.includes(analysis) && v.human === undefined) bad(`${analysis} compares with human scores: name their column with --human COLUMN.`);
  const onlyFor = (flag: string, analyses: HeterogeneityAnalysis[]): void => {
    if ((v as Record<string, unknown>)[flag] !== undefined && !analyses.includes(analysis)) bad(`--${flag} applies to ${analyses.join(', ')}, not ${analysis}.`);
  };
  onlyFor('with', ['sip', 'ost', 'auc']);
  onlyFor('sample-pairs', ['h', 'hbr', 'sip', 'ost', 'auc']);
  onlyFor('seed', ['h', 'hbr', 'sip', 'ost', 'auc']);
  onlyFor('normalisation', ['ulc', 'sip', 'ost', 'auc']);
  onlyFor('condition', ['reliability', 'subsets']);
  onlyFor('outcome', ['reliability', 'subsets']);
  onlyFor('alpha', ['sip']);
  onlyFor('alternative', ['sip']);
  onlyFor('ties', ['ost']);
  onlyFor('worst-fraction', ['auc']);
  const combinations = (nameList(v.with) ?? []).map((c) => oneOf('with', c, ['ulc', 'hbr'] as const)!);
  const worst = v['worst-fraction'] === undefined ? undefined : Number(v['worst-fraction']);
  if (worst !== undefined && !(worst > 0 && worst <= 1)) bad(`--worst-fraction ${v['worst-fraction']}: expected a number in (0, 1].`);
  return {
    analysis,
    table: parsed.positionals[1],
    system: v.system ?? 'system',
    segment: v.segment,
    human: v.human,
    metrics: nameList(v.metrics),
    lowerIsBetter: nameList(v['lower-is-better']) ?? [],
    combinations: [...new Set(combinations)],
    samplePairs: integer('sample-pairs', v['sample-pairs'], 1),
    seed: numberSeed(v.seed),
    normalisation: oneOf('normalisation', v.normalisation, ['asiya', 'min-max', 'z-score', 'none'] as const),
    condition: oneOf('condition', v.condition, ['at-least', 'greater'] as const),
    outcome: oneOf('outcome', v.outcome, ['at-least', 'greater'] as const),
    alpha: fraction('alpha', v.alpha),
    alternative: oneOf('alternative', v.alternative, ['two-sided', 'one-sided'] as const),
    ties: oneOf('ties', v.ties, ['mean', 'min', 'max'] as const),
    worstFraction: worst,
    output: v.json ? 'json' : v.tsv ? 'tsv' : 'text',
  };
}


/**
 * The outputs of a long score table: systems and segments in order of appearance, every metric's score of each
 * (system, segment) row; a pair without a row is a missing output (NaN under every metric).
 */
export function outputScoresFromTable(table: ScoreTable, command: HeterogeneityCommand): OutputScores {
  const systemIndex = columnIndex(table, command.system);
  const segmentName = command.segment ?? (table.columns.includes('segment') ? 'segment' : undefined);
  const segmentIndex = segmentName === undefined ? undefined : columnIndex(table, segmentName);
  const skip = new Set([command.system, segmentName, command.human]);
  const metrics = command.metrics ?? table.columns.filter((c, i) => !skip.has(c) && isNumericColumn(table, i));
  if (metrics.length === 0) bad(`${table.path}: no metric columns besides ${[...skip].filter(Boolean).join(', ')}; name them with --metrics A,B,….`);
  for (const m of metrics) if (skip.has(m)) bad(`--metrics includes the ${m} column.`);
  for (const m of command.lowerIsBetter) if (!metrics.includes(m)) bad(`--lower-is-better ${m}: not one of the metrics (${metrics.join(', ')}).`);
  const columns = metrics.map((name) => numericColumn(table, name));
  const humanColumn = command.human === undefined ? undefined : numericColumn(table, command.human);
  const systems: string[] = [];
  const segmentIds: string[] = [];
  for (const row of table.cells) {
    if (!systems.includes(row[systemIndex])) systems.push(row[systemIndex]);
    const id = segmentIndex === undefined ? 'all' : row[segmentIndex];
    if (!segmentIds.includes(id)) segmentIds.push(id);
  }
  const segments = segmentIds.length;
  const k = metrics.length;
  const scores = new Float64Array(systems.length * segments * k).fill(NaN);
  const human = humanColumn ? new Float64Array(systems.length * segments).fill(NaN) : undefined;
  const rowOf = new Map<number, number>();
  table.cells.forEach((row, r) => {
    const item = systems.indexOf(row[systemIndex]) * segments + segmentIds.indexOf(segmentIndex === undefined ? 'all' : row[segmentIndex]);
    if (rowOf.has(item)) {
      throw new UnderstudyError('unreadable-file', `${table.path}: system ${row[systemIndex]}${segmentIndex === undefined ? ' (one segment: no segment column)' : ` on segment ${row[segmentIndex]}`} has two rows (data rows ${rowOf.get(item)! + 1} and ${r + 1}).`);
    }
    rowOf.set(item, r);
    const missing = metrics.filter((_, x) => Number.isNaN(columns[x][r]));
    if (missing.length > 0) throw new UnderstudyError('unreadable-file', `${table.path}: data row ${r + 1} has no score under ${missing.join(', ')}; score every output under every metric, or leave the row out.`);
    for (let x = 0; x < k; x++) scores[item * k + x] = columns[x][r];
    if (human) human[item] = humanColumn![r];
  });
  if (human && human.every((h) => Number.isNaN(h))) throw new UnderstudyError('unreadable-file', `${table.path}: column ${command.human} has no human score.`);
  return {
    systems,
    segments,
    segmentIds: segmentIndex === undefined ? undefined : segmentIds,
    metrics,
    scores,
    higherIsBetter: metrics.map((m) => !command.lowerIsBetter.includes(m)),
    human,
  };
}

type HeterogeneityCliResult = HeterogeneityResult | UlcResult | HbrResult | ReliabilityResult | SubsetTableResult | SignificantImprovementsResult | OracleResult | AucResult;

/** ULC and HBR of the metrics as item measures, for `--with`. */
function combinationMeasures(input: OutputScores, command: HeterogeneityCommand): ItemMeasure[] {
  const asValues = (items: readonly (number | null)[]): Float64Array => Float64Array.from(items, (v) => (v === null ? NaN : v));
  return command.combinations.map((c) =>
    c === 'ulc'
      ? { name: 'ULC', values: asValues(ulc(input, { normalisation: command.normalisation }).items) }
      : { name: 'HBR', values: asValues(hbr(input, { samplePairs: command.samplePairs, seed: command.seed }).items) },
  );
}

/** The library call behind each analysis (what `--json` prints). */
export function runHeterogeneityAnalysis(input: OutputScores, command: HeterogeneityCommand): HeterogeneityCliResult {
  const sampling = { samplePairs: command.samplePairs, seed: command.seed };
  const readings = { condition: command.condition, outcome: command.outcome };
  switch (command.analysis) {
    case 'h':
      return heterogeneity(input, undefined, sampling);
    case 'ulc':
      return ulc(input, { normalisation: command.normalisation });
    case 'hbr':
      return hbr(input, sampling);
    case 'reliability':
      return reliability(input, readings);
    case 'subsets':
      return subsetTable(input, readings);
    case 'sip':
      return significantImprovements(input, { alpha: command.alpha, alternative: command.alternative, extra: combinationMeasures(input, command) });
    case 'ost':
      return oracleSystemTest(input, { ties: command.ties, extra: combinationMeasures(input, command) });
    case 'auc':
      return auc(input, { worstFraction: command.worstFraction, extra: combinationMeasures(input, command) });
  }
}

/** The main table of a result (TSV exports it), with a title and notes for the text view. */
export function heterogeneityTable(result: HeterogeneityCliResult): Tables {
  const set = (metrics: readonly string[]): string => `{${metrics.join(', ')}}`;
  const sampled = (r: { samplePairs: number | null; seed: number | null }): string => (r.samplePairs === null ? 'every pair' : `${r.samplePairs} sampled pairs, seed ${r.seed}`);
  switch (result.kind) {
    case 'heterogeneity':
      return {
        title: `H${set(result.metrics)} = ${result.heterogeneity.toFixed(4)} (${sampled(result)})`,
        header: ['metrics', 'heterogeneity', 'pairs', 'contradicted'],
        rows: [[result.metrics.join('+'), result.heterogeneity, result.pairs, result.contradicted]],
        notes: [],
      };
    case 'ulc':
      return {
        title: `ULC${set(result.metrics)}, ${result.normalisation} normalisation: systems by mean ULC`,
        header: ['rank', 'system', 'ulc', 'segments'],
        rows: result.systems.map((s) => [s.rank, s.system, s.ulc, s.segments]),
        notes: [],
      };
    case 'hbr':
      return {
        title: `HBR${set(result.metrics)} (H on ${sampled(result)}): systems by mean HBR`,
        header: ['rank', 'system', 'hbr', 'segments'],
        rows: result.systems.map((s) => [s.rank, s.system, s.hbr, s.segments]),
        notes: [],
      };
    case 'reliability':
      return {
        title: `Reliability and sensitivity of ${set(result.metrics)} (condition ${result.condition}, outcome ${result.outcome})`,
        header: ['metrics', 'reliability', 'sensitivity', 'heterogeneity', 'pairs', 'corroborated', 'improved', 'both'],
        rows: [[result.metrics.join('+'), result.reliability, result.sensitivity, result.heterogeneity, result.pairs, result.corroborated, result.improved, result.both]],
        notes: [],
      };
    case 'heterogeneity-subsets':
      return {
        title: `H, R, S of every subset of ${set(result.metrics)} (${result.pairs} assessed pairs)`,
        header: ['set', 'size', 'heterogeneity', 'reliability', 'sensitivity'],
        rows: result.subsets.map((s) => [s.metrics.join('+'), s.size, s.heterogeneity, s.reliability, s.sensitivity]),
        notes: [],
      };
    case 'sip-sir':
      return {
        title: `SIP/SIR: significant improvements (${result.test}, ${result.alternative}, p ≤ ${result.alpha}) over ${result.systemPairs} system pairs; humans find ${result.human.improvements.length}`,
        header: ['measure', 'sip', 'sir', 'agreeing', 'improvements'],
        rows: result.measures.map((m) => [m.measure, m.sip, m.sir, m.agreeing, m.improvements.length]),
        notes: [],
      };
    case 'oracle-system-test':
      return {
        title: `Oracle System Test over ${result.cases} segment${result.cases === 1 ? '' : 's'} (ties: ${result.ties})`,
        header: ['measure', 'ost'],
        rows: [...result.measures.map((m): Cell[] => [m.measure, m.ost]), ['maxOST', result.maxOst], ['randOST', result.randOst], ['minOST', result.minOst]],
        notes: [],
      };
    case 'auc':
      return {
        title: `AUC against human preferences (ties ½); robustness over the worst ${result.worstFraction * 100}% of segments`,
        header: ['measure', 'auc', 'pairs', 'worst_case_rank'],
        rows: result.measures.map((m) => [m.measure, m.auc, m.pairs, m.worstCaseRank]),
        notes: [`segments where some measure is below 0.5: ${result.inconsistentSegments.length} of ${result.segments.length}${result.inconsistentSegments.length > 0 ? ` (${result.inconsistentSegments.slice(0, 10).join(', ')}${result.inconsistentSegments.length > 10 ? ', …' : ''})` : ''}`],
      };
  }
}

export function runHeterogeneity(command: HeterogeneityCommand, io: CliOutput): number {
  const table = readScoreTable(command.table);
  const input = outputScoresFromTable(table, command);
  const result = analyse(table.path, () => runHeterogeneityAnalysis(input, command));
  if (command.output !== 'text') return printMachineReadable(io, command.output, result, () => heterogeneityTable(result));
  const tables = heterogeneityTable(result);
  const assessed = input.human ? `, ${input.human.filter((h) => !Number.isNaN(h)).length} assessed` : '';
  io.stdout(textOf(tables, `${input.systems.length} systems × ${input.segments} segment${input.segments === 1 ? '' : 's'}${assessed}; ${input.metrics.length} metrics`));
  return 0;
}
