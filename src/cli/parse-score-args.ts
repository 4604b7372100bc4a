import { parseArgs } from 'util';
import { DEFAULT_METRIC_SETTINGS, MetricSettings } from '../core/engine/metric-settings';
import { UnderstudyError } from '../core/errors';
import { METEOR_CLI_OPTIONS, meteorSettingsFromArgs } from './parse-meteor-args';
import { ParseFiles } from '../core/io/read-parses';

export interface ScoreCommand {
  readonly references: string[];
  readonly hypotheses: string[];
  readonly metrics: string[];
  readonly sentence: boolean;
  readonly output: 'text' | 'json' | 'tsv';
  readonly settings: MetricSettings;
  readonly format: 'auto' | 'lines' | 'jsonl';
  readonly jsonlField?: string;
  /** Users' parses for the syntactic metrics, one file per system / reference file, in their order. */
  readonly parses: ParseFiles;
}

/** The flags that set MetricSettings (shared by `score` and `correlate`). */
export const METRIC_SETTING_OPTIONS = {
  tokenize: { type: 'string' },
  lowercase: { type: 'boolean', short: 'l' },
  smooth: { type: 'string' },
  'smooth-value': { type: 'string' },
  'effective-order': { type: 'boolean' },
  'ref-length': { type: 'string' },
  'chrf-char-order': { type: 'string' },
  'chrf-beta': { type: 'string' },
  'chrf-whitespace': { type: 'boolean' },
  'chrf-eps-smoothing': { type: 'boolean' },
  'ter-case-sensitive': { type: 'boolean' },
  'ter-normalized': { type: 'boolean' },
  'ter-no-punct': { type: 'boolean' },
  'ter-asian-support': { type: 'boolean' },
  'ter-compat': { type: 'string' },
  'nist-case-sensitive': { type: 'boolean' },
  'rouge-compat': { type: 'string' },
  'rouge-stem': { type: 'boolean' },
  'rouge-stopwords': { type: 'boolean' },
  'rouge-model-average': { type: 'string' },
  'rouge-jackknife': { type: 'boolean' },
  'rouge-alpha': { type: 'string' },
  'rouge-length-words': { type: 'string' },
  'rouge-length-bytes': { type: 'string' },
  'rouge-sentence-split': { type: 'string' },
  'gtm-exponent': { type: 'string' },
  'wer-ref-length': { type: 'string' },
  ...METEOR_CLI_OPTIONS,
  'dep-beta': { type: 'string' },
  'dep-partial': { type: 'string' },
  'depeval-no-jackknife': { type: 'boolean' },
  'be-no-stem': { type: 'boolean' },
  'hwcm-depth': { type: 'string' },
  'stm-depth': { type: 'string' },
  'dp-hwc-items': { type: 'string' },
  'expand-references': { type: 'string' },
  source: { type: 'string' },
  synonyms: { type: 'string' },
  'paraphrase-tokenize': { type: 'string' },
  'paraphrase-phrases': { type: 'string' },
  'paraphrase-max-length': { type: 'string' },
  'paraphrase-min-prob': { type: 'string' },
  'paraphrase-exclude': { type: 'string' },
  'paraphrase-occurrences': { type: 'string' },
} as const;

const OPTIONS = {
  ref: { type: 'string', short: 'r', multiple: true },
  metrics: { type: 'string', short: 'm' },
  sentence: { type: 'boolean' },
  json: { type: 'boolean' },
  tsv: { type: 'boolean' },
  format: { type: 'string' },
  'jsonl-field': { type: 'string' },
  ...METRIC_SETTING_OPTIONS,
  'hyp-conllu': { type: 'string', multiple: true },
  'ref-conllu': { type: 'string', multiple: true },
  'hyp-ptb': { type: 'string', multiple: true },
  'ref-ptb': { type: 'string', multiple: true },
  help: { type: 'boolean', short: 'h' },
} as const;

export function oneOf<T extends string>(flag: string, value: string | undefined, allowed: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new UnderstudyError('bad-option', `--${flag} ${value}: expected one of ${allowed.join(', ')}.`);
}

export function numberOption(flag: string, value: string | undefined, fallback: number | undefined, check: (n: number) => boolean = () => true): number | undefined {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || !check(n)) throw new UnderstudyError('bad-option', `--${flag} ${value}: not a valid number here.`);
  return n;
}

