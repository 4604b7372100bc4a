import * as path from 'path';
import { UnderstudyError } from '../core/errors';
import { readTextFile } from '../core/io/read-text';
import { alphaRowsToText } from '../core/meta/manual/format-manual';
import { identicalSummaryAgreement, identicalSummaryGroups, TextIdentity } from '../core/meta/manual/identical-summaries';
import { ALPHA_LEVELS, AlphaLevel, krippendorffAlpha } from '../core/meta/manual/krippendorff-alpha';
import { readReliabilityTable } from '../core/meta/manual/reliability-table';
import { readScoredSummaries } from '../core/meta/manual/scored-summaries-file';
import { alphaTables } from '../core/meta/manual/manual-tables';
import { choice, EXPORT_OPTIONS, exportFormat, exportUsage, jsonText, parseManualArgs, runManual, tsvOf } from './manual-cli';
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
  const levels = level === 'all' ? ALPHA_LEVELS : [level];
  if (v.identical !== undefined) {
    if (positionals.length > 0) throw new UnderstudyError('bad-option', '--identical reads one summaries file; give no other data file with it.');
    const identity = choice<TextIdentity>('identity', v.identity, ['exact', 'whitespace', 'whitespace-case'], 'whitespace');
    const { summaries, aspects } = readScoredSummaries(readTextFile(v.identical), v.identical, {
      document: v['document-field'],
      system: v['system-field'],
      text: v['text-field'],
      assessor: v['assessor-field'],
      aspects: v.aspect,
    });
    const groups = identicalSummaryGroups(summaries, aspects, identity);
    const results = levels.flatMap((l) => identicalSummaryAgreement(groups, aspects, l));
    const warnings = groups.length === 0 ? [`${v.identical}: no two systems produced the same summary of a document, so there is nothing to compare.`] : [];
    const rows = results.map((r) => ({ label: `${r.aspect}${r.assessor !== undefined ? ` / ${r.assessor}` : ''} (${r.groups} groups)`, alpha: r.alpha }));
    const output =
      format === 'json'
        ? jsonText({ identity, summaries: summaries.length, groups, results })
        : format === 'tsv'
          ? tsvOf(alphaTables(rows), v.table)
          : `${groups.length} groups of identical summaries (${groups.reduce((s, g) => s + g.systems.length, 0)} summaries)\n${alphaRowsToText(rows)}`;
    return { output, warnings };
  }
  if (positionals.length !== 1) throw new UnderstudyError('bad-option', 'Give one reliability data file (CSV or TSV), or --identical SUMMARIES.jsonl.');
  const file = positionals[0];
  const layout = v.layout === undefined ? undefined : choice('layout', v.layout, ['wide', 'long'] as const, 'wide');
  const table = readReliabilityTable(readTextFile(file), file, {
    layout,
    unitColumn: v.unit,
    coderColumn: v.coder,
    valueColumn: v.value,
    groupColumn: v.group,
    missing: v.missing?.split(',').map((s) => s.trim()),
  });
  const usable = table.numeric ? levels : levels.filter((l) => l === 'nominal');
  const warnings = usable.length < levels.length ? [`${file}: the values are labels, not numbers, so only the nominal metric applies.`] : [];
  if (usable.length === 0) throw new UnderstudyError('bad-annotations', `${file}: the values are labels, not numbers; use --level nominal.`, { file });
  const results = table.groups.flatMap((g) => usable.map((l) => ({ group: g.group, units: g.units.length, coders: g.coders, alpha: krippendorffAlpha(g.data, l) })));
  const rows = results.map((r) => ({ label: `${r.group ?? path.basename(file)} (${r.units} units × ${r.coders.length} coders)`, alpha: r.alpha }));
  const output = format === 'json' ? jsonText({ layout: table.layout, results }) : format === 'tsv' ? tsvOf(alphaTables(rows), v.table) : alphaRowsToText(rows);
  return { output, warnings };
}

/** `understudy agreement …` */
export function runAgreement(argv: string[], io: CliOutput): number {
  return runManual(argv, io, AGREEMENT_USAGE, execute);
}
