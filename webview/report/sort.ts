import type { JsonReport } from '../../src/core/report/report-json';
import { columnValue, MetricColumn } from './columns';
import { lowerIsBetter } from './format';
import { systemLabels } from './system-names';

export type SortDirection = 'ascending' | 'descending';

/** What the table is sorted by: the system name column (`system`) or a metric column key; none = report order. */
export interface SortState {
  readonly key: string;
  readonly direction: SortDirection;
}

export const SYSTEM_KEY = 'system';

/** First activation sorts best first (descending, ascending for error rates; names A→Z); a second one reverses. */
export function nextSort(current: SortState | undefined, key: string, column: MetricColumn | undefined): SortState {
  if (current?.key === key) return { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
  const ascending = column === undefined || lowerIsBetter(column.metric);
  return { key, direction: ascending ? 'ascending' : 'descending' };
}

/** System indexes in display order (names compare as shown, see system-names.ts). Stable; systems without the value (or NaN) go last in either direction. */
export function sortedSystems(report: JsonReport, columns: readonly MetricColumn[], sort: SortState | undefined): number[] {
  const order = report.systems.map((_, i) => i);
  if (!sort) return order;
  const sign = sort.direction === 'ascending' ? 1 : -1;
  if (sort.key === SYSTEM_KEY) {
    const labels = systemLabels(report.systems.map((s) => s.file));
    return order.sort((a, b) => sign * labels[a].localeCompare(labels[b], undefined, { numeric: true }));
  }
  const column = columns.find((c) => c.key === sort.key);
  if (!column) return order;
  const value = (i: number): number | undefined => {
    const v = columnValue(report, i, column);
    return v === undefined || Number.isNaN(v) ? undefined : v;
  };
  return order.sort((a, b) => {
    const va = value(a);
    const vb = value(b);
    if (va === undefined || vb === undefined) return va === vb ? 0 : va === undefined ? 1 : -1;
    return sign * (va - vb);
  });
}
