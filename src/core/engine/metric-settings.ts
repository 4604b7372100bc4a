import type { MeteorModule, MeteorTask } from '../metrics/meteor/meteor-config';
import type { ReferenceExpansionSettings } from './expanded-references-adapter';

/**
 * Everything a user can set about the metrics, named like the reference tools' flags (sacreBLEU, mteval, tercom,
 * ROUGE-1.5.5, rouge-score). One object drives the CLI, the extension settings and the manifest, so a number shown
 * in the editor can be reproduced on the command line with the same signature.
 */
export interface MetricSettings {
  /** sacreBLEU tokenizer for BLEU / sentence BLEU / WER / PER / GTM (`--tokenize`). */
  readonly tokenize: '13a' | 'intl' | 'zh' | 'char' | 'none';
  /** Lower-case before BLEU / chrF / WER / PER / GTM (`--lowercase`, sacreBLEU -lc). */
  readonly lowercase: boolean;
  readonly smooth: 'none' | 'floor' | 'add-k' | 'exp' | 'add-one';
  readonly smoothValue?: number;
  readonly effectiveOrder: boolean;
  readonly referenceLength: 'closest' | 'shortest' | 'average';
  readonly chrfCharOrder: number;
  readonly chrfBeta: number;
  readonly chrfWhitespace: boolean;
  readonly chrfEpsSmoothing: boolean;
  readonly terCaseSensitive: boolean;
  readonly terNormalized: boolean;
  readonly terNoPunct: boolean;
  readonly terAsianSupport: boolean;
  /** Whose TER: sacreBLEU 2.6.0's (default) or tercom 0.10's; they differ on a few tokenization and shift-search details. */
  readonly terCompat: 'sacrebleu' | 'tercom';
  /** mteval -c: keep case for NIST (mteval lower-cases by default). */
  readonly nistCaseSensitive: boolean;
  readonly rougeCompat: 'rouge155' | 'rouge-score';
  /** ROUGE-1.5.5 -m / rouge-score use_stemmer. */
  readonly rougeStem: boolean;
  /** ROUGE-1.5.5 -s. */
  readonly rougeStopwords: boolean;
  /** ROUGE-1.5.5 -f A (average over models) or B (best model). */
  readonly rougeModelAverage: 'A' | 'B';
  /** Score each segment against every leave-one-out subset of its references and average (DUC-style jackknifing). */
  readonly rougeJackknife: boolean;
  /** ROUGE-1.5.5 -p. */
  readonly rougeAlpha: number;
  /** ROUGE-1.5.5 -l (words) and -b (bytes); undefined = no limit. */
  readonly rougeLengthWords?: number;
  readonly rougeLengthBytes?: number;
  /** How a summary line is split into sentences for ROUGE-L summary level / rougeLsum: none, at newlines, by rule. */
  readonly rougeSentenceSplit: 'none' | 'rule' | 'summeval';
  readonly gtmExponent: number;
  /** WER / PER: which reference length (and distance) a segment with several references uses (Leusch et al. 2005). */
  readonly errorRateReferenceLength: 'best' | 'nearest' | 'average' | 'average-nearest';
  /** METEOR 1.5 `-t` (English task defaults for parameters and module weights). */
  readonly meteorTask: MeteorTask;
  /** METEOR `-p 'alpha beta gamma delta'`; undefined = the task's (giving them makes METEOR use the adequacy weights unless `-w`). */
  readonly meteorParameters?: readonly [number, number, number, number];
  /** METEOR `-m`; undefined = the task's modules (paraphrase only with a table). */
  readonly meteorModules?: readonly MeteorModule[];
  /** METEOR `-w`, by position in the module list; undefined = the task's. */
  readonly meteorWeights?: readonly number[];
  /** METEOR `-norm` (norm), `-lower` (lower) or neither (none). */
  readonly meteorNormalize: 'norm' | 'lower' | 'none';
  /** METEOR `-noPunct` (with norm: punctuation removed). */
  readonly meteorNoPunct: boolean;
  /** METEOR `-x` beam size. */
  readonly meteorBeamSize: number;
  /** METEOR `-ch`: character-based precision and recall. */
  readonly meteorCharacterBased: boolean;
  /** METEOR `-a`: a paraphrase table in METEOR's format (gzip or text); enables the paraphrase module. */
  readonly meteorParaphraseTable?: string;
  // Syntactic metrics (src/core/engine/syntactic-metrics.ts).
  /** dep-f / depeval: β of F_β (β > 1 weighs recall higher, as Owczarzak et al. suggest). */
  readonly depBeta: number;
  /** dep-f / depeval with `pm`: keep each full predicate triple beside its two partial ones ('add') or replace it. */
  readonly depPartialMode: 'add' | 'replace';
  /** depeval: score each summary against every leave-one-out subset of its models and average (the paper's protocol). */
  readonly depevalJackknife: boolean;
  /** be-hm / be: stem heads and modifiers with ROUGE-1.5.5's stemmer (-m); BE-HM is defined on stems. */
  readonly beStem: boolean;
  /** hwcm / dp-hwc: the longest head-word chain D. */
  readonly hwcmDepth: number;
  /** stm / dstm: the deepest subtree D. */
  readonly stmDepth: number;
  /** dp-hwc: chains of word forms, parts of speech or relations (Asiya's DP-HWCM_w / _c / _r). */
  readonly dpHwcItems: 'word' | 'category' | 'relation';
  /**
   * Score every metric against expanded references (engine/expanded-references-adapter.ts): bitext-derived
   * paraphrases as extra references (Owczarzak et al. 2006), or a best-matching reference per hypothesis made with
   * those paraphrases or with synonyms (Kauchak & Barzilay 2006; Owczarzak et al. 2007).
   */
  readonly expandReferences: 'none' | 'paraphrase' | 'paraphrase-best' | 'wordnet';
  /** Tokenizer for the source/reference word alignment and for matching expressions (`zh` for Chinese/Japanese sources). */
  readonly paraphraseTokenize: '13a' | 'intl' | 'zh' | 'char' | 'none';
  /** Which aligned phrase pairs make the equivalence sets: the smallest link groups, or all consistent pairs. */
  readonly paraphrasePhrases: 'minimal' | 'all';
  /** Longest expression, in words, on either side. */
  readonly paraphraseMaxLength: number;
  /** Keep only translations with p(expression | source expression) at least this (0: no threshold, as the paper). */
  readonly paraphraseMinProbability: number;
  /** Words never substituted: prepositions (the paper's experiment), all closed-class words, or none. */
  readonly paraphraseExclude: 'prepositions' | 'closed-class' | 'none';
  /** An expression occurring twice in a reference: one new reference per occurrence, or one with both replaced. */
  readonly paraphraseOccurrences: 'each' | 'all';
  /** The test set's source text, one line per segment (`--source`): what paraphrases are learned from. */
  readonly expansionSourceFile?: string;
  /** A synonym list for `wordnet` expansion (`--synonyms`): one group of synonyms per line, tab- or comma-separated. */
  readonly synonymsFile?: string;
}

