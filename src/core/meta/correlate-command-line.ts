import { metricSettingsFlags, shellQuote } from '../compare/command-line';
import { MetricSettings } from '../engine/metric-settings';
import { MetaEvaluationOptions } from './correlation-report';
import { HumanJudgmentsFile, HumanScoreSpec, TableColumns } from './judgments/human-judgments';
import { resolveSettings } from './meta-evaluation';

/** What a meta-evaluation ran on, with every path as the command line should name it (workspace-relative in the editor). */
export interface CorrelateCommandInput {
  readonly human: HumanScoreSpec;
  readonly references: readonly string[];
  readonly systems: readonly string[];
  /** The judgments' names of the systems, in order, when given (`--names`). */
  readonly names?: readonly string[];
  /** SummEval/REALSumm docs.jsonl when the systems come from the judgments file. */
  readonly docs?: string;
  readonly docReferences?: 'refs11' | 'ref';
  readonly metrics: readonly string[];
  readonly metricSettings: MetricSettings;
  readonly options: MetaEvaluationOptions;
}

const DELIMITER_FLAGS: Readonly<Record<NonNullable<HumanJudgmentsFile['delimiter']>, string>> = { ',': ',', '\t': 'tab', ';': ';', '|': '|', whitespace: 'whitespace' };

function columnsFlag(columns: TableColumns): string {
  const parts = [`system=${columns.system}`];
  if (columns.item !== undefined) parts.push(`item=${columns.item}`);
  if (columns.judge !== undefined) parts.push(`judge=${columns.judge}`);
  for (const score of columns.scores) parts.push(`score=${score}`);
  return parts.join(',');
}

/** The per-file reading options (everything but the path), as one comparable string. */
function fileOptions(file: HumanJudgmentsFile): string {
  const { file: _path, ...options } = file;
  return JSON.stringify(options, Object.keys(options).sort());
}

/**
 * Why the command line cannot say exactly how the judgments were read, or undefined when it can: `understudy
 * correlate` applies one set of reading options (format, language pair, columns …) to every `--human` file, while an
 * `understudy.json` entry may give each file its own.
 */
export function commandLineLimitation(human: HumanScoreSpec): string | undefined {
  const [first, ...rest] = human.files;
  if (!first || rest.every((f) => fileOptions(f) === fileOptions(first))) return undefined;
  return 'The judgment files are read with different options; the command line gives every --human file those of the first, so run each file’s options separately to check them.';
}

/**
 * The `understudy correlate` command line that reproduces a meta-evaluation: the judgments and how they are read and
 * combined, the references and systems, the metrics with their settings, and every statistics option that differs
 * from the CLI's default (so the same report comes out, signature included).
 */
export function correlateCommandLine(input: CorrelateCommandInput): string {
  const args = ['understudy', 'correlate'];
  const { human } = input;
  for (const file of human.files) args.push('--human', file.file);
  const first = human.files[0];
  if (first) {
    if (first.format !== undefined && first.format !== 'auto') args.push('--human-format', first.format);
    if (first.languagePair !== undefined) args.push('--lp', first.languagePair);
    if (first.columns !== undefined) args.push('--columns', columnsFlag(first.columns));
    if (first.delimiter !== undefined) args.push('--delimiter', DELIMITER_FLAGS[first.delimiter]);
    if (first.header === false) args.push('--no-header');
    if (first.itemBase !== undefined) args.push('--item-base', String(first.itemBase));
    for (const [column, value] of Object.entries(first.where ?? {})) args.push('--where', `${column}=${value}`);
    if (first.exclude !== undefined) {
      if (first.exclude.length === 0) args.push('--keep-human');
      else args.push('--exclude', first.exclude.join(','));
    }
  }
  if (human.label !== undefined) args.push('--label', human.label);
  const combine = human.combine ?? {};
  if (combine.aspects && combine.aspects.length > 0) args.push('--aspect', combine.aspects.join(','));
  if (combine.aspectCombination === 'sum') args.push('--aspect-combination', 'sum');
  if (combine.normalization === 'z-per-judge') args.push('--normalize', 'z-per-judge');
  if (input.docs !== undefined) args.push('--docs', input.docs);
  if (input.docReferences === 'ref') args.push('--doc-references', 'ref');
  for (const reference of input.references) args.push('--ref', reference);
  args.push(...input.systems);
  if (input.names && input.names.length > 0) args.push('--names', input.names.join(','));
  args.push('--metrics', input.metrics.join(','), ...metricSettingsFlags(input.metricSettings));
  args.push(...statisticsFlags(input.options));
  return args.map(shellQuote).join(' ');
}

/** The `correlate` statistics flags of options that differ from the defaults (parse-correlate-args.ts reads them back). */
export function statisticsFlags(options: MetaEvaluationOptions): string[] {
  const chosen = resolveSettings(options);
  const defaults = resolveSettings({});
  const args: string[] = [];
  const sameList = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);
  if (!sameList(chosen.correlations, defaults.correlations)) args.push('--correlations', chosen.correlations.join(','));
  if (!sameList(chosen.groupings, defaults.groupings)) args.push('--groupings', chosen.groupings.join(','));
  const bootstrapSamples = chosen.bootstrap?.samples ?? 0;
  if (bootstrapSamples !== defaults.bootstrap?.samples) args.push('--bootstrap', String(bootstrapSamples));
  if (chosen.bootstrap && chosen.bootstrap.resample !== defaults.bootstrap?.resample) args.push('--resample', chosen.bootstrap.resample);
  const permutationSamples = chosen.permutation?.samples ?? 0;
  if (permutationSamples !== defaults.permutation?.samples) args.push('--permutations', String(permutationSamples));
  const seed = options.seed ?? defaults.bootstrap?.seed;
  if (seed !== defaults.bootstrap?.seed && (chosen.bootstrap || chosen.permutation)) args.push('--seed', String(seed));
  if (chosen.level !== defaults.level) args.push('--level', String(chosen.level));
  if (chosen.correction !== defaults.correction) args.push('--correction', chosen.correction);
  if (chosen.alpha !== defaults.alpha) args.push('--alpha', String(chosen.alpha));
  if (chosen.orientation !== defaults.orientation) args.push('--orientation', chosen.orientation);
  if (!chosen.pairwiseAgreement) args.push('--no-agreement');
  return args;
}
