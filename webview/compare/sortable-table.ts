import { el } from '../report/dom';
import { nextTableSort, sortedIndexes, SortDirection, TableSort } from './table-sort';

export interface Column {
  readonly key: string;
  readonly label: string;
  /** Right-aligned, tabular figures. */
  readonly numeric?: boolean;
  /** Direction of the first sort on this column (default: ascending for text, descending for numbers). */
  readonly initial?: SortDirection;
  /** Full header text for screen readers and the tooltip, when the label is abbreviated. */
  readonly description?: string;
}

export interface SortableTableOptions {
  readonly label: string;
  readonly className: string;
  readonly columns: readonly Column[];
  readonly rowCount: number;
  /** The value a row sorts by in a column. */
  readonly value: (row: number, key: string) => number | string | undefined;
  /** The content of a cell. */
  readonly cell: (row: number, key: string) => Node | string;
  /** Extra attributes of a row (e.g. data-*), by row index. */
  readonly rowAttributes?: (row: number) => Record<string, string>;
  readonly sort: TableSort | undefined;
  readonly onSort: (sort: TableSort) => void;
}

const INDICATOR: Record<SortDirection, string> = { ascending: '▲', descending: '▼' };

/**
 * A table whose header cells sort it on click, Enter or Space (aria-sort tells screen readers the state). Sorting
 * moves the existing rows, so focus stays where it was; cells only ever receive text nodes or elements built by el().
 */
export function sortableTable(options: SortableTableOptions): HTMLTableElement {
  let sort = options.sort;
  const headers = new Map<string, HTMLTableCellElement>();
  const body = el('tbody');
  const rows = Array.from({ length: options.rowCount }, (_, row) =>
    el(
      'tr',
      options.rowAttributes?.(row) ?? {},
      ...options.columns.map((column) => el('td', { class: column.numeric ? 'numeric' : undefined, 'data-key': column.key }, options.cell(row, column.key))),
    ),
  );
  const apply = (): void => {
    for (const [key, th] of headers) {
      const active = sort?.key === key ? sort.direction : undefined;
      th.setAttribute('aria-sort', active ?? 'none');
      const indicator = th.querySelector('.sort-indicator');
      if (indicator) indicator.textContent = active ? INDICATOR[active] : '';
    }
    body.append(...sortedIndexes(options.rowCount, sort, options.value).map((row) => rows[row]));
  };
  const header = el(
    'tr',
    {},
    ...options.columns.map((column) => {
      const th = el(
        'th',
        { scope: 'col', tabindex: '0', class: column.numeric ? 'numeric' : undefined, 'data-key': column.key, title: column.description, 'aria-label': column.description },
        el('span', { class: 'label' }, column.label),
        el('span', { class: 'sort-indicator', 'aria-hidden': 'true' }),
      );
      const activate = (): void => {
        sort = nextTableSort(sort, column.key, column.initial ?? (column.numeric ? 'descending' : 'ascending'));
        apply();
        options.onSort(sort);
      };
      th.addEventListener('click', activate);
      th.addEventListener('keydown', (event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          activate();
        } else if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
          // Arrow keys move between the header cells, as in a grid.
          const next = event.key === 'ArrowRight' ? th.nextElementSibling : th.previousElementSibling;
          if (next instanceof HTMLElement) {
            event.preventDefault();
            next.focus();
          }
        }
      });
      headers.set(column.key, th);
      return th;
    }),
  );
  const table = el('table', { class: options.className, 'aria-label': options.label }, el('thead', {}, header), body);
  apply();
  return table;
}
