import { reportContentSecurityPolicy } from '../report/report-html';

/**
 * The comparison webviews' HTML document (the two-system summary view and the pairwise table panel share one bundle).
 * Pure, so the extension and the headless Chromium test page serve the same markup under the same CSP as the report.
 */
export interface CompareHtmlOptions {
  readonly cspSource: string;
  /** dist/webview/compare.js and compare.css as the webview can load them. */
  readonly scriptUri: string;
  readonly styleUri: string;
  readonly nonce: string;
  /** Document title (what screen readers announce for the frame). */
  readonly title: string;
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function compareHtml(options: CompareHtmlOptions): string {
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
<main id="comparison" aria-live="polite"><p class="empty">No comparison yet: run “Understudy: Compare With…” on a scored system output.</p></main>
<script nonce="${escapeHtml(options.nonce)}" src="${escapeHtml(options.scriptUri)}"></script>
</body>
</html>
`;
}
