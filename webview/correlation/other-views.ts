import '@vscode-elements/elements/dist/vscode-option/index.js';
import '@vscode-elements/elements/dist/vscode-single-select/index.js';
import type { CorrelationName } from '../../src/core/meta/stats/correlation-functions';
import { CORRELATION_SYMBOLS } from '../../src/core/report/correlation-format';
import { CorrelationTable, correlatedMetricLabel, correlationTable } from '../../src/core/report/correlation-tables';
import { el } from '../report/dom';
import { metricHeatmap, segmentScatter } from './charts';
import { modelTable, tableHeading } from './model-table';
import { PanelContext, sortOf } from './panel-context';
import { plotExportButtons } from './plot-export';
import { comparisonsSection } from './system-level';

/** A labelled vscode-single-select whose change calls `onChange` with the chosen value. */
function chooser(label: string, className: string, options: readonly [string, string][], value: string, onChange: (value: string) => void): HTMLElement {
  const control = el('vscode-single-select', { class: className, 'aria-label': label }, ...options.map(([v, text]) => el('vscode-option', { value: v, ...(v === value && { selected: '' }) }, text)));
  control.addEventListener('change', () => onChange((control as HTMLElement & { value: string }).value));
  return el('label', { class: 'chooser' }, el('span', {}, label), control);
}

/** Each system's own segment-level correlation per metric (the METEOR paper's per-system table), for one coefficient. */
function perSystemTable(context: PanelContext): HTMLElement | undefined {
  const { report } = context;
  const byMetric = report.segmentLevel?.correlations.filter((c) => c.grouping === 'by-system') ?? [];
  if (byMetric.length === 0) return undefined;
  const correlation = report.settings.correlations[0];
  const chosen = byMetric.filter((c) => c.correlation === correlation);
  const systems = chosen[0]?.perGroup.map((g) => g.key) ?? [];
  const info = new Map(report.metrics.map((m) => [m.name, m]));
  const table: CorrelationTable = {
    id: 'segment-level',
    title: '',
    columns: [{ label: 'system', kind: 'text' }, ...chosen.map((c) => ({ label: correlatedMetricLabel(info.get(c.metric), c.metric), kind: 'number' as const, digits: 4 }))],
    rows: systems.map((system) => [system, ...chosen.map((c) => c.perGroup.find((g) => g.key === system)?.statistic ?? null)]),
    notes: [],
  };
  return el(
    'section',
    { class: 'per-system-section' },
    el('h3', {}, `Per system (${CORRELATION_SYMBOLS[correlation]} of each system's segments; the "by-system" rows average them)`),
    modelTable(table, { className: 'per-system', label: 'Segment-level correlation per system', ...sortOf(context, 'per-system') }),
  );
}

/** Segment level: the correlations (pooled, per system, per item), Williams' comparisons, per-system values and a scatter. */
export function segmentLevelView(context: PanelContext): HTMLElement[] {
  const { report } = context;
  if (!report.segmentLevel) return [el('p', { class: 'note' }, 'The judgments are system-level only: there are no segment-level correlations.')];
  const table = correlationTable(report, { table: 'segment-level' });
  const element = table && modelTable(table, { className: 'segment-level', label: 'Segment-level correlations', ...sortOf(context, 'segment-level') });
  const metric = report.metrics.find((m) => m.name === context.state.segmentMetric) ?? report.metrics[0];
  const figure = el('figure', { class: 'segment-scatter', 'data-metric': metric.name });
  figure.append(
    el('figcaption', {}, `${metric.label} per segment against ${report.human.label}`),
    segmentScatter(report, metric, Math.min(context.width, 820), context.colours),
    plotExportButtons(figure, `segments-${metric.name}`, (name, format, data) => context.exportPlot(name, format, data)),
  );
  return [
    el(
      'section',
      { class: 'segment-level-section' },
      tableHeading('Segment-level correlations', 'segment-level', (format) => context.exportTable('segment-level', format, element)),
      el('p', { class: 'note' }, `${report.segmentLevel.judgedSegments} judged segments. pooled: every (system, segment) pair at once; by-system: per system, then averaged (the METEOR paper's protocol); by-item: per segment across systems, then averaged. Grouped p-values are means, not tests.`),
      ...(element ? [element] : []),
    ),
    ...[comparisonsSection(context, 'segment'), perSystemTable(context)].filter((e): e is HTMLElement => e !== undefined),
    el(
      'section',
      { class: 'segment-scatter-section' },
      chooser('Metric', 'segment-metric', report.metrics.map((m) => [m.name, m.label]), metric.name, (value) => context.update({ segmentMetric: value }, 'tab')),
      figure,
    ),
  ];
}

