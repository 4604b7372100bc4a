import '../correlation/correlation.css';
import '../rose/rose.css';
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-checkbox/index.js';
import '@vscode-elements/elements/dist/vscode-collapsible/index.js';
import '@vscode-elements/elements/dist/vscode-option/index.js';
import '@vscode-elements/elements/dist/vscode-single-select/index.js';
import * as Plot from '@observablehq/plot';
import type { GapPointResult, HumanSystemGapResult } from '../../src/core/meta/gap/human-system-gap';
import { gapGroupsTable, gapLines, gapPointsTable } from '../../src/core/meta/rose/rose-tables';
import type { TableSort } from '../compare/table-sort';
import { plotExportButtons } from '../correlation/plot-export';
import { el } from '../report/dom';
import { PLOT_CLASS, themeColours, withoutInlineStyle } from '../report/histogram';
import { redrawOnThemeAndResize } from '../shared/redraw';
import { GapRunOptions, isShowGapMessage, MessageFromGapWebview, ROBUST_METHOD_NAMES, ShowGapMessage } from '../shared/rose-protocol';
import { vscodeApi } from '../shared/vscode-api';
import { checkedValues, cliLines, cliTable, displayedOrder, fieldValue, reproduceSection, selectField, STATUS_ID, statusLine, tableHeading } from '../rose/table-view';
import { keptOnRedraw, replaceStatus } from '../shared/rerender';

interface GapViewState {
  readonly sort?: TableSort;
  readonly optionsOpen?: boolean;
}

const api = vscodeApi<MessageFromGapWebview, GapViewState>();
const root = document.getElementById('gap') ?? document.body;
let current: ShowGapMessage | undefined;
let renderedRevision: number | undefined;
let state: GapViewState = api.getState() ?? {};
const post = (message: MessageFromGapWebview): void => api.postMessage(message);

function setState(patch: Partial<GapViewState>): void {
  state = { ...state, ...patch };
  api.setState(state);
}

const METHOD_LABELS: Readonly<Record<string, string>> = {
  bisquare: 'bisquare IRLS (default, as MATLAB robustfit)',
  huber: 'Huber IRLS',
  'theil-sen': 'Theil–Sen',
  ols: 'least squares (not robust)',
};

/**
 * Metric (x) against human score (y): systems as circles, human-written rows as diamonds in another theme colour,
 * excluded rows hollow; each group's robust line over the whole metric range (the systems' line reaching into the
 * humans' region, as the paper's figure extrapolates it). Every point is focusable and says its numbers.
 */
function scatter(result: HumanSystemGapResult, width: number): SVGSVGElement | HTMLElement {
  const { palette, foreground } = themeColours();
  const colour = (p: GapPointResult): string => (p.group === 'human' ? palette[1] : palette[0]);
  const lines = [
    { group: 'systems', line: result.systems.line, stroke: palette[0] },
    ...(result.humans ? [{ group: 'humans', line: result.humans.line, stroke: palette[1] }] : []),
  ].flatMap(({ group, line, stroke }) => (line && line.y1 !== null && line.y2 !== null ? [{ group, stroke, points: [[line.x1, line.y1], [line.x2, line.y2]] as [number, number][] }] : []));
  const points = result.points;
  const chart = Plot.plot({
    className: PLOT_CLASS,
    width,
    height: Math.round(Math.min(460, Math.max(280, width * 0.6))),
    marginLeft: 56,
    marginRight: 24,
    marginTop: 24,
    inset: 12,
    grid: true,
    x: { label: `${result.metric} →` },
    y: { label: `↑ ${result.humanScore}` },
    symbol: { domain: ['system', 'human'], range: ['circle', 'diamond'] },
    marks: [
      ...lines.map((l) => Plot.line(l.points, { stroke: l.stroke, strokeWidth: 1.5, strokeDasharray: l.group === 'humans' ? '5,3' : undefined })),
      Plot.dot(points, {
        x: 'metric',
        y: 'human',
        r: 5,
        symbol: 'group',
        fill: (p: GapPointResult) => (p.excluded ? 'none' : colour(p)),
        stroke: (p: GapPointResult) => colour(p),
        strokeWidth: 1.5,
        title: (p: GapPointResult) => `${p.name} (${p.group}${p.excluded ? ', excluded' : ''})\n${result.metric} ${p.metric}\n${result.humanScore} ${p.human}`,
      }),
      Plot.text(points, { x: 'metric', y: 'human', text: 'name', dy: -10, fill: foreground, fontSize: 10 }),
    ],
  });
  const svg = withoutInlineStyle(chart);
  // Plot draws the dots in data order: dot i is points[i].
  svg.querySelectorAll('g[aria-label="dot"] > *').forEach((dot, i) => {
    const p = points[i];
    if (!p) return;
    dot.setAttribute('tabindex', '0');
    dot.setAttribute('class', `point ${p.group}`);
    dot.setAttribute('data-name', p.name);
    dot.setAttribute('aria-label', `${p.name}, ${p.group === 'human' ? 'human-written' : 'system'}${p.excluded ? ', excluded from the fits' : ''}: ${result.metric} ${p.metric}, ${result.humanScore} ${p.human}, ${p.residualFromSystems === null ? 'no' : p.residualFromSystems.toFixed(4)} from the systems' line.`);
  });
  return svg;
}

