import type { MetricInfo } from '../../src/core/meta/correlation-report';
import { CORRELATION_SYMBOLS, formatInterval, formatPValue, formatStatistic } from '../../src/core/report/correlation-format';
import { correlationTable } from '../../src/core/report/correlation-tables';
import { el } from '../report/dom';
import { systemScatter } from './charts';
import { modelTable, tableHeading } from './model-table';
import { PanelContext, sortOf } from './panel-context';
import { plotExportButtons } from './plot-export';
import { segmentListSection } from './segment-list';

/** Adjusted p-values below this are marked (the comparisons' family-wise level, as `understudy compare` marks them). */
export const COMPARISON_ALPHA = 0.05;

/** The table of system-level correlations: per metric and coefficient, value, analytic and bootstrap intervals, p. */
function correlationsSection(context: PanelContext): HTMLElement {
  const { report } = context;
  const table = correlationTable(report, { table: 'system-level' });
  if (!table) return el('section');
  const boot = report.settings.bootstrap;
  const percent = `${Math.round(report.settings.level * 1000) / 10}%`;
  const element = modelTable(table, {
    className: 'system-level',
    label: 'System-level correlations',
    ...sortOf(context, 'system-level'),
    descriptions: {
      3: `${percent} interval: Fisher z (Pearson), Bonett–Wright (Spearman), Fieller (Kendall)`,
      4: boot ? `${percent} percentile bootstrap interval, ${boot.samples} samples redrawing ${boot.resample}, seed ${boot.seed}` : 'bootstrap off',
      5: 'Two-sided p-value for no association (SciPy 1.10)',
    },
  });
  const included = report.systems.filter((s) => s.included).length;
  return el(
    'section',
    { class: 'correlations-section' },
    tableHeading('System-level correlations', 'system-level', (format) => context.exportTable('system-level', format, element)),
    el('p', { class: 'note' }, `${included} systems; ${percent} intervals${boot ? `; bootstrap ${boot.samples} samples (${boot.resample}, seed ${boot.seed})` : '; no bootstrap'}.${report.metrics.some((m) => m.negated) ? ' Lower-is-better metrics are correlated as −score (marked −).' : ''}`),
    element,
  );
}

/** Is one metric's correlation significantly higher than another's (Williams, permutation), at one level. */
export function comparisonsSection(context: PanelContext, level: 'system' | 'segment'): HTMLElement | undefined {
  const { report } = context;
  const filtered = correlationTable(report, { table: 'comparisons', level });
  if (!filtered || filtered.rows.length === 0) return undefined;
  const adjusted = (row: number, column: number): boolean => {
    const value = filtered.rows[row][column];
    return typeof value === 'number' && value < COMPARISON_ALPHA;
  };
  const element = modelTable(filtered, {
    className: `comparisons ${level}-comparisons`,
    label: `Metric comparisons, ${level} level`,
    ...sortOf(context, `comparisons-${level}`),
    cellClass: (row, column) => ((column === 6 || column === 8) && adjusted(row, column) ? 'significant' : undefined),
    descriptions: {
      4: 'corr(better) − corr(worse)',
      5: "Williams' test for dependent correlations (Pearson only), one-sided",
      6: `Williams p after ${report.settings.correction} adjustment over the pairs of one coefficient; bold below ${COMPARISON_ALPHA}`,
      7: "mt-metrics-eval's permutation test, one-sided",
      8: `Permutation p after ${report.settings.correction} adjustment; bold below ${COMPARISON_ALPHA}`,
    },
  });
  return el(
    'section',
    { class: 'comparisons-section' },
    tableHeading(level === 'system' ? 'Is one metric better than another?' : 'Segment level: is one metric better than another?', 'comparisons', (format) =>
      context.exportTable('comparisons', format, element, { level }),
    ),
    el('p', { class: 'note' }, `One-sided p that "better" correlates higher than "worse"; adjusted by ${report.settings.correction}, bold below ${COMPARISON_ALPHA}.`),
    element,
  );
}

