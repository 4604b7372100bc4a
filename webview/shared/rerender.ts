/**
 * Re-rendering an analysis panel without losing the reader's place: the page's content is replaced when new numbers
 * arrive, keeping the scroll position and the focus on "the same" control (found again by its data attributes,
 * classes and the section it is in).
 */

/** A selector for `element` that finds its counterpart after a re-render; `scopeOf` names the part of the page it is in. */
export function focusSelector(root: HTMLElement, element: Element | null, attributes: readonly string[], scopeOf: (element: Element) => string): string | undefined {
  if (!element || element === document.body || !root.contains(element)) return undefined;
  const attributeSelectors = attributes.filter((a) => element.hasAttribute(a)).map((a) => `[${a}="${CSS.escape(element.getAttribute(a) ?? '')}"]`);
  const classes = [...element.classList].map((c) => `.${CSS.escape(c)}`).join('');
  return `${scopeOf(element)}${element.tagName.toLowerCase()}${classes}${attributeSelectors.join('')}`;
}

/** Replaces the content of `root` with `parts`, then restores the scroll position and the focus (`focus` from focusSelector). */
export function replaceContent(root: HTMLElement, parts: readonly (HTMLElement | undefined)[], focus: string | undefined, scroll: number): void {
  root.replaceChildren(...parts.filter((p): p is HTMLElement => p !== undefined));
  if (focus) root.querySelector<HTMLElement>(focus)?.focus({ preventScroll: true });
  window.scrollTo(0, scroll);
}

/**
 * The options form for a render: on a redraw of the numbers already shown (a resize, a theme change) the form already
 * on the page, as the reader left it part-way through editing; otherwise (new numbers, new options) `build()`'s.
 */
export function keptOnRedraw(root: HTMLElement, sameNumbers: boolean, build: () => HTMLElement | undefined): HTMLElement | undefined {
  const kept = sameNumbers ? root.querySelector<HTMLElement>('[data-kept-on-redraw]') : null;
  if (kept) return kept;
  const built = build();
  built?.setAttribute('data-kept-on-redraw', '');
  return built;
}

/**
 * Progress only: the status region (by id) shows the new line, nothing else moves. While the line keeps its shape
 * (progress after progress), its buttons stay the very elements the reader may be pressing: progress arrives several
 * times a second, and a button replaced between a press and its release loses the click (Cancel did, under load).
 */
export function replaceStatus(id: string, line: () => HTMLElement): void {
  const shown = document.getElementById(id);
  if (!shown) return;
  const next = line();
  const before = [...shown.childNodes];
  const after = [...next.childNodes];
  const sameShape = shown.className === next.className && before.length === after.length && before.every((node, i) => node.nodeName === after[i].nodeName);
  if (!sameShape) {
    shown.replaceWith(next);
    return;
  }
  before.forEach((node, i) => {
    const twin = after[i];
    // (A vscode-button adds classes of its own once on the page, so its classes are compared as a set.)
    const keep =
      node instanceof HTMLElement && twin instanceof HTMLElement && node.tagName === 'VSCODE-BUTTON' && [...twin.classList].every((c) => node.classList.contains(c)) && node.textContent === twin.textContent;
    if (!keep) shown.replaceChild(twin, node);
  });
}
