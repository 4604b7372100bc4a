import { escapeAttribute } from './escape';

/**
 * The dependency trees webview's HTML document. Pure (no `vscode`, no DOM), so the extension's panel and the headless
 * Chromium test serve the same markup and Content-Security-Policy: only the nonce-carrying script runs, styles come
 * from dependency.css only (the SVG is built with DOM calls, its colours from classes in that file).
 */
export interface DependencyHtmlOptions {
  readonly cspSource: string;
  readonly scriptUri: string;
  readonly styleUri: string;
  readonly nonce: string;
}

export function dependencyContentSecurityPolicy(cspSource: string, nonce: string): string {
  return ["default-src 'none'", `script-src 'nonce-${nonce}'`, `style-src ${cspSource}`, `font-src ${cspSource}`].join('; ');
}

export function dependencyHtml(options: DependencyHtmlOptions): string {
  const csp = dependencyContentSecurityPolicy(options.cspSource, options.nonce);
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${escapeAttribute(options.styleUri)}">
<title>Understudy Dependency Trees</title>
</head>
<body>
<main id="trees" aria-live="polite"><p class="empty">Waiting for a segment…</p></main>
<script nonce="${escapeAttribute(options.nonce)}" src="${escapeAttribute(options.scriptUri)}"></script>
</body>
</html>
`;
}
