import type { JsonReport } from '../../src/core/report/report-json';

/** Which number of a metric result a column shows: the headline score, or ROUGE-style precision / recall / F. */
export type ScorePart = 'score' | 'p' | 'r' | 'f';

export interface MetricColumn {
  /** Stable key, e.g. `bleu` or `rouge1.f`. */
  readonly key: string;
  readonly metric: string;
  readonly part: ScorePart;
  readonly label: string;
}

const PART_LABEL: Record<ScorePart, string> = { score: '', p: ' P', r: ' R', f: ' F' };

/** Metric names in order of first appearance over all systems. */
export function metricNames(report: JsonReport): string[] {
  const names: string[] = [];
  for (const system of report.systems) for (const name of Object.keys(system.scores)) if (!names.includes(name)) names.push(name);
  return names;
}

/** One column per metric, or three (P, R, F) for metrics whose results carry precision/recall/F (ROUGE). */
export function metricColumns(report: JsonReport): MetricColumn[] {
  const columns: MetricColumn[] = [];
  for (const metric of metricNames(report)) {
    const hasPrf = report.systems.some((s) => typeof s.scores[metric]?.f === 'number');
    const parts: ScorePart[] = hasPrf ? ['p', 'r', 'f'] : ['score'];
    for (const part of parts) {
      columns.push({ key: part === 'score' ? metric : `${metric}.${part}`, metric, part, label: metric + PART_LABEL[part] });
    }
  }
  return columns;
}

export function columnValue(report: JsonReport, system: number, column: MetricColumn): number | undefined {
  const result = report.systems[system]?.scores[column.metric];
  if (!result) return undefined;
  const value = column.part === 'score' ? result.score : result[column.part];
  return typeof value === 'number' ? value : undefined;
}
