import { UnderstudyError } from '../../errors';
import { withCompetitionRanks } from '../stats/competition-ranks';

/**
 * The input of the heterogeneity measures (seed003 §3.4–3.6): every system's output for every segment (a source
 * sentence, a topic — the outputs that can be compared with each other), scored by every metric, with optional
 * human scores. Items are (system, segment) outputs, numbered s·segments + i.
 *
 * For data without segments — STS instances that all compare with each other — use one segment.
 */
export interface OutputScores {
  readonly systems: readonly string[];
  readonly segments: number;
  /** Shown in tables (a segment's line number or document id); default 1-based numbers. */
  readonly segmentIds?: readonly string[];
  readonly metrics: readonly string[];
  /** scores[(s·segments + i)·metrics + x]; NaN under every metric where system s has no output for segment i. */
  readonly scores: Float64Array;
  /** Per metric, false where lower is better (TER, WER, PER); such scores are compared reversed. Default: all true. */
  readonly higherIsBetter?: readonly boolean[];
  /** human[s·segments + i]; NaN where the output was not assessed. */
  readonly human?: Float64Array;
}

/** A measure over items with higher = better: a metric (oriented) or a combination such as ULC or HBR. */
export interface ItemMeasure {
  readonly name: string;
  /** values[s·segments + i]; NaN where undefined. */
  readonly values: Float64Array;
}

/** Checks the shapes and that an output is scored by all metrics or by none; returns which items are present. */
export function presentItems(input: OutputScores): Uint8Array {
  const { systems, segments, metrics, scores } = input;
  const k = metrics.length;
  const items = systems.length * segments;
  if (k === 0) throw new UnderstudyError('bad-option', 'No metrics: give the scores of at least one metric.');
  if (!Number.isInteger(segments) || segments < 1) throw new UnderstudyError('bad-option', `The number of segments must be a positive integer (got ${segments}).`);
  if (scores.length !== items * k) {
    throw new UnderstudyError('bad-option', `The scores hold ${scores.length} values; ${systems.length} systems × ${segments} segments × ${k} metrics need ${items * k}.`);
  }
  if (input.human && input.human.length !== items) {
    throw new UnderstudyError('bad-option', `The human scores hold ${input.human.length} values; ${systems.length} systems × ${segments} segments need ${items}.`);
  }
  if (input.higherIsBetter && input.higherIsBetter.length !== k) {
    throw new UnderstudyError('bad-option', `higherIsBetter has ${input.higherIsBetter.length} entries for ${k} metrics.`);
  }
  if (input.segmentIds && input.segmentIds.length !== segments) {
    throw new UnderstudyError('bad-option', `segmentIds has ${input.segmentIds.length} entries for ${segments} segments.`);
  }
  const present = new Uint8Array(items);
  for (let item = 0; item < items; item++) {
    let missing = 0;
    for (let x = 0; x < k; x++) if (Number.isNaN(scores[item * k + x])) missing++;
    if (missing === 0) present[item] = 1;
    else if (missing < k) {
      const x = Array.from({ length: k }, (_, j) => j).filter((j) => Number.isNaN(scores[item * k + j]));
      throw new UnderstudyError(
        'bad-option',
        `System ${systems[Math.floor(item / segments)]} on segment ${segmentLabel(input, item % segments)} has no score under ${x.map((j) => metrics[j]).join(', ')} ` +
          `but has scores under the other metrics. Every metric must score the same outputs (NaN under all of them marks a missing output).`,
      );
    }
  }
  return present;
}

export function segmentLabel(input: OutputScores, segment: number): string {
  return input.segmentIds?.[segment] ?? String(segment + 1);
}

/** Each metric's item values, negated where lower is better, as measures (NaN for missing outputs). */
export function metricMeasures(input: OutputScores): ItemMeasure[] {
  const k = input.metrics.length;
  const items = input.systems.length * input.segments;
  return input.metrics.map((name, x) => {
    const sign = input.higherIsBetter?.[x] === false ? -1 : 1;
    return { name, values: Float64Array.from({ length: items }, (_, item) => sign * input.scores[item * k + x]) };
  });
}

/** Metric indexes of a set by names (default all), checked. */
export function metricSubset(input: OutputScores, names?: readonly string[]): number[] {
  if (names === undefined) return input.metrics.map((_, i) => i);
  if (names.length === 0) throw new UnderstudyError('bad-option', 'The metric set is empty: name at least one metric.');
  const out = names.map((name) => {
    const index = input.metrics.indexOf(name);
    if (index < 0) throw new UnderstudyError('bad-option', `"${name}" is not one of the scored metrics (${input.metrics.join(', ')}).`, { metric: name });
    return index;
  });
  if (new Set(out).size !== out.length) throw new UnderstudyError('bad-option', 'The metric set names a metric twice.');
  return out;
}

export function requireHuman(input: OutputScores, what: string): Float64Array {
  if (!input.human) throw new UnderstudyError('bad-option', `${what} needs human scores: give the human judgments of the outputs.`);
  return input.human;
}

/** Systems by the mean of their defined item values, best first; systems with none come last, unranked by value. */
export function rankSystems(input: OutputScores, values: Float64Array): { system: string; value: number | null; rank: number; segments: number }[] {
  const rows = input.systems.map((system, s) => {
    let sum = 0;
    let n = 0;
    for (let i = 0; i < input.segments; i++) {
      const v = values[s * input.segments + i];
      if (!Number.isNaN(v)) {
        sum += v;
        n++;
      }
    }
    return { system, value: n > 0 ? sum / n : null, segments: n };
  });
  return withCompetitionRanks(rows, (r) => r.value ?? -Infinity);
}
