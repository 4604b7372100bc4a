import * as vscode from 'vscode';
import { ComparisonReport, ComparisonSettings, comparisonReport } from '../../core/compare/comparison-report';
import { EvaluationStore, ScoredDocument } from '../evaluation-store';
import { RequestControl } from '../worker-client';

/**
 * Runs the settings' significance tests on scored documents in the worker (the first document is the baseline) and
 * assembles the report the views show and `understudy compare --json` prints. Progress runs over both tests.
 */
export async function runComparison(
  store: EvaluationStore,
  documents: readonly ScoredDocument[],
  settings: ComparisonSettings,
  control: RequestControl = {},
): Promise<ComparisonReport> {
  const uris = documents.map((d) => d.uri);
  const results: { bootstrap?: Awaited<ReturnType<EvaluationStore['compare']>>; randomization?: Awaited<ReturnType<EvaluationStore['compare']>> } = {};
  const tests = settings.tests;
  for (const [n, test] of tests.entries()) {
    const result = await store.compare(
      uris,
      {
        test,
        samples: test === 'paired-bootstrap' ? settings.bootstrapSamples : settings.randomizationTrials,
        seed: settings.seed,
        correction: settings.correction,
      },
      {
        signal: control.signal,
        // Each test takes an equal share of the bar.
        onProgress: control.onProgress && ((done, total) => control.onProgress?.(n * 1000 + Math.round((1000 * done) / Math.max(1, total)), 1000 * tests.length)),
      },
    );
    if (test === 'paired-bootstrap') results.bootstrap = result;
    else results.randomization = result;
  }
  const first = documents[0];
  return comparisonReport({
    systems: documents.map((d) => ({ name: d.name, file: vscode.workspace.asRelativePath(d.uri) })),
    references: first.references.map((r) => vscode.workspace.asRelativePath(r)),
    segments: Math.min(...documents.map((d) => d.scores.scoredCount)),
    settings,
    metrics: first.metrics.filter((metric) => results.bootstrap?.[metric] || results.randomization?.[metric]).map((metric) => ({
      metric,
      signature: first.scores.corpus[metric]?.signature ?? '',
      ...(results.bootstrap?.[metric] && { bootstrap: results.bootstrap[metric] }),
      ...(results.randomization?.[metric] && { randomization: results.randomization[metric] }),
    })),
  });
}
