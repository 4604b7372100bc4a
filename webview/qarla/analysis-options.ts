import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-checkbox/index.js';
import '@vscode-elements/elements/dist/vscode-collapsible/index.js';
import '@vscode-elements/elements/dist/vscode-option/index.js';
import '@vscode-elements/elements/dist/vscode-single-select/index.js';
import '@vscode-elements/elements/dist/vscode-textfield/index.js';
import type { HeterogeneitySettings, QarlaSettings } from '../../src/worker/meta-analysis-types';
import type { QarlaOptions } from '../../src/core/meta/qarla/qarla-options';
import type { AnalysisSettings, ShowAnalysisMessage } from '../shared/analysis-protocol';
import { el } from '../report/dom';

/**
 * The options form: every `understudy qarla` / `understudy heterogeneity` flag the panel runs with, and the readings
 * the papers leave open, each with its default marked "(default)" — the papers' most likely reading, as the CLI's help
 * and the README say. "Apply" sends the settings back; the extension checks them with the CLI's parser and recomputes.
 */

type Choice = readonly [value: string, label: string];

/** A select whose default option says so; `flag` is the CLI flag (tooltip). */
function select(name: string, label: string, choices: readonly Choice[], value: string, fallback: string, flag: string): HTMLElement {
  const control = el(
    'vscode-single-select',
    { name, 'aria-label': label },
    ...choices.map(([v, text]) => el('vscode-option', { value: v, ...(v === value && { selected: '' }) }, v === fallback ? `${text} (default)` : text)),
  );
  return el('label', { class: 'option', title: flag }, el('span', {}, label), control);
}

function textField(name: string, label: string, value: string, placeholder: string, flag: string): HTMLElement {
  return el('label', { class: 'option', title: flag }, el('span', {}, label), el('vscode-textfield', { name, value, placeholder, 'aria-label': label }));
}

function checkboxes(name: string, legend: string, all: readonly string[], chosen: readonly string[]): HTMLElement {
  return el('fieldset', { class: 'option-group', 'data-name': name }, el('legend', {}, legend), ...all.map((v) => el('vscode-checkbox', { name, value: v, label: v, ...(chosen.includes(v) && { checked: '' }) })));
}

function checkbox(name: string, label: string, checked: boolean, flag: string): HTMLElement {
  return el('vscode-checkbox', { name, label, title: flag, ...(checked && { checked: '' }) });
}

const valueOf = (form: HTMLElement, selector: string): string => form.querySelector<HTMLElement & { value: string }>(selector)?.value.trim() ?? '';
const selected = (form: HTMLElement, name: string): string => valueOf(form, `vscode-single-select[name="${name}"]`);
const text = (form: HTMLElement, name: string): string => valueOf(form, `vscode-textfield[name="${name}"]`);
const ticked = (form: HTMLElement, name: string): string[] =>
  [...form.querySelectorAll<HTMLElement & { checked: boolean; value: string }>(`vscode-checkbox[name="${name}"]`)].filter((c) => c.checked).map((c) => c.value);
const isTicked = (form: HTMLElement, name: string): boolean => Boolean(form.querySelector<HTMLElement & { checked: boolean }>(`vscode-checkbox[name="${name}"]`)?.checked);

/** A whole number, undefined when empty, NaN when not one (the CLI's parser then says what is wrong). */
const wholeOrEmpty = (value: string): number | undefined => (value === '' ? undefined : /^\d+$/.test(value) ? Number(value) : NaN);
const numberOrEmpty = (value: string): number | undefined => (value === '' ? undefined : Number(value));
const list = (value: string): string[] | undefined => (value === '' ? undefined : value.split(',').map((s) => s.trim()).filter((s) => s !== ''));

