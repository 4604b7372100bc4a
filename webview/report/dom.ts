/**
 * The only way the report builds DOM: elements with attributes and text children. Strings always become text
 * nodes or attribute values, never markup, so file names and signatures from the report cannot inject HTML.
 */
export type Child = Node | string | undefined;

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | undefined> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) if (value !== undefined) element.setAttribute(name, value);
  for (const child of children) if (child !== undefined) element.append(child);
  return element;
}
