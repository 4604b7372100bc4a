import { parseArgs } from 'util';
import { METRIC_NAMES } from '../core/engine/metric-registry';
import { UnderstudyError } from '../core/errors';
import { FragmentOptions } from '../core/meta/gap/fragment-effect';
import { FragmentInput, FragmentRunReport, FragmentTableColumns, TEXT_COLUMN_NAMES, runFragments } from '../core/meta/gap/fragment-run';
import { fragmentTable, fragmentTableText } from '../core/meta/gap/fragment-tables';
import { fmt } from '../core/meta/json-number';
import { Alternative } from '../core/meta/stats/t-tests';
import { CorrelateCommand, parseCorrelateArgs } from './parse-correlate-args';
import { correlationSourcesOf } from './run-correlate';
import { bad, integer, oneOf, progressReporter, splitOwnOptions } from './meta-cli-helpers';
import type { CliOutput } from './run-cli';
import { readScoreTable } from './score-table';

export const FRAGMENTS_USAGE = `understudy fragments --human JUDGMENTS (--docs docs.jsonl | --ref REF HYP ...) [options]   (Conroy & Dang 2008 §3)
understudy fragments --table TABLE --human-columns COL[,COL] [options]

Which outputs end in a truncated sentence, and does it cost them more with humans than with the metrics? Every
output's ending is classified complete, unterminated (no final punctuation, nothing shows a cut) or cut (ends in a
comma, an article, a preposition, an open quotation …); complete-ending outputs are then compared with fragment-ending
ones on every metric and every human score: across systems (seed 004 Table 4), across outputs, and within systems,
each with a t-test and a standardized difference d that puts metrics and human scores on one scale.

Input, either as \`understudy correlate\` reads it (metrics scored by Understudy's engine, per output):
  --human FILE  --docs FILE        SummEval / REALSumm summaries.jsonl and docs.jsonl (texts, scores, references)
  --human FILE --ref REF HYP ...   judgments (WMT, table, …: see \`understudy correlate --help\`) and line files
  --aspect A[,B]                   the human scores to compare, each on its own (default: the file's default score,
                                   else every aspect: SummEval's coherence, consistency, fluency, relevance)
  --metrics LIST                   default rouge1,rouge2,rougeL; metric options as for \`understudy score\`
  (--human-format, --columns, --names, --doc-references, --format, --jsonl-field … as for correlate)
or a table with one row per output (TSV, CSV with "quoted" fields, or JSON Lines):
  --table FILE                     columns system, item, a text column, then score columns
  --human-columns A[,B]            the human score columns (required)
  --metric-columns C[,D]           the metric columns (default: every other numeric column)
  --system-column, --item-column   (default system, item)
  --text-column NAME               (default: the first of ${TEXT_COLUMN_NAMES.join(', ')})
Choices the paper leaves open (defaults are ours unless marked):
  --fragment-when unterminated|cut   which endings are fragments: any ending without final punctuation (default, the
                                     paper's plain reading) or only those with evidence of a cut
  --system-threshold X             a fragment system has at least this share of fragment outputs (default 0.5)
  --test student|welch             two-sample t-test (default student: the paper's "Student T-test")
  --alternative two-sided|greater|less   (default two-sided; greater: complete endings score higher)
  --word-limit N                   check the first N words only, as a length cut leaves them (default none)
Output:
  --json                           the whole report (kind understudy.fragments, documented in the README)
  --tsv                            every output not ending complete: system, item, verdict, reason, ending, scores
  --progress                       report scoring progress on stderr

Exit status: 0 done, 1 the input cannot be used (message says why), 2 bad command line.
`;

export interface FragmentsCommand {
  /** What to read: a table (its path and columns) or correlate's inputs. */
  readonly input: { readonly kind: 'table'; readonly path: string; readonly columns: FragmentTableColumns } | { readonly kind: 'judgments'; readonly correlate: CorrelateCommand; readonly metrics: readonly string[]; readonly aspects?: readonly string[] };
  readonly options: FragmentOptions;
  readonly output: 'text' | 'json' | 'tsv';
  readonly progress: boolean;
}

/** The metrics scored when --metrics is not given. */
export const FRAGMENT_DEFAULT_METRICS = ['rouge1', 'rouge2', 'rougeL'];