export const DEFAULT_METRIC_SETTINGS: MetricSettings = {
  tokenize: '13a',
  lowercase: false,
  smooth: 'exp',
  effectiveOrder: false,
  referenceLength: 'closest',
  chrfCharOrder: 6,
  chrfBeta: 2,
  chrfWhitespace: false,
  chrfEpsSmoothing: false,
  terCaseSensitive: false,
  terNormalized: false,
  terNoPunct: false,
  terAsianSupport: false,
  terCompat: 'sacrebleu',
  nistCaseSensitive: false,
  rougeCompat: 'rouge155',
  rougeStem: false,
  rougeStopwords: false,
  rougeModelAverage: 'A',
  rougeJackknife: false,
  rougeAlpha: 0.5,
  rougeSentenceSplit: 'none',
  gtmExponent: 1,
  errorRateReferenceLength: 'best',
  meteorTask: 'rank',
  meteorNormalize: 'norm',
  meteorNoPunct: false,
  meteorBeamSize: 40,
  meteorCharacterBased: false,
  depBeta: 1,
  depPartialMode: 'add',
  depevalJackknife: true,
  beStem: true,
  hwcmDepth: 4,
  stmDepth: 4,
  dpHwcItems: 'word',
  expandReferences: 'none',
  paraphraseTokenize: 'intl',
  paraphrasePhrases: 'minimal',
  paraphraseMaxLength: 3,
  paraphraseMinProbability: 0,
  paraphraseExclude: 'prepositions',
  paraphraseOccurrences: 'each',
};

/** The reference-expansion part of the settings, as the adapter takes it. */
export function referenceExpansionSettings(s: MetricSettings): ReferenceExpansionSettings {
  return {
    mode: s.expandReferences,
    occurrences: s.paraphraseOccurrences,
    paraphrase: {
      tokenize: s.paraphraseTokenize,
      phrases: s.paraphrasePhrases,
      maxPhraseLength: s.paraphraseMaxLength,
      minProbability: s.paraphraseMinProbability,
      exclude: s.paraphraseExclude,
    },
  };
}
