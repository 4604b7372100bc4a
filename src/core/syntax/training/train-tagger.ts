import { argmax, ClassScorer, PosTagger } from '../pos-tagger';
import { LexiconCounts, TagLexicon } from '../tag-lexicon';
import { AveragedPerceptron, AveragedWeights } from './averaged-perceptron';
import { SeededRandom } from './random';

/** A sentence's word forms and their gold joint-tag ids. */
export interface TaggedSentence {
  readonly forms: readonly string[];
  readonly tags: Int32Array;
}

export interface TaggerTrainingOptions {
  readonly epochs: number;
  readonly seed: number;
  readonly log?: (message: string) => void;
}

export interface TrainedTagger {
  readonly firstPass: AveragedWeights;
  readonly secondPass: AveragedWeights;
  /** The lexicon learned from the training sentences, which the features read. */
  readonly lexicon: TagLexicon;
  /** Epoch (1-based) whose averaged weights these are: the best on `dev`, else the last. */
  readonly epoch: number;
  readonly devAccuracy?: number;
}

/** The perceptron as a `ClassScorer`, with its current or averaged weights. */
export function perceptronScorer(perceptron: AveragedPerceptron, averaged: boolean): ClassScorer {
  return { classCount: perceptron.classCount, addScores: (features, count, scores) => perceptron.score(features, count, scores, averaged) };
}

/** Share of tokens whose tag `tagger` gets right. */
export function taggingAccuracy(tagger: PosTagger, sentences: readonly TaggedSentence[]): number {
  let right = 0;
  let total = 0;
  for (const sentence of sentences) {
    const tags = tagger.tag(sentence.forms);
    for (let i = 0; i < tags.length; i++) if (tags[i] === sentence.tags[i]) right++;
    total += tags.length;
  }
  return total === 0 ? 0 : right / total;
}

/**
 * Trains both passes together: each training sentence is tagged by the first pass (current weights) and that
 * pass is updated on its errors; the second pass then learns from the first pass's own tags on the right, errors
 * included, as it will see them when tagging. With `dev`, the averaged weights of the best epoch are kept.
 */
export function trainTagger(train: readonly TaggedSentence[], dev: readonly TaggedSentence[] | undefined, tagCount: number, options: TaggerTrainingOptions): TrainedTagger {
  const first = new AveragedPerceptron(tagCount, 1 << 19);
  const second = new AveragedPerceptron(tagCount, 1 << 19);
  const counts = new LexiconCounts(train);
  const lexicon = counts.lexicon();
  const learner = new PosTagger(perceptronScorer(first, false), perceptronScorer(second, false), counts);
  const averagedTagger = new PosTagger(perceptronScorer(first, true), perceptronScorer(second, true), lexicon);
  const scores = new Float64Array(tagCount);
  const features = learner.featureBuffer;
  const random = new SeededRandom(options.seed);
  const order = train.map((_, i) => i);
  let best: TrainedTagger | undefined;

  for (let epoch = 1; epoch <= options.epochs; epoch++) {
    random.shuffle(order);
    let right = 0;
    let total = 0;
    for (const index of order) {
      const { forms, tags: gold } = train[index];
      counts.leaveOut(train[index]);
      learner.prepare(forms);
      const firstTags = new Int32Array(forms.length);
      for (let i = 0; i < forms.length; i++) {
        const fixed = learner.fixedTag(i);
        if (fixed >= 0) {
          firstTags[i] = fixed;
          continue;
        }
        const count = learner.featuresOf(i, firstTags);
        scores.fill(0);
        first.score(features, count, scores);
        firstTags[i] = argmax(scores);
        first.update(features, count, gold[i], firstTags[i]);
        first.tick();
      }
      const secondTags = new Int32Array(forms.length);
      for (let i = 0; i < forms.length; i++) {
        const fixed = learner.fixedTag(i);
        if (fixed >= 0) {
          secondTags[i] = fixed;
          if (fixed === gold[i]) right++;
          total++;
          continue;
        }
        const count = learner.featuresOf(i, secondTags, firstTags);
        scores.fill(0);
        second.score(features, count, scores);
        secondTags[i] = argmax(scores);
        second.update(features, count, gold[i], secondTags[i]);
        second.tick();
        if (secondTags[i] === gold[i]) right++;
        total++;
      }
    }
    const devAccuracy = dev ? taggingAccuracy(averagedTagger, dev) : undefined;
    options.log?.(
      `tagger epoch ${epoch}: train ${((100 * right) / total).toFixed(2)}%` +
        (devAccuracy === undefined ? '' : `, dev ${(100 * devAccuracy).toFixed(2)}%`) +
        ` (${first.featureCount + second.featureCount} features)`,
    );
    if (!best || devAccuracy === undefined || devAccuracy > (best.devAccuracy ?? -1)) {
      best = { firstPass: first.averagedSnapshot(), secondPass: second.averagedSnapshot(), lexicon, epoch, devAccuracy };
    }
  }
  if (!best) throw new Error('trainTagger: at least one epoch is needed');
  return best;
}
