import { UnderstudyError } from '../../errors';
import { TableRow, parseLineItem, parseScore, splitTable } from './delimited-text';
import { HumanJudgment, JudgmentSet } from './human-judgments';
import { WMT_DEFAULT_EXCLUDE, applyExclusion } from './system-exclusion';

/**
 * WMT17 metrics-task DA files (the release Bojar, Graham & Kamran 2017 describe; copied in the AIPHES repository):
 *
 * - `DA-seglevel.csv`, space-separated, header `LP DATA SYSTEM SID HUMAN`: 560 judged segments per language pair;
 *   SID = 1-based line number; HUMAN = the segment's DA z-score. SYSTEM `a+b` means systems a and b produced the
 *   identical output, judged once: the judgment is kept once under the written name and `aliases` lists a and b, so
 *   the meta-evaluation counts it once, for whichever of them has an output.
 * - `DA-syslevel.csv`, header `LP HUMAN SYSTEM`: official system-level DA z-scores.
 *
 * Both files hold every language pair; `languagePair` picks one (required when the file has several).
 */

export interface Wmt17Options {
  readonly languagePair?: string;
  /** Systems to leave out (default ['HUMAN*']; the WMT17 files have none). */
  readonly exclude?: readonly string[];
}

const SEGMENT_HEADER = ['LP', 'DATA', 'SYSTEM', 'SID', 'HUMAN'];
const SYSTEM_HEADER = ['LP', 'HUMAN', 'SYSTEM'];

function rowsOfPair(text: string, source: string, header: readonly string[], languagePair: string | undefined): TableRow[] {
  const rows = splitTable(text, 'whitespace', source);
  if (rows.length === 0 || rows[0].fields.join(' ') !== header.join(' ')) {
    throw new UnderstudyError('bad-judgments', `${source}: expected the WMT17 header "${header.join(' ')}" on the first line.`, { file: source });
  }
  const body = rows.slice(1);
  for (const row of body) {
    if (row.fields.length !== header.length) {
      throw new UnderstudyError('bad-judgments', `${source}, line ${row.line}: ${row.fields.length} fields, expected ${header.length} (${header.join(' ')}).`, { file: source, line: row.line });
    }
  }
  const pairs = [...new Set(body.map((r) => r.fields[0]))];
  if (languagePair === undefined) {
    if (pairs.length > 1) {
      throw new UnderstudyError(
        'bad-judgments',
        `${source} holds ${pairs.length} language pairs (${pairs.join(', ')}): choose one with --lp (languagePair in understudy.json).`,
        { file: source, pairs },
      );
    }
    return body;
  }
  if (!pairs.includes(languagePair)) {
    throw new UnderstudyError('bad-judgments', `${source} has no rows for ${languagePair}; it holds ${pairs.join(', ')}.`, { file: source, pairs });
  }
  return body.filter((r) => r.fields[0] === languagePair);
}

/** Reads `DA-seglevel.csv` for one language pair. */
export function readWmt17SegmentScores(text: string, source: string, options: Wmt17Options = {}): JudgmentSet {
  const rows = rowsOfPair(text, source, SEGMENT_HEADER, options.languagePair);
  const aliases: Record<string, string[]> = {};
  const judgments: HumanJudgment[] = [];
  let missing = 0;
  for (const row of rows) {
    const [, , system, sid, human] = row.fields;
    if (system.includes('+')) aliases[system] = system.split('+');
    const z = parseScore(human, source, row.line, 'HUMAN');
    if (z === undefined) {
      missing++;
      continue;
    }
    judgments.push({ system, item: parseLineItem(sid, 1, source, row.line, 'SID'), judge: null, scores: { z }, count: 1, line: row.line });
  }
  const { kept, excluded } = applyExclusion(judgments, options.exclude, WMT_DEFAULT_EXCLUDE);
  const warnings = missing > 0 ? [`${source}: ${missing} rows without a HUMAN score were skipped.`] : [];
  return { source, format: 'wmt17-seg', scoreName: 'DA', level: 'segment', aspects: ['z'], defaultAspect: 'z', judgments: kept, aliases, excluded, warnings };
}

/** Reads `DA-syslevel.csv` for one language pair. */
export function readWmt17SystemScores(text: string, source: string, options: Wmt17Options = {}): JudgmentSet {
  const rows = rowsOfPair(text, source, SYSTEM_HEADER, options.languagePair);
  const judgments: HumanJudgment[] = [];
  for (const row of rows) {
    const [, human, system] = row.fields;
    const z = parseScore(human, source, row.line, 'HUMAN');
    if (z === undefined) continue;
    judgments.push({ system, item: null, judge: null, scores: { z }, count: 1, line: row.line });
  }
  const { kept, excluded } = applyExclusion(judgments, options.exclude, WMT_DEFAULT_EXCLUDE);
  return { source, format: 'wmt17-sys', scoreName: 'DA', level: 'system', aspects: ['z'], defaultAspect: 'z', judgments: kept, aliases: {}, excluded, warnings: [] };
}
