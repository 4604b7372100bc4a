import { UnderstudyError } from '../core/errors';
import { readTextFile } from '../core/io/read-text';
import { relevanceReportToText } from '../core/meta/manual/format-manual';
import { readRelevanceJudgments } from '../core/meta/manual/relevance-file';
import { relevanceReport } from '../core/meta/manual/relevance-prediction';
import { relevanceTables } from '../core/meta/manual/manual-tables';
import { EXPORT_OPTIONS, exportFormat, exportUsage, jsonText, parseManualArgs, runManual, tsvOf } from './manual-cli';
import type { CliOutput } from './run-cli';

export const RELEVANCE_USAGE = `understudy relevance — Relevance-Prediction and LDC-Agreement of summaries as document surrogates

Usage:
  understudy relevance JUDGMENTS.csv|tsv [options]
    columns: subject, event, document, condition (a surrogate's name, or the full-text condition), judgment (rel|nonrel),
             and optionally gold (the LDC label), seconds, score (e.g. the surrogate's ROUGE-1)

Options:
  --full-text NAME    the condition in which the full document was judged (default DOC)
${exportUsage(['rates', 'confusion'])}                            (rates: RP and LDC-Agreement overall, per event and per subject)
`;

const OPTIONS = {
  'full-text': { type: 'string' },
  ...EXPORT_OPTIONS,
} as const;

function execute(argv: string[]): { output: string; warnings: readonly string[] } | 'help' {
  const { values: v, positionals } = parseManualArgs('relevance', argv, OPTIONS);
  if (v.help) return 'help';
  const format = exportFormat(v);
  if (positionals.length !== 1) throw new UnderstudyError('bad-option', 'Give one relevance judgment file (CSV or TSV).');
  const report = relevanceReport(readRelevanceJudgments(readTextFile(positionals[0]), positionals[0]), { fullText: v['full-text'] });
  const output = format === 'json' ? jsonText(report) : format === 'tsv' ? tsvOf(relevanceTables(report), v.table) : relevanceReportToText(report);
  return { output, warnings: report.warnings };
}

/** `understudy relevance …` */
export function runRelevance(argv: string[], io: CliOutput): number {
  return runManual(argv, io, RELEVANCE_USAGE, execute);
}
