import * as assert from 'node:assert/strict';
import * as path from 'path';
import { FIXTURES, readDataLines } from './golden';
import { parseCompareArgs } from '../../src/cli/compare-command';
import { runCli } from '../../src/cli/run-cli';
import { compareCommandLine } from '../../src/core/compare/command-line';
import { ComparisonReport } from '../../src/core/compare/comparison-report';
import { metricRequest } from '../../src/core/engine/metric-registry';
import { DEFAULT_METRIC_SETTINGS, MetricSettings } from '../../src/core/engine/metric-settings';
import { approximateRandomization } from '../../src/core/significance/approximate-randomization';
import { pairwiseTable } from '../../src/core/significance/pairwise-table';
import { hasIntegerStatistics, pairwiseApproximateRandomization } from '../../src/core/significance/pairwise-randomization';
import { corpusScoreOf, packRows } from '../../src/core/significance/resampling-input';

/*
 * sacreBLEU 2.6.0 on WMT21 cs-en (reference A, seed 12345, baseline Online-B), as recorded in
 * significance-wmt21.test.ts where the commands are listed:
 *   --paired-bs: Facebook-AI p = 0.0649 (65/1001); --paired-ar: Facebook-AI p = 0.1342 (1342/10001 … printed 0.1342),
 *   chrF AR: Facebook-AI 0.0211978802119788, chrF bootstrap 0.0080; TER AR 0.0644935506449355, TER bootstrap 0.0410.
 */
const DATA = path.join(FIXTURES, 'data/wmt21-news/txt');
const REF = path.join(DATA, 'references/newstest2021.cs-en.ref.A.en');
const hyp = (system: string): string => path.join(DATA, `system-outputs/newstest2021.cs-en.hyp.${system}.en`);

