import {
  AverageCountRounding,
  averageModelScus,
  modelScuCounts,
  PeerAnnotation,
  PeerPyramidResult,
  Pyramid,
  PyramidOptions,
  pyramidTiers,
  scoreModel,
  scorePeer,
  scuWeights,
} from './pyramid';

/** One topic's pyramid and the peers annotated against it. */
export interface PyramidTopicInput {
  readonly pyramid: Pyramid;
  readonly peers: readonly PeerAnnotation[];
}

export interface PyramidReportOptions extends PyramidOptions {
  /** Also score every model summary against the pyramid of the other models (default true). */
  readonly scoreModels?: boolean;
}

export interface PyramidTopicResult {
  readonly topic: string;
  readonly models: readonly string[];
  readonly modelScuCounts: Readonly<Record<string, number>>;
  readonly averageModelScus: number;
  /** The full pyramid's tiers, heaviest first: what a pyramid-tier plot shows. */
  readonly tiers: readonly { readonly weight: number; readonly size: number }[];
  readonly peers: readonly PeerPyramidResult[];
  readonly modelsAgainstOthers: readonly PeerPyramidResult[];
}

/** A summarizer's score: the mean of its summaries' scores over the topics it has (seed002_004 §A.3.1). */
export interface PyramidSystemResult {
  readonly peer: string;
  /** "model" when every one of its summaries is a model summary scored against the others. */
  readonly kind: 'peer' | 'model';
  readonly topics: number;
  readonly modified: number | null;
  /** Topics whose modified score is undefined (an empty pyramid) are left out of the mean; counted here. */
  readonly modifiedTopics: number;
  readonly original: number | null;
  readonly originalTopics: number;
}

export interface PyramidReport {
  readonly topics: readonly PyramidTopicResult[];
  readonly systems: readonly PyramidSystemResult[];
  readonly options: { readonly jackknife: boolean; readonly averageCountRounding: AverageCountRounding; readonly scoreModels: boolean };
  readonly warnings: readonly string[];
  /** Reproducibility string, sacreBLEU style. */
  readonly signature: string;
}

function meanOf(values: readonly (number | null)[]): { mean: number | null; count: number } {
  const present = values.filter((v): v is number => v !== null);
  return { mean: present.length > 0 ? present.reduce((a, b) => a + b, 0) / present.length : null, count: present.length };
}

/** Pyramid scores for every peer of every topic, models scored against the others, and per-summarizer means. */
export function pyramidReport(inputs: readonly PyramidTopicInput[], options: PyramidReportOptions = {}): PyramidReport {
  const jackknife = options.jackknife ?? true;
  const averageCountRounding = options.averageCountRounding ?? 'exact';
  const scoreModels = options.scoreModels ?? true;
  const warnings: string[] = [];
  const topics: PyramidTopicResult[] = [];
  for (const { pyramid, peers } of inputs) {
    const known = new Set(pyramid.scus.map((s) => s.id));
    for (const peer of peers) {
      const unknown = peer.scuIds.filter((id) => !known.has(id));
      if (unknown.length > 0) {
        warnings.push(`topic ${pyramid.topic}, peer ${peer.peer}: SCU id(s) ${unknown.join(', ')} are not in the pyramid; they weigh 0.`);
      }
    }
    if (jackknife && pyramid.models.length < 2) {
      warnings.push(`topic ${pyramid.topic}: one model only, so peers are scored against the full pyramid (no leave-one-out subsets).`);
    }
    const counts = modelScuCounts(pyramid);
    const peerResults = peers.map((peer) => scorePeer(pyramid, peer, { jackknife, averageCountRounding }));
    const modelsAgainstOthers = scoreModels && pyramid.models.length >= 2 ? pyramid.models.map((m) => scoreModel(pyramid, m, { averageCountRounding })) : [];
    topics.push({
      topic: pyramid.topic,
      models: pyramid.models,
      modelScuCounts: Object.fromEntries(counts),
      averageModelScus: averageModelScus(pyramid, pyramid.models, averageCountRounding),
      tiers: pyramidTiers(scuWeights(pyramid)).map((t) => ({ weight: t.weight, size: t.size })),
      peers: peerResults,
      modelsAgainstOthers,
    });
  }
  const byPeer = new Map<string, { kind: Set<'peer' | 'model'>; results: PeerPyramidResult[] }>();
  const add = (result: PeerPyramidResult, kind: 'peer' | 'model'): void => {
    let entry = byPeer.get(result.peer);
    if (!entry) byPeer.set(result.peer, (entry = { kind: new Set(), results: [] }));
    entry.kind.add(kind);
    entry.results.push(result);
  };
  for (const topic of topics) {
    for (const r of topic.peers) add(r, 'peer');
    for (const r of topic.modelsAgainstOthers) add(r, 'model');
  }
  const systems = [...byPeer.entries()].map(([peer, { kind, results }]) => {
    const modified = meanOf(results.map((r) => r.modified));
    const original = meanOf(results.map((r) => r.original));
    return {
      peer,
      kind: kind.has('peer') ? ('peer' as const) : ('model' as const),
      topics: results.length,
      modified: modified.mean,
      modifiedTopics: modified.count,
      original: original.mean,
      originalTopics: original.count,
    };
  });
  systems.sort((a, b) => (b.modified ?? -Infinity) - (a.modified ?? -Infinity) || a.peer.localeCompare(b.peer));
  const signature = `pyramid|jackknife:${jackknife ? 'yes' : 'no'}|avg:${averageCountRounding}|topics:${topics.length}`;
  return { topics, systems, options: { jackknife, averageCountRounding, scoreModels }, warnings, signature };
}
