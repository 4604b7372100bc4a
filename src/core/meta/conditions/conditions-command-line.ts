import { metricSettingsFlags, shellQuote } from '../../compare/command-line';
import { MetricSettings } from '../../engine/metric-settings';
import { HumanScoreSpec } from '../judgments/human-judgments';
import { DataConditionSettings } from './condition-run';

/** What a data-condition run read, every path as the command line names it (workspace-relative in the editor). */
export interface ConditionsCommandInput {
  readonly human: HumanScoreSpec;
  readonly references: readonly string[];
  readonly systems: readonly string[];
  /** True when some system has an explicit name in the manifest (the conditions command matches by file name only). */
  readonly namedSystems?: boolean;
  readonly metrics: readonly string[];
  readonly metricSettings: MetricSettings;
  readonly options: DataConditionSettings;
}

/**
 * The `--human` table `understudy conditions` can read for this human score (one table file with a header, columns
 * `system`, optionally `item`, and one score column, nothing filtered or combined), and its score column; otherwise
 * why not. The conditions command reads only that shape (conditions-command.ts, `humanScoresFromTable`).
 */
export function conditionsHumanTable(human: HumanScoreSpec): { file: string; column: string } | { reason: string } {
  if (human.files.length !== 1) return { reason: `the human score combines ${human.files.length} judgment files` };
  const [spec] = human.files;
  const columns = spec.columns;
  if (spec.format !== 'table' || !columns) return { reason: `${spec.file} is read as ${spec.format && spec.format !== 'auto' ? spec.format : 'a recognised judgments format'}, not a system/item/score table` };
  const named = (key: string | number | undefined): key is string => typeof key === 'string';
  if (spec.header === false || columns.system !== 'system' || (columns.item !== undefined && columns.item !== 'item') || columns.judge !== undefined) {
    return { reason: `${spec.file}'s columns are not named system, item and a score column` };
  }
  if (columns.scores.length !== 1 || !named(columns.scores[0])) return { reason: `${spec.file} has ${columns.scores.length} score columns` };
  if (spec.where && Object.keys(spec.where).length > 0) return { reason: `${spec.file}'s rows are filtered` };
  if ((spec.itemBase ?? 1) !== 1) return { reason: `${spec.file}'s items are 0-based` };
  const combine = human.combine ?? {};
  if (combine.normalization === 'z-per-judge') return { reason: 'the judgments are normalised per judge' };
  if (combine.aspects && combine.aspects.some((a) => a !== columns.scores[0])) return { reason: 'the human score combines aspects' };
  return { file: spec.file, column: columns.scores[0] };
}

/**
 * The `understudy conditions` command line that prints the numbers of a data-condition run (every option that differs
 * from the command's defaults, and always the metrics, whose default there is rouge1,rouge2), with a note when it
 * cannot say exactly what the run read.
 */
export function conditionsCommandLine(input: ConditionsCommandInput): { commandLine: string; commandNote?: string } {
  const args = ['understudy', 'conditions'];
  const table = conditionsHumanTable(input.human);
  const notes: string[] = [];
  if ('file' in table) {
    args.push('--human', table.file);
    if (table.column !== 'score') args.push('--human-column', table.column);
  } else {
    for (const file of input.human.files) args.push('--human', file.file);
    notes.push(`understudy conditions reads one table with columns system, item and a score; here ${table.reason}. Write the human scores the panel used as such a table (one row per system and line) to run it.`);
  }
  if (input.namedSystems) notes.push('The manifest names some systems; the command matches the judgments to the files by their file names.');
  for (const reference of input.references) args.push('--ref', reference);
  args.push(...input.systems);
  args.push('--metrics', input.metrics.join(','), ...metricSettingsFlags(input.metricSettings));
  const o = input.options;
  if (o.axis !== 'references') args.push('--axis', o.axis);
  if (o.repetitions !== undefined && o.repetitions !== 1000) args.push('--repetitions', String(o.repetitions));
  if (o.seed !== undefined && o.seed !== 12345) args.push('--seed', String(o.seed));
  if (o.sizes !== undefined && o.sizes.length > 0) args.push('--sizes', o.sizes.join(','));
  if (o.correlation !== undefined && o.correlation !== 'pearson') args.push('--correlation', o.correlation);
  if (o.humanTarget === 'same-items') args.push('--human-target', 'same-items');
  if (o.bootstrap === false) args.push('--no-bootstrap');
  if (o.pairs === false) args.push('--no-pairs');
  if (o.pairwiseCorrection !== undefined && o.pairwiseCorrection !== 'bonferroni') args.push('--correction', o.pairwiseCorrection);
  if (o.alpha !== undefined && o.alpha !== 0.05) args.push('--alpha', String(o.alpha));
  if (o.pairAlpha !== undefined && o.pairAlpha !== 0.05) args.push('--pair-alpha', String(o.pairAlpha));
  const commandLine = args.map(shellQuote).join(' ');
  return notes.length > 0 ? { commandLine, commandNote: notes.join(' ') } : { commandLine };
}
