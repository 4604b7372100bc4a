/** Up/Down (and Home/End) move the focus between the buttons of a list or table that match `selector`. */
export function arrowKeysBetween(container: HTMLElement, selector: string): void {
  container.addEventListener('keydown', (event) => {
    const buttons = [...container.querySelectorAll<HTMLElement>(selector)];
    const index = buttons.indexOf(document.activeElement as HTMLElement);
    if (index < 0) return;
    const target = event.key === 'ArrowDown' ? index + 1 : event.key === 'ArrowUp' ? index - 1 : event.key === 'Home' ? 0 : event.key === 'End' ? buttons.length - 1 : undefined;
    if (target === undefined || target < 0 || target >= buttons.length) return;
    event.preventDefault();
    buttons[target].focus();
  });
}
