import { el } from '../report/dom';
import type { RoseRunOptions, ShowRoseMessage } from '../shared/rose-protocol';
import { checkedValues, fieldValue, selectField, textField } from './table-view';

// The table reader refuses empty column names, so no column is named this.
const NONE = '';

/** A choice the paper leaves open, marked as such next to the control (the default is the digest's likeliest reading). */
function paperOpen(text: string): HTMLElement {
  return el('span', { class: 'paper-open', title: 'The paper leaves this open; the default is its most likely reading.' }, `paper open: ${text}`);
}

function columnBoxes(name: string, legend: string, columns: readonly string[], chosen: readonly string[], flag: string): HTMLElement {
  return el(
    'fieldset',
    { class: 'option-group', 'data-name': name, title: flag },
    el('legend', {}, legend),
    ...columns.map((c) => el('vscode-checkbox', { name, value: c, label: c, ...(chosen.includes(c) && { checked: '' }) })),
  );
}

/**
 * The options of `understudy rose`, one control per flag with the CLI's defaults: the columns (human score, metrics,
 * unit, groups and stratification), the resampling (trials, test fraction, seed, alpha, significance), what may win
 * and what the Mann–Whitney test compares, the subset limits and the model's name. Apply asks the extension to run
 * the search again (in the worker, cancellable).
 */
