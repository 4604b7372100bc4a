import * as fs from 'fs';
import { parseArgs } from 'util';
import { DEFAULT_METRIC_SETTINGS, referenceExpansionSettings } from '../core/engine/metric-settings';
import { UnderstudyError } from '../core/errors';
import { readSegmentFile } from '../core/io/read-segments';
import { buildParaphraseTable, LearnedAlignment, ParaphraseTable } from '../core/paraphrase/equivalence-sets';
import { expansionSummary } from '../core/paraphrase/reference-expansion';
import { formatPharaoh } from '../core/paraphrase/symmetrize';
import { AlignmentStatistics } from '../core/paraphrase/word-alignment';
import { parseExpansionSettings } from './parse-score-args';

export const PARAPHRASES_USAGE = `Usage:
  understudy paraphrases --source SRC --ref REF [--ref REF2 ...] [options]

Word-aligns the source with every reference (fast_align -d -o both ways, grow-diag-final-and) and prints the
equivalence sets that --expand-references paraphrase substitutes from (Owczarzak et al. 2006).
  --json                  the statistics and sets as JSON
  --alignments FILE       also write the symmetrised links, one line per source/reference pair (reference by
                          reference), in Pharaoh format (0-based source-target positions)
  --paraphrase-tokenize 13a|intl|zh|char|none  (intl)   --paraphrase-phrases minimal|all (minimal)
  --paraphrase-max-length N (3)   --paraphrase-min-prob P (0)   --paraphrase-exclude prepositions|closed-class|none
`;

const OPTIONS = {
  source: { type: 'string' },
  ref: { type: 'string', short: 'r', multiple: true },
  json: { type: 'boolean' },
  alignments: { type: 'string' },
  'paraphrase-tokenize': { type: 'string' },
  'paraphrase-phrases': { type: 'string' },
  'paraphrase-max-length': { type: 'string' },
  'paraphrase-min-prob': { type: 'string' },
  'paraphrase-exclude': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export interface ParaphrasesCommand {
  readonly source: string;
  readonly references: string[];
  readonly json: boolean;
  readonly alignments?: string;
  readonly settings: ReturnType<typeof parseExpansionSettings>;
}

export function parseParaphrasesArgs(argv: string[]): ParaphrasesCommand | 'help' {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: false, strict: true });
  } catch (error) {
    throw new UnderstudyError('bad-option', `${(error as Error).message}. Run \`understudy paraphrases --help\` for the options.`);
  }
  const v = parsed.values;
  if (v.help) return 'help';
  if (!v.source) throw new UnderstudyError('bad-option', 'No source given: the paraphrases are learned from the source text, name it with --source FILE.');
  if (!v.ref || v.ref.length === 0) throw new UnderstudyError('bad-option', 'No reference given: name one or more with --ref FILE.');
  return { source: v.source, references: v.ref, json: v.json ?? false, alignments: v.alignments, settings: parseExpansionSettings(v) };
}

function formatTable(table: ParaphraseTable, expansion: { mean: number; max: number }): string {
  const s = table.statistics;
  const a = s.alignment as AlignmentStatistics; // learned here, so aligned
  const percent = (x: number): string => `${(100 * x).toFixed(1)}%`;
  const lines = [
    `sentence pairs   ${a.sentences} (${a.sourceTokens} source, ${a.targetTokens} reference words)`,
    `links            ${a.links} (${a.linksPerWord.toFixed(3)} per word; unaligned: source ${percent(a.unalignedSourceShare)}, reference ${percent(a.unalignedTargetShare)})`,
    `diagonal tension ${a.forwardTension.toFixed(4)} (source→reference), ${a.reverseTension.toFixed(4)} (reference→source)`,
    `phrase pairs     ${s.phrasePairs}; source expressions with 2+ translations ${s.ambiguousSources}`,
    `sets             ${s.sets} holding ${s.expressions} expressions (${s.meanSetSize.toFixed(2)} per set)`,
    `expansion        ${expansion.mean.toFixed(1)} new references per segment on average, up to ${expansion.max} (--paraphrase-occurrences each)`,
    `time             ${s.seconds.toFixed(2)} s (alignment ${a.seconds.toFixed(2)} s)`,
    `signature        ${table.signature()}`,
    '',
  ];
  for (const set of table.sets) {
    lines.push(`#${set.id}\t${set.source}\t→ ${set.members.map((m) => `${m.expression} (${m.count}, ${m.probability.toFixed(2)})`).join(' | ')}`);
  }
  return lines.join('\n') + '\n';
}

/** Runs `understudy paraphrases`; returns the text to print. */
export function runParaphrases(command: ParaphrasesCommand): string {
  const source = readSegmentFile(command.source).segments;
  const references = command.references.map((file) => readSegmentFile(file).segments);
  const table = buildParaphraseTable(source, references, referenceExpansionSettings({ ...DEFAULT_METRIC_SETTINGS, ...command.settings }).paraphrase);
  if (command.alignments) {
    try {
      // 'wx': never write over an existing file.
      fs.writeFileSync(command.alignments, (table.alignment as LearnedAlignment).links.map((links) => formatPharaoh(links)).join('\n') + '\n', { flag: 'wx' });
    } catch (error) {
      const exists = (error as NodeJS.ErrnoException).code === 'EEXIST';
      throw new UnderstudyError('unreadable-file', exists ? `${command.alignments} already exists; give --alignments a new file name (nothing was written).` : `Cannot write ${command.alignments}: ${(error as Error).message}.`, { file: command.alignments });
    }
  }
  if (command.json) {
    return JSON.stringify({ statistics: table.statistics, expansion: expansionSummary(references, table), signature: table.signature(), sets: table.sets }, null, 1) + '\n';
  }
  return formatTable(table, expansionSummary(references, table));
}
