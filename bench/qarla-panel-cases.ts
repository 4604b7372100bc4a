import { DEFAULT_METRIC_SETTINGS } from '../src/core/engine/metric-settings';
import { similarityTestBed } from '../src/core/meta/qarla/similarity-matrices';
import { QARLA_JOB_ANALYSES, HETEROGENEITY_JOB_ANALYSES } from '../src/worker/meta-analysis-types';
import { JobControl, runHeterogeneityJob, runQarlaJob } from '../src/worker/meta-analysis-jobs';
import type { BenchResult } from './cases';
import { dataRoot, summEvalDocuments } from './data';
import { meanOverModels, tenSimilarities, timed } from './qarla-cases';

/**
 * What the QARLA and heterogeneity panels run in the worker on SummEval (100 documents × 11 references × 16 systems,
 * 10 similarities): the whole job from the table's text — parsing the long similarity table (case, candidate,
 * reference, 10 columns; ~73,000 rows), QUEEN, KING, JACK, the JACK curve (200 random orders), the KING search over
 * 1,023 subsets, clustering and the estimate — and the heterogeneity job (every analysis, ULC and HBR as measures)
 * on each summary's mean similarity to the references with its expert relevance.
 */
function qarlaPanelSummEval(): BenchResult[] {
  const { shared } = dataRoot();
  const documents = summEvalDocuments();
  const cases = documents.map((d) => ({
    id: d.id,
    models: d.references.map((text, i) => ({ name: `ref${i + 1}`, text })),
    peers: d.summaries.map((s) => ({ name: s.system, text: s.summary })),
  }));
  const bed = similarityTestBed({ cases, similarities: tenSimilarities(DEFAULT_METRIC_SETTINGS) });
  const k = bed.metrics.length;
  // The similarity table as a user would export it: every ordered pair of texts of each case (models with themselves too).
  const lines = [['case', 'candidate', 'reference', ...bed.metrics].join('\t')];
  for (const c of bed.cases) {
    const block = (rows: readonly string[], columns: readonly string[], values: Float64Array, self: boolean): void =>
      rows.forEach((a, i) =>
        columns.forEach((b, j) => {
          if (a === b && !self) return;
          const at = (i * columns.length + j) * k;
          lines.push([c.id, a, b, ...Array.from(values.subarray(at, at + k), String)].join('\t'));
        }),
      );
    block(c.peers, c.models, c.peerModel, false);
    block(c.models, c.models, c.modelModel, true);
    if (c.peerPeer) block(c.peers, c.peers, c.peerPeer, false);
  }
  const qarlaText = lines.join('\n');
  const models = Array.from({ length: 11 }, (_, i) => `ref${i + 1}`);
  const control: JobControl = { isCancelled: () => false, onProgress: () => undefined };
  const qarla = timed(3, () =>
    runQarlaJob({ kind: 'qarla', table: { path: 'summeval-similarities.tsv', text: qarlaText }, settings: { models, candidate: 'candidate', reference: 'reference', symmetric: false, options: {} }, analyses: [...QARLA_JOB_ANALYSES] }, control),
  );

  const relevance = new Map<string, number>();
  for (const d of documents) for (const s of d.summaries) relevance.set(`${d.id}\u0000${s.system}`, s.relevance);
  const outputs = meanOverModels(bed, relevance);
  const rows = [['system', 'segment', ...outputs.metrics, 'relevance'].join('\t')];
  outputs.systems.forEach((system, s) => {
    for (let i = 0; i < outputs.segments; i++) {
      const item = s * outputs.segments + i;
      rows.push([system, outputs.segmentIds![i], ...Array.from(outputs.scores.subarray(item * k, item * k + k), String), String(outputs.human![item])].join('\t'));
    }
  });
  const heterogeneity = timed(3, () =>
    runHeterogeneityJob(
      { kind: 'heterogeneity', table: { path: 'summeval-scores.tsv', text: rows.join('\n') }, settings: { system: 'system', human: 'relevance', lowerIsBetter: [], combinations: ['ulc', 'hbr'] }, analyses: [...HETEROGENEITY_JOB_ANALYSES] },
      control,
    ),
  );
  const each = (result: typeof qarla.result): string => result.outcomes.map((o) => `${o.analysis} ${o.error ? 'error' : `${o.seconds.toFixed(2)} s`}`).join(', ');
  const data = `SummEval ${documents.length} docs${shared ? '' : ' (fixtures copy)'}`;
  return [
    { name: 'qarla-panel-summeval', metric: `QARLA panel job, ${lines.length - 1} table rows (best of 3)`, segments: lines.length - 1, seconds: qarla.best, note: `median ${qarla.median.toFixed(2)} s; ${data}; ${each(qarla.result)}` },
    { name: 'qarla-panel-summeval', metric: `heterogeneity panel job, ${rows.length - 1} outputs (best of 3)`, segments: rows.length - 1, seconds: heterogeneity.best, note: `median ${heterogeneity.median.toFixed(2)} s; ${each(heterogeneity.result)}` },
  ];
}

export const QARLA_PANEL_CASES: Record<string, () => BenchResult[]> = {
  'qarla-panel-summeval': qarlaPanelSummEval,
};
