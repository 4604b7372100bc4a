import { actionCount, ArcHybridState, leftAction, rightAction, SHIFT } from '../arc-hybrid';
import { ArcHybridBeam } from '../arc-hybrid-beam';
import { DependencyParser } from '../dependency-parser';
import { extractParserFeatures, MAX_PARSER_FEATURES, ParserSentence } from '../parser-features';
import { AveragedPerceptron } from './averaged-perceptron';
import { SeededRandom } from './random';
import { ArcHybridOracle, endEpoch, ParserTrainingSentence, projectiveGold, TrainedParser } from './train-dependency-parser';
import { perceptronScorer } from './train-tagger';

export interface BeamTrainingOptions {
  readonly epochs: number;
  readonly seed: number;
  /** Beam width in training and in the development-set evaluation. */
  readonly width: number;
  readonly log?: (message: string) => void;
  /** Called with each new best model (by dev LAS), so a long run leaves a usable model behind at every epoch. */
  readonly onBest?: (best: TrainedParser) => void;
}

/**
 * The transitions that build the gold tree (projectivized): at each step the oracle's cheapest transition,
 * reductions before SHIFT, so that each word is attached as soon as it has all its dependents (the usual static
 * arc-hybrid oracle). Where lifting left no zero-cost path (a word lifted to the root beside the real root), the
 * sequence is the cheapest one, the best tree the transition system can build.
 */
export function oracleTransitions(gold: Int32Array, goldLabel: Int32Array, labelCount: number, rootLabel: number): Int32Array {
  const n = gold.length - 1;
  const children: number[][] = Array.from({ length: gold.length }, () => []);
  for (let d = 1; d <= n; d++) children[gold[d]].push(d);
  const oracle = new ArcHybridOracle(gold, goldLabel, children);
  const state = new ArcHybridState(n);
  state.reset(n);
  const costs = new Float64Array(actionCount(labelCount));
  const transitions = new Int32Array(2 * n);
  for (let t = 0; t < 2 * n; t++) {
    oracle.costs(state, costs, labelCount, rootLabel);
    let best = SHIFT;
    for (let label = 0; label < labelCount; label++) {
      if (costs[leftAction(label)] < costs[best]) best = leftAction(label);
      if (costs[rightAction(label)] < costs[best]) best = rightAction(label);
    }
    // Reductions win ties with SHIFT, LEFT wins ties with RIGHT.
    let preferred = -1;
    for (let label = 0; label < labelCount && preferred < 0; label++) if (costs[leftAction(label)] === costs[best]) preferred = leftAction(label);
    for (let label = 0; label < labelCount && preferred < 0; label++) if (costs[rightAction(label)] === costs[best]) preferred = rightAction(label);
    transitions[t] = preferred >= 0 ? preferred : SHIFT;
    state.apply(transitions[t]);
  }
  if (!state.done) throw new Error('oracleTransitions: the oracle did not finish the parse');
  return transitions;
}

/**
 * Global training of the beam-search parser: a structured perceptron over whole transition sequences with the
 * max-violation update (Huang, Fayong & Guo 2012), averaged (Collins 2002), over the same features as the greedy
 * parser (Zhang & Nivre 2011). Each training sentence is decoded with the beam under the current weights; along the
 * way the gold sequence's score is tracked (from the beam while it is in it, by scoring it alone once it falls out),
 * and where the best item's score exceeds the gold prefix's by most, the gold prefix's transitions are rewarded and
 * the best item's prefix's penalised. With `dev`, the best epoch is kept (by LAS, decoded with the same width).
 */
