import { withCompetitionRanks } from '../stats/competition-ranks';
import { QarlaOptions, minimumModels, resolveQarlaOptions } from './qarla-options';
import { QarlaTestBed, checkTestBed, metricIndexes } from './test-bed';
import { Triples, candidateBlock, passedTriples, triplesOf } from './triple-counts';

/** One row of the QUEEN ranking: a system (peer) or a human (model), averaged over the cases it appears in. */
export interface QueenRow {
  readonly name: string;
  readonly kind: 'peer' | 'model';
  /** Mean over its cases of QUEEN under the whole metric set. */
  readonly queen: number;
  /** 1-based competition rank ("1224") among all rows, by QUEEN descending. */
  readonly rank: number;
  /** Number of cases averaged. */
  readonly cases: number;
  /** Mean QUEEN under each metric alone, in the order of `metrics`: which tests reject it most. */
  readonly perMetric: readonly number[];
}

export interface CaseQueenEntry {
  readonly name: string;
  readonly queen: number;
  /** Triples passed under every metric, and the triples tried. */
  readonly passed: number;
  readonly triples: number;
}

export interface CaseQueen {
  readonly case: string;
  readonly peers: readonly CaseQueenEntry[];
  readonly models: readonly CaseQueenEntry[];
}

export interface QueenResult {
  readonly kind: 'qarla-queen';
  readonly metrics: readonly string[];
  readonly options: QarlaOptions;
  /** Peers and models together, best first. Peers are measured against all models; a model as KING measures it. */
  readonly ranking: readonly QueenRow[];
  readonly cases: readonly CaseQueen[];
}

/**
 * QUEEN_{X,M}(c) = P(∀x ∈ X. x(c, m) ≥ x(m′, m″)) over the triples of models (seed003 §3.2): the probability that
 * candidate c passes, under every metric at once, the test "as close to a model as two models are to each other".
 * For every peer against all of the case's models, and for every model as KING sees it (`kingModels`: against
 * the other models, or against all of them with itself included; a case with too few models for that has no model rows).
 */
export function queen(bed: QarlaTestBed, metricNames?: readonly string[], partialOptions: Partial<QarlaOptions> = {}): QueenResult {
  const options = resolveQarlaOptions(partialOptions);
  checkTestBed(bed, minimumModels(options, false));
  const modelsNeeded = minimumModels(options, true);
  const metrics = metricIndexes(bed, metricNames);
  const k = bed.metrics.length;
  interface Accumulator {
    kind: 'peer' | 'model';
    sum: number;
    cases: number;
    perMetric: Float64Array;
  }
  const rows = new Map<string, Accumulator>();
  const add = (name: string, kind: 'peer' | 'model', value: number, singles: Float64Array): void => {
    const key = `${kind}\u0000${name}`;
    let row = rows.get(key);
    if (!row) rows.set(key, (row = { kind, sum: 0, cases: 0, perMetric: new Float64Array(metrics.length) }));
    row.sum += value;
    row.cases++;
    for (let j = 0; j < singles.length; j++) row.perMetric[j] += singles[j];
  };

  const cases: CaseQueen[] = bed.cases.map((kase) => {
    const a = kase.peers.length;
    const modelCount = kase.models.length;
    const all = triplesOf(modelCount, options);
    const entry = (candidate: number, triples: Triples, name: string, kind: 'peer' | 'model'): CaseQueenEntry => {
      const block = candidateBlock(kase, k, candidate);
      const passed = passedTriples(kase, k, block, triples, metrics, options);
      const singles = Float64Array.from(metrics, (x) => passedTriples(kase, k, block, triples, [x], options) / triples.count);
      add(name, kind, passed / triples.count, singles);
      return { name, queen: passed / triples.count, passed, triples: triples.count };
    };
    const peers = kase.peers.map((name, p) => entry(p, all, name, 'peer'));
    // A case with too few models to leave one out has no model rows (its peers are still measured).
    const models =
      modelCount < modelsNeeded ? [] : kase.models.map((name, h) => entry(a + h, options.kingModels === 'leave-one-out' ? triplesOf(modelCount, options, h) : all, name, 'model'));
    return { case: kase.id, peers, models };
  });

  const unranked = [...rows.entries()].map(([key, row]) => ({
    name: key.slice(key.indexOf('\u0000') + 1),
    kind: row.kind,
    queen: row.sum / row.cases,
    cases: row.cases,
    perMetric: Array.from(row.perMetric, (v) => v / row.cases),
  }));
  const ranking = withCompetitionRanks(unranked, (r) => r.queen);
  return { kind: 'qarla-queen', metrics: metrics.map((x) => bed.metrics[x]), options, ranking, cases };
}
