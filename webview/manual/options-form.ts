import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-checkbox/index.js';
import '@vscode-elements/elements/dist/vscode-option/index.js';
import '@vscode-elements/elements/dist/vscode-single-select/index.js';
import '@vscode-elements/elements/dist/vscode-textfield/index.js';
import type { AlphaLevel } from '../../src/core/meta/manual/krippendorff-alpha';
import type { TextIdentity } from '../../src/core/meta/manual/identical-summaries';
import type { AverageCountRounding } from '../../src/core/meta/manual/pyramid';
import { el } from '../report/dom';
import type { ManualPanelOptions } from '../shared/manual-protocol';

type Field = HTMLElement & { value: string };
type Box = HTMLElement & { checked: boolean };

/** "open choice" marks an option where the paper leaves the choice open; the default is the likeliest reading. */
function openChoice(text: string): HTMLElement {
  return el('span', { class: 'open-choice' }, el('span', { class: 'badge' }, 'open choice'), ` ${text}`);
}

function select(name: string, label: string, flag: string, options: readonly [string, string][], value: string, note?: HTMLElement): HTMLElement {
  const control = el('vscode-single-select', { name, 'aria-label': label }, ...options.map(([v, text]) => el('vscode-option', { value: v, ...(v === value && { selected: '' }) }, text)));
  return el('label', { class: 'option', title: flag }, el('span', {}, label), control, note);
}

function textField(name: string, label: string, flag: string, value: string | undefined, placeholder: string): HTMLElement {
  const control = el('vscode-textfield', { name, value: value ?? '', placeholder, 'aria-label': `${label} (${flag})` });
  return el('label', { class: 'option', title: flag }, el('span', {}, label), control);
}

function checkbox(name: string, label: string, checked: boolean, note?: HTMLElement): HTMLElement {
  return el('div', { class: 'option checkbox' }, el('vscode-checkbox', { name, label, ...(checked && { checked: '' }) }), note);
}

const value = (form: HTMLElement, name: string): string => form.querySelector<Field>(`[name="${name}"]`)?.value.trim() ?? '';
const optional = (form: HTMLElement, name: string): string | undefined => value(form, name) || undefined;
const isChecked = (form: HTMLElement, name: string): boolean => Boolean(form.querySelector<Box>(`vscode-checkbox[name="${name}"]`)?.checked);