function controls(message: ShowRoseMessage, onApply: (options: RoseRunOptions) => void): HTMLElement {
  const o = message.options;
  const metricsShown = message.numeric.filter((c) => c !== o.human);
  const chosenMetrics = o.metrics ?? metricsShown;
  const others = message.columns;
  const error = el('p', { class: 'form-error', role: 'alert' });
  const apply = el('vscode-button', { class: 'apply' }, 'Apply');
  const form = el(
    'div',
    { class: 'options-form' },
    el(
      'div',
      { class: 'option-row' },
      selectField('human', 'Human score', message.numeric.map((c) => [c, c] as const), o.human, '--human'),
      selectField('unit', 'Unit names', [[NONE, 'first column, if not numeric'], ...others.map((c) => [c, c] as const)], o.unit ?? NONE, '--unit'),
      selectField('group', 'Groups', [[NONE, 'none'], ...others.map((c) => [c, c] as const)], o.group ?? NONE, '--group'),
    ),
    columnBoxes('metrics', 'Metrics (--metrics)', metricsShown, chosenMetrics, '--metrics: every subset of these is searched (at most 16)'),
    columnBoxes('require', 'Only subsets containing (--require)', metricsShown, o.require, '--require'),
    el(
      'div',
      { class: 'option-row' },
      textField('trials', 'Train/test splits', String(o.trials), '--trials (default 4000, as the paper)'),
      textField('testFraction', 'Test fraction', String(o.testFraction), '--test-fraction (default 0.25: the paper\'s 3/4–1/4 splits)'),
      textField('seed', 'Seed', String(o.seed), '--seed (NumPy-compatible PCG64)'),
      textField('alpha', 'Significance level', String(o.alpha), '--alpha (default 0.05)'),
      textField('maxSize', 'Largest subset', o.maxSize === undefined ? '' : String(o.maxSize), '--max-size (empty: all)'),
      textField('name', 'Model name', o.name, '--name'),
    ),
    el(
      'div',
      { class: 'option-row' },
      el('div', { class: 'chooser' }, selectField('significance', 'A trial counts when', [['two-sided', 'two-sided p < α (default)'], ['positive', 'significantly positive only']], o.significance, '--significance'), paperOpen('the paper\'s p-values are two-sided')),
      el('div', { class: 'chooser' }, selectField('candidates', 'May win', [['any', 'any subset (default, as Table 5)'], ['combinations', 'combinations only (the text\'s 511 − 7)']], o.candidates, '--candidates'), paperOpen('Table 5 lists single winners; the text excludes them')),
      el('div', { class: 'chooser' }, selectField('comparison', 'Mann–Whitney compares', [['significant', 'the significant trials (default)'], ['all', 'all trials']], o.comparison, '--comparison'), paperOpen('which trials the test compares')),
      el('div', { class: 'chooser' }, el('vscode-checkbox', { name: 'stratify', label: 'Stratify the splits by group (--stratify)', ...(o.stratify && { checked: '' }) }), paperOpen('the paper does not stratify; off')),
    ),
    el('div', { class: 'option-actions' }, apply, error),
  );
  apply.addEventListener('click', () => {
    const problems: string[] = [];
    const integer = (name: string, label: string, min: number): number => {
      const text = fieldValue(form, name);
      if (!/^\d+$/.test(text) || Number(text) < min || !Number.isSafeInteger(Number(text))) problems.push(`${label} must be a whole number ≥ ${min}`);
      return Number(text);
    };
    const fraction = (name: string, label: string): number => {
      const n = Number(fieldValue(form, name));
      if (!(n > 0 && n < 1)) problems.push(`${label} must be between 0 and 1`);
      return n;
    };
    const human = fieldValue(form, 'human') || o.human;
    const metrics = checkedValues(form, 'metrics').filter((m) => m !== human);
    const all = message.numeric.filter((c) => c !== human);
    const require = checkedValues(form, 'require').filter((m) => m !== human);
    const group = fieldValue(form, 'group');
    const unit = fieldValue(form, 'unit');
    const stratify = (form.querySelector<HTMLElement & { checked: boolean }>('vscode-checkbox[name="stratify"]')?.checked ?? false);
    const maxText = fieldValue(form, 'maxSize');
    const name = fieldValue(form, 'name');
    const options: RoseRunOptions = {
      human,
      ...(metrics.length === all.length && all.every((m) => metrics.includes(m)) ? {} : { metrics }),
      ...(unit !== '' && unit !== NONE && { unit }),
      ...(group !== '' && group !== NONE && { group }),
      stratify,
      trials: integer('trials', 'splits', 1),
      testFraction: fraction('testFraction', 'the test fraction'),
      seed: integer('seed', 'the seed', 0),
      alpha: fraction('alpha', 'the significance level'),
      significance: fieldValue(form, 'significance') === 'positive' ? 'positive' : 'two-sided',
      candidates: fieldValue(form, 'candidates') === 'combinations' ? 'combinations' : 'any',
      comparison: fieldValue(form, 'comparison') === 'all' ? 'all' : 'significant',
      ...(maxText !== '' && { maxSize: integer('maxSize', 'the largest subset', 1) }),
      require,
      name,
    };
    if (metrics.length === 0) problems.push('tick at least one metric');
    if (metrics.length > 16) problems.push('tick at most 16 metrics (every subset is searched)');
    if (stratify && options.group === undefined) problems.push('stratified splits need a group column');
    if (!/^[A-Za-z][\w.+-]*$/.test(name)) problems.push('the model name must start with a letter (letters, digits, _ . + -)');
    error.textContent = problems.length > 0 ? `Cannot apply: ${problems.join('; ')}.` : '';
    if (problems.length === 0) onApply(options);
  });
  return form;
}

/** The options in a collapsible section, built when first opened. */
export function roseOptionsForm(message: ShowRoseMessage, open: boolean, onApply: (options: RoseRunOptions) => void, onToggle: (open: boolean) => void): HTMLElement {
  const collapsible = el('vscode-collapsible', { class: 'options', heading: 'Options', ...(open && { open: '' }) });
  const fill = (): void => {
    if (collapsible.childElementCount === 0) collapsible.append(controls(message, onApply));
  };
  if (open) fill();
  collapsible.addEventListener('vsc-collapsible-toggle', (event) => {
    const isOpen = Boolean((event as CustomEvent<{ open: boolean }>).detail?.open);
    if (isOpen) fill();
    onToggle(isOpen);
  });
  return collapsible;
}