/** Metric × metric correlations: a heatmap and its table, for a chosen level and coefficient. */
export function matrixView(context: PanelContext): HTMLElement[] {
  const { report } = context;
  if (report.metricMatrices.length === 0) return [el('p', { class: 'note' }, 'No metric × metric correlations in this report.')];
  const wanted = context.state.matrix;
  const matrix = report.metricMatrices.find((m) => m.level === wanted?.level && m.correlation === wanted.correlation) ?? report.metricMatrices[0];
  const keyOf = (m: { level: string; correlation: string }): string => `${m.level}:${m.correlation}`;
  const choices = report.metricMatrices.map((m): [string, string] => [keyOf(m), `${m.level} level, ${m.correlation} (${CORRELATION_SYMBOLS[m.correlation]})`]);
  const request = { table: 'metric-matrix' as const, level: matrix.level, correlation: matrix.correlation };
  const table = correlationTable(report, request);
  const element = table && modelTable(table, { className: 'metric-matrix', label: 'Metric × metric correlations', ...sortOf(context, `matrix-${keyOf(matrix)}`) });
  const figure = el('figure', { class: 'heatmap', 'data-level': matrix.level, 'data-correlation': matrix.correlation });
  figure.append(
    metricHeatmap(report, matrix, Math.min(context.width, 720), context.colours),
    plotExportButtons(figure, `metrics-${matrix.level}-${matrix.correlation}`, (name, format, data) => context.exportPlot(name, format, data)),
  );
  return [
    el(
      'section',
      { class: 'matrix-section' },
      chooser('Matrix', 'matrix-choice', choices, keyOf(matrix), (value) => {
        const [level, correlation] = value.split(':') as ['system' | 'segment', CorrelationName];
        context.update({ matrix: { level, correlation } }, 'tab');
      }),
      el('p', { class: 'note' }, 'How much the metrics agree with each other (oriented as the human correlations: −score for lower-is-better metrics). Metrics that agree closely carry the same information.'),
      figure,
      tableHeading('Metric × metric', 'metric-matrix', (format) => context.exportTable('metric-matrix', format, element, { level: matrix.level, correlation: matrix.correlation })),
      ...(element ? [element] : []),
    ),
  ];
}

/** Owczarzak et al. (2012): per system pair, do metric and humans reach the same decision? */
export function agreementView(context: PanelContext): HTMLElement[] {
  const { report } = context;
  const table = correlationTable(report, { table: 'agreement' });
  if (!table) return [el('p', { class: 'note' }, 'Pairwise agreement needs segment-level judgments.')];
  const element = modelTable(table, {
    className: 'agreement',
    label: 'Pairwise agreement with the humans',
    ...sortOf(context, 'agreement'),
    descriptions: {
      4: 'Of the pairs the humans separate significantly, the share the metric separates in the same direction',
      5: 'Of the pairs the humans do not separate, the share the metric does not separate either',
      6: 'Share of pairs both separate significantly, in opposite directions',
      7: 'Share of pairs with the same three-way decision (A better, B better, no difference)',
      9: 'Share of pairs whose mean differences have the same sign',
    },
  });
  return [
    el(
      'section',
      { class: 'agreement-section' },
      tableHeading('Pairwise agreement with the humans', 'agreement', (format) => context.exportTable('agreement', format, element)),
      el('p', { class: 'note' }, `A Wilcoxon signed-rank test per system pair on the human scores and on the metric's sentence scores (α = ${report.settings.alpha}); diff, no diff, contr, sig and all as in Owczarzak et al. (2012).`),
      element,
    ),
  ];
}

/** Where the human scores come from, what was left out (by name), and the warnings. */
export function dataView(context: PanelContext): HTMLElement[] {
  const { report } = context;
  const { human, missing } = report;
  const item = (term: string, ...detail: (string | Node)[]): HTMLElement[] => [el('dt', {}, term), el('dd', {}, ...detail)];
  const list = (values: readonly string[]): HTMLElement => el('ul', {}, ...values.map((v) => el('li', {}, v)));
  const rows: [string, readonly string[]][] = [
    ['Excluded systems', missing.excludedSystems.map((e) => `${e.name}: ${e.reason}`)],
    ['Outputs without a human score', missing.systemsWithoutHumanScores],
    ['Judged systems without an output', missing.judgedSystemsWithoutOutput.map((j) => j.name)],
    ['Ambiguous file names', missing.ambiguousSystems.map((a) => `${a.system} (${a.candidates.join(' or ')})`)],
    ['Identical outputs judged once', missing.aliases.map((a) => `${a.names.join(' + ')} → ${a.countedAs}`)],
    ['Judgments of segments the outputs lack', missing.judgmentsWithoutSegment.map((j) => `${j.system}: ${j.items.length} (e.g. ${j.items.slice(0, 5).join(', ')})`)],
    ['Segments without a judgment (they still count for the metrics’ system scores)', missing.unjudgedSegments.map((u) => `${u.system}: ${u.count}`)],
  ];
  return [
    el(
      'section',
      { class: 'human-section' },
      el('h3', {}, 'Human score'),
      el(
        'dl',
        {},
        ...item('Label', human.label),
        ...item('Files', list(human.sources.map((s, i) => `${s} (${human.formats[i] ?? '?'})`))),
        ...item('Aspects', `${human.aspects.join(', ')}${human.aspects.length > 1 ? ` (${human.aspectCombination})` : ''}`),
        ...item('Normalisation', human.normalization === 'z-per-judge' ? 'z-scores per judge' : 'raw'),
        ...item('Level', human.level),
        ...item('System column', human.systemScores === 'official' ? 'the judgments’ own system scores' : 'mean of the judged segments'),
      ),
    ),
    el(
      'section',
      { class: 'missing-section' },
      el('h3', {}, 'Left out of the correlations'),
      el('dl', {}, ...rows.filter(([, values]) => values.length > 0).flatMap(([term, values]) => item(term, list(values)))),
      ...(rows.every(([, values]) => values.length === 0) ? [el('p', { class: 'note' }, 'Nothing: every system and every judgment was used.')] : []),
    ),
    el('section', { class: 'warnings-section' }, el('h3', {}, `Warnings (${report.warnings.length})`), report.warnings.length > 0 ? list(report.warnings) : el('p', { class: 'note' }, 'None.')),
  ];
}
