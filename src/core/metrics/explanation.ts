import { Span } from '../text/token';

/** One matched unit (n-gram, character n-gram, LCS token, skip-bigram…) behind a score. */
export interface SpanMatch {
  /** n-gram order (1 for unigrams / LCS tokens; for character n-grams the character order). */
  readonly order: number;
  /** Spans in the hypothesis line covered by the matched unit (one span for contiguous n-grams). */
  readonly hypothesis: readonly Span[];
  /** Which reference (index into the segment's references) the match was counted against. */
  readonly referenceIndex: number;
  /** Spans in that reference line. */
  readonly reference: readonly Span[];
  /** Optional weight the unit contributed (NIST information, ROUGE-W weight…). */
  readonly weight?: number;
  /** Kind of unit when a metric mixes several (e.g. chrF++ `char` / `word`). */
  readonly kind?: string;
  /**
   * When the match was counted against an expanded reference (paraphrase or synonym substitution, see
   * src/core/paraphrase): the substitutions inside the matched reference text. `reference` spans are then in the
   * ORIGINAL reference line, widened to cover each substituted phrase whole.
   */
  readonly substitutions?: readonly ReferenceSubstitutionNote[];
}

/** One paraphrase or synonym put into a reference line, as an explanation reports it (e.g. for a hover). */
export interface ReferenceSubstitutionNote {
  /** The replaced characters of the original reference line. */
  readonly reference: Span;
  /** The replaced text and what was put in its place. */
  readonly original: string;
  readonly replacement: string;
  readonly kind: 'paraphrase' | 'synonym';
  /** e.g. `reply ← answer, set #12 from source word 'réponse'` or `reply ← answer, synonym (wordnet-3.1)`. */
  readonly label: string;
  /** Paraphrases: the equivalence set and the source word or phrase it was learned from. */
  readonly setId?: number;
  readonly sourceExpression?: string;
}

/** One step of an edit script (TER, WER). */
export interface EditStep {
  readonly op: 'match' | 'substitute' | 'insert' | 'delete' | 'shift';
  /** Span in the hypothesis (absent for a deletion of a reference word). */
  readonly hypothesis?: Span;
  /** Span in the reference (absent for an insertion of a hypothesis word). */
  readonly reference?: Span;
}

/**
 * Why a segment scored as it did, in terms of character spans of the original lines.
 * Every metric fills `matches` and `unmatchedHypothesis`; the rest is metric-specific and named in `details`
 * (per-order precisions, brevity penalty, edit counts, shift spans…).
 */
export interface Explanation {
  readonly metric: string;
  readonly score: number;
  readonly matches: readonly SpanMatch[];
  /** Hypothesis tokens that matched nothing in any reference. */
  readonly unmatchedHypothesis: readonly Span[];
  /** Index of the reference that decided the score, when one did (chrF, TER, ROUGE -f B, GTM). */
  readonly bestReference?: number;
  /** TER/WER edit script, with shifted blocks. */
  readonly edits?: readonly EditStep[];
  readonly details: Readonly<Record<string, number | string | boolean | readonly number[] | readonly string[]>>;
}
