import '@vscode-elements/elements/dist/vscode-table/index.js';
import '@vscode-elements/elements/dist/vscode-table-header/index.js';
import '@vscode-elements/elements/dist/vscode-table-header-cell/index.js';
import '@vscode-elements/elements/dist/vscode-table-body/index.js';
import '@vscode-elements/elements/dist/vscode-table-row/index.js';
import '@vscode-elements/elements/dist/vscode-table-cell/index.js';
import type { JsonReport } from '../../src/core/report/report-json';
import { columnValue, MetricColumn, metricColumns } from './columns';
import { el } from './dom';
import { formatScore } from './format';
import { nextSort, SortState, sortedSystems, SYSTEM_KEY } from './sort';
import { systemLabels } from './system-names';

export interface ScoreTableOptions {
  readonly sort: SortState | undefined;
  /** Called with the sort the user asked for; the table has already re-ordered itself. */
  readonly onSort: (sort: SortState) => void;
  readonly onOpenFile: (file: string) => void;
}

const INDICATOR: Record<SortState['direction'], string> = { ascending: '▲', descending: '▼' };

/** The system's file name as a button: click, Enter or Space asks the extension to open the file. */
function systemCell(file: string, label: string, options: ScoreTableOptions): HTMLElement {
  const button = el('button', { type: 'button', class: 'system-link', title: `Open ${file}` }, label);
  button.addEventListener('click', () => options.onOpenFile(file));
  return el('vscode-table-cell', { class: 'system' }, button);
}

/**
 * Systems × metrics table of corpus scores (ROUGE-style results as P, R and F columns), signatures on hover.
 * Header cells sort on click, Enter or Space and announce their state through aria-sort; sorting moves the
 * existing rows, so keyboard focus stays where it was.
 */
export function scoreTable(report: JsonReport, options: ScoreTableOptions): HTMLElement {
  const columns = metricColumns(report);
  let sort = options.sort;
  const headerCells = new Map<string, HTMLElement>();
  const body = el('vscode-table-body', { slot: 'body' });
  const labels = systemLabels(report.systems.map((s) => s.file));
  const rowElements = report.systems.map(({ file, scores }, system) => {
    const row = el('vscode-table-row', { 'data-system': String(system), 'data-file': file }, systemCell(file, labels[system], options));
    for (const column of columns) {
      row.append(
        el(
          'vscode-table-cell',
          { class: 'numeric', 'data-key': column.key, title: scores[column.metric]?.signature },
          formatScore(columnValue(report, system, column), column.metric),
        ),
      );
    }
    return row;
  });

  const apply = (): void => {
    for (const [key, cell] of headerCells) {
      const active = sort?.key === key ? sort.direction : undefined;
      cell.setAttribute('aria-sort', active ?? 'none');
      const indicator = cell.querySelector('.sort-indicator');
      if (indicator) indicator.textContent = active ? INDICATOR[active] : '';
    }
    body.append(...sortedSystems(report, columns, sort).map((system) => rowElements[system]));
  };

  const headerCell = (label: string, key: string, column: MetricColumn | undefined): HTMLElement => {
    const cell = el(
      'vscode-table-header-cell',
      { tabindex: '0', 'data-key': key, class: column ? 'numeric' : undefined },
      el('span', { class: 'label' }, label),
      el('span', { class: 'sort-indicator', 'aria-hidden': 'true' }),
    );
    const activate = (): void => {
      sort = nextSort(sort, key, column);
      apply();
      options.onSort(sort);
    };
    cell.addEventListener('click', activate);
    cell.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        activate();
      }
    });
    headerCells.set(key, cell);
    return cell;
  };

  const header = el(
    'vscode-table-header',
    { slot: 'header' },
    headerCell('System', SYSTEM_KEY, undefined),
    ...columns.map((column) => headerCell(column.label, column.key, column)),
  );
  apply();
  const table = el('vscode-table', { class: 'scores', zebra: '', 'bordered-rows': '', 'aria-label': 'Corpus scores' }, header, body);
  // The system column gets what the numbers leave (about 12% each), between a quarter and a half of the width.
  table.columns = [`${Math.max(25, Math.min(50, 100 - 12 * columns.length))}%`];
  return table;
}
