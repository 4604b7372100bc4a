import type { ManualTable } from '../../src/core/meta/manual/manual-tables';
import { textTableCells } from '../../src/core/meta/manual/text-table';
import { sortableTable } from '../compare/sortable-table';
import { sortedIndexes, TableSort } from '../compare/table-sort';
import { el } from '../report/dom';
import type { TableFormat } from '../shared/manual-protocol';

/** Column headers as people read them: the TSV's snake_case names with spaces. */
export const columnLabel = (name: string): string => name.replace(/_/g, ' ');

/** Rows listed at first; the rest on request (a TAC-scale per-summary table has thousands, all sorted and exported). */
export const ROW_LIMIT = 500;

export interface TableViewOptions {
  readonly heading: string;
  /** Shown under the heading (what the table is, which reading of a paper it follows). */
  readonly note?: string;
  readonly sort: TableSort | undefined;
  readonly onSort: (sort: TableSort) => void;
  /** `order`: every row's index in the order of the current sort (all rows, listed or not). */
  readonly onExport: (format: TableFormat, order: number[]) => void;
  /** Every row listed ("Show all" was pressed before this render), and what to remember when it is pressed. */
  readonly showAll: boolean;
  readonly onShowAll: () => void;
}

/**
 * One of the analysis's tables (the rows `--tsv --table NAME` prints) as a sortable table: cells printed as the text
 * report prints them (4 decimals, counts as they are, "—" for undefined), sorted by their full-precision values over
 * all rows; the first ROW_LIMIT rows of that order are listed until "Show all" is pressed; CSV and LaTeX export every
 * row in the order shown.
 */
export function tableSection(table: ManualTable, options: TableViewOptions): HTMLElement {
  const { cells, numeric } = textTableCells(table.header, table.rows);
  const value = (row: number, key: string): number | string | undefined => {
    const v = table.rows[row][Number(key)];
    return v === null ? undefined : v;
  };
  let sort = options.sort;
  let limit = options.showAll ? table.rows.length : Math.min(ROW_LIMIT, table.rows.length);
  const order = (): number[] => sortedIndexes(table.rows.length, sort, value);
  const build = (): HTMLTableElement => {
    const shown = order().slice(0, limit);
    return sortableTable({
      label: options.heading,
      className: `manual-table ${table.name}`,
      columns: table.header.map((name, c) => ({ key: String(c), label: columnLabel(name), numeric: numeric[c] })),
      rowCount: shown.length,
      value: (row, key) => value(shown[row], key),
      cell: (row, key) => cells[shown[row]][Number(key)],
      rowAttributes: (row) => ({ 'data-row': String(shown[row]) }),
      sort,
      onSort: (next) => {
        sort = next;
        options.onSort(next);
        // Listed rows are the first of the whole table's new order (not the listed ones re-sorted); focus stays.
        if (limit < table.rows.length) replace(next.key);
      },
    });
  };
  const holder = el('div', { class: 'table-scroll' });
  const more = el('button', { type: 'button', class: 'show-all' }, `Show all ${table.rows.length} rows`);
  const moreNote = el('p', { class: 'note more-rows' }, `The first ${limit} of ${table.rows.length} rows in this order. `, more);
  const replace = (focusKey?: string): void => {
    holder.replaceChildren(build());
    if (focusKey !== undefined) holder.querySelector<HTMLElement>(`th[data-key="${focusKey}"]`)?.focus();
    moreNote.hidden = limit >= table.rows.length;
  };
  more.addEventListener('click', () => {
    limit = table.rows.length;
    options.onShowAll();
    replace();
  });
  replace();
  const buttons = (['csv', 'latex'] as const).map((format) => {
    const button = el('button', { type: 'button', class: 'export-table', 'data-format': format, title: `Save this table as ${format === 'csv' ? 'CSV' : 'LaTeX'}` }, format === 'csv' ? 'CSV' : 'LaTeX');
    button.addEventListener('click', () => options.onExport(format, order()));
    return button;
  });
  return el(
    'section',
    { class: 'table-section', 'data-table': table.name },
    el('div', { class: 'table-heading' }, el('h3', {}, options.heading), el('span', { class: 'export' }, el('span', { class: 'export-label' }, 'Export'), ...buttons)),
    options.note ? el('p', { class: 'note' }, options.note) : undefined,
    table.rows.length === 0 ? el('p', { class: 'empty' }, 'No rows.') : holder,
    moreNote,
  );
}
