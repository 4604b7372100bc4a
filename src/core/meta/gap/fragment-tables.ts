import type { FormattableTable, TableCell, TableColumn } from '../../report/correlation-tables';
import { cliCell } from '../rose/rose-tables';
import type { MeasureComparison } from './fragment-effect';
import type { FragmentRunReport } from './fragment-report';

/**
 * The fragment diagnostics' tables as plain data: what `understudy fragments` prints, what the panel draws and what
 * its Export buttons write (CSV at full precision, LaTeX and Markdown through formatCorrelationTable).
 */
export type FragmentTableId = 'systems' | 'output-level' | 'system-level' | 'within' | 'fragments';

export const FRAGMENT_TABLE_IDS: readonly FragmentTableId[] = ['systems', 'output-level', 'system-level', 'within', 'fragments'];

const number = (label: string, digits = 4): TableColumn => ({ label, kind: 'number', digits });
const text = (label: string): TableColumn => ({ label, kind: 'text' });
const count = (label: string): TableColumn => ({ label, kind: 'count' });

function notes(report: FragmentRunReport): string[] {
  const o = report.result.options;
  return [
    `Fragments: outputs ending ${o.fragmentWhen === 'cut' ? 'cut' : 'unterminated or cut'}${o.wordLimit === null ? '' : ` within their first ${o.wordLimit} words`}; a fragment system has ≥ ${o.systemThreshold} of its outputs so; ${o.test === 'student' ? "Student's" : "Welch's"} t-test, ${o.alternative}.`,
    'd: (complete − fragment) over the pooled standard deviation, so metrics and human scores compare.',
    `Signature: ${report.result.signature}`,
  ];
}

function comparisonTable(report: FragmentRunReport, title: string, rows: readonly MeasureComparison[]): Omit<FormattableTable, 'title'> {
  return {
    columns: [text('measure'), text('kind'), number('complete mean'), number('fragment mean'), number('difference'), number('d', 3), number('t', 3), number('df', 1), { label: 'p', kind: 'p' }, count('n complete'), count('n fragment')],
    rows: rows.map((c): TableCell[] => [c.measure, c.kind, c.completeMean, c.fragmentMean, c.difference, c.standardized, c.t, c.df, c.pvalue, c.nComplete, c.nFragment]),
    notes: [title, ...notes(report)],
  };
}

/** One table of a run. */
export function fragmentTable(report: FragmentRunReport, id: FragmentTableId): FormattableTable {
  const r = report.result;
  switch (id) {
    case 'systems':
      return {
        title: 'Endings per system',
        columns: [text('system'), count('complete'), count('unterminated'), count('cut'), number('fragment share', 3), text('class')],
        rows: r.systems.map((s): TableCell[] => [s.name, s.complete, s.unterminated, s.cut, s.fragmentShare, s.fragmentSystem ? 'fragment' : 'complete']),
        notes: notes(report),
      };
    case 'output-level':
      return { title: 'Complete vs fragment outputs (all outputs pooled)', ...comparisonTable(report, 'Every output ending complete against every output ending in a fragment.', r.outputLevel) };
    case 'system-level':
      return { title: 'Complete-ending vs fragment-ending systems (system means; seed 004 Table 4)', ...comparisonTable(report, 'System means of the complete-ending systems against those of the fragment-ending systems.', r.systemLevel) };
    case 'within':
      return {
        title: 'Within systems (paired over systems with both endings)',
        columns: [text('measure'), text('kind'), number('difference'), number('d', 3), number('t', 3), { label: 'p', kind: 'p' }, count('systems')],
        rows: r.withinSystem.map((w): TableCell[] => [w.measure, w.kind, w.difference, w.standardized, w.t, w.pvalue, w.systems]),
        notes: ['Per system, mean of its complete outputs − mean of its fragment outputs; averaged over systems; d in units of the measure’s sd over all outputs.', ...notes(report)],
      };
    case 'fragments':
      return {
        title: 'Outputs not ending in a complete sentence',
        columns: [text('system'), text('item'), text('verdict'), text('fragment'), text('reason'), text('ending'), ...report.measures.map((m) => number(m.name))],
        rows: report.outputs.map((o): TableCell[] => [o.system, o.item, o.verdict, o.fragment ? 'yes' : 'no', o.reason, o.ending, ...o.scores]),
        notes: notes(report),
      };
  }
}

/** A table as `understudy fragments` prints it: padded columns, numbers right-aligned, cells as `cliCell`. */
export function fragmentTableText(table: FormattableTable, limit = Infinity): string[] {
  const shown = table.rows.slice(0, limit);
  const cells = shown.map((row) => table.columns.map((c, k) => cliCell(c, row[k])));
  const header = table.columns.map((c) => c.label);
  const widths = header.map((h, k) => Math.min(90, Math.max(h.length, ...cells.map((row) => row[k].length))));
  const right = table.columns.map((c) => c.kind !== 'text');
  const line = (row: readonly string[]): string =>
    row.map((cell, k) => (cell.length > widths[k] ? `…${cell.slice(cell.length - widths[k] + 1)}` : right[k] ? cell.padStart(widths[k]) : cell.padEnd(widths[k]))).join('  ').trimEnd();
  const lines = [table.title, line(header), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)];
  if (table.rows.length > shown.length) lines.push(`… ${table.rows.length - shown.length} more (--tsv lists them all)`);
  return lines;
}
