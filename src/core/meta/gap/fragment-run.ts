import { EvaluationSession } from '../../engine/evaluation-session';
import { describeMetric } from '../../engine/metric-descriptions';
import { metricRequest } from '../../engine/metric-registry';
import { MetricSettings } from '../../engine/metric-settings';
import { ScoringCancelled } from '../../engine/score-systems';
import { UnderstudyError } from '../../errors';
import { CorrelationSources, prepareCorrelation } from '../correlation-inputs';
import { assignHumanScores } from '../human-assignment';
import { statistic } from '../json-number';
import { combineJudgments } from '../judgments/combine-judgments';
import { readJudgmentFiles } from '../judgments/read-judgments';
import { baseName } from '../system-matching';
import { FragmentOptions, OutputMeasure, fragmentEffect } from './fragment-effect';
import type { FragmentMeasureInfo, FragmentOutput, FragmentRunReport } from './fragment-report';

export type { FragmentMeasureInfo, FragmentOutput, FragmentRunReport } from './fragment-report';
import { checkEnding, isFragment } from './truncation';

/**
 * The truncated-sentence diagnostics on real inputs (what `understudy fragments` prints and the fragment panel shows):
 * per-output texts, human scores and metric scores gathered from either
 * - an evaluation as `understudy correlate` reads it (judgments + system outputs + references, or SummEval/REALSumm's
 *   summaries.jsonl + docs.jsonl), each human aspect a measure and each metric scored by the engine per output, or
 * - a table with one row per output: system, item, text, then score columns (human measures and metrics),
 * then `fragmentEffect` (fragment-effect.ts), with every output that does not end complete listed for browsing.
 */

/** Progress ('scoring': outputs scored so far) and cancellation, polled between systems and lines. */
export interface FragmentRunControl {
  readonly onProgress?: (stage: 'scoring', done: number, total: number) => void;
  readonly isCancelled?: () => boolean;
}

/** What the run reads: an evaluation's sources with the metrics to score, or a table's text with its columns. */
export type FragmentInput =
  | {
      readonly kind: 'judgments';
      readonly sources: CorrelationSources;
      readonly metrics: readonly string[];
      readonly settings: MetricSettings;
      /** Human aspects to compare, each a measure (default: the judgments' default aspect, else every aspect). */
      readonly aspects?: readonly string[];
    }
  | {
      readonly kind: 'table';
      readonly table: TextTable;
      readonly columns: FragmentTableColumns;
    };

/** A table as `parseScoreTable` (src/cli/score-table.ts) reads it. */
export interface TextTable {
  readonly path: string;
  readonly columns: readonly string[];
  readonly cells: readonly (readonly string[])[];
}

export interface FragmentTableColumns {
  /** Default `system`. */
  readonly system?: string;
  /** Default `item`. */
  readonly item?: string;
  /** Default: the first of text, summary, output, hypothesis, system_summary. */
  readonly text?: string;
  /** Human score columns (at least one). */
  readonly human: readonly string[];
  /** Metric columns (default: every other numeric column). */
  readonly metrics?: readonly string[];
}

export const TEXT_COLUMN_NAMES = ['text', 'summary', 'output', 'hypothesis', 'system_summary'] as const;

const ENDING_CHARACTERS = 160;

function bad(message: string): never {
  throw new UnderstudyError('bad-option', message);
}

/** The diagnostics of one input (see the module comment); a shape the analysis cannot use is an UnderstudyError. */
export function runFragments(input: FragmentInput, options: FragmentOptions = {}, control: FragmentRunControl = {}): FragmentRunReport {
  const gathered = input.kind === 'table' ? fromTable(input.table, input.columns) : fromJudgments(input, control);
  return report(gathered, options);
}

interface Gathered {
  readonly source: string;
  readonly systems: string[];
  readonly items: string[];
  readonly texts: string[][];
  readonly measures: (OutputMeasure & { readonly info: FragmentMeasureInfo })[];
  readonly leftOut: { system: string; reason: string }[];
  readonly warnings: string[];
}

