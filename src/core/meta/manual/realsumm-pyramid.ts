import { UnderstudyError } from '../../errors';
import { parseDelimited, requireColumn } from './delimited';
import { pyramidScoreFromCounts, PyramidScore, pyramidTiers } from './pyramid';

/**
 * REALSumm (Bhandari et al., EMNLP 2020) as ../shared/data keeps it, read as a pyramid evaluation.
 *
 * What the data holds: `human_annotations/SCUs_and_annotations/SCUs_list.csv` lists the SCUs written from each
 * document's one reference summary (16 slots per document, unused ones "BLANK"; eventId = `cnndm<test line>`);
 * `summaries.jsonl` gives, per (document, system), `litepyramid_recall`: the fraction of the document's SCUs the crowd
 * judged present in the system summary (LitePyramid, Shapira et al. 2019). `selected_docs_for_human_eval/
 * selected_documents.md` lists the CNN/DM test lines of the 100 documents; doc_id i is the i-th of that list (upstream
 * does not say so; it holds for all 100 documents — every recall is a whole number of that document's SCUs, and each
 * document's SCUs share more words with its reference than any other document's — and the loader re-checks the first).
 *
 * As a pyramid: one model (the reference), so every SCU weighs 1 and there is a single tier of n SCUs; a summary's
 * observed weight D is the number of SCUs judged present (recall × n), and the modified pyramid score D / Max(X) with
 * X = n is exactly the LitePyramid recall. What the data does not hold, and so cannot be computed: which SCUs a summary
 * expresses (only their count), the content of a summary that matches no SCU (so no original pyramid score), weights
 * above 1 and jackknifing (one model per document), and the individual crowd judgments (so no agreement among them).
 */

export interface RealSummScu {
  readonly id: string;
  readonly text: string;
}

export interface RealSummDocument {
  readonly docId: string;
  readonly eventId: string;
  readonly scus: readonly RealSummScu[];
  /** "BLANK" slots of the 16 (padding in the crowd task). */
  readonly blankSlots: number;
}

export interface RealSummSummary {
  readonly docId: string;
  readonly system: string;
  readonly groups: readonly string[];
  readonly recall: number;
  /** D: SCUs judged present (recall × n, checked to be a whole number). */
  readonly presentScus: number;
  readonly line: number;
}

export interface RealSummPyramidData {
  readonly documents: readonly RealSummDocument[];
  readonly summaries: readonly RealSummSummary[];
  readonly warnings: readonly string[];
}

/** The CNN/DM test-line list of selected_documents.md: the first bracketed list of integers. */
export function readSelectedDocuments(markdown: string, source: string): number[] {
  const list = /\[\s*(\d+(?:\s*,\s*\d+)*)\s*\]/.exec(markdown);
  if (!list) throw new UnderstudyError('bad-annotations', `${source}: no bracketed list of test-set line numbers found.`, { file: source });
  return list[1].split(',').map((s) => Number(s.trim()));
}

/** SCUs_list.csv: SCUs per eventId, in file order; BLANK slots counted, rows with forUse = 0 left out. */
export function readScuList(csv: string, source: string): Map<string, { scus: RealSummScu[]; blankSlots: number; answerN: number }> {
  const table = parseDelimited(csv, source, ',');
  const eventColumn = requireColumn(table, 'eventId', source);
  const idColumn = requireColumn(table, 'questionId', source);
  const textColumn = requireColumn(table, 'questionText', source);
  const answerColumn = table.header.find((h) => h.toLowerCase() === 'answer');
  const useColumn = table.header.find((h) => h.toLowerCase() === 'foruse');
  const byEvent = new Map<string, { scus: RealSummScu[]; blankSlots: number; answerN: number }>();
  table.rows.forEach((row) => {
    if (useColumn !== undefined && row[useColumn].trim() === '0') return;
    const event = row[eventColumn].trim();
    let entry = byEvent.get(event);
    if (!entry) byEvent.set(event, (entry = { scus: [], blankSlots: 0, answerN: 0 }));
    const text = row[textColumn].trim();
    if (text === 'BLANK' || text === '') entry.blankSlots++;
    else {
      entry.scus.push({ id: row[idColumn].trim(), text });
      if (answerColumn !== undefined && row[answerColumn].trim().toUpperCase() === 'N') entry.answerN++;
    }
  });
  return byEvent;
}

