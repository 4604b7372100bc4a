import { ScoringCancelled } from '../../engine/score-systems';
import { UnderstudyError } from '../../errors';
import { crossComprehensionReport, readComprehensionJudgments } from './cross-comprehension';
import { readDucViewPeer, readDucViewPyramid } from './ducview-pyramid';
import {
  alphaRowsToText,
  comprehensionReportToText,
  nuggetReportToText,
  pyramidReportToText,
  realSummReportToText,
  relevanceReportToText,
} from './format-manual';
import { identicalSummaryAgreement, identicalSummaryGroups, TextIdentity } from './identical-summaries';
import { ALPHA_LEVELS, AlphaLevel, krippendorffAlpha } from './krippendorff-alpha';
import { alphaTables, comprehensionTables, ManualTable, nuggetTables, pyramidTables, realSummTables, relevanceTables } from './manual-tables';
import { nuggetReport } from './nugget-f';
import { readAnswerKey, readNuggetResponses } from './nugget-files';
import { AverageCountRounding, Pyramid } from './pyramid';
import { readPyramidJson } from './pyramid-json';
import { pyramidReport, PyramidReport, PyramidTopicInput } from './pyramid-report';
import { readRealSummPyramids, realSummPyramidReport, RealSummPyramidReport } from './realsumm-pyramid';
import { readRelevanceJudgments } from './relevance-file';
import { relevanceReport } from './relevance-prediction';
import { readReliabilityTable } from './reliability-table';
import { readScoredSummaries } from './scored-summaries-file';

/**
 * The manual-evaluation analyses from file texts to everything a reader sees: what `--json` prints, the `--tsv`
 * tables, the text report and the warnings. `understudy pyramid|agreement|nuggets|relevance|comprehension` and the
 * Manual Evaluation panel (through the worker) both call `manualAnalysis`, so the panel's numbers are the CLI's.
 * Files carry the path the command line names them by: it is the `source` of every message about them.
 */

export interface ManualFile {
  readonly path: string;
  readonly text: string;
}

export interface PyramidAnalysisOptions {
  /** `--no-jackknife` when false. */
  readonly jackknife: boolean;
  readonly averageCount: AverageCountRounding;
  /** `--no-models` when false. */
  readonly scoreModels: boolean;
  readonly documentPattern?: string;
  readonly peerName?: string;
  /** `--per-topic`: the text report also lists every topic (the panel always has the topics). */
  readonly perTopic?: boolean;
}

export const DEFAULT_PYRAMID_OPTIONS: PyramidAnalysisOptions = { jackknife: true, averageCount: 'exact', scoreModels: true };

// No `path` module here: the panel's webview type-checks against this file (browser, no Node types).
const baseName = (file: string): string => file.split(/[\\/]/).pop() ?? file;
const joined = (dir: string, ...parts: string[]): string => [dir.replace(/[\\/]+$/, ''), ...parts].join('/');

/** The three files `--realsumm DIR` reads, at their places under DIR. */
export function realSummFiles(dir: string): { scuList: string; selectedDocuments: string; summaries: string } {
  return {
    scuList: joined(dir, 'human_annotations', 'SCUs_and_annotations', 'SCUs_list.csv'),
    selectedDocuments: joined(dir, 'selected_docs_for_human_eval', 'selected_documents.md'),
    summaries: joined(dir, 'summaries.jsonl'),
  };
}

export interface PyramidInput {
  readonly kind: 'pyramid';
  /** Pyramids and peers as JSON, DUCView peer annotations (.pan) and pyramids (.pyr). */
  readonly json: readonly ManualFile[];
  readonly pan: readonly ManualFile[];
  readonly pyr: readonly ManualFile[];
  readonly options: PyramidAnalysisOptions;
}

export interface RealSummInput {
  readonly kind: 'realsumm';
  readonly dir: string;
  readonly scuList: ManualFile;
  readonly selectedDocuments: ManualFile;
  readonly summaries: ManualFile;
}

