/**
 * Calls `render` again when VS Code switches theme (body class / theme id change: chart colours follow) and, debounced,
 * when the webview is resized (charts follow the width).
 */
export function redrawOnThemeAndResize(render: () => void): void {
  new MutationObserver(() => render()).observe(document.body, { attributes: true, attributeFilter: ['class', 'data-vscode-theme-id'] });
  let resizeTimer: number | undefined;
  window.addEventListener('resize', () => {
    window.clearTimeout(resizeTimer);
    resizeTimer = window.setTimeout(render, 150);
  });
}