function report(data: Gathered, options: FragmentOptions): FragmentRunReport {
  if (data.systems.length === 0) bad(`${data.source}: no system has outputs to analyse.${data.leftOut.length > 0 ? ` Left out: ${data.leftOut.map((l) => `${l.system} (${l.reason})`).join(', ')}.` : ''}`);
  if (!data.measures.some((m) => m.kind === 'human')) bad(`${data.source}: no human measure; the diagnostics compare metrics with human scores.`);
  if (options.wordLimit !== undefined && !(Number.isInteger(options.wordLimit) && options.wordLimit >= 1)) bad(`The word limit must be a whole number ≥ 1, not ${options.wordLimit}.`);
  if (options.systemThreshold !== undefined && !(options.systemThreshold > 0 && options.systemThreshold <= 1)) bad(`The system threshold must lie in (0, 1], not ${options.systemThreshold}.`);
  const fragmentWhen = options.fragmentWhen ?? 'unterminated';
  const N = data.items.length;
  const outputs: FragmentOutput[] = [];
  let fragments = 0;
  data.texts.forEach((texts, s) =>
    texts.forEach((text, i) => {
      const check = checkEnding(text, options);
      if (check.verdict === 'complete') return;
      const fragment = isFragment(check.verdict, fragmentWhen);
      if (fragment) fragments++;
      const plain = text.slice(0, check.lastSentence.end);
      outputs.push({
        system: data.systems[s],
        item: data.items[i],
        verdict: check.verdict,
        fragment,
        reason: check.reason,
        ending: plain.slice(Math.max(check.lastSentence.start, check.lastSentence.end - ENDING_CHARACTERS)).replace(/\s+/g, ' ').trim(),
        scores: data.measures.map((m) => statistic(m.scores[s * N + i])),
      });
    }),
  );
  const total = data.systems.length * N;
  const which = fragmentWhen === 'cut' ? 'ends cut (with fragmentWhen cut, unterminated endings do not count)' : 'ends unterminated or cut';
  if (fragments === 0) bad(`None of the ${total} outputs ${which}: every one ends a complete sentence, so there is nothing to compare.`);
  if (fragments === total) bad(`Every one of the ${total} outputs ${which}: there are no complete endings to compare them with.`);
  const result = fragmentEffect({ systems: data.systems, items: N, texts: data.texts, measures: data.measures }, options);
  return {
    kind: 'understudy.fragments',
    version: 1,
    source: data.source,
    items: data.items,
    measures: data.measures.map((m) => m.info),
    result,
    outputs,
    leftOut: data.leftOut,
    warnings: data.warnings,
  };
}

// --- An evaluation as `understudy correlate` reads it ---------------------------------------------------------------