/** Parses `understudy score` arguments; an invalid flag value is an UnderstudyError saying what is allowed. */
export function parseScoreArgs(argv: string[]): ScoreCommand | 'help' {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UnderstudyError('bad-option', `${(error as Error).message}. Run \`understudy score --help\` for the options.`);
  }
  const v = parsed.values;
  if (v.help) return 'help';
  const settings = metricSettingsFrom(v);
  if (v.json && v.tsv) throw new UnderstudyError('bad-option', 'Choose one of --json and --tsv.');
  const references = v.ref ?? [];
  if (references.length === 0) throw new UnderstudyError('bad-option', 'No reference given: name one or more with --ref FILE.');
  if (parsed.positionals.length === 0) throw new UnderstudyError('bad-option', 'No hypothesis file given: list one or more system outputs after the options.');
  return {
    references,
    hypotheses: parsed.positionals,
    metrics: (v.metrics ?? 'bleu,chrf,ter').split(',').map((m) => m.trim()).filter((m) => m.length > 0),
    sentence: v.sentence ?? false,
    output: v.json ? 'json' : v.tsv ? 'tsv' : 'text',
    settings,
    format: oneOf('format', v.format, ['auto', 'lines', 'jsonl'] as const, 'auto'),
    jsonlField: v['jsonl-field'],
    parses: {
      hypothesisConllu: v['hyp-conllu'] ?? [],
      referenceConllu: v['ref-conllu'] ?? [],
      hypothesisPtb: v['hyp-ptb'] ?? [],
      referencePtb: v['ref-ptb'] ?? [],
    },
  };
}

type MetricSettingValues = { [K in keyof typeof METRIC_SETTING_OPTIONS]?: (typeof METRIC_SETTING_OPTIONS)[K]['type'] extends 'boolean' ? boolean : string };

/** MetricSettings from parsed METRIC_SETTING_OPTIONS flags (defaults where a flag is absent). */
export function metricSettingsFrom(v: MetricSettingValues): MetricSettings {
  const d = DEFAULT_METRIC_SETTINGS;
  return {
    tokenize: oneOf('tokenize', v.tokenize, ['13a', 'intl', 'zh', 'char', 'none'] as const, d.tokenize),
    lowercase: v.lowercase ?? d.lowercase,
    smooth: oneOf('smooth', v.smooth, ['none', 'floor', 'add-k', 'exp', 'add-one'] as const, d.smooth),
    smoothValue: numberOption('smooth-value', v['smooth-value'], undefined, (n) => n >= 0),
    effectiveOrder: v['effective-order'] ?? d.effectiveOrder,
    referenceLength: oneOf('ref-length', v['ref-length'], ['closest', 'shortest', 'average'] as const, d.referenceLength),
    chrfCharOrder: numberOption('chrf-char-order', v['chrf-char-order'], d.chrfCharOrder, (n) => Number.isInteger(n) && n > 0) as number,
    chrfBeta: numberOption('chrf-beta', v['chrf-beta'], d.chrfBeta, (n) => n > 0) as number,
    chrfWhitespace: v['chrf-whitespace'] ?? d.chrfWhitespace,
    chrfEpsSmoothing: v['chrf-eps-smoothing'] ?? d.chrfEpsSmoothing,
    terCaseSensitive: v['ter-case-sensitive'] ?? d.terCaseSensitive,
    terNormalized: v['ter-normalized'] ?? d.terNormalized,
    terNoPunct: v['ter-no-punct'] ?? d.terNoPunct,
    terAsianSupport: v['ter-asian-support'] ?? d.terAsianSupport,
    terCompat: oneOf('ter-compat', v['ter-compat'], ['sacrebleu', 'tercom'] as const, d.terCompat),
    nistCaseSensitive: v['nist-case-sensitive'] ?? d.nistCaseSensitive,
    rougeCompat: oneOf('rouge-compat', v['rouge-compat'], ['rouge155', 'rouge-score'] as const, d.rougeCompat),
    rougeStem: v['rouge-stem'] ?? d.rougeStem,
    rougeStopwords: v['rouge-stopwords'] ?? d.rougeStopwords,
    rougeModelAverage: oneOf('rouge-model-average', v['rouge-model-average'], ['A', 'B'] as const, d.rougeModelAverage),
    rougeJackknife: v['rouge-jackknife'] ?? d.rougeJackknife,
    rougeAlpha: numberOption('rouge-alpha', v['rouge-alpha'], d.rougeAlpha, (n) => n >= 0 && n <= 1) as number,
    rougeLengthWords: numberOption('rouge-length-words', v['rouge-length-words'], undefined, (n) => Number.isInteger(n) && n > 0),
    rougeLengthBytes: numberOption('rouge-length-bytes', v['rouge-length-bytes'], undefined, (n) => Number.isInteger(n) && n > 0),
    rougeSentenceSplit: oneOf('rouge-sentence-split', v['rouge-sentence-split'], ['none', 'rule', 'summeval'] as const, d.rougeSentenceSplit),
    errorRateReferenceLength: oneOf('wer-ref-length', v['wer-ref-length'], ['best', 'nearest', 'average', 'average-nearest'] as const, d.errorRateReferenceLength),
    gtmExponent: numberOption('gtm-exponent', v['gtm-exponent'], d.gtmExponent, (n) => n >= 1) as number,
    ...meteorSettingsFromArgs(v, d),
    depBeta: numberOption('dep-beta', v['dep-beta'], d.depBeta, (n) => n > 0) as number,
    depPartialMode: oneOf('dep-partial', v['dep-partial'], ['add', 'replace'] as const, d.depPartialMode),
    depevalJackknife: v['depeval-no-jackknife'] ? false : d.depevalJackknife,
    beStem: v['be-no-stem'] ? false : d.beStem,
    hwcmDepth: numberOption('hwcm-depth', v['hwcm-depth'], d.hwcmDepth, (n) => Number.isInteger(n) && n >= 1 && n <= 32) as number,
    stmDepth: numberOption('stm-depth', v['stm-depth'], d.stmDepth, (n) => Number.isInteger(n) && n >= 1 && n <= 32) as number,
    dpHwcItems: oneOf('dp-hwc-items', v['dp-hwc-items'], ['word', 'category', 'relation'] as const, d.dpHwcItems),
    ...parseExpansionSettings(v, d),
    expansionSourceFile: v.source,
    synonymsFile: v.synonyms,
  };
}

