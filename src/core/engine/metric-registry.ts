import { UnderstudyError } from '../errors';
import { PreparedMetric, ReferenceSet } from '../metrics/metric';
import { prepareNist } from '../metrics/nist';
import { prepareMtevalBleu } from '../metrics/mteval-bleu';
import { prepareTer } from '../metrics/ter';
import { prepareBleu, prepareSentenceBleu } from '../metrics/bleu';
import { prepareChrf } from '../metrics/chrf';
import { prepareWer } from '../metrics/wer';
import { preparePer } from '../metrics/per';
import { prepareGtm } from '../metrics/gtm';
import { withSentenceSplit } from './sentence-split-adapter';
import { prepareRouge155, Rouge155Variant } from '../metrics/rouge155/rouge155';
import { prepareRougeScore } from '../metrics/rouge-score';
import { withJackknife } from './jackknife';
import { meteorMetricOptions } from './meteor-options';
import { prepareMeteor } from '../metrics/meteor/meteor';
import { prepareMeteor2005 } from '../metrics/meteor/meteor2005';
import { MetricSettings, referenceExpansionSettings } from './metric-settings';
import { checkExpansionResources, ExpansionResources, withExpandedReferences } from './expanded-references-adapter';
import { MetricRequest } from './score-systems';
import { SYNTACTIC_METRIC_NAMES, SyntaxResources, syntacticFactory } from './syntactic-metrics';

type Factory = (references: ReferenceSet, settings: MetricSettings, resources: SyntaxResources) => PreparedMetric;

/** What metrics need besides references and settings: parses and synonyms (syntactic metrics), expansion resources. */
export interface MetricResources extends SyntaxResources {
  readonly expansion?: ExpansionResources;
}

/** ROUGE variants by command-line name; the number after S/SU is the skip distance (`*` = unlimited). */
const ROUGE_VARIANTS: readonly Rouge155Variant[] = ['rouge1', 'rouge2', 'rouge3', 'rouge4', 'rougeL', 'rougeW', 'rougeS4', 'rougeSU4', 'rougeS*', 'rougeSU*'];

/**
 * `rougeLsum` is rouge-score's summary-level LCS over '\n'-separated sentences; ROUGE-1.5.5's ROUGE-L is already
 * summary-level, so under rouge155 the two names are the same measure.
 */
type RougeName = Rouge155Variant | 'rougeLsum';

function rougeFactory(name: RougeName): Factory {
  return (references, s) => {
    // Sentence marking first (it rewrites the texts), then jackknifing over the marked references.
    const withSummaryOptions = (prepare: (refs: ReferenceSet) => PreparedMetric): PreparedMetric =>
      withSentenceSplit(references, s.rougeSentenceSplit, (marked) => (s.rougeJackknife ? withJackknife(marked, prepare) : prepare(marked)));
    if (s.rougeCompat === 'rouge-score') {
      if (!/^rouge(\d|L|Lsum)$/.test(name)) {
        throw new UnderstudyError('bad-option', `${name} does not exist in rouge-score; use --rouge-compat rouge155 for ROUGE-W and ROUGE-S/SU.`);
      }
      return withSummaryOptions((refs) => prepareRougeScore(refs, { type: name as 'rouge1', useStemmer: s.rougeStem }));
    }
    const variant: Rouge155Variant = name === 'rougeLsum' ? 'rougeL' : name;
    return withSummaryOptions((refs) =>
      prepareRouge155(refs, {
        variant,
        stem: s.rougeStem,
        removeStopwords: s.rougeStopwords,
        modelAverage: s.rougeModelAverage,
        alpha: s.rougeAlpha,
        lengthLimitWords: s.rougeLengthWords,
        lengthLimitBytes: s.rougeLengthBytes,
      }),
    );
  };
}

const bleuOptions = (s: MetricSettings) => ({
  tokenize: s.tokenize,
  lowercase: s.lowercase,
  smooth: s.smooth,
  smoothValue: s.smoothValue,
  effectiveOrder: s.effectiveOrder,
  referenceLength: s.referenceLength,
});

const chrfOptions = (s: MetricSettings, wordOrder: number) => ({
  charOrder: s.chrfCharOrder,
  wordOrder,
  beta: s.chrfBeta,
  lowercase: s.lowercase,
  whitespace: s.chrfWhitespace,
  epsSmoothing: s.chrfEpsSmoothing,
});

const FACTORIES: Record<string, Factory> = {
  wer: (r, s) => prepareWer(r, { tokenize: s.tokenize, lowercase: s.lowercase, referenceLength: s.errorRateReferenceLength }),
  per: (r, s) => preparePer(r, { tokenize: s.tokenize, lowercase: s.lowercase, referenceLength: s.errorRateReferenceLength }),
  gtm: (r, s) => prepareGtm(r, { tokenize: s.tokenize, lowercase: s.lowercase, exponent: s.gtmExponent }),
  chrf: (r, s) => prepareChrf(r, chrfOptions(s, 0)),
  'chrf++': (r, s) => prepareChrf(r, chrfOptions(s, 2)),
  bleu: (r, s) => prepareBleu(r, bleuOptions(s)),
  // sentence BLEU keeps sacreBLEU's compat.sentence_bleu defaults (effective order on) unless asked otherwise.
  sentbleu: (r, s) => prepareSentenceBleu(r, { ...bleuOptions(s), effectiveOrder: s.effectiveOrder || undefined }),
  nist: (r, s) => prepareNist(r, { caseSensitive: s.nistCaseSensitive }),
  ter: (r, s) => prepareTer(r, { caseSensitive: s.terCaseSensitive, normalized: s.terNormalized, noPunct: s.terNoPunct, asianSupport: s.terAsianSupport, dialect: s.terCompat }),
  'bleu-mteval': (r, s) => prepareMtevalBleu(r, { caseSensitive: s.nistCaseSensitive }),
  ...Object.fromEntries([...ROUGE_VARIANTS, 'rougeLsum' as const].map((v) => [v, rougeFactory(v)])),
  meteor: (r, s) => prepareMeteor(r, meteorMetricOptions(s)),
  meteor2005: (r, s) => {
    const o = meteorMetricOptions(s);
    return prepareMeteor2005(r, { normalization: o.normalization, wordnet: o.wordnet });
  },
};

/** Every metric name the CLI, the settings and the manifest accept (dep-f and depeval also take switch suffixes). */
export const METRIC_NAMES: readonly string[] = [...Object.keys(FACTORIES), ...SYNTACTIC_METRIC_NAMES];

/**
 * A metric by its command-line name, with the user's settings, ready to prepare against a reference set. The
 * syntactic metrics also need parses (and synonyms) in `resources`, and reference expansion its source text or synonym
 * source (`resources.expansion`); what is missing is reported before any scoring starts, saying what to give.
 */
export function metricRequest(name: string, settings: MetricSettings, resources: MetricResources = {}): MetricRequest {
  const factory = FACTORIES[name] ?? syntacticFactory(name);
  if (!factory) {
    throw new UnderstudyError('unknown-metric', `Unknown metric "${name}". Known metrics: ${METRIC_NAMES.join(', ')}.`, { metric: name });
  }
  if (settings.expandReferences === 'none') return { name, prepare: (references) => factory(references, settings, resources) };
  const { expansion } = resources;
  checkExpansionResources(settings.expandReferences, expansion);
  const expansionSettings = referenceExpansionSettings(settings);
  return { name, prepare: (references) => withExpandedReferences(references, expansionSettings, expansion, (expanded) => factory(expanded, settings, resources)) };
}
