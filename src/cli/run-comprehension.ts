import { UnderstudyError } from '../core/errors';
import { readTextFile } from '../core/io/read-text';
import { crossComprehensionReport, readComprehensionJudgments } from '../core/meta/manual/cross-comprehension';
import { comprehensionReportToText } from '../core/meta/manual/format-manual';
import { comprehensionTables } from '../core/meta/manual/manual-tables';
import { EXPORT_OPTIONS, exportFormat, exportUsage, jsonText, parseManualArgs, runManual, tsvOf } from './manual-cli';
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
  const report = crossComprehensionReport(readComprehensionJudgments(readTextFile(positionals[0]), positionals[0]));
  const output = format === 'json' ? jsonText(report) : format === 'tsv' ? tsvOf(comprehensionTables(report), v.table) : comprehensionReportToText(report);
  return { output, warnings: report.warnings };
}

/** `understudy comprehension …` */
export function runComprehension(argv: string[], io: CliOutput): number {
  return runManual(argv, io, COMPREHENSION_USAGE, execute);
}