const OWN_OPTIONS = {
  table: { type: 'string' },
  'human-columns': { type: 'string' },
  'metric-columns': { type: 'string' },
  'system-column': { type: 'string' },
  'item-column': { type: 'string' },
  'text-column': { type: 'string' },
  'fragment-when': { type: 'string' },
  'system-threshold': { type: 'string' },
  test: { type: 'string' },
  alternative: { type: 'string' },
  'word-limit': { type: 'string' },
  json: { type: 'boolean' },
  tsv: { type: 'boolean' },
  progress: { type: 'boolean' },
} as const;

/** correlate's statistics options: they mean nothing here, so they are refused rather than ignored. */
const CORRELATION_ONLY = ['correlations', 'groupings', 'bootstrap', 'resample', 'permutations', 'seed', 'level', 'correction', 'alpha', 'orientation', 'segments', 'no-agreement', 'aspect-combination', 'label'];

const list = (value: string | undefined): string[] | undefined => (value === undefined ? undefined : value.split(',').map((s) => s.trim()).filter((s) => s !== ''));

function threshold(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!(n > 0 && n <= 1)) bad(`--system-threshold ${value}: expected a share above 0 and at most 1 (e.g. 0.5).`);
  return n;
}

/** Parses `understudy fragments` arguments; a bad value is an UnderstudyError saying what is allowed. */
export function parseFragmentsArgs(argv: string[]): FragmentsCommand | 'help' {
  if (argv.includes('--help') || argv.includes('-h')) return 'help';
  const { own, rest } = splitOwnOptions(argv, OWN_OPTIONS);
  let parsed;
  try {
    parsed = parseArgs({ args: own, options: OWN_OPTIONS, strict: true });
  } catch (error) {
    return bad(`${(error as Error).message}. Run \`understudy fragments --help\` for the options.`);
  }
  const v = parsed.values;
  if (v.json && v.tsv) bad('Choose one of --json and --tsv.');
  const test = oneOf('test', v.test, ['student', 'welch'] as const);
  const options: FragmentOptions = {
    ...(v['fragment-when'] !== undefined && { fragmentWhen: oneOf('fragment-when', v['fragment-when'], ['unterminated', 'cut'] as const) }),
    ...(v['system-threshold'] !== undefined && { systemThreshold: threshold(v['system-threshold']) }),
    ...(test !== undefined && { equalVariance: test === 'student' }),
    ...(v.alternative !== undefined && { alternative: oneOf<Alternative>('alternative', v.alternative, ['two-sided', 'greater', 'less']) }),
    ...(v['word-limit'] !== undefined && { wordLimit: integer('word-limit', v['word-limit'], 1) }),
  };
  const output = v.json ? 'json' : v.tsv ? 'tsv' : 'text';
  const progress = v.progress ?? false;
  const tableFlags = (['human-columns', 'metric-columns', 'system-column', 'item-column', 'text-column'] as const).filter((f) => v[f] !== undefined);
  if (v.table !== undefined) {
    if (rest.length > 0) bad(`--table reads texts and scores from the table; ${rest.join(' ')} belongs to the judgments input (--human … --docs/--ref). Give one or the other.`);
    const human = list(v['human-columns']) ?? [];
    if (human.length === 0) bad('No human measure: name the table\'s human score columns with --human-columns COL[,COL].');
    const columns: FragmentTableColumns = {
      human,
      ...(v['metric-columns'] !== undefined && { metrics: list(v['metric-columns']) }),
      ...(v['system-column'] !== undefined && { system: v['system-column'] }),
      ...(v['item-column'] !== undefined && { item: v['item-column'] }),
      ...(v['text-column'] !== undefined && { text: v['text-column'] }),
    };
    return { input: { kind: 'table', path: v.table, columns }, options, output, progress };
  }
  if (tableFlags.length > 0) bad(`--${tableFlags[0]} is for --table input; with judgments, choose the human scores with --aspect and the metrics with --metrics.`);
  const refused = rest.find((a) => CORRELATION_ONLY.includes(a.startsWith('--') ? a.slice(2).split('=')[0] : ''));
  if (refused) bad(`${refused} is an option of \`understudy correlate\`, not of fragments.`);
  if (!rest.some((a) => a === '--human' || a.startsWith('--human='))) bad('Name the input: --human JUDGMENTS with --docs docs.jsonl or --ref REF HYP …, or --table TABLE --human-columns COL.');
  const correlate = parseCorrelateArgs(rest);
  if (correlate === 'help') return 'help';
  const unknown = (correlate.metrics ?? []).filter((m) => !METRIC_NAMES.includes(m));
  if (unknown.length > 0) bad(`--metrics ${unknown.join(',')}: unknown metric; any of ${METRIC_NAMES.join(', ')}.`);
  const aspects = correlate.human.combine?.aspects;
  return {
    input: { kind: 'judgments', correlate, metrics: correlate.metrics ?? FRAGMENT_DEFAULT_METRICS, ...(aspects && aspects.length > 0 && { aspects }) },
    options,
    output,
    progress,
  };
}

