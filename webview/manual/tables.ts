import type { ManualTable } from '../../src/core/meta/manual/manual-tables';
import { textTableCells } from '../../src/core/meta/manual/text-table';
import { sortableTable } from '../compare/sortable-table';
import type { TableSort } from '../compare/table-sort';
import { el } from '../report/dom';
import type { TableFormat } from '../shared/manual-protocol';

/** Column headers as people read them: the TSV's snake_case names with spaces. */
export const columnLabel = (name: string): string => name.replace(/_/g, ' ');

/** Row indexes in the order the table shows them (every row carries data-row). */
export function displayedOrder(table: HTMLTableElement): number[] {
  return [...table.tBodies[0].rows].map((tr) => Number(tr.dataset.row));
}

export interface TableViewOptions {
  readonly heading: string;
  /** Shown under the heading (what the table is, which reading of a paper it follows). */
  readonly note?: string;
  readonly sort: TableSort | undefined;
  readonly onSort: (sort: TableSort) => void;
  readonly onExport: (format: TableFormat, order: number[]) => void;
}

/**
 * One of the analysis's tables (the rows `--tsv --table NAME` prints) as a sortable table: cells printed as the text
 * report prints them (4 decimals, counts as they are, "—" for undefined), sorted by their full-precision values; CSV
 * and LaTeX export in the order shown.
 */
export function tableSection(table: ManualTable, options: TableViewOptions): HTMLElement {
  const { cells, numeric } = textTableCells(table.header, table.rows);
  const element = sortableTable({
    label: options.heading,
    className: `manual-table ${table.name}`,
    columns: table.header.map((name, c) => ({ key: String(c), label: columnLabel(name), numeric: numeric[c] })),
    rowCount: table.rows.length,
    value: (row, key) => {
      const v = table.rows[row][Number(key)];
      return v === null ? undefined : v;
    },
    cell: (row, key) => cells[row][Number(key)],
    rowAttributes: (row) => ({ 'data-row': String(row) }),
    sort: options.sort,
    onSort: options.onSort,
  });
  const buttons = (['csv', 'latex'] as const).map((format) => {
    const button = el('button', { type: 'button', class: 'export-table', 'data-format': format, title: `Save this table as ${format === 'csv' ? 'CSV' : 'LaTeX'}` }, format === 'csv' ? 'CSV' : 'LaTeX');
    button.addEventListener('click', () => options.onExport(format, displayedOrder(element)));
    return button;
  });
  return el(
    'section',
    { class: 'table-section', 'data-table': table.name },
    el('div', { class: 'table-heading' }, el('h3', {}, options.heading), el('span', { class: 'export' }, el('span', { class: 'export-label' }, 'Export'), ...buttons)),
    options.note ? el('p', { class: 'note' }, options.note) : undefined,
    table.rows.length === 0 ? el('p', { class: 'empty' }, 'No rows.') : el('div', { class: 'table-scroll' }, element),
  );
}