const CONVENTIONS: readonly (readonly [keyof QarlaOptions, string, readonly Choice[], string, string])[] = [
  ['queenComparison', 'QUEEN test', [['at-least', 'x(c, m) ≥ x(m′, m″)'], ['greater', 'x(c, m) > x(m′, m″)']], 'at-least', '--queen-comparison'],
  ['modelInPair', 'm may be m′ or m″', [['allowed', 'allowed'], ['excluded', 'excluded']], 'allowed', '--model-in-pair'],
  ['kingModels', 'KING models', [['leave-one-out', 'leave one out'], ['all', 'all (needs x(m, m))']], 'leave-one-out', '--king-models'],
  ['kingComparison', 'KING comparison', [['greater', 'QUEEN(m) > every peer’s'], ['at-least', 'QUEEN(m) ≥ every peer’s']], 'greater', '--king-comparison'],
  ['jackForm', 'JACK form', [['symmetric', 'symmetric (DUC 2004)'], ['one-sided', 'one-sided (ACL 2005)']], 'symmetric', '--jack-form'],
  ['caseAveraging', 'Cases combine', [['per-case', 'mean of per-case values'], ['pooled', 'pooled']], 'per-case', '--case-averaging'],
];

function qarlaControls(message: ShowAnalysisMessage, settings: QarlaSettings): { controls: HTMLElement[]; read: (form: HTMLElement) => QarlaSettings } {
  const skip = new Set([settings.candidate, settings.reference, settings.caseColumn ?? 'case']);
  const metricChoices = message.choices.numeric.filter((c) => !skip.has(c));
  const names = message.choices.names.length > 0 ? message.choices.names : settings.models;
  const o = settings.options;
  const controls = [
    checkboxes('models', 'Models (human texts; the rest are peers)', names, settings.models),
    checkboxes('metrics', 'Metrics', metricChoices, settings.metrics ?? metricChoices),
    el(
      'div',
      { class: 'option-row conventions', role: 'group', 'aria-label': 'Conventions the papers leave open' },
      ...CONVENTIONS.map(([key, label, choices, fallback, flag]) => select(key, label, choices, String(o[key] ?? fallback), fallback, flag)),
      select('estimateTies', 'Estimate ties', [['strict', 'strict >'], ['half', 'count ½']], settings.ties ?? 'strict', 'strict', '--ties'),
    ),
    el('div', { class: 'option-row' }, checkbox('samePair', 'Let m′ = m″ (compare with self-similarities; default off)', o.distinctPair === false, '--same-pair'), checkbox('symmetric', 'Read a missing x(a, b) as x(b, a)', settings.symmetric, '--symmetric')),
    el(
      'div',
      { class: 'option-row' },
      select('correlation', 'Search: QUEEN–human correlation', [['pearson', 'Pearson'], ['spearman', 'Spearman'], ['kendall-b', 'Kendall τb']], settings.correlation ?? 'pearson', 'pearson', '--correlation (with human scores)'),
      textField('clusters', 'Clusters', settings.clusters === undefined ? '' : String(settings.clusters), '10 (default)', '--clusters'),
      textField('orders', 'JACK curve: random orders', settings.orders === undefined ? '' : String(settings.orders), '200 (default)', '--orders'),
      textField('seed', 'Seed', settings.seed === undefined ? '' : String(settings.seed), '12345 (default)', '--seed'),
      textField('order', 'or one fixed order of the peers', settings.order?.join(',') ?? '', 'random orders (default)', '--order A,B,…'),
    ),
  ];
  const read = (form: HTMLElement): QarlaSettings => {
    const metrics = ticked(form, 'metrics');
    const options: Partial<QarlaOptions> = Object.fromEntries(CONVENTIONS.map(([key]) => [key, selected(form, key) || undefined]));
    const order = list(text(form, 'order'));
    return {
      models: ticked(form, 'models'),
      ...(settings.caseColumn !== undefined && { caseColumn: settings.caseColumn }),
      candidate: settings.candidate,
      reference: settings.reference,
      ...(metrics.length < metricChoices.length && { metrics }),
      symmetric: isTicked(form, 'symmetric'),
      options: { ...options, ...(isTicked(form, 'samePair') && { distinctPair: false }) },
      ties: (selected(form, 'estimateTies') || 'strict') as QarlaSettings['ties'],
      correlation: (selected(form, 'correlation') || 'pearson') as QarlaSettings['correlation'],
      clusters: wholeOrEmpty(text(form, 'clusters')),
      ...(order ? { order } : { orders: wholeOrEmpty(text(form, 'orders')), seed: wholeOrEmpty(text(form, 'seed')) }),
    };
  };
  return { controls, read };
}

