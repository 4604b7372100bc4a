import { UnderstudyError } from '../../errors';
import { HumanJudgment, JudgedCorpus, JudgmentSet } from './human-judgments';
import { JsonlRecord, jsonlRecords, numberField, stringField } from './jsonl-records';
import { applyExclusion } from './system-exclusion';

/**
 * SummEval (Fabbri et al., TACL 2021) as BARTScore re-packaged it and ../shared/data keeps it:
 * `summaries.jsonl` has one record per (document, system) with `doc_id`, `system`, `summary` and the mean of the
 * three experts' 1–5 scores for `coherence`, `consistency`, `fluency` and `relevance`; `docs.jsonl` has `doc_id`,
 * `src`, `ref` (the CNN/DailyMail highlight) and `refs11` (that highlight and 10 crowd-sourced references).
 * The experts' individual scores are not in this release, so there is no judge column: each row is already a mean.
 */

export const SUMMEVAL_ASPECTS = ['coherence', 'consistency', 'fluency', 'relevance'] as const;

/** Which references the corpus uses: all 11 (the SummEval paper's Table 2) or the original highlight only. */
export type SummEvalReferences = 'refs11' | 'ref';

/** True when a JSONL record looks like a SummEval summary record. */
export function isSummEvalRecord(value: Readonly<Record<string, unknown>>): boolean {
  return 'summary' in value && 'system' in value && SUMMEVAL_ASPECTS.every((a) => a in value);
}

/** Reads SummEval's `summaries.jsonl` as judgments (segments = documents). */
export function readSummEvalJudgments(text: string, source: string, options: { exclude?: readonly string[] } = {}): JudgmentSet {
  const records = jsonlRecords(text, source);
  const judgments: HumanJudgment[] = records.map((record) => {
    const scores: Record<string, number> = {};
    for (const aspect of SUMMEVAL_ASPECTS) {
      const value = numberField(record, aspect, source);
      if (value !== undefined) scores[aspect] = value;
    }
    return { system: stringField(record, 'system', source), item: stringField(record, 'doc_id', source), judge: null, scores, count: 1, line: record.line };
  });
  const { kept, excluded } = applyExclusion(judgments, options.exclude, []);
  return { source, format: 'summeval', scoreName: 'expert', level: 'segment', aspects: [...SUMMEVAL_ASPECTS], judgments: kept, aliases: {}, excluded, warnings: [] };
}

/**
 * The system summaries of `summaries.jsonl` aligned with the documents of `docs.jsonl` (their order is the corpus
 * order: document i of docs.jsonl is segment i + 1, as ROUGE-1.5.5's eval ids in the golden cases). Every system
 * must have exactly one summary for every document (a missing one is an error naming the system and document).
 */
export function readSummEvalCorpus(summariesText: string, summariesSource: string, docsText: string, docsSource: string, references: SummEvalReferences = 'refs11'): JudgedCorpus {
  const docs = jsonlRecords(docsText, docsSource);
  const items = docs.map((d) => stringField(d, 'doc_id', docsSource));
  const streams = referenceStreams(docs, docsSource, references);
  const summaries = jsonlRecords(summariesText, summariesSource).map((record) => ({
    system: stringField(record, 'system', summariesSource),
    doc: stringField(record, 'doc_id', summariesSource),
    text: stringField(record, 'summary', summariesSource),
    line: record.line,
  }));
  return alignSummaries(summaries, items, summariesSource, docsSource, streams);
}

function referenceStreams(docs: readonly JsonlRecord[], source: string, references: SummEvalReferences): { name: string; segments: string[] }[] {
  if (references === 'ref') return [{ name: `${source}#ref`, segments: docs.map((d) => stringField(d, 'ref', source)) }];
  const lists = docs.map((d) => {
    const refs = d.value.refs11;
    if (!Array.isArray(refs) || !refs.every((r) => typeof r === 'string')) {
      throw new UnderstudyError('bad-judgments', `${source}, line ${d.line}: "refs11" is missing or not a list of strings.`, { file: source, line: d.line });
    }
    return refs as string[];
  });
  const count = lists[0]?.length ?? 0;
  lists.forEach((refs, i) => {
    if (refs.length !== count) {
      throw new UnderstudyError('bad-judgments', `${source}, line ${docs[i].line}: ${refs.length} references where the first document has ${count}.`, { file: source, line: docs[i].line });
    }
  });
  return Array.from({ length: count }, (_, k) => ({ name: `${source}#refs11[${k}]`, segments: lists.map((refs) => refs[k]) }));
}

/** Summaries by system, in the documents' order; a missing or repeated (system, document) is an error. */
export function alignSummaries(
  summaries: readonly { system: string; doc: string; text: string; line: number }[],
  items: readonly string[],
  source: string,
  docsSource: string,
  references: { name: string; segments: string[] }[],
): JudgedCorpus {
  const position = new Map(items.map((id, i) => [id, i]));
  const bySystem = new Map<string, (string | undefined)[]>();
  for (const s of summaries) {
    const i = position.get(s.doc);
    if (i === undefined) {
      throw new UnderstudyError('bad-judgments', `${source}, line ${s.line}: document ${s.doc} is not in ${docsSource}.`, { file: source, line: s.line });
    }
    let texts = bySystem.get(s.system);
    if (!texts) bySystem.set(s.system, (texts = new Array<string | undefined>(items.length).fill(undefined)));
    if (texts[i] !== undefined) {
      throw new UnderstudyError('bad-judgments', `${source}, line ${s.line}: a second summary of document ${s.doc} by ${s.system}.`, { file: source, line: s.line });
    }
    texts[i] = s.text;
  }
  const systems = [...bySystem].map(([name, texts]) => {
    const missing = texts.findIndex((t) => t === undefined);
    if (missing >= 0) {
      throw new UnderstudyError(
        'bad-judgments',
        `${source}: system ${name} has no summary of document ${items[missing]} (${texts.filter((t) => t === undefined).length} missing); every system needs one per document of ${docsSource}.`,
        { file: source, system: name },
      );
    }
    return { name, hypotheses: texts as string[] };
  });
  return { items, systems, references };
}
