import './compare.css';
import { isMessageToCompareWebview, MessageFromCompareWebview, MessageToCompareWebview } from '../shared/compare-protocol';
import { vscodeApi } from '../shared/vscode-api';
import { redrawOnThemeAndResize } from '../shared/redraw';
import { PairwiseViewState, renderPairwise } from './pairwise';
import { renderSummary } from './summary';
import { el } from '../report/dom';

/** What survives the view being hidden and shown again (the data itself is re-sent by the extension). */
type CompareViewState = PairwiseViewState;

const api = vscodeApi<MessageFromCompareWebview, CompareViewState>();
const root = document.getElementById('comparison') ?? document.body;
let current: MessageToCompareWebview | undefined;
let state: CompareViewState = api.getState() ?? {};

const post = (message: MessageFromCompareWebview): void => api.postMessage(message);
const common = {
  onCancel: () => post({ type: 'cancel' }),
  onRerun: () => post({ type: 'rerun' }),
  onCopy: (text: string) => post({ type: 'copy', text }),
};

/** Re-renders, keeping the focused control focused (matched by its role in the page) and the scroll position. */
function render(): void {
  if (!current) return;
  const focusKey = focusDescriptor(document.activeElement);
  const scroll = window.scrollY;
  const width = Math.max(320, Math.min(960, root.clientWidth || 640));
  const message = current;
  if (message.type === 'empty') {
    root.replaceChildren(el('p', { class: 'empty' }, message.text));
    return;
  }
  const nodes =
    message.type === 'summary'
      ? renderSummary(message, width, {
          ...common,
          onRevealLine: (line) => post({ type: 'revealLine', line }),
          onRankBy: (metric, filter) => post({ type: 'rankBy', metric, filter }),
        })
      : renderPairwise(message, {
          ...common,
          state,
          onState: (next) => {
            const rerender = next.metric !== state.metric;
            state = next;
            api.setState(state);
            if (rerender) render();
          },
          onComparePair: (baseline, system) => post({ type: 'comparePair', baseline, system }),
        });
  root.replaceChildren(...nodes);
  restoreFocus(focusKey);
  window.scrollTo(0, scroll);
}

/** A selector that finds "the same" control after a re-render (data attributes and classes, not identity). */
function focusDescriptor(element: Element | null): string | undefined {
  if (!element || element === document.body || !root.contains(element)) return undefined;
  const attributes = ['data-key', 'data-metric', 'data-line'].filter((a) => element.hasAttribute(a)).map((a) => `[${a}="${CSS.escape(element.getAttribute(a) ?? '')}"]`);
  const table = element.closest('table')?.className;
  const prefix = table ? `table.${CSS.escape(table.split(' ')[0])} ` : '';
  const classes = [...element.classList].map((c) => `.${CSS.escape(c)}`).join('');
  return `${prefix}${element.tagName.toLowerCase()}${classes}${attributes.join('')}`;
}

function restoreFocus(selector: string | undefined): void {
  if (!selector) return;
  const target = root.querySelector<HTMLElement>(selector);
  target?.focus({ preventScroll: true });
}

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  if (!isMessageToCompareWebview(event.data)) return;
  current = event.data;
  render();
});

redrawOnThemeAndResize(render);

post({ type: 'ready' });
