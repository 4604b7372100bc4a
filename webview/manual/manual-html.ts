import { panelHtml, PanelHtmlOptions } from '../shared/panel-html';

/**
 * The Manual Evaluation panel's HTML document (the same markup and nonce-only CSP in VS Code and in the headless
 * Chromium tests). Progress is announced by the status line alone, not the whole report.
 */
export function manualHtml(options: PanelHtmlOptions): string {
  return panelHtml(options, 'manual', 'Reading the annotations…', false);
}
