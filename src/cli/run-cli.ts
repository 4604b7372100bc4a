import { scoreSystems } from '../core/engine/score-systems';
import { metricRequest, METRIC_NAMES } from '../core/engine/metric-registry';
import { UnderstudyError } from '../core/errors';
import { readSegmentFile } from '../core/io/read-segments';
import { readSyntaxResources } from '../core/io/read-parses';
import { UNDERSTUDY_VERSION } from '../core/version';
import { reportToJson, reportToText, reportToTsv } from '../core/report/format-report';
import { parseScoreArgs } from './parse-score-args';
import { METEOR_CLI_USAGE } from './parse-meteor-args';
import { META_COMMANDS, META_COMMANDS_USAGE, runMetaCommand } from './meta-commands';

const USAGE = `understudy ${UNDERSTUDY_VERSION} — MT and summarization metrics, exact to the reference tools

Usage:
  understudy score --ref REF [--ref REF2 ...] HYP [HYP2 ...] [options]
${META_COMMANDS_USAGE}
Output:
  --metrics LIST          comma-separated, default bleu,chrf,ter; any of:
                          ${METRIC_NAMES.join(', ')}
  --sentence              also print every segment's sentence-level score
  --json | --tsv          machine-readable output (the JSON shape is documented in the README)
Input:
  --format auto|lines|jsonl   auto: *.jsonl/*.ndjson are JSON Lines, everything else one segment per line
  --jsonl-field NAME          the text field of JSONL records (default: first of hypothesis, hyp, translation, summary, reference, ref, text, …)
BLEU / sentbleu / WER / PER / GTM (sacreBLEU names):
  --tokenize 13a|intl|zh|char|none   (default 13a)      --lowercase, -l
  --smooth none|floor|add-k|exp|add-one (default exp)   --smooth-value V
  --effective-order       --ref-length closest|shortest|average (default closest)
chrF / chrF++:
  --chrf-char-order N (6)  --chrf-beta B (2)  --chrf-whitespace  --chrf-eps-smoothing
TER (tercom / sacreBLEU):
  --ter-case-sensitive  --ter-normalized  --ter-no-punct  --ter-asian-support
  --ter-compat sacrebleu|tercom   (default sacrebleu; tercom = tercom 0.10's tokenizer and shift search)
NIST (mteval-v13a):
  --nist-case-sensitive   (mteval -c; lower-cased by default)
ROUGE:
  --rouge-compat rouge155|rouge-score (default rouge155)
  --rouge-stem (-m)  --rouge-stopwords (-s)  --rouge-model-average A|B (-f)  --rouge-alpha P (-p, 0.5)
  --rouge-length-words N (-l)  --rouge-length-bytes N (-b)
  --rouge-jackknife       average over leave-one-out reference subsets (DUC style; not a ROUGE-1.5.5 flag)
  --rouge-sentence-split none|rule|summeval   how a summary line is split into sentences (default none)
WER / PER (Leusch et al. 2005):
  --wer-ref-length best|nearest|average|average-nearest   (default best)
GTM:
  --gtm-exponent E (default 1; 2 rewards contiguous runs)
${METEOR_CLI_USAGE}
Syntactic metrics (dep-f, depeval, be-hm, be, hwcm, dstm, dp-hwc, dp-or; stm):
  --hyp-conllu FILE       dependency parses (CoNLL-U, e.g. from spaCy, Stanza, UDPipe) of each system file, in order
  --ref-conllu FILE       … of each --ref, in order (the built-in parser is not part of this build yet)
  --hyp-ptb FILE  --ref-ptb FILE   Penn Treebank trees for stm, one bracketed tree per line
  dep-f and depeval take switches as suffixes: dep-f-pm-wn, depeval-one-norel… (pm one wn norel pred)
  --dep-beta B (1)  --dep-partial add|replace (add)  --depeval-no-jackknife  --be-no-stem
  --hwcm-depth D (4, also dp-hwc)  --stm-depth D (4, also dstm)  --dp-hwc-items word|category|relation
  be-hm/be follow --rouge-model-average, --rouge-alpha and --rouge-jackknife; hwcm/dstm/dp-* follow --lowercase

Exit status: 0 scored, 1 the input cannot be scored (message says why), 2 bad command line.
`;

/** Where the CLI writes; the process streams in `understudy`, buffers in tests. */
export interface CliOutput {
  stdout(text: string): void;
  stderr(text: string): void;
}

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
  if (Object.hasOwn(META_COMMANDS, command)) return runMetaCommand(command, rest, io);
  if (command !== 'score') {
    io.stderr(`understudy: unknown command "${command}". Try \`understudy --help\`.\n`);
    return 2;
  }
  let parsed;
  try {
    parsed = parseScoreArgs(rest);
  } catch (error) {
    if (error instanceof UnderstudyError) {
      io.stderr(`understudy: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
  if (parsed === 'help') {
    io.stdout(USAGE);
    return 0;
  }
  const options = parsed;
  try {
    const readOptions = { format: options.format, jsonlField: options.jsonlField };
    const references = options.references.map((file) => readSegmentFile(file, readOptions));
    const systems = options.hypotheses.map((file) => readSegmentFile(file, readOptions));
    const resources = readSyntaxResources(options.parses, references, systems);
    const metrics = options.metrics.map((name) => metricRequest(name, options.settings, resources));
    const report = scoreSystems({
      references: references.map((r) => ({ file: r.path, segments: r.segments })),
      systems: systems.map((s) => ({ file: s.path, hypotheses: s.segments })),
      metrics,
      sentence: options.sentence,
    });
    report.warnings.push(...references.flatMap((r) => r.warnings), ...systems.flatMap((s) => s.warnings));
    for (const warning of report.warnings) io.stderr(`understudy: warning: ${warning.message}\n`);
    const text = options.output === 'json' ? reportToJson(report) : options.output === 'tsv' ? reportToTsv(report) : reportToText(report);
    io.stdout(text);
    return 0;
  } catch (error) {
    if (error instanceof UnderstudyError) {
      io.stderr(`understudy: ${error.message}\n`);
      return error.code === 'unknown-metric' || error.code === 'bad-option' ? 2 : 1;
    }
    throw error;
  }
}