function fromJudgments(input: Extract<FragmentInput, { kind: 'judgments' }>, control: FragmentRunControl): Gathered {
  const { sources } = input;
  if (input.metrics.length === 0) bad('No metrics to score: name at least one with --metrics.');
  const sets = readJudgmentFiles(sources.human.files.map((spec, i) => ({ spec, text: sources.judgmentTexts[i] })));
  const aspects = input.aspects && input.aspects.length > 0 ? [...input.aspects] : defaultAspects(sets);
  // The corpus (and the checks of the judgment files) as correlate prepares them; every aspect is then combined alone.
  const prepared = prepareCorrelation({ ...sources, human: { ...sources.human, combine: { ...sources.human.combine, aspects: [aspects[0]] } } });
  const humans = aspects.map((aspect) => combineJudgments(sets, { ...sources.human.combine, aspects: [aspect] }, aspect));
  if (humans[0].level !== 'segment') bad(`${sources.human.files.map((f) => f.file).join(', ')}: the diagnostics compare outputs, so they need a human score per output (segment-level judgments), not per system.`);
  const items = [...(prepared.items ?? Array.from({ length: prepared.references[0]?.segments.length ?? 0 }, (_, i) => String(i + 1)))];
  const warnings = [...new Set(humans.flatMap((h) => h.warnings))];
  const assignments = humans.map((h) => assignHumanScores(prepared.systems, items, h));

  const session = new EvaluationSession(prepared.references, input.metrics.map((name) => metricRequest(name, input.settings)));
  const kept: { name: string; texts: string[]; sentence: Record<string, Float64Array>; human: Float64Array[] }[] = [];
  const leftOut: { system: string; reason: string }[] = [];
  const used = new Set<string>();
  const signatures: Record<string, string> = {};
  prepared.systems.forEach((system, s) => {
    if (control.isCancelled?.()) throw new ScoringCancelled();
    let name = system.name ?? assignments[0].matched[s] ?? baseName(system.file);
    if (used.has(name)) name = system.file;
    used.add(name);
    if (assignments.every((a) => a.judgedSegments[s] === 0)) {
      leftOut.push({ system: name, reason: assignments[0].matched[s] === undefined ? 'no human judgment matches this system' : 'no human score of its outputs' });
      return;
    }
    const scores = session.setLines(system.file, system.hypotheses, {
      isCancelled: control.isCancelled,
      onProgress: (done, total) => control.onProgress?.('scoring', s * total + done, prepared.systems.length * total),
    });
    if (scores.mismatch) {
      leftOut.push({ system: name, reason: scores.mismatch.message });
      return;
    }
    for (const metric of input.metrics) signatures[metric] ??= scores.corpus[metric]?.signature;
    kept.push({ name, texts: [...system.hypotheses], sentence: { ...scores.sentence }, human: assignments.map((a) => a.human[s]) });
  });
  const N = items.length;
  const grid = (value: (k: number) => Float64Array): Float64Array => {
    const scores = new Float64Array(kept.length * N);
    kept.forEach((_, k) => scores.set(value(k).subarray(0, N), k * N));
    return scores;
  };
  const measures: Gathered['measures'] = [
    ...input.metrics.map((name) => {
      const description = describeMetric(name);
      const signature = signatures[name] ?? null;
      return { name, kind: 'metric' as const, scores: grid((k) => kept[k].sentence[name]), info: { name, kind: 'metric' as const, higherIsBetter: description.higherIsBetter, signature } };
    }),
    ...aspects.map((aspect, a) => ({ name: aspect, kind: 'human' as const, scores: grid((k) => kept[k].human[a]), info: { name: aspect, kind: 'human' as const, higherIsBetter: true, signature: null } })),
  ];
  const source = sources.docs ? `${sources.human.files.map((f) => f.file).join(', ')} + ${sources.docs.file}` : sources.human.files.map((f) => f.file).join(', ');
  return { source, systems: kept.map((k) => k.name), items, texts: kept.map((k) => k.texts), measures, leftOut, warnings };
}

/** Every file's default aspect when they agree on one (WMT's z, REALSumm's pyramid recall), else every aspect (SummEval's four). */
function defaultAspects(sets: ReturnType<typeof readJudgmentFiles>): string[] {
  const defaults = [...new Set(sets.map((s) => s.defaultAspect))];
  if (defaults.length === 1 && defaults[0] !== undefined) return [defaults[0]];
  return [...new Set(sets.flatMap((s) => s.aspects))];
}

// --- A table: system, item, text, scores ------------------------------------------------------------------------------

function columnOf(table: TextTable, name: string, flag: string): number {
  const index = table.columns.indexOf(name);
  if (index < 0) bad(`${table.path} has no column "${name}" (${flag}); its columns: ${table.columns.join(', ')}.`);
  return index;
}

function isNumeric(table: TextTable, index: number): boolean {
  return table.cells.every((row) => isMissing(row[index]) || Number.isFinite(Number(row[index])));
}

const isMissing = (cell: string): boolean => cell === '' || /^(na|nan|null|-)$/i.test(cell);