function optionsForm(message: ShowGapMessage, open: boolean): HTMLElement {
  const collapsible = el('vscode-collapsible', { class: 'options', heading: 'Options', ...(open && { open: '' }) });
  const o = message.options;
  const build = (): HTMLElement => {
    const error = el('p', { class: 'form-error', role: 'alert' });
    const apply = el('vscode-button', { class: 'apply' }, 'Apply');
    const names = message.result?.points.map((p) => p.name) ?? [];
    const labels = message.groupValues.includes(o.humanLabel) ? message.groupValues : [o.humanLabel, ...message.groupValues];
    const form = el(
      'div',
      { class: 'options-form' },
      el(
        'div',
        { class: 'option-row' },
        selectField('metric', 'Metric (x)', message.numeric.map((c) => [c, c] as const), o.metric, '--metric'),
        selectField('human', 'Human score (y)', message.numeric.map((c) => [c, c] as const), o.human, '--human'),
        selectField('group', 'Group column', message.columns.map((c) => [c, c] as const), o.group, '--group'),
        selectField('humanLabel', 'Human-written rows have', labels.map((v) => [v, v] as const), o.humanLabel, '--human-label'),
        el('div', { class: 'chooser' }, selectField('method', 'Line', ROBUST_METHOD_NAMES.map((m) => [m, METHOD_LABELS[m]] as const), o.method ?? 'bisquare', '--method'), el('span', { class: 'paper-open' }, 'paper open: the paper does not name its robust fit')),
      ),
      names.length > 0
        ? el('fieldset', { class: 'option-group', 'data-name': 'exclude', title: '--exclude: drawn, left out of the fits (the paper\'s footnote 1)' }, el('legend', {}, 'Exclude from the fits'), ...names.map((n) => el('vscode-checkbox', { name: 'exclude', value: n, label: n, ...(o.exclude.includes(n) && { checked: '' }) })))
        : '',
      el('div', { class: 'option-actions' }, apply, error),
    );
    apply.addEventListener('click', () => {
      const metric = fieldValue(form, 'metric') || o.metric;
      const human = fieldValue(form, 'human') || o.human;
      const method = fieldValue(form, 'method');
      if (metric === human) {
        error.textContent = 'Cannot apply: the metric and the human score must be different columns.';
        return;
      }
      error.textContent = '';
      const options: GapRunOptions = {
        metric,
        human,
        group: fieldValue(form, 'group') || o.group,
        humanLabel: fieldValue(form, 'humanLabel') || o.humanLabel,
        ...(o.unit !== undefined && { unit: o.unit }),
        exclude: names.length > 0 ? checkedValues(form, 'exclude') : o.exclude,
        // The CLI's default is left implicit, as its command line leaves it out.
        ...(method !== '' && (method !== 'bisquare' || o.method !== undefined) && { method: method as GapRunOptions['method'] }),
      };
      post({ type: 'recompute', options });
    });
    return form;
  };
  if (open) collapsible.append(build());
  collapsible.addEventListener('vsc-collapsible-toggle', (event) => {
    const isOpen = Boolean((event as CustomEvent<{ open: boolean }>).detail?.open);
    if (isOpen && collapsible.childElementCount === 0) collapsible.append(build());
    setState({ optionsOpen: isOpen });
  });
  return collapsible;
}

