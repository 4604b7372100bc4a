// The numbers the data-condition panel receives (the worker's conditionsFromSources on an evaluation's texts and
// judgments, as the correlation panel reads them) are `understudy conditions --json`'s on the same files and options;
// its command line, run, prints them; its tables are the result's numbers.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { runCli } from '../../src/cli/run-cli';
import { DEFAULT_METRIC_SETTINGS } from '../../src/core/engine/metric-settings';
import { UnderstudyError } from '../../src/core/errors';
import { ConditionRunReport, conditionsFromSources } from '../../src/core/meta/conditions/condition-sources';
import { conditionsCommandLine, conditionsHumanTable } from '../../src/core/meta/conditions/conditions-command-line';
import { conditionTable, formatConditionCell } from '../../src/core/meta/conditions/condition-tables';
import type { DataConditionResult } from '../../src/core/meta/conditions/data-conditions';
import { ScoringCancelled } from '../../src/core/engine/score-systems';
import { HumanScoreSpec } from '../../src/core/meta/judgments/human-judgments';
import { formatCorrelationTable } from '../../src/core/report/correlation-tables';
import { shellWords } from '../shell-words';
import { FIXTURES } from './golden';

const DIR = path.join(FIXTURES, 'conditions-summeval');
const manifest = JSON.parse(fs.readFileSync(path.join(DIR, 'understudy.json'), 'utf8')) as { references: string[]; humanJudgments: HumanScoreSpec };
const REFS = manifest.references;
const SYSTEMS = fs.readdirSync(DIR).filter((f) => /^sys\..*\.txt$/.test(f)).sort();
const lines = (file: string): string[] => fs.readFileSync(path.join(DIR, file), 'utf8').replace(/\n$/, '').split('\n');
const human = manifest.humanJudgments;

function sources(): Parameters<typeof conditionsFromSources>[0] {
  return {
    human,
    judgmentTexts: human.files.map((f) => fs.readFileSync(path.join(DIR, f.file), 'utf8')),
    references: REFS.map((file) => ({ file, segments: lines(file) })),
    systems: SYSTEMS.map((file) => ({ file, hypotheses: lines(file) })),
  };
}

