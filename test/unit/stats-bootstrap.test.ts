import * as assert from 'node:assert/strict';
import { createColumnSummer } from '../../src/core/meta/column-sums';
import { statsBootstrap, StatsBootstrapMetric } from '../../src/core/meta/stats-bootstrap';
import { BootstrapUnit, bootstrapInterval } from '../../src/core/meta/stats/bootstrap-correlation';
import { CorrelationName, correlationStatistic } from '../../src/core/meta/stats/correlation-functions';
import { seededRandom } from '../../src/core/significance/pcg64';
import { uniformBelow } from '../../src/core/significance/uniform-integers';

/** Deterministic pseudo-random data (PCG64 from a seed). */
function randomData(seed: number) {
  const random = seededRandom(seed);
  return {
    int: (bound: number): number => uniformBelow(random, bound),
    real: (): number => uniformBelow(random, 1 << 20) / (1 << 10) - 512,
  };
}

describe('column sums for bootstrap draws (WebAssembly SIMD and plain loop)', () => {
  for (const width of [1, 2, 7, 33]) {
    it(`both engines give exactly Σᵢ counts[i]·row[i] in segment order (width ${width})`, () => {
      const { int, real } = randomData(width);
      const items = 41;
      const matrix = Float64Array.from({ length: items * width }, real);
      const wasm = createColumnSummer(matrix, items, width, 'wasm-simd');
      const js = createColumnSummer(matrix, items, width, 'js');
      assert.equal(wasm.engine, 'wasm-simd');
      assert.equal(js.engine, 'js');
      assert.equal(wasm.lanes, 8);
      for (const summer of [wasm, js]) {
        summer.counts.forEach((c, j) => c.forEach((_, i) => (c[i] = j === 1 ? 0 : int(4)))); // lane 1 draws nothing
        summer.sum();
        summer.counts.forEach((c, j) => {
          const expected = new Float64Array(width);
          for (let i = 0; i < items; i++) for (let k = 0; k < width; k++) expected[k] += c[i] * matrix[i * width + k];
          assert.deepEqual(Array.from(summer.totals[j]), Array.from(expected), `${summer.engine} lane ${j}`);
        });
      }
    });
  }

  it('refuses a matrix whose size does not match its shape', () => {
    assert.throws(() => createColumnSummer(new Float64Array(5), 2, 2), RangeError);
  });
});

/** BLEU-like toy statistics: [matches, total] per segment, score = 100 · Σmatches / Σtotal. */
function toyInput(seed: number, systems: number, items: number) {
  const { int, real } = randomData(seed);
  const metric = (name: string, sign: 1 | -1, shared: boolean): StatsBootstrapMetric => {
    const totals = Float64Array.from({ length: items }, () => 5 + int(20)); // identical across systems when shared
    return {
      name,
      width: 2,
      stats: Array.from({ length: systems }, () => {
        const stats = new Float64Array(items * 2);
        for (let i = 0; i < items; i++) {
          const total = shared ? totals[i] : 5 + int(20);
          stats[i * 2] = int(total + 1);
          stats[i * 2 + 1] = total;
        }
        return stats;
      }),
      score: (t: Float64Array) => (100 * t[0]) / t[1],
      sign,
    };
  };
  const human = Array.from({ length: systems }, () => Float64Array.from({ length: items }, () => (int(3) === 0 ? NaN : real() / 100)));
  return { metrics: [metric('a', 1, true), metric('b', -1, false)], human };
}

/** The same bootstrap computed the slow generic way: every draw re-sums each system's rows with their multiplicity. */
function genericBootstrap(input: ReturnType<typeof toyInput>, items: number, correlation: CorrelationName, m: number, resample: BootstrapUnit) {
  const metric = input.metrics[m];
  return bootstrapInterval(
    ({ itemCounts, systemDraws }) => {
      const x: number[] = [];
      const y: number[] = [];
      for (const s of systemDraws) {
        const totals = new Float64Array(2);
        let hs = 0;
        let hc = 0;
        for (let i = 0; i < items; i++) {
          totals[0] += itemCounts[i] * metric.stats[s][i * 2];
          totals[1] += itemCounts[i] * metric.stats[s][i * 2 + 1];
          const h = input.human[s][i];
          if (h === h) {
            hs += itemCounts[i] * h;
            hc += itemCounts[i];
          }
        }
        if (hc === 0) continue;
        x.push(metric.sign * metric.score(totals, items));
        y.push(hs / hc);
      }
      return correlationStatistic(correlation, x, y);
    },
    input.human.length,
    items,
    { samples: 60, seed: 7, resample },
  );
}

describe('system-level bootstrap from sufficient statistics', () => {
  const systems = 6;
  const items = 30;
  const input = toyInput(3, systems, items);

  for (const resample of ['items', 'systems', 'both'] as const) {
    it(`equals the generic per-draw re-summing for the same seed (resampling ${resample})`, () => {
      const correlations: CorrelationName[] = ['pearson', 'kendall-b', 'spearman'];
      for (const engine of ['wasm-simd', 'js'] as const) {
        const fast = statsBootstrap({ items, metrics: input.metrics, human: input.human, correlations, samples: 60, seed: 7, resample, engine });
        input.metrics.forEach((_, m) =>
          correlations.forEach((correlation, c) => {
            const slow = genericBootstrap(input, items, correlation, m, resample);
            const got = fast[m][c];
            assert.deepEqual(
              [got.statistic, got.lower, got.upper, got.definedSamples],
              [slow.statistic, slow.lower, slow.upper, slow.definedSamples],
              `${engine} ${input.metrics[m].name} ${correlation}`,
            );
          }),
        );
      }
    });
  }

  it('uses fixed human system scores when only systems are resampled', () => {
    const humanSystem = [0.3, -0.1, 0.2, 0, 0.5, -0.4];
    const [[withFixed]] = statsBootstrap({ items, metrics: input.metrics.slice(0, 1), human: input.human, humanSystem, correlations: ['pearson'], samples: 50, seed: 1, resample: 'systems' });
    const x = input.metrics[0].stats.map((stats) => {
      let matches = 0;
      let total = 0;
      for (let i = 0; i < items; i++) {
        matches += stats[i * 2];
        total += stats[i * 2 + 1];
      }
      return (100 * matches) / total;
    });
    assert.equal(withFixed.statistic, correlationStatistic('pearson', x, humanSystem));
  });

  it('checks its input shapes', () => {
    assert.throws(() => statsBootstrap({ items: items + 1, metrics: input.metrics, human: input.human, correlations: ['pearson'] }), RangeError);
    assert.throws(() => statsBootstrap({ items, metrics: input.metrics, human: input.human.slice(1), correlations: ['pearson'] }), RangeError);
  });
});
