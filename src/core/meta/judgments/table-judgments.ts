import { UnderstudyError } from '../../errors';
import { TableRow, guessDelimiter, parseLineItem, parseScore, splitTable } from './delimited-text';
import { HumanJudgment, HumanJudgmentsFile, JudgmentSet, TableColumns } from './human-judgments';
import { applyExclusion } from './system-exclusion';

/**
 * The generic judgments mapper: any CSV, TSV or whitespace-separated table whose columns `HumanJudgmentsFile.columns`
 * names — system, optionally segment and judge, and one or more score columns (each becomes an aspect).
 *
 * Segment values that are whole numbers are line numbers of the outputs (1-based, or 0-based with `itemBase: 0`);
 * any other value is a document id, matched against a JSONL corpus's ids. Rows failing `where` are skipped.
 */
export function readTableJudgments(text: string, source: string, spec: HumanJudgmentsFile): JudgmentSet {
  const columns = spec.columns;
  const delimiter = spec.delimiter ?? guessDelimiter(text, source);
  const rows = splitTable(text, delimiter, source);
  if (rows.length === 0) throw new UnderstudyError('bad-judgments', `${source}: the file has no rows.`, { file: source });
  const hasHeader = spec.header ?? true;
  const header = hasHeader ? rows[0].fields.map((f) => f.trim()) : undefined;
  if (!columns) {
    throw new UnderstudyError(
      'bad-judgments',
      `${source}: not a format Understudy recognises by itself. Name its columns, e.g. --columns system=SYS,item=SEG,score=SCORE` +
        (header ? ` (the header has: ${header.join(', ')}).` : '.'),
      { file: source, columns: header ?? [] },
    );
  }
  const width = rows[0].fields.length;
  const column = (key: string | number, role: string): number => resolveColumn(key, role, header, width, source);
  const systemColumn = column(columns.system, 'system');
  const itemColumn = columns.item === undefined ? undefined : column(columns.item, 'segment');
  const judgeColumn = columns.judge === undefined ? undefined : column(columns.judge, 'judge');
  if (columns.scores.length === 0) throw new UnderstudyError('bad-judgments', `${source}: name at least one score column.`, { file: source });
  const scoreColumns = columns.scores.map((key) => ({ index: column(key, 'score'), aspect: aspectName(key, header) }));
  const where = Object.entries(spec.where ?? {}).map(([key, value]) => ({ index: column(key, 'filter'), value }));
  const itemBase = spec.itemBase ?? 1;

  const judgments: HumanJudgment[] = [];
  let skipped = 0;
  let filtered = 0;
  for (const row of hasHeader ? rows.slice(1) : rows) {
    if (!where.every((w) => field(row, w.index, source) === w.value)) {
      filtered++;
      continue;
    }
    const scores: Record<string, number> = {};
    for (const { index, aspect } of scoreColumns) {
      const value = parseScore(field(row, index, source), source, row.line, `"${aspect}"`);
      if (value !== undefined) scores[aspect] = value;
    }
    if (Object.keys(scores).length === 0) {
      skipped++;
      continue;
    }
    const rawItem = itemColumn === undefined ? undefined : field(row, itemColumn, source).trim();
    judgments.push({
      system: field(row, systemColumn, source).trim(),
      item: rawItem === undefined ? null : /^\d+$/.test(rawItem) ? parseLineItem(rawItem, itemBase, source, row.line, 'segment') : rawItem,
      judge: judgeColumn === undefined ? null : field(row, judgeColumn, source).trim(),
      scores,
      count: 1,
      line: row.line,
    });
  }
  if (judgments.length === 0) {
    throw new UnderstudyError(
      'bad-judgments',
      `${source}: no row has a score${filtered > 0 ? ` (${filtered} rows did not match the filter ${JSON.stringify(spec.where)})` : ''}. Check the columns and the filter.`,
      { file: source },
    );
  }
  const { kept, excluded } = applyExclusion(judgments, spec.exclude, []);
  const warnings = skipped > 0 ? [`${source}: ${skipped} rows without any score were skipped.`] : [];
  return {
    source,
    format: 'table',
    level: itemColumn === undefined ? 'system' : 'segment',
    aspects: scoreColumns.map((s) => s.aspect),
    defaultAspect: scoreColumns.length === 1 ? scoreColumns[0].aspect : undefined,
    judgments: kept,
    aliases: {},
    excluded,
    warnings,
  };
}

function resolveColumn(key: string | number, role: string, header: readonly string[] | undefined, width: number, source: string): number {
  if (typeof key === 'number' || (header === undefined && /^\d+$/.test(key))) {
    const index = Number(key);
    if (!(Number.isInteger(index) && index >= 0 && index < width)) {
      throw new UnderstudyError('bad-judgments', `${source}: the ${role} column ${index} does not exist (columns 0–${width - 1}).`, { file: source });
    }
    return index;
  }
  if (header === undefined) {
    throw new UnderstudyError('bad-judgments', `${source}: the ${role} column "${key}" is named, but the file has no header: give column numbers (from 0).`, { file: source });
  }
  let index = header.indexOf(key);
  if (index < 0) index = header.findIndex((h) => h.toLowerCase() === key.toLowerCase());
  if (index < 0) {
    throw new UnderstudyError('bad-judgments', `${source}: no ${role} column "${key}"; the header has: ${header.join(', ')}.`, { file: source, columns: [...header] });
  }
  return index;
}

function aspectName(key: string | number, header: readonly string[] | undefined): string {
  if (typeof key === 'string' && !/^\d+$/.test(key)) return key;
  return header?.[Number(key)] ?? `score${key}`;
}

function field(row: TableRow, index: number, source: string): string {
  const value = row.fields[index];
  if (value === undefined) {
    throw new UnderstudyError('bad-judgments', `${source}, line ${row.line}: ${row.fields.length} fields, column ${index} is missing.`, { file: source, line: row.line });
  }
  return value;
}

/** `system=SYS,item=SID,judge=A,score=Z,score=RAW` (the CLI's --columns) → TableColumns. */
export function parseColumnsOption(text: string): TableColumns {
  const parts = text.split(',').map((p) => p.trim()).filter((p) => p.length > 0);
  let system: string | undefined;
  let item: string | undefined;
  let judge: string | undefined;
  const scores: string[] = [];
  for (const part of parts) {
    const eq = part.indexOf('=');
    const role = eq < 0 ? '' : part.slice(0, eq).trim();
    const name = part.slice(eq + 1).trim();
    if (eq < 0 || name === '') throw new UnderstudyError('bad-option', `--columns: "${part}" is not ROLE=COLUMN (roles: system, item, judge, score).`);
    if (role === 'system') system = name;
    else if (role === 'item' || role === 'segment') item = name;
    else if (role === 'judge') judge = name;
    else if (role === 'score') scores.push(name);
    else throw new UnderstudyError('bad-option', `--columns: unknown role "${role}" (roles: system, item, judge, score).`);
  }
  if (system === undefined || scores.length === 0) throw new UnderstudyError('bad-option', '--columns needs system=COLUMN and at least one score=COLUMN.');
  return { system, item, judge, scores };
}
