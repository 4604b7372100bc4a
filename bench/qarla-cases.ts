import * as os from 'os';
import { performance } from 'perf_hooks';
import { metricRequest } from '../src/core/engine/metric-registry';
import { DEFAULT_METRIC_SETTINGS, MetricSettings } from '../src/core/engine/metric-settings';
import { OutputScores, auc, hbr, subsetTable } from '../src/core/meta/heterogeneity';
import { clusterMetrics, jack, searchMetricSets } from '../src/core/meta/qarla';
import { SimilaritySpec, SimilarityTestBed, similarityTestBed } from '../src/core/meta/qarla/similarity-matrices';
import type { BenchResult } from './cases';
import { dataRoot, summEvalDocuments } from './data';

/** Ten similarities in the spirit of the DUC 2004 QARLA paper: ROUGE recalls, inverted ROUGE (Rpre), chrF, BLEU. */
export function tenSimilarities(settings: MetricSettings): SimilaritySpec[] {
  const rouge = (name: string, label: string, inverted = false): SimilaritySpec => ({ name: `${inverted ? 'Rpre' : 'R'}-${label}`, metric: metricRequest(name, settings), part: 'recall', inverted });
  return [
    rouge('rouge1', '1'),
    rouge('rouge2', '2'),
    rouge('rougeL', 'L'),
    rouge('rougeSU4', 'SU4'),
    rouge('rougeW', 'W'),
    rouge('rouge1', '1', true),
    rouge('rouge2', '2', true),
    rouge('rougeL', 'L', true),
    { name: 'chrF', metric: metricRequest('chrf', settings) },
    { name: 'sentBLEU', metric: metricRequest('sentbleu', settings) },
  ];
}

/**
 * Best and median wall time of `runs` runs of `work`, the best CPU time of this process (user + system: what the
 * work cost when other jobs share the cores), and its result.
 */
export function timed<T>(runs: number, work: () => T): { best: number; median: number; cpu: number; result: T } {
  const seconds: number[] = [];
  let cpu = Infinity;
  let result!: T;
  for (let r = 0; r < runs; r++) {
    const start = performance.now();
    const cpuStart = process.cpuUsage();
    result = work();
    const used = process.cpuUsage(cpuStart);
    seconds.push((performance.now() - start) / 1000);
    cpu = Math.min(cpu, (used.user + used.system) / 1e6);
  }
  seconds.sort((a, b) => a - b);
  return { best: seconds[0], median: seconds[Math.floor(runs / 2)], cpu, result };
}

/** The note's timing part: median wall and best CPU seconds. */
function times(t: { median: number; cpu: number }): string {
  return `median ${t.median.toFixed(3)} s, CPU ${t.cpu.toFixed(3)} s`;
}

/** Segment-level scores for the heterogeneity measures: each peer's mean similarity to the document's 11 references. */
export function meanOverModels(bed: SimilarityTestBed, human: Map<string, number>): OutputScores {
  const systems = bed.cases[0].peers;
  const k = bed.metrics.length;
  const segments = bed.cases.length;
  const scores = new Float64Array(systems.length * segments * k).fill(NaN);
  const humanScores = new Float64Array(systems.length * segments).fill(NaN);
  bed.cases.forEach((c, i) => {
    const m = c.models.length;
    c.peers.forEach((peer, p) => {
      const s = systems.indexOf(peer);
      for (let x = 0; x < k; x++) {
        let sum = 0;
        for (let j = 0; j < m; j++) sum += c.peerModel[(p * m + j) * k + x];
        scores[(s * segments + i) * k + x] = sum / m;
      }
      humanScores[s * segments + i] = human.get(`${c.id}\u0000${peer}`) ?? NaN;
    });
  });
  return { systems, segments, segmentIds: bed.cases.map((c) => c.id), metrics: bed.metrics, scores, human: humanScores };
}

