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
