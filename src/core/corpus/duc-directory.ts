import { CorpusWarning } from '../errors';

/**
 * DUC/TAC-style summary folders, as ROUGE-1.5.5 evaluations were laid out: one file per summary named
 * `<topic>.<id>` — model (reference) summaries carry an assessor's letter (`D30001.M.100.T.A`, TAC
 * `D0801-A.M.100.A.A`), peer (system) summaries the system's number (`D30001.M.100.T.12`). Each file holds one
 * sentence per line (ROUGE's SPL input); a summary is its lines joined with '\n', which the summary metrics read as
 * sentence breaks and which keeps every character offset pointing into the file.
 */
export interface DucFileName {
  readonly file: string;
  /** Everything before the last dot: the topic (document set, summary type, length, selector). */
  readonly topic: string;
  /** After the last dot: the assessor (models) or system (peers) id. */
  readonly id: string;
}

/** Extensions some releases add to summary files; they are not part of the id. */
const SUMMARY_EXTENSION = /\.(txt|spl|sent|sum)$/i;

export function parseDucFileName(file: string): DucFileName | undefined {
  const base = file.replace(SUMMARY_EXTENSION, '');
  const at = base.lastIndexOf('.');
  if (at <= 0 || at === base.length - 1 || base.startsWith('.')) return undefined;
  return { file, topic: base.slice(0, at), id: base.slice(at + 1) };
}

/** A folder of summaries by id and topic. */
export interface DucCollection {
  /** Topics, sorted (ROUGE-1.5.5 sorts its evaluation ids too). */
  readonly topics: readonly string[];
  /** Ids, in natural order (2 before 10). */
  readonly ids: readonly string[];
  /** file name by id, then topic. */
  readonly files: ReadonlyMap<string, ReadonlyMap<string, string>>;
  /** Names that are not `<topic>.<id>` (hidden files, READMEs): not read. */
  readonly unrecognized: readonly string[];
}

const naturalOrder = (a: string, b: string): number => a.localeCompare(b, 'en', { numeric: true });

export function collectDucFiles(fileNames: readonly string[]): DucCollection {
  const files = new Map<string, Map<string, string>>();
  const topics = new Set<string>();
  const unrecognized: string[] = [];
  for (const file of fileNames) {
    const name = parseDucFileName(file);
    if (!name || /^readme/i.test(file)) {
      unrecognized.push(file);
      continue;
    }
    topics.add(name.topic);
    let byTopic = files.get(name.id);
    if (!byTopic) files.set(name.id, (byTopic = new Map()));
    byTopic.set(name.topic, file);
  }
  return { topics: [...topics].sort(), ids: [...files.keys()].sort(naturalOrder), files, unrecognized };
}

/**
 * The reference streams of a models folder: segment i is topic i; stream k holds each topic's k-th model (by
 * assessor id). A topic with fewer models gets empty references, which the summary metrics count as no reference.
 */
export function ducReferenceLayout(models: DucCollection, folder: string): { topics: string[]; streams: (string | undefined)[][]; warnings: CorpusWarning[] } {
  const perTopic = models.topics.map((topic) => models.ids.filter((id) => models.files.get(id)?.has(topic)).map((id) => models.files.get(id)!.get(topic)!));
  const width = Math.max(0, ...perTopic.map((m) => m.length));
  const streams = Array.from({ length: width }, (_, k) => perTopic.map((m) => m[k]));
  const warnings: CorpusWarning[] = [];
  const short = models.topics.filter((_, i) => perTopic[i].length < width);
  if (short.length > 0) {
    warnings.push({
      code: 'empty-lines',
      file: folder,
      message: `${folder}: ${short.length} topic(s) have fewer than ${width} model summaries (first: ${short[0]}); their missing references count as none.`,
    });
  }
  return { topics: models.topics.slice(), streams, warnings };
}

/**
 * One peer system's summaries in the order of the reference topics (undefined where the system has none: scored
 * as an empty summary, and reported).
 */
export function ducSystemFiles(peers: DucCollection, id: string, topics: readonly string[], folder: string): { files: (string | undefined)[]; warnings: CorpusWarning[] } {
  const byTopic = peers.files.get(id) ?? new Map<string, string>();
  const files = topics.map((topic) => byTopic.get(topic));
  const warnings: CorpusWarning[] = [];
  const missing = topics.filter((_, i) => files[i] === undefined);
  if (missing.length > 0) {
    warnings.push({
      code: 'empty-lines',
      file: folder,
      lines: files.flatMap((f, i) => (f === undefined ? [i] : [])),
      message: `${folder}: system ${id} has no summary for ${missing.length} of ${topics.length} topics (first: ${missing[0]}); they are scored as empty summaries.`,
    });
  }
  const extra = [...byTopic.keys()].filter((topic) => !topics.includes(topic));
  if (extra.length > 0) {
    warnings.push({
      code: 'line-count-mismatch',
      file: folder,
      message: `${folder}: system ${id} has summaries for ${extra.length} topic(s) with no model summary (first: ${extra[0]}); they are not scored.`,
    });
  }
  return { files, warnings };
}

/** A summary file's text as one segment: its lines (sentences) joined with '\n'. */
export function ducSummaryText(lines: readonly string[]): string {
  return lines.join('\n');
}
