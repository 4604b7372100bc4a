/** Sorting of the comparison tables: by one column, either direction, missing values (undefined, NaN) last. */
export type SortDirection = 'ascending' | 'descending';

export interface TableSort {
  readonly key: string;
  readonly direction: SortDirection;
}

/** A second activation of the same column reverses it; a new column starts with `initial`. */
export function nextTableSort(current: TableSort | undefined, key: string, initial: SortDirection): TableSort {
  if (current?.key === key) return { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
  return { key, direction: initial };
}

/** Row indexes in display order: stable, numbers numerically, strings as shown (numeric collation). */
export function sortedIndexes(count: number, sort: TableSort | undefined, value: (row: number, key: string) => number | string | undefined): number[] {
  const order = Array.from({ length: count }, (_, i) => i);
  if (!sort) return order;
  const sign = sort.direction === 'ascending' ? 1 : -1;
  const missing = (v: number | string | undefined): boolean => v === undefined || (typeof v === 'number' && Number.isNaN(v));
  return order.sort((a, b) => {
    const x = value(a, sort.key);
    const y = value(b, sort.key);
    if (missing(x) || missing(y)) return missing(x) === missing(y) ? a - b : missing(x) ? 1 : -1;
    const compared = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y), undefined, { numeric: true });
    return sign * compared || a - b;
  });
}
