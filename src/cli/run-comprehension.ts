import { UnderstudyError } from '../core/errors';
import { manualAnalysis } from '../core/meta/manual/manual-analysis';
import { EXPORT_OPTIONS, exportFormat, exportUsage, manualOutput, parseManualArgs, readManualFile, runManual } from './manual-cli';
import type { CliOutput } from './run-cli';

export const COMPREHENSION_USAGE = `understudy comprehension — the cross comprehension test (summary and questionnaire relevance)

Usage:
  understudy comprehension JUDGMENTS.csv|tsv [options]
    columns: summarizer (the summary's author or system), questioner (the question's author), question (id or text),
             label (R relevant | P partially relevant | I irrelevant | N not found), and optionally document

Options:
${exportUsage(['summarizers', 'questioners', 'grid'])}`;

const OPTIONS = { ...EXPORT_OPTIONS } as const;

function execute(argv: string[]): { output: string; warnings: readonly string[] } | 'help' {
  const { values: v, positionals } = parseManualArgs('comprehension', argv, OPTIONS);
  if (v.help) return 'help';
  const format = exportFormat(v);
  if (positionals.length !== 1) throw new UnderstudyError('bad-option', 'Give one judgment file (CSV or TSV).');
  return manualOutput(manualAnalysis({ kind: 'comprehension', file: readManualFile(positionals[0]) }), format, v.table);
}

/** `understudy comprehension …` */
export function runComprehension(argv: string[], io: CliOutput): number {
  return runManual(argv, io, COMPREHENSION_USAGE, execute);
}
