import * as vscode from 'vscode';
import { MetricSettings } from '../../core/engine/metric-settings';
import { correlateCommandLine, commandLineLimitation } from '../../core/meta/correlate-command-line';
import { CorrelationReport, MetaEvaluationOptions } from '../../core/meta/correlation-report';
import { HumanCombineOptions, HumanJudgmentsFile, HumanScoreSpec } from '../../core/meta/judgments/human-judgments';
import { JudgmentFileSummary } from '../../core/meta/judgments/judgment-summary';
import { CorrelationSources } from '../../core/meta/correlation-inputs';
import { readSegments } from '../evaluation-store';
import { RequestControl, WorkerClient } from '../worker-client';
import { RoseModel } from '../../core/meta/rose/rose-model';
import { roseModelsNote } from '../rose/rose-correlation-note';

/** One judgments file: where it is, and how to read it (the `HumanJudgmentsFile` options of `understudy.json`). */
export interface CorrelationJudgmentsFile extends Omit<HumanJudgmentsFile, 'file'> {
  readonly uri: vscode.Uri;
}

/** The human score of an evaluation: an `understudy.json` `humanJudgments` entry with its paths resolved. */
export interface CorrelationJudgments {
  readonly label?: string;
  readonly files: readonly CorrelationJudgmentsFile[];
  readonly combine?: HumanCombineOptions;
}

/**
 * Everything a meta-evaluation needs from the editor: the files of an evaluation (references and system outputs, as
 * scored files or a manifest name them), the judgments and the metrics with their settings.
 */
export interface CorrelationEvaluation {
  /** Display name (e.g. the manifest's `name`); default: the system files' folder. */
  readonly title?: string;
  readonly references: readonly vscode.Uri[];
  /** `name`: the name the judgments use for the system, when the file name does not say it (`--names`). */
  readonly systems: readonly { readonly uri: vscode.Uri; readonly name?: string }[];
  readonly judgments: CorrelationJudgments;
  readonly metrics: readonly string[];
  readonly settings: MetricSettings;
  /** The manifest's ROSE models (`roseModels`): computed as extra metrics where the metrics they combine can be. */
  readonly roseModels?: readonly RoseModel[];
}

export interface CorrelationRun {
  readonly report: CorrelationReport;
  /** `understudy correlate …` that prints the same numbers, run from the workspace folder. */
  readonly commandLine: string;
  readonly commandNote?: string;
  /** Files with unsaved changes (the panel used the editor's text; the command line reads the saved file). */
  readonly unsaved: readonly string[];
  /** Each system file as the report names it → its URI (to open it). */
  readonly files: ReadonlyMap<string, vscode.Uri>;
}

/** A file as the report and the command line name it: workspace-relative, or absolute outside the workspace. */
export const displayPath = (uri: vscode.Uri): string => vscode.workspace.asRelativePath(uri, false);

/** The judgments as the engine takes them (`HumanScoreSpec`), files named by their display paths. */
export function humanScoreSpec(judgments: CorrelationJudgments): HumanScoreSpec {
  return {
    ...(judgments.label !== undefined && { label: judgments.label }),
    files: judgments.files.map(({ uri, ...options }) => ({ file: displayPath(uri), ...options })),
    ...(judgments.combine && { combine: judgments.combine }),
  };
}

async function readJudgmentTexts(judgments: CorrelationJudgments): Promise<string[]> {
  return Promise.all(
    judgments.files.map(async ({ uri }) => {
      const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
      if (open) return open.getText();
      try {
        return new TextDecoder('utf-8').decode(await vscode.workspace.fs.readFile(uri));
      } catch (error) {
        throw new Error(`Cannot read the judgments file ${displayPath(uri)}: ${(error as Error).message}`);
      }
    }),
  );
}

