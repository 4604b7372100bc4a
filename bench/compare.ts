import * as fs from 'fs';
import * as path from 'path';
import { performance } from 'perf_hooks';
import { compareInSession } from '../src/core/compare/compare-systems';
import { EvaluationSession } from '../src/core/engine/evaluation-session';
import { metricRequest } from '../src/core/engine/metric-registry';
import { DEFAULT_METRIC_SETTINGS } from '../src/core/engine/metric-settings';
import type { BenchResult } from './cases';
import { dataRoot, readLines } from './data';

const METRICS = ['bleu', 'chrf', 'ter'];

/**
 * What "Compare With…" and the pairwise table run in the worker, timed in parts: scoring every system in one evaluation
 * session (per-line statistics and sentence scores), then the paired bootstrap (1000 resamples) and approximate
 * randomization (10000 trials) over all pairs, BLEU + chrF + TER, seed 12345, Holm's correction.
 */
function timeComparison(name: string, pair: string, systems: readonly string[], note: string): BenchResult[] {
  const { root } = dataRoot();
  const txt = path.join(root, 'wmt21-news/txt');
  const reference = readLines(path.join(txt, `references/newstest2021.${pair}.ref.A.en`));
  const outputs = systems.map((s) => readLines(path.join(txt, `system-outputs/newstest2021.${pair}.hyp.${s}.en`)));
  const start = performance.now();
  const session = new EvaluationSession([{ file: 'ref.A', segments: reference }], METRICS.map((m) => metricRequest(m, DEFAULT_METRIC_SETTINGS)));
  systems.forEach((s, i) => session.setLines(s, outputs[i]));
  const scored = performance.now();
  const named = systems.map((s) => ({ key: s, name: s }));
  const common = { seed: 12345, correction: 'holm' as const };
  const bootstrap = compareInSession(session, named, METRICS, { ...common, test: 'paired-bootstrap', samples: 1000 });
  const resampled = performance.now();
  const randomization = compareInSession(session, named, METRICS, { ...common, test: 'approximate-randomization', samples: 10000 });
  const shuffled = performance.now();
  // Keep the results alive (and check them): every pair of every metric has both p-values.
  const pairs = (systems.length * (systems.length - 1)) / 2;
  for (const metric of METRICS) {
    if (bootstrap[metric].table.comparisons.length !== pairs || randomization[metric].table.comparisons.length !== pairs) throw new Error(`${metric}: missing pairs`);
  }
  const segments = reference.length;
  const row = (metric: string, seconds: number): BenchResult => ({ name, metric, segments, seconds: seconds / 1000, note });
  return [
    row(`score ${systems.length} systems (bleu+chrf+ter)`, scored - start),
    row(`paired bootstrap 1000, ${pairs} pair${pairs === 1 ? '' : 's'}`, resampled - scored),
    row(`approx. randomization 10000, ${pairs} pair${pairs === 1 ? '' : 's'}`, shuffled - resampled),
    row('significance total', shuffled - scored),
  ];
}

/** Two WMT21 systems: the sample's cs-en pair (1000 segments), and zh-en's first two (1948) when ../shared is there. */
export function compareTwo(): BenchResult[] {
  const { root, shared } = dataRoot();
  const results = timeComparison('compare-two', 'cs-en', ['Online-B', 'Facebook-AI'], 'WMT21 cs-en Online-B vs Facebook-AI');
  if (shared) {
    const zh = zhEnSystems(root).slice(0, 2);
    results.push(...timeComparison('compare-two', 'zh-en', zh, `WMT21 zh-en ${zh.join(' vs ')}`));
  }
  return results;
}

function zhEnSystems(root: string): string[] {
  return fs
    .readdirSync(path.join(root, 'wmt21-news/txt/system-outputs'))
    .map((f) => /^newstest2021\.zh-en\.hyp\.(.+)\.en$/.exec(f)?.[1])
    .filter((s): s is string => s !== undefined)
    .sort();
}

/** The pairwise table of the WMT21 zh-en systems (23, 253 pairs); de-en's fixture systems when ../shared is absent. */
export function comparePairwise(): BenchResult[] {
  const { root, shared } = dataRoot();
  if (shared) {
    const systems = zhEnSystems(root);
    return timeComparison('compare-pairwise', 'zh-en', systems, `WMT21 zh-en, all ${systems.length} systems`);
  }
  const systems = fs
    .readdirSync(path.join(root, 'wmt21-news/txt/system-outputs'))
    .map((f) => /^newstest2021\.de-en\.hyp\.(.+)\.en$/.exec(f)?.[1])
    .filter((s): s is string => s !== undefined)
    .sort();
  return timeComparison('compare-pairwise', 'de-en', systems, `WMT21 de-en fixtures, ${systems.length} systems (../shared/data absent: no zh-en)`);
}
