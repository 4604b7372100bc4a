import '@vscode-elements/elements/dist/vscode-button/index.js';
import type { CorrelationReport } from '../../src/core/meta/correlation-report';
import type { CorrelationStatus, ShowCorrelationsMessage } from '../shared/correlation-protocol';
import { el } from '../report/dom';
import { copyButton, unsavedNote } from '../shared/reproduce';
import { computationStatusLine } from '../shared/status-line';

export const STATUS_ID = 'correlation-status';

/** Progress (stage, percent, Cancel), or what stopped the computation (with Run again). */
export function statusLine(status: CorrelationStatus, hasReport: boolean, actions: { onCancel: () => void; onRerun: () => void; what?: string }): HTMLElement {
  const what = actions.what ?? 'the correlations';
  return computationStatusLine(STATUS_ID, status, hasReport, actions, { progressLabel: `Computing ${what}`, failed: `${what[0].toUpperCase()}${what.slice(1)} could not be computed` });
}

/** One line saying what is correlated with what. */
export function summaryLine(report: CorrelationReport): HTMLElement {
  const included = report.systems.filter((s) => s.included).length;
  const left = report.systems.length - included;
  return el(
    'p',
    { class: 'summary' },
    `${included} systems correlated${left > 0 ? ` (${left} left out: see Data)` : ''} · ${report.metrics.length} metrics · human score ${report.human.label} (${report.human.level} level`,
    `${report.human.systemScores === 'official' ? ', official system scores' : ''}) · ${report.human.sources.join(', ')}`,
  );
}

/** The warnings of the report (e.g. too few systems), when there are any. */
export function warningsBox(report: CorrelationReport): HTMLElement | undefined {
  if (report.warnings.length === 0) return undefined;
  return el('div', { class: 'warnings', role: 'note' }, el('strong', {}, `${report.warnings.length} warning${report.warnings.length === 1 ? '' : 's'}: `), report.warnings[0], report.warnings.length > 1 ? ' (all under Data)' : '');
}

/** The command line that prints every number of the panel, the report's signature and each metric's, with copy buttons. */
export function reproduceSection(message: ShowCorrelationsMessage, onCopy: (text: string) => void): HTMLElement {
  const report = message.report;
  return el(
    'section',
    { class: 'reproduce' },
    el('h2', {}, 'Reproduce in a terminal'),
    el('p', { class: 'note' }, 'From the workspace folder; add --json for the full report with every number at full precision.'),
    el('div', { class: 'command' }, el('code', {}, message.commandLine), copyButton('Copy the command line', 'copy-command', message.commandLine, onCopy)),
    unsavedNote(message.unsaved),
    message.commandNote ? el('p', { class: 'note warning' }, message.commandNote) : '',
    ...(report
      ? [
          el('h3', {}, 'Signatures'),
          el(
            'ul',
            { class: 'signatures' },
            el('li', {}, el('span', { class: 'metric' }, 'Correlations'), el('code', {}, report.signature), copyButton('Copy the signature', 'copy-signature', report.signature, onCopy)),
            ...report.metrics.map((m) => el('li', { 'data-metric': m.name }, el('span', { class: 'metric' }, m.label), el('code', {}, m.signature), copyButton(`Copy the ${m.label} signature`, 'copy-signature', m.signature, onCopy))),
          ),
        ]
      : []),
  );
}
