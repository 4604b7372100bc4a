import { UnderstudyError } from '../../errors';
import { ScoredSummary } from './identical-summaries';

/**
 * Judged summaries as JSON Lines, one record per (document, system), for the identical-summary consistency check.
 * Field names are found among common ones (SummEval: doc_id, system, summary, coherence…; REALSumm: doc_id, system,
 * system_summary, litepyramid_recall) or given explicitly. Aspects default to every numeric field of the first record
 * other than the document field.
 */

export interface ScoredSummaryFields {
  readonly document?: string;
  readonly system?: string;
  readonly text?: string;
  readonly assessor?: string;
  readonly aspects?: readonly string[];
}

const DOCUMENT_FIELDS = ['doc_id', 'document', 'doc', 'topic', 'item', 'segment'];
const SYSTEM_FIELDS = ['system', 'model', 'peer', 'summarizer'];
const TEXT_FIELDS = ['summary', 'system_summary', 'text', 'hypothesis', 'output'];

function firstPresent(record: Record<string, unknown>, names: readonly string[]): string | undefined {
  return names.find((n) => n in record);
}

export function readScoredSummaries(text: string, source: string, fields: ScoredSummaryFields = {}): { summaries: ScoredSummary[]; aspects: string[] } {
  const records: { value: Record<string, unknown>; line: number }[] = [];
  text.split('\n').forEach((raw, i) => {
    const line = raw.replace(/\r$/, '');
    if (line.trim() === '') return;
    try {
      const value: unknown = JSON.parse(i === 0 && line.charCodeAt(0) === 0xfeff ? line.slice(1) : line);
      if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('expected a JSON object');
      records.push({ value: value as Record<string, unknown>, line: i + 1 });
    } catch (error) {
      throw new UnderstudyError('bad-annotations', `${source}, line ${i + 1}: not a JSON object (${(error as Error).message}).`, { file: source, line: i + 1 });
    }
  });
  if (records.length === 0) throw new UnderstudyError('bad-annotations', `${source}: no records.`, { file: source });
  const first = records[0].value;
  const pick = (given: string | undefined, names: readonly string[], what: string, flag: string): string => {
    const field = given ?? firstPresent(first, names);
    if (field === undefined || !(field in first)) {
      throw new UnderstudyError('bad-annotations', `${source}: no ${what} field (tried ${given ?? names.join(', ')}); name it with ${flag}.`, { file: source });
    }
    return field;
  };
  const documentField = pick(fields.document, DOCUMENT_FIELDS, 'document', '--document-field');
  const systemField = pick(fields.system, SYSTEM_FIELDS, 'system', '--system-field');
  const textField = pick(fields.text, TEXT_FIELDS, 'summary text', '--text-field');
  const aspects =
    fields.aspects && fields.aspects.length > 0
      ? [...fields.aspects]
      : Object.keys(first).filter((k) => k !== documentField && k !== systemField && typeof first[k] === 'number');
  if (aspects.length === 0) throw new UnderstudyError('bad-annotations', `${source}: no numeric score fields to compare; name them with --aspect.`, { file: source });
  const summaries = records.map(({ value, line }) => {
    const get = (field: string): string => {
      const v = value[field];
      if (typeof v === 'string' || typeof v === 'number') return String(v);
      throw new UnderstudyError('bad-annotations', `${source}, line ${line}: field "${field}" is missing or not a string.`, { file: source, line });
    };
    const scores: Record<string, number | null> = {};
    for (const aspect of aspects) {
      const v = value[aspect];
      if (v !== undefined && v !== null && (typeof v !== 'number' || !Number.isFinite(v))) {
        throw new UnderstudyError('bad-annotations', `${source}, line ${line}: score "${aspect}" is not a number.`, { file: source, line });
      }
      scores[aspect] = typeof v === 'number' ? v : null;
    }
    return {
      document: get(documentField),
      system: get(systemField),
      text: get(textField),
      scores,
      ...(fields.assessor ? { assessor: get(fields.assessor) } : {}),
    };
  });
  return { summaries, aspects };
}
