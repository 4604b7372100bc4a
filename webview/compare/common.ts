import type { ComparisonReport } from '../../src/core/compare/comparison-report';
import type { CharSpan } from '../../src/core/compare/word-diff';
import type { ComparisonStatus } from '../shared/compare-protocol';
import { el } from '../report/dom';

/** Progress, cancellation and errors of the significance tests, with the buttons that act on them. */
export function statusLine(status: ComparisonStatus, stale: boolean, actions: { onCancel: () => void; onRerun: () => void }): HTMLElement | undefined {
  switch (status.state) {
    case 'computing': {
      const percent = Math.floor((100 * status.done) / Math.max(1, status.total));
      const cancel = el('button', { type: 'button', class: 'cancel' }, 'Cancel');
      cancel.addEventListener('click', actions.onCancel);
      return el(
        'div',
        { class: 'status computing', role: 'status' },
        el('span', {}, stale ? 'Updating after your edit: resampling… ' : 'Resampling… '),
        el('progress', { max: '100', value: String(percent), 'aria-label': 'Significance tests' }),
        el('span', { class: 'percent' }, ` ${percent}% `),
        cancel,
      );
    }
    case 'cancelled':
    case 'error': {
      const rerun = el('button', { type: 'button', class: 'rerun' }, 'Run again');
      rerun.addEventListener('click', actions.onRerun);
      const text = status.state === 'cancelled' ? 'The significance tests were cancelled. ' : `The significance tests failed: ${status.message} `;
      return el('div', { class: `status ${status.state}`, role: 'status' }, el('span', {}, text), rerun);
    }
    case 'ready':
      return stale ? el('div', { class: 'status stale', role: 'status' }, 'These numbers are from before your latest edit; new ones follow shortly.') : undefined;
  }
}

/** `text` with the given spans wrapped in `tag` (<del> or <ins>); everything is a text node. */
export function markedText(text: string, spans: readonly CharSpan[], tag: 'del' | 'ins'): HTMLElement {
  const out = el('span', { class: 'segment' });
  let offset = 0;
  for (const span of [...spans].sort((x, y) => x.start - y.start)) {
    if (span.start < offset || span.end > text.length) continue;
    if (span.start > offset) out.append(text.slice(offset, span.start));
    out.append(el(tag, {}, text.slice(span.start, span.end)));
    offset = span.end;
  }
  if (offset < text.length) out.append(text.slice(offset));
  return out;
}

/** The command line that reproduces the numbers, with a copy button. */
export function commandLineBlock(commandLine: string, unsaved: readonly string[], onCopy: (text: string) => void): HTMLElement {
  const copy = el('button', { type: 'button', class: 'copy-command', title: 'Copy the command line' }, 'Copy');
  copy.addEventListener('click', () => onCopy(commandLine));
  return el(
    'section',
    { class: 'reproduce' },
    el('h2', {}, 'Reproduce in a terminal'),
    el('div', { class: 'command' }, el('code', {}, commandLine), copy),
    unsaved.length > 0 ? el('p', { class: 'note' }, `Unsaved changes in ${unsaved.join(', ')}: the command reads the saved files, so save them first.`) : undefined,
  );
}

/** Each metric's signature with a copy button. */
export function signatureList(report: ComparisonReport, onCopy: (text: string) => void): HTMLElement {
  return el(
    'ul',
    { class: 'signatures', 'aria-label': 'Signatures' },
    ...report.metrics.map((metric) => {
      const copy = el('button', { type: 'button', class: 'copy-signature', title: `Copy the ${metric.label} signature` }, 'Copy');
      copy.addEventListener('click', () => onCopy(metric.signature));
      return el('li', {}, el('span', { class: 'metric' }, metric.label), el('code', {}, metric.signature), copy);
    }),
  );
}
