import { UNDERSTUDY_VERSION } from '../version';
import { digitsFor as corpusDigits } from './format-report';

/** A corpus score as exported: the headline number, P/R/F where the metric has them, the signature and the interval. */
export interface ExportedCorpusScore {
  readonly score: number;
  readonly p?: number;
  readonly r?: number;
  readonly f?: number;
  readonly signature: string;
  /** 95% bootstrap interval (sacreBLEU `--confidence`), when it has been computed. */
  readonly interval?: { readonly mean: number; readonly halfWidth: number; readonly lower: number; readonly upper: number; readonly samples: number; readonly seed: number };
}

export interface ExportedSegment {
  /** The system's line as it was scored. */
  readonly hypothesis: string;
  /** Sentence score per metric (NaN/null where the line has no reference). */
  readonly scores: Readonly<Record<string, number>>;
}

export interface ExportedSystem {
  readonly name: string;
  readonly file: string;
  readonly references: readonly string[];
  readonly corpus: Readonly<Record<string, ExportedCorpusScore>>;
  /** One entry per scored line, in order (segment i is line i + 1). */
  readonly segments: readonly ExportedSegment[];
}

/** What "Export Scores" writes, in any of its formats. */
export interface ScoreExport {
  readonly understudy: string;
  /** ISO 8601 time of the export, when the caller gives one. */
  readonly created?: string;
  /** Metric columns, in order (the union over the systems). */
  readonly metrics: readonly string[];
  readonly systems: readonly ExportedSystem[];
}

export type ExportFormat = 'csv' | 'json' | 'markdown';

/** The format a file name asks for by its extension, or undefined. */
export function exportFormatOf(fileName: string): ExportFormat | undefined {
  const extension = /\.([^./\\]+)$/.exec(fileName)?.[1]?.toLowerCase();
  if (extension === 'csv') return 'csv';
  if (extension === 'json') return 'json';
  if (extension === 'md' || extension === 'markdown') return 'markdown';
  return undefined;
}

/** Builds the export from systems (metrics in order of first appearance). */
export function scoreExport(systems: readonly ExportedSystem[], created?: string): ScoreExport {
  const metrics: string[] = [];
  for (const system of systems) for (const metric of Object.keys(system.corpus)) if (!metrics.includes(metric)) metrics.push(metric);
  return { understudy: UNDERSTUDY_VERSION, ...(created !== undefined && { created }), metrics, systems };
}

export function formatExport(data: ScoreExport, format: ExportFormat): string {
  switch (format) {
    case 'csv':
      return exportToCsv(data);
    case 'json':
      return exportToJson(data);
    case 'markdown':
      return exportToMarkdown(data);
  }
}

/** JSON, one-space indented as `understudy score --json`; NaN becomes null. */
export function exportToJson(data: ScoreExport): string {
  return JSON.stringify(data, null, 1) + '\n';
}

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a double quote, a line break or leading/trailing spaces,
 * with double quotes doubled. Numbers keep full precision; NaN and missing values are empty fields.
 */
export function csvField(value: string | number | undefined): string {
  if (value === undefined) return '';
  if (typeof value === 'number') return Number.isNaN(value) ? '' : String(value);
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * CSV, one header row then one row per system's corpus scores (`level` corpus, with each metric's signature) and one
 * per segment (`level` segment, 1-based `segment`, the hypothesis last): a table that spreadsheets and
 * `pandas.read_csv` read as is (`df[df.level == "segment"]`). Lines end with CRLF, as RFC 4180 has it.
 */
