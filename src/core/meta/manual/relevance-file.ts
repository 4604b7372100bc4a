import { UnderstudyError } from '../../errors';
import { parseDelimited, requireColumn } from './delimited';
import { RelevanceJudgment } from './relevance-prediction';

/**
 * Relevance judgments as a CSV/TSV file with a header row: `subject`, `event`, `document`, `condition` (the surrogate's
 * name, or the full-text condition), `judgment` (relevant or not), and optionally `gold` (the LDC label), `seconds`
 * and `score`. Relevant is any of rel, relevant, yes, y, true, 1; not relevant is nonrel, non-relevant, not-relevant,
 * irrelevant, no, n, false, 0.
 */

const RELEVANT = new Set(['rel', 'relevant', 'yes', 'y', 'true', '1']);
const NOT_RELEVANT = new Set(['nonrel', 'non-relevant', 'nonrelevant', 'not-relevant', 'not relevant', 'irrelevant', 'no', 'n', 'false', '0']);

function label(value: string, source: string, line: number, column: string): boolean {
  const v = value.trim().toLowerCase();
  if (RELEVANT.has(v)) return true;
  if (NOT_RELEVANT.has(v)) return false;
  throw new UnderstudyError('bad-annotations', `${source}, line ${line}: ${column} "${value}" is neither relevant (rel, yes, 1…) nor not relevant (nonrel, no, 0…).`, { file: source, line });
}

function optionalNumber(value: string | undefined, source: string, line: number, column: string): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const n = Number(value);
  if (!Number.isFinite(n)) throw new UnderstudyError('bad-annotations', `${source}, line ${line}: ${column} "${value}" is not a number.`, { file: source, line });
  return n;
}

export function readRelevanceJudgments(text: string, source: string): RelevanceJudgment[] {
  const table = parseDelimited(text, source);
  const subject = requireColumn(table, 'subject', source);
  const event = requireColumn(table, 'event', source);
  const document = requireColumn(table, 'document', source);
  const condition = requireColumn(table, 'condition', source);
  const judgment = requireColumn(table, 'judgment', source);
  const find = (name: string): string | undefined => table.header.find((h) => h.toLowerCase() === name);
  const gold = find('gold');
  const seconds = find('seconds');
  const score = find('score');
  return table.rows.map((row, i) => {
    const line = table.lines[i];
    const goldValue = gold !== undefined && row[gold].trim() !== '' ? label(row[gold], source, line, 'gold') : undefined;
    const secondsValue = optionalNumber(seconds !== undefined ? row[seconds] : undefined, source, line, 'seconds');
    const scoreValue = optionalNumber(score !== undefined ? row[score] : undefined, source, line, 'score');
    return {
      subject: row[subject].trim(),
      event: row[event].trim(),
      document: row[document].trim(),
      condition: row[condition].trim(),
      relevant: label(row[judgment], source, line, 'judgment'),
      ...(goldValue !== undefined ? { gold: goldValue } : {}),
      ...(secondsValue !== undefined ? { seconds: secondsValue } : {}),
      ...(scoreValue !== undefined ? { score: scoreValue } : {}),
      line,
    };
  });
}
