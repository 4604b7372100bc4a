import type { CorrelationReport, Interval, MetricInfo, Statistic } from '../meta/correlation-report';
import type { CorrelationName } from '../meta/stats/correlation-functions';
import { formatPValue, formatStatistic } from './correlation-format';
import { digitsFor } from './format-report';
import { csvField, inlineCode, markdownText } from './score-export';

/**
 * The tables of a correlation report as plain data, and their CSV, LaTeX and Markdown texts: what the correlation
 * panel's "Export" buttons write (through the extension, which holds the report), the same numbers `understudy
 * correlate` prints. CSV keeps full precision (a table for pandas or a spreadsheet); LaTeX and Markdown print the
 * digits the panel shows and carry the signature.
 */
export type CorrelationTableId = 'systems' | 'system-level' | 'comparisons' | 'segment-level' | 'metric-matrix' | 'agreement';

export const CORRELATION_TABLE_IDS: readonly CorrelationTableId[] = ['systems', 'system-level', 'comparisons', 'segment-level', 'metric-matrix', 'agreement'];

export type TableExportFormat = 'csv' | 'latex' | 'markdown';

export const TABLE_EXPORT_FORMATS: readonly TableExportFormat[] = ['csv', 'latex', 'markdown'];

/** File name extension of each format. */
export const TABLE_EXPORT_EXTENSIONS: Readonly<Record<TableExportFormat, string>> = { csv: 'csv', latex: 'tex', markdown: 'md' };

export interface TableColumn {
  readonly label: string;
  /** 'interval' cells are [lower, upper] pairs (two columns in CSV); 'p' cells print as p-values. */
  readonly kind: 'text' | 'number' | 'count' | 'p' | 'interval';
  /** Decimals of 'number' and 'interval' cells in LaTeX and Markdown (CSV keeps full precision). */
  readonly digits?: number;
}

export type TableCell = string | number | null | readonly [Statistic, Statistic];

export interface CorrelationTable {
  readonly id: CorrelationTableId;
  readonly title: string;
  readonly columns: readonly TableColumn[];
  readonly rows: readonly (readonly TableCell[])[];
  /** What a reader needs to reproduce or read the table: the human score, orientation, signature. */
  readonly notes: readonly string[];
}

/**
 * Which table: the matrix needs its level and coefficient, and the comparisons may be limited to one level; `order`
 * is a display order of the rows (a permutation).
 */
export interface CorrelationTableRequest {
  readonly table: CorrelationTableId;
  readonly level?: 'system' | 'segment';
  readonly correlation?: CorrelationName;
  readonly order?: readonly number[];
}

const interval = (i: Interval | null): TableCell => (i === null ? null : [i.lower, i.upper]);

/** The metric as correlation tables name it: −TER for a metric correlated as −score (as the CLI's text tables do). */
export function correlatedMetricLabel(metric: MetricInfo | undefined, name: string): string {
  if (!metric) return name;
  return metric.negated ? `−${metric.label}` : metric.label;
}

function isPermutation(order: readonly number[], length: number): boolean {
  if (order.length !== length) return false;
  const seen = new Set(order);
  return seen.size === length && order.every((i) => Number.isInteger(i) && i >= 0 && i < length);
}

/** The table a request names, or undefined when the report has no such table (e.g. segment level of system-level judgments). */
export function correlationTable(report: CorrelationReport, request: CorrelationTableRequest): CorrelationTable | undefined {
  const table = buildTable(report, request);
  if (!table) return undefined;
  const { order } = request;
  if (!order || !isPermutation(order, table.rows.length)) return table;
  return { ...table, rows: order.map((i) => table.rows[i]) };
}