export interface AgreementAnalysisOptions {
  readonly level: AlphaLevel | 'all';
  readonly layout?: 'wide' | 'long';
  readonly unit?: string;
  readonly coder?: string;
  readonly value?: string;
  readonly group?: string;
  readonly missing?: readonly string[];
  /** With `identical`: */
  readonly aspects?: readonly string[];
  readonly documentField?: string;
  readonly systemField?: string;
  readonly textField?: string;
  readonly assessorField?: string;
  readonly identity?: TextIdentity;
}

export const DEFAULT_AGREEMENT_OPTIONS: AgreementAnalysisOptions = { level: 'interval', identity: 'whitespace' };

export interface AgreementInput {
  readonly kind: 'agreement';
  /** Reliability data (CSV/TSV), or — `--identical` — judged summaries (JSON Lines). */
  readonly file: ManualFile;
  readonly identical: boolean;
  readonly options: AgreementAnalysisOptions;
}

export interface NuggetsInput {
  readonly kind: 'nuggets';
  readonly key: ManualFile;
  readonly responses: ManualFile;
  readonly options: { readonly beta: number; readonly allowance: number; readonly perQuestion?: boolean };
}

export const DEFAULT_NUGGET_OPTIONS = { beta: 3, allowance: 100 } as const;

export interface RelevanceInput {
  readonly kind: 'relevance';
  readonly file: ManualFile;
  readonly options: { readonly fullText?: string };
}

export interface ComprehensionInput {
  readonly kind: 'comprehension';
  readonly file: ManualFile;
}

export type ManualInput = PyramidInput | RealSummInput | AgreementInput | NuggetsInput | RelevanceInput | ComprehensionInput;
export type ManualKind = ManualInput['kind'];

/** What `understudy agreement --json` prints for reliability data. */
export interface ReliabilityAgreementJson {
  readonly layout: 'wide' | 'long';
  readonly results: readonly { readonly group: string | null; readonly units: number; readonly coders: readonly string[]; readonly alpha: ReturnType<typeof krippendorffAlpha> }[];
}

/** The reliability data alpha was computed from (units × coders per group), for the panel to show beside alpha. */
export interface ReliabilityInputView {
  readonly groups: readonly { readonly group: string | null; readonly units: readonly string[]; readonly coders: readonly string[]; readonly data: readonly (readonly (number | string | null)[])[] }[];
}

export interface ManualAnalysis {
  readonly kind: ManualKind;
  /** What `--json` prints. */
  readonly json: unknown;
  /** What `--tsv --table NAME` prints, the first table by default. */
  readonly tables: readonly ManualTable[];
  /** What the command prints without --json/--tsv. */
  readonly text: string;
  /** What it prints to stderr as `understudy: warning: …`. */
  readonly warnings: readonly string[];
  readonly signature?: string;
  readonly pyramid?: PyramidReport;
  readonly realsumm?: RealSummPyramidReport;
  readonly reliability?: ReliabilityInputView;
}

export interface ManualAnalysisControl {
  readonly isCancelled?: () => boolean;
  /** Stage name, and done/total within the analysis (files read, then scoring). */
  readonly onProgress?: (stage: string, done: number, total: number) => void;
}

function checkpoint(control: ManualAnalysisControl, stage: string, done: number, total: number): void {
  if (control.isCancelled?.()) throw new ScoringCancelled();
  control.onProgress?.(stage, done, total);
}

function sameWeights(a: Pyramid, b: Pyramid): boolean {
  const key = (p: Pyramid): string =>
    JSON.stringify(
      p.scus.map((s) => [s.id, [...s.models].sort()]).sort((x, y) => String(x[0]).localeCompare(String(y[0]))),
    );
  return key(a) === key(b);
}

