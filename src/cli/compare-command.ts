import { parseArgs } from 'util';
import { compareInSession } from '../core/compare/compare-systems';
import { ComparisonReport, ComparisonSettings, comparisonReport } from '../core/compare/comparison-report';
import { comparisonToText, lineDeltasToTsv } from '../core/compare/comparison-text';
import { EvaluationSession } from '../core/engine/evaluation-session';
import { metricRequest } from '../core/engine/metric-registry';
import { checkAlignment } from '../core/engine/score-systems';
import { UnderstudyError } from '../core/errors';
import { readSegmentFile } from '../core/io/read-segments';
import { DEFAULT_SEED } from '../core/significance/resampling-input';
import { MultipleComparisonCorrection, PairedTestKind } from '../core/significance/pairwise-table';
import { ScoreCommand, parseScoreArgs } from './parse-score-args';
import type { CliOutput } from './run-cli';

export const COMPARE_USAGE = `Usage:
  understudy compare --ref REF [--ref REF2 ...] A B [C ...] [options]

Compares system outputs on the same test set: corpus scores, paired bootstrap resampling (Koehn 2004) and
approximate randomization (Riezler & Maxwell 2005) p-values over the metrics' sufficient statistics, with sacreBLEU's
generator and seed, so the p-values are sacreBLEU's \`--paired-bs\` / \`--paired-ar\` ones; and the lines on which B
scores better, worse or the same as A. The first system is the baseline A. With more than two systems every pair is
tested and the p-values are corrected for the number of pairs.

Significance:
  --paired-bs             run the paired bootstrap only      --paired-ar   approximate randomization only
                          (default: both)
  --paired-bs-n N         bootstrap resamples (default 1000)
  --paired-ar-n N         randomization trials (default 10000)
  --seed N                generator seed (default 12345, sacreBLEU's SACREBLEU_SEED default)
  --correction holm|bonferroni|none   over the pairs of more than two systems (default holm)
  --alpha A               family-wise level for the * marks (default 0.05)
Output:
  --json                  the comparison as JSON (the shape the editor's comparison views show)
  --sentence              per-line scores of A and B and their difference, tab-separated (two systems only)
Every \`understudy score\` option (--metrics, --tokenize, --lowercase, --smooth, --ter-*, --rouge-*, …) applies.
`;

export interface CompareCommand {
  readonly score: ScoreCommand;
  readonly settings: ComparisonSettings;
}

const COMPARE_OPTIONS = {
  'paired-bs': { type: 'boolean' },
  'paired-ar': { type: 'boolean' },
  'paired-bs-n': { type: 'string' },
  'paired-ar-n': { type: 'string' },
  seed: { type: 'string' },
  correction: { type: 'string' },
  alpha: { type: 'string' },
} as const;

function positiveInteger(flag: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 1) throw new UnderstudyError('bad-option', `--${flag} ${value}: expected a positive integer.`);
  return n;
}

/**
 * Parses `understudy compare` arguments: the comparison's own flags are taken out, everything else is parsed as
 * `understudy score` arguments (references, systems, metrics and their settings).
 */
export function parseCompareArgs(argv: string[]): CompareCommand | 'help' {
  const own: string[] = [];
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const [flag] = argv[i].split('=', 1);
    const name = flag.startsWith('--') ? flag.slice(2) : '';
    if (name in COMPARE_OPTIONS) {
      own.push(argv[i]);
      const takesValue = COMPARE_OPTIONS[name as keyof typeof COMPARE_OPTIONS].type === 'string';
      if (takesValue && !argv[i].includes('=') && i + 1 < argv.length) own.push(argv[++i]);
    } else {
      rest.push(argv[i]);
    }
  }
  let parsed;
  try {
    parsed = parseArgs({ args: own, options: COMPARE_OPTIONS, strict: true });
  } catch (error) {
    throw new UnderstudyError('bad-option', `${(error as Error).message}. Run \`understudy compare --help\` for the options.`);
  }
  if (rest.includes('--help') || rest.includes('-h')) return 'help';
  const score = parseScoreArgs(rest);
  if (score === 'help') return 'help';
  if (score.output === 'tsv') throw new UnderstudyError('bad-option', '--tsv is not an output of `understudy compare`: use --json, or --sentence for per-line differences.');
  if (score.hypotheses.length < 2) throw new UnderstudyError('bad-option', `Comparing needs at least two system outputs after the options, not ${score.hypotheses.length}.`);
  if (score.sentence && score.hypotheses.length !== 2) throw new UnderstudyError('bad-option', '--sentence prints per-line differences of two systems: give exactly two.');
  const v = parsed.values;
  const tests: PairedTestKind[] = [];
  if (v['paired-bs'] || !v['paired-ar']) tests.push('paired-bootstrap');
  if (v['paired-ar'] || !v['paired-bs']) tests.push('approximate-randomization');
  const correction = v.correction ?? 'holm';
  if (!['holm', 'bonferroni', 'none'].includes(correction)) throw new UnderstudyError('bad-option', `--correction ${correction}: expected one of holm, bonferroni, none.`);
  const alpha = v.alpha === undefined ? 0.05 : Number(v.alpha);
  if (!(alpha > 0 && alpha < 1)) throw new UnderstudyError('bad-option', `--alpha ${v.alpha}: expected a level between 0 and 1, e.g. 0.05.`);
  const seed = v.seed === undefined ? DEFAULT_SEED : Number(v.seed);
  if (!Number.isSafeInteger(seed) || seed < 0) throw new UnderstudyError('bad-option', `--seed ${v.seed}: expected a non-negative integer.`);
  return {
    score,
    settings: {
      seed,
      bootstrapSamples: positiveInteger('paired-bs-n', v['paired-bs-n'], 1000),
      randomizationTrials: positiveInteger('paired-ar-n', v['paired-ar-n'], 10000),
      correction: correction as MultipleComparisonCorrection,
      alpha,
      tests,
    },
  };
}

