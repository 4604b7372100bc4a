import type { JsonReport } from '../../src/core/report/report-json';
import { systemLabels } from './system-names';

/** One histogram bar: how many of a system's segments score in [x1, x2) (the last bin also holds the maximum). */
export interface HistogramBar {
  /** The system as the table names it (see system-names.ts). */
  readonly system: string;
  readonly x1: number;
  readonly x2: number;
  readonly count: number;
}

export const DEFAULT_BIN_COUNT = 20;

/**
 * Equal-width bins over the metric's range across all systems, so systems share the x axis; only non-empty bins
 * become bars. NaN scores (e.g. undefined sentence scores) are left out. A single distinct value gets one unit-wide bin.
 */
export function histogramBars(report: JsonReport, metric: string, binCount = DEFAULT_BIN_COUNT): HistogramBar[] {
  const values: { system: number; value: number }[] = [];
  for (const segment of report.segments ?? []) {
    const value = segment.scores[metric];
    if (typeof value === 'number' && Number.isFinite(value)) values.push({ system: segment.system, value });
  }
  if (values.length === 0) return [];
  let min = Infinity;
  let max = -Infinity;
  for (const { value } of values) {
    if (value < min) min = value;
    if (value > max) max = value;
  }
  const bins = max > min ? binCount : 1;
  const lo = max > min ? min : min - 0.5;
  const width = max > min ? (max - min) / bins : 1;
  const counts = new Map<number, number[]>();
  for (const { system, value } of values) {
    let perBin = counts.get(system);
    if (!perBin) counts.set(system, (perBin = new Array<number>(bins).fill(0)));
    perBin[Math.min(bins - 1, Math.floor((value - lo) / width))]++;
  }
  const labels = systemLabels(report.systems.map((s) => s.file));
  const bars: HistogramBar[] = [];
  for (const [system, perBin] of [...counts].sort((a, b) => a[0] - b[0])) {
    const name = labels[system] ?? `system ${system + 1}`;
    perBin.forEach((count, bin) => {
      if (count > 0) bars.push({ system: name, x1: lo + bin * width, x2: lo + (bin + 1) * width, count });
    });
  }
  return bars;
}

/** Metrics that have sentence-level scores, in order of first appearance. */
export function segmentMetrics(report: JsonReport): string[] {
  const names: string[] = [];
  for (const segment of report.segments ?? []) for (const name of Object.keys(segment.scores)) if (!names.includes(name)) names.push(name);
  return names;
}
