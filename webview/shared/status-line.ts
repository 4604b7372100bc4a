import '@vscode-elements/elements/dist/vscode-button/index.js';
import { el } from '../report/dom';
import type { ComputationStatus } from './computation-status';

export interface StatusWords {
  /** The progress bar's accessible name ("Computing the correlations"). */
  readonly progressLabel: string;
  /** Says what failed, before the error's message ("The correlations could not be computed"). */
  readonly failed: string;
  /** After the error's message: what to do about it. */
  readonly hint?: string;
}

/**
 * Progress (stage, percent, Cancel), or what stopped the computation (with Run again); empty when ready. A status
 * region, so screen readers announce it (and only it) while the numbers below stay.
 */
export function computationStatusLine(
  id: string,
  status: ComputationStatus,
  hasResult: boolean,
  actions: { onCancel: () => void; onRerun: () => void },
  words: StatusWords,
): HTMLElement {
  const region = el('div', { id, class: `status ${status.state}`, role: 'status' });
  switch (status.state) {
    case 'computing': {
      const percent = Math.floor((100 * status.done) / Math.max(1, status.total));
      const cancel = el('vscode-button', { class: 'cancel', secondary: '' }, 'Cancel');
      cancel.addEventListener('click', actions.onCancel);
      region.append(
        el('span', { class: 'stage' }, `${status.stage ?? 'Starting'}… `),
        el('progress', { max: '100', value: String(percent), 'aria-label': words.progressLabel }),
        el('span', { class: 'percent' }, `${percent}% `),
        cancel,
        hasResult ? el('span', { class: 'note' }, ' The numbers below are from the previous options until these are ready.') : '',
      );
      return region;
    }
    case 'cancelled':
    case 'error': {
      const rerun = el('vscode-button', { class: 'rerun', secondary: '' }, 'Run again');
      rerun.addEventListener('click', actions.onRerun);
      const text = status.state === 'cancelled' ? 'The computation was cancelled.' : `${words.failed}: ${status.message}${words.hint ? ` ${words.hint}` : ''}`;
      region.append(el('span', {}, `${text}${hasResult ? ' The numbers below are from the previous run.' : ''} `), rerun);
      return region;
    }
    case 'ready':
      return region;
  }
}