function cli(args: string[]): { status: number; stdout: string; stderr: string } {
  let stdout = '';
  let stderr = '';
  const status = runCli(args, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { status, stdout, stderr };
}

describe('compare: significance of differences between systems', function () {
  this.timeout(180000);

  describe('all pairs at once (one pass over the shuffles)', () => {
    it('gives every pair exactly the p-value of the pair-by-pair test (WMT21 cs-en, BLEU and TER, 4 systems)', () => {
      const reference = readDataLines('data/wmt21-news/txt/references/newstest2021.cs-en.ref.A.en');
      const systems = ['Online-B', 'Facebook-AI', 'Online-W', 'CUNI-DocTransformer'];
      for (const name of ['bleu', 'ter']) {
        const metric = metricRequest(name, DEFAULT_METRIC_SETTINGS).prepare({ streams: [reference] });
        const rows = systems.map((s) => readDataLines(`data/wmt21-news/txt/system-outputs/newstest2021.cs-en.hyp.${s}.en`).map((h, i) => metric.stats(h, i)));
        const score = corpusScoreOf(metric);
        const matrices = rows.map((r) => packRows(r));
        assert.ok(matrices.every(hasIntegerStatistics), `${name} statistics are integer counts`);
        const together = pairwiseApproximateRandomization(matrices, score, 2000, 12345);
        let n = 0;
        for (let i = 0; i < systems.length; i++) {
          for (let j = i + 1; j < systems.length; j++, n++) {
            const single = approximateRandomization(rows[i], rows[j], score, { trials: 2000, seed: 12345 });
            assert.deepEqual(together[n], single, `${name} ${systems[i]} vs ${systems[j]}`);
          }
        }
      }
    });

    it('counts ties when asked, like the pair-by-pair test, and the table falls back to it for fractional statistics', () => {
      const integer = [
        [Float64Array.of(1, 2), Float64Array.of(0, 2), Float64Array.of(2, 2)],
        [Float64Array.of(1, 2), Float64Array.of(1, 2), Float64Array.of(2, 2)],
        [Float64Array.of(0, 2), Float64Array.of(0, 2), Float64Array.of(1, 2)],
      ];
      const score = (t: Float64Array): number => t[0] / t[1];
      const together = pairwiseApproximateRandomization(integer.map((r) => packRows(r)), score, 500, 7, { countTies: true });
      assert.deepEqual(together[0], approximateRandomization(integer[0], integer[1], score, { trials: 500, seed: 7, countTies: true }));
      // Halves: not integer, so even a table of four systems tests pair by pair (same numbers by construction).
      const fractional = [...integer, integer[0].map((row) => row.map((v) => 2 - v))].map((rows) => rows.map((row) => row.map((v) => v + 0.5)));
      assert.equal(hasIntegerStatistics(packRows(fractional[0])), false);
      const table = pairwiseTable(fractional.map((rows, i) => ({ name: String(i), rows })), score, { test: 'approximate-randomization', samples: 300, seed: 3 }, 'none');
      assert.equal(table.comparisons.length, 6);
      assert.equal(table.comparisons[1].pValue, approximateRandomization(fractional[0], fractional[2], score, { trials: 300, seed: 3 }).pValue);
      // With integer statistics the same table takes the one-pass route, and agrees with the pair-by-pair test.
      const integers = [...integer, integer[0].map((row) => row.map((v) => 2 - v))];
      const fast = pairwiseTable(integers.map((rows, i) => ({ name: String(i), rows })), score, { test: 'approximate-randomization', samples: 300, seed: 3 }, 'none');
      fast.comparisons.forEach((c) => assert.deepEqual(c.randomization, approximateRandomization(integers[c.baseline], integers[c.system], score, { trials: 300, seed: 3 })));
    });
  });

  describe('understudy compare', () => {
    let report: ComparisonReport;

    before(() => {
      const { status, stdout, stderr } = cli(['compare', '--ref', REF, hyp('Online-B'), hyp('Facebook-AI'), '--json']);
      assert.equal(status, 0, stderr);
      report = JSON.parse(stdout) as ComparisonReport;
    });

    it('prints sacreBLEU’s paired bootstrap and approximate randomization p-values for BLEU, chrF and TER', () => {
      const byMetric = Object.fromEntries(report.metrics.map((m) => [m.metric, m.pairs[0]]));
      assert.deepEqual(report.metrics.map((m) => m.metric), ['bleu', 'chrf', 'ter']);
      assert.equal(byMetric.bleu.bootstrap?.pValue, 0.06493506493506493);
      assert.equal(byMetric.bleu.randomization?.pValue, 0.1341865813418658);
      assert.equal(byMetric.chrf.randomization?.pValue, 0.0211978802119788);
      assert.equal(byMetric.chrf.bootstrap?.pValue.toFixed(4), '0.0080');
      assert.equal(byMetric.ter.randomization?.pValue, 0.0644935506449355);
      assert.equal(byMetric.ter.bootstrap?.pValue.toFixed(4), '0.0410');
      assert.equal(report.metrics[0].scores[1] - report.metrics[0].scores[0], byMetric.bleu.delta);
      assert.equal(report.metrics[0].scores[0], 31.694103194276334, 'Online-B BLEU, sacreBLEU’s');
    });

    it('two systems: no correction changes the p-value; the settings, signatures and line counts are in the report', () => {
      for (const metric of report.metrics) {
        const pair = metric.pairs[0];
        assert.equal(pair.bootstrap?.adjustedPValue, pair.bootstrap?.pValue);
        assert.equal(pair.randomization?.adjustedPValue, pair.randomization?.pValue);
        const { better, worse, equal, incomparable } = pair.lines;
        assert.equal(better + worse + equal + incomparable, 1000);
        assert.ok(pair.bootstrap && pair.bootstrap.deltaLower <= pair.bootstrap.deltaMean && pair.bootstrap.deltaMean <= pair.bootstrap.deltaUpper);
      }
      assert.deepEqual(report.settings, { seed: 12345, bootstrapSamples: 1000, randomizationTrials: 10000, correction: 'holm', alpha: 0.05, tests: ['paired-bootstrap', 'approximate-randomization'] });
      assert.equal(report.metrics[0].signature, 'nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:2.6.0');
      // TER: fewer edits is better, so "B better" counts lines where B's TER is lower.
      assert.equal(report.metrics[2].higherIsBetter, false);
    });

    it('the text output shows the same four-decimal p-values, with * below the level', () => {
      const { stdout } = cli(['compare', '--ref', REF, hyp('Online-B'), hyp('Facebook-AI'), '--metrics', 'bleu,chrf']);
      const bleu = stdout.split('\n').find((l) => l.startsWith('bleu '));
      const chrf = stdout.split('\n').find((l) => l.startsWith('chrf '));
      assert.match(bleu ?? '', /31\.69\s+31\.10\s+-0\.60\s+\[-1\.\d\d, \+0\.\d\d\]\s+0\.0649\s+0\.1342\s/);
      assert.match(chrf ?? '', /\s0\.0080\*\s+0\.0212\*\s/);
      assert.match(stdout, /paired bootstrap 1000 samples · approximate randomization 10000 trials · seed 12345/);
    });

    it('more than two systems: every pair, Holm-corrected by default, Bonferroni on request', () => {
      const systems = [hyp('Online-B'), hyp('Facebook-AI'), hyp('Online-W')];
      const holm = JSON.parse(cli(['compare', '--ref', REF, ...systems, '--metrics', 'bleu', '--paired-ar', '--paired-ar-n', '2000', '--json']).stdout) as ComparisonReport;
      const bonferroni = JSON.parse(cli(['compare', '--ref', REF, ...systems, '--metrics', 'bleu', '--paired-ar', '--paired-ar-n', '2000', '--correction', 'bonferroni', '--json']).stdout) as ComparisonReport;
      const pairs = holm.metrics[0].pairs;
      assert.deepEqual(pairs.map((p) => [p.baseline, p.system]), [[0, 1], [0, 2], [1, 2]]);
      assert.ok(pairs.every((p) => p.bootstrap === undefined && p.randomization !== undefined));
      const raw = pairs.map((p) => p.randomization?.pValue ?? NaN);
      assert.deepEqual(bonferroni.metrics[0].pairs.map((p) => p.randomization?.adjustedPValue), raw.map((p) => Math.min(1, 3 * p)));
      // Holm: the smallest p times 3, the next times 2, the largest as is (kept monotone).
      const order = raw.map((_, i) => i).sort((x, y) => raw[x] - raw[y]);
      const expected: number[] = [];
      let running = 0;
      order.forEach((i, rank) => {
        running = Math.max(running, Math.min(1, (3 - rank) * raw[i]));
        expected[i] = running;
      });
      assert.deepEqual(pairs.map((p) => p.randomization?.adjustedPValue), expected);
    });

    it('--sentence prints each line’s scores and difference', () => {
      const { stdout } = cli(['compare', '--ref', REF, hyp('Online-B'), hyp('Facebook-AI'), '--metrics', 'chrf', '--paired-bs', '--paired-bs-n', '10', '--sentence']);
      const table = stdout.slice(stdout.indexOf('line\tchrf A'));
      const rows = table.trim().split('\n');
      assert.equal(rows.length, 1001);
      const [line, a, b, delta] = rows[1].split('\t').map(Number);
      assert.equal(line, 1);
      assert.equal(delta, b - a);
    });

    it('says what is wrong with a bad command line (exit status 2)', () => {
      const cases: [string[], RegExp][] = [
        [['compare', '--ref', REF, hyp('Online-B')], /at least two system outputs/],
        [['compare', '--ref', REF, hyp('Online-B'), hyp('Facebook-AI'), '--tsv'], /--tsv is not an output/],
        [['compare', '--ref', REF, hyp('Online-B'), hyp('Facebook-AI'), '--correction', 'sidak'], /--correction sidak: expected one of holm, bonferroni, none/],
        [['compare', '--ref', REF, hyp('Online-B'), hyp('Facebook-AI'), '--paired-ar-n', '0'], /--paired-ar-n 0: expected a positive integer/],
        [['compare', '--ref', REF, hyp('Online-B'), hyp('Facebook-AI'), hyp('Online-W'), '--sentence'], /exactly two/],
        [['compare', '--ref', REF, hyp('Online-B'), hyp('Facebook-AI'), '--seed=-1'], /--seed -1: expected a non-negative integer/],
        [['compare', '--ref', REF, hyp('Online-B'), hyp('Facebook-AI'), '--seed', '1.5'], /--seed 1\.5: expected a non-negative integer/],
      ];
      for (const [args, message] of cases) {
        const { status, stderr } = cli(args);
        assert.equal(status, 2, args.join(' '));
        assert.match(stderr, message);
      }
      assert.equal(cli(['compare', '--help']).status, 0);
    });

    it('a file with a missing line is not compared (exit status 1) and the message names both files', () => {
      const { status, stderr } = cli(['compare', '--ref', REF, hyp('Online-B'), path.join(FIXTURES, 'golden/README.md')]);
      assert.equal(status, 1);
      assert.match(stderr, /README\.md has \d+ lines, reference .*ref\.A\.en has 1000/);
    });
  });

  describe('the command line the views show', () => {
    it('parses back to the same metric settings and test settings', () => {
      const settings: MetricSettings = { ...DEFAULT_METRIC_SETTINGS, tokenize: 'intl', lowercase: true, smooth: 'floor', smoothValue: 0.1, chrfCharOrder: 4, terNormalized: true, rougeLengthWords: 100, errorRateReferenceLength: 'average',
        meteorModules: ['exact', 'stem'], meteorWeights: [1, 0.5], meteorParameters: [0.9, 0.2, 0.6, 0.75], meteorNormalize: 'lower', meteorBeamSize: 20,
        depBeta: 2, depevalJackknife: false, beStem: false, hwcmDepth: 3, dpHwcItems: 'relation' };
      const comparison = { seed: 7, bootstrapSamples: 200, randomizationTrials: 500, correction: 'bonferroni' as const, alpha: 0.01, tests: ['paired-bootstrap' as const, 'approximate-randomization' as const] };
      const line = compareCommandLine({ references: ['refs/ref A.en'], systems: ['a.en', 'b.en', "it's.en"], metrics: ['bleu', 'ter'], metricSettings: settings, comparison });
      assert.match(line, /^understudy compare --ref 'refs\/ref A\.en' a\.en b\.en 'it'\\''s\.en' --metrics bleu,ter /);
      const argv = shellSplit(line).slice(2);
      const parsed = parseCompareArgs(argv);
      assert.ok(parsed !== 'help');
      // (parseScoreArgs writes unset optional settings as undefined keys: compare as JSON.)
      assert.deepEqual(JSON.parse(JSON.stringify(parsed.score.settings)), settings);
      assert.deepEqual(parsed.settings, comparison);
      assert.deepEqual(parsed.score.hypotheses, ['a.en', 'b.en', "it's.en"]);
      assert.deepEqual(parsed.score.references, ['refs/ref A.en']);
      // Defaults leave no flags.
      assert.equal(
        compareCommandLine({ references: ['r'], systems: ['a', 'b'], metrics: ['bleu'], metricSettings: DEFAULT_METRIC_SETTINGS, comparison: { ...comparison, seed: 12345, bootstrapSamples: 1000, randomizationTrials: 10000, alpha: 0.05 } }),
        'understudy compare --ref r a b --metrics bleu',
      );
    });
  });
});

/** Splits a POSIX shell command line with single quotes (what shellQuote produces). */
function shellSplit(line: string): string[] {
  const args: string[] = [];
  let current = '';
  let quoted = false;
  let started = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === "'") quoted = false;
      else current += c;
    } else if (c === "'") {
      quoted = started = true;
    } else if (c === '\\') {
      current += line[++i];
      started = true;
    } else if (c === ' ') {
      if (started) args.push(current);
      current = '';
      started = false;
    } else {
      current += c;
      started = true;
    }
  }
  if (started) args.push(current);
  return args;
}
