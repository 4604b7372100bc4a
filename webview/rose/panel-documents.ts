import { panelHtml, PanelHtmlOptions } from '../shared/panel-html';

/** The ROSE panel's HTML document (the same markup and nonce-only CSP in VS Code and in the headless Chromium tests). */
export const roseHtml = (options: PanelHtmlOptions): string => panelHtml(options, 'rose', 'Fitting the ROSE combinations…', false);

/** The human–system gap panel's HTML document. */
export const gapHtml = (options: PanelHtmlOptions): string => panelHtml(options, 'gap', 'Fitting the lines…', false);
