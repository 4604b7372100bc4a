import * as assert from 'node:assert/strict';
import * as path from 'path';
import { parseCorrelateArgs } from '../../src/cli/parse-correlate-args';
import { runCli } from '../../src/cli/run-cli';
import { DEFAULT_METRIC_SETTINGS } from '../../src/core/engine/metric-settings';
import { commandLineLimitation, correlateCommandLine, CorrelateCommandInput } from '../../src/core/meta/correlate-command-line';
import { CorrelationReport } from '../../src/core/meta/correlation-report';
import { resolveSettings } from '../../src/core/meta/meta-evaluation';
import { shellWords } from '../shell-words';
import { CS_EN, csEnReport } from './correlation-fixture';

function parsed(commandLine: string): Exclude<ReturnType<typeof parseCorrelateArgs>, 'help'> {
  const words = shellWords(commandLine);
  assert.deepEqual(words.slice(0, 2), ['understudy', 'correlate']);
  const result = parseCorrelateArgs(words.slice(2));
  assert.notEqual(result, 'help');
  return result as Exclude<ReturnType<typeof parseCorrelateArgs>, 'help'>;
}

const BASE: CorrelateCommandInput = {
  human: { files: [{ file: 'da/seg.csv' }, { file: 'da/sys.csv' }] },
  references: ['ref.A.en'],
  systems: ['hyp.one.en', 'hyp.two.en'],
  metrics: ['bleu', 'chrf', 'ter'],
  metricSettings: DEFAULT_METRIC_SETTINGS,
  options: {},
};

describe('the `understudy correlate` command line of a meta-evaluation', function () {
  this.timeout(120000);

  it('names only what differs from the defaults', () => {
    assert.equal(correlateCommandLine(BASE), 'understudy correlate --human da/seg.csv --human da/sys.csv --ref ref.A.en hyp.one.en hyp.two.en --metrics bleu,chrf,ter');
    const withDefaults = correlateCommandLine({ ...BASE, options: { correlations: ['pearson', 'spearman', 'kendall-b'], bootstrapSamples: 1000, seed: 12345, level: 0.95, correction: 'holm' } });
    assert.equal(withDefaults, correlateCommandLine(BASE));
  });

  it('is read back by the CLI as the same judgments, files, metrics and statistics options', () => {
    const input: CorrelateCommandInput = {
      human: {
        label: "adequacy & fluency (Liu's)",
        files: [{ file: 'my judgments/table.tsv', format: 'table', columns: { system: 'sys', item: 'seg', judge: 'rater', scores: ['adequacy', 'fluency'] }, delimiter: '\t', header: true, where: { lp: 'de-en' }, itemBase: 0, exclude: ['HUMAN*', 'ref'] }],
        combine: { aspects: ['adequacy', 'fluency'], aspectCombination: 'sum', normalization: 'z-per-judge' },
      },
      references: ['refs/ref A.txt'],
      systems: ["out/it's.txt", 'out/b.txt'],
      names: ['A', 'B'],
      metrics: ['bleu', 'ter'],
      metricSettings: { ...DEFAULT_METRIC_SETTINGS, tokenize: 'intl', lowercase: true },
      options: { correlations: ['kendall-like', 'pearson'], groupings: ['by-item'], bootstrapSamples: 200, resample: 'both', permutationSamples: 0, seed: 7, level: 0.9, correction: 'none', alpha: 0.01, orientation: 'raw', pairwiseAgreement: false },
    };
    const line = correlateCommandLine(input);
    assert.match(line, /'out\/it'\\''s\.txt'/, 'a quote in a path is quoted for the shell');
    const command = parsed(line);
    assert.deepEqual(command.references, input.references);
    assert.deepEqual(command.hypotheses, input.systems);
    assert.deepEqual(command.names, input.names);
    assert.deepEqual(command.metrics, input.metrics);
    assert.equal(command.settings.tokenize, 'intl');
    assert.equal(command.settings.lowercase, true);
    assert.equal(command.human.label, input.human.label);
    assert.deepEqual(command.human.combine, input.human.combine);
    const [file] = command.human.files;
    assert.equal(file.file, 'my judgments/table.tsv');
    assert.equal(file.format, 'table');
    assert.deepEqual(file.columns, input.human.files[0].columns);
    assert.equal(file.delimiter, '\t');
    assert.deepEqual(file.where, { lp: 'de-en' });
    assert.equal(file.itemBase, 0);
    assert.deepEqual(file.exclude, ['HUMAN*', 'ref']);
    const { includeSegments: _a, ...expected } = resolveSettings(input.options);
    const { includeSegments: _b, ...actual } = resolveSettings(command.options);
    assert.deepEqual(actual, expected);
  });

  it('says --keep-human for an empty exclusion list, and --lp for WMT17 files', () => {
    const command = parsed(correlateCommandLine({ ...BASE, human: { files: [{ file: 'DA-seglevel.csv', format: 'wmt17-seg', languagePair: 'de-en', exclude: [] }] } }));
    assert.deepEqual(command.human.files[0].exclude, []);
    assert.equal(command.human.files[0].languagePair, 'de-en');
    assert.equal(command.human.files[0].format, 'wmt17-seg');
  });

  it('tells when files carry different reading options (one set of --human options reads them all)', () => {
    assert.equal(commandLineLimitation(BASE.human), undefined);
    assert.match(commandLineLimitation({ files: [{ file: 'a.csv', format: 'wmt21-seg' }, { file: 'b.csv', format: 'wmt21-sys' }] }) ?? '', /different options/);
  });

  it('run as it is, prints the very numbers of the meta-evaluation it describes (WMT21 cs-en)', () => {
    const options = { correlations: ['pearson', 'kendall-b'] as const, bootstrapSamples: 100, permutationSamples: 100, seed: 7, level: 0.9 };
    const expected = csEnReport({ ...options, correlations: [...options.correlations] });
    const line = correlateCommandLine({
      human: { files: [{ file: CS_EN.segmentScores }, { file: CS_EN.ranking }] },
      references: [CS_EN.reference],
      systems: CS_EN.systems,
      metrics: ['bleu', 'chrf', 'ter'],
      metricSettings: DEFAULT_METRIC_SETTINGS,
      options: { ...options, correlations: [...options.correlations] },
    });
    let stdout = '';
    const code = runCli([...shellWords(line).slice(1), '--json'], { stdout: (t) => (stdout += t), stderr: () => undefined });
    assert.equal(code, 0);
    const cli = JSON.parse(stdout) as CorrelationReport;
    assert.equal(cli.signature, expected.signature);
    assert.deepEqual(cli.systemLevel, expected.systemLevel);
    assert.deepEqual(cli.comparisons, expected.comparisons);
    assert.deepEqual(cli.segmentLevel, expected.segmentLevel);
    assert.deepEqual(cli.systems.map((s) => [path.basename(s.file ?? ''), s.human, s.scores]), expected.systems.map((s) => [s.file ?? '', s.human, s.scores]));
  });
});
