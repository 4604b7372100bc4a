import type { JsonReport } from '../../src/core/report/report-json';
import { el } from './dom';

/** The corpus warnings (invalid UTF-8, empty lines, …), or nothing when there are none. */
export function warningList(report: JsonReport): HTMLElement | undefined {
  const warnings = report.warnings ?? [];
  if (warnings.length === 0) return undefined;
  const list = el('ul', { class: 'warnings' });
  for (const warning of warnings) {
    list.append(el('li', { 'data-code': warning.code }, el('span', { class: 'file' }, warning.file), ': ', warning.message));
  }
  return el('section', { class: 'warnings-section', role: 'status' }, el('h2', {}, `Warnings (${warnings.length})`), list);
}