/** The peer named by a .pan file: the first capture group of `pattern` on its base name, or the name without .pan. */
export function peerNameOf(file: string, pattern: string | undefined): string {
  const base = baseName(file);
  if (pattern === undefined) return base.replace(/\.pan$/i, '');
  let regex: RegExp;
  try {
    regex = new RegExp(pattern);
  } catch (error) {
    throw new UnderstudyError('bad-option', `--peer-name ${pattern}: not a valid regular expression (${(error as Error).message}).`);
  }
  const match = regex.exec(base);
  if (!match || match[1] === undefined) throw new UnderstudyError('bad-option', `--peer-name ${pattern} does not match ${base} with a capture group; the group is the peer's name.`);
  return match[1];
}

/** DUCView files: .pan peers grouped by topic (checked to share one pyramid), plus .pyr pyramids without peers. */
function ducViewTopics(input: PyramidInput, warnings: string[], control: ManualAnalysisControl): PyramidTopicInput[] {
  const { documentPattern, peerName } = input.options;
  const total = input.json.length + input.pyr.length + input.pan.length + 1;
  let done = input.json.length;
  const topics = new Map<string, { pyramid: Pyramid; source: string; peers: PyramidTopicInput['peers'][number][] }>();
  for (const file of input.pyr) {
    checkpoint(control, 'reading', done++, total);
    const read = readDucViewPyramid(file.text, file.path, { documentPattern });
    warnings.push(...read.warnings);
    topics.set(read.pyramid.topic, { pyramid: read.pyramid, source: file.path, peers: [] });
  }
  for (const file of input.pan) {
    checkpoint(control, 'reading', done++, total);
    const name = peerNameOf(file.path, peerName);
    const read = readDucViewPeer(file.text, file.path, name, { documentPattern });
    warnings.push(...read.warnings);
    const topic = read.pyramid.pyramid.topic;
    const entry = topics.get(topic);
    if (!entry) {
      topics.set(topic, { pyramid: read.pyramid.pyramid, source: file.path, peers: [read.annotation] });
      continue;
    }
    if (!sameWeights(entry.pyramid, read.pyramid.pyramid)) {
      throw new UnderstudyError(
        'bad-annotations',
        `${file.path}: its pyramid for topic ${topic} differs from the one in ${entry.source} (other SCUs or contributors). Score annotations made against different pyramids separately.`,
        { file: file.path },
      );
    }
    if (entry.peers.some((p) => p.peer === name)) throw new UnderstudyError('bad-annotations', `${file.path}: peer ${name} of topic ${topic} is given twice.`, { file: file.path });
    entry.peers.push(read.annotation);
  }
  return [...topics.values()].map((t) => ({ pyramid: t.pyramid, peers: t.peers }));
}

function pyramidAnalysis(input: PyramidInput, control: ManualAnalysisControl): ManualAnalysis {
  const warnings: string[] = [];
  if (input.json.length + input.pan.length + input.pyr.length === 0) throw new UnderstudyError('bad-option', 'No annotations given: name .pan files, --pyr files, a JSON file or --realsumm DIR.');
  const total = input.json.length + input.pyr.length + input.pan.length + 1;
  const fromJson = input.json.flatMap((f, i) => {
    checkpoint(control, 'reading', i, total);
    return readPyramidJson(f.text, f.path);
  });
  const inputs = [...fromJson, ...(input.pan.length + input.pyr.length > 0 ? ducViewTopics(input, warnings, control) : [])];
  checkpoint(control, 'scoring', total - 1, total);
  const { jackknife, averageCount, scoreModels } = input.options;
  const report = pyramidReport(inputs, { jackknife, averageCountRounding: averageCount, scoreModels });
  return {
    kind: 'pyramid',
    json: report,
    tables: pyramidTables(report),
    text: pyramidReportToText(report, input.options.perTopic ?? false),
    warnings: [...warnings, ...report.warnings],
    signature: report.signature,
    pyramid: report,
  };
}