type ExpansionFields = Pick<
  MetricSettings,
  'expandReferences' | 'paraphraseTokenize' | 'paraphrasePhrases' | 'paraphraseMaxLength' | 'paraphraseMinProbability' | 'paraphraseExclude' | 'paraphraseOccurrences'
>;

/** The reference-expansion flags (shared by `score` and `paraphrases`). */
export function parseExpansionSettings(v: Record<string, string | boolean | string[] | undefined>, d: MetricSettings = DEFAULT_METRIC_SETTINGS): ExpansionFields {
  const text = (flag: string): string | undefined => (typeof v[flag] === 'string' ? (v[flag] as string) : undefined);
  return {
    expandReferences: oneOf('expand-references', text('expand-references'), ['none', 'paraphrase', 'paraphrase-best', 'wordnet'] as const, d.expandReferences),
    paraphraseTokenize: oneOf('paraphrase-tokenize', text('paraphrase-tokenize'), ['13a', 'intl', 'zh', 'char', 'none'] as const, d.paraphraseTokenize),
    paraphrasePhrases: oneOf('paraphrase-phrases', text('paraphrase-phrases'), ['minimal', 'all'] as const, d.paraphrasePhrases),
    paraphraseMaxLength: numberOption('paraphrase-max-length', text('paraphrase-max-length'), d.paraphraseMaxLength, (n) => Number.isInteger(n) && n >= 1) as number,
    paraphraseMinProbability: numberOption('paraphrase-min-prob', text('paraphrase-min-prob'), d.paraphraseMinProbability, (n) => n >= 0 && n <= 1) as number,
    paraphraseExclude: oneOf('paraphrase-exclude', text('paraphrase-exclude'), ['prepositions', 'closed-class', 'none'] as const, d.paraphraseExclude),
    paraphraseOccurrences: oneOf('paraphrase-occurrences', text('paraphrase-occurrences'), ['each', 'all'] as const, d.paraphraseOccurrences),
  };
}
