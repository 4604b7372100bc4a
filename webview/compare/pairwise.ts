import type { ComparisonReport, MetricComparison } from '../../src/core/compare/comparison-report';
import { describeSettings, formatDelta, formatLineCounts, formatMetricValue, formatPValue, rankedSystems } from '../../src/core/compare/format-comparison';
import type { ShowPairwiseMessage } from '../shared/compare-protocol';
import { el } from '../report/dom';
import { systemLabels } from '../report/system-names';
import { commandLineBlock, signatureList, statusLine } from './common';
import { Column, sortableTable } from './sortable-table';
import { TableSort } from './table-sort';

/** What the pairwise view keeps across re-renders and panel reloads. */
export interface PairwiseViewState {
  readonly metric?: string;
  readonly systemSort?: TableSort;
  readonly pairSort?: TableSort;
}

export interface PairwiseActions {
  readonly state: PairwiseViewState;
  readonly onState: (state: PairwiseViewState) => void;
  readonly onComparePair: (baseline: number, system: number) => void;
  readonly onCancel: () => void;
  readonly onRerun: () => void;
  readonly onCopy: (text: string) => void;
}

/** Tabs, one per metric; Left/Right/Home/End move between them (the WAI-ARIA tabs pattern). */
function metricTabs(report: ComparisonReport, selected: string, onSelect: (metric: string) => void): HTMLElement {
  const tabs = report.metrics.map((metric) => {
    const active = metric.metric === selected;
    const tab = el('button', { type: 'button', role: 'tab', class: 'metric-tab', 'data-metric': metric.metric, 'aria-selected': String(active), tabindex: active ? '0' : '-1' }, metric.label);
    tab.addEventListener('click', () => onSelect(metric.metric));
    return tab;
  });
  const list = el('div', { role: 'tablist', class: 'metric-tabs', 'aria-label': 'Metric' }, ...tabs);
  list.addEventListener('keydown', (event) => {
    const index = tabs.indexOf(document.activeElement as HTMLButtonElement);
    if (index < 0) return;
    const next = event.key === 'ArrowRight' ? (index + 1) % tabs.length : event.key === 'ArrowLeft' ? (index - 1 + tabs.length) % tabs.length : event.key === 'Home' ? 0 : event.key === 'End' ? tabs.length - 1 : undefined;
    if (next === undefined) return;
    event.preventDefault();
    const metric = tabs[next].dataset.metric ?? selected;
    onSelect(metric);
    // The view re-rendered: focus the newly selected tab.
    document.querySelector<HTMLElement>(`.metric-tab[data-metric="${CSS.escape(metric)}"]`)?.focus();
  });
  return list;
}

/** For each system: how many systems it is significantly better than, and worse than (by the adjusted p-values). */
function wins(report: ComparisonReport, metric: MetricComparison): { better: number[]; worse: number[] } {
  const better = report.systems.map(() => 0);
  const worse = report.systems.map(() => 0);
  for (const pair of metric.pairs) {
    const outcomes = [pair.bootstrap, pair.randomization].filter((o) => o !== undefined);
    // Significant when every test that was run says so.
    if (outcomes.length === 0 || !outcomes.every((o) => o.significant)) continue;
    const systemBetter = metric.higherIsBetter ? pair.delta > 0 : pair.delta < 0;
    const [winner, loser] = systemBetter ? [pair.system, pair.baseline] : [pair.baseline, pair.system];
    better[winner]++;
    worse[loser]++;
  }
  return { better, worse };
}

