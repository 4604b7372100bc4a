import { parseArgs } from 'util';
import { MetricSettings } from '../core/engine/metric-settings';
import { UnderstudyError } from '../core/errors';
import { MetaEvaluationOptions, ResampleUnit, SegmentGrouping } from '../core/meta/correlation-report';
import { HumanJudgmentsFile, HumanScoreSpec, JUDGMENT_FORMATS, JudgmentFormat } from '../core/meta/judgments/human-judgments';
import { parseColumnsOption } from '../core/meta/judgments/table-judgments';
import { CORRELATION_NAMES, CorrelationName } from '../core/meta/stats/correlation-functions';
import { METRIC_SETTING_OPTIONS, metricSettingsFrom, numberOption, oneOf } from './parse-score-args';

export interface CorrelateCommand {
  readonly references: string[];
  readonly hypotheses: string[];
  /** Names of the hypothesis files as the judgments call them, in order (optional). */
  readonly names?: string[];
  /** Explicit --metrics, or undefined for the default (MT: bleu,chrf,ter; summaries: rouge1,rouge2,rougeL). */
  readonly metrics?: string[];
  readonly settings: MetricSettings;
  readonly format: 'auto' | 'lines' | 'jsonl';
  readonly jsonlField?: string;
  readonly human: HumanScoreSpec;
  /** SummEval/REALSumm docs.jsonl: references (and documents) for the summaries inside the judgments file. */
  readonly docs?: string;
  readonly docReferences: 'refs11' | 'ref';
  readonly options: MetaEvaluationOptions;
  readonly output: 'text' | 'json';
}

const OPTIONS = {
  human: { type: 'string', multiple: true },
  'human-format': { type: 'string' },
  lp: { type: 'string' },
  aspect: { type: 'string' },
  'aspect-combination': { type: 'string' },
  normalize: { type: 'string' },
  columns: { type: 'string' },
  delimiter: { type: 'string' },
  'no-header': { type: 'boolean' },
  'item-base': { type: 'string' },
  where: { type: 'string', multiple: true },
  exclude: { type: 'string' },
  'keep-human': { type: 'boolean' },
  label: { type: 'string' },
  names: { type: 'string' },
  docs: { type: 'string' },
  'doc-references': { type: 'string' },
  ref: { type: 'string', short: 'r', multiple: true },
  metrics: { type: 'string', short: 'm' },
  format: { type: 'string' },
  'jsonl-field': { type: 'string' },
  correlations: { type: 'string' },
  groupings: { type: 'string' },
  bootstrap: { type: 'string' },
  resample: { type: 'string' },
  permutations: { type: 'string' },
  seed: { type: 'string' },
  level: { type: 'string' },
  correction: { type: 'string' },
  alpha: { type: 'string' },
  orientation: { type: 'string' },
  segments: { type: 'boolean' },
  'no-agreement': { type: 'boolean' },
  json: { type: 'boolean' },
  ...METRIC_SETTING_OPTIONS,
  help: { type: 'boolean', short: 'h' },
} as const;

function list(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  return value.split(',').map((v) => v.trim()).filter((v) => v.length > 0);
}

function listOf<T extends string>(flag: string, value: string | undefined, allowed: readonly T[]): T[] | undefined {
  const items = list(value);
  if (!items) return undefined;
  for (const item of items) {
    if (!(allowed as readonly string[]).includes(item)) throw new UnderstudyError('bad-option', `--${flag} ${item}: expected any of ${allowed.join(', ')}.`);
  }
  return items as T[];
}

const DELIMITERS: Record<string, HumanJudgmentsFile['delimiter']> = { ',': ',', comma: ',', tab: '\t', '\t': '\t', ';': ';', '|': '|', whitespace: 'whitespace', space: 'whitespace' };

