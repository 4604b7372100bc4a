import { actionCount, ArcHybridState, SHIFT } from './arc-hybrid';
import { ArcHybridBeam } from './arc-hybrid-beam';
import { MAX_PARSER_FEATURES, ParserSentence, extractParserFeatures } from './parser-features';
import { ClassScorer } from './pos-tagger';

/** Heads (0 = root) and label ids of words 1..n, at indexes 0..n−1. */
export interface ParsedArcs {
  readonly heads: Int32Array;
  readonly labels: Int32Array;
}

/**
 * Labelled arc-hybrid parsing with a linear model: greedy (at each step the highest-scoring legal transition) when
 * `beamWidth` is 1, otherwise beam search keeping the `beamWidth` best partial parses (`arc-hybrid-beam.ts`).
 * `rootLabel` is the label id of `root`, the only label allowed on the root's arc and never elsewhere; `coarseOfTag`
 * maps tag ids to coarse tag ids (`coarseTagIds`).
 */
export class DependencyParser {
  private state = new ArcHybridState(128);
  private readonly sentence: ParserSentence;
  private readonly features = new Uint32Array(MAX_PARSER_FEATURES);
  private readonly scores: Float64Array;
  private readonly beam: ArcHybridBeam | undefined;

  constructor(
    private readonly scorer: ClassScorer,
    readonly labelCount: number,
    readonly rootLabel: number,
    coarseOfTag: Int32Array,
    readonly beamWidth = 1,
  ) {
    this.sentence = new ParserSentence(coarseOfTag);
    if (scorer.classCount !== actionCount(labelCount)) throw new Error(`DependencyParser: ${scorer.classCount} classes for ${labelCount} labels`);
    this.scores = new Float64Array(scorer.classCount);
    if (beamWidth > 1) this.beam = new ArcHybridBeam(scorer, labelCount, rootLabel, beamWidth);
  }

  parse(forms: readonly string[], tags: ArrayLike<number>): ParsedArcs {
    const n = forms.length;
    if (this.beam) {
      this.sentence.set(forms, tags);
      const best = this.beam.decode(this.sentence, n);
      return { heads: best.heads.slice(1, n + 1), labels: best.labels.slice(1, n + 1) };
    }
    if (n > this.state.capacity) this.state = new ArcHybridState(Math.max(n, 2 * this.state.capacity));
    const state = this.state;
    state.reset(n);
    this.sentence.set(forms, tags);
    while (!state.done) {
      const count = extractParserFeatures(state, this.sentence, this.features);
      this.scores.fill(0);
      this.scorer.addScores(this.features, count, this.scores);
      state.apply(bestLegalAction(state, this.scores, this.labelCount, this.rootLabel));
    }
    return { heads: state.heads.slice(1, n + 1), labels: state.labels.slice(1, n + 1) };
  }
}

/** The highest-scoring transition `state` allows (ties to the lowest action number). */
export function bestLegalAction(state: ArcHybridState, scores: Float64Array, labelCount: number, rootLabel: number): number {
  let best = -1;
  let bestScore = -Infinity;
  if (state.canShift()) {
    best = SHIFT;
    bestScore = scores[SHIFT];
  }
  const left = state.canLeft();
  const right = state.canRight();
  const rightIsRoot = state.rightIsRoot();
  for (let label = 0; label < labelCount; label++) {
    if (left && label !== rootLabel) {
      const s = scores[1 + 2 * label];
      if (s > bestScore) {
        bestScore = s;
        best = 1 + 2 * label;
      }
    }
    if (right && (label === rootLabel) === rightIsRoot) {
      const s = scores[2 + 2 * label];
      if (s > bestScore) {
        bestScore = s;
        best = 2 + 2 * label;
      }
    }
  }
  if (best < 0) throw new Error('DependencyParser: no legal transition');
  return best;
}
