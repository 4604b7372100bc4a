import { UnderstudyError } from '../../errors';
import { parseDelimited, requireColumn } from './delimited';

/**
 * The cross comprehension test (Kolluru & Gotoh 2005, seed001 §2.13): each author writes a short summary of a story and
 * a few questions whose answers it should hold; summaries and questionnaires are crossed, so every summary is asked the
 * other authors' questions, and a judge labels each answer relevant (R), partially relevant (P), irrelevant (I) or not
 * found (N). Summary relevance is the label distribution of a summarizer's summaries under the others' questions;
 * questionnaire relevance the same judgments grouped by the questions' author. A machine summary is judged the same
 * way, next to a human one. Shares pool all judgments of the group (the paper's 47% / 61% overall figures are such
 * shares; it reports R, R+P and "found" = R+P+I).
 */

export type ComprehensionLabel = 'R' | 'P' | 'I' | 'N';

export interface ComprehensionJudgment {
  readonly document: string;
  /** Who wrote the summary (a subject, or a system). */
  readonly summarizer: string;
  /** Who wrote the question. */
  readonly questioner: string;
  readonly question: string;
  readonly label: ComprehensionLabel;
  readonly line?: number;
}

export interface LabelDistribution {
  readonly judgments: number;
  readonly counts: Readonly<Record<ComprehensionLabel, number>>;
  /** Shares of R, R+P and R+P+I ("answers found"); null without judgments. */
  readonly relevant: number | null;
  readonly relevantOrPartial: number | null;
  readonly found: number | null;
}

export interface ComprehensionReport {
  readonly bySummarizer: readonly ({ readonly summarizer: string; readonly documents: number } & LabelDistribution)[];
  readonly byQuestioner: readonly ({ readonly questioner: string; readonly documents: number } & LabelDistribution)[];
  /** Summarizer × questioner cells (the crossed grid a panel draws). */
  readonly grid: readonly ({ readonly summarizer: string; readonly questioner: string } & LabelDistribution)[];
  readonly overall: LabelDistribution;
  readonly warnings: readonly string[];
}

const LABELS: Readonly<Record<string, ComprehensionLabel>> = {
  r: 'R',
  relevant: 'R',
  p: 'P',
  partial: 'P',
  'partially relevant': 'P',
  'partially-relevant': 'P',
  i: 'I',
  irrelevant: 'I',
  n: 'N',
  'not found': 'N',
  'not-found': 'N',
  notfound: 'N',
};

export function distribution(labels: readonly ComprehensionLabel[]): LabelDistribution {
  const counts: Record<ComprehensionLabel, number> = { R: 0, P: 0, I: 0, N: 0 };
  for (const label of labels) counts[label]++;
  const n = labels.length;
  const share = (k: number): number | null => (n > 0 ? k / n : null);
  return { judgments: n, counts, relevant: share(counts.R), relevantOrPartial: share(counts.R + counts.P), found: share(counts.R + counts.P + counts.I) };
}

function grouped<K extends string>(judgments: readonly ComprehensionJudgment[], keyOf: (j: ComprehensionJudgment) => string, name: K) {
  const groups = new Map<string, ComprehensionJudgment[]>();
  for (const j of judgments) {
    const key = keyOf(j);
    let list = groups.get(key);
    if (!list) groups.set(key, (list = []));
    list.push(j);
  }
  return [...groups.entries()]
    .sort((a, b) => a[0].localeCompare(b[0]))
    .map(([key, list]) => ({ [name]: key, documents: new Set(list.map((j) => j.document)).size, ...distribution(list.map((j) => j.label)) }) as { [P in K]: string } & { documents: number } & LabelDistribution);
}

/**
 * Summary and questionnaire relevance. A judgment of a summary under its own author's questions is not part of the
 * crossed test: it is left out, with a warning; so is a question judged twice on the same summary (the first counts).
 */
export function crossComprehensionReport(judgments: readonly ComprehensionJudgment[]): ComprehensionReport {
  const warnings: string[] = [];
  const own = judgments.filter((j) => j.summarizer === j.questioner);
  if (own.length > 0) warnings.push(`${own.length} judgment(s) of a summary under its own author's questions are left out (the test crosses authors).`);
  const seen = new Set<string>();
  const crossed: ComprehensionJudgment[] = [];
  for (const j of judgments) {
    if (j.summarizer === j.questioner) continue;
    const key = JSON.stringify([j.document, j.summarizer, j.questioner, j.question]);
    if (seen.has(key)) {
      warnings.push(`document ${j.document}: question ${j.question} of ${j.questioner} is judged twice on ${j.summarizer}'s summary${j.line !== undefined ? ` (line ${j.line})` : ''}; the first judgment counts.`);
      continue;
    }
    seen.add(key);
    crossed.push(j);
  }
  const cells = new Map<string, ComprehensionJudgment[]>();
  for (const j of crossed) {
    const key = JSON.stringify([j.summarizer, j.questioner]);
    let list = cells.get(key);
    if (!list) cells.set(key, (list = []));
    list.push(j);
  }
  const grid = [...cells.values()]
    .map((list) => ({ summarizer: list[0].summarizer, questioner: list[0].questioner, ...distribution(list.map((j) => j.label)) }))
    .sort((a, b) => a.summarizer.localeCompare(b.summarizer) || a.questioner.localeCompare(b.questioner));
  return {
    bySummarizer: grouped(crossed, (j) => j.summarizer, 'summarizer'),
    byQuestioner: grouped(crossed, (j) => j.questioner, 'questioner'),
    grid,
    overall: distribution(crossed.map((j) => j.label)),
    warnings,
  };
}

/**
 * Judgments as CSV/TSV with a header row: `summarizer`, `questioner`, `question` (an id or the question's text),
 * `label` (R, P, I, N, or relevant, partially relevant, irrelevant, not found), and optionally `document` (the story).
 */
export function readComprehensionJudgments(text: string, source: string): ComprehensionJudgment[] {
  const table = parseDelimited(text, source);
  const hint = 'Columns: summarizer, questioner, question, label (R|P|I|N), and optionally document (the story).';
  const summarizer = requireColumn(table, 'summarizer', source, hint);
  const questioner = requireColumn(table, 'questioner', source, hint);
  const question = requireColumn(table, 'question', source, hint);
  const label = requireColumn(table, 'label', source, hint);
  const document = table.header.find((h) => h.toLowerCase() === 'document');
  return table.rows.map((row, i) => {
    const line = table.lines[i];
    const value = LABELS[row[label].trim().toLowerCase().replace(/\s+/g, ' ')];
    if (value === undefined) {
      throw new UnderstudyError(
        'bad-annotations',
        `${source}, line ${line}: label "${row[label]}" is not one of R (relevant), P (partially relevant), I (irrelevant), N (not found).`,
        { file: source, line },
      );
    }
    const cells = { summarizer: row[summarizer].trim(), questioner: row[questioner].trim(), question: row[question].trim() };
    for (const [column, cell] of Object.entries(cells)) {
      if (cell === '') throw new UnderstudyError('bad-annotations', `${source}, line ${line}: the ${column} cell is empty.`, { file: source, line });
    }
    return { document: document !== undefined ? row[document].trim() : '', ...cells, label: value, line };
  });
}
