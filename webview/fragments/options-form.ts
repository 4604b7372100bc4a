import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-checkbox/index.js';
import '@vscode-elements/elements/dist/vscode-collapsible/index.js';
import '@vscode-elements/elements/dist/vscode-option/index.js';
import '@vscode-elements/elements/dist/vscode-single-select/index.js';
import '@vscode-elements/elements/dist/vscode-textfield/index.js';
import { FragmentsPanelOptions } from '../shared/fragments-protocol';
import { el } from '../report/dom';
import { lazyCollapsible } from '../correlation/options-form';

/** Marks a choice Conroy & Dang (2008) leave open: the default is ours (or the paper's plain reading, where it says so). */
const OPEN = 'paper leaves open';

function withOpen(label: string, open?: string): HTMLElement {
  return el('span', {}, label, open ? el('span', { class: 'open-choice', title: open }, ` (${OPEN})`) : '');
}

function select(name: string, label: string, choices: readonly [string, string][], value: string, flag: string, open?: string): HTMLElement {
  const control = el('vscode-single-select', { name, 'aria-label': label }, ...choices.map(([v, text]) => el('vscode-option', { value: v, ...(v === value && { selected: '' }) }, text)));
  return el('label', { class: 'option', title: flag }, withOpen(label, open), control);
}

function textField(name: string, label: string, value: string, flag: string, placeholder: string, open?: string): HTMLElement {
  return el('label', { class: 'option', title: flag }, withOpen(label, open), el('vscode-textfield', { name, value, placeholder, 'aria-label': label }));
}

function value(form: HTMLElement, selector: string): string {
  return form.querySelector<HTMLElement & { value: string }>(selector)?.value.trim() ?? '';
}

/** Parses the form; problems say what to type. */
export function readFragmentsForm(form: HTMLElement, current: FragmentsPanelOptions, metrics: readonly string[]): { options?: FragmentsPanelOptions; problems: string[] } {
  const problems: string[] = [];
  const thresholdText = value(form, 'vscode-textfield[name="systemThreshold"]');
  const systemThreshold = Number(thresholdText);
  if (!(thresholdText !== '' && systemThreshold > 0 && systemThreshold <= 1)) problems.push('the system threshold must be a share above 0 and at most 1');
  const limitText = value(form, 'vscode-textfield[name="wordLimit"]');
  const wordLimit = limitText === '' ? null : /^\d+$/.test(limitText) ? Number(limitText) : NaN;
  if (wordLimit !== null && !(Number.isSafeInteger(wordLimit) && wordLimit >= 1)) problems.push('the word limit must be a whole number ≥ 1, or empty for none');
  const chosen = [...form.querySelectorAll<HTMLElement & { checked: boolean; value: string }>('vscode-checkbox[name="metrics"]')].filter((c) => c.checked).map((c) => c.value);
  if (metrics.length > 0 && chosen.length === 0) problems.push('tick at least one metric');
  if (problems.length > 0) return { problems };
  const pick = <T extends string>(name: string, allowed: readonly T[], fallback: T): T => {
    const v = value(form, `vscode-single-select[name="${name}"]`);
    return (allowed as readonly string[]).includes(v) ? (v as T) : fallback;
  };
  return {
    problems,
    options: {
      fragmentWhen: pick('fragmentWhen', ['unterminated', 'cut'] as const, current.fragmentWhen),
      systemThreshold,
      test: pick('test', ['student', 'welch'] as const, current.test),
      alternative: pick('alternative', ['two-sided', 'greater', 'less'] as const, current.alternative),
      wordLimit,
      metrics: metrics.filter((m) => chosen.includes(m)),
    },
  };
}

/** The options of `understudy fragments`, one control per flag, the choices the paper leaves open marked. Apply recomputes. */
function controls(current: FragmentsPanelOptions, metrics: readonly string[], onApply: (options: FragmentsPanelOptions) => void): HTMLElement {
  const error = el('p', { class: 'form-error', role: 'alert' });
  const apply = el('vscode-button', { class: 'apply' }, 'Apply');
  const form = el(
    'div',
    { class: 'options-form' },
    metrics.length > 0
      ? el('fieldset', { class: 'option-group', 'data-name': 'metrics' }, el('legend', {}, 'Metrics (scored per output by Understudy)'), ...metrics.map((m) => el('vscode-checkbox', { name: 'metrics', value: m, label: m, ...(current.metrics.includes(m) && { checked: '' }) })))
      : el('p', { class: 'note' }, 'The table’s columns give the metric scores.'),
    el(
      'div',
      { class: 'option-row' },
      select('fragmentWhen', 'Fragments are', [['unterminated', 'endings without final punctuation (default)'], ['cut', 'only endings with evidence of a cut']], current.fragmentWhen, '--fragment-when', 'The paper only says “ended with a sentence fragment”; the default is its plain reading, the other counts only evidence of a cut.'),
      textField('systemThreshold', 'Fragment system from share', String(current.systemThreshold), '--system-threshold (default 0.5)', '0.5', 'The paper does not say how systems were classed; the default is “most outputs”.'),
      select('test', 't-test', [['student', 'Student, pooled variance (default)'], ['welch', 'Welch']], current.test, '--test', 'The paper says “Student T-test”; Welch is the alternative for unequal variances.'),
      select('alternative', 'Alternative', [['two-sided', 'two-sided (default)'], ['greater', 'complete scores higher'], ['less', 'complete scores lower']], current.alternative, '--alternative', 'The paper does not say; two-sided here.'),
      textField('wordLimit', 'Word limit', current.wordLimit === null ? '' : String(current.wordLimit), '--word-limit (default none: the whole text)', 'none', 'Check the ending after a task’s length cut (e.g. 100 or 250 words); the paper’s summaries were already cut.'),
    ),
    el('div', { class: 'option-actions' }, apply, error),
  );
  apply.addEventListener('click', () => {
    const { options, problems } = readFragmentsForm(form, current, metrics);
    error.textContent = problems.length > 0 ? `Cannot apply: ${problems.join('; ')}.` : '';
    if (options) onApply(options);
  });
  return form;
}

/** The options in a collapsible section (controls built when first opened). */
export function fragmentsOptionsForm(current: FragmentsPanelOptions, metrics: readonly string[], open: boolean, onApply: (options: FragmentsPanelOptions) => void, onToggle: (open: boolean) => void): HTMLElement {
  return lazyCollapsible('Options', open, () => controls(current, metrics, onApply), onToggle);
}
