/**
 * The report webview's HTML document. Pure (no `vscode`, no DOM) so that the extension's panel and the headless
 * Chromium test page serve exactly the same markup and Content-Security-Policy.
 */
export interface ReportHtmlOptions {
  /** `webview.cspSource` (or the test server's origin). */
  readonly cspSource: string;
  /** URI of dist/webview/report.js as the webview can load it (`asWebviewUri`). */
  readonly scriptUri: string;
  /** URI of dist/webview/report.css. */
  readonly styleUri: string;
  /** Fresh random nonce per page load; only the script carrying it may run. */
  readonly nonce: string;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * No 'unsafe-inline' anywhere: our styles come from report.css; Lit/@vscode-elements style their shadow roots with
 * constructable stylesheets (adoptedStyleSheets) and set properties through CSSOM, neither of which style-src governs;
 * Observable Plot's own <style> element is removed before insertion (see histogram.ts).
 */
export function reportContentSecurityPolicy(cspSource: string, nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src ${cspSource}`,
    `img-src ${cspSource} data:`,
    `font-src ${cspSource}`,
  ].join('; ');
}

export function reportHtml(options: ReportHtmlOptions): string {
  const csp = reportContentSecurityPolicy(options.cspSource, options.nonce);
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${escapeAttribute(options.styleUri)}">
<title>Understudy Report</title>
</head>
<body>
<main id="report" aria-live="polite"><p class="empty">Waiting for a report…</p></main>
<script nonce="${escapeAttribute(options.nonce)}" src="${escapeAttribute(options.scriptUri)}"></script>
</body>
</html>
`;
}

/** A nonce from 32 random alphanumerics (the caller supplies the randomness source so this stays environment-free). */
export function makeNonce(randomInt: (bound: number) => number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let nonce = '';
  for (let i = 0; i < 32; i++) nonce += alphabet[randomInt(alphabet.length)];
  return nonce;
}
