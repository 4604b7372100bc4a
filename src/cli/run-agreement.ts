import { UnderstudyError } from '../core/errors';
import { TextIdentity } from '../core/meta/manual/identical-summaries';
import { ALPHA_LEVELS, AlphaLevel } from '../core/meta/manual/krippendorff-alpha';
import { manualAnalysis } from '../core/meta/manual/manual-analysis';
import { choice, EXPORT_OPTIONS, exportFormat, exportUsage, manualOutput, parseManualArgs, readManualFile, runManual } from './manual-cli';
import type { CliOutput } from './run-cli';

export const AGREEMENT_USAGE = `understudy agreement — Krippendorff's alpha for assessor consistency

Usage:
  understudy agreement DATA.csv|tsv [options]           reliability data: one row per unit with a column per coder (wide),
                                                         or unit,coder,value rows (long; chosen when those columns exist)
  understudy agreement --identical SUMMARIES.jsonl      identical summaries of a document judged separately (Owczarzak et al. 2012):
                                                         each group of copies is a unit, their scores its values

Options:
  --level nominal|ordinal|interval|ratio|all   the difference metric (default interval; all prints the four)
  --layout wide|long        override the layout guess
  --unit C --coder C --value C   column names (long layout; defaults unit, coder, value; wide: --unit, default the first column)
  --group C                 alpha separately for every value of column C (per assessor, per aspect…)
  --missing LIST            comma-separated cell values read as missing (default: empty, NA, N/A, nan, null, *, ., -)
  With --identical:
  --aspect A                a score field to compare (repeatable; default every numeric field)
  --document-field F  --system-field F  --text-field F  --assessor-field F   field names when they are not the usual ones
  --identity exact|whitespace|whitespace-case   when two summaries count as identical (default whitespace: spacing ignored)
${exportUsage(['alpha'])}                            (the JSON holds D_o, D_e, pairable units and values, the coincidence matrix)
`;

const OPTIONS = {
  level: { type: 'string' },
  layout: { type: 'string' },
  unit: { type: 'string' },
  coder: { type: 'string' },
  value: { type: 'string' },
  group: { type: 'string' },
  missing: { type: 'string' },
  identical: { type: 'string' },
  aspect: { type: 'string', multiple: true },
  'document-field': { type: 'string' },
  'system-field': { type: 'string' },
  'text-field': { type: 'string' },
  'assessor-field': { type: 'string' },
  identity: { type: 'string' },
  ...EXPORT_OPTIONS,
} as const;

function execute(argv: string[]): { output: string; warnings: readonly string[] } | 'help' {
  const { values: v, positionals } = parseManualArgs('agreement', argv, OPTIONS);
  if (v.help) return 'help';
  const format = exportFormat(v);
  const level = choice<AlphaLevel | 'all'>('level', v.level, [...ALPHA_LEVELS, 'all'], 'interval');
  if (v.identical !== undefined) {
    if (positionals.length > 0) throw new UnderstudyError('bad-option', '--identical reads one summaries file; give no other data file with it.');
    const identity = choice<TextIdentity>('identity', v.identity, ['exact', 'whitespace', 'whitespace-case'], 'whitespace');
    const options = {
      level,
      identity,
      aspects: v.aspect,
      documentField: v['document-field'],
      systemField: v['system-field'],
      textField: v['text-field'],
      assessorField: v['assessor-field'],
    };
    return manualOutput(manualAnalysis({ kind: 'agreement', file: readManualFile(v.identical), identical: true, options }), format, v.table);
  }
  if (positionals.length !== 1) throw new UnderstudyError('bad-option', 'Give one reliability data file (CSV or TSV), or --identical SUMMARIES.jsonl.');
  const layout = v.layout === undefined ? undefined : choice('layout', v.layout, ['wide', 'long'] as const, 'wide');
  const options = { level, layout, unit: v.unit, coder: v.coder, value: v.value, group: v.group, missing: v.missing?.split(',').map((s) => s.trim()) };
  return manualOutput(manualAnalysis({ kind: 'agreement', file: readManualFile(positionals[0]), identical: false, options }), format, v.table);
}

/** `understudy agreement …` */
export function runAgreement(argv: string[], io: CliOutput): number {
  return runManual(argv, io, AGREEMENT_USAGE, execute);
}
