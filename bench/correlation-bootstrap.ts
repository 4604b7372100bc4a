import * as fs from 'fs';
import * as path from 'path';
import { performance } from 'perf_hooks';
import { EvaluationSession } from '../src/core/engine/evaluation-session';
import { metricRequest } from '../src/core/engine/metric-registry';
import { DEFAULT_METRIC_SETTINGS } from '../src/core/engine/metric-settings';
import { combineJudgments } from '../src/core/meta/judgments/combine-judgments';
import { readJudgmentFiles } from '../src/core/meta/judgments/read-judgments';
import { StatsBootstrapMetric, statsBootstrap } from '../src/core/meta/stats-bootstrap';
import { describeMetric } from '../src/core/engine/metric-descriptions';
import type { BenchResult } from './cases';
import { dataRoot, readLines } from './data';

const METRICS = ['bleu', 'chrf', 'chrf++', 'ter', 'nist'];

/**
 * System-level bootstrap intervals (1,000 samples, Pearson and Kendall τ-b) of 5 metrics over WMT21 zh-en:
 * 1,948 segments × 23 DA-ranked systems (../shared/data; without it, cs-en from the fixtures: 1,000 × 8). Scoring
 * (stats of every segment) is timed apart; the bootstrap row is the resampling alone — segment draws, re-summed
 * statistics, corpus scores from the sums, human means, correlations — best of 5 runs, wall and CPU time.
 */
export function correlationBootstrap(): BenchResult[] {
  const { root, shared } = dataRoot();
  const pair = shared ? 'zh-en' : 'cs-en';
  const humaneval = path.join(root, 'wmt21-news/humaneval/newstest2021-toen');
  const names = readLines(path.join(humaneval, `ad-sys-ranking-${pair}-z-names.csv`)).map((l) => l.trim().split(/\s+/)[5]).filter((n) => n !== 'HUMAN');
  const reference = readLines(path.join(root, `wmt21-news/txt/references/newstest2021.${pair}.ref.A.en`));
  const scoreStart = performance.now();
  const session = new EvaluationSession([{ file: 'ref.A', segments: reference }], METRICS.map((m) => metricRequest(m, DEFAULT_METRIC_SETTINGS)));
  for (const name of names) session.setLines(name, readLines(path.join(root, `wmt21-news/txt/system-outputs/newstest2021.${pair}.hyp.${name}.en`)));
  const scoring = (performance.now() - scoreStart) / 1000;

  const segmentFile = `ad-seg-scores-${pair}.csv`;
  const human = combineJudgments(readJudgmentFiles([{ spec: { file: segmentFile }, text: fs.readFileSync(path.join(humaneval, segmentFile), 'utf8') }]));
  const items = reference.length;
  const humanArrays = names.map((name) => {
    const values = new Float64Array(items).fill(NaN);
    for (const [item, value] of human.segments.get(name) ?? []) values[Number(item) - 1] = value;
    return values;
  });
  const metrics: StatsBootstrapMetric[] = METRICS.map((name) => {
    const score = session.corpusScoreOf(name)!;
    const width = session.rows(names[0], name)![0].length;
    return {
      name,
      width,
      stats: names.map((system) => {
        const packed = new Float64Array(items * width);
        session.rows(system, name)!.forEach((row, i) => packed.set(row, i * width));
        return packed;
      }),
      score: (totals, count) => score(totals, count).score,
      sign: describeMetric(name).higherIsBetter ? 1 : -1,
    };
  });
  const note = `WMT21 ${pair}, ${items} segments × ${names.length} systems, ${METRICS.join('/')}; pearson + kendall-b`;
  const rows: BenchResult[] = [{ name: 'correlation-bootstrap', metric: `scoring (stats, ${METRICS.length} metrics)`, segments: items * names.length, seconds: scoring, note }];
  for (const engine of ['auto', 'js'] as const) {
    const walls: number[] = [];
    const cpus: number[] = [];
    for (let run = 0; run < 5; run++) {
      const cpu = process.cpuUsage();
      const start = performance.now();
      statsBootstrap({ items, metrics, human: humanArrays, correlations: ['pearson', 'kendall-b'], samples: 1000, seed: 12345, engine });
      walls.push((performance.now() - start) / 1000);
      cpus.push(process.cpuUsage(cpu).user / 1e6);
    }
    const sorted = (v: number[]) => [...v].sort((a, b) => a - b);
    const [wall, cpu] = [sorted(walls), sorted(cpus)];
    rows.push({
      name: 'correlation-bootstrap',
      metric: `1,000 bootstrap samples (${engine === 'auto' ? 'WebAssembly SIMD' : 'plain JS'})`,
      segments: items * names.length,
      seconds: wall[0],
      note: `best of 5; median wall ${wall[2].toFixed(3)} s, CPU best ${cpu[0].toFixed(3)} s / median ${cpu[2].toFixed(3)} s; ${note}`,
    });
  }
  return rows;
}
