import type { FormattableTable, TableCell, TableColumn } from '../../report/correlation-tables';
import type { Statistic } from '../json-number';
import type { AnovaJson, BandJson, DataConditionResult } from './data-conditions';

/**
 * The tables of a data-condition result as plain data: what the panel draws and its "Export" buttons write (CSV at
 * full precision, LaTeX and Markdown through formatCorrelationTable), with the columns `understudy conditions` prints.
 */
export type ConditionTableId = 'curve' | 'anova' | 'rows' | 'pairs' | 'human-pairs';

export const CONDITION_TABLE_IDS: readonly ConditionTableId[] = ['curve', 'anova', 'rows', 'pairs', 'human-pairs'];

export interface ConditionTable extends FormattableTable {
  readonly id: ConditionTableId;
}

/** Which table: 'curve' and 'pairs' are per metric (`metric` names it). */
export interface ConditionTableRequest {
  readonly table: ConditionTableId;
  readonly metric?: string;
}

const band = (b: BandJson | null): TableCell => (b === null ? null : b.mean);
const interval = (b: BandJson): TableCell => [b.lower, b.upper];

function notes(result: DataConditionResult): string[] {
  const o = result.options;
  const what = result.axis === 'references' ? `references per item (of ${result.references})` : `items (of ${result.items})`;
  return [
    `${o.correlation} correlation with ${result.human.name} as the ${what} shrink; ${result.systems.length} systems, ${o.repetitions} subsets per size, seed ${o.seed}; ${Math.round(o.level * 100)}% percentile bands.`,
    `Rows sharing a mark (* † ‡ § …) are not significantly different (Welch t-tests, ${o.pairwiseCorrection} correction, α = ${o.alpha}).`,
    `Signature: ${result.signature}`,
  ];
}

function anovaTable(id: ConditionTableId, title: string, what: string, tests: readonly (readonly [string, AnovaJson])[], result: DataConditionResult): ConditionTable {
  return {
    id,
    title,
    columns: [{ label: what, kind: 'text' }, { label: 'F', kind: 'number', digits: 2 }, { label: 'df between', kind: 'count' }, { label: 'df within', kind: 'count' }, { label: 'p', kind: 'p' }],
    rows: tests.map(([name, a]) => [name, a.f, a.dfBetween, a.dfWithin, a.pvalue]),
    notes: notes(result),
  };
}

/** The table a request names, or undefined (an unknown metric; human pairs without human item scores). */
export function conditionTable(result: DataConditionResult, request: ConditionTableRequest): ConditionTable | undefined {
  const level = `${Math.round(result.options.level * 100)}% band`;
  switch (request.table) {
    case 'curve': {
      const curve = result.metrics.find((m) => m.metric === request.metric);
      if (!curve) return undefined;
      const columns: TableColumn[] = [
        { label: 'size', kind: 'text' },
        { label: 'subsets', kind: 'count' },
        { label: 'mean', kind: 'number', digits: 4 },
        { label: 'sd', kind: 'number', digits: 4 },
        { label: level, kind: 'interval', digits: 3 },
        { label: 'p', kind: 'p' },
        { label: 'marks', kind: 'text' },
        { label: 'sig pairs', kind: 'number', digits: 3 },
        { label: 'same pairs', kind: 'number', digits: 3 },
      ];
      const rows = curve.points.map((p): TableCell[] => [
        p.label, p.repetitions, p.correlation.mean, p.correlation.sd, p.kind === 'actual' ? null : interval(p.correlation), p.pvalue, p.marks, band(p.significantPairs), band(p.agreeingPairs),
      ]);
      return { id: 'curve', title: `${curve.metric}: ${result.options.correlation} correlation with ${result.human.name} by size`, columns, rows, notes: notes(result) };
    }
    case 'anova':
      return anovaTable('anova', 'One-way ANOVA across sizes, per metric', 'metric', result.metrics.map((m) => [m.metric, m.anova]), result);
    case 'rows':
      return anovaTable('rows', 'One-way ANOVA across metrics, per size', 'size', result.rows.map((r) => [r.label, r.anova]), result);
    case 'pairs': {
      const curves = request.metric === undefined ? result.metrics : result.metrics.filter((m) => m.metric === request.metric);
      if (curves.length === 0) return undefined;
      const rows = curves.flatMap((m) =>
        m.points.filter((p) => p.significantPairs !== null).map((p): TableCell[] => [m.metric, p.label, band(p.significantPairs), p.significantPairs ? interval(p.significantPairs) : null, band(p.agreeingPairs)]),
      );
      return {
        id: 'pairs',
        title: 'Share of system pairs a paired t-test separates, by size',
        columns: [{ label: 'metric', kind: 'text' }, { label: 'size', kind: 'text' }, { label: 'separated', kind: 'number', digits: 3 }, { label: level, kind: 'interval', digits: 3 }, { label: 'same decision as all data', kind: 'number', digits: 3 }],
        rows,
        notes: notes(result),
      };
    }
    case 'human-pairs':
      if (!result.humanPairs) return undefined;
      return {
        id: 'human-pairs',
        title: `Share of system pairs ${result.human.name} separates on the same item subsets`,
        columns: [{ label: 'size', kind: 'text' }, { label: 'separated', kind: 'number', digits: 3 }, { label: level, kind: 'interval', digits: 3 }, { label: 'same decision as all data', kind: 'number', digits: 3 }],
        rows: result.humanPairs.map((h) => [h.label, band(h.significantPairs), interval(h.significantPairs), band(h.agreeingPairs)]),
        notes: notes(result),
      };
  }
}

/** A p-value as `understudy conditions` prints it. */
export function conditionPValue(p: Statistic): string {
  return p === null ? '-' : p === 0 ? '0' : p < 1e-4 ? p.toExponential(2) : p.toFixed(4);
}

/** A cell as `understudy conditions` prints it (its text table): '-' for nothing, bands as `lower…upper`. */
export function formatConditionCell(column: TableColumn, cell: TableCell): string {
  if (cell === null) return '-';
  if (Array.isArray(cell)) return `${cell[0] === null ? '-' : cell[0].toFixed(column.digits ?? 3)}…${cell[1] === null ? '-' : cell[1].toFixed(column.digits ?? 3)}`;
  if (typeof cell === 'string') return cell;
  if (column.kind === 'p') return conditionPValue(cell as number);
  if (column.kind === 'count') return String(cell);
  return (cell as number).toFixed(column.digits ?? 4);
}