function realSummAnalysis(input: RealSummInput, control: ManualAnalysisControl): ManualAnalysis {
  checkpoint(control, 'reading', 0, 2);
  const data = readRealSummPyramids(
    { scuList: input.scuList.text, selectedDocuments: input.selectedDocuments.text, summaries: input.summaries.text },
    { scuList: input.scuList.path, selectedDocuments: input.selectedDocuments.path, summaries: input.summaries.path },
  );
  checkpoint(control, 'scoring', 1, 2);
  const report = realSummPyramidReport(data);
  return { kind: 'realsumm', json: report, tables: realSummTables(report), text: realSummReportToText(report), warnings: report.warnings, signature: report.signature, realsumm: report };
}

function agreementAnalysis(input: AgreementInput, control: ManualAnalysisControl): ManualAnalysis {
  const { options, file } = input;
  const levels = options.level === 'all' ? ALPHA_LEVELS : [options.level];
  checkpoint(control, 'reading', 0, 2);
  if (input.identical) {
    const identity = options.identity ?? 'whitespace';
    const { summaries, aspects } = readScoredSummaries(file.text, file.path, {
      document: options.documentField,
      system: options.systemField,
      text: options.textField,
      assessor: options.assessorField,
      aspects: options.aspects,
    });
    checkpoint(control, 'scoring', 1, 2);
    const groups = identicalSummaryGroups(summaries, aspects, identity);
    const results = levels.flatMap((l) => identicalSummaryAgreement(groups, aspects, l));
    const warnings = groups.length === 0 ? [`${file.path}: no two systems produced the same summary of a document, so there is nothing to compare.`] : [];
    const rows = results.map((r) => ({ label: `${r.aspect}${r.assessor !== undefined ? ` / ${r.assessor}` : ''} (${r.groups} groups)`, alpha: r.alpha }));
    return {
      kind: 'agreement',
      json: { identity, summaries: summaries.length, groups, results },
      tables: alphaTables(rows),
      text: `${groups.length} groups of identical summaries (${groups.reduce((s, g) => s + g.systems.length, 0)} summaries)\n${alphaRowsToText(rows)}`,
      warnings,
    };
  }
  const table = readReliabilityTable(file.text, file.path, {
    layout: options.layout,
    unitColumn: options.unit,
    coderColumn: options.coder,
    valueColumn: options.value,
    groupColumn: options.group,
    missing: options.missing,
  });
  checkpoint(control, 'scoring', 1, 2);
  const usable = table.numeric ? levels : levels.filter((l) => l === 'nominal');
  const warnings = usable.length < levels.length ? [`${file.path}: the values are labels, not numbers, so only the nominal metric applies.`] : [];
  if (usable.length === 0) throw new UnderstudyError('bad-annotations', `${file.path}: the values are labels, not numbers; use --level nominal.`, { file: file.path });
  const results = table.groups.flatMap((g) => usable.map((l) => ({ group: g.group, units: g.units.length, coders: g.coders, alpha: krippendorffAlpha(g.data, l) })));
  const rows = results.map((r) => ({ label: `${r.group ?? baseName(file.path)} (${r.units} units × ${r.coders.length} coders)`, alpha: r.alpha }));
  const json: ReliabilityAgreementJson = { layout: table.layout, results };
  return {
    kind: 'agreement',
    json,
    tables: alphaTables(rows),
    text: alphaRowsToText(rows),
    warnings,
    reliability: { groups: table.groups.map((g) => ({ group: g.group, units: g.units, coders: g.coders, data: g.data.map((row) => row.map((v) => v ?? null)) })) },
  };
}

function nuggetsAnalysis(input: NuggetsInput, control: ManualAnalysisControl): ManualAnalysis {
  checkpoint(control, 'reading', 0, 2);
  const key = readAnswerKey(input.key.text, input.key.path);
  const responses = readNuggetResponses(input.responses.text, input.responses.path);
  checkpoint(control, 'scoring', 1, 2);
  const report = nuggetReport(key, responses, { beta: input.options.beta, allowancePerNugget: input.options.allowance });
  return { kind: 'nuggets', json: report, tables: nuggetTables(report), text: nuggetReportToText(report, input.options.perQuestion ?? false), warnings: report.warnings, signature: report.signature };
}