function systemsTable(report: ComparisonReport, metric: MetricComparison, actions: PairwiseActions): HTMLElement {
  const labels = systemLabels(report.systems.map((s) => s.name));
  const ranking = rankedSystems(metric);
  const rankOf = new Map(ranking.map((s, r) => [s, r + 1]));
  const { better, worse } = wins(report, metric);
  const columns: Column[] = [
    { key: 'rank', label: '#', numeric: true, initial: 'ascending', description: 'Rank by corpus score' },
    { key: 'system', label: 'System' },
    { key: 'score', label: metric.label, numeric: true, initial: metric.higherIsBetter ? 'descending' : 'ascending' },
    { key: 'interval', label: 'μ ± 95% CI', numeric: true, description: 'Paired bootstrap mean and half-width of the 95% interval (sacreBLEU --paired-bs)' },
    { key: 'better', label: 'Sig. better than', numeric: true, description: 'Systems it is significantly better than (every test, after correction)' },
    { key: 'worse', label: 'Sig. worse than', numeric: true, description: 'Systems it is significantly worse than (every test, after correction)' },
  ];
  return sortableTable({
    label: `Systems by ${metric.label}`,
    className: 'systems-table',
    columns,
    rowCount: report.systems.length,
    rowAttributes: (s) => ({ 'data-system': String(s) }),
    value: (s, key) => {
      switch (key) {
        case 'rank':
          return rankOf.get(s);
        case 'system':
          return labels[s];
        case 'score':
          return metric.scores[s];
        case 'interval':
          return metric.intervals?.[s].mean;
        case 'better':
          return better[s];
        default:
          return worse[s];
      }
    },
    cell: (s, key) => {
      switch (key) {
        case 'rank':
          return String(rankOf.get(s));
        case 'system':
          return el('span', { class: 'system-name', title: report.systems[s].file }, labels[s]);
        case 'score':
          return formatMetricValue(metric.scores[s], metric.metric);
        case 'interval': {
          const interval = metric.intervals?.[s];
          return interval ? `${formatMetricValue(interval.mean, metric.metric)} ± ${formatMetricValue(interval.halfWidth, metric.metric)}` : '–';
        }
        case 'better':
          return String(better[s]);
        default:
          return String(worse[s]);
      }
    },
    sort: actions.state.systemSort ?? { key: 'rank', direction: 'ascending' },
    onSort: (systemSort) => actions.onState({ ...actions.state, systemSort }),
  });
}