/** `understudy conditions … --json` run from the fixture folder. */
function cli(argv: string[]): DataConditionResult {
  let stdout = '';
  let stderr = '';
  const cwd = process.cwd();
  process.chdir(DIR);
  try {
    const code = runCli([...argv, '--json'], { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
    assert.strictEqual(code, 0, stderr);
  } finally {
    process.chdir(cwd);
  }
  return JSON.parse(stdout) as DataConditionResult;
}

/** Everything numeric the panel draws and tabulates (system names differ: the CLI names files, the panel systems). */
const numbers = (r: DataConditionResult): unknown => ({ metrics: r.metrics, rows: r.rows, humanPairs: r.humanPairs, options: r.options, signature: r.signature, items: r.items, references: r.references });

describe('data-condition panel numbers', function () {
  this.timeout(60000);
  const metrics = ['rouge1', 'rouge2'];
  const settings = { ...DEFAULT_METRIC_SETTINGS, rougeStem: true };

  it('references axis: the worker path equals understudy conditions --json, and its own command line reproduces it', () => {
    const options = { axis: 'references' as const, repetitions: 120, seed: 7 };
    const panel = conditionsFromSources(sources(), metrics, settings, options);
    const { commandLine, commandNote } = conditionsCommandLine({ human, references: REFS, systems: SYSTEMS, metrics, metricSettings: settings, options });
    assert.strictEqual(commandNote, undefined);
    assert.strictEqual(commandLine, `understudy conditions --human relevance.tsv ${REFS.map((r) => `--ref ${r}`).join(' ')} ${SYSTEMS.join(' ')} --metrics rouge1,rouge2 --rouge-stem --repetitions 120 --seed 7`);
    const shown = cli(shellWords(commandLine).slice(1));
    assert.deepStrictEqual(numbers(panel.result), numbers(shown));
    assert.deepStrictEqual(panel.result.systems, ['M0', 'M11', 'M17', 'M23', 'M5', 'M8']);
    assert.strictEqual(panel.result.metrics[0].points.at(-1)!.label, '4 (actual)');
    assert.deepStrictEqual(panel.leftOut, []);
  });

  it('items axis with sizes, Spearman, same items, Holm, no bootstrap: the same numbers as the CLI', () => {
    const options = { axis: 'items' as const, repetitions: 50, seed: 3, sizes: [2, 5, 9], correlation: 'spearman' as const, humanTarget: 'same-items' as const, pairwiseCorrection: 'holm' as const, bootstrap: false, alpha: 0.1 };
    const panel = conditionsFromSources(sources(), metrics, settings, options);
    const { commandLine } = conditionsCommandLine({ human, references: REFS, systems: SYSTEMS, metrics, metricSettings: settings, options });
    assert.match(commandLine, / --axis items --repetitions 50 --seed 3 --sizes 2,5,9 --correlation spearman --human-target same-items --no-bootstrap --correction holm --alpha 0.1$/);
    const shown = cli(shellWords(commandLine).slice(1));
    assert.deepStrictEqual(numbers(panel.result), numbers(shown));
    assert.ok(panel.result.humanPairs && panel.result.humanPairs.length === 4);
  });

  it('tables carry the result’s numbers and print cells as the CLI does', () => {
    const { result } = conditionsFromSources(sources(), ['rouge2'], settings, { axis: 'references', repetitions: 30 });
    const curve = conditionTable(result, { table: 'curve', metric: 'rouge2' })!;
    const points = result.metrics[0].points;
    assert.deepStrictEqual(curve.rows.map((r) => r[0]), points.map((p) => p.label));
    assert.deepStrictEqual(curve.rows.map((r) => r[2]), points.map((p) => p.correlation.mean));
    assert.strictEqual(formatConditionCell(curve.columns[4], curve.rows[0][4]), `${points[0].correlation.lower!.toFixed(3)}…${points[0].correlation.upper!.toFixed(3)}`);
    const csv = formatCorrelationTable(curve, 'csv').split('\r\n');
    assert.strictEqual(csv[0], 'size,subsets,mean,sd,95% band lower,95% band upper,p,marks,sig pairs,same pairs');
    assert.strictEqual(csv[1].split(',')[2], String(points[0].correlation.mean));
    assert.match(formatCorrelationTable(curve, 'latex'), /\\begin\{tabular\}/);
    assert.strictEqual(conditionTable(result, { table: 'curve', metric: 'nope' }), undefined);
    assert.deepStrictEqual(conditionTable(result, { table: 'anova' })!.rows, [['rouge2', result.metrics[0].anova.f, result.metrics[0].anova.dfBetween, result.metrics[0].anova.dfWithin, result.metrics[0].anova.pvalue]]);
  });

  it('cancels between steps, reports progress by stage, and says clearly what is wrong', () => {
    const stages = new Set<string>();
    let polls = 0;
    assert.throws(() => conditionsFromSources(sources(), metrics, settings, { axis: 'references', repetitions: 200 }, {
      onProgress: (stage) => stages.add(stage),
      isCancelled: () => ++polls > 4,
    }), ScoringCancelled);
    assert.ok(stages.has('scoring'));
    const report: ConditionRunReport = conditionsFromSources(sources(), ['rouge1'], settings, { axis: 'references', repetitions: 20 }, { onProgress: (stage) => stages.add(stage) });
    assert.ok(stages.has('subsets') && report.result.metrics.length === 1);
    const few = { ...sources(), systems: sources().systems.slice(0, 2) };
    assert.throws(() => conditionsFromSources(few, metrics, settings, { axis: 'references' }), (e: unknown) => e instanceof UnderstudyError && /at least 3 are needed/.test(e.message));
    assert.throws(() => conditionsFromSources(sources(), metrics, settings, { axis: 'references', sizes: [9] }), (e: unknown) => e instanceof UnderstudyError && /Size 9 is out of range/.test(e.message));
  });

  it('the command line notes when the CLI cannot read the judgments as the panel did', () => {
    assert.deepStrictEqual(conditionsHumanTable(human), { file: 'relevance.tsv', column: 'score' });
    const wmt: HumanScoreSpec = { files: [{ file: 'da-seg.cs-en.csv', format: 'wmt21-seg' }] };
    assert.ok('reason' in conditionsHumanTable(wmt));
    const { commandLine, commandNote } = conditionsCommandLine({ human: wmt, references: ['ref.A.en'], systems: ['a', 'b', 'c'], metrics: ['bleu'], metricSettings: DEFAULT_METRIC_SETTINGS, options: { axis: 'references' } });
    assert.match(commandLine, /^understudy conditions --human da-seg.cs-en.csv --ref ref.A.en a b c --metrics bleu$/);
    assert.match(commandNote ?? '', /reads one table with columns system, item and a score; here da-seg.cs-en.csv is read as wmt21-seg/);
    const other = { ...human, files: [{ ...human.files[0], columns: { system: 'system', item: 'item', scores: ['relevance'] } }] };
    assert.match(conditionsCommandLine({ human: other, references: REFS, systems: SYSTEMS, metrics, metricSettings: DEFAULT_METRIC_SETTINGS, options: { axis: 'references' } }).commandLine, /--human relevance.tsv --human-column relevance /);
  });
});
