import {
  HETEROGENEITY_ANALYSES,
  HeterogeneityAnalysis,
  HeterogeneityCommand,
  heterogeneityTable,
  outputScoresFromTable,
  runHeterogeneityAnalysis,
} from '../cli/heterogeneity-command';
import { QARLA_ANALYSES, QarlaAnalysis, QarlaCommand, humanScoresOf, qarlaTable, qarlaTestBedFromTable, runQarlaAnalysis } from '../cli/qarla-command';
import { parseScoreTable } from '../cli/score-table';
import { ScoringCancelled } from '../core/engine/score-systems';
import { UnderstudyError } from '../core/errors';
import { QarlaTestBed, clusterMetrics, jackCurve, selectMetricSet } from '../core/meta/qarla';
import type { AnalysisTable } from '../core/report/analysis-tables';
import type { AnalysisOutcome, HeterogeneityRequest, MetaAnalysisRequest, MetaAnalysisResult, QarlaRequest } from './meta-analysis-types';

export type { AnalysisOutcome, HeterogeneityRequest, HeterogeneitySettings, MetaAnalysisRequest, MetaAnalysisResult, QarlaRequest, QarlaSettings, TableText } from './meta-analysis-types';

/**
 * The QARLA and heterogeneity panels' computations (issue 7), run in the worker: every analysis of `understudy qarla`
 * or `understudy heterogeneity` on one table, each through the very function the CLI calls, its result as `--json`
 * prints it (a JSON round trip: NaN becomes null as there) and its main table as `--tsv` writes it. One analysis that
 * cannot run on this table (JACK without peer–peer rows, R/S without human scores) is an outcome with its message;
 * the others still run.
 */

export interface JobControl {
  readonly isCancelled: () => boolean;
  /** Overall progress, with the analysis running. */
  readonly onProgress: (done: number, total: number, stage: string) => void;
}

/** Relative cost of each analysis, for one progress bar over all of them (the searches and curves dominate). */
const WEIGHT: Readonly<Record<string, number>> = { search: 6, 'jack-curve': 3, clusters: 2, subsets: 3, hbr: 2, h: 2 };
const PROGRESS_TOTAL = 1000;

const json = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

function runAll<A extends string>(
  analyses: readonly A[],
  control: JobControl,
  run: (analysis: A, onProgress: (done: number, total: number) => void) => { result: { kind: string }; table: AnalysisTable },
): AnalysisOutcome[] {
  const weights = analyses.map((a) => WEIGHT[a] ?? 1);
  const sum = weights.reduce((a, b) => a + b, 0);
  let before = 0;
  return analyses.map((analysis, i) => {
    const start = Date.now();
    if (control.isCancelled()) throw new ScoringCancelled();
    const report = (done: number, total: number): void => {
      const share = total > 0 ? Math.min(1, done / total) : 0;
      control.onProgress(Math.round((PROGRESS_TOTAL * (before + weights[i] * share)) / sum), PROGRESS_TOTAL, analysis);
    };
    report(0, 1);
    let outcome: AnalysisOutcome;
    try {
      const { result, table } = run(analysis, report);
      outcome = { analysis, result: json(result) as AnalysisOutcome['result'], table: json(table), seconds: (Date.now() - start) / 1000 };
    } catch (error) {
      if (error instanceof ScoringCancelled) throw error;
      if (!(error instanceof UnderstudyError)) throw error;
      outcome = { analysis, error: error.message, seconds: (Date.now() - start) / 1000 };
    }
    report(1, 1);
    before += weights[i];
    return outcome;
  });
}