export function exportToCsv(data: ScoreExport): string {
  const { metrics } = data;
  const rows: (string | number | undefined)[][] = [['level', 'system', 'file', 'segment', ...metrics, ...metrics.map((m) => `${m}_signature`), 'hypothesis']];
  for (const system of data.systems) {
    rows.push([
      'corpus',
      system.name,
      system.file,
      undefined,
      ...metrics.map((m) => system.corpus[m]?.score),
      ...metrics.map((m) => system.corpus[m]?.signature),
      undefined,
    ]);
  }
  for (const system of data.systems) {
    system.segments.forEach((segment, i) => {
      rows.push(['segment', system.name, system.file, i + 1, ...metrics.map((m) => segment.scores[m]), ...metrics.map(() => undefined), segment.hypothesis]);
    });
  }
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/**
 * Text as one Markdown table cell, list item or heading, shown literally: characters that are Markdown syntax
 * anywhere in a line (emphasis, code, links, table pipes, strikethrough, ATX heading marks) are backslash-escaped, as
 * is a leading list or heading-underline marker; `<`, `>` and `&` become entities so that no raw HTML gets through;
 * line breaks become `<br>` (a table row is one line).
 */
export function markdownText(text: string): string {
  return text
    .replace(/[\\`*_[\]|~#]/g, (c) => `\\${c}`)
    .replace(/^([+\-=])|^(\d+)([.)])/, (_, marker: string | undefined, digits: string, after: string) => (marker ? `\\${marker}` : `${digits}\\${after}`))
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\r\n|\r|\n/g, '<br>');
}

/** Inline code that survives any backticks in the text (a longer fence). */
export function inlineCode(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

function markdownNumber(value: number | undefined, digits: number): string {
  if (value === undefined) return '–';
  if (Number.isNaN(value)) return 'nan';
  return value.toFixed(digits);
}

/**
 * Markdown: a corpus table (with the bootstrap interval where there is one), the signatures, then one table of
 * segment scores per system. Every piece of text from the files is escaped (see markdownText).
 */
export function exportToMarkdown(data: ScoreExport): string {
  const { metrics } = data;
  const lines: string[] = ['# Understudy scores', ''];
  lines.push(`Exported by Understudy ${markdownText(data.understudy)}${data.created ? ` on ${markdownText(data.created)}` : ''}.`, '');
  lines.push('## Corpus scores', '');
  lines.push(`| system | ${metrics.map(markdownText).join(' | ')} |`, `|---|${metrics.map(() => '--:').join('|')}|`);
  for (const system of data.systems) {
    const cells = metrics.map((m) => {
      const result = system.corpus[m];
      if (!result) return '–';
      const digits = corpusDigits(m);
      const value = result.p !== undefined && result.r !== undefined && result.f !== undefined
        ? `P ${markdownNumber(result.p, digits)} R ${markdownNumber(result.r, digits)} F ${markdownNumber(result.f, digits)}`
        : markdownNumber(result.score, digits);
      return result.interval ? `${value} (μ ${markdownNumber(result.interval.mean, digits)} ± ${markdownNumber(result.interval.halfWidth, digits)})` : value;
    });
    lines.push(`| ${markdownText(system.name)} | ${cells.join(' | ')} |`);
  }
  lines.push('', '(μ ± 95% bootstrap interval, sacreBLEU `--confidence`, where computed.)', '', '## Signatures', '');
  for (const system of data.systems) {
    lines.push(`- ${markdownText(system.name)} (${markdownText(system.file)}), references ${system.references.map(markdownText).join(', ')}`);
    for (const m of metrics) if (system.corpus[m]) lines.push(`  - ${markdownText(m)}: ${inlineCode(system.corpus[m].signature)}`);
  }
  lines.push('', '## Segment scores');
  for (const system of data.systems) {
    lines.push('', `### ${markdownText(system.name)}`, '', `| # | ${metrics.map(markdownText).join(' | ')} | hypothesis |`, `|--:|${metrics.map(() => '--:').join('|')}|---|`);
    system.segments.forEach((segment, i) => {
      const scores = metrics.map((m) => markdownNumber(segment.scores[m], corpusDigits(m)));
      lines.push(`| ${i + 1} | ${scores.join(' | ')} | ${markdownText(segment.hypothesis)} |`);
    });
  }
  return lines.join('\n') + '\n';
}