/** Scores the systems in one evaluation session and runs the requested tests on every metric. */
export function compareFiles(command: CompareCommand, warn: (message: string) => void): { report: ComparisonReport; session: EvaluationSession; keys: string[] } {
  const { score, settings } = command;
  const readOptions = { format: score.format, jsonlField: score.jsonlField };
  const references = score.references.map((file) => readSegmentFile(file, readOptions));
  const systems = score.hypotheses.map((file) => readSegmentFile(file, readOptions));
  for (const warning of [...references, ...systems].flatMap((f) => f.warnings)) warn(warning.message);
  const referenceInputs = references.map((r) => ({ file: r.path, segments: r.segments }));
  const segments = checkAlignment(
    referenceInputs,
    systems.map((s) => ({ file: s.path, hypotheses: s.segments })),
  );
  const session = new EvaluationSession(
    referenceInputs,
    score.metrics.map((name) => metricRequest(name, score.settings)),
  );
  const keys = systems.map((s, i) => `${i}:${s.path}`);
  systems.forEach((s, i) => session.setLines(keys[i], s.segments));
  const named = systems.map((s, i) => ({ key: keys[i], name: s.path }));
  const run = (test: PairedTestKind) =>
    settings.tests.includes(test)
      ? compareInSession(session, named, session.metricNames, {
          test,
          samples: test === 'paired-bootstrap' ? settings.bootstrapSamples : settings.randomizationTrials,
          seed: settings.seed,
          correction: settings.correction,
          alpha: settings.alpha,
        })
      : undefined;
  const bootstrap = run('paired-bootstrap');
  const randomization = run('approximate-randomization');
  const first = session.scores(keys[0]);
  const report = comparisonReport({
    systems: systems.map((s) => ({ name: s.path, file: s.path })),
    references: references.map((r) => r.path),
    segments,
    settings,
    metrics: session.metricNames.map((metric) => ({
      metric,
      signature: first?.corpus[metric]?.signature ?? '',
      ...(bootstrap && { bootstrap: bootstrap[metric] }),
      ...(randomization && { randomization: randomization[metric] }),
    })),
  });
  return { report, session, keys };
}

/** `understudy compare …`: 0 compared, 1 the input cannot be compared, 2 bad command line. */
export function runCompare(argv: string[], io: CliOutput): number {
  try {
    const command = parseCompareArgs(argv);
    if (command === 'help') {
      io.stdout(COMPARE_USAGE);
      return 0;
    }
    const { report, session, keys } = compareFiles(command, (message) => io.stderr(`understudy: warning: ${message}\n`));
    io.stdout(command.score.output === 'json' ? JSON.stringify(report, null, 1) + '\n' : comparisonToText(report));
    if (command.score.sentence) {
      const [a, b] = keys.map((key) => session.scores(key)?.sentence ?? {});
      io.stdout('\n' + lineDeltasToTsv(session.metricNames, a, b));
    }
    return 0;
  } catch (error) {
    if (!(error instanceof UnderstudyError)) throw error;
    io.stderr(`understudy: ${error.message}\n`);
    // Every command-line mistake is a bad-option (or unknown-metric) error; anything else is the input's.
    return error.code === 'unknown-metric' || error.code === 'bad-option' ? 2 : 1;
  }
}