/** Every QARLA analysis asked for, on one similarity table. */
export function runQarlaJob(request: QarlaRequest, control: JobControl): MetaAnalysisResult {
  const table = parseScoreTable(request.table.text, request.table.path);
  const command = (analysis: QarlaAnalysis): QarlaCommand => ({ ...request.settings, analysis, table: request.table.path, top: 0, output: 'json' });
  const analyses = QARLA_ANALYSES.filter((a) => request.analyses.includes(a));
  // JACK reads peer–peer rows the other analyses do not need: its test bed is read apart, and may fail alone.
  const bed = qarlaTestBedFromTable(table, command('king'));
  let jackBed: QarlaTestBed | UnderstudyError | undefined;
  const jackTestBed = (): QarlaTestBed => {
    if (jackBed === undefined) {
      try {
        jackBed = qarlaTestBedFromTable(table, command('jack'));
      } catch (error) {
        if (!(error instanceof UnderstudyError)) throw error;
        jackBed = error;
      }
    }
    if (jackBed instanceof UnderstudyError) throw jackBed;
    return jackBed;
  };
  const human = request.human && humanScoresOf(parseScoreTable(request.human.text, request.human.path), request.human.column);
  const s = request.settings;
  const outcomes = runAll(analyses, control, (analysis, onProgress) => {
    const o = { ...s.options, isCancelled: control.isCancelled, onProgress };
    let result: ReturnType<typeof runQarlaAnalysis>;
    switch (analysis) {
      // The CLI's calls (runQarlaAnalysis), with progress and cancellation, and the human scores read from the editor.
      case 'search':
        result = selectMetricSet(bed, { ...o, clusters: s.clusters, human, correlation: s.correlation });
        break;
      case 'clusters':
        result = clusterMetrics(bed, { ...o, clusters: s.clusters ?? Math.min(10, bed.metrics.length) });
        break;
      case 'jack-curve':
        result = jackCurve(jackTestBed(), undefined, { ...o, order: s.order, orders: s.orders, seed: s.seed });
        break;
      case 'jack':
        result = runQarlaAnalysis(jackTestBed(), command(analysis));
        break;
      default:
        result = runQarlaAnalysis(bed, command(analysis));
    }
    return { result, table: qarlaTable(result) };
  });
  return {
    kind: 'qarla',
    summary: {
      metrics: bed.metrics,
      cases: bed.cases.length,
      models: [...new Set(bed.cases.flatMap((c) => c.models))],
      peers: [...new Set(bed.cases.flatMap((c) => c.peers))],
    },
    outcomes,
  };
}

/** Every heterogeneity analysis asked for, on one score table (those needing human scores only with them). */
export function runHeterogeneityJob(request: HeterogeneityRequest, control: JobControl): MetaAnalysisResult {
  const table = parseScoreTable(request.table.text, request.table.path);
  const command = (analysis: HeterogeneityAnalysis): HeterogeneityCommand => ({ ...request.settings, analysis, table: request.table.path, output: 'json' });
  const input = outputScoresFromTable(table, command('h'));
  const analyses = HETEROGENEITY_ANALYSES.filter((a) => request.analyses.includes(a));
  const outcomes = runAll(analyses, control, (analysis) => {
    if (analysis !== 'h' && analysis !== 'ulc' && analysis !== 'hbr' && !input.human) {
      throw new UnderstudyError('bad-option', `${analysis} compares the metrics with human scores: choose the human score column (--human COLUMN).`);
    }
    const result = runHeterogeneityAnalysis(input, command(analysis));
    return { result, table: heterogeneityTable(result) };
  });
  const human = input.human;
  const humanBySystem = human
    ? input.systems.map((system, s) => {
        let sum = 0;
        let outputs = 0;
        for (let i = 0; i < input.segments; i++) {
          const h = human[s * input.segments + i];
          if (!Number.isNaN(h)) {
            sum += h;
            outputs++;
          }
        }
        return { system, human: outputs > 0 ? sum / outputs : null, outputs };
      })
    : undefined;
  return {
    kind: 'heterogeneity',
    summary: {
      metrics: input.metrics,
      systems: input.systems,
      segments: input.segments,
      ...(human && { assessed: human.filter((h) => !Number.isNaN(h)).length }),
    },
    ...(humanBySystem && { humanBySystem }),
    outcomes,
  };
}

export function runMetaAnalysisJob(request: MetaAnalysisRequest, control: JobControl): MetaAnalysisResult {
  return request.kind === 'qarla' ? runQarlaJob(request, control) : runHeterogeneityJob(request, control);
}
