import { metricRequest, METRIC_NAMES } from '../core/engine/metric-registry';
import { readSegmentFile } from '../core/io/read-segments';
import { readTextFile } from '../core/io/read-text';
import { CorrelationSources, prepareCorrelation } from '../core/meta/correlation-inputs';
import { runMetaEvaluation } from '../core/meta/meta-evaluation';
import { correlationReportToJson, correlationReportToText } from '../core/report/correlation-text';
import { UNDERSTUDY_VERSION } from '../core/version';
import { METRIC_OPTIONS_HELP } from './metric-options-help';
import { CorrelateCommand, parseCorrelateArgs } from './parse-correlate-args';
import { CliOutput, runCommand } from './cli-command';

const USAGE = `understudy ${UNDERSTUDY_VERSION} correlate — how well do metrics agree with human judgments?

Usage:
  understudy correlate --human JUDGMENTS [--human MORE] --ref REF [--ref REF2] HYP [HYP2 ...] [options]
  understudy correlate --human summaries.jsonl --docs docs.jsonl [options]      (SummEval / REALSumm)

Human judgments (formats recognised by their header; see the README):
  --human FILE              judgments; repeat for a system-level and a segment-level file of one human score
  --human-format F          auto (default), wmt21-seg, wmt21-sys, wmt17-seg, wmt17-sys, summeval, realsumm, table
  --lp PAIR                 language pair to keep from WMT17 files (e.g. cs-en)
  --aspect A[,B]            score column(s) (default: WMT z; required for SummEval: coherence, consistency, fluency, relevance)
  --aspect-combination mean|sum      several aspects per judgment (default mean)
  --normalize raw|z-per-judge        standardise each judge's scores first (needs a judge column)
  --exclude NAMES           systems to leave out (comma list; NAME* = prefix; WMT default HUMAN*)   --keep-human
  --label TEXT              name of the human score in the output
Generic tables (--human-format table):
  --columns system=COL,item=COL,judge=COL,score=COL[,score=COL2]   column names (or 0-based numbers)
  --delimiter ,|tab|;|||whitespace   --no-header   --item-base 0|1 (default 1)   --where COL=VALUE
Systems:
  HYP ...                   system outputs, one segment per line (or JSONL with --format/--jsonl-field)
  --names A,B,...           the judgments' names for the HYP files, in order (default: found in the file names)
  --docs FILE               SummEval/REALSumm docs.jsonl: systems come from the judgments file, references from here
  --doc-references refs11|ref        SummEval references (default all 11)
  --metrics LIST            default bleu,chrf,ter (rouge1,rouge2,rougeL for SummEval/REALSumm); any of:
                            ${METRIC_NAMES.join(', ')}
Statistics:
  --correlations LIST       pearson, spearman, kendall-a, kendall-b, kendall-c, kendall-23, kendall-acc23, kendall-like
                            (default pearson,spearman,kendall-b)
  --groupings LIST          segment level: pooled, by-system, by-item (default all)
  --bootstrap N             bootstrap samples for intervals (default 1000; 0 = off)
  --resample items|systems|both      what the bootstrap redraws (default items = segments)
  --permutations N          permutation-test runs per metric pair (default 1000; 0 = off)
  --seed S (12345)  --level L (0.95)  --alpha A (0.05, pairwise agreement)
  --correction holm|bonferroni|none  multiple-comparison adjustment of metric comparisons (default holm)
  --orientation higher-is-better|raw correlate error rates (TER…) as −score (default) or as they are
  --no-agreement            skip the pairwise agreement tests
Output:
  --json                    the full report (schema understudy-correlation/1, documented in the README)
  --segments                with --json: include every segment's human and metric scores
${METRIC_OPTIONS_HELP}
Exit status: 0 done, 1 the input cannot be used (message says why), 2 bad command line.
`;

const SUMMARY_METRICS = ['rouge1', 'rouge2', 'rougeL'];
const MT_METRICS = ['bleu', 'chrf', 'ter'];

/** The files a correlate command names, read from disk (`understudy correlate` and `understudy fragments` read them so). */
export function correlationSourcesOf(options: CorrelateCommand, warn: (message: string) => void): CorrelationSources {
  const readOptions = { format: options.format, jsonlField: options.jsonlField };
  const readFile = (file: string): { path: string; segments: string[] } => {
    const read = readSegmentFile(file, readOptions);
    for (const warning of read.warnings) warn(warning.message);
    return read;
  };
  return {
    human: options.human,
    judgmentTexts: options.human.files.map((f) => readTextFile(f.file)),
    references: options.references.map(readFile).map((r) => ({ file: r.path, segments: r.segments })),
    systems: options.hypotheses.map((file, i) => {
      const read = readFile(file);
      return { file: read.path, hypotheses: read.segments, name: options.names?.[i] };
    }),
    docs: options.docs === undefined ? undefined : { file: options.docs, text: readTextFile(options.docs) },
    docReferences: options.docReferences,
  };
}

/** Runs `understudy correlate ARGV…` and returns the exit status. */
export function runCorrelate(argv: string[], io: CliOutput): number {
  return runCommand(argv, io, parseCorrelateArgs, USAGE, (options) => {
    const prepared = prepareCorrelation(correlationSourcesOf(options, (message) => io.stderr(`understudy: warning: ${message}\n`)));
    const metricNames = options.metrics ?? (prepared.summaries ? SUMMARY_METRICS : MT_METRICS);
    const report = runMetaEvaluation({
      references: prepared.references,
      systems: prepared.systems,
      items: prepared.items,
      metrics: metricNames.map((name) => metricRequest(name, options.settings)),
      human: prepared.human,
      options: options.options,
    });
    for (const warning of report.warnings) io.stderr(`understudy: warning: ${warning}\n`);
    io.stdout(options.output === 'json' ? correlationReportToJson(report) : correlationReportToText(report));
    return 0;
  });
}