function buildTable(report: CorrelationReport, request: CorrelationTableRequest): CorrelationTable | undefined {
  const info = new Map(report.metrics.map((m) => [m.name, m]));
  const shown = (name: string): string => correlatedMetricLabel(info.get(name), name);
  const included = report.systems.filter((s) => s.included).length;
  const percent = `${Math.round(report.settings.level * 1000) / 10}%`;
  const notes = [
    `Human score: ${report.human.label} (${report.human.sources.join(', ')}).`,
    ...(report.metrics.some((m) => m.negated) ? ['Lower-is-better metrics are correlated as −score (marked −), so +1 is full agreement for every metric.'] : []),
    `Signature: ${report.signature}`,
  ];
  switch (request.table) {
    case 'systems':
      return {
        id: 'systems',
        title: `Systems × metrics with the human score (${report.human.label})`,
        columns: [
          { label: 'system', kind: 'text' },
          { label: 'human', kind: 'number', digits: 4 },
          { label: 'judged segments', kind: 'count' },
          ...report.metrics.map((m): TableColumn => ({ label: m.label, kind: 'number', digits: digitsFor(m.name) })),
          { label: 'included', kind: 'text' },
          { label: 'note', kind: 'text' },
        ],
        rows: report.systems.map((s) => [s.name, s.human, s.judgedSegments, ...report.metrics.map((m) => s.scores[m.name] ?? null), s.included ? 'yes' : 'no', s.note ?? '']),
        notes: [...notes.slice(0, 1), ...report.metrics.map((m) => `${m.label}: ${m.signature}`), notes[notes.length - 1]],
      };
    case 'system-level':
      return {
        id: 'system-level',
        title: `System-level correlations with ${report.human.label} (${included} systems; ${percent} intervals; two-sided p)`,
        columns: [
          { label: 'metric', kind: 'text' },
          { label: 'coefficient', kind: 'text' },
          { label: 'value', kind: 'number', digits: 4 },
          { label: 'interval', kind: 'interval', digits: 4 },
          { label: 'bootstrap', kind: 'interval', digits: 4 },
          { label: 'p', kind: 'p' },
          { label: 'n', kind: 'count' },
        ],
        rows: report.systemLevel.flatMap((m) =>
          m.estimates.map((e) => [shown(m.metric), e.correlation, e.statistic, interval(e.interval), interval(e.bootstrap), e.pvalue, e.n]),
        ),
        notes,
      };
    case 'comparisons':
      return {
        id: 'comparisons',
        title: `Is one metric's correlation higher than another's?${request.level ? ` (${request.level} level)` : ''} One-sided p (${report.settings.correction} adjustment)`,
        columns: [
          { label: 'level', kind: 'text' },
          { label: 'coefficient', kind: 'text' },
          { label: 'better', kind: 'text' },
          { label: 'worse', kind: 'text' },
          { label: 'delta', kind: 'number', digits: 4 },
          { label: 'Williams p', kind: 'p' },
          { label: 'Williams adjusted', kind: 'p' },
          { label: 'permutation p', kind: 'p' },
          { label: 'permutation adjusted', kind: 'p' },
        ],
        rows: report.comparisons.filter((c) => request.level === undefined || c.level === request.level).map((c) => [
          c.level + (c.grouping ? `/${c.grouping}` : ''),
          c.correlation,
          shown(c.better),
          shown(c.worse),
          c.delta,
          c.williams?.pvalue ?? null,
          c.williams?.adjustedPvalue ?? null,
          c.permutation?.pvalue ?? null,
          c.permutation?.adjustedPvalue ?? null,
        ]),
        notes,
      };
    case 'segment-level':
      if (!report.segmentLevel) return undefined;
      return {
        id: 'segment-level',
        title: `Segment-level correlations with ${report.human.label} (${report.segmentLevel.judgedSegments} judged segments; grouped values are means over the groups)`,
        columns: [
          { label: 'metric', kind: 'text' },
          { label: 'grouping', kind: 'text' },
          { label: 'coefficient', kind: 'text' },
          { label: 'value', kind: 'number', digits: 4 },
          { label: 'interval', kind: 'interval', digits: 4 },
          { label: 'n', kind: 'count' },
          { label: 'groups', kind: 'count' },
          { label: 'skipped groups', kind: 'count' },
          { label: 'p', kind: 'p' },
        ],
        rows: report.segmentLevel.correlations.map((c) => [shown(c.metric), c.grouping, c.correlation, c.statistic, interval(c.interval), c.n, c.groups, c.skippedGroups, c.pvalue]),
        notes,
      };
    case 'metric-matrix': {
      const matrix =
        report.metricMatrices.find((m) => m.level === (request.level ?? 'system') && m.correlation === (request.correlation ?? m.correlation)) ?? undefined;
      if (!matrix) return undefined;
      return {
        id: 'metric-matrix',
        title: `Metric × metric correlations (${matrix.level} level, ${matrix.correlation})`,
        columns: [{ label: '', kind: 'text' }, ...matrix.metrics.map((m): TableColumn => ({ label: shown(m), kind: 'number', digits: 4 }))],
        rows: matrix.metrics.map((m, i) => [shown(m), ...matrix.values[i]]),
        notes: notes.slice(1),
      };
    }
    case 'agreement':
      if (!report.pairwiseAgreement) return undefined;
      return {
        id: 'agreement',
        title: `Pairwise agreement with the humans (Owczarzak et al. 2012; Wilcoxon signed-rank per system pair, α = ${report.settings.alpha})`,
        columns: [
          { label: 'metric', kind: 'text' },
          { label: 'pairs', kind: 'count' },
          { label: 'human sig.', kind: 'count' },
          { label: 'metric sig.', kind: 'count' },
          { label: 'diff', kind: 'number', digits: 4 },
          { label: 'no diff', kind: 'number', digits: 4 },
          { label: 'contr', kind: 'number', digits: 4 },
          { label: 'sig', kind: 'number', digits: 4 },
          { label: 'sig interval', kind: 'interval', digits: 4 },
          { label: 'all', kind: 'number', digits: 4 },
          { label: 'all interval', kind: 'interval', digits: 4 },
        ],
        rows: report.pairwiseAgreement.map((a) => [
          shown(a.metric),
          a.pairs,
          a.humanSignificant,
          a.metricSignificant,
          a.diffRecall,
          a.noDiffRecall,
          a.contradictionRate,
          a.accuracy,
          interval(a.accuracyInterval),
          a.directionAgreement,
          interval(a.directionInterval),
        ]),
        notes,
      };
  }
}

