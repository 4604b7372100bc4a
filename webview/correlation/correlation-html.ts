import { panelHtml, PanelHtmlOptions } from '../shared/panel-html';

/**
 * The correlation panel's HTML document (the same markup and nonce-only CSP in VS Code and in the headless Chromium
 * tests). The <main> is not a live region: progress is announced by the status line alone, not the whole report.
 */
export function correlationHtml(options: PanelHtmlOptions): string {
  return panelHtml(options, 'correlations', 'Computing the correlations…', false);
}
