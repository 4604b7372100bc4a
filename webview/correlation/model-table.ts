import type { FormattableTable, TableCell, TableExportFormat } from '../../src/core/report/correlation-tables';
import { formatTableCell } from '../../src/core/report/correlation-tables';
import { Column, sortableTable } from '../compare/sortable-table';
import type { TableSort } from '../compare/table-sort';
import { el } from '../report/dom';

export interface ModelTableOptions {
  readonly className: string;
  readonly label: string;
  readonly sort: TableSort | undefined;
  readonly onSort: (sort: TableSort) => void;
  /** Replaces a cell's content (e.g. a system name by a button that opens its file). */
  readonly cell?: (row: number, column: number, text: string) => Node | string | undefined;
  /** Extra classes of a cell (e.g. `significant`). */
  readonly cellClass?: (row: number, column: number) => string | undefined;
  /** Tooltip and screen-reader text of a header, by column index. */
  readonly descriptions?: Readonly<Record<number, string>>;
}

/** The value a cell sorts by: numbers as numbers (an interval by its lower end), text as shown, missing values last. */
function sortValue(cell: TableCell): number | string | undefined {
  if (cell === null) return undefined;
  if (Array.isArray(cell)) return cell[0] ?? undefined;
  return cell as number | string;
}

/**
 * One table of the report as the exports write it (src/core/report/correlation-tables.ts), drawn as a sortable table:
 * header cells sort on click, Enter or Space, arrow keys move between them. Every row carries `data-row` (its index
 * in the model), so the display order can be exported as it is.
 */
export function modelTable(table: FormattableTable, options: ModelTableOptions): HTMLTableElement {
  const columns: Column[] = table.columns.map((c, k) => ({
    key: `c${k}`,
    label: c.label,
    numeric: c.kind !== 'text',
    initial: c.kind === 'p' ? 'ascending' : c.kind === 'text' ? 'ascending' : 'descending',
    description: options.descriptions?.[k],
  }));
  const element = sortableTable({
    label: options.label,
    className: options.className,
    columns,
    rowCount: table.rows.length,
    rowAttributes: (row) => ({ 'data-row': String(row) }),
    value: (row, key) => sortValue(table.rows[row][Number(key.slice(1))]),
    cell: (row, key) => {
      const k = Number(key.slice(1));
      const text = formatTableCell(table.columns[k], table.rows[row][k]);
      return options.cell?.(row, k, text) ?? text;
    },
    sort: options.sort,
    onSort: options.onSort,
  });
  if (options.cellClass) {
    for (const tr of element.tBodies[0].rows) {
      const row = Number(tr.dataset.row);
      [...tr.cells].forEach((td, k) => {
        const extra = options.cellClass?.(row, k);
        if (extra) td.classList.add(...extra.split(' '));
      });
    }
  }
  return element;
}

/** The model indexes of a table's rows in the order shown. */
export function displayedOrder(table: HTMLTableElement): number[] {
  return [...table.tBodies[0].rows].map((tr) => Number(tr.dataset.row));
}

const FORMAT_LABELS: readonly [TableExportFormat, string][] = [
  ['csv', 'CSV'],
  ['latex', 'LaTeX'],
  ['markdown', 'Markdown'],
];

/** "Export: CSV LaTeX Markdown" buttons; each asks the extension to save the table (rows in the order shown). */
export function tableExportButtons(id: string, what: string, onExport: (format: TableExportFormat) => void): HTMLElement {
  return el(
    'span',
    { class: 'export', 'data-table': id },
    el('span', { class: 'export-label' }, 'Export'),
    ...FORMAT_LABELS.map(([format, label]) => {
      const button = el('button', { type: 'button', class: 'export-table', 'data-format': format, title: `Save ${what} as ${label}` }, label);
      button.addEventListener('click', () => onExport(format));
      return button;
    }),
  );
}

/** A section heading with the table's export buttons beside it. */
export function tableHeading(title: string, id: string, onExport: (format: TableExportFormat) => void): HTMLElement {
  return el('div', { class: 'table-heading' }, el('h3', {}, title), tableExportButtons(id, title.toLowerCase(), onExport));
}
