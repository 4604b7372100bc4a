import { HumanJudgment, JudgedCorpus, JudgmentSet } from './human-judgments';
import { jsonlRecords, numberField, stringField } from './jsonl-records';
import { alignSummaries } from './summeval';
import { applyExclusion } from './system-exclusion';

/**
 * REALSumm (Bhandari et al., EMNLP 2020) as ../shared/data keeps it: `summaries.jsonl` has one record per (document,
 * system) with `doc_id` (0–99), `group` (abs/ext), `system` (the upstream output file name), `system_summary`
 * (sentences wrapped in `<t> … </t>`) and `litepyramid_recall` (the human LitePyramid score); `docs.jsonl` has
 * `doc_id`, `ref_summ` (the reference, `<t>`-tagged) and `src`.
 *
 * A system name found in both groups with identical summaries and scores (BART, stored in both pickles upstream) is one
 * system: it is kept once and reported as an alias of its two `group/system` names. Names in both groups with
 * different data are kept apart as `group/system`.
 */

export const REALSUMM_ASPECT = 'litepyramid_recall';

export function isRealSummRecord(value: Readonly<Record<string, unknown>>): boolean {
  return 'system_summary' in value && REALSUMM_ASPECT in value;
}

/** `<t> a . </t>  <t> b . </t>` → "a .\nb ." (ROUGE-1.5.5's one-sentence-per-line form); untagged text is kept. */
export function sentencesFromTags(text: string): string {
  const sentences = [...text.matchAll(/<t>([\s\S]*?)<\/t>/g)].map((m) => m[1].trim());
  return sentences.length > 0 ? sentences.join('\n') : text.trim();
}

interface RealSummRow {
  readonly group: string;
  readonly system: string;
  readonly doc: string;
  readonly text: string;
  readonly score: number | undefined;
  readonly line: number;
}

function readRows(text: string, source: string): RealSummRow[] {
  return jsonlRecords(text, source).map((record) => ({
    group: typeof record.value.group === 'string' ? record.value.group : '',
    system: stringField(record, 'system', source),
    doc: stringField(record, 'doc_id', source),
    text: stringField(record, 'system_summary', source),
    score: numberField(record, REALSUMM_ASPECT, source),
    line: record.line,
  }));
}

/** System names after merging identical duplicates across groups, and the aliases that merging made. */
function nameSystems(rows: readonly RealSummRow[]): { nameOf: (row: RealSummRow) => string; aliases: Record<string, string[]> } {
  const groupsOf = new Map<string, Set<string>>();
  for (const r of rows) {
    let groups = groupsOf.get(r.system);
    if (!groups) groupsOf.set(r.system, (groups = new Set()));
    groups.add(r.group);
  }
  const split = new Set<string>();
  const aliases: Record<string, string[]> = {};
  for (const [system, groups] of groupsOf) {
    if (groups.size < 2) continue;
    const signature = (group: string): string =>
      JSON.stringify(rows.filter((r) => r.system === system && r.group === group).map((r) => [r.doc, r.text, r.score]).sort());
    const [first, ...rest] = [...groups];
    if (rest.every((g) => signature(g) === signature(first))) {
      aliases[system] = [...groups].map((g) => `${g}/${system}`);
    } else split.add(system);
  }
  return { nameOf: (row) => (split.has(row.system) ? `${row.group}/${row.system}` : row.system), aliases };
}

/** Rows of a merged system after the first group's are duplicates: keep one copy. */
function withoutMergedCopies(rows: readonly RealSummRow[], aliases: Record<string, string[]>): RealSummRow[] {
  const keptGroup = new Map(Object.entries(aliases).map(([system, names]) => [system, names[0].split('/')[0]]));
  return rows.filter((r) => !keptGroup.has(r.system) || keptGroup.get(r.system) === r.group);
}

/** Reads REALSumm's `summaries.jsonl` as judgments (aspect `litepyramid_recall`, segments = documents). */
export function readRealSummJudgments(text: string, source: string, options: { exclude?: readonly string[] } = {}): JudgmentSet {
  const all = readRows(text, source);
  const { nameOf, aliases } = nameSystems(all);
  let missing = 0;
  const judgments: HumanJudgment[] = [];
  for (const row of withoutMergedCopies(all, aliases)) {
    if (row.score === undefined) {
      missing++;
      continue;
    }
    judgments.push({ system: nameOf(row), item: row.doc, judge: null, scores: { [REALSUMM_ASPECT]: row.score }, count: 1, line: row.line });
  }
  const { kept, excluded } = applyExclusion(judgments, options.exclude, []);
  const warnings = missing > 0 ? [`${source}: ${missing} summaries without a ${REALSUMM_ASPECT} score were skipped.`] : [];
  return { source, format: 'realsumm', level: 'segment', aspects: [REALSUMM_ASPECT], defaultAspect: REALSUMM_ASPECT, judgments: kept, aliases, excluded, warnings };
}

/**
 * REALSumm's summaries aligned with `docs.jsonl` (documents in its order), `<t>` sentences as lines, and the one
 * reference `ref_summ`. (The authors scored each system against its own tokenisation of the reference; this uses
 * the shared `ref_summ` for every system, so ROUGE values differ slightly from theirs.)
 */
export function readRealSummCorpus(summariesText: string, summariesSource: string, docsText: string, docsSource: string): JudgedCorpus {
  const docs = jsonlRecords(docsText, docsSource);
  const items = docs.map((d) => stringField(d, 'doc_id', docsSource));
  const references = [{ name: `${docsSource}#ref_summ`, segments: docs.map((d) => sentencesFromTags(stringField(d, 'ref_summ', docsSource))) }];
  const all = readRows(summariesText, summariesSource);
  const { nameOf, aliases } = nameSystems(all);
  const summaries = withoutMergedCopies(all, aliases).map((r) => ({ system: nameOf(r), doc: r.doc, text: sentencesFromTags(r.text), line: r.line }));
  return alignSummaries(summaries, items, summariesSource, docsSource, references);
}
