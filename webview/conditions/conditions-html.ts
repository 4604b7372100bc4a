import { panelHtml, PanelHtmlOptions } from '../shared/panel-html';

/** The data-condition panel's HTML document (the same markup and CSP in VS Code and in the headless Chromium tests). */
export function conditionsHtml(options: PanelHtmlOptions): string {
  return panelHtml(options, 'conditions', 'Computing the data conditions…', false);
}
