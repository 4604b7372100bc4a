import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-checkbox/index.js';
import '@vscode-elements/elements/dist/vscode-collapsible/index.js';
import '@vscode-elements/elements/dist/vscode-option/index.js';
import '@vscode-elements/elements/dist/vscode-single-select/index.js';
import '@vscode-elements/elements/dist/vscode-textfield/index.js';
import type { ResampleUnit, SegmentGrouping } from '../../src/core/meta/correlation-report';
import type { CorrelationName } from '../../src/core/meta/stats/correlation-functions';
import { CORRELATION_SYMBOLS } from '../../src/core/report/correlation-format';
import { CorrelationPanelOptions, PANEL_CORRELATIONS, PANEL_GROUPINGS } from '../shared/correlation-protocol';
import { el } from '../report/dom';

const LEVELS = [0.9, 0.95, 0.99];
const RESAMPLE_LABELS: Readonly<Record<ResampleUnit, string>> = { items: 'segments', systems: 'systems', both: 'segments and systems' };
const GROUPING_LABELS: Readonly<Record<SegmentGrouping, string>> = { pooled: 'pooled', 'by-system': 'per system, averaged', 'by-item': 'per segment (item), averaged' };

function select(name: string, label: string, options: readonly [string, string][], value: string): HTMLElement {
  const control = el('vscode-single-select', { name, 'aria-label': label }, ...options.map(([v, text]) => el('vscode-option', { value: v, ...(v === value && { selected: '' }) }, text)));
  return el('label', { class: 'option' }, el('span', {}, label), control);
}

function numberField(name: string, label: string, value: number, flag: string): HTMLElement {
  const control = el('vscode-textfield', { name, type: 'number', min: '0', step: '1', value: String(value), 'aria-label': label });
  return el('label', { class: 'option', title: flag }, el('span', {}, label), control);
}

function checkboxes<T extends string>(name: string, legend: string, all: readonly T[], chosen: readonly T[], label: (v: T) => string): HTMLElement {
  return el(
    'fieldset',
    { class: 'option-group', 'data-name': name },
    el('legend', {}, legend),
    ...all.map((v) => el('vscode-checkbox', { name, value: v, label: label(v), ...(chosen.includes(v) && { checked: '' }) })),
  );
}

/** Reads a whole number ≥ 0 from a text field, or undefined. */
function wholeNumber(form: HTMLElement, name: string): number | undefined {
  const field = form.querySelector<HTMLElement & { value: string }>(`vscode-textfield[name="${name}"]`);
  const text = field?.value.trim() ?? '';
  if (!/^\d+$/.test(text)) return undefined;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : undefined;
}

function selected(form: HTMLElement, name: string): string {
  return form.querySelector<HTMLElement & { value: string }>(`vscode-single-select[name="${name}"]`)?.value ?? '';
}

function checked<T extends string>(form: HTMLElement, name: string): T[] {
  return [...form.querySelectorAll<HTMLElement & { checked: boolean; value: string }>(`vscode-checkbox[name="${name}"]`)].filter((c) => c.checked).map((c) => c.value as T);
}

/**
 * The options of the computation, each one an `understudy correlate` flag: coefficients (`--correlations`), segment
 * groupings (`--groupings`), interval level (`--level`), bootstrap samples and what they redraw (`--bootstrap`,
 * `--resample`), permutation runs (`--permutations`), seed, the adjustment of the metric comparisons
 * (`--correction`) and the human score aspect (`--aspect`). "Apply" computes again (in the worker, cancellable).
 */
