import { panelHtml, PanelHtmlOptions } from '../shared/panel-html';

/**
 * The QARLA and heterogeneity panels' HTML document (the same markup and nonce-only CSP in VS Code and in the headless
 * Chromium tests). Not a live region: progress is announced by the status line alone.
 */
export function analysisHtml(options: PanelHtmlOptions): string {
  return panelHtml(options, 'analysis', 'Computing…', false);
}
