import * as path from 'path';
import { parseArgs } from 'util';
import { UnderstudyError } from '../core/errors';
import { createParser } from '../core/io/parser-model-file';
import { readSegmentFile } from '../core/io/read-segments';
import { findConlluParses } from '../core/io/user-parses';
import { formatConllu } from '../core/syntax/conllu';
import { conlluSentencesOfLine } from '../core/syntax/parser';
import { formatDependencyTree } from '../core/syntax/tree-text';

export const PARSE_USAGE = `Usage:
  understudy parse FILE [--conllu] [--model MODEL]
  understudy parse FILE --check PARSES

Parses every line of FILE with the built-in English parser (UD English EWT model) and prints each line's
dependency tree, or CoNLL-U with --conllu (sent_id = line number; N.1, N.2 … when a line holds several sentences).
  --conllu          CoNLL-U (UD v2), ready for other tools or to put next to FILE as FILE.conllu
  --model MODEL     another model file trained by scripts/train-parser
  --check PARSES    check that a CoNLL-U file of your own parses matches FILE line by line (exit 1 if not)
`;

interface ParseOutput {
  stdout(text: string): void;
  stderr(text: string): void;
}

/** `understudy parse …`; returns the exit status (0 done, 1 input problem, 2 bad command line). */
export function runParse(argv: string[], io: ParseOutput): number {
  let values: { conllu?: boolean; model?: string; check?: string; help?: boolean };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: argv,
      options: { conllu: { type: 'boolean' }, model: { type: 'string' }, check: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
    }));
  } catch (error) {
    io.stderr(`understudy parse: ${(error as Error).message}\n${PARSE_USAGE}`);
    return 2;
  }
  if (values.help) {
    io.stdout(PARSE_USAGE);
    return 0;
  }
  if (positionals.length !== 1) {
    io.stderr(`understudy parse: give one text file (got ${positionals.length}).\n${PARSE_USAGE}`);
    return 2;
  }
  const [file] = positionals;
  try {
    const input = readSegmentFile(file, { format: 'lines' });
    // Empty lines are simply left out of the parses (CoNLL-U sentence ids keep the line numbers).
    for (const warning of input.warnings) if (warning.code !== 'empty-lines') io.stderr(`understudy: warning: ${warning.message}\n`);
    if (values.check !== undefined) return checkParses(file, input.segments, values.check, io);
    const parser = createParser(values.model);
    input.segments.forEach((line, index) => {
      if (line.trim() === '') return;
      const parsed = parser.parseLine(line);
      if (values.conllu) io.stdout(formatConllu(conlluSentencesOfLine(parsed, index + 1)));
      else io.stdout(`# line ${index + 1}: ${line}\n${formatDependencyTree(parsed.sentence)}\n\n`);
    });
    return 0;
  } catch (error) {
    if (error instanceof UnderstudyError) {
      io.stderr(`understudy: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

function checkParses(file: string, lines: readonly string[], parses: string, io: ParseOutput): number {
  // An absolute or ./-relative path as given on the command line, not a template relative to FILE.
  const found = findConlluParses(file, lines, path.resolve(parses));
  if (!found) {
    io.stderr(`understudy: ${parses} does not exist.\n`);
    return 1;
  }
  const { alignment } = found;
  const nonEmpty = lines.filter((l) => l.trim() !== '').length;
  const matched = alignment.parses.filter((p) => p !== undefined).length;
  for (const mismatch of alignment.mismatches) io.stderr(`${parses}: ${mismatch.message}\n`);
  if (alignment.extraSentences > 0) io.stderr(`${parses}: ${alignment.extraSentences} sentences left over after the last line of ${file}\n`);
  io.stdout(`${matched} of ${nonEmpty} non-empty lines of ${file} match their parses in ${parses}\n`);
  return alignment.mismatches.length === 0 && alignment.extraSentences === 0 ? 0 : 1;
}
