import { WordTagInfo } from './tag-lexicon';
import { MAX_TAGGER_FEATURES, TaggerFeatures } from './tagger-features';

/** Anything that adds class scores for a feature set: the shipped `SparseWeights`, or a perceptron in training. */
export interface ClassScorer {
  readonly classCount: number;
  addScores(features: Uint32Array, count: number, scores: Float64Array): void;
}

/**
 * Greedy two-pass part-of-speech tagging: the first pass tags left to right seeing the tags on the left; the second
 * pass tags again seeing also the first pass's tags on the right. Classes are joint UPOS+XPOS tags ("VERB VBD"),
 * so the two tag sets never disagree.
 */
export class PosTagger {
  private readonly features: TaggerFeatures;
  private readonly buffer = new Uint32Array(MAX_TAGGER_FEATURES);
  private readonly scores: Float64Array;

  constructor(
    private readonly firstPass: ClassScorer,
    private readonly secondPass: ClassScorer,
    lexicon: WordTagInfo,
  ) {
    this.features = new TaggerFeatures(lexicon);
    this.scores = new Float64Array(firstPass.classCount);
  }

  /** Tag ids (indexes into the model's joint tag list) of `forms`. */
  tag(forms: readonly string[]): Int32Array {
    this.features.prepare(forms);
    const first = this.pass(forms.length, this.firstPass);
    return this.pass(forms.length, this.secondPass, first);
  }

  /** One pass; the second sees `right`, the first pass's tags. */
  pass(length: number, scorer: ClassScorer, right?: Int32Array): Int32Array {
    const tags = new Int32Array(length);
    for (let i = 0; i < length; i++) {
      const fixed = this.features.fixedTag(i);
      if (fixed >= 0) {
        tags[i] = fixed;
        continue;
      }
      const count = this.featuresOf(i, tags, right);
      this.scores.fill(0);
      scorer.addScores(this.buffer, count, this.scores);
      tags[i] = argmax(this.scores);
    }
    return tags;
  }

  /** Token i's features given the tags so far (and the first pass's, in the second pass), in `featureBuffer`. */
  featuresOf(i: number, tags: Int32Array, right?: Int32Array): number {
    const left1 = i >= 1 ? tags[i - 1] : -1;
    const left2 = i >= 2 ? tags[i - 2] : -1;
    if (right === undefined) return this.features.extract(i, left1, left2, this.buffer);
    const right1 = i + 1 < right.length ? right[i + 1] : -1;
    const right2 = i + 2 < right.length ? right[i + 2] : -1;
    return this.features.extract(i, left1, left2, this.buffer, right1, right2);
  }

  /** Prepares `forms` for `featuresOf` (training walks the tokens itself). */
  prepare(forms: readonly string[]): void {
    this.features.prepare(forms);
  }

  /** The tag the lexicon fixes for token i of the prepared sentence, or −1. */
  fixedTag(i: number): number {
    return this.features.fixedTag(i);
  }

  get featureBuffer(): Uint32Array {
    return this.buffer;
  }
}

export function argmax(scores: Float64Array): number {
  let best = 0;
  for (let k = 1; k < scores.length; k++) if (scores[k] > scores[best]) best = k;
  return best;
}
