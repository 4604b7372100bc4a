import { performance } from 'perf_hooks';
import { DEFAULT_METRIC_SETTINGS, MetricSettings } from '../src/core/engine/metric-settings';
import { metricRequest } from '../src/core/engine/metric-registry';
import { ConditionData, ConditionMetric } from '../src/core/meta/conditions/condition-data';
import { dataConditions } from '../src/core/meta/conditions/data-conditions';
import { conditionMetricFromEngine } from '../src/core/meta/conditions/engine-statistics';
import { roseSearch } from '../src/core/meta/rose/rose-search';
import { summEvalTable, systemMeans, wmt21Table } from './meta-data';

interface BenchRow {
  name: string;
  metric: string;
  segments: number;
  seconds: number;
  note: string;
}

const ROUGE_SETTINGS: MetricSettings = { ...DEFAULT_METRIC_SETTINGS, rougeStem: true };

function seconds<T>(run: () => T): { value: T; seconds: number; cpu: number } {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const value = run();
  const used = process.cpuUsage(cpu);
  return { value, seconds: (performance.now() - start) / 1000, cpu: (used.user + used.system) / 1e6 };
}

/** ROUGE-1/2/L/SU4 (stemmed, -f A) per (system, document, reference) on SummEval: the statistics the resampling sums. */
function summEvalConditionData(metrics: readonly string[]): { data: ConditionData; prepSeconds: number } {
  const table = summEvalTable();
  const prep = seconds(() =>
    metrics.map((name): ConditionMetric =>
      conditionMetricFromEngine({ name, prepare: metricRequest(name, ROUGE_SETTINGS).prepare, references: table.references, hypotheses: table.hypotheses }),
    ),
  );
  const S = table.systems.length;
  const D = table.documents.length;
  return {
    data: {
      systems: table.systems,
      items: D,
      human: { name: 'relevance (expert mean)', system: systemMeans(table.human.relevance, S, D), items: table.human.relevance },
      metrics: prep.value,
    },
    prepSeconds: prep.seconds,
  };
}

function conditionsSummEval(): BenchRow[] {
  const names = ['rouge1', 'rouge2', 'rougeL', 'rougeSU4'];
  const { data, prepSeconds } = summEvalConditionData(names);
  const refs = seconds(() => dataConditions(data, { axis: 'references', repetitions: 1000 }));
  const items = seconds(() => dataConditions(data, { axis: 'items', repetitions: 1000 }));
  const refRows = refs.value.options.sizes.length;
  const itemRows = items.value.options.sizes.length;
  const mean = (axis: typeof refs.value, label: string): string => {
    const point = axis.metrics[1].points.find((p) => p.label === label);
    return point?.correlation.mean?.toFixed(4) ?? '-';
  };
  return [
    {
      name: 'conditions-summeval', metric: names.join('+'), segments: 16 * 100 * 11, seconds: prepSeconds,
      note: 'preparation: each system scored against all 11 references and against each one alone (ROUGE-1.5.5 -m)',
    },
    {
      name: 'conditions-summeval', metric: 'references axis', segments: 16 * 100, seconds: refs.seconds,
      note: `cpu ${refs.cpu.toFixed(2)} s; ${refRows} sizes × 1,000 + 1,000 bootstrap, 4 metrics, pair tests on; ROUGE-2 r at 1 ref ${mean(refs.value, '1')}, 11 refs ${mean(refs.value, '11 (actual)')}`,
    },
    {
      name: 'conditions-summeval', metric: 'items axis', segments: 16 * 100, seconds: items.seconds,
      note: `cpu ${items.cpu.toFixed(2)} s; ${itemRows} sizes × 1,000 + 1,000 bootstrap, 4 metrics, pair tests on (metric and human); ROUGE-2 r at 1 doc ${mean(items.value, '1')}, 100 docs ${mean(items.value, '100 (actual)')}`,
    },
  ];
}

