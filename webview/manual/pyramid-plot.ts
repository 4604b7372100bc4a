import '@vscode-elements/elements/dist/vscode-option/index.js';
import '@vscode-elements/elements/dist/vscode-single-select/index.js';
import * as Plot from '@observablehq/plot';
import type { TierTopic } from '../../src/core/meta/manual/manual-panel-view';
import { el } from '../report/dom';
import { PLOT_CLASS, themeColours, withoutInlineStyle } from '../report/histogram';

interface TierRow {
  readonly label: string;
  readonly weight: number;
  readonly size: number;
  readonly found: number;
}

/**
 * A pyramid drawn as its tiers, heaviest on top, each bar as wide as the tier has SCUs (centred, so the pyramid shows
 * its shape), with the chosen peer's SCUs of that weight as an inner bar. Every tier is focusable and read out.
 */
export function tierPlot(topic: TierTopic, peer: TierTopic['summaries'][number] | undefined, width: number): SVGSVGElement | HTMLElement {
  const { palette, foreground } = themeColours();
  const rows: TierRow[] = topic.tiers.map((t) => ({ label: `weight ${t.weight}`, weight: t.weight, size: t.size, found: peer?.byWeight[t.weight] ?? 0 }));
  const widest = Math.max(1, ...rows.map((r) => r.size));
  const chart = Plot.plot({
    className: PLOT_CLASS,
    width,
    height: 40 + 34 * Math.max(1, rows.length),
    marginLeft: 80,
    marginRight: 120,
    x: { domain: [-widest / 2, widest / 2], axis: null },
    y: { domain: rows.map((r) => r.label), label: null },
    marks: [
      Plot.barX(rows, { x1: (r: TierRow) => -r.size / 2, x2: (r: TierRow) => r.size / 2, y: 'label', fill: palette[0], fillOpacity: 0.35, stroke: palette[0], inset: 2 }),
      ...(peer ? [Plot.barX(rows, { x1: (r: TierRow) => -r.found / 2, x2: (r: TierRow) => r.found / 2, y: 'label', fill: palette[1], inset: 7 })] : []),
      Plot.text(rows, {
        x: widest / 2,
        y: 'label',
        text: (r: TierRow) => (peer ? `${r.found} of ${r.size} SCU${r.size === 1 ? '' : 's'}` : `${r.size} SCU${r.size === 1 ? '' : 's'}`),
        textAnchor: 'start',
        dx: 8,
        fill: foreground,
      }),
    ],
  });
  const svg = withoutInlineStyle(chart);
  svg.querySelectorAll('g[aria-label="bar"]')[0]?.querySelectorAll('rect').forEach((rect, i) => {
    const row = rows[i];
    if (!row) return;
    rect.setAttribute('tabindex', '0');
    rect.setAttribute('role', 'img');
    rect.setAttribute('class', 'tier');
    rect.setAttribute('data-weight', String(row.weight));
    rect.setAttribute(
      'aria-label',
      `Tier of weight ${row.weight}: ${row.size} SCU${row.size === 1 ? '' : 's'}${peer ? `; ${peer.name} expresses ${row.found} of them` : ''}.`,
    );
  });
  return svg;
}

function select(name: string, label: string, options: readonly string[], value: string, onChange: (value: string) => void): HTMLElement {
  const control = el('vscode-single-select', { name, 'aria-label': label }, ...options.map((o) => el('vscode-option', { value: o, ...(o === value && { selected: '' }) }, o)));
  control.addEventListener('change', () => onChange((control as HTMLElement & { value: string }).value));
  return el('label', { class: 'chooser' }, el('span', {}, label), control);
}

/** The tier plot with its topic and peer choices, and what the peer's scores are against this pyramid. */
export function tierSection(
  topics: readonly TierTopic[],
  chosen: { topic?: string; peer?: string },
  width: number,
  onChoose: (choice: { topic: string; peer?: string }) => void,
  exportButtons: (figure: HTMLElement, name: string) => HTMLElement,
): HTMLElement | undefined {
  if (topics.length === 0) return undefined;
  const topic = topics.find((t) => t.topic === chosen.topic) ?? topics[0];
  const peer = topic.summaries.find((s) => s.name === chosen.peer) ?? topic.summaries[0];
  const figure = el('figure', { class: 'tiers', 'data-topic': topic.topic }, tierPlot(topic, peer, width));
  const total = topic.tiers.reduce((s, t) => s + t.size, 0);
  const outside = peer?.byWeight[0] ?? 0;
  return el(
    'section',
    { class: 'tier-section' },
    el('h2', {}, 'Pyramid tiers'),
    el(
      'div',
      { class: 'choosers' },
      topics.length > 1 ? select('topic', 'Topic', topics.map((t) => t.topic), topic.topic, (value) => onChoose({ topic: value })) : el('span', { class: 'topic-name' }, `Topic ${topic.topic}`),
      topic.summaries.length > 0 ? select('peer', 'Peer', topic.summaries.map((s) => s.name), peer?.name ?? '', (value) => onChoose({ topic: topic.topic, peer: value })) : undefined,
    ),
    el(
      'p',
      { class: 'note tier-caption' },
      `${topic.models} model${topic.models === 1 ? '' : 's'}, ${total} SCUs in ${topic.tiers.length} tier${topic.tiers.length === 1 ? '' : 's'}.`,
      peer ? ` ${peer.name}: D = ${peer.observedWeight} against all models${outside > 0 ? `, ${outside} SCU${outside === 1 ? '' : 's'} not in this pyramid (weight 0)` : ''}; modified pyramid ${peer.modified === null ? '—' : peer.modified.toFixed(4)} (as in the tables).` : ' No peer annotated against this pyramid.',
      ' Model summaries, scored against the other models’ pyramid, are in the tables.',
    ),
    figure,
    exportButtons(figure, `pyramid-tiers-${topic.topic}${peer ? `-${peer.name}` : ''}`),
  );
}
