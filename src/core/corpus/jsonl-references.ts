import { CorpusWarning, UnderstudyError } from '../errors';
import { chooseJsonlField, parseJsonlRecords } from './jsonl';

/**
 * The reference streams of a JSON Lines reference file: a text field gives one reference per record; a field that
 * holds a list of strings (SummEval's 11 references per document) gives one stream per position. Records with
 * fewer references get empty ones, which the summary metrics count as none; that is reported.
 */
export function referenceStreamsFromJsonl(lines: readonly string[], file: string, field?: string): { streams: string[][]; field: string; warnings: CorpusWarning[] } {
  const records = parseJsonlRecords(lines, file);
  const isText = (value: unknown): boolean => typeof value === 'string' || (Array.isArray(value) && value.every((v) => typeof v === 'string'));
  const chosen = chooseJsonlField(records, file, field, isText);
  const values = records.map((record, i) => {
    const value = record[chosen];
    if (!isText(value)) {
      throw new UnderstudyError('bad-jsonl', `${file}, line ${i + 1}: field "${chosen}" is missing, or neither a string nor a list of strings.`, { file, line: i + 1 });
    }
    return typeof value === 'string' ? [value] : (value as string[]);
  });
  const width = Math.max(1, ...values.map((v) => v.length));
  const streams = Array.from({ length: width }, (_, k) => values.map((v) => v[k] ?? ''));
  const short = values.flatMap((v, i) => (v.length < width ? [i] : []));
  const warnings: CorpusWarning[] =
    short.length === 0
      ? []
      : [{ code: 'empty-lines', file, lines: short, message: `${file}: ${short.length} record(s) have fewer than ${width} references in "${chosen}" (first: line ${short[0] + 1}); the missing ones are empty.` }];
  return { streams, field: chosen, warnings };
}