/** Parses `understudy correlate` arguments; an invalid value is an UnderstudyError saying what is allowed. */
export function parseCorrelateArgs(argv: string[]): CorrelateCommand | 'help' {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UnderstudyError('bad-option', `${(error as Error).message}. Run \`understudy correlate --help\` for the options.`);
  }
  const v = parsed.values;
  if (v.help) return 'help';
  const humanFiles = v.human ?? [];
  if (humanFiles.length === 0) throw new UnderstudyError('bad-option', 'No human judgments given: name the judgments file(s) with --human FILE.');
  const format = oneOf<JudgmentFormat | 'auto'>('human-format', v['human-format'], ['auto', ...JUDGMENT_FORMATS], 'auto');
  const delimiter = v.delimiter === undefined ? undefined : DELIMITERS[v.delimiter];
  if (v.delimiter !== undefined && delimiter === undefined) throw new UnderstudyError('bad-option', `--delimiter ${v.delimiter}: expected one of , tab ; | whitespace.`);
  const where: Record<string, string> = {};
  for (const condition of v.where ?? []) {
    const eq = condition.indexOf('=');
    if (eq <= 0) throw new UnderstudyError('bad-option', `--where ${condition}: expected COLUMN=VALUE.`);
    where[condition.slice(0, eq)] = condition.slice(eq + 1);
  }
  const itemBase = v['item-base'] === undefined ? undefined : oneOf('item-base', v['item-base'], ['0', '1'] as const, '1') === '0' ? 0 : 1;
  const exclude = v['keep-human'] ? [] : list(v.exclude);
  const files: HumanJudgmentsFile[] = humanFiles.map((file) => ({
    file,
    format,
    languagePair: v.lp,
    columns: v.columns === undefined ? undefined : parseColumnsOption(v.columns),
    delimiter,
    header: v['no-header'] ? false : undefined,
    where: Object.keys(where).length > 0 ? where : undefined,
    itemBase,
    exclude,
  }));
  const human: HumanScoreSpec = {
    label: v.label,
    files,
    combine: {
      aspects: list(v.aspect),
      aspectCombination: oneOf('aspect-combination', v['aspect-combination'], ['mean', 'sum'] as const, 'mean'),
      normalization: oneOf('normalize', v.normalize, ['raw', 'z-per-judge'] as const, 'raw'),
    },
  };
  const whole = (flag: string, value: string | undefined, fallback: number): number =>
    numberOption(flag, value, fallback, (n) => Number.isInteger(n) && n >= 0) as number;
  const options: MetaEvaluationOptions = {
    correlations: listOf<CorrelationName>('correlations', v.correlations, CORRELATION_NAMES),
    groupings: listOf<SegmentGrouping>('groupings', v.groupings, ['pooled', 'by-system', 'by-item']),
    bootstrapSamples: whole('bootstrap', v.bootstrap, 1000),
    resample: oneOf<ResampleUnit>('resample', v.resample, ['items', 'systems', 'both'], 'items'),
    permutationSamples: whole('permutations', v.permutations, 1000),
    seed: whole('seed', v.seed, 12345),
    level: numberOption('level', v.level, 0.95, (n) => n > 0 && n < 1),
    correction: oneOf('correction', v.correction, ['holm', 'bonferroni', 'none'] as const, 'holm'),
    alpha: numberOption('alpha', v.alpha, 0.05, (n) => n > 0 && n < 1),
    orientation: oneOf('orientation', v.orientation, ['higher-is-better', 'raw'] as const, 'higher-is-better'),
    includeSegments: v.segments ?? false,
    pairwiseAgreement: !(v['no-agreement'] ?? false),
  };
  const names = list(v.names);
  if (names && names.length !== parsed.positionals.length) {
    throw new UnderstudyError('bad-option', `--names gives ${names.length} names for ${parsed.positionals.length} hypothesis files: give one per file, in order.`);
  }
  if (parsed.positionals.length > 0 && (v.ref ?? []).length === 0) {
    throw new UnderstudyError('bad-option', 'No reference given: name one or more with --ref FILE.');
  }
  return {
    references: v.ref ?? [],
    hypotheses: parsed.positionals,
    names,
    metrics: list(v.metrics),
    settings: metricSettingsFrom(v),
    format: oneOf('format', v.format, ['auto', 'lines', 'jsonl'] as const, 'auto'),
    jsonlField: v['jsonl-field'],
    human,
    docs: v.docs,
    docReferences: oneOf('doc-references', v['doc-references'], ['refs11', 'ref'] as const, 'refs11'),
    options,
    output: v.json ? 'json' : 'text',
  };
}
