import { UnderstudyError } from '../../errors';
import { describeMetric } from '../../engine/metric-descriptions';
import { MetricRequest, ScoringCancelled } from '../../engine/score-systems';
import { MetricScore, PreparedMetric } from '../../metrics/metric';
import { QarlaTestBed, QarlaTestCase, checkTestBed } from './test-bed';

/** One similarity metric of a QARLA test bed, built from a registry metric scored text against text. */
export interface SimilaritySpec {
  /** The metric's name in the test bed (e.g. `R-1`, `Rpre-W`): distinct from the other specs'. */
  readonly name: string;
  /** A registry metric with the user's settings (`metricRequest(name, settings)`). */
  readonly metric: MetricRequest;
  /** A named part of the sentence score (ROUGE's `recall`, `precision`, `fmeasure`…); default the headline score. */
  readonly part?: string;
  /**
   * The DUC 2004 paper's inverted metrics, Rpre(a, b) = R(b, a): the text and its reference swap roles, so a recall
   * becomes a precision-oriented similarity.
   */
  readonly inverted?: boolean;
  /** Whether larger scores mean more similar; default from the metric (error rates such as TER are negated). */
  readonly higherIsBetter?: boolean;
}

export interface NamedText {
  readonly name: string;
  readonly text: string;
}

export interface SimilarityCaseInput {
  readonly id: string;
  /** The human texts (references, models) of the case. */
  readonly models: readonly NamedText[];
  /** The system outputs (peers) of the case. */
  readonly peers: readonly NamedText[];
}

export interface SimilarityRequest {
  readonly cases: readonly SimilarityCaseInput[];
  readonly similarities: readonly SimilaritySpec[];
  /** Also score peers against peers (what JACK needs; default true). */
  readonly peerPeer?: boolean;
  /** Called with the number of text pairs scored and the total. */
  readonly onProgress?: (done: number, total: number) => void;
  readonly isCancelled?: () => boolean;
}

export interface SimilarityTestBed extends QarlaTestBed {
  /** Per similarity: the metric's signature, and how it was read (part, inversion, orientation). */
  readonly sources: readonly { readonly name: string; readonly signature: string; readonly part: string | null; readonly inverted: boolean; readonly negated: boolean }[];
}

/**
 * QARLA's similarity matrices from the engine's metrics (seed003 §2.3): x(c, r) is candidate c scored against r as
 * its only reference — peers against models, models against models (the diagonal too: a model against itself), and
 * peers against peers — at segment level, each through the metric contract (`prepare` once per reference set,
 * `stats` per pair, `sentenceScore`). The models of every case form one reference set and the peers another, so
 * corpus-wide context (NIST's information weights, say) comes from the texts playing the reference role.
 */
export function similarityTestBed(request: SimilarityRequest): SimilarityTestBed {
  const { cases, similarities } = request;
  const withPeerPeer = request.peerPeer ?? true;
  if (similarities.length === 0) throw new UnderstudyError('bad-option', 'No similarity metrics were given.');
  if (new Set(similarities.map((s) => s.name)).size !== similarities.length) {
    throw new UnderstudyError('bad-option', `Similarity names must be distinct (${similarities.map((s) => s.name).join(', ')}).`);
  }
  // Every model text (then every peer text) of every case is one segment of a single-reference set.
  const modelOffset: number[] = [];
  const peerOffset: number[] = [];
  const modelTexts: string[] = [];
  const peerTexts: string[] = [];
  for (const c of cases) {
    modelOffset.push(modelTexts.length);
    peerOffset.push(peerTexts.length);
    modelTexts.push(...c.models.map((m) => m.text));
    peerTexts.push(...c.peers.map((p) => p.text));
  }
  const k = similarities.length;
  const perCase = cases.map((c) => {
    const m = c.models.length;
    const a = c.peers.length;
    return { peerModel: new Float64Array(a * m * k), modelModel: new Float64Array(m * m * k), peerPeer: withPeerPeer ? new Float64Array(a * a * k) : undefined };
  });
  const pairsPerSpec = cases.reduce((s, c) => s + c.peers.length * c.models.length + c.models.length ** 2 + (withPeerPeer ? c.peers.length ** 2 : 0), 0);
  const total = pairsPerSpec * k;
  let done = 0;

  const sources = similarities.map((spec, x) => {
    const higherIsBetter = spec.higherIsBetter ?? describeMetric(spec.metric.name).higherIsBetter;
    const sign = higherIsBetter ? 1 : -1;
    const againstModels = spec.metric.prepare({ streams: [modelTexts] });
    const againstPeers = spec.inverted || withPeerPeer ? spec.metric.prepare({ streams: [peerTexts] }) : undefined;
    // x(c, r): c against reference r; inverted, r against reference c.
    const score = (metric: PreparedMetric, text: string, segment: number): number => {
      if ((done & 255) === 0) {
        if (request.isCancelled?.()) throw new ScoringCancelled();
        request.onProgress?.(done, total);
      }
      done++;
      return sign * read(spec, metric.sentenceScore(metric.stats(text, segment)));
    };
    cases.forEach((c, i) => {
      const out = perCase[i];
      const m = c.models.length;
      const a = c.peers.length;
      for (let p = 0; p < a; p++) {
        for (let j = 0; j < m; j++) {
          out.peerModel[(p * m + j) * k + x] = spec.inverted
            ? score(againstPeers!, c.models[j].text, peerOffset[i] + p)
            : score(againstModels, c.peers[p].text, modelOffset[i] + j);
        }
      }
      for (let j1 = 0; j1 < m; j1++) {
        for (let j2 = 0; j2 < m; j2++) {
          out.modelModel[(j1 * m + j2) * k + x] = spec.inverted
            ? score(againstModels, c.models[j2].text, modelOffset[i] + j1)
            : score(againstModels, c.models[j1].text, modelOffset[i] + j2);
        }
      }
      if (out.peerPeer) {
        for (let p = 0; p < a; p++) {
          for (let q = 0; q < a; q++) {
            out.peerPeer[(p * a + q) * k + x] = spec.inverted
              ? score(againstPeers!, c.peers[q].text, peerOffset[i] + p)
              : score(againstPeers!, c.peers[p].text, peerOffset[i] + q);
          }
        }
      }
    });
    return { name: spec.name, signature: againstModels.signature(), part: spec.part ?? null, inverted: spec.inverted ?? false, negated: !higherIsBetter };
  });
  request.onProgress?.(total, total);

  const bed: SimilarityTestBed = {
    metrics: similarities.map((s) => s.name),
    cases: cases.map(
      (c, i): QarlaTestCase => ({
        id: c.id,
        models: c.models.map((m) => m.name),
        peers: c.peers.map((p) => p.name),
        ...perCase[i],
      }),
    ),
    sources,
  };
  checkTestBed(bed, 1, withPeerPeer);
  return bed;
}

function read(spec: SimilaritySpec, score: MetricScore): number {
  if (spec.part === undefined) return score.score;
  const value = score.parts[spec.part];
  if (typeof value !== 'number') {
    const parts = Object.entries(score.parts)
      .filter(([, v]) => typeof v === 'number')
      .map(([name]) => name);
    throw new UnderstudyError('bad-option', `${spec.metric.name} has no numeric part "${spec.part}" for similarity ${spec.name}; its parts are ${parts.join(', ')}.`, {
      metric: spec.metric.name,
    });
  }
  return value;
}
