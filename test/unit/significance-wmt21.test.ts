import * as assert from 'node:assert/strict';
import { readDataLines } from './golden';
import { metricRequest } from '../../src/core/engine/metric-registry';
import { DEFAULT_METRIC_SETTINGS } from '../../src/core/engine/metric-settings';
import { expExact, logExact } from '../../src/core/metrics/correctly-rounded-math';
import { approximateRandomization } from '../../src/core/significance/approximate-randomization';
import { bootstrapConfidenceInterval } from '../../src/core/significance/bootstrap-confidence';
import { pairedBootstrap } from '../../src/core/significance/paired-bootstrap';
import { pairwiseTable } from '../../src/core/significance/pairwise-table';
import { CorpusScoreFunction, corpusScoreOf } from '../../src/core/significance/resampling-input';

/*
 * WMT21 cs-en (1000 segments, reference A) against sacreBLEU 2.6.0 itself, run as (from test/fixtures/data/wmt21-news/txt,
 * H=system-outputs/newstest2021.cs-en.hyp, default seed 12345):
 *   sacrebleu references/newstest2021.cs-en.ref.A.en -i $H.Online-B.en $H.Facebook-AI.en $H.CUNI-DocTransformer.en \
 *     $H.Online-W.en $H.Online-G.en $H.CUNI-Transformer2018.en -m bleu --paired-bs -f json     (and --paired-ar)
 *   sacrebleu ... -i $H.Online-B.en $H.Facebook-AI.en $H.Online-W.en -m chrf ter --paired-ar -f json
 *   sacrebleu ... -i $H.Online-B.en $H.Facebook-AI.en -m chrf ter --paired-bs -f text   (4-decimal p-values)
 *   sacrebleu ... -i $H.Online-B.en -m bleu --confidence -w 15 -f json
 * The baseline is the first system, Online-B.
 */
const SYSTEMS = ['Online-B', 'Facebook-AI', 'CUNI-DocTransformer', 'Online-W', 'Online-G', 'CUNI-Transformer2018'];
const SACREBLEU_BLEU: Record<string, { score: number; bsP?: number; mean: number; ci: number; arP?: number }> = {
  'Online-B': { score: 31.694103194276334, mean: 31.69168709826684, ci: 1.0897775398665317 },
  'Facebook-AI': { score: 31.095372270632094, bsP: 0.06493506493506493, mean: 31.08994394434105, ci: 1.0371174096150604, arP: 0.1341865813418658 },
  'CUNI-DocTransformer': { score: 30.15393052210985, bsP: 0.000999000999000999, mean: 30.14556877208034, ci: 0.9869366842616962, arP: 0.00019998000199980003 },
  'Online-W': { score: 28.905997844741766, bsP: 0.000999000999000999, mean: 28.90602756733721, ci: 0.9215020078976561, arP: 9.999000099990002e-5 },
  'Online-G': { score: 28.59318037594292, bsP: 0.000999000999000999, mean: 28.564268417739775, ci: 0.9745291636398026, arP: 9.999000099990002e-5 },
  'CUNI-Transformer2018': { score: 26.186640217205923, bsP: 0.000999000999000999, mean: 26.192883976833865, ci: 0.9671491749481742, arP: 9.999000099990002e-5 },
};

const DATA = 'data/wmt21-news/txt';
const reference = readDataLines(`${DATA}/references/newstest2021.cs-en.ref.A.en`);

function statsOf(metricName: string, systems: readonly string[]): { rows: Float64Array[][]; score: CorpusScoreFunction } {
  const metric = metricRequest(metricName, DEFAULT_METRIC_SETTINGS).prepare({ streams: [reference] });
  const rows = systems.map((s) => readDataLines(`${DATA}/system-outputs/newstest2021.cs-en.hyp.${s}.en`).map((h, i) => metric.stats(h, i)));
  return { rows, score: corpusScoreOf(metric) };
}

/**
 * BLEU (13a, exp smoothing, order 4) from summed stats the way sacreBLEU scores its bootstrap resamples: it sums the
 * stats as float32 and NumPy then computes each precision 100·c/t in float32, so the resampled scores differ from
 * double-precision BLEU in the 8th digit. Emulated here (Math.fround) only to check the resampling itself bit for bit.
 * Logs and exps are correctly rounded; Python's (glibc's) differ from them by one ulp on 3 of Online-G's 1000 resamples,
 * which leaves every mean and ci below unchanged.
 */
const sacrebleuFloat32Bleu: CorpusScoreFunction = (t) => {
  const f = Math.fround;
  if (t[2] === 0 && t[3] === 0 && t[4] === 0 && t[5] === 0) return 0;
  let smooth = 1;
  let logSum = 0;
  for (let n = 0; n < 4; n++) {
    const correct = t[2 + n];
    const total = t[6 + n];
    let precision: number;
    if (correct === 0) {
      smooth *= 2;
      precision = f(100 / f(smooth * total));
    } else {
      precision = f(f(100 * correct) / total);
    }
    logSum += precision === 0 ? -9999999999 : logExact(precision);
  }
  const bp = t[0] < t[1] ? (t[0] > 0 ? expExact(1 - t[1] / t[0]) : 0) : 1;
  return bp * expExact(logSum / 4);
};