function conditionsWmt21(): BenchRow[] {
  const table = wmt21Table('cs-en');
  const names = ['bleu', 'chrf', 'ter'];
  const prep = seconds(() =>
    names.map((name) => conditionMetricFromEngine({ name, prepare: metricRequest(name, DEFAULT_METRIC_SETTINGS).prepare, references: table.references, hypotheses: table.hypotheses })),
  );
  const S = table.systems.length;
  const N = table.references[0].length;
  const data: ConditionData = { systems: table.systems, items: N, human: { name: 'DA z', system: table.systemZ, items: table.z }, metrics: prep.value };
  const refs = seconds(() => dataConditions(data, { axis: 'references', repetitions: 1000 }));
  const items = seconds(() => dataConditions(data, { axis: 'items', repetitions: 1000 }));
  const modes = prep.value.map((m) => `${m.name} ${m.references?.mode}`).join(', ');
  return [
    { name: 'conditions-wmt21', metric: names.join('+'), segments: S * N, seconds: prep.seconds, note: `preparation (refs A+B; ${modes})` },
    { name: 'conditions-wmt21', metric: 'references axis', segments: S * N, seconds: refs.seconds, note: `cpu ${refs.cpu.toFixed(2)} s; 1 ref × 1,000 + 1,000 bootstrap, 3 metrics, pair tests on` },
    { name: 'conditions-wmt21', metric: 'items axis', segments: S * N, seconds: items.seconds, note: `cpu ${items.cpu.toFixed(2)} s; ${items.value.options.sizes.length} sizes × 1,000 + 1,000 bootstrap (segments as items)` },
  ];
}

/** Eight SummEval metrics at system level (16 systems) and summary level (1,600 summaries), all 255 subsets × 4,000 splits. */
function roseSummEval(): BenchRow[] {
  const table = summEvalTable();
  const names = ['rouge1', 'rouge2', 'rouge3', 'rouge4', 'rougeL', 'rougeW', 'rougeSU4', 'chrf'];
  const S = table.systems.length;
  const D = table.documents.length;
  const prep = seconds(() =>
    names.map((name) => {
      const metric = metricRequest(name, ROUGE_SETTINGS).prepare({ streams: table.references });
      const scores = new Float64Array(S * D);
      for (let s = 0; s < S; s++) for (let d = 0; d < D; d++) scores[s * D + d] = metric.sentenceScore(metric.stats(table.hypotheses[s][d], d)).score;
      return scores;
    }),
  );
  const human = table.human.relevance;
  const systemLevel = seconds(() =>
    roseSearch({ metrics: names, predictors: prep.value.map((m) => systemMeans(m, S, D)), target: systemMeans(human, S, D), units: table.systems }, { trials: 4000 }),
  );
  const summaryLevel = seconds(() => roseSearch({ metrics: names, predictors: prep.value, target: human }, { trials: 4000 }));
  const describe = (r: typeof systemLevel.value): string => `best ${r.best.metrics.join('+')} ${r.best.medianSignificant?.toFixed(3)} vs single ${r.bestSingle.metrics[0]} ${r.bestSingle.medianSignificant?.toFixed(3)}`;
  return [
    { name: 'rose-summeval', metric: '8 metrics, system level', segments: 255 * 4000, seconds: systemLevel.seconds, note: `cpu ${systemLevel.cpu.toFixed(2)} s; 16 systems, test 4; ${describe(systemLevel.value)}` },
    { name: 'rose-summeval', metric: '8 metrics, summary level', segments: 255 * 4000, seconds: summaryLevel.seconds, note: `cpu ${summaryLevel.cpu.toFixed(2)} s; 1,600 summaries, test 400; ${describe(summaryLevel.value)}` },
  ];
}

export const META_CASES: Record<string, () => BenchRow[]> = {
  'conditions-summeval': conditionsSummEval,
  'conditions-wmt21': conditionsWmt21,
  'rose-summeval': roseSummEval,
};
