import { CorpusWarning } from '../errors';
import { Explanation } from '../metrics/explanation';
import { MetricScore, PreparedMetric, ReferenceSet } from '../metrics/metric';
import { MetricRequest, ReferenceInput, ScoringCancelled } from './score-systems';

/** A metric's corpus result for one system, with the signature that reproduces it. */
export interface SessionCorpusScore extends MetricScore {
  readonly signature: string;
}

/** What a system looks like after (re-)scoring: every line's sentence score and the corpus scores. */
export interface SystemScores {
  readonly system: string;
  /** Hypothesis lines given / reference segments: they differ when a line was added or removed. */
  readonly lineCount: number;
  readonly referenceCount: number;
  /** Lines scored: the first min(lineCount, referenceCount); the rest have no reference (or no hypothesis). */
  readonly scoredCount: number;
  /** Line indexes whose statistics were (re)computed by this call. */
  readonly changed: readonly number[];
  /** Per metric, the sentence score of every scored line (NaN past `scoredCount`). */
  readonly sentence: Readonly<Record<string, Float64Array>>;
  /** Per metric, the corpus score over the scored lines. */
  readonly corpus: Readonly<Record<string, SessionCorpusScore>>;
  /** Set when the line counts differ: what is wrong and what to do. The scored lines are still scored. */
  readonly mismatch?: CorpusWarning;
}

export interface SegmentExplanation {
  readonly index: number;
  readonly hypothesis: string;
  /** The segment's reference lines, one per reference file. */
  readonly references: readonly string[];
  /** Per metric: the explanation and the sentence score with its parts. */
  readonly metrics: Readonly<Record<string, { readonly explanation: Explanation; readonly sentence: MetricScore }>>;
}

interface SystemState {
  lines: string[];
  /** rows[m][i]: statistics of line i for metric m (undefined past the scored lines). */
  rows: Float64Array[][];
  sentence: Float64Array[];
  totals: Float64Array[];
}

export interface UpdateOptions {
  readonly isCancelled?: () => boolean;
  readonly onProgress?: (done: number, total: number) => void;
}

/** "line 7 has" / "lines 7-9 have" (1-based). */
const lines = (first: number, last: number): string => (first === last ? `line ${first} has` : `lines ${first}-${last} have`);

/** True when every value is an integer small enough that adding and subtracting it is exact in doubles. */
function exactlySummable(row: Float64Array): boolean {
  for (let k = 0; k < row.length; k++) if (!Number.isInteger(row[k]) || Math.abs(row[k]) > 2 ** 40) return false;
  return true;
}

/**
 * A reference set with its metrics prepared once, and the systems scored against it, kept so that an edit re-scores
 * only the lines that changed. Corpus scores follow from the kept per-line statistics: integer statistics (n-gram
 * counts, edits) are updated by difference; any other statistics are re-summed in line order, so that the result
 * is bit-for-bit what a fresh batch run prints.
 */
export class EvaluationSession {
  private readonly prepared: PreparedMetric[];
  private readonly systems = new Map<string, SystemState>();
  readonly segmentCount: number;

  constructor(
    private readonly references: readonly ReferenceInput[],
    readonly metrics: readonly MetricRequest[],
  ) {
    this.segmentCount = references[0]?.segments.length ?? 0;
    const set: ReferenceSet = { streams: references.map((r) => r.segments) };
    this.prepared = metrics.map((m) => m.prepare(set));
  }

  get metricNames(): string[] {
    return this.metrics.map((m) => m.name);
  }

  /**
   * Sets a system's lines, scoring only those that differ from what the session holds (all of them the first
   * time). On cancellation nothing changes and `ScoringCancelled` is thrown.
   */
  setLines(system: string, lines: readonly string[], options: UpdateOptions = {}): SystemScores {
    const before = this.systems.get(system);
    const scoredCount = Math.min(lines.length, this.segmentCount);
    const changed: number[] = [];
    for (let i = 0; i < scoredCount; i++) if (!before || i >= before.lines.length || before.lines[i] !== lines[i] || before.rows[0]?.[i] === undefined) changed.push(i);

    const total = changed.length * this.prepared.length;
    const fresh: Float64Array[][] = this.prepared.map(() => new Array<Float64Array>(changed.length));
    this.prepared.forEach((metric, m) => {
      if (changed.length > 0) metric.anticipate?.(changed.map((i) => lines[i]), options.isCancelled);
      for (let c = 0; c < changed.length; c++) {
        if ((c & 127) === 0) {
          if (options.isCancelled?.()) throw new ScoringCancelled();
          options.onProgress?.(m * changed.length + c, total);
        }
        fresh[m][c] = metric.stats(lines[changed[c]], changed[c]);
      }
    });
    options.onProgress?.(total, total);

    const state: SystemState = before ?? {
      lines: [],
      rows: this.prepared.map(() => []),
      sentence: this.prepared.map(() => new Float64Array(0)),
      totals: this.prepared.map((p) => new Float64Array(p.statsLayout.length)),
    };
    this.prepared.forEach((metric, m) => this.commit(state, m, metric, fresh[m], changed, scoredCount, lines.length));
    state.lines = lines.slice();
    this.systems.set(system, state);
    return this.snapshot(system, state, changed);
  }

