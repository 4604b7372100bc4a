import '@vscode-elements/elements/dist/vscode-button/index.js';
import type { JsonReport } from '../../src/core/report/report-json';
import { metricNames } from './columns';
import { el } from './dom';

/** Every distinct signature per metric (normally one; several systems scored with other settings would differ). */
export function signaturesByMetric(report: JsonReport): [string, string[]][] {
  return metricNames(report).map((metric) => {
    const signatures: string[] = [];
    for (const system of report.systems) {
      const signature = system.scores[metric]?.signature;
      if (signature !== undefined && !signatures.includes(signature)) signatures.push(signature);
    }
    return [metric, signatures];
  });
}

/** The metric signatures, each with a Copy button (reproducibility strings to paste into a paper). */
export function signatureList(report: JsonReport, onCopy: (text: string) => void): HTMLElement {
  const list = el('ul', { class: 'signatures' });
  for (const [metric, signatures] of signaturesByMetric(report)) {
    for (const signature of signatures) {
      const button = el('vscode-button', { secondary: '', 'aria-label': `Copy ${metric} signature`, title: 'Copy signature' }, 'Copy');
      button.addEventListener('click', () => onCopy(signature));
      list.append(el('li', { 'data-metric': metric }, el('span', { class: 'metric' }, metric), el('code', {}, signature), button));
    }
  }
  return el('section', { class: 'signatures-section' }, el('h2', {}, 'Signatures'), list);
}