/** What the judgment files hold (format, level, aspects), read in the worker as `correlate` will read them. */
export async function summarizeJudgmentFiles(worker: WorkerClient, judgments: CorrelationJudgments): Promise<JudgmentFileSummary[]> {
  const spec = humanScoreSpec(judgments);
  return worker.request<'judgment-info'>({ type: 'judgment-info', files: spec.files, texts: await readJudgmentTexts(judgments) });
}

/** The command line reproducing a meta-evaluation of `evaluation` with `options`, and why it might not exactly. */
export function correlationCommandLine(evaluation: CorrelationEvaluation, options: MetaEvaluationOptions): { commandLine: string; commandNote?: string } {
  const human = humanScoreSpec(evaluation.judgments);
  const names = evaluation.systems.some((s) => s.name !== undefined) ? evaluation.systems.map((s) => s.name ?? displayPath(s.uri)) : undefined;
  const { includeSegments: _segments, ...statistics } = options;
  const commandLine = correlateCommandLine({
    human,
    references: evaluation.references.map(displayPath),
    systems: evaluation.systems.map((s) => displayPath(s.uri)),
    names,
    metrics: evaluation.metrics,
    metricSettings: evaluation.settings,
    options: statistics,
  });
  const notes = [commandLineLimitation(human), roseModelsNote(evaluation.roseModels)].filter((n): n is string => n !== undefined);
  return notes.length > 0 ? { commandLine, commandNote: notes.join(' ') } : { commandLine };
}

/** The evaluation's texts as the worker takes them (open editors' text wins over the disk, as for scoring). */
export async function readEvaluationSources(evaluation: CorrelationEvaluation): Promise<CorrelationSources> {
  const [references, systems, judgmentTexts] = await Promise.all([
    Promise.all(evaluation.references.map((uri) => readSegments(uri))),
    Promise.all(evaluation.systems.map((s) => readSegments(s.uri))),
    readJudgmentTexts(evaluation.judgments),
  ]);
  return {
    human: humanScoreSpec(evaluation.judgments),
    judgmentTexts,
    references: evaluation.references.map((uri, i) => ({ file: displayPath(uri), segments: references[i].segments })),
    systems: evaluation.systems.map((s, i) => ({ file: displayPath(s.uri), hypotheses: systems[i].segments, ...(s.name !== undefined && { name: s.name }) })),
  };
}

/** The evaluation's files with unsaved changes (a run used their editors' text; a command line reads the saved files). */
export function unsavedFiles(evaluation: CorrelationEvaluation): string[] {
  const uris = [...evaluation.references, ...evaluation.systems.map((s) => s.uri), ...evaluation.judgments.files.map((f) => f.uri)];
  return vscode.workspace.textDocuments.filter((d) => d.isDirty && uris.some((u) => u.toString() === d.uri.toString())).map((d) => displayPath(d.uri));
}

/**
 * Runs the worker's `correlate` on an evaluation's files (open editors' text wins over the disk, as for scoring) and
 * the judgments: the report the correlation panel shows, with the per-segment table (`includeSegments`) the scatter
 * plots and segment lists need, and the command line that reproduces it. Progress and cancellation through `control`.
 */
export async function runCorrelation(
  worker: WorkerClient,
  evaluation: CorrelationEvaluation,
  options: MetaEvaluationOptions,
  control: RequestControl = {},
): Promise<CorrelationRun> {
  const report = await worker.request<'correlate'>(
    {
      type: 'correlate',
      ...(await readEvaluationSources(evaluation)),
      metrics: evaluation.metrics,
      settings: evaluation.settings,
      options: { ...options, includeSegments: true },
      ...(evaluation.roseModels && evaluation.roseModels.length > 0 && { roseModels: evaluation.roseModels }),
    },
    control,
  );
  const unsaved = unsavedFiles(evaluation);
  return {
    report,
    ...correlationCommandLine(evaluation, options),
    unsaved,
    files: new Map(evaluation.systems.map((s) => [displayPath(s.uri), s.uri])),
  };
}