function fromTable(table: TextTable, columns: FragmentTableColumns): Gathered {
  const systemColumn = columnOf(table, columns.system ?? 'system', '--system-column');
  const itemColumn = columnOf(table, columns.item ?? 'item', '--item-column');
  const textName = columns.text ?? TEXT_COLUMN_NAMES.find((c) => table.columns.includes(c));
  if (textName === undefined) bad(`${table.path} has no text column (${TEXT_COLUMN_NAMES.join(', ')}): name the column holding each output's text with --text-column; its columns: ${table.columns.join(', ')}.`);
  const textColumn = columnOf(table, textName, '--text-column');
  const taken = new Set([systemColumn, itemColumn, textColumn]);
  const numeric = table.columns.filter((c, i) => !taken.has(i) && isNumeric(table, i));
  if (columns.human.length === 0) bad(`No human measure: name the human score columns with --human-columns (numeric columns of ${table.path}: ${numeric.join(', ') || 'none'}).`);
  const human = columns.human.map((c) => columnOf(table, c, '--human-columns'));
  const metricNames = columns.metrics ?? numeric.filter((c) => !columns.human.includes(c));
  const metrics = metricNames.map((c) => columnOf(table, c, '--metric-columns'));
  for (const index of [...human, ...metrics]) {
    if (taken.has(index)) bad(`${table.path}: column ${table.columns[index]} is the system, item or text column, not a score.`);
  }
  const both = columns.human.filter((c) => metricNames.includes(c));
  if (both.length > 0) bad(`${table.path}: ${both.join(', ')} named both as a human measure and as a metric.`);

  const systems: string[] = [];
  const items: string[] = [];
  const systemIndex = new Map<string, number>();
  const itemIndex = new Map<string, number>();
  for (const row of table.cells) {
    if (!systemIndex.has(row[systemColumn])) systemIndex.set(row[systemColumn], systems.push(row[systemColumn]) - 1);
    if (!itemIndex.has(row[itemColumn])) itemIndex.set(row[itemColumn], items.push(row[itemColumn]) - 1);
  }
  const S = systems.length;
  const N = items.length;
  const rowOf = new Int32Array(S * N).fill(-1);
  table.cells.forEach((row, r) => {
    const at = (systemIndex.get(row[systemColumn]) as number) * N + (itemIndex.get(row[itemColumn]) as number);
    if (rowOf[at] >= 0) bad(`${table.path}: data rows ${rowOf[at] + 1} and ${r + 1} are both system ${row[systemColumn]}, item ${row[itemColumn]}; give one row per output.`);
    rowOf[at] = r;
  });
  const missing = rowOf.reduce((n, r) => n + (r < 0 ? 1 : 0), 0);
  if (missing > 0) {
    const first = rowOf.findIndex((r) => r < 0);
    bad(`${table.path}: system ${systems[Math.floor(first / N)]} has no row for item ${items[first % N]} (${missing} of ${S * N} system × item outputs missing); every system needs one output per item.`);
  }
  const texts = systems.map((_, s) => items.map((__, i) => table.cells[rowOf[s * N + i]][textColumn]));
  const scores = (index: number): Float64Array =>
    Float64Array.from(rowOf, (r) => {
      const cell = table.cells[r][index];
      if (isMissing(cell)) return NaN;
      const value = Number(cell);
      if (!Number.isFinite(value)) bad(`${table.path}: "${cell}" in column ${table.columns[index]}, data row ${r + 1}, is not a number.`);
      return value;
    });
  const measure = (index: number, kind: 'metric' | 'human'): Gathered['measures'][number] => {
    const name = table.columns[index];
    return { name, kind, scores: scores(index), info: { name, kind, higherIsBetter: kind === 'human' || !/^(ter|wer|per)\b/i.test(name), signature: null } };
  };
  return { source: table.path, systems, items, texts, measures: [...metrics.map((i) => measure(i, 'metric')), ...human.map((i) => measure(i, 'human'))], leftOut: [], warnings: [] };
}
