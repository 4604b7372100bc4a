import { actionCount, ArcHybridState, leftAction, rightAction, SHIFT } from '../arc-hybrid';
import { bestLegalAction, DependencyParser } from '../dependency-parser';
import { extractParserFeatures, MAX_PARSER_FEATURES, ParserSentence } from '../parser-features';
import { AveragedPerceptron, AveragedWeights } from './averaged-perceptron';
import { projectivize } from './projectivize';
import { SeededRandom } from './random';
import { perceptronScorer } from './train-tagger';

/** A training or development sentence: forms, the tags the parser will see (predicted), gold heads and labels. */
export interface ParserTrainingSentence {
  readonly forms: readonly string[];
  readonly tags: Int32Array;
  /** Gold heads of words 1..n at indexes 0..n−1 (0 = root). */
  readonly heads: Int32Array;
  readonly labels: Int32Array;
}

export interface ParserTrainingOptions {
  readonly epochs: number;
  readonly seed: number;
  /** Epochs of learning on the oracle's path before exploring the model's own errors (Goldberg & Nivre's k). */
  readonly exploreAfter: number;
  /** Probability of following the model's prediction when exploring (Goldberg & Nivre's p). */
  readonly exploreProbability: number;
  readonly log?: (message: string) => void;
  /** Called with each new best model (by dev LAS), so a long run leaves a usable model behind at every epoch. */
  readonly onBest?: (best: TrainedParser) => void;
}

export interface TrainedParser {
  readonly weights: AveragedWeights;
  readonly epoch: number;
  readonly devScores?: AttachmentScores;
}

export interface AttachmentScores {
  readonly uas: number;
  readonly las: number;
  readonly words: number;
}

/**
 * The arc-hybrid dynamic oracle (Goldberg & Nivre 2013): the number of gold arcs each transition makes unreachable,
 * from any configuration, for a projective gold tree. `gold[d]`, `goldLabel[d]` for words 1..n (index 0 unused);
 * `children[h]` lists the gold dependents of h.
 */
export class ArcHybridOracle {
  constructor(
    private readonly gold: Int32Array,
    private readonly goldLabel: Int32Array,
    private readonly children: readonly number[][],
  ) {}

  /** Gold dependents of `word` still in the buffer (from b0 on). */
  private dependentsInBuffer(state: ArcHybridState, word: number): number {
    let count = 0;
    for (const c of this.children[word]) if (c >= state.buffer) count++;
    return count;
  }

  /** The cost of each legal transition written to `costs` (Infinity for illegal ones). */
  costs(state: ArcHybridState, costs: Float64Array, labelCount: number, rootLabel: number): void {
    costs.fill(Infinity);
    const { gold, goldLabel } = this;
    const s0 = state.stackAt(0);
    const s1 = state.stackAt(1);
    const b0 = state.buffer;
    if (state.canShift()) {
      let cost = 0;
      for (let k = 0; k < state.stackSize; k++) {
        const item = state.stack[k];
        if (item !== s0 && gold[b0] === item) cost++;
        if (item !== 0 && gold[item] === b0) cost++;
      }
      costs[SHIFT] = cost;
    }
    if (state.canLeft()) {
      const head = gold[s0];
      const base = (head !== b0 && (head === s1 || head > b0) ? 1 : 0) + this.dependentsInBuffer(state, s0);
      for (let label = 0; label < labelCount; label++) {
        if (label === rootLabel) continue;
        costs[leftAction(label)] = base + (head === b0 && goldLabel[s0] !== label ? 1 : 0);
      }
    }
    if (state.canRight()) {
      const head = gold[s0];
      const base = (head >= b0 && head !== 0 ? 1 : 0) + this.dependentsInBuffer(state, s0);
      const rightIsRoot = state.rightIsRoot();
      for (let label = 0; label < labelCount; label++) {
        if ((label === rootLabel) !== rightIsRoot) continue;
        costs[rightAction(label)] = base + (head === s1 && goldLabel[s0] !== label ? 1 : 0);
      }
    }
  }
}

/** Unlabelled and labelled attachment scores of `parser` on `sentences` (every word counts, punctuation too). */
export function attachmentScores(parser: DependencyParser, sentences: readonly ParserTrainingSentence[]): AttachmentScores {
  let unlabelled = 0;
  let labelled = 0;
  let words = 0;
  for (const sentence of sentences) {
    const { heads, labels } = parser.parse(sentence.forms, sentence.tags);
    for (let i = 0; i < heads.length; i++) {
      if (heads[i] === sentence.heads[i]) {
        unlabelled++;
        if (labels[i] === sentence.labels[i]) labelled++;
      }
    }
    words += heads.length;
  }
  return { uas: unlabelled / words, las: labelled / words, words };
}

/**
 * Online training with the dynamic oracle and error exploration (Goldberg & Nivre 2012, 2013): at each step the
 * model's best legal transition is compared with the best zero-cost one, the perceptron is updated when the
 * prediction costs gold arcs, and after `exploreAfter` epochs the parser follows its own prediction with probability
 * `exploreProbability`, so it learns to act well after its own mistakes. With `dev`, the best epoch is kept (by LAS).
 */
