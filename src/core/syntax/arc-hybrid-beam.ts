import { ArcHybridState, SHIFT } from './arc-hybrid';
import { extractParserFeatures, MAX_PARSER_FEATURES, ParserSentence } from './parser-features';
import { ClassScorer } from './pos-tagger';

/**
 * Beam search over labelled arc-hybrid transitions (Zhang & Clark 2008; Zhang & Nivre 2011): the `width` best
 * partial parses are kept, each scored by the sum of its transitions' scores, and at every step each is extended by
 * each legal transition, the `width` best extensions forming the next beam. Every parse of an n-word sentence takes
 * exactly 2n transitions (each word is shifted once and reduced once), so the items stay in step and are compared
 * at equal lengths. Width 1 is greedy parsing.
 *
 * With `record`, the search keeps each step's items (parent in the previous beam, transition, score) so that
 * global training can find where the gold parse fell out of the beam and trace the best item back
 * (`train-beam-parser.ts`).
 */
export class ArcHybridBeam {
  private current: ArcHybridState[] = [];
  private next: ArcHybridState[] = [];
  private currentScores: Float64Array;
  private nextScores: Float64Array;
  private size = 0;
  private readonly features = new Uint32Array(MAX_PARSER_FEATURES);
  private readonly actionScores: Float64Array;
  /** The best extensions so far in this step, best first. */
  private readonly candidateParent: Int32Array;
  private readonly candidateAction: Int32Array;
  private readonly candidateScore: Float64Array;
  private candidates = 0;

  /** Steps recorded by the last `decode` (with `record`): 2n. */
  steps = 0;
  /** Item i of step t (after t + 1 transitions) is at t·width + i, best first; `sizes[t]` items. */
  parents = new Int32Array(0);
  actions = new Int32Array(0);
  scores = new Float64Array(0);
  sizes = new Int32Array(0);

  constructor(
    private readonly scorer: ClassScorer,
    readonly labelCount: number,
    readonly rootLabel: number,
    readonly width: number,
    private readonly record = false,
  ) {
    if (!Number.isInteger(width) || width < 1) throw new Error(`ArcHybridBeam: width ${width}, a whole number ≥ 1 expected`);
    this.currentScores = new Float64Array(width);
    this.nextScores = new Float64Array(width);
    this.actionScores = new Float64Array(scorer.classCount);
    this.candidateParent = new Int32Array(width);
    this.candidateAction = new Int32Array(width);
    this.candidateScore = new Float64Array(width);
    this.allocate(64);
  }

  private allocate(capacity: number): void {
    this.current = Array.from({ length: this.width }, () => new ArcHybridState(capacity));
    this.next = Array.from({ length: this.width }, () => new ArcHybridState(capacity));
  }

  /** Parses the `n` words of `sentence` (already `set`); returns the best complete parse (valid until the next call). */
  decode(sentence: ParserSentence, n: number): ArcHybridState {
    if (n > this.current[0].capacity) this.allocate(Math.max(n, 2 * this.current[0].capacity));
    const width = this.width;
    const steps = 2 * n;
    if (this.record) {
      this.steps = steps;
      if (this.sizes.length < steps) {
        this.sizes = new Int32Array(2 * steps);
        this.parents = new Int32Array(2 * steps * width);
        this.actions = new Int32Array(2 * steps * width);
        this.scores = new Float64Array(2 * steps * width);
      }
    }
    this.current[0].reset(n);
    this.currentScores[0] = 0;
    this.size = 1;
    for (let t = 0; t < steps; t++) {
      this.candidates = 0;
      for (let i = 0; i < this.size; i++) this.expand(i, sentence);
      if (this.candidates === 0) throw new Error('ArcHybridBeam: no legal transition');
      const base = t * width;
      for (let j = 0; j < this.candidates; j++) {
        const state = this.next[j];
        state.copyFrom(this.current[this.candidateParent[j]]);
        state.apply(this.candidateAction[j]);
        this.nextScores[j] = this.candidateScore[j];
        if (this.record) {
          this.parents[base + j] = this.candidateParent[j];
          this.actions[base + j] = this.candidateAction[j];
          this.scores[base + j] = this.candidateScore[j];
        }
      }
      if (this.record) this.sizes[t] = this.candidates;
      [this.current, this.next] = [this.next, this.current];
      [this.currentScores, this.nextScores] = [this.nextScores, this.currentScores];
      this.size = this.candidates;
    }
    return this.current[0];
  }

  /** Offers every legal transition of item `i` as a candidate for the next beam. */
  private expand(i: number, sentence: ParserSentence): void {
    const state = this.current[i];
    const count = extractParserFeatures(state, sentence, this.features);
    const scores = this.actionScores;
    scores.fill(0);
    this.scorer.addScores(this.features, count, scores);
    const base = this.currentScores[i];
    if (state.canShift()) this.offer(i, SHIFT, base + scores[SHIFT]);
    const left = state.canLeft();
    const right = state.canRight();
    const rightIsRoot = state.rightIsRoot();
    const { labelCount, rootLabel } = this;
    for (let label = 0; label < labelCount; label++) {
      if (left && label !== rootLabel) this.offer(i, 1 + 2 * label, base + scores[1 + 2 * label]);
      if (right && (label === rootLabel) === rightIsRoot) this.offer(i, 2 + 2 * label, base + scores[2 + 2 * label]);
    }
  }

  /** Inserts a candidate into the sorted best-`width` list if it belongs there (ties keep the earlier one first). */
  private offer(parent: number, action: number, score: number): void {
    const { candidateParent, candidateAction, candidateScore } = this;
    let at = this.candidates;
    if (at === this.width) {
      if (score <= candidateScore[at - 1]) return;
      at--;
    } else {
      this.candidates++;
    }
    while (at > 0 && candidateScore[at - 1] < score) {
      candidateParent[at] = candidateParent[at - 1];
      candidateAction[at] = candidateAction[at - 1];
      candidateScore[at] = candidateScore[at - 1];
      at--;
    }
    candidateParent[at] = parent;
    candidateAction[at] = action;
    candidateScore[at] = score;
  }
}
