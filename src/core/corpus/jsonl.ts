import { UnderstudyError } from '../errors';

/** Field names tried, in order, when a JSONL file's text field is not given explicitly. */
export const DEFAULT_JSONL_TEXT_FIELDS = ['hypothesis', 'hyp', 'translation', 'summary', 'reference', 'ref', 'text', 'output', 'prediction'];

/**
 * Parses one JSON object per line. A line that is empty, not JSON or not an object is an error naming its line,
 * since silently skipping it would shift every later segment against its reference.
 */
export function parseJsonlRecords(lines: readonly string[], file: string): Record<string, unknown>[] {
  const records: Record<string, unknown>[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.trim() === '') {
      throw new UnderstudyError('bad-jsonl', `${file}, line ${i + 1}: empty line in a JSON Lines file. Every line must be one JSON object; remove the blank line or use a plain-text file.`, { file, line: i + 1 });
    }
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      throw new UnderstudyError('bad-jsonl', `${file}, line ${i + 1}: not valid JSON (${(error as Error).message}).`, { file, line: i + 1 });
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new UnderstudyError('bad-jsonl', `${file}, line ${i + 1}: expected a JSON object with a text field.`, { file, line: i + 1 });
    }
    records.push(value as Record<string, unknown>);
  }
  return records;
}

/** The text field of a file's records: `field`, else the first of DEFAULT_JSONL_TEXT_FIELDS the first record has. */
export function chooseJsonlField(records: readonly Record<string, unknown>[], file: string, field: string | undefined, accept: (value: unknown) => boolean): string {
  const chosen = field ?? (records.length > 0 ? DEFAULT_JSONL_TEXT_FIELDS.find((name) => accept(records[0][name])) : DEFAULT_JSONL_TEXT_FIELDS[0]);
  if (chosen === undefined) {
    throw new UnderstudyError(
      'bad-jsonl',
      `${file}: no text field found in the first record (tried ${DEFAULT_JSONL_TEXT_FIELDS.join(', ')}). Name it with --jsonl-field (in understudy.json: "field").`,
      { file, fields: Object.keys(records[0] ?? {}) },
    );
  }
  return chosen;
}

/** Reads one text per JSON Lines record, from `field` (see chooseJsonlField); a record without it is an error. */
export function textsFromJsonl(lines: readonly string[], file: string, field?: string): { texts: string[]; field: string } {
  const records = parseJsonlRecords(lines, file);
  const chosen = chooseJsonlField(records, file, field, (value) => typeof value === 'string');
  const texts = records.map((record, i) => {
    const text = record[chosen];
    if (typeof text !== 'string') {
      throw new UnderstudyError('bad-jsonl', `${file}, line ${i + 1}: field "${chosen}" is missing or not a string.`, { file, line: i + 1 });
    }
    return text;
  });
  return { texts, field: chosen };
}
