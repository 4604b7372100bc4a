import './dependency.css';
import { layoutArcs } from '../../src/core/inspect/arc-layout';
import type { DependencyTreeSide, DependencyTreesView, TreeArc, TreeSentence } from '../../src/core/inspect/dependency-view';
import { isMessageToDependencyWebview, MessageFromDependencyWebview } from '../shared/dependency-protocol';
import { vscodeApi } from '../shared/vscode-api';

/**
 * The hypothesis and reference trees of one segment side by side, as arcs over the words (arc-layout.ts); arcs the
 * metric matched are coloured, and each arc is a focusable element (Tab, or ←/→ between arcs of a tree) whose
 * accessible name says the relation, its words and whether it matched. Every text goes in through textContent.
 */
const api = vscodeApi<MessageFromDependencyWebview, unknown>();
const root = document.getElementById('trees') ?? document.body;
const SVG = 'http://www.w3.org/2000/svg';

function html<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function svg(tag: string, attributes: Record<string, string | number>, text?: string): SVGElement {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

function arcName(arc: TreeArc, words: TreeSentence): string {
  const form = (id: number): string => words.find((w) => w.id === id)?.form ?? '?';
  const pair = arc.head === 0 ? `root → ${form(arc.dependent)}` : `${form(arc.head)} → ${form(arc.dependent)}`;
  return `${arc.deprel}: ${pair}, ${arc.matchedAs.length > 0 ? `matched (${arc.matchedAs.join(', ')})` : 'not matched'}`;
}

function sentenceSvg(words: TreeSentence, arcs: readonly TreeArc[], caption: string): SVGElement {
  const layout = layoutArcs(words.map((w) => w.form), arcs);
  const root = svg('svg', { class: 'tree', width: layout.width, height: layout.height, viewBox: `0 0 ${layout.width} ${layout.height}`, role: 'group', 'aria-label': caption });
  const defs = svg('defs', {});
  for (const kind of ['matched', 'unmatched']) {
    const marker = svg('marker', { id: `arrow-${kind}`, viewBox: '0 0 10 10', refX: 8, refY: 5, markerUnits: 'userSpaceOnUse', markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse' });
    marker.appendChild(svg('path', { d: 'M0,0 L10,5 L0,10 z', class: `arrowhead ${kind}` }));
    defs.appendChild(marker);
  }
  root.appendChild(defs);
  words.forEach((w, i) => {
    const x = layout.words[i].x;
    root.appendChild(svg('text', { class: 'word', x, y: layout.baseline + 6, 'text-anchor': 'middle' }, w.form));
    root.appendChild(svg('text', { class: 'tag', x, y: layout.baseline + 18, 'text-anchor': 'middle' }, w.upos));
  });
  for (const laid of layout.arcs) {
    const arc = arcs[laid.index];
    const kind = arc.matchedAs.length > 0 ? 'matched' : 'unmatched';
    const group = svg('g', { class: `arc ${kind}`, tabindex: 0, role: 'img', 'aria-label': arcName(arc, words), 'data-deprel': arc.deprel });
    group.appendChild(svg('title', {}, arcName(arc, words)));
    group.appendChild(svg('path', { d: laid.path, class: 'curve', 'marker-end': `url(#arrow-${kind})` }));
    group.appendChild(svg('text', { class: 'label', x: laid.label.x, y: laid.label.y, 'text-anchor': 'middle' }, arc.deprel));
    root.appendChild(group);
  }
  return root;
}

function side(tree: DependencyTreeSide, heading: string): HTMLElement {
  const section = html('section', 'side');
  section.setAttribute('aria-label', heading);
  section.appendChild(html('h2', undefined, heading));
  section.appendChild(html('p', 'line', tree.line));
  const matched = tree.arcs.filter((a) => a.matchedAs.length > 0).length;
  section.appendChild(html('p', 'note', `${matched} of ${tree.arcs.length} arcs matched`));
  // The matched arcs as a list too (for reading, copying and screen readers).
  const list = html('ul', 'matched-arcs');
  for (const arc of tree.arcs.filter((a) => a.matchedAs.length > 0)) list.appendChild(html('li', undefined, arcName(arc, tree.sentences[arc.sentence])));
  if (list.childElementCount > 0) section.appendChild(list);
  tree.sentences.forEach((words, s) => {
    const figure = html('div', 'scroller');
    figure.appendChild(sentenceSvg(words, tree.arcs.filter((a) => a.sentence === s), `${heading}, sentence ${s + 1}`));
    section.appendChild(figure);
  });
  return section;
}

function render(title: string, view: DependencyTreesView): void {
  const children: Node[] = [html('h1', undefined, title), html('p', 'note', `${view.metric} ${view.score.toFixed(2)} · coloured arcs: pairs the metric matched (Tab or ←/→ to move between arcs)`)];
  const sides = html('div', 'sides');
  sides.appendChild(side(view.hypothesis, 'Hypothesis'));
  if (view.reference) sides.appendChild(side(view.reference, `Reference: ${view.reference.label}`));
  else sides.appendChild(html('p', 'empty', 'This segment has no reference.'));
  children.push(sides);
  root.replaceChildren(...children);
}

window.addEventListener('message', (event: MessageEvent) => {
  const message: unknown = event.data;
  if (!isMessageToDependencyWebview(message)) return;
  if (message.type === 'empty') root.replaceChildren(html('p', 'empty', message.text));
  else render(message.title, message.view);
});

// ←/→ (and ↑/↓) move the focus between the arcs of one tree.
document.addEventListener('keydown', (event) => {
  const target = event.target as Element | null;
  if (!target?.classList?.contains('arc')) return;
  const step = event.key === 'ArrowRight' || event.key === 'ArrowDown' ? 1 : event.key === 'ArrowLeft' || event.key === 'ArrowUp' ? -1 : 0;
  if (step === 0) return;
  const arcs = [...(target.closest('svg')?.querySelectorAll<SVGGElement>('g.arc') ?? [])];
  const next = arcs[arcs.indexOf(target as SVGGElement) + step];
  if (next) {
    next.focus();
    event.preventDefault();
  }
});

api.postMessage({ type: 'ready' });
