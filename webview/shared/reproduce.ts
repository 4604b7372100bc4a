import { el } from '../report/dom';

// The "Reproduce in a terminal" part every analysis panel ends with: the `understudy …` command line that prints the
// panel's numbers and the signature, each with a copy button (the extension copies; the webview has no clipboard).

export function copyButton(label: string, className: string, text: string, onCopy: (text: string) => void): HTMLElement {
  const button = el('vscode-button', { class: className, secondary: '', title: label }, 'Copy');
  button.addEventListener('click', () => onCopy(text));
  return button;
}

export interface ReproduceContent {
  /** What to add to the command for more (`--json`, `--tsv`, …), after "From the workspace folder; ". */
  readonly hint: string;
  readonly commandLine?: string;
  /** Files with unsaved changes the panel used (the command reads the saved files). */
  readonly unsaved: readonly string[];
  /** Why the command line may not print the same numbers (a setting the CLI cannot take, …). */
  readonly commandNote?: string;
  readonly signature?: string;
}

/** The command line, what keeps it from printing the same numbers, and the signature. */
export function reproduceSection(content: ReproduceContent, onCopy: (text: string) => void): HTMLElement {
  const { commandLine, signature } = content;
  return el(
    'section',
    { class: 'reproduce' },
    el('h2', {}, 'Reproduce in a terminal'),
    el('p', { class: 'note' }, `From the workspace folder; ${content.hint}`),
    commandLine ? el('div', { class: 'command' }, el('code', {}, commandLine), copyButton('Copy the command line', 'copy-command', commandLine, onCopy)) : '',
    unsavedNote(content.unsaved),
    content.commandNote ? el('p', { class: 'note warning' }, content.commandNote) : '',
    signature ? el('div', { class: 'signature' }, el('span', { class: 'metric' }, 'Signature '), el('code', {}, signature), copyButton('Copy the signature', 'copy-signature', signature, onCopy)) : '',
  );
}

/** "Unsaved changes in …" when the panel used unsaved editors; '' otherwise. */
export function unsavedNote(unsaved: readonly string[]): HTMLElement | '' {
  if (unsaved.length === 0) return '';
  const them = unsaved.length === 1 ? 'it' : 'them';
  return el('p', { class: 'note warning' }, `Unsaved changes in ${unsaved.join(', ')}: the panel used ${them}, the command reads the saved files, so save ${them} first.`);
}
