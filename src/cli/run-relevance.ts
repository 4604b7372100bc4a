import { UnderstudyError } from '../core/errors';
import { manualAnalysis } from '../core/meta/manual/manual-analysis';
import { EXPORT_OPTIONS, exportFormat, exportUsage, manualOutput, parseManualArgs, readManualFile, runManual } from './manual-cli';
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
  return manualOutput(manualAnalysis({ kind: 'relevance', file: readManualFile(positionals[0]), options: { fullText: v['full-text'] } }), format, v.table);
}

/** `understudy relevance …` */
export function runRelevance(argv: string[], io: CliOutput): number {
  return runManual(argv, io, RELEVANCE_USAGE, execute);
}