interface SummaryRecord {
  readonly docId: string;
  readonly group: string;
  readonly system: string;
  readonly text: string;
  readonly recall: number | undefined;
  readonly line: number;
}

function readSummaryRecords(jsonl: string, source: string): SummaryRecord[] {
  const records: SummaryRecord[] = [];
  jsonl.split('\n').forEach((raw, i) => {
    const line = raw.replace(/\r$/, '');
    if (line.trim() === '') return;
    let value: Record<string, unknown>;
    try {
      value = JSON.parse(line) as Record<string, unknown>;
    } catch (error) {
      throw new UnderstudyError('bad-annotations', `${source}, line ${i + 1}: not valid JSON (${(error as Error).message}).`, { file: source, line: i + 1 });
    }
    const docId = value.doc_id;
    const system = value.system;
    if ((typeof docId !== 'number' && typeof docId !== 'string') || typeof system !== 'string') {
      throw new UnderstudyError('bad-annotations', `${source}, line ${i + 1}: a REALSumm summary needs "doc_id" and "system".`, { file: source, line: i + 1 });
    }
    const recall = value.litepyramid_recall;
    records.push({
      docId: String(docId),
      group: typeof value.group === 'string' ? value.group : '',
      system,
      text: typeof value.system_summary === 'string' ? value.system_summary : '',
      recall: typeof recall === 'number' && Number.isFinite(recall) ? recall : undefined,
      line: i + 1,
    });
  });
  return records;
}

/**
 * Reads the three REALSumm files into documents with their SCUs and summaries with their present-SCU counts. A system
 * stored in both groups with the same summary and score for a document (BART, in both upstream pickles) is one
 * summary; if the two differ they are kept apart as `group/system`.
 */
export function readRealSummPyramids(
  files: { readonly scuList: string; readonly selectedDocuments: string; readonly summaries: string },
  sources: { readonly scuList: string; readonly selectedDocuments: string; readonly summaries: string },
): RealSummPyramidData {
  const warnings: string[] = [];
  const lines = readSelectedDocuments(files.selectedDocuments, sources.selectedDocuments);
  const scusByEvent = readScuList(files.scuList, sources.scuList);
  const records = readSummaryRecords(files.summaries, sources.summaries);
  const docIds = [...new Set(records.map((r) => r.docId))];
  const documents: RealSummDocument[] = [];
  for (const docId of docIds) {
    const index = Number(docId);
    if (!Number.isInteger(index) || index < 0 || index >= lines.length) {
      throw new UnderstudyError('bad-annotations', `${sources.summaries}: doc_id ${docId} has no entry in ${sources.selectedDocuments} (${lines.length} documents listed).`, { file: sources.summaries });
    }
    const eventId = `cnndm${lines[index]}`;
    const entry = scusByEvent.get(eventId);
    if (!entry) {
      warnings.push(`doc_id ${docId} (${eventId}): no SCUs in ${sources.scuList}; its summaries are not scored.`);
      continue;
    }
    if (entry.answerN > 0) warnings.push(`doc_id ${docId} (${eventId}): ${entry.answerN} SCU(s) have answer "N" for their own reference.`);
    documents.push({ docId, eventId, scus: entry.scus, blankSlots: entry.blankSlots });
  }
  const scuCount = new Map(documents.map((d) => [d.docId, d.scus.length]));
  // Merge identical copies of a system across groups; keep differing ones apart.
  const byKey = new Map<string, SummaryRecord[]>();
  for (const r of records) {
    const key = `${r.docId}\u0000${r.system}`;
    const list = byKey.get(key);
    if (list) list.push(r);
    else byKey.set(key, [r]);
  }
  const summaries: RealSummSummary[] = [];
  let inconsistent = 0;
  for (const copies of byKey.values()) {
    const same = copies.every((c) => c.text === copies[0].text && c.recall === copies[0].recall);
    const kept = same ? [{ record: copies[0], name: copies[0].system, groups: copies.map((c) => c.group) }] : copies.map((c) => ({ record: c, name: `${c.group}/${c.system}`, groups: [c.group] }));
    for (const { record, name, groups } of kept) {
      const n = scuCount.get(record.docId);
      if (n === undefined) continue;
      if (record.recall === undefined) {
        warnings.push(`${sources.summaries}, line ${record.line}: no litepyramid_recall; skipped.`);
        continue;
      }
      const present = record.recall * n;
      if (Math.abs(present - Math.round(present)) > 1e-6) inconsistent++;
      summaries.push({ docId: record.docId, system: name, groups, recall: record.recall, presentScus: Math.round(present), line: record.line });
    }
  }
  if (inconsistent > 0) {
    warnings.push(
      `${inconsistent} LitePyramid recall value(s) are not a whole number of their document's SCUs: the doc_id → SCU list mapping (order of ${sources.selectedDocuments}) does not fit them; present counts are rounded.`,
    );
  }
  return { documents, summaries, warnings };
}