const status = (message: ShowGapMessage): HTMLElement => statusLine(message.status, message.result !== undefined, 'Fitting', { onRerun: () => post({ type: 'recompute', options: message.options }) });

function resultSections(message: ShowGapMessage): HTMLElement[] {
  const result = message.result;
  if (!result) return [];
  const figure = el('figure', { class: 'gap-scatter' }, scatter(result, Math.max(320, Math.min(1000, (root.clientWidth || 900) - 8))));
  const points = gapPointsTable(result);
  const pointsElement = cliTable(points, 'gap-points', state.sort, (sort) => setState({ sort }), (row) => [result.points[row].group === 'human' ? 'human' : '', result.points[row].excluded ? 'excluded' : ''].join(' ').trim() || undefined);
  const gap = gapLines(result);
  return [
    el('div', { class: 'table-heading' }, el('h2', {}, `${result.metric} against ${result.humanScore}`), plotExportButtons(figure, `gap-${result.metric}-${result.humanScore}`, (name, format, data) => post({ type: 'exportPlot', name, format, data }))),
    el('p', { class: 'note legend' }, `Circles: systems; diamonds: human-written (dashed line); hollow: excluded from the fits. ${METHOD_LABELS[result.method]} line per group.`),
    figure,
    el('h2', {}, 'The gap'),
    gap.length > 0 ? cliLines(gap, 'gap-lines') : el('p', { class: 'note' }, `No row has ${message.options.group} = ${message.options.humanLabel}: only the systems are fitted.`),
    tableHeading('Groups', 'groups', (format) => post({ type: 'exportTable', table: 'groups', format })),
    cliTable(gapGroupsTable(result), 'gap-groups', undefined, () => undefined),
    tableHeading('Points', 'points', (format) => post({ type: 'exportTable', table: 'points', format, order: displayedOrder(pointsElement) })),
    pointsElement,
    result.notes.length > 0 ? el('ul', { class: 'notes' }, ...result.notes.map((n) => el('li', {}, `note: ${n}`))) : el('span'),
  ];
}

function render(): void {
  const message = current;
  if (!message) return;
  const sameNumbers = message.revision === renderedRevision;
  renderedRevision = message.revision;
  const scroll = window.scrollY;
  const result = message.result;
  const parts: (HTMLElement | undefined)[] = [
    el('h1', {}, message.title),
    el('p', { class: 'summary' }, result ? `Human–system gap: ${result.metric} (x) vs ${result.humanScore} (y), ${result.method} lines` : `Table ${message.table}`),
    status(message),
    message.warnings.length > 0 ? el('div', { class: 'warnings', role: 'note' }, ...message.warnings.map((w) => el('p', {}, w))) : undefined,
    keptOnRedraw(root, sameNumbers, () => optionsForm(message, state.optionsOpen ?? false)),
    ...resultSections(message),
    reproduceSection(message.commandLine, message.unsaved, result?.signature, (text) => post({ type: 'copy', text })),
  ];
  root.replaceChildren(...parts.filter((p): p is HTMLElement => p !== undefined));
  window.scrollTo(0, scroll);
}

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  if (!isShowGapMessage(event.data)) return;
  current = event.data;
  if (current.revision !== renderedRevision) render();
  else {
    const shown = current;
    replaceStatus(STATUS_ID, () => status(shown));
  }
});

redrawOnThemeAndResize(() => {
  if (current) render();
});

post({ type: 'ready' });
