/**
 * The cells of a plain-text table as printed: a column of whole numbers prints them as they are (counts); any other
 * number column prints every value with `digits` decimals; null prints as "—". The panel shows its cells this way too.
 */
export function textTableCells(header: readonly string[], rows: readonly (readonly (string | number | null)[])[], digits = 4): { cells: string[][]; numeric: boolean[] } {
  const numeric = header.map((_, c) => rows.length > 0 && rows.every((row) => row[c] === null || typeof row[c] === 'number'));
  const counts = header.map((_, c) => rows.every((row) => typeof row[c] !== 'number' || Number.isInteger(row[c])));
  const cells = rows.map((row) => row.map((v, c) => (v === null ? '—' : typeof v === 'number' ? (counts[c] ? String(v) : v.toFixed(digits)) : v)));
  return { cells, numeric };
}

/** A plain-text table: columns padded to their widest cell, numbers right-aligned, text left-aligned. */
export function textTable(header: readonly string[], rows: readonly (readonly (string | number | null)[])[], digits = 4): string {
  const { cells, numeric } = textTableCells(header, rows, digits);
  const widths = header.map((h, c) => Math.max(h.length, ...cells.map((row) => (row[c] ?? '').length)));
  const line = (row: readonly string[]): string =>
    row
      .map((cell, c) => (numeric[c] ? cell.padStart(widths[c]) : cell.padEnd(widths[c])))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n') + '\n';
}