function pairsTable(report: ComparisonReport, metric: MetricComparison, actions: PairwiseActions): HTMLElement {
  const corrected = report.settings.correction !== 'none';
  const tests = report.settings.tests;
  const columns: Column[] = [
    { key: 'a', label: 'A' },
    { key: 'b', label: 'B' },
    { key: 'delta', label: 'B − A', numeric: true },
    ...(tests.includes('paired-bootstrap')
      ? [
          { key: 'pbs', label: 'p bootstrap', numeric: true, initial: 'ascending' as const, description: 'Paired bootstrap p-value (sacreBLEU --paired-bs)' },
          ...(corrected ? [{ key: 'pbsAdjusted', label: 'adjusted', numeric: true, initial: 'ascending' as const, description: 'Paired bootstrap p-value after the correction' }] : []),
        ]
      : []),
    ...(tests.includes('approximate-randomization')
      ? [
          { key: 'par', label: 'p AR', numeric: true, initial: 'ascending' as const, description: 'Approximate randomization p-value (sacreBLEU --paired-ar)' },
          ...(corrected ? [{ key: 'parAdjusted', label: 'adjusted', numeric: true, initial: 'ascending' as const, description: 'Approximate randomization p-value after the correction' }] : []),
        ]
      : []),
    { key: 'lines', label: 'B better / worse / equal', numeric: true, description: 'Lines on which B scores better than A, worse, the same' },
    { key: 'open', label: '' },
  ];
  const pairs = metric.pairs;
  const labels = systemLabels(report.systems.map((s) => s.name));
  const name = (i: number): string => labels[i];
  const significantCell = (text: string, significant: boolean | undefined): HTMLElement =>
    el('span', { class: significant ? 'significant' : undefined }, text, ...(significant ? [el('span', { class: 'mark', title: `significant at α = ${report.settings.alpha}` }, '*')] : []));
  return sortableTable({
    label: `Pairs, ${metric.label}`,
    className: 'pairs-table',
    columns,
    rowCount: pairs.length,
    rowAttributes: (p) => ({ 'data-pair': `${pairs[p].baseline}-${pairs[p].system}` }),
    value: (p, key) => {
      const pair = pairs[p];
      switch (key) {
        case 'a':
          return name(pair.baseline);
        case 'b':
          return name(pair.system);
        case 'delta':
          return pair.delta;
        case 'pbs':
          return pair.bootstrap?.pValue;
        case 'pbsAdjusted':
          return pair.bootstrap?.adjustedPValue;
        case 'par':
          return pair.randomization?.pValue;
        case 'parAdjusted':
          return pair.randomization?.adjustedPValue;
        case 'lines':
          return pair.lines.better - pair.lines.worse;
        default:
          return undefined;
      }
    },
    cell: (p, key) => {
      const pair = pairs[p];
      switch (key) {
        case 'a':
          return el('span', { class: 'system-name', title: report.systems[pair.baseline].file }, name(pair.baseline));
        case 'b':
          return el('span', { class: 'system-name', title: report.systems[pair.system].file }, name(pair.system));
        case 'delta':
          return formatDelta(pair.delta, metric.metric);
        case 'pbs':
          return corrected ? formatPValue(pair.bootstrap?.pValue) : significantCell(formatPValue(pair.bootstrap?.pValue), pair.bootstrap?.significant);
        case 'pbsAdjusted':
          return significantCell(formatPValue(pair.bootstrap?.adjustedPValue), pair.bootstrap?.significant);
        case 'par':
          return corrected ? formatPValue(pair.randomization?.pValue) : significantCell(formatPValue(pair.randomization?.pValue), pair.randomization?.significant);
        case 'parAdjusted':
          return significantCell(formatPValue(pair.randomization?.adjustedPValue), pair.randomization?.significant);
        case 'lines':
          return formatLineCounts(pair);
        default: {
          const button = el('button', { type: 'button', class: 'compare-pair', title: `Open ${name(pair.baseline)} and ${name(pair.system)} side by side` }, 'Side by side');
          button.addEventListener('click', () => actions.onComparePair(pair.baseline, pair.system));
          return button;
        }
      }
    },
    sort: actions.state.pairSort,
    onSort: (pairSort) => actions.onState({ ...actions.state, pairSort }),
  });
}

/** The pairwise table view: progress, metric tabs, systems ranked with their significant wins, and every pair. */
export function renderPairwise(message: ShowPairwiseMessage, actions: PairwiseActions): HTMLElement[] {
  const parts: (HTMLElement | undefined)[] = [
    el('h1', {}, message.title),
    statusLine(message.status, false, actions),
  ];
  const { report } = message;
  if (!report) {
    parts.push(el('ol', { class: 'pending-systems', 'aria-label': 'Systems' }, ...systemLabels(message.names).map((n, i) => el('li', { title: message.names[i] }, n))));
  } else {
    const selected = report.metrics.find((m) => m.metric === actions.state.metric) ?? report.metrics[0];
    parts.push(
      metricTabs(report, selected.metric, (metric) => actions.onState({ ...actions.state, metric })),
      el('p', { class: 'settings' }, `${report.segments} segments · ${describeSettings(report)}`),
      el('section', { role: 'tabpanel', 'aria-label': selected.label }, el('h2', {}, 'Systems'), systemsTable(report, selected, actions), el('h2', {}, 'Pairs'), pairsTable(report, selected, actions)),
      el('section', {}, el('h2', {}, 'Signatures'), signatureList(report, actions.onCopy)),
    );
  }
  parts.push(commandLineBlock(message.commandLine, [], actions.onCopy));
  return parts.filter((p): p is HTMLElement => p !== undefined);
}
