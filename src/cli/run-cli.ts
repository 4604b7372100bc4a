import { scoreSystems } from '../core/engine/score-systems';
import { metricRequest, METRIC_NAMES } from '../core/engine/metric-registry';
import { readSegmentFile } from '../core/io/read-segments';
import { readSyntaxResources } from '../core/io/read-parses';
import { UNDERSTUDY_VERSION } from '../core/version';
import { reportToJson, reportToText, reportToTsv } from '../core/report/format-report';
import { parseScoreArgs } from './parse-score-args';
import { runCompare } from './compare-command';
import { readExpansionResources } from '../core/io/read-expansion-resources';
import { PARAPHRASES_USAGE, parseParaphrasesArgs, runParaphrases } from './paraphrases-command';
import { CliOutput, runCommand } from './cli-command';
import { METRIC_OPTIONS_HELP } from './metric-options-help';
import { runCorrelate } from './run-correlate';
import { runParse } from './run-parse';
import { MANUAL_COMMANDS, MANUAL_COMMANDS_USAGE } from './manual-commands';
import { META_COMMANDS, META_COMMANDS_USAGE, runMetaCommand } from './meta-commands';

const USAGE = `understudy ${UNDERSTUDY_VERSION} — MT and summarization metrics, exact to the reference tools

Usage:
  understudy score --ref REF [--ref REF2 ...] HYP [HYP2 ...] [options]
  understudy compare --ref REF [--ref REF2 ...] A B [C ...] [options]   (significance; \`understudy compare --help\`)
  understudy paraphrases --source SRC --ref REF [...]   the equivalence sets behind --expand-references
  understudy correlate --human JUDGMENTS [--ref REF HYP ...] [options]   (correlations with human judgments;
                                                                        \`understudy correlate --help\`)
  understudy parse FILE [--conllu]     dependency parses of FILE's lines (understudy parse --help)
${MANUAL_COMMANDS_USAGE}
${META_COMMANDS_USAGE}
Output:
  --metrics LIST          comma-separated, default bleu,chrf,ter; any of:
                          ${METRIC_NAMES.join(', ')}
  --sentence              also print every segment's sentence-level score
  --json | --tsv          machine-readable output (the JSON shape is documented in the README)
Input:
  --format auto|lines|jsonl   auto: *.jsonl/*.ndjson are JSON Lines, everything else one segment per line
  --jsonl-field NAME          the text field of JSONL records (default: first of hypothesis, hyp, translation, summary, reference, ref, text, …)
${METRIC_OPTIONS_HELP}Parses for the syntactic metrics (score only):
  --hyp-conllu FILE       dependency parses (CoNLL-U, e.g. from spaCy, Stanza, UDPipe) of each system file, in order
  --ref-conllu FILE       … of each --ref, in order
  --hyp-ptb FILE  --ref-ptb FILE   Penn Treebank trees for stm, one bracketed tree per line
  understudy paraphrases --help   prints the equivalence sets and alignment statistics

Exit status: 0 scored, 1 the input cannot be scored (message says why), 2 bad command line.
`;

export type { CliOutput } from './cli-command';

const PROCESS_OUTPUT: CliOutput = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};

/** Runs `understudy ARGV…` and returns the exit status (0 scored, 1 input cannot be scored, 2 bad command line). */
export function runCli(argv: string[], io: CliOutput = PROCESS_OUTPUT): number {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    io.stdout(USAGE);
    return command === undefined ? 2 : 0;
  }
  if (command === '--version' || command === '-V') {
    io.stdout(`${UNDERSTUDY_VERSION}\n`);
    return 0;
  }
  if (command === 'compare') return runCompare(rest, io);
  if (command === 'paraphrases') {
    return runCommand(rest, io, parseParaphrasesArgs, PARAPHRASES_USAGE, (options) => {
      io.stdout(runParaphrases(options));
      return 0;
    });
  }
  if (command === 'correlate') return runCorrelate(rest, io);
  if (command === 'parse') return runParse(rest, io);
  const manual = Object.hasOwn(MANUAL_COMMANDS, command) ? MANUAL_COMMANDS[command] : undefined;
  if (manual) return manual(rest, io);
  if (Object.hasOwn(META_COMMANDS, command)) return runMetaCommand(command, rest, io);
  if (command !== 'score') {
    io.stderr(`understudy: unknown command "${command}". Try \`understudy --help\`.\n`);
    return 2;
  }
  return runCommand(rest, io, parseScoreArgs, USAGE, (options) => {
    const readOptions = { format: options.format, jsonlField: options.jsonlField };
    const references = options.references.map((file) => readSegmentFile(file, readOptions));
    const systems = options.hypotheses.map((file) => readSegmentFile(file, readOptions));
    const resources = { ...readSyntaxResources(options.parses, references, systems), expansion: readExpansionResources(options.settings, readOptions) };
    const metrics = options.metrics.map((name) => metricRequest(name, options.settings, resources));
    const report = scoreSystems({
      references: references.map((r) => ({ file: r.path, segments: r.segments })),
      systems: systems.map((s) => ({ file: s.path, hypotheses: s.segments })),
      metrics,
      sentence: options.sentence,
    });
    report.warnings.push(...references.flatMap((r) => r.warnings), ...systems.flatMap((s) => s.warnings));
    for (const warning of report.warnings) io.stderr(`understudy: warning: ${warning.message}\n`);
    for (const note of resources.expansion?.notes ?? []) io.stderr(`understudy: note: ${note}\n`);
    const text = options.output === 'json' ? reportToJson(report) : options.output === 'tsv' ? reportToTsv(report) : reportToText(report);
    io.stdout(text);
    return 0;
  });
}
