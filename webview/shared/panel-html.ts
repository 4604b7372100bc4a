import { reportContentSecurityPolicy } from '../report/report-html';

/**
 * The HTML document of a panel whose script renders into one <main> element (the comparison views, the correlation
 * panel). Pure, so the extension and the headless Chromium test page serve the same markup under the same nonce-only
 * CSP (see reportContentSecurityPolicy).
 */
export interface PanelHtmlOptions {
  readonly cspSource: string;
  /** The bundle's .js and .css under dist/webview, as the webview can load them (`asWebviewUri`). */
  readonly scriptUri: string;
  readonly styleUri: string;
  readonly nonce: string;
  /** Document title (what screen readers announce for the frame). */
  readonly title: string;
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** `mainId`: the id of the <main> the script renders into; `placeholder`: its text until then. */
export function panelHtml(options: PanelHtmlOptions, mainId: string, placeholder: string, live = true): string {
  const csp = reportContentSecurityPolicy(options.cspSource, options.nonce);
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${escapeHtml(options.styleUri)}">
<title>${escapeHtml(options.title)}</title>
</head>
<body>
<main id="${escapeHtml(mainId)}"${live ? ' aria-live="polite"' : ''}><p class="empty">${escapeHtml(placeholder)}</p></main>
<script nonce="${escapeHtml(options.nonce)}" src="${escapeHtml(options.scriptUri)}"></script>
</body>
</html>
`;
}
