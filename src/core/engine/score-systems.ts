import { UnderstudyError, CorpusWarning } from '../errors';
import { MetricScore, PreparedMetric, ReferenceSet } from '../metrics/metric';

/** One system output to score: its display name / file and one hypothesis per segment. */
export interface SystemInput {
  readonly file: string;
  readonly hypotheses: readonly string[];
}

export interface ReferenceInput {
  readonly file: string;
  readonly segments: readonly string[];
}

/** A named metric ready to be prepared against a reference set (see metric-registry.ts). */
export interface MetricRequest {
  readonly name: string;
  readonly prepare: (references: ReferenceSet) => PreparedMetric;
}

export interface ScoreRequest {
  readonly references: readonly ReferenceInput[];
  readonly systems: readonly SystemInput[];
  readonly metrics: readonly MetricRequest[];
  /** Also report every segment's sentence-level score. */
  readonly sentence?: boolean;
  /** Called now and then with the number of (system × metric × segment) steps done and the total. */
  readonly onProgress?: (done: number, total: number) => void;
  /** Polled between segments; when it returns true, scoring stops with a `cancelled` error. */
  readonly isCancelled?: () => boolean;
}

export interface MetricResult extends MetricScore {
  readonly signature: string;
}

export interface SystemResult {
  readonly file: string;
  readonly scores: Record<string, MetricResult>;
  /** Per-segment sufficient statistics per metric (kept for resampling, re-scoring and the editor). */
  readonly stats: Record<string, Float64Array[]>;
}

export interface SegmentResult {
  readonly system: number;
  readonly index: number;
  readonly scores: Record<string, number>;
}

export interface ScoreReport {
  readonly systems: SystemResult[];
  readonly segments?: SegmentResult[];
  readonly warnings: CorpusWarning[];
}

export class ScoringCancelled extends Error {
  constructor() {
    super('Scoring was cancelled.');
    this.name = 'ScoringCancelled';
  }
}

function lineRange(first: number, last: number): string {
  return first === last ? `line ${first} has` : `lines ${first}-${last} have`;
}

/**
 * Checks that every reference and system file has the same number of segments. Nothing is truncated silently:
 * a mismatch is an error naming the files, their counts and the lines that could not be scored.
 */
export function checkAlignment(references: readonly ReferenceInput[], systems: readonly SystemInput[]): number {
  if (references.length === 0) {
    throw new UnderstudyError('bad-option', 'No reference file was given. Name at least one with --ref.');
  }
  const expected = references[0].segments.length;
  for (const reference of references.slice(1)) {
    if (reference.segments.length !== expected) {
      throw new UnderstudyError(
        'reference-count-mismatch',
        `Reference ${reference.file} has ${reference.segments.length} lines but reference ${references[0].file} has ${expected}: ` +
          `every reference must have one line per segment. Check that both files belong to the same test set.`,
        { files: [references[0].file, reference.file], counts: [expected, reference.segments.length] },
      );
    }
  }
  for (const system of systems) {
    const count = system.hypotheses.length;
    if (count !== expected) {
      const unscored = count < expected ? `reference ${lineRange(count + 1, expected)} no hypothesis` : `hypothesis ${lineRange(expected + 1, count)} no reference`;
      throw new UnderstudyError(
        'line-count-mismatch',
        `System file ${system.file} has ${count} lines, reference ${references[0].file} has ${expected}: ${unscored}. ` +
          `Nothing was scored, so that no segment is compared with the wrong reference; check for a missing or extra line (an empty output line still counts).`,
        { files: [system.file, references[0].file], counts: [count, expected] },
      );
    }
  }
  return expected;
}

/** Scores every system with every metric: stats per segment, corpus score from their sums, sentence scores on request. */
export function scoreSystems(request: ScoreRequest): ScoreReport {
  const segmentCount = checkAlignment(request.references, request.systems);
  const referenceSet: ReferenceSet = { streams: request.references.map((r) => r.segments) };
  const total = request.metrics.length * request.systems.length * segmentCount;
  let done = 0;
  const systems: SystemResult[] = request.systems.map((s) => ({ file: s.file, scores: {}, stats: {} }));
  const segments: SegmentResult[] | undefined = request.sentence
    ? request.systems.flatMap((_, system) => Array.from({ length: segmentCount }, (_unused, index) => ({ system, index, scores: {} })))
    : undefined;

  for (const metricRequest of request.metrics) {
    const metric = metricRequest.prepare(referenceSet);
    const width = metric.statsLayout.length;
    request.systems.forEach((system, systemIndex) => {
      metric.anticipate?.(system.hypotheses.slice(0, segmentCount), request.isCancelled);
      const rows: Float64Array[] = new Array(segmentCount);
      const totals = new Float64Array(width);
      for (let i = 0; i < segmentCount; i++) {
        if ((i & 255) === 0) {
          if (request.isCancelled?.()) throw new ScoringCancelled();
          request.onProgress?.(done + i, total);
        }
        const row = metric.stats(system.hypotheses[i], i);
        rows[i] = row;
        for (let k = 0; k < width; k++) totals[k] += row[k];
        if (segments) segments[systemIndex * segmentCount + i].scores[metricRequest.name] = metric.sentenceScore(row).score;
      }
      done += segmentCount;
      const corpus = metric.corpusScoreFromRows ? metric.corpusScoreFromRows(rows) : metric.corpusScore(totals, segmentCount);
      systems[systemIndex].scores[metricRequest.name] = { ...corpus, signature: metric.signature() };
      systems[systemIndex].stats[metricRequest.name] = rows;
    });
  }
  request.onProgress?.(total, total);
  return { systems, segments, warnings: [] };
}
