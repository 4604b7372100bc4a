import { gapOfTable, parseGapArgs } from '../../cli/gap-command';
import type { ScoreTable } from '../../cli/score-table';
import { UnderstudyError } from '../../core/errors';
import { HumanSystemGapResult } from '../../core/meta/gap/human-system-gap';
import { gapArgs, GapRunOptions } from '../../core/meta/rose/rose-command-line';

/**
 * The gap of a table with `options`, exactly as `understudy gap` computes it: the CLI's argument parser and table
 * reader on the same arguments the panel's command line shows. Warnings are those the CLI prints.
 */
export function computeGap(source: { readonly path: string; readonly table: ScoreTable }, options: GapRunOptions): { result: HumanSystemGapResult; warnings: string[] } {
  const command = parseGapArgs(gapArgs(source.path, options));
  if (command === 'help') throw new UnderstudyError('bad-option', 'gap options were not understood');
  const warnings: string[] = [];
  const result = gapOfTable(source.table, command, (message) => warnings.push(message));
  return { result, warnings };
}

