import '@vscode-elements/elements/dist/vscode-button/index.js';
import type { ManualPanelView } from '../../src/core/meta/manual/manual-panel-view';
import { el } from '../report/dom';
import { copyButton, reproduceSection as sharedReproduceSection } from '../shared/reproduce';
import { computationStatusLine } from '../shared/status-line';
import type { ManualStatus, ShowManualMessage, SkippedFile } from '../shared/manual-protocol';

export const STATUS_ID = 'manual-status';

/** Progress (stage, percent, Cancel), or what stopped the analysis and what to do (with Run again). */
export function statusLine(status: ManualStatus, hasAnalysis: boolean, actions: { onCancel: () => void; onRerun: () => void }): HTMLElement {
  return computationStatusLine(STATUS_ID, status, hasAnalysis, actions, {
    progressLabel: 'Computing the manual evaluation',
    failed: 'Cannot compute',
    hint: 'Fix the file (or the options above the tables) and run again.',
  });
}

/** The input files, each a link that opens it beside the panel. */
export function filesLine(files: readonly string[], onOpen: (file: string) => void): HTMLElement {
  const links = files.map((file) => {
    const button = el('button', { type: 'button', class: 'file-link', 'data-file': file, title: `Open ${file}` }, file);
    button.addEventListener('click', () => onOpen(file));
    return button;
  });
  return el('p', { class: 'summary files' }, 'Input: ', ...links.flatMap((l, i) => (i === 0 ? [l] : [', ', l])));
}

/** Files left out because they cannot be read: what is wrong with each; the rest is analysed without them. */
export function skippedBox(skipped: readonly SkippedFile[], onOpen: (file: string) => void): HTMLElement | undefined {
  if (skipped.length === 0) return undefined;
  return el(
    'div',
    { class: 'skipped', role: 'alert' },
    el('strong', {}, `${skipped.length} file${skipped.length === 1 ? '' : 's'} left out (the rest is analysed): `),
    el(
      'ul',
      {},
      ...skipped.map((s) => {
        const open = el('button', { type: 'button', class: 'file-link', 'data-file': s.path }, 'Open');
        open.addEventListener('click', () => onOpen(s.path));
        return el('li', { 'data-file': s.path }, el('span', { class: 'skipped-message' }, s.message), ' ', open);
      }),
    ),
    el('p', { class: 'note' }, 'Correct these files and run again to include them; the command line below names only the files used.'),
  );
}

/** The warnings the CLI prints to stderr, all of them. */
export function warningsBox(analysis: ManualPanelView): HTMLElement | undefined {
  if (analysis.warnings.length === 0) return undefined;
  return el(
    'details',
    { class: 'warnings', ...(analysis.warnings.length <= 3 && { open: '' }) },
    el('summary', {}, `${analysis.warnings.length} warning${analysis.warnings.length === 1 ? '' : 's'}`),
    el('ul', {}, ...analysis.warnings.map((w) => el('li', {}, w))),
  );
}

/** The text report exactly as `understudy …` prints it. */
export function textOutput(analysis: ManualPanelView, onCopy: (text: string) => void): HTMLElement {
  return el(
    'details',
    { class: 'text-output' },
    el('summary', {}, 'As the command prints it'),
    el('pre', {}, analysis.text),
    copyButton('Copy the text report', 'copy-text', analysis.text, onCopy),
  );
}

/** The command line that prints every number of the panel, and the signature, with copy buttons. */
export function reproduceSection(message: ShowManualMessage, onCopy: (text: string) => void): HTMLElement {
  const hint = 'add --json for every number at full precision, or --tsv --table NAME for one table.';
  return sharedReproduceSection({ hint, commandLine: message.commandLine, unsaved: message.unsaved, signature: message.analysis?.signature }, onCopy);
}
