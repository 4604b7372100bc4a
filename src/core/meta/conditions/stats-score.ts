import { PreparedMetric } from '../../metrics/metric';
import { ROUGE155_STATS_LAYOUT } from '../../metrics/rouge155/rouge155';
import { ROUGE_SCORE_STATS_LAYOUT } from '../../metrics/rouge-score';
import { StatsScore } from './condition-data';

/**
 * A system score from summed statistics for the resampling loops: `metric.corpusScore(totals, items).score`, or the
 * named numeric part of it (e.g. 'recall', the ROUGE measure DUC and TAC report).
 *
 * ROUGE-1.5.5 (and BE, which shares its layout) and rouge-score score a system by the mean of per-summary R/P/F
 * (their statistics carry each summary's values and a count column), so for them the score is one column over the
 * count, read in place: the loops call this millions of times. Every other metric goes through `corpusScore`.
 */
export function statsScoreOf(metric: PreparedMetric, part?: string): StatsScore {
  const meanColumn = meanColumnOf(metric.statsLayout, part);
  if (meanColumn) {
    const [column, count] = meanColumn;
    return (stats, offset) => {
      const n = stats[offset + count];
      return n > 0 ? stats[offset + column] / n : 0;
    };
  }
  const scratch = new Float64Array(metric.statsLayout.length);
  return (stats, offset, items) => {
    for (let c = 0; c < scratch.length; c++) scratch[c] = stats[offset + c];
    const result = metric.corpusScore(scratch, items);
    if (part === undefined) return result.score;
    const value = result.parts[part];
    if (typeof value !== 'number') {
      throw new RangeError(`Metric ${metric.name} has no numeric score part "${part}"; its parts are ${Object.keys(result.parts).join(', ')}.`);
    }
    return value;
  };
}

/** [value column, count column] when the score (or the part) is a per-summary mean; undefined otherwise. */
function meanColumnOf(layout: readonly string[], part: string | undefined): [number, number] | undefined {
  if (layout === ROUGE155_STATS_LAYOUT) {
    const column = { recall: 0, precision: 1, fmeasure: 2 }[part ?? 'fmeasure'];
    return column === undefined ? undefined : [column, 3];
  }
  if (layout === ROUGE_SCORE_STATS_LAYOUT) {
    const column = { precision: 0, recall: 1, fmeasure: 2 }[part ?? 'fmeasure'];
    return column === undefined ? undefined : [column, 3];
  }
  return undefined;
}