/** The coefficients of one metric as a small table: value, analytic interval, bootstrap interval, p. */
function estimatesTable(context: PanelContext, metric: MetricInfo): HTMLElement {
  const estimates = context.report.systemLevel.find((m) => m.metric === metric.name)?.estimates ?? [];
  const percent = `${Math.round(context.report.settings.level * 1000) / 10}%`;
  const hasBootstrap = estimates.some((e) => e.bootstrap !== null);
  return el(
    'table',
    { class: 'estimates', 'aria-label': `Correlations of ${metric.label} with the human score` },
    el('thead', {}, el('tr', {}, el('th', {}, ''), el('th', { class: 'numeric' }, 'value'), el('th', { class: 'numeric' }, `${percent} CI`), ...(hasBootstrap ? [el('th', { class: 'numeric' }, 'bootstrap')] : []), el('th', { class: 'numeric' }, 'p'))),
    el(
      'tbody',
      {},
      ...estimates.map((e) =>
        el(
          'tr',
          { 'data-correlation': e.correlation },
          el('th', { scope: 'row', class: 'symbol', title: e.correlation }, CORRELATION_SYMBOLS[e.correlation]),
          el('td', { class: 'numeric' }, formatStatistic(e.statistic)),
          el('td', { class: 'numeric' }, formatInterval(e.interval)),
          ...(hasBootstrap ? [el('td', { class: 'numeric' }, formatInterval(e.bootstrap))] : []),
          el('td', { class: 'numeric' }, formatPValue(e.pvalue)),
        ),
      ),
    ),
  );
}

/** One figure per metric: systems by metric score and human score, fitted line, the coefficients with their intervals. */
function scatterSection(context: PanelContext): HTMLElement {
  const { report, width } = context;
  const columns = width >= 1100 ? 3 : width >= 640 ? 2 : 1;
  const plotWidth = Math.max(260, Math.floor((width - 16 * (columns - 1)) / columns));
  const selected = context.state.selected?.system;
  const figures = report.metrics.map((metric) => {
    const figure = el('figure', { class: 'scatter', 'data-metric': metric.name });
    const plot = systemScatter(report, metric, plotWidth, context.colours, selected, (system) => context.update({ selected: { system, metric: metric.name } }, 'segments'));
    figure.append(
      el('figcaption', {}, el('span', { class: 'metric' }, metric.negated ? `${metric.label} (correlated as −${metric.label})` : metric.label), estimatesTable(context, metric)),
      plot,
      plotExportButtons(figure, `scatter-${metric.name}`, (name, format, data) => context.exportPlot(name, format, data)),
    );
    return figure;
  });
  return el(
    'section',
    { class: 'scatter-section' },
    el('h3', {}, `Metric against ${report.human.label}, one point per system`),
    el('p', { class: 'note' }, 'Click a point (or focus it and press Enter) to list that system’s segments below.'),
    el('div', { class: 'scatter-grid', 'data-columns': String(columns) }, ...figures),
  );
}

/** The systems × metrics table with the human column; a system opens its file, its segment count lists its segments. */
function systemsSection(context: PanelContext): HTMLElement {
  const { report, message } = context;
  const table = correlationTable(report, { table: 'systems' });
  if (!table) return el('section');
  const openable = new Set(message.openable);
  const firstMetric = report.metrics[0]?.name ?? '';
  const element = modelTable(table, {
    className: 'systems',
    label: 'Systems and their scores',
    ...sortOf(context, 'systems'),
    cell: (row, column, text) => {
      const system = report.systems[row];
      if (column === 0 && system.file !== null && openable.has(system.name)) {
        const button = el('button', { type: 'button', class: 'system-link', 'data-system': system.name, title: `Open ${system.file}` }, text);
        button.addEventListener('click', () => context.post({ type: 'openSystem', system: system.name }));
        return button;
      }
      if (column === 2 && system.included && system.judgedSegments > 0 && report.segments) {
        const button = el('button', { type: 'button', class: 'list-segments', 'data-system': system.name, 'aria-label': `List the ${text} judged segments of ${system.name}` }, text);
        button.addEventListener('click', () => context.update({ selected: { system: system.name, metric: context.state.selected?.metric ?? firstMetric } }, 'segments'));
        return button;
      }
      return undefined;
    },
    cellClass: (row) => (report.systems[row].included ? undefined : 'excluded'),
    descriptions: { 1: report.human.systemScores === 'official' ? 'The judgments’ own system score' : 'Mean of the judged segments' },
  });
  return el(
    'section',
    { class: 'systems-section' },
    tableHeading('Systems', 'systems', (format) => context.exportTable('systems', format, element)),
    el('p', { class: 'note' }, `Metric scores as \`understudy score\` prints them; human: ${report.human.systemScores === 'official' ? 'the judgments’ own system scores' : 'the mean of the judged segments'}. Greyed rows are not correlated (see the note).`),
    element,
  );
}

/** The first tab: correlations, comparisons, scatter plots with the selected system's segments, and the systems table. */
export function systemLevelView(context: PanelContext): HTMLElement[] {
  return [correlationsSection(context), comparisonsSection(context, 'system'), scatterSection(context), segmentListSection(context), systemsSection(context)].filter(
    (e): e is HTMLElement => e !== undefined,
  );
}
