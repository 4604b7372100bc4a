import { UnderstudyError } from '../../errors';
import { parseDelimited, requireColumn } from './delimited';
import { AnswerKeyNugget, NuggetImportance, NuggetResponse } from './nugget-f';

/**
 * Nugget evaluation inputs as CSV/TSV files with a header row:
 * - answer key: `question`, `nugget` (its id within the question), `importance` (vital or okay), optional `text`;
 * - judged responses: `question`, `run`, `nuggets` (the key nuggets the assessor found in this answer string,
 *   separated by commas or spaces; empty when none) and `text` (the answer string). A run may give several answer
 *   strings to one question, one row each; its response is all of them.
 */

export function readAnswerKey(text: string, source: string): AnswerKeyNugget[] {
  const table = parseDelimited(text, source);
  const question = requireColumn(table, 'question', source);
  const nugget = requireColumn(table, 'nugget', source);
  const importance = requireColumn(table, 'importance', source, 'It says vital or okay for each nugget.');
  const textColumn = table.header.find((h) => h.toLowerCase() === 'text');
  const seen = new Map<string, number>();
  return table.rows.map((row, i) => {
    const line = table.lines[i];
    const level = row[importance].trim().toLowerCase();
    if (level !== 'vital' && level !== 'okay') {
      throw new UnderstudyError('bad-annotations', `${source}, line ${line}: importance "${row[importance]}" is neither vital nor okay.`, { file: source, line });
    }
    const key = `${row[question].trim()}\u0000${row[nugget].trim()}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      throw new UnderstudyError('bad-annotations', `${source}, line ${line}: nugget ${row[nugget].trim()} of question ${row[question].trim()} is already listed (line ${earlier}).`, { file: source, line });
    }
    seen.set(key, line);
    return {
      question: row[question].trim(),
      id: row[nugget].trim(),
      importance: level as NuggetImportance,
      ...(textColumn !== undefined ? { text: row[textColumn] } : {}),
    };
  });
}

export function readNuggetResponses(text: string, source: string): NuggetResponse[] {
  const table = parseDelimited(text, source);
  const question = requireColumn(table, 'question', source);
  const run = requireColumn(table, 'run', source);
  const nuggets = requireColumn(table, 'nuggets', source, 'It lists the key nuggets found in each answer string (may be empty).');
  const answer = requireColumn(table, 'text', source, 'It holds the answer string, whose length sets the precision.');
  return table.rows.map((row) => ({
    question: row[question].trim(),
    run: row[run].trim(),
    strings: [row[answer]],
    nuggets: row[nuggets].split(/[\s,;]+/).filter((id) => id !== ''),
  }));
}
