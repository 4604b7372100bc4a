import { QarlaOptions, minimumModels, resolveQarlaOptions } from './qarla-options';
import { QarlaTestBed, QarlaTestCase, checkTestBed, metricIndexes } from './test-bed';
import { Triples, candidateBlock, passedTriples, triplesOf } from './triple-counts';

/** One model of one case: its QUEEN against the best peer's, measured on the same models. */
export interface KingModelOutcome {
  readonly model: string;
  readonly queen: number;
  /** The peer with the highest QUEEN (the first of them on a tie) and that QUEEN. */
  readonly bestPeer: string;
  readonly bestPeerQueen: number;
  /** QUEEN(m) > QUEEN(a) for every peer a (≥ with kingComparison 'at-least'). */
  readonly wins: boolean;
}

export interface KingCase {
  readonly case: string;
  /** Fraction of the case's models that win. */
  readonly king: number;
  readonly models: readonly KingModelOutcome[];
}

/**
 * The QARLA paper's predictive-power test (P4 §5, Table 1 "human summarisers ranked first"): each human in turn is
 * taken out of the models and scored as one more system against the others; it is "ranked first" when its QUEEN,
 * averaged over the cases it wrote for, is above every system's averaged over the same cases and measured against
 * the same remaining models.
 */
export interface ModelRankedFirst {
  readonly model: string;
  readonly cases: number;
  readonly queen: number;
  readonly bestPeer: string;
  readonly bestPeerQueen: number;
  readonly first: boolean;
}

export interface KingResult {
  readonly kind: 'qarla-king';
  readonly metrics: readonly string[];
  readonly options: QarlaOptions;
  /** KING_{M,A}(X) = P(∀a ∈ A. QUEEN(m) > QUEEN(a)) over models (and cases, per `caseAveraging`). */
  readonly king: number;
  readonly cases: readonly KingCase[];
  readonly modelsRankedFirst: { readonly count: number; readonly models: readonly ModelRankedFirst[] };
}

/**
 * KING of a metric set (seed003 §3.2): the probability that a model's QUEEN is above every peer's — how well the
 * metrics tell human texts from automatic ones. With the default leave-one-out, each model m is compared with the
 * peers on M \ {m}; 0.5^|A| is what a metric that mixes models and peers at random gets.
 */
export function king(bed: QarlaTestBed, metricNames?: readonly string[], partialOptions: Partial<QarlaOptions> = {}): KingResult {
  const options = resolveQarlaOptions(partialOptions);
  checkTestBed(bed, minimumModels(options, true));
  const metrics = metricIndexes(bed, metricNames);
  const k = bed.metrics.length;
  const ranked = new Map<string, { cases: number; sum: number; peers: Map<string, { sum: number; cases: number }> }>();

  const cases: KingCase[] = bed.cases.map((kase) => {
    const evaluations = kingEvaluations(kase, k, metrics, options);
    const models = evaluations.map((e, h): KingModelOutcome => {
      let best = 0;
      for (let p = 1; p < e.peerQueens.length; p++) if (e.peerQueens[p] > e.peerQueens[best]) best = p;
      const bestQueen = e.peerQueens[best];
      const wins = options.kingComparison === 'greater' ? e.modelQueen > bestQueen : e.modelQueen >= bestQueen;
      const name = kase.models[h];
      let entry = ranked.get(name);
      if (!entry) ranked.set(name, (entry = { cases: 0, sum: 0, peers: new Map() }));
      entry.cases++;
      entry.sum += e.modelQueen;
      kase.peers.forEach((peer, p) => {
        const s = entry!.peers.get(peer) ?? { sum: 0, cases: 0 };
        s.sum += e.peerQueens[p];
        s.cases++;
        entry!.peers.set(peer, s);
      });
      return { model: name, queen: e.modelQueen, bestPeer: kase.peers[best], bestPeerQueen: bestQueen, wins };
    });
    const wins = models.filter((m) => m.wins).length;
    return { case: kase.id, king: wins / models.length, models };
  });

  const modelsFirst = [...ranked.entries()].map(([model, entry]): ModelRankedFirst => {
    let bestPeer = '';
    let bestPeerQueen = -Infinity;
    for (const [peer, s] of entry.peers) {
      const mean = s.sum / s.cases;
      if (mean > bestPeerQueen) [bestPeer, bestPeerQueen] = [peer, mean];
    }
    const queenMean = entry.sum / entry.cases;
    return { model, cases: entry.cases, queen: queenMean, bestPeer, bestPeerQueen, first: queenMean > bestPeerQueen };
  });
  return {
    kind: 'qarla-king',
    metrics: metrics.map((x) => bed.metrics[x]),
    options,
    king: combineCases(
      cases.map((c) => c.models.filter((m) => m.wins).length),
      cases.map((c) => c.models.length),
      options,
    ),
    cases,
    modelsRankedFirst: { count: modelsFirst.filter((m) => m.first).length, models: modelsFirst },
  };
}

/** QUEEN of each model (as KING measures it) and of every peer on the same models, per model of the case. */
function kingEvaluations(kase: QarlaTestCase, k: number, metrics: readonly number[], options: QarlaOptions): { modelQueen: number; peerQueens: Float64Array }[] {
  const a = kase.peers.length;
  const modelCount = kase.models.length;
  const peerQueens = (triples: Triples): Float64Array =>
    Float64Array.from({ length: a }, (_, p) => passedTriples(kase, k, candidateBlock(kase, k, p), triples, metrics, options) / triples.count);
  const all = triplesOf(modelCount, options);
  const shared = options.kingModels === 'all' ? peerQueens(all) : undefined;
  return kase.models.map((_, h) => {
    const triples = shared ? all : triplesOf(modelCount, options, h);
    const modelQueen = passedTriples(kase, k, candidateBlock(kase, k, a + h), triples, metrics, options) / triples.count;
    return { modelQueen, peerQueens: shared ?? peerQueens(triples) };
  });
}

/**
 * Per-case probabilities (successes / events of each case) combined: their mean ('per-case'), or all successes over
 * all events ('pooled'). Summed in case order, as the exhaustive search sums them, so both give identical numbers.
 */
export function combineCases(successes: readonly number[], events: readonly number[], options: QarlaOptions): number {
  let sum = 0;
  let total = 0;
  successes.forEach((s, i) => {
    sum += options.caseAveraging === 'per-case' ? s / events[i] : s;
    total += events[i];
  });
  return options.caseAveraging === 'per-case' ? sum / successes.length : sum / total;
}
