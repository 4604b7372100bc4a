import { DEFAULT_METRIC_SETTINGS, MetricSettings } from '../engine/metric-settings';
import { DEFAULT_SEED } from '../significance/resampling-input';
import { ComparisonSettings } from './comparison-report';

/**
 * Each MetricSettings field and the `understudy score` flag that sets it (src/cli/parse-score-args.ts); `{ off }` names
 * a flag that turns a default-on option off.
 */
const FLAGS: { readonly [K in keyof MetricSettings]-?: string | { readonly off: string } } = {
  tokenize: 'tokenize',
  lowercase: 'lowercase',
  smooth: 'smooth',
  smoothValue: 'smooth-value',
  effectiveOrder: 'effective-order',
  referenceLength: 'ref-length',
  chrfCharOrder: 'chrf-char-order',
  chrfBeta: 'chrf-beta',
  chrfWhitespace: 'chrf-whitespace',
  chrfEpsSmoothing: 'chrf-eps-smoothing',
  terCaseSensitive: 'ter-case-sensitive',
  terNormalized: 'ter-normalized',
  terNoPunct: 'ter-no-punct',
  terAsianSupport: 'ter-asian-support',
  terCompat: 'ter-compat',
  nistCaseSensitive: 'nist-case-sensitive',
  rougeCompat: 'rouge-compat',
  rougeStem: 'rouge-stem',
  rougeStopwords: 'rouge-stopwords',
  rougeModelAverage: 'rouge-model-average',
  rougeJackknife: 'rouge-jackknife',
  rougeAlpha: 'rouge-alpha',
  rougeLengthWords: 'rouge-length-words',
  rougeLengthBytes: 'rouge-length-bytes',
  rougeSentenceSplit: 'rouge-sentence-split',
  gtmExponent: 'gtm-exponent',
  errorRateReferenceLength: 'wer-ref-length',
  meteorTask: 'meteor-task',
  meteorParameters: 'meteor-params',
  meteorModules: 'meteor-modules',
  meteorWeights: 'meteor-weights',
  meteorNormalize: 'meteor-normalize',
  meteorNoPunct: 'meteor-no-punct',
  meteorBeamSize: 'meteor-beam',
  meteorCharacterBased: 'meteor-char',
  meteorParaphraseTable: 'meteor-paraphrase-table',
  depBeta: 'dep-beta',
  depPartialMode: 'dep-partial',
  depevalJackknife: { off: 'depeval-no-jackknife' },
  beStem: { off: 'be-no-stem' },
  hwcmDepth: 'hwcm-depth',
  stmDepth: 'stm-depth',
  dpHwcItems: 'dp-hwc-items',
  expandReferences: 'expand-references',
  paraphraseTokenize: 'paraphrase-tokenize',
  paraphrasePhrases: 'paraphrase-phrases',
  paraphraseMaxLength: 'paraphrase-max-length',
  paraphraseMinProbability: 'paraphrase-min-prob',
  paraphraseExclude: 'paraphrase-exclude',
  paraphraseOccurrences: 'paraphrase-occurrences',
  expansionSourceFile: 'source',
  synonymsFile: 'synonyms',
};

/** Settings that are lists (METEOR's -p, -m, -w) are given as one space-separated argument. */
function sameValue(a: unknown, b: unknown): boolean {
  return Array.isArray(a) && Array.isArray(b) ? a.length === b.length && a.every((x, i) => x === b[i]) : a === b;
}

/** The flags that give `settings` (only those that differ from the defaults, in a fixed order). */
export function metricSettingsFlags(settings: MetricSettings): string[] {
  const args: string[] = [];
  for (const field of Object.keys(FLAGS) as (keyof MetricSettings)[]) {
    const value = settings[field];
    const flag = FLAGS[field];
    if (value === undefined || sameValue(value, DEFAULT_METRIC_SETTINGS[field])) continue;
    if (typeof flag !== 'string') {
      if (value === false) args.push(`--${flag.off}`);
    } else if (typeof value === 'boolean') {
      // Boolean flags can only switch a default-off option on.
      if (value) args.push(`--${flag}`);
    } else {
      args.push(`--${flag}`, Array.isArray(value) ? value.join(' ') : String(value));
    }
  }
  return args;
}

/** Quotes an argument for a POSIX shell when it needs it. */
export function shellQuote(argument: string): string {
  return /^[\w@%+=:,./-]+$/.test(argument) ? argument : `'${argument.replace(/'/g, `'\\''`)}'`;
}

/**
 * The `understudy compare` command line that reproduces a comparison: the same files, metrics, metric settings,
 * tests, sample counts, seed and correction (defaults left out).
 */
export function compareCommandLine(input: {
  readonly references: readonly string[];
  readonly systems: readonly string[];
  readonly metrics: readonly string[];
  readonly metricSettings: MetricSettings;
  readonly comparison: ComparisonSettings;
}): string {
  const { comparison } = input;
  const args = ['understudy', 'compare', ...input.references.flatMap((r) => ['--ref', r]), ...input.systems];
  args.push('--metrics', input.metrics.join(','), ...metricSettingsFlags(input.metricSettings));
  const both = comparison.tests.includes('paired-bootstrap') && comparison.tests.includes('approximate-randomization');
  if (!both) args.push(comparison.tests.includes('paired-bootstrap') ? '--paired-bs' : '--paired-ar');
  if (comparison.tests.includes('paired-bootstrap') && comparison.bootstrapSamples !== 1000) args.push('--paired-bs-n', String(comparison.bootstrapSamples));
  if (comparison.tests.includes('approximate-randomization') && comparison.randomizationTrials !== 10000) args.push('--paired-ar-n', String(comparison.randomizationTrials));
  if (comparison.seed !== DEFAULT_SEED) args.push('--seed', String(comparison.seed));
  if (input.systems.length > 2 && comparison.correction !== 'holm') args.push('--correction', comparison.correction);
  if (comparison.alpha !== 0.05) args.push('--alpha', String(comparison.alpha));
  return args.map(shellQuote).join(' ');
}
