import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { metricRequest } from '../../src/core/engine/metric-registry';
import { DEFAULT_METRIC_SETTINGS, MetricSettings } from '../../src/core/engine/metric-settings';
import { scoreSystems } from '../../src/core/engine/score-systems';
import { reportToJsonObject } from '../../src/core/report/report-json';
import { FIXTURES, loadGolden } from './golden';

/**
 * End to end through the registry and the engine, as `understudy score` runs it: the corpus P/R/F the report gives for
 * ROUGE must be the Average_R/P/F lines ROUGE-1.5.5 printed for SummEval documents 1–50 (one line per document, so
 * each line's evaluation id is its line number, as in the golden runs).
 */
const PRINTED_NAMES: Record<string, string> = {
  'ROUGE-1': 'rouge1', 'ROUGE-2': 'rouge2', 'ROUGE-3': 'rouge3', 'ROUGE-4': 'rouge4', 'ROUGE-L': 'rougeL',
  'ROUGE-W-1.2': 'rougeW', 'ROUGE-S4': 'rougeS4', 'ROUGE-SU4': 'rougeSU4', 'ROUGE-S*': 'rougeS*', 'ROUGE-SU*': 'rougeSU*',
};

function readJsonl<T>(relative: string): T[] {
  return fs.readFileSync(path.join(FIXTURES, relative), 'utf8').split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as T);
}

function settingsFor(flags: readonly string[], sentenceSplit: boolean): MetricSettings {
  const fIndex = flags.indexOf('-f');
  return {
    ...DEFAULT_METRIC_SETTINGS,
    rougeStem: flags.includes('-m'),
    rougeStopwords: flags.includes('-s'),
    rougeModelAverage: fIndex >= 0 && flags[fIndex + 1] === 'B' ? 'B' : 'A',
    rougeSentenceSplit: sentenceSplit ? 'summeval' : 'none',
  };
}

describe('engine: ROUGE-1.5.5 corpus lines on SummEval', () => {
  const docs = readJsonl<{ doc_id: string; refs11: string[] }>('data/summeval/docs.jsonl');
  const summaries = readJsonl<{ doc_id: string; system: string; summary: string }>('data/summeval/summaries.jsonl');
  const golden = loadGolden('rouge155').cases.filter((c) => /^rouge155\/summeval\/(refs11|ref1)\/(std|std_m|std_fB|std_m_s)$/.test(c.id) || /\.sentsplit\//.test(c.id));
  it('has the cases it checks', () => assert.strictEqual(golden.length, 12));
  for (const c of golden) {
    it(c.id, function () {
      this.timeout(60000);
      const [from, to] = c.inputs.doc_index_range as [number, number];
      const chosen = docs.slice(from - 1, to);
      const streams = c.id.includes('/refs11') ? chosen[0].refs11.map((_, k) => chosen.map((d) => d.refs11[k])) : [chosen.map((d) => d.refs11[0])];
      const systems = (c.inputs.systems as string[]).map((system) => ({
        file: system,
        hypotheses: chosen.map((d) => summaries.find((s) => s.doc_id === d.doc_id && s.system === system)!.summary),
      }));
      const expected = c.expected.average as Record<string, Record<string, { R: number; P: number; F: number }>>;
      const measures = Object.keys(expected[systems[0].file]).filter((name) => PRINTED_NAMES[name]);
      const settings = settingsFor(c.options.flags as string[], c.id.includes('.sentsplit/'));
      const report = reportToJsonObject(
        scoreSystems({
          references: streams.map((segments, k) => ({ file: `ref${k}`, segments })),
          systems,
          metrics: measures.map((name) => metricRequest(PRINTED_NAMES[name], settings)),
        }),
      );
      for (const [i, system] of systems.entries()) {
        for (const name of measures) {
          const got = report.systems[i].scores[PRINTED_NAMES[name]];
          const want = expected[system.file][name];
          assert.deepStrictEqual([got.r, got.p, got.f], [want.R, want.P, want.F], `${system.file} ${name}`);
        }
      }
    });
  }
});

describe('engine: jackknifing over references', () => {
  const score = (jackknife: boolean, modelAverage: 'A' | 'B') => {
    const settings = { ...DEFAULT_METRIC_SETTINGS, rougeJackknife: jackknife, rougeModelAverage: modelAverage };
    const metric = metricRequest('rouge1', settings).prepare({ streams: [['a b'], ['a c'], ['d e']] });
    return { row: metric.stats('a b', 0), signature: metric.signature() };
  };
  it('averages the leave-one-out scores: -f B recall 1 with all three models, (1/2 + 1 + 1)/3 jackknifed', () => {
    assert.strictEqual(score(false, 'B').row[0], 1);
    // Leaving out "a b" the best model is "a c" (recall 1/2); leaving out either other one, "a b" (recall 1).
    assert.ok(Math.abs(score(true, 'B').row[0] - 5 / 6) < 1e-12, String(score(true, 'B').row[0]));
    assert.match(score(true, 'B').signature, /\|jackknife:yes$/);
  });
  it('leaves -f A recall unchanged here: the pooled hits are 3/6 with all models and 1/4, 2/4, 3/4 without one', () => {
    assert.strictEqual(score(false, 'A').row[0], 0.5);
    assert.ok(Math.abs(score(true, 'A').row[0] - 0.5) < 1e-12);
  });
  it('ignores empty references: a segment with one real reference is scored against it alone', () => {
    const settings = { ...DEFAULT_METRIC_SETTINGS, rougeJackknife: true };
    const metric = metricRequest('rouge1', settings).prepare({ streams: [['a c'], [''], ['']] });
    assert.strictEqual(metric.stats('a b', 0)[0], 0.5);
  });
});
