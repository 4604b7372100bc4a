import { panelHtml, PanelHtmlOptions } from '../shared/panel-html';

/** The truncated-sentence panel's HTML document (the same markup and CSP in VS Code and in the headless Chromium tests). */
export function fragmentsHtml(options: PanelHtmlOptions): string {
  return panelHtml(options, 'fragments', 'Reading the outputs and scoring them…', false);
}