export function trainBeamParser(
  train: readonly ParserTrainingSentence[],
  dev: readonly ParserTrainingSentence[] | undefined,
  labelCount: number,
  rootLabel: number,
  coarseOfTag: Int32Array,
  options: BeamTrainingOptions,
): TrainedParser {
  const classes = actionCount(labelCount);
  const width = options.width;
  const perceptron = new AveragedPerceptron(classes, 1 << 22);
  const beam = new ArcHybridBeam(perceptronScorer(perceptron, false), labelCount, rootLabel, width, true);
  const averagedParser = new DependencyParser(perceptronScorer(perceptron, true), labelCount, rootLabel, coarseOfTag, width);
  const random = new SeededRandom(options.seed);
  const features = new Uint32Array(MAX_PARSER_FEATURES);
  const scores = new Float64Array(classes);
  const sentence = new ParserSentence(coarseOfTag);
  let goldState = new ArcHybridState(256);
  let predictedState = new ArcHybridState(256);

  let lifted = 0;
  const prepared = train.map((s) => {
    const { gold, goldLabel, lifts } = projectiveGold(s);
    lifted += lifts;
    return { sentence: s, transitions: oracleTransitions(gold, goldLabel, labelCount, rootLabel) };
  });
  options.log?.(`parser (beam ${width}): ${prepared.length} training sentences, ${lifted} non-projective arcs lifted`);

  let best: TrainedParser | undefined;
  const order = prepared.map((_, i) => i);
  for (let epoch = 1; epoch <= options.epochs; epoch++) {
    random.shuffle(order);
    let updated = 0;
    let fellOut = 0;
    let updateSteps = 0;
    let totalSteps = 0;
    let done = 0;
    const started = Date.now();
    for (const index of order) {
      const { sentence: s, transitions: gold } = prepared[index];
      const n = s.forms.length;
      if (n > goldState.capacity) {
        goldState = new ArcHybridState(2 * n);
        predictedState = new ArcHybridState(2 * n);
      }
      sentence.set(s.forms, s.tags);
      beam.decode(sentence, n);
      const steps = beam.steps;
      totalSteps += steps;

      // The step of maximal violation: where the beam's best item outscores the gold prefix by most.
      let goldIndex = 0;
      let goldScore = 0;
      let worst = -Infinity;
      let worstStep = -1;
      goldState.reset(n);
      for (let t = 0; t < steps; t++) {
        const action = gold[t];
        const base = t * width;
        if (goldIndex >= 0) {
          let found = -1;
          for (let j = 0; j < beam.sizes[t]; j++) {
            if (beam.parents[base + j] === goldIndex && beam.actions[base + j] === action) {
              found = j;
              break;
            }
          }
          goldIndex = found;
          if (found >= 0) goldScore = beam.scores[base + found];
          else fellOut++;
        }
        if (goldIndex < 0) {
          const count = extractParserFeatures(goldState, sentence, features);
          scores.fill(0);
          perceptron.score(features, count, scores);
          goldScore += scores[action];
        }
        goldState.apply(action);
        const violation = beam.scores[base] - goldScore;
        // A tie is a violation too (the gold prefix is not ranked first); among equal violations the earliest counts.
        if (goldIndex !== 0 && violation >= 0 && violation > worst) {
          worst = violation;
          worstStep = t;
        }
      }

      if (worstStep >= 0) {
        // The best item's transitions up to the violation, traced back through the beam.
        const predicted = new Int32Array(worstStep + 1);
        for (let t = worstStep, i = 0; t >= 0; t--) {
          predicted[t] = beam.actions[t * width + i];
          i = beam.parents[t * width + i];
        }
        // The common prefix's updates would cancel: start where the two sequences part.
        let diverge = 0;
        while (diverge <= worstStep && predicted[diverge] === gold[diverge]) diverge++;
        goldState.reset(n);
        for (let t = 0; t < diverge; t++) goldState.apply(gold[t]);
        predictedState.copyFrom(goldState);
        for (let t = diverge; t <= worstStep; t++) {
          perceptron.adjust(features, extractParserFeatures(goldState, sentence, features), gold[t], 1);
          goldState.apply(gold[t]);
          perceptron.adjust(features, extractParserFeatures(predictedState, sentence, features), predicted[t], -1);
          predictedState.apply(predicted[t]);
        }
        updated++;
        updateSteps += worstStep + 1;
      }
      perceptron.tick();
      done++;
      if (done % 2000 === 0) options.log?.(`  epoch ${epoch}: ${done} sentences, ${((Date.now() - started) / 1000).toFixed(0)} s`);
    }
    const summary =
      `(beam ${width}) ${((100 * updated) / order.length).toFixed(1)}% sentences updated, gold fell out of the beam in ` +
      `${((100 * fellOut) / order.length).toFixed(1)}%, updates covered ${((100 * updateSteps) / totalSteps).toFixed(1)}% of the steps`;
    best = endEpoch({ perceptron, averagedParser, dev, epoch, summary, best, options });
  }
  if (!best) throw new Error('trainBeamParser: at least one epoch is needed');
  return best;
}