/** The input `runFragments` takes, read from disk as `understudy correlate` reads its files (warnings to `warn`). */
export function fragmentInputOf(command: FragmentsCommand, warn: (message: string) => void): FragmentInput {
  const input = command.input;
  if (input.kind === 'table') return { kind: 'table', table: readScoreTable(input.path), columns: input.columns };
  const sources = correlationSourcesOf(input.correlate, warn);
  return { kind: 'judgments', sources, metrics: input.metrics, settings: input.correlate.settings, ...(input.aspects && { aspects: input.aspects }) };
}

/** The text `understudy fragments` prints. */
export function fragmentsText(report: FragmentRunReport): string {
  const r = report.result;
  const outputs = r.systems.reduce((n, s) => n + s.complete + s.unterminated + s.cut, 0);
  const unterminated = r.systems.reduce((n, s) => n + s.unterminated, 0);
  const cut = r.systems.reduce((n, s) => n + s.cut, 0);
  const fragments = report.outputs.filter((o) => o.fragment).length;
  const lines = [
    `Truncated-sentence diagnostics: ${report.source} — ${r.systems.length} systems × ${report.items.length} items`,
    `${outputs} outputs: ${outputs - unterminated - cut} complete, ${unterminated} unterminated, ${cut} cut; ${fragments} fragments (${fmt((100 * fragments) / outputs, 1)}%); ` +
      `${r.systems.filter((s) => s.fragmentSystem).length} fragment systems`,
    '',
  ];
  for (const id of ['systems', 'output-level', 'within', 'system-level'] as const) lines.push(...fragmentTableText(fragmentTable(report, id)), '');
  lines.push(...fragmentTableText(fragmentTable(report, 'fragments'), 10), '');
  for (const l of report.leftOut) lines.push(`left out: ${l.system}: ${l.reason}`);
  for (const note of r.notes) lines.push(`note: ${note}`);
  lines.push('d = (complete − fragment) / pooled sd; a metric that misses what humans penalise has d near 0 where the human scores do not.');
  lines.push(`signature: ${r.signature}`, '');
  return lines.join('\n');
}

/** `understudy fragments --tsv`: every output not ending complete, scores unrounded. */
export function fragmentsTsv(report: FragmentRunReport): string {
  const header = ['system', 'item', 'verdict', 'fragment', 'reason', 'ending', ...report.measures.map((m) => m.name)];
  const clean = (s: string): string => s.replace(/[\t\r\n]+/g, ' ');
  const rows = report.outputs.map((o) => [o.system, o.item, o.verdict, o.fragment ? '1' : '0', o.reason, o.ending, ...o.scores.map((v) => (v === null ? '' : String(v)))].map(clean));
  return [header, ...rows].map((r) => r.join('\t')).join('\n') + '\n';
}

export function runFragmentsCommand(command: FragmentsCommand, io: CliOutput): number {
  const warn = (message: string): void => io.stderr(`understudy: warning: ${message}\n`);
  const input = fragmentInputOf(command, warn);
  const progress = command.progress ? progressReporter(io, 'scoring outputs') : undefined;
  let report: FragmentRunReport;
  try {
    report = runFragments(input, command.options, { onProgress: progress && ((_stage, done, total) => progress(done, total)) });
  } catch (error) {
    // What the analysis refuses is about the data (exit status 1); option errors were caught while parsing.
    if (error instanceof UnderstudyError && error.code === 'bad-option') throw new UnderstudyError('unreadable-file', error.message);
    throw error;
  }
  for (const warning of report.warnings) warn(warning);
  io.stdout(command.output === 'json' ? `${JSON.stringify(report, null, 2)}\n` : command.output === 'tsv' ? fragmentsTsv(report) : fragmentsText(report));
  return 0;
}
