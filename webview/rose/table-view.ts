import '@vscode-elements/elements/dist/vscode-button/index.js';
import type { FormattableTable } from '../../src/core/report/correlation-tables';
import { cliCell } from '../../src/core/meta/rose/rose-tables';
import { sortableTable } from '../compare/sortable-table';
import type { TableSort } from '../compare/table-sort';
import { displayedOrder } from '../correlation/model-table';
import { el } from '../report/dom';
import { reproduceSection as sharedReproduceSection } from '../shared/reproduce';
import type { MetaStatus, TableExportFormatName } from '../shared/rose-protocol';

/** Pieces the ROSE and gap panels share: the status line, tables as the CLI prints them, export and copy buttons. */

export const STATUS_ID = 'meta-status';

/** Progress (percent of the splits, Cancel) or what stopped the run (Run again). */
export function statusLine(status: MetaStatus, hasResult: boolean, what: string, actions: { onCancel?: () => void; onRerun: () => void }): HTMLElement {
  const region = el('div', { id: STATUS_ID, class: `status ${status.state}`, role: 'status' });
  switch (status.state) {
    case 'computing': {
      const percent = Math.floor((100 * status.done) / Math.max(1, status.total));
      region.append(
        el('span', { class: 'stage' }, `${what}: ${status.done.toLocaleString('en')} of ${status.total.toLocaleString('en')}… `),
        el('progress', { max: '100', value: String(percent), 'aria-label': what }),
        el('span', { class: 'percent' }, `${percent}% `),
      );
      if (actions.onCancel) {
        const cancel = el('vscode-button', { class: 'cancel', secondary: '' }, 'Cancel');
        cancel.addEventListener('click', actions.onCancel);
        region.append(cancel);
      }
      if (hasResult) region.append(el('span', { class: 'note' }, ' The numbers below are from the previous options until these are ready.'));
      return region;
    }
    case 'cancelled':
    case 'error': {
      const rerun = el('vscode-button', { class: 'rerun', secondary: '' }, 'Run again');
      rerun.addEventListener('click', actions.onRerun);
      const text = status.state === 'cancelled' ? 'The computation was cancelled.' : `Could not compute: ${status.message}`;
      region.append(el('span', {}, `${text}${hasResult ? ' The numbers below are from the previous run.' : ''} `), rerun);
      return region;
    }
    case 'ready':
      return region;
  }
}

/** A sortable table of `table`'s rows, cells as the CLI prints them; rows carry `data-row` for an export in display order. */
export function cliTable(table: FormattableTable, className: string, sort: TableSort | undefined, onSort: (sort: TableSort) => void, cellClass?: (row: number) => string | undefined): HTMLTableElement {
  const element = sortableTable({
    label: table.title,
    className,
    columns: table.columns.map((c, k) => ({ key: `c${k}`, label: c.label, numeric: c.kind !== 'text', initial: c.kind === 'p' || c.kind === 'text' ? 'ascending' : 'descending' })),
    rowCount: table.rows.length,
    rowAttributes: (row) => ({ 'data-row': String(row), ...(cellClass?.(row) && { class: cellClass(row) as string }) }),
    value: (row, key) => {
      const cell = table.rows[row][Number(key.slice(1))];
      return cell === null || Array.isArray(cell) ? undefined : (cell as number | string);
    },
    cell: (row, key) => {
      const k = Number(key.slice(1));
      return cliCell(table.columns[k], table.rows[row][k]);
    },
    sort,
    onSort,
  });
  return element;
}

export { displayedOrder };

const FORMATS: readonly [TableExportFormatName, string][] = [
  ['csv', 'CSV'],
  ['latex', 'LaTeX'],
  ['markdown', 'Markdown'],
];

/** A heading with "Export: CSV LaTeX Markdown" beside it. */
export function tableHeading(title: string, id: string, onExport: (format: TableExportFormatName) => void): HTMLElement {
  return el(
    'div',
    { class: 'table-heading' },
    el('h3', {}, title),
    el(
      'span',
      { class: 'export', 'data-table': id },
      el('span', { class: 'export-label' }, 'Export'),
      ...FORMATS.map(([format, label]) => {
        const button = el('button', { type: 'button', class: 'export-table', 'data-format': format, title: `Save ${title.toLowerCase()} as ${label}` }, label);
        button.addEventListener('click', () => onExport(format));
        return button;
      }),
    ),
  );
}

/** The command line printing the panel's numbers, and the signature, each with a copy button. */
export function reproduceSection(commandLine: string, unsaved: boolean, signature: string | undefined, onCopy: (text: string) => void): HTMLElement {
  const hint = 'add --json for every number at full precision, --tsv for the table.';
  const commandNote = unsaved ? 'The table has unsaved changes: the panel used them, the command reads the saved file, so save it first.' : undefined;
  return sharedReproduceSection({ hint, commandLine, unsaved: [], commandNote, signature }, onCopy);
}

/** Lines printed as the CLI prints them (one <pre>, text only). */
export function cliLines(lines: readonly string[], className: string): HTMLElement {
  return el('pre', { class: `cli-lines ${className}` }, lines.join('\n'));
}

/** A labelled select of `vscode-single-select` (value → text), for the options forms. */
export function selectField(name: string, label: string, options: readonly (readonly [string, string])[], value: string, flag: string): HTMLElement {
  const control = el('vscode-single-select', { name, 'aria-label': label }, ...options.map(([v, text]) => el('vscode-option', { value: v, ...(v === value && { selected: '' }) }, text)));
  return el('label', { class: 'option', title: flag }, el('span', {}, label), control);
}

export function textField(name: string, label: string, value: string, flag: string): HTMLElement {
  const control = el('vscode-textfield', { name, value, 'aria-label': label });
  return el('label', { class: 'option', title: flag }, el('span', {}, label), control);
}

export function fieldValue(form: HTMLElement, name: string): string {
  const field = form.querySelector<HTMLElement & { value: string }>(`[name="${name}"]`);
  return (field?.value ?? '').trim();
}

export function checkedValues(form: HTMLElement, name: string): string[] {
  return [...form.querySelectorAll<HTMLElement & { checked: boolean; value: string }>(`vscode-checkbox[name="${name}"]`)].filter((c) => c.checked).map((c) => c.value);
}
