import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-checkbox/index.js';
import '@vscode-elements/elements/dist/vscode-collapsible/index.js';
import '@vscode-elements/elements/dist/vscode-option/index.js';
import '@vscode-elements/elements/dist/vscode-single-select/index.js';
import '@vscode-elements/elements/dist/vscode-textfield/index.js';
import type { CorrelationName } from '../../src/core/meta/stats/correlation-functions';
import { CONDITION_CORRELATIONS, ConditionsPanelOptions, MAX_REPETITIONS } from '../shared/conditions-protocol';
import { el } from '../report/dom';
import { lazyCollapsible } from '../correlation/options-form';

/** Marks a choice the paper leaves open (seed 002 does not say): the default is its most likely reading. */
const OPEN = 'paper leaves open';

function select(name: string, label: string, choices: readonly [string, string][], value: string, flag: string, open?: string): HTMLElement {
  const control = el('vscode-single-select', { name, 'aria-label': label }, ...choices.map(([v, text]) => el('vscode-option', { value: v, ...(v === value && { selected: '' }) }, text)));
  return el('label', { class: 'option', title: flag }, el('span', {}, label, open ? el('span', { class: 'open-choice', title: open }, ` (${OPEN})`) : ''), control);
}

function textField(name: string, label: string, value: string, flag: string, placeholder = '', open?: string): HTMLElement {
  const control = el('vscode-textfield', { name, value, placeholder, 'aria-label': label });
  return el('label', { class: 'option', title: flag }, el('span', {}, label, open ? el('span', { class: 'open-choice', title: open }, ` (${OPEN})`) : ''), control);
}

function value(form: HTMLElement, selector: string): string {
  return form.querySelector<HTMLElement & { value: string }>(selector)?.value.trim() ?? '';
}

/** Parses the form; problems say what to type. */
export function readConditionsForm(form: HTMLElement, current: ConditionsPanelOptions, metrics: readonly string[]): { options?: ConditionsPanelOptions; problems: string[] } {
  const problems: string[] = [];
  const whole = (text: string, min: number, max: number, what: string): number => {
    const n = /^\d+$/.test(text) ? Number(text) : NaN;
    if (!(Number.isSafeInteger(n) && n >= min && n <= max)) problems.push(`${what} must be a whole number from ${min} to ${max.toLocaleString('en')}`);
    return n;
  };
  const level = (text: string, what: string): number => {
    const n = Number(text);
    if (!(text !== '' && n > 0 && n < 1)) problems.push(`${what} must lie between 0 and 1`);
    return n;
  };
  const repetitions = whole(value(form, 'vscode-textfield[name="repetitions"]'), 2, MAX_REPETITIONS, 'repetitions');
  const seed = whole(value(form, 'vscode-textfield[name="seed"]'), 0, Number.MAX_SAFE_INTEGER, 'the seed');
  const sizesText = value(form, 'vscode-textfield[name="sizes"]');
  const sizes = sizesText === '' ? [] : sizesText.split(/[\s,]+/).filter((s) => s !== '').map((s) => whole(s, 1, 1_000_000, 'each size'));
  const alpha = level(value(form, 'vscode-textfield[name="alpha"]'), 'alpha');
  const pairAlpha = level(value(form, 'vscode-textfield[name="pairAlpha"]'), 'the pair tests’ alpha');
  const chosen = [...form.querySelectorAll<HTMLElement & { checked: boolean; value: string }>('vscode-checkbox[name="metrics"]')].filter((c) => c.checked).map((c) => c.value);
  if (chosen.length === 0) problems.push('tick at least one metric');
  const flag = (name: string): boolean => form.querySelector<HTMLElement & { checked: boolean }>(`vscode-checkbox[name="${name}"]`)?.checked ?? true;
  const axis = value(form, 'vscode-single-select[name="axis"]') === 'items' ? 'items' : 'references';
  const humanTarget = value(form, 'vscode-single-select[name="humanTarget"]') === 'same-items' ? 'same-items' : 'full';
  if (humanTarget === 'same-items' && axis !== 'items') problems.push('“same items” needs the items axis');
  if (problems.length > 0) return { problems };
  return {
    problems,
    options: {
      axis,
      repetitions,
      seed,
      sizes: [...new Set(sizes)].sort((a, b) => a - b),
      correlation: (value(form, 'vscode-single-select[name="correlation"]') || current.correlation) as CorrelationName,
      metrics: metrics.filter((m) => chosen.includes(m)),
      humanTarget,
      correction: (value(form, 'vscode-single-select[name="correction"]') || current.correction) as ConditionsPanelOptions['correction'],
      alpha,
      pairAlpha,
      bootstrap: flag('bootstrap'),
      pairs: flag('pairs'),
    },
  };
}