function heterogeneityControls(message: ShowAnalysisMessage, settings: HeterogeneitySettings): { controls: HTMLElement[]; read: (form: HTMLElement) => HeterogeneitySettings } {
  const skip = new Set([settings.system, settings.segment ?? 'segment']);
  const numeric = message.choices.numeric.filter((c) => !skip.has(c));
  const metricChoices = numeric.filter((c) => c !== settings.human);
  const metrics = settings.metrics ?? metricChoices;
  const controls = [
    el(
      'div',
      { class: 'option-row' },
      select('human', 'Human score', [['', 'none (H, ULC and HBR only)'], ...numeric.map((c): Choice => [c, c])], settings.human ?? '', '', '--human COLUMN'),
    ),
    checkboxes('metrics', 'Metrics', metricChoices, metrics),
    checkboxes('lowerIsBetter', 'Lower is better', metricChoices, settings.lowerIsBetter),
    checkboxes('combinations', 'Also evaluate as measures (SIP/SIR, OST, AUC)', ['ulc', 'hbr'], settings.combinations),
    el(
      'div',
      { class: 'option-row conventions', role: 'group', 'aria-label': 'Readings the papers leave open' },
      select('normalisation', 'ULC normalisation', [['asiya', 'Asiya'], ['min-max', 'min–max'], ['z-score', 'z-score'], ['none', 'none']], settings.normalisation ?? 'asiya', 'asiya', '--normalisation'),
      select('condition', 'R/S condition', [['at-least', 'every metric ≥'], ['greater', 'every metric >']], settings.condition ?? 'at-least', 'at-least', '--condition'),
      select('outcome', 'R/S outcome', [['at-least', 'human ≥'], ['greater', 'human >']], settings.outcome ?? 'at-least', 'at-least', '--outcome'),
      select('alternative', 'SIP/SIR test', [['two-sided', 'two-sided'], ['one-sided', 'one-sided']], settings.alternative ?? 'two-sided', 'two-sided', '--alternative'),
      select('ties', 'OST tie for best', [['mean', 'mean human score'], ['min', 'worst'], ['max', 'best']], settings.ties ?? 'mean', 'mean', '--ties'),
    ),
    el(
      'div',
      { class: 'option-row' },
      textField('samplePairs', 'H on sampled pairs', settings.samplePairs === undefined ? '' : String(settings.samplePairs), 'every pair, exact (default)', '--sample-pairs'),
      textField('seed', 'Seed', settings.seed === undefined ? '' : String(settings.seed), '12345 (default)', '--seed'),
      textField('alpha', 'SIP/SIR α', settings.alpha === undefined ? '' : String(settings.alpha), '0.025 (default)', '--alpha'),
      textField('worstFraction', 'AUC worst fraction', settings.worstFraction === undefined ? '' : String(settings.worstFraction), '0.1 (default)', '--worst-fraction'),
    ),
  ];
  const read = (form: HTMLElement): HeterogeneitySettings => {
    const human = selected(form, 'human');
    const chosen = ticked(form, 'metrics').filter((m) => m !== human);
    const available = metricChoices.filter((m) => m !== human);
    return {
      system: settings.system,
      ...(settings.segment !== undefined && { segment: settings.segment }),
      ...(human !== '' && { human }),
      ...(chosen.length < available.length && { metrics: chosen }),
      lowerIsBetter: ticked(form, 'lowerIsBetter').filter((m) => chosen.includes(m)),
      combinations: ticked(form, 'combinations') as HeterogeneitySettings['combinations'],
      samplePairs: wholeOrEmpty(text(form, 'samplePairs')),
      seed: wholeOrEmpty(text(form, 'seed')),
      normalisation: (selected(form, 'normalisation') || undefined) as HeterogeneitySettings['normalisation'],
      condition: (selected(form, 'condition') || undefined) as HeterogeneitySettings['condition'],
      outcome: (selected(form, 'outcome') || undefined) as HeterogeneitySettings['outcome'],
      alpha: numberOrEmpty(text(form, 'alpha')),
      alternative: (selected(form, 'alternative') || undefined) as HeterogeneitySettings['alternative'],
      ties: (selected(form, 'ties') || undefined) as HeterogeneitySettings['ties'],
      worstFraction: numberOrEmpty(text(form, 'worstFraction')),
    };
  };
  return { controls, read };
}