/**
 * QARLA and the heterogeneity measures on SummEval (100 documents × 11 references × 16 systems): the similarity
 * matrices of 10 metrics from the engine, then the exhaustive KING search over their 1,023 subsets (the issue's
 * case), with and without the QUEEN–human correlation of each subset, the metric clustering and JACK; then HBR, the
 * subset table and AUC on each summary's mean similarity to the references.
 */
function qarlaSummEval(): BenchResult[] {
  const { shared } = dataRoot();
  const documents = summEvalDocuments();
  const cases = documents.map((d) => ({
    id: d.id,
    models: d.references.map((text, i) => ({ name: `ref${i + 1}`, text })),
    peers: d.summaries.map((s) => ({ name: s.system, text: s.summary })),
  }));
  const data = `SummEval ${documents.length} docs × 11 refs × 16 systems${shared ? '' : ' (fixtures copy)'}`;
  const cpu = `${os.cpus()[0]?.model ?? 'cpu'}, shared`;
  const pairCount = cases.reduce((s, c) => s + c.peers.length * c.models.length + c.models.length ** 2 + c.peers.length ** 2, 0);

  const similarity = timed(1, () => similarityTestBed({ cases, similarities: tenSimilarities(DEFAULT_METRIC_SETTINGS) }));
  const bed = similarity.result;

  const relevance = new Map<string, number>();
  const bySystem = new Map<string, number[]>();
  for (const d of documents) {
    for (const s of d.summaries) {
      relevance.set(`${d.id}\u0000${s.system}`, s.relevance);
      bySystem.set(s.system, [...(bySystem.get(s.system) ?? []), s.relevance]);
    }
  }
  const systems = [...bySystem.keys()];
  const human = { systems, scores: systems.map((s) => bySystem.get(s)!.reduce((a, b) => a + b, 0) / bySystem.get(s)!.length) };

  const search = timed(5, () => searchMetricSets(bed));
  const withHuman = timed(3, () => searchMetricSets(bed, { human }));
  const best = search.result.sets[0];
  const clustering = timed(3, () => clusterMetrics(bed, { clusters: 5 }));
  const jackTime = timed(3, () => jack(bed, best.metrics));

  const outputs = meanOverModels(bed, relevance);
  const hbrTime = timed(3, () => hbr(outputs));
  const table = timed(3, () => subsetTable(outputs));
  const aucTime = timed(3, () => auc(outputs));
  const orderedPairs = 2 * documents.length * ((16 * 15) / 2);

  const row = (metric: string, segments: number, seconds: number, note: string): BenchResult => ({ name: 'qarla-summeval', metric, segments, seconds, note });
  return [
    row('similarities: 10 metrics, every text pair', pairCount * 10, similarity.best, `CPU ${similarity.cpu.toFixed(1)} s; ${data}; peer–model, model–model, peer–peer pairs (${cpu})`),
    row('KING search, 1,023 subsets (best of 5)', 1023, search.best, `${times(search)}; best set ${best.metrics.join('+')} KING ${best.king.toFixed(3)}`),
    row('KING search + QUEEN–relevance r (best of 3)', 1023, withHuman.best, `${times(withHuman)}; Pearson with expert relevance per subset`),
    row('metric clustering, 10 metrics (best of 3)', 10, clustering.best, `${times(clustering)}; proximity + single KINGs + UPGMA`),
    row('JACK of the best set (best of 3)', documents.length, jackTime.best, `${times(jackTime)}; JACK ${jackTime.result.jack.toFixed(3)}`),
    row('HBR, 10 measures (best of 3)', orderedPairs, hbrTime.best, `${times(hbrTime)}; ordered pairs of summaries, H exact over all pairs`),
    row('H/R/S of 1,023 subsets (best of 3)', 1023, table.best, times(table)),
    row('AUC, 10 measures (best of 3)', orderedPairs, aucTime.best, times(aucTime)),
  ];
}

export const QARLA_CASES: Record<string, () => BenchResult[]> = {
  'qarla-summeval': qarlaSummEval,
};
