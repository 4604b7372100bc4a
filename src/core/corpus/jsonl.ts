import { UnderstudyError } from '../errors';

/** Field names tried, in order, when a JSONL file's text field is not given explicitly. */
export const DEFAULT_JSONL_TEXT_FIELDS = ['hypothesis', 'hyp', 'translation', 'summary', 'reference', 'ref', 'text', 'output', 'prediction'];

/**
 * Reads one text per JSON Lines record. `field` names the record's text field; without it, the first of
 * DEFAULT_JSONL_TEXT_FIELDS present in the first record is used (the same for every record). A record that is
 * not an object or lacks the field is an error naming its line, since silently skipping it would shift every
 * later segment against its reference.
 */
export function textsFromJsonl(lines: readonly string[], file: string, field?: string): { texts: string[]; field: string } {
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
  const chosen = field ?? (records.length > 0 ? DEFAULT_JSONL_TEXT_FIELDS.find((name) => typeof records[0][name] === 'string') : DEFAULT_JSONL_TEXT_FIELDS[0]);
  if (chosen === undefined) {
    throw new UnderstudyError(
      'bad-jsonl',
      `${file}: no text field found in the first record (tried ${DEFAULT_JSONL_TEXT_FIELDS.join(', ')}). Name it with --jsonl-field.`,
      { file, fields: Object.keys(records[0] ?? {}) },
    );
  }
  const texts = records.map((record, i) => {
    const text = record[chosen];
    if (typeof text !== 'string') {
      throw new UnderstudyError('bad-jsonl', `${file}, line ${i + 1}: field "${chosen}" is missing or not a string.`, { file, line: i + 1 });
    }
    return text;
  });
  return { texts, field: chosen };
}