describe('significance on WMT21 cs-en against sacreBLEU 2.6.0', function () {
  this.timeout(120000);
  const bleu = statsOf('bleu', SYSTEMS);
  const [baseline] = bleu.rows;

  it('BLEU corpus scores are sacreBLEU’s', () => {
    SYSTEMS.forEach((s, i) => assert.equal(bleu.score(sumRows(bleu.rows[i]), 1000), SACREBLEU_BLEU[s].score, s));
  });

  it('paired bootstrap: Online-B vs Facebook-AI (Δ = −0.60 BLEU) is not significant at 0.05, p = 65/1001', () => {
    // Expected: a 0.6 BLEU gap on 1000 segments is well inside either system's ±1.0 bootstrap interval, and
    // sacreBLEU 2.6.0 reports p = 0.0649 for it.
    const r = pairedBootstrap(baseline, bleu.rows[1], bleu.score);
    assert.equal(r.pValue, SACREBLEU_BLEU['Facebook-AI'].bsP);
    assert.ok(r.pValue >= 0.05);
    assert.equal(r.delta, SACREBLEU_BLEU['Facebook-AI'].score - SACREBLEU_BLEU['Online-B'].score);
    for (const ci of [r.baseline, r.system]) {
      assert.ok(ci.lower < ci.score && ci.score < ci.upper, `${ci.lower} < ${ci.score} < ${ci.upper}`);
      assert.ok(Math.abs(ci.score - ci.mean) < ci.halfWidth);
    }
    assert.ok(r.deltaInterval.lower < 0 && r.deltaInterval.upper > 0, 'the Δ interval contains 0');
  });

  it('paired bootstrap: every other system differs from Online-B with p = 1/1001, as sacreBLEU reports', () => {
    SYSTEMS.slice(2).forEach((s, k) => {
      const r = pairedBootstrap(baseline, bleu.rows[k + 2], bleu.score);
      assert.equal(r.pValue, SACREBLEU_BLEU[s].bsP, s);
    });
  });

  it('with sacreBLEU’s float32 scoring emulated, every μ ± ci of the --paired-bs table is sacreBLEU’s, bit for bit', () => {
    const table = pairwiseTable(SYSTEMS.map((name, i) => ({ name, rows: bleu.rows[i] })), sacrebleuFloat32Bleu, {}, 'none');
    SYSTEMS.forEach((s, i) => {
      assert.equal(table.intervals?.[i].mean, SACREBLEU_BLEU[s].mean, `${s} mean`);
      assert.equal(table.intervals?.[i].halfWidth, SACREBLEU_BLEU[s].ci, `${s} ci`);
    });
    // The p-values against the baseline are the first row of the table.
    SYSTEMS.slice(1).forEach((s, k) => assert.equal(table.comparisons[k].pValue, SACREBLEU_BLEU[s].bsP, s));
  });

  it('single-system --confidence: μ = 31.691687098266843 ± 1.089777539866532 (exact mean of the same resamples)', () => {
    const emulated = bootstrapConfidenceInterval(baseline, sacrebleuFloat32Bleu);
    assert.equal(emulated.mean, 31.691687098266843);
    assert.equal(emulated.halfWidth, SACREBLEU_BLEU['Online-B'].ci); // printed as 1.089777539866532 with -w 15
    const ci = bootstrapConfidenceInterval(baseline, bleu.score);
    assert.equal(ci.score, SACREBLEU_BLEU['Online-B'].score);
    assert.ok(ci.lower < ci.score && ci.score < ci.upper);
    // Double-precision BLEU differs from the float32 resamples only in the 8th digit.
    assert.ok(Math.abs(ci.mean - emulated.mean) < 1e-6 && Math.abs(ci.halfWidth - emulated.halfWidth) < 1e-6);
  });

  it('approximate randomization (10000 trials): the p-values are sacreBLEU’s to the count', () => {
    SYSTEMS.slice(1).forEach((s, k) => {
      const r = approximateRandomization(baseline, bleu.rows[k + 1], bleu.score);
      assert.equal(r.pValue, SACREBLEU_BLEU[s].arP, s);
    });
  });

  it('chrF and TER: approximate randomization p-values are sacreBLEU’s, paired bootstrap ones agree to its 4 decimals', () => {
    const systems = ['Online-B', 'Facebook-AI', 'Online-W'];
    const expected: Record<string, { ar: number[]; bs: string }> = {
      chrf: { ar: [0.0211978802119788, 9.999000099990002e-5], bs: '0.0080' },
      ter: { ar: [0.0644935506449355, 0.0011998800119988001], bs: '0.0410' },
    };
    for (const [name, want] of Object.entries(expected)) {
      const { rows, score } = statsOf(name, systems);
      assert.equal(approximateRandomization(rows[0], rows[1], score).pValue, want.ar[0], `${name} Facebook-AI`);
      assert.equal(approximateRandomization(rows[0], rows[2], score).pValue, want.ar[1], `${name} Online-W`);
      assert.equal(pairedBootstrap(rows[0], rows[1], score).pValue.toFixed(4), want.bs, `${name} paired bootstrap`);
    }
  });

  it('Holm over all 15 pairs keeps the top pair insignificant and the 5-point gap significant', () => {
    const table = pairwiseTable(SYSTEMS.map((name, i) => ({ name, rows: bleu.rows[i] })), bleu.score, {}, 'holm');
    assert.equal(table.comparisons.length, 15);
    const top = table.comparisons[0]; // Online-B vs Facebook-AI
    assert.equal(top.significant, false);
    const widest = table.comparisons[4]; // Online-B vs CUNI-Transformer2018, Δ = −5.5
    assert.equal(widest.system, 5);
    assert.ok(widest.significant);
    assert.ok(table.comparisons.every((c) => c.adjustedPValue >= c.pValue && c.adjustedPValue <= 1));
  });
});

function sumRows(rows: readonly Float64Array[]): Float64Array {
  const totals = new Float64Array(rows[0].length);
  for (const row of rows) for (let k = 0; k < totals.length; k++) totals[k] += row[k];
  return totals;
}
