// The command line the fragment panel shows must parse back to the run it made (`understudy fragments` refuses
// correlate-only flags, so the label and aspect combination of a manifest's human score must not appear in it).
import * as assert from 'assert';
import { parseFragmentsArgs } from '../../src/cli/fragments-command';
import { DEFAULT_METRIC_SETTINGS } from '../../src/core/engine/metric-settings';
import { fragmentsCommandLine } from '../../src/core/meta/gap/fragments-command-line';
import { shellWords } from '../shell-words';

const parse = (commandLine: string): ReturnType<typeof parseFragmentsArgs> => {
  const words = shellWords(commandLine);
  assert.deepStrictEqual(words.slice(0, 2), ['understudy', 'fragments']);
  return parseFragmentsArgs(words.slice(2));
};

describe('understudy fragments command lines (what the panel shows)', () => {
  it('a table with its columns and every option the paper leaves open parses back to the same run', () => {
    const options = { fragmentWhen: 'cut' as const, systemThreshold: 0.2, equalVariance: false, alternative: 'greater' as const, wordLimit: 100 };
    const columns = { human: ['Q1', 'responsiveness'], metrics: ['rouge 2'], text: 'summary', system: 'peer' };
    const line = fragmentsCommandLine({ kind: 'table', table: 'my outputs.tsv', columns }, options);
    assert.strictEqual(line, "understudy fragments --table 'my outputs.tsv' --human-columns Q1,responsiveness --metric-columns 'rouge 2' --system-column peer --text-column summary --fragment-when cut --system-threshold 0.2 --test welch --alternative greater --word-limit 100");
    const parsed = parse(line);
    assert.ok(parsed !== 'help');
    assert.deepStrictEqual(parsed.input, { kind: 'table', path: 'my outputs.tsv', columns });
    assert.deepStrictEqual(parsed.options, options);
  });

  it('an evaluation: judgments read as correlate reads them, aspects as measures, no label or aspect combination', () => {
    const line = fragmentsCommandLine(
      {
        kind: 'judgments',
        human: { label: 'expert relevance', files: [{ file: 'scores.tsv', format: 'table', columns: { system: 'system', item: 'item', scores: ['relevance', 'fluency'] } }], combine: { aspects: ['relevance', 'fluency'], aspectCombination: 'sum' } },
        references: ['ref.A.txt'],
        systems: ['sys.M0.txt', 'sys.M5.txt'],
        metrics: ['rouge2'],
        metricSettings: { ...DEFAULT_METRIC_SETTINGS, rougeStem: true },
      },
      {},
    );
    assert.doesNotMatch(line, /--label|--aspect-combination/);
    const parsed = parse(line);
    assert.ok(parsed !== 'help' && parsed.input.kind === 'judgments');
    assert.deepStrictEqual(parsed.input.aspects, ['relevance', 'fluency']);
    assert.deepStrictEqual(parsed.input.metrics, ['rouge2']);
    assert.deepStrictEqual(parsed.input.correlate.hypotheses, ['sys.M0.txt', 'sys.M5.txt']);
    assert.strictEqual(parsed.input.correlate.settings.rougeStem, true);
    assert.deepStrictEqual(parsed.options, {});
  });
});
