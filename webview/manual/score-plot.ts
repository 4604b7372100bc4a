import * as Plot from '@observablehq/plot';
import type { ManualTable } from '../../src/core/meta/manual/manual-tables';
import { el } from '../report/dom';
import { PLOT_CLASS, themeColours, withoutInlineStyle } from '../report/histogram';

/** One score column of a table, drawn as one mark per row. */
export interface PlottedMeasure {
  readonly column: string;
  readonly label: string;
}

interface Dot {
  readonly name: string;
  readonly measure: string;
  readonly value: number;
}

const SYMBOLS = ['circle', 'diamond', 'triangle'] as const;
const SYMBOL_GLYPHS = ['●', '◆', '▲'];
const COLOUR_NAMES = ['blue', 'orange', 'green'];

/**
 * A table's scores per row (system, run) as dots on one axis, rows sorted by the first measure, best on top: the
 * per-system table at a glance. Every dot is focusable and read out with its row, measure and value (as printed).
 */
export function scoreDotPlot(table: ManualTable, nameColumn: string, measures: readonly PlottedMeasure[], width: number, title: string): HTMLElement | undefined {
  const nameIndex = table.header.indexOf(nameColumn);
  const columns = measures.map((m) => ({ ...m, index: table.header.indexOf(m.column) })).filter((m) => m.index >= 0);
  if (nameIndex < 0 || columns.length === 0 || table.rows.length === 0) return undefined;
  const first = columns[0].index;
  const rows = [...table.rows].sort((a, b) => (typeof b[first] === 'number' ? (b[first] as number) : -Infinity) - (typeof a[first] === 'number' ? (a[first] as number) : -Infinity));
  const names = rows.map((r) => String(r[nameIndex]));
  const dots: Dot[] = columns.flatMap((m) => rows.filter((r) => typeof r[m.index] === 'number').map((r) => ({ name: String(r[nameIndex]), measure: m.label, value: r[m.index] as number })));
  if (dots.length === 0) return undefined;
  const { palette, foreground } = themeColours();
  const chart = Plot.plot({
    className: PLOT_CLASS,
    width,
    height: 50 + 18 * names.length,
    marginLeft: Math.min(260, 12 + 7 * Math.max(...names.map((n) => n.length))),
    marginRight: 20,
    grid: true,
    x: { label: `${columns.map((m) => m.label).join(', ')} →`, nice: true },
    y: { domain: names, label: null },
    symbol: { domain: columns.map((m) => m.label), range: SYMBOLS.slice(0, columns.length) },
    color: { domain: columns.map((m) => m.label), range: palette.slice(0, columns.length) },
    marks: [
      Plot.ruleY(names, { stroke: foreground, strokeOpacity: 0.15 }),
      Plot.dot(dots, { x: 'value', y: 'name', symbol: 'measure', fill: 'measure', r: 4, title: (d: Dot) => `${d.name}\n${d.measure} ${d.value.toFixed(4)}` }),
    ],
  });
  const svg = withoutInlineStyle(chart);
  svg.querySelectorAll('g[aria-label="dot"] path, g[aria-label="dot"] circle').forEach((mark, i) => {
    const dot = dots[i];
    if (!dot) return;
    mark.setAttribute('tabindex', '0');
    mark.setAttribute('role', 'img');
    mark.setAttribute('class', 'score-dot');
    mark.setAttribute('aria-label', `${dot.name}: ${dot.measure} ${dot.value.toFixed(4)}`);
  });
  const key = columns.map((m, i) => `${SYMBOL_GLYPHS[i]} ${m.label} (${COLOUR_NAMES[i]})`).join(', ');
  return el('figure', { class: 'scores', 'data-table': table.name }, el('figcaption', {}, `${title}: ${key}; best on top.`), svg);
}

/** Which columns of which table each analysis plots (names as `--tsv` writes them). */
export const SCORE_PLOTS: Readonly<Record<string, { table: string; name: string; measures: (header: readonly string[]) => PlottedMeasure[]; title: string }>> = {
  pyramid: { table: 'systems', name: 'summarizer', measures: () => [{ column: 'modified', label: 'modified pyramid' }, { column: 'original', label: 'original pyramid' }], title: 'Per system' },
  realsumm: { table: 'systems', name: 'system', measures: () => [{ column: 'modified', label: 'modified pyramid (mean)' }, { column: 'pooled_recall', label: 'pooled ΣD/Σn' }], title: 'Per system' },
  nuggets: {
    table: 'runs',
    name: 'run',
    measures: (header) => {
      const f = header.find((h) => h.startsWith('mean_F'));
      return [...(f ? [{ column: f, label: `F(${f.slice('mean_F'.length)})` }] : []), { column: 'mean_recall', label: 'recall' }, { column: 'mean_precision', label: 'precision' }];
    },
    title: 'Per run',
  },
};
