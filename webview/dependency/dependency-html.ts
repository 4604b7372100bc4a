import { panelHtml } from '../shared/panel-html';

/**
 * The dependency trees webview's HTML document: the panels' common skeleton (webview/shared/panel-html.ts, the same
 * nonce-only Content-Security-Policy), its script rendering into <main id="trees">. The SVG is built with DOM calls,
 * its colours from classes in dependency.css.
 */
export interface DependencyHtmlOptions {
  readonly cspSource: string;
  readonly scriptUri: string;
  readonly styleUri: string;
  readonly nonce: string;
}

export function dependencyHtml(options: DependencyHtmlOptions): string {
  return panelHtml({ ...options, title: 'Understudy Dependency Trees' }, 'trees', 'Waiting for a segment…');
}