/** Drops undefined fields (they are the CLI's defaults), so the settings travel as JSON unchanged. */
function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** The options in a collapsible section, built when first opened. */
export function optionsForm(message: ShowAnalysisMessage, open: boolean, onApply: (settings: AnalysisSettings) => void, onToggle: (open: boolean) => void): HTMLElement {
  const collapsible = el('vscode-collapsible', { class: 'options', heading: 'Options', ...(open && { open: '' }) });
  const fill = (): void => {
    if (collapsible.childElementCount > 0) return;
    const { controls, read } = message.kind === 'qarla' ? qarlaControls(message, message.settings as QarlaSettings) : heterogeneityControls(message, message.settings as HeterogeneitySettings);
    const apply = el('vscode-button', { class: 'apply' }, 'Apply');
    const error = el('p', { class: 'form-error', role: 'alert' });
    const form = el(
      'div',
      { class: 'options-form' },
      el('p', { class: 'note' }, 'Each option is a flag of the command lines below. "(default)" marks the CLI’s default: for the conventions the papers leave open, their most likely reading (see the README).'),
      ...controls,
      el('div', { class: 'option-actions' }, apply, error),
    );
    apply.addEventListener('click', () => {
      const settings = read(form);
      const problems: string[] = [];
      if (message.kind === 'qarla' && (settings as QarlaSettings).models.length === 0) problems.push('tick at least one model');
      if ('metrics' in settings && Array.isArray(settings.metrics) && settings.metrics.length === 0) problems.push('tick at least one metric');
      for (const [k, v] of Object.entries(settings)) if (typeof v === 'number' && Number.isNaN(v)) problems.push(`${k} must be a number`);
      error.textContent = problems.length > 0 ? `Cannot apply: ${problems.join('; ')}.` : '';
      if (problems.length === 0) onApply(defined(settings));
    });
    collapsible.append(form);
  };
  if (open) fill();
  collapsible.addEventListener('vsc-collapsible-toggle', (event) => {
    const isOpen = Boolean((event as CustomEvent<{ open: boolean }>).detail?.open);
    if (isOpen) fill();
    onToggle(isOpen);
  });
  return collapsible;
}

/** One line naming the readings in effect, the defaults marked (what the results were computed with). */
export function conventionsLine(message: ShowAnalysisMessage): HTMLElement {
  const mark = (value: string | undefined, fallback: string): string => `${value ?? fallback}${value === undefined || value === fallback ? ' (default)' : ''}`;
  if (message.kind === 'qarla') {
    const s = message.settings as QarlaSettings;
    const o = s.options;
    return el(
      'p',
      { class: 'conventions-line note' },
      `Readings: QUEEN ${mark(o.queenComparison, 'at-least')}, ${o.distinctPair === false ? 'm′ = m″ allowed' : 'm′ ≠ m″ (default)'}, m in pair ${mark(o.modelInPair, 'allowed')}, ` +
        `KING models ${mark(o.kingModels, 'leave-one-out')}, KING ${mark(o.kingComparison, 'greater')}, JACK ${mark(o.jackForm, 'symmetric')}, cases ${mark(o.caseAveraging, 'per-case')}, estimate ties ${mark(s.ties, 'strict')}.`,
    );
  }
  const s = message.settings as HeterogeneitySettings;
  return el(
    'p',
    { class: 'conventions-line note' },
    `Readings: ULC normalisation ${mark(s.normalisation, 'asiya')}, R/S condition ${mark(s.condition, 'at-least')} and outcome ${mark(s.outcome, 'at-least')}, H on ${s.samplePairs === undefined ? 'every pair (default)' : `${s.samplePairs} sampled pairs, seed ${s.seed ?? 12345}`}, ` +
      `SIP/SIR α ${s.alpha ?? '0.025 (default)'} ${mark(s.alternative, 'two-sided')}, OST ties ${mark(s.ties, 'mean')}, AUC ties ½.`,
  );
}
