import { UnderstudyError } from '../../errors';
import { TableRow, parseLineItem, parseScore, splitTable } from './delimited-text';
import { HumanJudgment, JudgmentSet } from './human-judgments';
import { WMT_DEFAULT_EXCLUDE, applyExclusion } from './system-exclusion';

/**
 * WMT21 news-task DA files (github wmt-conference/wmt21-news-systems, humaneval/newstest2021-toen):
 *
 * - `ad-seg-scores-<lp>.csv`, space-separated with header `SYS SID RAW.SCR Z.SCR N`: one row per judged (system,
 *   segment); SYS = `<name>.<id>`, SID = 1-based line number, RAW.SCR = mean raw 0–100 score, Z.SCR = mean of the
 *   per-annotator z-scores, N = judgments averaged.
 * - `ad-sys-ranking-<lp>-z-names.csv`, no header, columns `RAW Z N N.ALL SYS.ID NAME`: the official system ranking
 *   (Z rounded to 3 decimals as published; N = judged segments, N.ALL = judgments). Its SYS.ID → NAME map names the
 *   segment file's systems (`Nemo.7` is NVIDIA-NeMo's output file).
 * - `ad-sys-scores-<lp>.csv`, header `RAW.SCR Z.SCR N SYS N.ALL`: the same system scores at full precision.
 *   The official Z is the plain mean of the system's segment Z.SCR values (checked on cs-en: 0.111334676751657).
 *
 * Rows named HUMAN (human translations) are excluded by default and reported.
 */

export interface Wmt21Options {
  /** Systems to leave out (default ['HUMAN*']). */
  readonly exclude?: readonly string[];
  /** SYS.ID → NAME from the ranking file; without it the numeric `.id` suffix is removed from SYS. */
  readonly systemIds?: Readonly<Record<string, string>>;
}

const SEGMENT_HEADER = ['SYS', 'SID', 'RAW.SCR', 'Z.SCR', 'N'];
const SYSTEM_SCORES_HEADER = ['RAW.SCR', 'Z.SCR', 'N', 'SYS', 'N.ALL'];

function sameFields(fields: readonly string[], expected: readonly string[]): boolean {
  return fields.length === expected.length && fields.every((f, i) => f === expected[i]);
}

/** `Facebook-AI.7` → `Facebook-AI` (through the id map when given: `Nemo.7` → `NVIDIA-NeMo`). */
function systemName(sysId: string, ids: Readonly<Record<string, string>> | undefined): string {
  const mapped = ids?.[sysId];
  if (mapped !== undefined) return mapped;
  return sysId.replace(/\.\d+$/, '');
}

function requireScore(value: string, source: string, line: number, column: string): number {
  const n = parseScore(value, source, line, column);
  if (n === undefined) {
    throw new UnderstudyError('bad-judgments', `${source}, line ${line}: the ${column} value is missing.`, { file: source, line, column });
  }
  return n;
}

function checkWidth(row: TableRow, width: number, source: string, layout: string): void {
  if (row.fields.length !== width) {
    throw new UnderstudyError(
      'bad-judgments',
      `${source}, line ${row.line}: ${row.fields.length} fields where the WMT21 ${layout} layout has ${width}. ` +
        `Is this the right file for --human-format?`,
      { file: source, line: row.line },
    );
  }
}

/** Reads `ad-seg-scores-<lp>.csv`. */
export function readWmt21SegmentScores(text: string, source: string, options: Wmt21Options = {}): JudgmentSet {
  const rows = splitTable(text, 'whitespace', source);
  if (rows.length === 0 || !sameFields(rows[0].fields, SEGMENT_HEADER)) {
    throw new UnderstudyError(
      'bad-judgments',
      `${source}: expected the WMT21 segment-score header "${SEGMENT_HEADER.join(' ')}" on the first line.`,
      { file: source },
    );
  }
  const judgments: HumanJudgment[] = [];
  for (const row of rows.slice(1)) {
    checkWidth(row, SEGMENT_HEADER.length, source, 'segment-score');
    const [sys, sid, raw, z, n] = row.fields;
    judgments.push({
      system: systemName(sys, options.systemIds),
      item: parseLineItem(sid, 1, source, row.line, 'SID'),
      judge: null,
      scores: { raw: requireScore(raw, source, row.line, 'RAW.SCR'), z: requireScore(z, source, row.line, 'Z.SCR') },
      count: requireScore(n, source, row.line, 'N'),
      line: row.line,
    });
  }
  const { kept, excluded } = applyExclusion(judgments, options.exclude, WMT_DEFAULT_EXCLUDE);
  return { source, format: 'wmt21-seg', scoreName: 'DA', level: 'segment', aspects: ['z', 'raw'], defaultAspect: 'z', judgments: kept, aliases: {}, excluded, warnings: [] };
}

/**
 * Reads `ad-sys-ranking-<lp>-z-names.csv` (or `ad-sys-scores-<lp>.csv`, recognised by its header). The result's
 * `systemIds` maps SYS.ID to NAME for the segment file (the scores file has no names: its ids lose their suffix).
 */
export function readWmt21SystemScores(text: string, source: string, options: Wmt21Options = {}): JudgmentSet & { readonly systemIds: Record<string, string> } {
  const rows = splitTable(text, 'whitespace', source);
  if (rows.length === 0) throw new UnderstudyError('bad-judgments', `${source}: the file has no rows.`, { file: source });
  const systemIds: Record<string, string> = {};
  const judgments: HumanJudgment[] = [];
  if (sameFields(rows[0].fields, SYSTEM_SCORES_HEADER)) {
    for (const row of rows.slice(1)) {
      checkWidth(row, SYSTEM_SCORES_HEADER.length, source, 'system-score');
      const [raw, z, , sys, nAll] = row.fields;
      judgments.push({
        system: systemName(sys, options.systemIds),
        item: null,
        judge: null,
        scores: { raw: requireScore(raw, source, row.line, 'RAW.SCR'), z: requireScore(z, source, row.line, 'Z.SCR') },
        count: requireScore(nAll, source, row.line, 'N.ALL'),
        line: row.line,
      });
    }
  } else {
    for (const row of rows) {
      checkWidth(row, 6, source, 'system-ranking (RAW Z N N.ALL SYS.ID NAME)');
      const [raw, z, , nAll, sysId, name] = row.fields;
      systemIds[sysId] = name;
      judgments.push({
        system: name,
        item: null,
        judge: null,
        scores: { raw: requireScore(raw, source, row.line, 'RAW'), z: requireScore(z, source, row.line, 'Z') },
        count: requireScore(nAll, source, row.line, 'N.ALL'),
        line: row.line,
      });
    }
  }
  const { kept, excluded } = applyExclusion(judgments, options.exclude, WMT_DEFAULT_EXCLUDE);
  return { source, format: 'wmt21-sys', scoreName: 'DA', level: 'system', aspects: ['z', 'raw'], defaultAspect: 'z', judgments: kept, aliases: {}, excluded, warnings: [], systemIds };
}