export interface RealSummSummaryScore {
  readonly docId: string;
  readonly system: string;
  readonly recall: number;
  readonly score: PyramidScore;
}

export interface RealSummPyramidReport {
  readonly documents: readonly { readonly docId: string; readonly eventId: string; readonly scus: number; readonly tiers: readonly { weight: number; size: number }[] }[];
  readonly summaries: readonly RealSummSummaryScore[];
  /** System means over documents of the modified pyramid score (macro) and ΣD / Σn (micro). */
  readonly systems: readonly { readonly system: string; readonly documents: number; readonly modified: number; readonly pooledRecall: number }[];
  /** Largest |modified score − stored LitePyramid recall| over all summaries (0 up to rounding). */
  readonly maxDifferenceFromStoredRecall: number;
  readonly notComputable: readonly string[];
  readonly warnings: readonly string[];
  readonly signature: string;
}

export const REALSUMM_NOT_COMPUTABLE: readonly string[] = [
  'which SCUs each summary expresses: the data stores only the LitePyramid recall (their number), not the per-SCU labels',
  'the original pyramid score: the content of a summary that matches no SCU is not annotated',
  'SCU weights above 1, tiers and jackknifing: each document has one reference (one model)',
  "agreement among crowd workers: their individual judgments are not in the data (upstream REALSumm has them in SCU_rating_results_*; not copied to shared/data)",
];

/** One-model pyramids from REALSumm: per-summary scores (from counts), per-system means, and what cannot be had. */
export function realSummPyramidReport(data: RealSummPyramidData): RealSummPyramidReport {
  const byDoc = new Map(data.documents.map((d) => [d.docId, d]));
  const documents = data.documents.map((d) => {
    const tiers = pyramidTiers(new Map(d.scus.map((s) => [s.id, 1])));
    return { docId: d.docId, eventId: d.eventId, scus: d.scus.length, tiers: tiers.map((t) => ({ weight: t.weight, size: t.size })) };
  });
  let maxDifferenceFromStoredRecall = 0;
  const summaries = data.summaries.map((s) => {
    const doc = byDoc.get(s.docId) as RealSummDocument;
    const tiers = pyramidTiers(new Map(doc.scus.map((scu) => [scu.id, 1])));
    const score = pyramidScoreFromCounts(tiers, ['reference'], doc.scus.length, [0, s.presentScus], undefined);
    if (score.modified !== null) maxDifferenceFromStoredRecall = Math.max(maxDifferenceFromStoredRecall, Math.abs(score.modified - s.recall));
    return { docId: s.docId, system: s.system, recall: s.recall, score };
  });
  const bySystem = new Map<string, { sum: number; count: number; present: number; total: number }>();
  for (const s of summaries) {
    if (s.score.modified === null) continue;
    let entry = bySystem.get(s.system);
    if (!entry) bySystem.set(s.system, (entry = { sum: 0, count: 0, present: 0, total: 0 }));
    entry.sum += s.score.modified;
    entry.count++;
    entry.present += s.score.observedWeight;
    entry.total += s.score.maxWeightAverage;
  }
  const systems = [...bySystem.entries()]
    .map(([system, e]) => ({ system, documents: e.count, modified: e.sum / e.count, pooledRecall: e.present / e.total }))
    .sort((a, b) => b.modified - a.modified || a.system.localeCompare(b.system));
  return {
    documents,
    summaries,
    systems,
    maxDifferenceFromStoredRecall,
    notComputable: REALSUMM_NOT_COMPUTABLE,
    warnings: data.warnings,
    signature: `pyramid|realsumm|models:1|jackknife:no|avg:exact|docs:${documents.length}`,
  };
}
