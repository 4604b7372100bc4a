import { UnderstudyError } from '../core/errors';
import { DEFAULT_NUGGET_OPTIONS, manualAnalysis } from '../core/meta/manual/manual-analysis';
import { EXPORT_OPTIONS, exportFormat, exportUsage, manualOutput, parseManualArgs, positiveNumber, readManualFile, runManual } from './manual-cli';
import type { CliOutput } from './run-cli';

export const NUGGETS_USAGE = `understudy nuggets — nugget precision, recall and F(beta) of TREC definition questions

Usage:
  understudy nuggets --key KEY.tsv --responses RESPONSES.tsv [options]
    KEY: question, nugget, importance (vital|okay), [text]
    RESPONSES: question, run, nuggets (ids the assessor found, comma-separated), text (the answer string); one row per answer string

Options:
  --beta B            F(beta) (default 3, TREC 2004; TREC 2003 used 5)
  --allowance N       characters allowed per returned vital or okay nugget (default 100)
  --per-question      also print every run's score on every question
${exportUsage(['runs', 'questions'])}`;

const OPTIONS = {
  key: { type: 'string' },
  responses: { type: 'string' },
  beta: { type: 'string' },
  allowance: { type: 'string' },
  'per-question': { type: 'boolean' },
  ...EXPORT_OPTIONS,
} as const;

function execute(argv: string[]): { output: string; warnings: readonly string[] } | 'help' {
  const { values: v, positionals } = parseManualArgs('nuggets', argv, OPTIONS);
  if (v.help) return 'help';
  const format = exportFormat(v);
  if (v.key === undefined || v.responses === undefined) throw new UnderstudyError('bad-option', 'Give the answer key with --key and the judged responses with --responses.');
  if (positionals.length > 0) throw new UnderstudyError('bad-option', `Unexpected argument ${positionals[0]}: the files are named with --key and --responses.`);
  const options = {
    beta: positiveNumber('beta', v.beta, DEFAULT_NUGGET_OPTIONS.beta),
    allowance: positiveNumber('allowance', v.allowance, DEFAULT_NUGGET_OPTIONS.allowance),
    perQuestion: v['per-question'] ?? false,
  };
  return manualOutput(manualAnalysis({ kind: 'nuggets', key: readManualFile(v.key), responses: readManualFile(v.responses), options }), format, v.table);
}

/** `understudy nuggets …` */
export function runNuggets(argv: string[], io: CliOutput): number {
  return runManual(argv, io, NUGGETS_USAGE, execute);
}