export function trainDependencyParser(
  train: readonly ParserTrainingSentence[],
  dev: readonly ParserTrainingSentence[] | undefined,
  labelCount: number,
  rootLabel: number,
  coarseOfTag: Int32Array,
  options: ParserTrainingOptions,
): TrainedParser {
  const classes = actionCount(labelCount);
  const perceptron = new AveragedPerceptron(classes, 1 << 22);
  const averagedParser = new DependencyParser(perceptronScorer(perceptron, true), labelCount, rootLabel, coarseOfTag);
  const random = new SeededRandom(options.seed);
  const features = new Uint32Array(MAX_PARSER_FEATURES);
  const scores = new Float64Array(classes);
  const costs = new Float64Array(classes);
  const sentence = new ParserSentence(coarseOfTag);
  let state = new ArcHybridState(256);

  let lifted = 0;
  const prepared = train.map((s) => {
    const { gold, goldLabel, lifts } = projectiveGold(s);
    lifted += lifts;
    const children: number[][] = Array.from({ length: gold.length }, () => []);
    for (let d = 1; d < gold.length; d++) children[gold[d]].push(d);
    return { sentence: s, oracle: new ArcHybridOracle(gold, goldLabel, children) };
  });
  options.log?.(`parser: ${prepared.length} training sentences, ${lifted} non-projective arcs lifted`);

  let best: TrainedParser | undefined;
  const order = prepared.map((_, i) => i);
  for (let epoch = 1; epoch <= options.epochs; epoch++) {
    random.shuffle(order);
    let steps = 0;
    let errors = 0;
    const explore = epoch > options.exploreAfter;
    for (const index of order) {
      const { sentence: s, oracle } = prepared[index];
      const n = s.forms.length;
      if (n > state.capacity) state = new ArcHybridState(2 * n);
      state.reset(n);
      sentence.set(s.forms, s.tags);
      while (!state.done) {
        const count = extractParserFeatures(state, sentence, features);
        scores.fill(0);
        perceptron.score(features, count, scores);
        const predicted = bestLegalAction(state, scores, labelCount, rootLabel);
        oracle.costs(state, costs, labelCount, rootLabel);
        let minCost = Infinity;
        for (let a = 0; a < classes; a++) if (costs[a] < minCost) minCost = costs[a];
        let oracleAction = -1;
        for (let a = 0; a < classes; a++) {
          if (costs[a] === minCost && (oracleAction < 0 || scores[a] > scores[oracleAction])) oracleAction = a;
        }
        if (costs[predicted] > minCost) {
          perceptron.update(features, count, oracleAction, predicted);
          errors++;
        }
        perceptron.tick();
        steps++;
        state.apply(explore && random.next() < options.exploreProbability ? predicted : oracleAction);
      }
    }
    best = endEpoch({ perceptron, averagedParser, dev, epoch, summary: `${((100 * errors) / steps).toFixed(2)}% steps updated`, best, options });
  }
  if (!best) throw new Error('trainDependencyParser: at least one epoch is needed');
  return best;
}

/** A training sentence's gold tree made projective, over words 1..n (index 0 unused), and how many arcs were lifted. */
export function projectiveGold(s: ParserTrainingSentence): { gold: Int32Array; goldLabel: Int32Array; lifts: number } {
  const gold = new Int32Array(s.heads.length + 1);
  gold.set(s.heads, 1);
  const lifts = projectivize(gold);
  const goldLabel = new Int32Array(s.labels.length + 1);
  goldLabel.set(s.labels, 1);
  return { gold, goldLabel, lifts };
}

/**
 * The end of a training epoch: the averaged model's scores on `dev` logged after `summary`, and the averaged weights
 * kept (and passed to `onBest`) when their dev LAS is the best so far. Returns the best model so far.
 */
export function endEpoch(epoch: {
  readonly perceptron: AveragedPerceptron;
  readonly averagedParser: DependencyParser;
  readonly dev: readonly ParserTrainingSentence[] | undefined;
  readonly epoch: number;
  readonly summary: string;
  readonly best: TrainedParser | undefined;
  readonly options: Pick<ParserTrainingOptions, 'log' | 'onBest'>;
}): TrainedParser {
  const { perceptron, averagedParser, dev, best, options } = epoch;
  const devScores = dev ? attachmentScores(averagedParser, dev) : undefined;
  options.log?.(
    `parser epoch ${epoch.epoch}: ${epoch.summary}` +
      (devScores ? `, dev UAS ${(100 * devScores.uas).toFixed(2)} LAS ${(100 * devScores.las).toFixed(2)}` : '') +
      ` (${perceptron.featureCount} features, ${perceptron.entryCount} weights)`,
  );
  if (best && devScores && devScores.las <= (best.devScores?.las ?? -1)) return best;
  const kept = { weights: perceptron.averagedSnapshot(), epoch: epoch.epoch, devScores };
  options.onBest?.(kept);
  return kept;
}
