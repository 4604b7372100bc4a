import { UnderstudyError } from '../../errors';

/** One JSON Lines record and its 1-based line. */
export interface JsonlRecord {
  readonly value: Readonly<Record<string, unknown>>;
  readonly line: number;
}

/** Parses JSON Lines text (blank lines skipped, a leading byte-order mark dropped); every record must be an object. */
export function jsonlRecords(text: string, source: string): JsonlRecord[] {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const lines = body.split('\n');
  const records: JsonlRecord[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].replace(/\r$/, '');
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      throw new UnderstudyError('bad-judgments', `${source}, line ${i + 1}: not valid JSON (${(error as Error).message}).`, { file: source, line: i + 1 });
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new UnderstudyError('bad-judgments', `${source}, line ${i + 1}: expected a JSON object.`, { file: source, line: i + 1 });
    }
    records.push({ value: value as Record<string, unknown>, line: i + 1 });
  }
  return records;
}

/** A string field (numbers are accepted and written as strings: REALSumm's doc_id is an integer). */
export function stringField(record: JsonlRecord, field: string, source: string): string {
  const v = record.value[field];
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  throw new UnderstudyError('bad-judgments', `${source}, line ${record.line}: the field "${field}" is missing or not a string.`, { file: source, line: record.line, field });
}

/** A numeric field; null and absent fields are missing values (undefined). */
export function numberField(record: JsonlRecord, field: string, source: string): number | undefined {
  const v = record.value[field];
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  throw new UnderstudyError('bad-judgments', `${source}, line ${record.line}: the field "${field}" is not a number.`, { file: source, line: record.line, field });
}