/** The controls of one analysis and how to read them back (undefined and a message when a value is not acceptable). */
function controls(options: ManualPanelOptions, identical: boolean): { parts: HTMLElement[]; read: (form: HTMLElement) => ManualPanelOptions | string } | undefined {
  switch (options.kind) {
    case 'pyramid': {
      const p = options.pyramid;
      return {
        parts: [
          checkbox('jackknife', 'Jackknife: average over leave-one-model-out pyramids', p.jackknife, openChoice('DUC/TAC practice (default); off = against all models (--no-jackknife)')),
          select(
            'averageCount',
            'Average model SCU count X in Max(X)',
            '--average-count',
            [
              ['exact', 'exact X (the formula)'],
              ['ceil', 'rounded up (sacrerouge)'],
              ['round', 'rounded'],
            ],
            p.averageCount,
            openChoice('the digests’ formula takes X as it is (default)'),
          ),
          checkbox('scoreModels', 'Score each model summary against the other models', p.scoreModels),
          el(
            'div',
            { class: 'option-row' },
            textField('documentPattern', 'Model header pattern', '--document-pattern', p.documentPattern, 'the file’s startDocumentRegEx'),
            textField('peerName', 'Peer name pattern', '--peer-name', p.peerName, 'file name without .pan'),
          ),
        ],
        read: (form) => ({
          kind: 'pyramid',
          pyramid: {
            jackknife: isChecked(form, 'jackknife'),
            averageCount: (value(form, 'averageCount') || p.averageCount) as AverageCountRounding,
            scoreModels: isChecked(form, 'scoreModels'),
            ...(optional(form, 'documentPattern') !== undefined && { documentPattern: optional(form, 'documentPattern') }),
            ...(optional(form, 'peerName') !== undefined && { peerName: optional(form, 'peerName') }),
          },
        }),
      };
    }
    case 'agreement': {
      const a = options.agreement;
      const level = select(
        'level',
        'Difference metric',
        '--level',
        [
          ['nominal', 'nominal'],
          ['ordinal', 'ordinal'],
          ['interval', 'interval'],
          ['ratio', 'ratio'],
          ['all', 'all four'],
        ],
        a.level,
        openChoice('interval, as Owczarzak et al. (2012) (default)'),
      );
      const parts = identical
        ? [
            level,
            select(
              'identity',
              'Identical summaries',
              '--identity',
              [
                ['exact', 'byte for byte'],
                ['whitespace', 'spacing ignored'],
                ['whitespace-case', 'spacing and case ignored'],
              ],
              a.identity ?? 'whitespace',
            ),
            el(
              'div',
              { class: 'option-row' },
              textField('aspects', 'Score fields', '--aspect (comma-separated)', a.aspects?.join(','), 'every numeric field'),
              textField('documentField', 'Document field', '--document-field', a.documentField, 'doc_id, document…'),
              textField('systemField', 'System field', '--system-field', a.systemField, 'system, model…'),
              textField('textField', 'Summary field', '--text-field', a.textField, 'summary, text…'),
              textField('assessorField', 'Assessor field', '--assessor-field', a.assessorField, 'none'),
            ),
          ]
        : [
            level,
            select(
              'layout',
              'Layout',
              '--layout',
              [
                ['', 'recognised from the columns'],
                ['wide', 'wide: a row per unit, a column per coder'],
                ['long', 'long: unit, coder, value rows'],
              ],
              a.layout ?? '',
            ),
            el(
              'div',
              { class: 'option-row' },
              textField('unit', 'Unit column', '--unit', a.unit, 'unit / the first'),
              textField('coder', 'Coder column', '--coder', a.coder, 'coder'),
              textField('value', 'Value column', '--value', a.value, 'value'),
              textField('group', 'Group column', '--group', a.group, 'none'),
              textField('missing', 'Missing values', '--missing (comma-separated)', a.missing?.join(','), 'empty, NA, N/A, nan, …'),
            ),
          ];
      const list = (text: string | undefined): string[] | undefined => (text === undefined ? undefined : text.split(',').map((s) => s.trim()));
      return {
        parts,
        read: (form) => {
          const chosen: Record<string, unknown> = { level: value(form, 'level') || a.level };
          if (identical) {
            chosen.identity = value(form, 'identity') || a.identity || 'whitespace';
            chosen.aspects = list(optional(form, 'aspects'))?.filter((s) => s !== '');
            for (const name of ['documentField', 'systemField', 'textField', 'assessorField']) chosen[name] = optional(form, name);
          } else {
            chosen.layout = optional(form, 'layout');
            for (const name of ['unit', 'coder', 'value', 'group']) chosen[name] = optional(form, name);
            chosen.missing = list(optional(form, 'missing'));
          }
          const defined = Object.fromEntries(Object.entries(chosen).filter(([, v]) => v !== undefined && !(Array.isArray(v) && v.length === 0)));
          return { kind: 'agreement', agreement: defined as { level: AlphaLevel | 'all'; identity?: TextIdentity } };
        },
      };
    }
    case 'nuggets':
      return {
        parts: [
          el(
            'div',
            { class: 'option-row' },
            textField('beta', 'β of F(β)', '--beta', String(options.beta), '3'),
            textField('allowance', 'Length allowance per nugget (characters)', '--allowance', String(options.allowance), '100'),
          ),
          el('p', { class: 'note' }, openChoice('β = 3 as TREC 2004 (default); TREC 2003 used 5.')),
        ],
        read: (form) => {
          const beta = Number(value(form, 'beta'));
          const allowance = Number(value(form, 'allowance'));
          if (!(beta > 0) || !(allowance > 0)) return 'β and the allowance must be positive numbers';
          return { kind: 'nuggets', beta, allowance };
        },
      };
    case 'relevance':
      return {
        parts: [textField('fullText', 'Full-text condition', '--full-text', options.fullText, 'DOC')],
        read: (form) => ({ kind: 'relevance', fullText: value(form, 'fullText') || 'DOC' }),
      };
    case 'realsumm':
    case 'comprehension':
      return undefined;
  }
}

/**
 * The analysis's options, each one a flag of its `understudy` subcommand (the panel's command line repeats them).
 * "Apply" computes again in the worker. Choices a paper leaves open are marked, with the default's reading.
 */
export function optionsForm(options: ManualPanelOptions, identical: boolean, onApply: (options: ManualPanelOptions) => void): HTMLElement | undefined {
  const built = controls(options, identical);
  if (!built) return undefined;
  const error = el('p', { class: 'form-error', role: 'alert' });
  const apply = el('vscode-button', { class: 'apply' }, 'Apply');
  const form = el('div', { class: 'options-form' }, ...built.parts, el('div', { class: 'option-actions' }, apply, error));
  apply.addEventListener('click', () => {
    const read = built.read(form);
    error.textContent = typeof read === 'string' ? `Cannot apply: ${read}.` : '';
    if (typeof read !== 'string') onApply(read);
  });
  return el('section', { class: 'options' }, el('h2', {}, 'Options'), form);
}
