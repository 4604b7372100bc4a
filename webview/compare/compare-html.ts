import { panelHtml, PanelHtmlOptions } from '../shared/panel-html';

/**
 * The comparison webviews' HTML document (the two-system summary view and the pairwise table panel share one bundle).
 * Pure, so the extension and the headless Chromium test page serve the same markup under the same CSP as the report.
 */
export type CompareHtmlOptions = PanelHtmlOptions;

export function compareHtml(options: CompareHtmlOptions): string {
  return panelHtml(options, 'comparison', 'No comparison yet: run “Understudy: Compare With…” on a scored system output.');
}