function relevanceAnalysis(input: RelevanceInput, control: ManualAnalysisControl): ManualAnalysis {
  checkpoint(control, 'reading', 0, 2);
  const judgments = readRelevanceJudgments(input.file.text, input.file.path);
  checkpoint(control, 'scoring', 1, 2);
  const report = relevanceReport(judgments, { fullText: input.options.fullText });
  return { kind: 'relevance', json: report, tables: relevanceTables(report), text: relevanceReportToText(report), warnings: report.warnings };
}

function comprehensionAnalysis(input: ComprehensionInput, control: ManualAnalysisControl): ManualAnalysis {
  checkpoint(control, 'reading', 0, 2);
  const judgments = readComprehensionJudgments(input.file.text, input.file.path);
  checkpoint(control, 'scoring', 1, 2);
  const report = crossComprehensionReport(judgments);
  return { kind: 'comprehension', json: report, tables: comprehensionTables(report), text: comprehensionReportToText(report), warnings: report.warnings };
}

/** Runs one analysis; throws UnderstudyError for input it cannot use, ScoringCancelled when `isCancelled` says so. */
export function manualAnalysis(input: ManualInput, control: ManualAnalysisControl = {}): ManualAnalysis {
  let analysis: ManualAnalysis;
  switch (input.kind) {
    case 'pyramid':
      analysis = pyramidAnalysis(input, control);
      break;
    case 'realsumm':
      analysis = realSummAnalysis(input, control);
      break;
    case 'agreement':
      analysis = agreementAnalysis(input, control);
      break;
    case 'nuggets':
      analysis = nuggetsAnalysis(input, control);
      break;
    case 'relevance':
      analysis = relevanceAnalysis(input, control);
      break;
    case 'comprehension':
      analysis = comprehensionAnalysis(input, control);
      break;
  }
  control.onProgress?.('scoring', 1, 1);
  return analysis;
}

/** An input file left out of an analysis because it cannot be read, and why. */
export interface UnreadableFile {
  readonly path: string;
  readonly message: string;
}

/**
 * For a pyramid analysis of several files: the files that can be read, and the others with the reason. A panel shows
 * the rest of the analysis and says what is wrong with each file left out (the CLI stops at the first instead, so
 * the command line the panel shows names only the files it used). Other analyses read one file (or one pair): they
 * are returned unchanged and fail as a whole.
 */
export function withoutUnreadableFiles(input: ManualInput): { input: ManualInput; skipped: UnreadableFile[] } {
  if (input.kind !== 'pyramid' || input.json.length + input.pan.length + input.pyr.length < 2) return { input, skipped: [] };
  const skipped: UnreadableFile[] = [];
  const readable = (file: ManualFile, read: (file: ManualFile) => unknown): boolean => {
    try {
      read(file);
      return true;
    } catch (error) {
      if (!(error instanceof UnderstudyError) || error.code !== 'bad-annotations') throw error;
      skipped.push({ path: file.path, message: error.message });
      return false;
    }
  };
  const { documentPattern, peerName } = input.options;
  const json = input.json.filter((f) => readable(f, (file) => readPyramidJson(file.text, file.path)));
  const pyr = input.pyr.filter((f) => readable(f, (file) => readDucViewPyramid(file.text, file.path, { documentPattern })));
  const pan = input.pan.filter((f) => readable(f, (file) => readDucViewPeer(file.text, file.path, peerNameOf(file.path, peerName), { documentPattern })));
  if (json.length + pyr.length + pan.length === 0) return { input, skipped: [] };
  return { input: { ...input, json, pyr, pan }, skipped };
}