function optionControls(current: CorrelationPanelOptions, aspects: readonly string[], segmentLevel: boolean, onApply: (options: CorrelationPanelOptions) => void): HTMLElement {
  const currentAspect = current.aspects.join(',');
  const aspectChoices: [string, string][] = [['', aspects.length > 0 ? `default of the judgments` : 'default'], ...aspects.map((a): [string, string] => [a, a])];
  if (currentAspect !== '' && !aspects.includes(currentAspect)) aspectChoices.push([currentAspect, current.aspects.join(' + ')]);
  const levels = LEVELS.includes(current.level) ? LEVELS : [...LEVELS, current.level].sort();
  const error = el('p', { class: 'form-error', role: 'alert' });
  const apply = el('vscode-button', { class: 'apply' }, 'Apply');
  const form = el(
    'div',
    { class: 'options-form' },
    checkboxes<CorrelationName>('correlations', 'Coefficients', PANEL_CORRELATIONS, current.correlations, (c) => `${c} (${CORRELATION_SYMBOLS[c]})`),
    ...(segmentLevel ? [checkboxes<SegmentGrouping>('groupings', 'Segment level', PANEL_GROUPINGS, current.groupings, (g) => GROUPING_LABELS[g])] : []),
    el(
      'div',
      { class: 'option-row' },
      select('aspect', 'Human score', aspectChoices, currentAspect),
      select('level', 'Interval level', levels.map((l): [string, string] => [String(l), `${Math.round(l * 1000) / 10}%`]), String(current.level)),
      numberField('bootstrap', 'Bootstrap samples', current.bootstrapSamples, '--bootstrap (0 = none)'),
      select('resample', 'Bootstrap redraws', (Object.keys(RESAMPLE_LABELS) as ResampleUnit[]).map((r): [string, string] => [r, RESAMPLE_LABELS[r]]), current.resample),
      numberField('permutations', 'Permutation runs', current.permutationSamples, '--permutations (0 = none)'),
      numberField('seed', 'Seed', current.seed, '--seed'),
      select('correction', 'Comparisons adjusted by', [['holm', 'Holm'], ['bonferroni', 'Bonferroni'], ['none', 'none']], current.correction),
    ),
    el('div', { class: 'option-actions' }, apply, error),
  );
  apply.addEventListener('click', () => {
    const correlations = checked<CorrelationName>(form, 'correlations');
    const groupings = segmentLevel ? checked<SegmentGrouping>(form, 'groupings') : current.groupings;
    const bootstrapSamples = wholeNumber(form, 'bootstrap');
    const permutationSamples = wholeNumber(form, 'permutations');
    const seed = wholeNumber(form, 'seed');
    const problems = [
      correlations.length === 0 ? 'tick at least one coefficient' : '',
      groupings.length === 0 ? 'tick at least one segment-level grouping' : '',
      bootstrapSamples === undefined ? 'bootstrap samples must be a whole number ≥ 0' : '',
      permutationSamples === undefined ? 'permutation runs must be a whole number ≥ 0' : '',
      seed === undefined ? 'the seed must be a whole number ≥ 0' : '',
    ].filter((p) => p !== '');
    error.textContent = problems.length > 0 ? `Cannot apply: ${problems.join('; ')}.` : '';
    if (problems.length > 0 || bootstrapSamples === undefined || permutationSamples === undefined || seed === undefined) return;
    const aspect = selected(form, 'aspect');
    onApply({
      correlations,
      groupings,
      level: Number(selected(form, 'level')) || current.level,
      bootstrapSamples,
      resample: (selected(form, 'resample') || current.resample) as ResampleUnit,
      permutationSamples,
      seed,
      correction: (selected(form, 'correction') || current.correction) as CorrelationPanelOptions['correction'],
      aspects: aspect === '' ? [] : aspect.split(','),
    });
  });
  return form;
}

/**
 * The options in a collapsible section. Its controls are built when it is first opened: the first view of the panel
 * does not pay for a form most people leave closed (vscode-single-select measures its options' text on connection).
 */
export function optionsForm(
  current: CorrelationPanelOptions,
  aspects: readonly string[],
  segmentLevel: boolean,
  open: boolean,
  onApply: (options: CorrelationPanelOptions) => void,
  onToggle: (open: boolean) => void,
): HTMLElement {
  return lazyCollapsible('Options', open, () => optionControls(current, aspects, segmentLevel, onApply), onToggle);
}

/**
 * A collapsible section whose content is built when it is first opened: the first view of a panel does not pay for a
 * form most people leave closed (vscode-single-select measures its options' text on connection).
 */
export function lazyCollapsible(heading: string, open: boolean, build: () => HTMLElement, onToggle: (open: boolean) => void): HTMLElement {
  const collapsible = el('vscode-collapsible', { class: 'options', heading, ...(open && { open: '' }) });
  const fill = (): void => {
    if (collapsible.childElementCount === 0) collapsible.append(build());
  };
  if (open) fill();
  collapsible.addEventListener('vsc-collapsible-toggle', (event) => {
    const isOpen = Boolean((event as CustomEvent<{ open: boolean }>).detail?.open);
    if (isOpen) fill();
    onToggle(isOpen);
  });
  return collapsible;
}
