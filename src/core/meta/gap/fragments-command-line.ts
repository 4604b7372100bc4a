import { shellQuote } from '../../compare/command-line';
import { MetricSettings } from '../../engine/metric-settings';
import { correlateCommandLine } from '../correlate-command-line';
import { HumanScoreSpec } from '../judgments/human-judgments';
import type { FragmentOptions } from './fragment-effect';
import type { FragmentTableColumns } from './fragment-run';

/** What a fragment run read, every path as the command line names it (workspace-relative in the editor). */
export type FragmentsCommandInput =
  | {
      readonly kind: 'judgments';
      readonly human: HumanScoreSpec;
      readonly references: readonly string[];
      readonly systems: readonly string[];
      readonly names?: readonly string[];
      readonly docs?: string;
      readonly metrics: readonly string[];
      readonly metricSettings: MetricSettings;
    }
  | { readonly kind: 'table'; readonly table: string; readonly columns: FragmentTableColumns };

/** The flags of the options that differ from `understudy fragments`'s defaults. */
export function fragmentOptionFlags(options: FragmentOptions): string[] {
  const args: string[] = [];
  if (options.fragmentWhen === 'cut') args.push('--fragment-when', 'cut');
  if (options.systemThreshold !== undefined && options.systemThreshold !== 0.5) args.push('--system-threshold', String(options.systemThreshold));
  if (options.equalVariance === false) args.push('--test', 'welch');
  if (options.alternative !== undefined && options.alternative !== 'two-sided') args.push('--alternative', options.alternative);
  if (options.wordLimit !== undefined) args.push('--word-limit', String(options.wordLimit));
  return args;
}

/**
 * The `understudy fragments` command line that prints the numbers of a run: the input as `understudy correlate` names
 * it (the human score's label and aspect combination dropped: every aspect is its own measure here) or the table with
 * its columns, then the options that differ from the defaults.
 */
export function fragmentsCommandLine(input: FragmentsCommandInput, options: FragmentOptions): string {
  let args: string[];
  if (input.kind === 'table') {
    const c = input.columns;
    args = ['understudy', 'fragments', '--table', input.table, '--human-columns', c.human.join(',')];
    if (c.metrics !== undefined) args.push('--metric-columns', c.metrics.join(','));
    if (c.system !== undefined) args.push('--system-column', c.system);
    if (c.item !== undefined) args.push('--item-column', c.item);
    if (c.text !== undefined) args.push('--text-column', c.text);
    return [...args, ...fragmentOptionFlags(options)].map(shellQuote).join(' ');
  }
  const { label: _label, combine, ...human } = input.human;
  const { aspectCombination: _combination, ...reading } = combine ?? {};
  const correlate = correlateCommandLine({
    human: { ...human, combine: reading },
    references: input.references,
    systems: input.systems,
    names: input.names,
    docs: input.docs,
    metrics: input.metrics,
    metricSettings: input.metricSettings,
    options: {},
  });
  return `${correlate.replace(/^understudy correlate/, 'understudy fragments')}${[...fragmentOptionFlags(options)].map((a) => ` ${shellQuote(a)}`).join('')}`;
}
