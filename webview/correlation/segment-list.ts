import { formatStatistic } from '../../src/core/report/correlation-format';
import { digitsFor } from '../../src/core/report/format-report';
import { Column, sortableTable } from '../compare/sortable-table';
import { el } from '../report/dom';
import { arrowKeysBetween } from '../shared/list-keyboard';
import { PanelContext, sortOf } from './panel-context';

export const SEGMENT_LIST_ID = 'segment-list';

/**
 * The judged segments behind one point of a scatter plot: segment id (a button that opens the system's output at
 * that line), the human score, every metric's sentence score and the hypothesis (asked for from the extension, shown
 * as text). Sortable like the other tables, so the segments where metric and humans disagree most are a click away.
 */
export function segmentListSection(context: PanelContext): HTMLElement {
  const section = el('section', { id: SEGMENT_LIST_ID, class: 'segment-list-section', 'aria-live': 'polite' });
  const selected = context.state.selected;
  const table = context.report.segments;
  if (!selected || !table) {
    section.append(el('p', { class: 'note' }, table ? 'No system selected: click a point of a scatter plot, or a segment count in the systems table.' : 'This report has no per-segment scores.'));
    return section;
  }
  const s = table.systems.indexOf(selected.system);
  if (s < 0) {
    section.append(el('p', { class: 'note' }, `${selected.system} has no output in this evaluation.`));
    return section;
  }
  const openable = context.message.openable.includes(selected.system);
  const lines = context.texts.get(selected.system);
  if (!lines && openable) context.requestTexts(selected.system);
  const metrics = context.report.metrics;
  const human = table.human[s];
  const rows: number[] = [];
  for (let i = 0; i < human.length; i++) if (human[i] !== null) rows.push(i);
  const columns: Column[] = [
    { key: 'item', label: '#', numeric: true, initial: 'ascending', description: 'Segment (line) — opens the system output there' },
    { key: 'human', label: context.report.human.label, numeric: true },
    ...metrics.map((m): Column => ({ key: `m:${m.name}`, label: m.label, numeric: true, initial: m.higherIsBetter ? 'descending' : 'ascending' })),
    { key: 'text', label: 'hypothesis' },
  ];
  const element = sortableTable({
    label: `Segments of ${selected.system}`,
    className: 'segments',
    columns,
    rowCount: rows.length,
    rowAttributes: (r) => ({ 'data-index': String(rows[r]) }),
    value: (r, key) => {
      const i = rows[r];
      if (key === 'item') return i;
      if (key === 'human') return human[i] ?? undefined;
      if (key === 'text') return lines?.[i];
      return table.scores[key.slice(2)]?.[s]?.[i] ?? undefined;
    },
    cell: (r, key) => {
      const i = rows[r];
      if (key === 'item') {
        if (!openable) return table.items[i];
        const button = el('button', { type: 'button', class: 'segment-link', 'data-index': String(i), title: `Open ${selected.system} at segment ${table.items[i]}` }, table.items[i]);
        button.addEventListener('click', () => context.post({ type: 'openSegment', system: selected.system, index: i }));
        return button;
      }
      if (key === 'human') return formatStatistic(human[i]);
      if (key === 'text') return el('span', { class: 'hypothesis' }, lines ? (lines[i] ?? '') : openable ? '…' : '');
      const metric = key.slice(2);
      return formatStatistic(table.scores[metric]?.[s]?.[i] ?? null, digitsFor(metric));
    },
    ...sortOf(context, 'segments'),
  });
  arrowKeysBetween(element, 'button.segment-link');
  const close = el('button', { type: 'button', class: 'close-segments', title: 'Close the list' }, 'Close');
  close.addEventListener('click', () => context.update({ selected: undefined }, 'segments'));
  const metricLabel = metrics.find((m) => m.name === selected.metric)?.label ?? selected.metric;
  section.append(
    el('div', { class: 'table-heading' }, el('h3', {}, `Segments of ${selected.system}`), close),
    el('p', { class: 'note' }, `${rows.length} of ${table.items.length} segments judged (you clicked its ${metricLabel} point). Sort by a column to find where metric and humans disagree; a segment number opens the output at that line.`),
    element,
  );
  return section;
}
