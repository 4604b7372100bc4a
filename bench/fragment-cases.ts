import * as fs from 'fs';
import * as path from 'path';
import { performance } from 'perf_hooks';
import { DEFAULT_METRIC_SETTINGS } from '../src/core/engine/metric-settings';
import { runFragments } from '../src/core/meta/gap/fragment-run';
import { dataRoot } from './data';

/**
 * `understudy fragments` on SummEval (1,600 summaries, 11 references each; ../shared/data when present, else the same
 * files in test/fixtures/data): the judgments and docs parsed, every summary's ending checked, ROUGE-1/2/L scored per
 * output by the engine, the t-tests — what the panel's worker job runs.
 */
export const FRAGMENT_CASES: Record<string, () => { name: string; metric: string; segments: number; seconds: number; note: string }[]> = {
  'fragments-summeval': () => {
    const { root, shared } = dataRoot();
    const summaries = fs.readFileSync(path.join(root, 'summeval/summaries.jsonl'), 'utf8');
    const docs = fs.readFileSync(path.join(root, 'summeval/docs.jsonl'), 'utf8');
    const cpu = process.cpuUsage();
    const start = performance.now();
    const report = runFragments({
      kind: 'judgments',
      sources: { human: { files: [{ file: 'summaries.jsonl' }] }, judgmentTexts: [summaries], references: [], systems: [], docs: { file: 'docs.jsonl', text: docs } },
      metrics: ['rouge1', 'rouge2', 'rougeL'],
      settings: DEFAULT_METRIC_SETTINGS,
    });
    const seconds = (performance.now() - start) / 1000;
    const used = process.cpuUsage(cpu);
    const outputs = report.result.systems.length * report.items.length;
    return [{ name: 'fragments-summeval', metric: 'rouge1+rouge2+rougeL', segments: outputs, seconds, note: `cpu ${((used.user + used.system) / 1e6).toFixed(3)} s; ${report.outputs.length} outputs not ending complete; ${shared ? 'shared data' : 'fixtures'}` }];
  },
};