  /** The scores as they stand, without re-scoring. */
  scores(system: string): SystemScores | undefined {
    const state = this.systems.get(system);
    return state && this.snapshot(system, state, []);
  }

  /** Per-line statistics of a metric (for resampling and significance tests). */
  rows(system: string, metric: string): readonly Float64Array[] | undefined {
    const m = this.metricNames.indexOf(metric);
    const state = this.systems.get(system);
    return state && m >= 0 ? state.rows[m].slice(0, Math.min(state.lines.length, this.segmentCount)) : undefined;
  }

  /** The metric's corpus score from summed statistics (what resampling calls for each sample). */
  corpusScoreOf(metric: string): ((totals: Float64Array, count: number) => MetricScore) | undefined {
    const prepared = this.prepared[this.metricNames.indexOf(metric)];
    return prepared && ((totals, count) => prepared.corpusScore(totals, count));
  }

  explain(system: string, index: number, metrics: readonly string[] = this.metricNames): SegmentExplanation | undefined {
    const state = this.systems.get(system);
    if (!state || index < 0 || index >= Math.min(state.lines.length, this.segmentCount)) return undefined;
    const hypothesis = state.lines[index];
    const result: Record<string, { explanation: Explanation; sentence: MetricScore }> = {};
    this.prepared.forEach((metric, m) => {
      if (!metrics.includes(metric.name)) return;
      result[metric.name] = { explanation: metric.explain(hypothesis, index), sentence: metric.sentenceScore(state.rows[m][index]) };
    });
    return { index, hypothesis, references: this.references.map((r) => r.segments[index]), metrics: result };
  }

  removeSystem(system: string): void {
    this.systems.delete(system);
  }

  private commit(state: SystemState, m: number, metric: PreparedMetric, fresh: Float64Array[], changed: readonly number[], scoredCount: number, lineCount: number): void {
    const rows = state.rows[m];
    const totals = state.totals[m];
    const previousCount = Math.min(state.lines.length, this.segmentCount);
    // Difference updates stay exact only for integer statistics over the same set of lines.
    let incremental = previousCount === scoredCount && exactlySummable(totals);
    for (let c = 0; c < changed.length && incremental; c++) {
      const old = rows[changed[c]];
      incremental = old !== undefined && exactlySummable(old) && exactlySummable(fresh[c]);
    }
    if (incremental) {
      for (let c = 0; c < changed.length; c++) {
        const old = rows[changed[c]];
        for (let k = 0; k < totals.length; k++) totals[k] += fresh[c][k] - old[k];
      }
    }
    for (let c = 0; c < changed.length; c++) rows[changed[c]] = fresh[c];
    rows.length = scoredCount;
    if (!incremental) {
      totals.fill(0);
      for (let i = 0; i < scoredCount; i++) for (let k = 0; k < totals.length; k++) totals[k] += rows[i][k];
    }
    let sentence = state.sentence[m];
    if (sentence.length !== lineCount) {
      const resized = new Float64Array(lineCount).fill(NaN);
      resized.set(sentence.subarray(0, Math.min(sentence.length, scoredCount)));
      sentence = state.sentence[m] = resized;
    }
    for (let c = 0; c < changed.length; c++) sentence[changed[c]] = metric.sentenceScore(fresh[c]).score;
  }

  private snapshot(system: string, state: SystemState, changed: readonly number[]): SystemScores {
    const lineCount = state.lines.length;
    const scoredCount = Math.min(lineCount, this.segmentCount);
    const sentence: Record<string, Float64Array> = {};
    const corpus: Record<string, SessionCorpusScore> = {};
    this.prepared.forEach((metric, m) => {
      sentence[metric.name] = state.sentence[m].slice();
      const score = metric.corpusScoreFromRows ? metric.corpusScoreFromRows(state.rows[m]) : metric.corpusScore(state.totals[m], scoredCount);
      corpus[metric.name] = { ...score, signature: metric.signature() };
    });
    const reference = this.references[0]?.file ?? 'the reference';
    const mismatch: CorpusWarning | undefined =
      lineCount === this.segmentCount
        ? undefined
        : {
            code: 'line-count-mismatch',
            file: system,
            message:
              lineCount < this.segmentCount
                ? `${system} has ${lineCount} lines but ${reference} has ${this.segmentCount}: reference ${lines(lineCount + 1, this.segmentCount)} no hypothesis. ` +
                  `The first ${scoredCount} lines are scored; the corpus scores cover only them. Add the missing lines (an empty output line still counts).`
                : `${system} has ${lineCount} lines but ${reference} has ${this.segmentCount}: ${lines(this.segmentCount + 1, lineCount)} no reference and ${lineCount - this.segmentCount === 1 ? 'is' : 'are'} not scored. ` +
                  `Remove the extra lines, or check that the reference belongs to this test set.`,
          };
    return { system, lineCount, referenceCount: this.segmentCount, scoredCount, changed, sentence, corpus, mismatch };
  }
}