/** A cell as the panel and the text report print it. */
export function formatTableCell(column: TableColumn, cell: TableCell): string {
  if (cell === null) return '–';
  if (Array.isArray(cell)) return `[${formatStatistic(cell[0], column.digits)}, ${formatStatistic(cell[1], column.digits)}]`;
  if (typeof cell === 'string') return cell;
  switch (column.kind) {
    case 'p':
      return formatPValue(cell as number);
    case 'count':
      return String(cell);
    default:
      return formatStatistic(cell as number, column.digits);
  }
}

/** What an export needs of a table (the ROSE and gap panels' tables have ids of their own). */
export type ExportableTable = Omit<CorrelationTable, 'id'>;

export function formatCorrelationTable(table: ExportableTable, format: TableExportFormat): string {
  switch (format) {
    case 'csv':
      return tableToCsv(table);
    case 'latex':
      return tableToLatex(table);
    case 'markdown':
      return tableToMarkdown(table);
  }
}

/** RFC 4180, CRLF: one header row (an interval column becomes `<label> lower` and `<label> upper`), numbers at full precision. */
function tableToCsv(table: ExportableTable): string {
  const header = table.columns.flatMap((c) => (c.kind === 'interval' ? [`${c.label} lower`, `${c.label} upper`] : [c.label]));
  const rows = table.rows.map((row) =>
    table.columns.flatMap((c, k) => {
      const cell = row[k];
      if (c.kind === 'interval') return Array.isArray(cell) ? [cell[0] ?? undefined, cell[1] ?? undefined] : [undefined, undefined];
      return [cell === null || Array.isArray(cell) ? undefined : (cell as string | number)];
    }),
  );
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

function tableToMarkdown(table: ExportableTable): string {
  const lines = [`**${markdownText(table.title)}**`, ''];
  lines.push(`| ${table.columns.map((c) => markdownText(c.label)).join(' | ')} |`);
  lines.push(`|${table.columns.map((c) => (c.kind === 'text' ? '---' : '--:')).join('|')}|`);
  // Numbers, intervals and p-values are digits, signs and brackets only: written as they print.
  const cell = (c: TableColumn, value: TableCell): string => (c.kind === 'text' ? markdownText(formatTableCell(c, value)) : formatTableCell(c, value));
  for (const row of table.rows) lines.push(`| ${table.columns.map((c, k) => cell(c, row[k])).join(' | ')} |`);
  lines.push('');
  for (const note of table.notes) {
    const signature = /^(Signature|[^:]+): (\S*\|\S*)$/.exec(note);
    lines.push(signature ? `${markdownText(signature[1])}: ${inlineCode(signature[2])}` : markdownText(note), '');
  }
  return lines.join('\n');
}

/** Text in LaTeX's text mode: its special characters escaped, the minus sign and Greek letters as math. */
export function latexText(text: string): string {
  return text.replace(/[\\{}$&#^_%~−αρτ]/g, (c) => {
    switch (c) {
      case '\\':
        return '\\textbackslash{}';
      case '~':
        return '\\textasciitilde{}';
      case '^':
        return '\\textasciicircum{}';
      case '−':
        return '$-$';
      case 'α':
        return '$\\alpha$';
      case 'ρ':
        return '$\\rho$';
      case 'τ':
        return '$\\tau$';
      default:
        return `\\${c}`;
    }
  });
}

/** A printed number in LaTeX: a real minus sign, exponents as powers of ten. */
function latexNumber(text: string): string {
  const exponent = /^(-?[\d.]+)e([+-])(\d+)$/.exec(text);
  if (exponent) return `$${exponent[1]} \\times 10^{${exponent[2] === '-' ? '-' : ''}${Number(exponent[3])}}$`;
  return text.replace(/-/g, '$-$');
}

/** A booktabs table (`\usepackage{booktabs}`) with the title as caption and the notes as comments above it. */
function tableToLatex(table: ExportableTable): string {
  const cell = (c: TableColumn, value: TableCell): string => {
    const text = formatTableCell(c, value);
    if (text === '–') return '--';
    return c.kind === 'text' ? latexText(text) : latexNumber(text);
  };
  const lines = [
    `% ${table.title}`,
    ...table.notes.map((n) => `% ${n}`),
    '% Needs \\usepackage{booktabs}.',
    '\\begin{table}[t]',
    '\\centering',
    `\\begin{tabular}{${table.columns.map((c) => (c.kind === 'text' ? 'l' : 'r')).join('')}}`,
    '\\toprule',
    `${table.columns.map((c) => latexText(c.label)).join(' & ')} \\\\`,
    '\\midrule',
    ...table.rows.map((row) => `${table.columns.map((c, k) => cell(c, row[k])).join(' & ')} \\\\`),
    '\\bottomrule',
    '\\end{tabular}',
    `\\caption{${latexText(table.title)}}`,
    '\\end{table}',
  ];
  return lines.join('\n') + '\n';
}