/**
 * The options of `understudy conditions`, one control per flag, its defaults, and the choices seed 002 leaves open
 * marked as such (the default is the digest's most likely reading). "Apply" computes again (in the worker).
 */
function controls(current: ConditionsPanelOptions, metrics: readonly string[], onApply: (options: ConditionsPanelOptions) => void): HTMLElement {
  const error = el('p', { class: 'form-error', role: 'alert' });
  const apply = el('vscode-button', { class: 'apply' }, 'Apply');
  const form = el(
    'div',
    { class: 'options-form' },
    el('fieldset', { class: 'option-group', 'data-name': 'metrics' }, el('legend', {}, 'Metrics'), ...metrics.map((m) => el('vscode-checkbox', { name: 'metrics', value: m, label: m, ...(current.metrics.includes(m) && { checked: '' }) }))),
    el(
      'div',
      { class: 'option-row' },
      select('axis', 'What shrinks', [['references', 'references per item'], ['items', 'items (documents, segments)']], current.axis, '--axis'),
      textField('repetitions', 'Subsets per size', String(current.repetitions), '--repetitions (default 1000, as seed 002)'),
      textField('seed', 'Seed', String(current.seed), '--seed (default 12345)'),
      textField('sizes', 'Sizes', current.sizes.join(','), '--sizes (empty: references 1…K; items 1, 3, 6, 12, 24, … then ¾, 13/16, 7/8, 15/16 of N, seed 002’s pattern)', 'default', 'Seed 002 lists its item sizes for 48 topics only; the default generalises its pattern.'),
      select('correlation', 'Correlation', CONDITION_CORRELATIONS.map((c): [string, string] => [c, c === 'pearson' ? 'pearson (default)' : c]), current.correlation, '--correlation', 'Seed 002 does not name its coefficient; Pearson, as seed 004 and NIST practice.'),
      select('humanTarget', 'Human score over', [['full', 'all items (default)'], ['same-items', 'the same sampled items']], current.humanTarget, '--human-target (items axis)', 'Seed 002 correlates with the human score over all items; the same items is the alternative reading.'),
      select('correction', 'Marks: Welch tests adjusted by', [['bonferroni', 'Bonferroni (default)'], ['holm', 'Holm'], ['none', 'none']], current.correction, '--correction', 'Seed 002 does not name the test behind its * † ‡ § marks; Welch t-tests with Bonferroni here.'),
      textField('alpha', 'Alpha (marks, ANOVA)', String(current.alpha), '--alpha (default 0.05)'),
      textField('pairAlpha', 'Alpha (system pairs)', String(current.pairAlpha), '--pair-alpha (default 0.05)'),
    ),
    el(
      'div',
      { class: 'option-row' },
      el('vscode-checkbox', { name: 'bootstrap', label: 'Bootstrap row at the full size (seed 002’s “bootstr”)', ...(current.bootstrap && { checked: '' }) }),
      el('vscode-checkbox', { name: 'pairs', label: 'Paired t-tests between every pair of systems', ...(current.pairs && { checked: '' }) }),
    ),
    el('div', { class: 'option-actions' }, apply, error),
  );
  apply.addEventListener('click', () => {
    const { options, problems } = readConditionsForm(form, current, metrics);
    error.textContent = problems.length > 0 ? `Cannot apply: ${problems.join('; ')}.` : '';
    if (options) onApply(options);
  });
  return form;
}

/** The options in a collapsible section (controls built when first opened). */
export function conditionsOptionsForm(
  current: ConditionsPanelOptions,
  metrics: readonly string[],
  open: boolean,
  onApply: (options: ConditionsPanelOptions) => void,
  onToggle: (open: boolean) => void,
): HTMLElement {
  return lazyCollapsible('Options', open, () => controls(current, metrics, onApply), onToggle);
}
