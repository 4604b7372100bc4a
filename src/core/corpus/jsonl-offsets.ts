import { Node, parseTree } from 'jsonc-parser';

/**
 * Where a JSONL record's text sits in its line: `columns[i]` is the column (UTF-16 offset into the raw line) of
 * character i of the decoded string, `columns[text.length]` the column of the closing quote. Explanations give
 * spans of the decoded text; this maps them onto what the editor shows, escapes (`\"`, `\n`, `\u00e9`) included.
 * Undefined when the line has no such string field (`item` picks an element of a list field).
 */
export function jsonlTextColumns(rawLine: string, field: string, item?: number): number[] | undefined {
  const root = parseTree(rawLine);
  if (!root || root.type !== 'object') return undefined;
  const property = root.children?.find((p) => p.children?.[0]?.value === field);
  let value: Node | undefined = property?.children?.[1];
  if (value?.type === 'array') value = value.children?.[item ?? 0];
  if (!value || value.type !== 'string') return undefined;
  const columns: number[] = [];
  const end = value.offset + value.length - 1;
  let raw = value.offset + 1;
  while (raw < end) {
    columns.push(raw);
    if (rawLine[raw] !== '\\') raw++;
    else raw += rawLine[raw + 1] === 'u' ? 6 : 2;
  }
  columns.push(end);
  return columns;
}
