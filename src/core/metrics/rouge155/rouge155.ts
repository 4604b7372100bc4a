import { Explanation, SpanMatch } from '../explanation';
import { UnderstudyError } from '../../errors';
import { MetricScore, PreparedMetric, ReferenceSet } from '../metric';
import { Span, Token } from '../../text/token';
import { sortedKeys, sortedOverlap } from './gram-overlap';
import { LcsHit, rouge155Lcs } from './lcs-rouge';
import { powExact } from '../correctly-rounded-math';
import { NgramCoder, ngramTotal } from './ngram-rouge';
import { perlRound5 } from './perl-format';
import { Rouge155Combination, combineRouge155Rows, combineRouge155SumsA } from './combine-references';
import {
  Rouge155AverageOptions, Rouge155AverageRow, Rouge155PrintedAverage, rouge155BootstrapAverage,
} from './rouge155-average';
import { SummaryIds, SummaryTokens, sharedRouge155Reader } from './rouge155-reader';
import { Rouge155Limits, Rouge155TokenOptions } from './rouge155-summary';
import { SkipBigramUnit, skipBigramKeys } from './skip-bigram-rouge';
import { WlcsWeights, rouge155Wlcs } from './wlcs-rouge';

/**
 * ROUGE exactly as ROUGE-1.5.5.pl computes and prints it (Chin-Yew Lin; the copy in andersjo/pyrouge @ 3b6c415).
 *
 * One hypothesis is one peer summary; its sentences are separated by '\n'. The segment's references are the model
 * summaries (ROUGE-1.5.5 ≥ 1.4 does no jackknifing):
 * - `-f A` (modelAverage 'A', default): hits, model counts and peer counts are summed over the models
 *   (the peer count once per model), R = ΣH/ΣM, P = ΣH/ΣP;
 * - `-f B`: the counts of the model with the highest recall (for ROUGE-N/S the recall rounded to 5 decimals,
 *   for ROUGE-L hit/base, for ROUGE-W (hit/base)^(1/w)); the first such model on ties.
 * Every per-summary R and P is rounded with `%7.5f`, F = R·P / ((1−α)·P + α·R) is computed from the rounded values
 * and rounded again — these printed values are the statistics. ROUGE-W: counts are weighted, M = (Σ_units len^w)^w
 * per model, P = |peer|^w, R = (H/M)^(1/w).
 *
 * Statistics per summary: [recall, precision, fmeasure, summaries(=1), modelCount, peerCount, hitCount].
 * corpusScore gives the plain per-summary mean (score = mean F) and the token-level (`-t 1`) R/P/F of the summed
 * counts; the numbers ROUGE-1.5.5 actually prints as Average_R/P/F are bootstrap means that depend on the order of
 * the summaries' ids: `printedAverage` (rouge155-average.ts) reproduces them and their confidence intervals.
 */
export type Rouge155Variant =
  | 'rouge1' | 'rouge2' | 'rouge3' | 'rouge4' | 'rougeL' | 'rougeW' | 'rougeS4' | 'rougeSU4' | 'rougeS*' | 'rougeSU*';

export interface Rouge155Options {
  readonly variant: Rouge155Variant;
  /** `-m` (default false). */
  readonly stem?: boolean;
  /** `-s` (default false). */
  readonly removeStopwords?: boolean;
  /** `-f` (default 'A'). */
  readonly modelAverage?: 'A' | 'B';
  /** `-p` (default 0.5): F = R·P / ((1−α)·P + α·R). */
  readonly alpha?: number;
  /** `-l`: first N words of peer and models. */
  readonly lengthLimitWords?: number;
  /** `-b`: first N bytes of peer and models. */
  readonly lengthLimitBytes?: number;
  /** `-w` (default 1.2), ROUGE-W only. */
  readonly wlcsWeight?: number;
}

export const ROUGE155_STATS_LAYOUT: readonly string[] = [
  'recall', 'precision', 'fmeasure', 'summaries', 'modelCount', 'peerCount', 'hitCount',
];

/** Options of `printedAverage` beyond rouge155BootstrapAverage's. */
export interface Rouge155PrintedAverageOptions extends Omit<Rouge155AverageOptions, 'alpha'> {
  /** The evaluation id of each row (default: its 1-based position), combined with `peerId` into ROUGE's test id. */
  readonly evalIds?: readonly string[];
  /** Default 'P'; only the sort order of the test ids `<evalId>.<peerId>` matters. */
  readonly peerId?: string;
}

export interface PreparedRouge155 extends PreparedMetric {
  /** ROUGE-1.5.5's name of the measure in its output, e.g. `ROUGE-SU4`, `ROUGE-W-1.2`. */
  readonly printedName: string;
  /**
   * The Average_R/P/F (and 95% CI) lines ROUGE-1.5.5 prints for per-summary statistics `rows` (one row per summary
   * of one peer, as returned by `stats`).
   */
  printedAverage(rows: readonly Float64Array[], options?: Rouge155PrintedAverageOptions): Rouge155PrintedAverage;
}

type Kind =
  | { readonly type: 'ngram'; readonly order: number }
  | { readonly type: 'lcs' }
  | { readonly type: 'wlcs' }
  | { readonly type: 'skip'; readonly distance: number; readonly unigrams: boolean };

function variantKind(variant: string): Kind {
  let m = /^rouge([1-9][0-9]*)$/.exec(variant);
  if (m) return { type: 'ngram', order: Number(m[1]) };
  if (variant === 'rougeL') return { type: 'lcs' };
  if (variant === 'rougeW') return { type: 'wlcs' };
  m = /^rouge(SU|S)(\*|[0-9]+)$/.exec(variant);
  if (m) return { type: 'skip', distance: m[2] === '*' ? -1 : Number(m[2]), unigrams: m[1] === 'SU' };
  throw new Error(`Unknown ROUGE-1.5.5 variant: ${variant}`);
}

/** Perl's numeric-to-string of an option value, as it appears in ROUGE's labels (`-w 1.2` → `1.2`). */
function optionLabel(x: number): string {
  return String(x);
}

function printedNameOf(kind: Kind, weight: number): string {
  switch (kind.type) {
    case 'ngram': return `ROUGE-${kind.order}`;
    case 'lcs': return 'ROUGE-L';
    case 'wlcs': return `ROUGE-W-${optionLabel(weight)}`;
    case 'skip': return `ROUGE-${kind.unigrams ? 'SU' : 'S'}${kind.distance < 0 ? '*' : kind.distance}`;
  }
}

/** One summary (peer or model) as ROUGE reads it, with integer token ids and the variant's keys. */
interface ReadSummary extends SummaryIds {
  /** ROUGE-N/S: sorted keys of the units (n-grams / skip-bigrams) that can match. */
  readonly keys: Float64Array;
  /** ROUGE-N/S: `_cn_`, the number of units counted (including ones that cannot match). */
  readonly total: number;
}

interface ModelScore {
  readonly modelCount: number;
  readonly peerCount: number;
  readonly hit: number;
  /** What `-f B` compares. */
  readonly score: number;
  /** ROUGE-W only: ROUGE-1.5.5 would die with "Illegal division by zero" on this model. */
  readonly baseIsZero?: boolean;
}

interface SummaryScore {
  readonly models: readonly ModelScore[];
  /** Indices (into the segment's references) of the models used. */
  readonly modelIndices: readonly number[];
  /** Index into `models` of the model `-f B` chose (−1 for `-f A` or without models). */
  readonly best: number;
  readonly modelCount: number;
  readonly peerCount: number;
  readonly hit: number;
  readonly recall: number;
  readonly precision: number;
  readonly fmeasure: number;
}


/**
 * ROUGE-S* / SU* (no skip limit) count every ordered word pair of a summary, n·(n−1)/2 of them: 144 million for a
 * 17,000-word line, more memory than an editor should take. Above this many words the metric stops with a message
 * instead (ROUGE-1.5.5 would grow a hash of the same size).
 */
export const MAX_UNLIMITED_SKIP_WORDS = 4000;

function checkUnlimitedSkipSize(words: number, distance: number, printedName: string): void {
  if (distance >= 0 || words <= MAX_UNLIMITED_SKIP_WORDS) return;
  throw new UnderstudyError(
    'line-too-long',
    `${printedName} on a ${words}-word summary would count ${Math.round((words * (words - 1)) / 2).toLocaleString('en-US')} skip-bigrams; ` +
      `the limit is ${MAX_UNLIMITED_SKIP_WORDS} words per summary. Use ROUGE-S4/SU4 (a skip limit), or split the text into summaries.`,
    { words, limit: MAX_UNLIMITED_SKIP_WORDS },
  );
}

/** Prepares ROUGE-1.5.5 compatible ROUGE for a reference set (the models of each segment). */
export function prepareRouge155(references: ReferenceSet, options: Rouge155Options): PreparedRouge155 {
  const variant = options.variant;
  const kind = variantKind(variant);
  const stem = options.stem ?? false;
  const removeStopwords = options.removeStopwords ?? false;
  const modelAverage = options.modelAverage ?? 'A';
  const alpha = options.alpha ?? 0.5;
  const weight = options.wlcsWeight ?? 1.2;
  if (modelAverage !== 'A' && modelAverage !== 'B') throw new Error(`modelAverage must be 'A' or 'B', got ${modelAverage}`);
  if (!(alpha >= 0 && alpha <= 1)) {
    throw new Error('Relative importance of ROUGE recall and precision has to be between 0 and 1 inclusively.');
  }
  if (!(weight > 0)) throw new Error('ROUGE-W weight factor must greater than 0.');
  const limits: Rouge155Limits = { words: options.lengthLimitWords, bytes: options.lengthLimitBytes };
  if ((limits.words ?? 0) > 0 && (limits.bytes ?? 0) > 0) {
    throw new Error('Please specify length limit in words or bytes but not both.');
  }
  const tokenOptions: Rouge155TokenOptions = { stem, removeStopwords };
  const printedName = printedNameOf(kind, weight);
  const coder = kind.type === 'ngram' ? new NgramCoder(kind.order) : undefined;
  const weights = kind.type === 'wlcs' ? new WlcsWeights(weight) : undefined;
  const needsUnits = kind.type === 'lcs' || kind.type === 'wlcs';

  const reader = sharedRouge155Reader(references, limits, tokenOptions);
  const withKeys = (ids: SummaryIds, isModel: boolean): ReadSummary => {
    let keys: Float64Array = new Float64Array(0);
    let total = 0;
    if (coder) {
      keys = sortedKeys(coder.keysAt(ids.joined, isModel));
      total = ngramTotal(ids.joined.length, coder.order);
    } else if (kind.type === 'skip') {
      checkUnlimitedSkipSize(ids.joined.length, kind.distance, printedName);
      const all = skipBigramKeys(ids.joined, kind.distance, kind.unigrams);
      total = all.length;
      keys = sortedKeys(all);
    }
    return { joined: ids.joined, units: ids.units, keys, total };
  };

  const streams = references.streams;
  const segmentCount = streams.length > 0 ? streams[0].length : 0;
  const modelCache = new Map<string, ReadSummary>();
  const modelOf = (text: string): ReadSummary => {
    let model = modelCache.get(text);
    if (!model) {
      model = withKeys(reader.model(text), true);
      modelCache.set(text, model);
    }
    return model;
  };
  /** The segment's models: every reference but missing or empty strings (no model file). */
  const modelIndicesOf = (segment: number): number[] => {
    if (streams.length > 0 && (segment < 0 || segment >= segmentCount || !Number.isInteger(segment))) {
      throw new RangeError(`segment ${segment} out of range`);
    }
    const indices: number[] = [];
    for (let k = 0; k < streams.length; k++) {
      const text = streams[k][segment];
      if (typeof text === 'string' && text.length > 0) indices.push(k);
    }
    return indices;
  };

  const scoreModel = (model: ReadSummary, peer: ReadSummary, hits?: LcsHit[]): ModelScore => {
    switch (kind.type) {
      case 'ngram':
      case 'skip': {
        const hit = sortedOverlap(model.keys, peer.keys);
        // ngramScore: sprintf("%07.5f", hit / model count), or 0 without model n-grams.
        const score = model.total !== 0 ? perlRound5(hit / model.total) : 0;
        return { modelCount: model.total, peerCount: peer.total, hit, score };
      }
      case 'lcs': {
        const r = rouge155Lcs(model.units, peer.units, model.joined, peer.joined, hits);
        return { modelCount: r.base, peerCount: peer.joined.length, hit: r.hit, score: r.base > 0 ? r.hit / r.base : 0 };
      }
      case 'wlcs': {
        const w = weights as WlcsWeights;
        const r = rouge155Wlcs(model.units, peer.units, model.joined, peer.joined, w, hits);
        return {
          modelCount: powExact(r.base, weight), peerCount: w.at(peer.joined.length), hit: r.hit, score: r.score,
          baseIsZero: r.baseIsZero,
        };
      }
    }
  };

  /** Scores the peer against the segment's models (read first: the peer's token ids come from their vocabulary). */
  const scoreSummary = (hypothesis: string, segment: number, hitsPerModel?: LcsHit[][]): SummaryScore => {
    const modelIndices = modelIndicesOf(segment);
    const modelTexts = modelIndices.map((k) => modelOf(streams[k][segment]));
    const peer = withKeys(reader.peer(hypothesis), false);
    const models = modelTexts.map((model) => {
      const hits: LcsHit[] | undefined = hitsPerModel ? [] : undefined;
      const score = scoreModel(model, peer, hits);
      if (hitsPerModel && hits) hitsPerModel.push(hits);
      return score;
    });
    const { hit, modelCount, peerCount, best } = combineModels(models, modelAverage);
    const ratio = (h: number, count: number): number => {
      if (count === 0) return 0;
      return kind.type === 'wlcs' ? powExact(h / count, 1 / weight) : h / count;
    };
    const recall = perlRound5(ratio(hit, modelCount));
    const precision = perlRound5(ratio(hit, peerCount));
    const fmeasure = fFromRounded(recall, precision, alpha);
    return { models, modelIndices, best, modelCount, peerCount, hit, recall, precision, fmeasure };
  };

  const toScore = (stats: Float64Array): MetricScore => {
    const summaries = stats[3];
    const mean = (x: number): number => (summaries > 0 ? x / summaries : 0);
    const modelCount = stats[4];
    const peerCount = stats[5];
    const hitCount = stats[6];
    // `-t 1`: R, P, F of the summed counts (for ROUGE-W without the inverse power, as ROUGE-1.5.5 does).
    const tokenRecall = modelCount > 0 ? hitCount / modelCount : 0;
    const tokenPrecision = peerCount > 0 ? hitCount / peerCount : 0;
    const denominator = (1 - alpha) * tokenPrecision + alpha * tokenRecall;
    const tokenF = denominator > 0 ? (tokenRecall * tokenPrecision) / denominator : 0;
    return {
      score: mean(stats[2]),
      parts: {
        recall: mean(stats[0]),
        precision: mean(stats[1]),
        fmeasure: mean(stats[2]),
        summaries,
        tokenRecall,
        tokenPrecision,
        tokenF,
        modelCount,
        peerCount,
        hitCount,
      },
    };
  };

  const signature = [
    'rouge155',
    variant,
    `stem:${stem ? 'yes' : 'no'}`,
    `stop:${removeStopwords ? 'yes' : 'no'}`,
    `f:${modelAverage}`,
    `alpha:${optionLabel(alpha)}`,
    ...(kind.type === 'wlcs' ? [`w:${optionLabel(weight)}`] : []),
    ...((limits.words ?? 0) > 0 ? [`l:${limits.words}`] : []),
    ...((limits.bytes ?? 0) > 0 ? [`b:${limits.bytes}`] : []),
    'version:1.5.5',
  ].join('|');

  // ROUGE-W's -f B compares (hit/base)^(1/w) with base = Σ len^w, and a row keeps base^w: not exactly invertible.
  const combination: Rouge155Combination | undefined = kind.type === 'wlcs' && modelAverage === 'B' ? undefined : {
    modelAverage,
    alpha,
    modelScore: kind.type === 'lcs'
      ? (hit, model) => (model > 0 ? hit / model : 0)
      : (hit, model) => (model !== 0 ? perlRound5(hit / model) : 0),
    ratio: kind.type === 'wlcs'
      ? (hit, count) => (count === 0 ? 0 : powExact(hit / count, 1 / weight))
      : (hit, count) => (count === 0 ? 0 : hit / count),
  };

  return {
    name: variant,
    printedName,
    statsLayout: ROUGE155_STATS_LAYOUT,
    ...(combination
      ? {
        combineReferences: modelAverage === 'A' && kind.type !== 'wlcs'
          ? (rows: Float64Array, offset: number, chosen: Int32Array, count: number, out: Float64Array) =>
            combineRouge155SumsA(rows, offset, chosen, count, out, alpha)
          : (rows: Float64Array, offset: number, chosen: Int32Array, count: number, out: Float64Array) =>
            combineRouge155Rows(rows, offset, chosen, count, out, combination),
      }
      : {}),
    stats(hypothesis: string, segment: number): Float64Array {
      const s = scoreSummary(hypothesis, segment);
      return Float64Array.of(s.recall, s.precision, s.fmeasure, 1, s.modelCount, s.peerCount, s.hit);
    },
    corpusScore(totals: Float64Array): MetricScore {
      return toScore(totals);
    },
    sentenceScore(stats: Float64Array): MetricScore {
      return toScore(stats);
    },
    explain(hypothesis: string, segment: number): Explanation {
      const hitsPerModel: LcsHit[][] = [];
      const s = scoreSummary(hypothesis, segment, needsUnits ? hitsPerModel : undefined);
      const hypTokens: SummaryTokens = reader.tokens(hypothesis);
      const peerIds = reader.lookup(hypTokens.joined);
      const matches: SpanMatch[] = [];
      const matched = new Set<Token>();
      const shown = modelAverage === 'B' ? (s.best >= 0 ? [s.best] : []) : s.modelIndices.map((_, i) => i);
      for (const i of shown) {
        const referenceIndex = s.modelIndices[i];
        const modelText = streams[referenceIndex][segment];
        const modelTokens = reader.tokens(modelText);
        if (kind.type === 'lcs' || kind.type === 'wlcs') {
          for (const h of hitsPerModel[i]) {
            const ht = hypTokens.units[h.peerUnit][h.peerPosition];
            const rt = modelTokens.units[h.modelUnit][h.modelPosition];
            matches.push({ order: 1, hypothesis: [span(ht)], referenceIndex, reference: [span(rt)], kind: kind.type });
            matched.add(ht);
          }
        } else {
          explainGrams(kind, coder, hypTokens.joined, peerIds, modelTokens.joined, reader.lookup(modelTokens.joined),
            referenceIndex, matches, matched);
        }
      }
      const evaluated = needsUnits ? hypTokens.units.flat() : hypTokens.joined;
      const best = s.best >= 0 ? s.modelIndices[s.best] : undefined;
      return {
        metric: variant,
        score: s.fmeasure,
        matches,
        unmatchedHypothesis: evaluated.filter((t) => !matched.has(t)).map(span),
        bestReference: best,
        details: {
          printedName,
          recall: s.recall,
          precision: s.precision,
          fmeasure: s.fmeasure,
          hitCount: s.hit,
          modelCount: s.modelCount,
          peerCount: s.peerCount,
          modelAverage,
          models: s.modelIndices.length,
          modelIndices: [...s.modelIndices],
          perModelHit: s.models.map((m) => m.hit),
          perModelModelCount: s.models.map((m) => m.modelCount),
          perModelPeerCount: s.models.map((m) => m.peerCount),
          perModelScore: s.models.map((m) => m.score),
          bestModel: best ?? -1,
          hypothesisTokens: evaluated.map((t) => t.text),
          ...(s.models.some((m) => m.baseIsZero)
            ? { rouge155Error: 'ROUGE-1.5.5 dies here (Illegal division by zero: a model without tokens in ROUGE-W)' }
            : {}),
        },
      };
    },
    signature(): string {
      return signature;
    },
    /**
     * The corpus line as ROUGE-1.5.5 prints it: Average_R/P/F are bootstrap means (1000 resamples, Perl's drand48),
     * with each segment's evaluation id its 1-based line number, as when every line is one ROUGE evaluation.
     * `score` is the printed F; the plain per-summary means and `-t 1` token-level values stay in the parts.
     */
    corpusScoreFromRows(rows: readonly Float64Array[]): MetricScore {
      const totals = new Float64Array(ROUGE155_STATS_LAYOUT.length);
      for (const row of rows) for (let k = 0; k < totals.length; k++) totals[k] += row[k];
      const plain = toScore(totals);
      const printed = this.printedAverage(rows);
      const r = Number(printed.printed.recall);
      const p = Number(printed.printed.precision);
      const f = Number(printed.printed.fmeasure);
      return {
        score: f,
        parts: {
          ...plain.parts,
          r, p, f,
          rCi: printed.recallCi, pCi: printed.precisionCi, fCi: printed.fmeasureCi,
          meanRecall: plain.parts.recall, meanPrecision: plain.parts.precision, meanF: plain.parts.fmeasure,
        },
      };
    },
    printedAverage(rows: readonly Float64Array[], averageOptions: Rouge155PrintedAverageOptions = {}): Rouge155PrintedAverage {
      const counting = averageOptions.counting ?? 'summary';
      const peerId = averageOptions.peerId ?? 'P';
      const evalIds = averageOptions.evalIds;
      if (evalIds && evalIds.length !== rows.length) throw new Error('printedAverage: one eval id per row expected');
      const averageRows: Rouge155AverageRow[] = rows.map((row, i) => ({
        testId: `${evalIds ? evalIds[i] : String(i + 1)}.${peerId}`,
        values: counting === 'summary' ? [row[0], row[1], row[2]] : [row[4], row[5], row[6]],
      }));
      return rouge155BootstrapAverage(averageRows, { ...averageOptions, counting, alpha });
    },
  };
}

/**
 * How ROUGE-1.5.5 combines a summary's per-model counts: `-f A` sums hits, model counts and peer counts over the
 * models; `-f B` keeps the counts of the model with the highest `score` (the first on ties; `best` is its index,
 * −1 under `-f A` or without models).
 */
export function combineModels(
  models: readonly { readonly hit: number; readonly modelCount: number; readonly peerCount: number; readonly score: number }[],
  modelAverage: 'A' | 'B',
): { hit: number; modelCount: number; peerCount: number; best: number } {
  let hit = 0;
  let modelCount = 0;
  let peerCount = 0;
  let best = -1;
  if (modelAverage === 'A') {
    for (const m of models) {
      hit += m.hit;
      modelCount += m.modelCount;
      peerCount += m.peerCount;
    }
  } else {
    let bestScore = -1;
    models.forEach((m, i) => {
      if (m.score > bestScore) {
        bestScore = m.score;
        best = i;
        hit = m.hit;
        modelCount = m.modelCount;
        peerCount = m.peerCount;
      }
    });
  }
  return { hit, modelCount, peerCount, best };
}

/** F from the rounded R and P, rounded (`sprintf("%7.5f", (P·R)/((1−α)·P + α·R))`, 0 when the denominator is 0). */
export function fFromRounded(recall: number, precision: number, alpha: number): number {
  const denominator = (1 - alpha) * precision + alpha * recall;
  return denominator > 0 ? perlRound5((precision * recall) / denominator) : 0;
}

function span(token: Token): Span {
  return { start: token.start, end: token.end };
}

/**
 * Matched n-grams / skip-bigrams of one model: each hypothesis unit (in order) is paired with the next unused model
 * occurrence of the same key, so the number of matches per key is min(model count, peer count), as in the hit.
 */
function explainGrams(
  kind: Kind, coder: NgramCoder | undefined, hypTokens: readonly Token[], hypIds: Int32Array,
  modelTokens: readonly Token[], modelIds: Int32Array, referenceIndex: number, out: SpanMatch[], matched: Set<Token>,
): void {
  let hypKeys: Float64Array;
  let modelKeys: Float64Array;
  let hypUnits: SkipBigramUnit[];
  let modelUnits: SkipBigramUnit[];
  if (kind.type === 'ngram' && coder) {
    const n = kind.order;
    hypKeys = coder.keysAt(hypIds, false);
    modelKeys = coder.keysAt(modelIds, false);
    hypUnits = Array.from(hypKeys, (_, i) => ({ first: i, second: i + n - 1 }));
    modelUnits = Array.from(modelKeys, (_, i) => ({ first: i, second: i + n - 1 }));
  } else if (kind.type === 'skip') {
    hypUnits = [];
    modelUnits = [];
    checkUnlimitedSkipSize(Math.max(hypIds.length, modelIds.length), kind.distance, printedNameOf(kind, 1.2));
    hypKeys = skipBigramKeys(hypIds, kind.distance, kind.unigrams, hypUnits);
    modelKeys = skipBigramKeys(modelIds, kind.distance, kind.unigrams, modelUnits);
  } else return;
  const available = new Map<number, number[]>();
  for (let i = 0; i < modelKeys.length; i++) {
    const key = modelKeys[i];
    if (key !== key) continue;
    const list = available.get(key);
    if (list) list.push(i);
    else available.set(key, [i]);
  }
  for (let i = 0; i < hypKeys.length; i++) {
    const key = hypKeys[i];
    if (key !== key) continue;
    const list = available.get(key);
    if (!list || list.length === 0) continue;
    const m = modelUnits[list.shift() as number];
    const h = hypUnits[i];
    const spansOf = (tokens: readonly Token[], u: SkipBigramUnit): Span[] => {
      if (u.second < 0) return [span(tokens[u.first])];
      if (kind.type === 'ngram') return [{ start: tokens[u.first].start, end: tokens[u.second].end }];
      return [span(tokens[u.first]), span(tokens[u.second])];
    };
    out.push({
      order: kind.type === 'ngram' ? kind.order : h.second < 0 ? 1 : 2,
      hypothesis: spansOf(hypTokens, h),
      referenceIndex,
      reference: spansOf(modelTokens, m),
      ...(kind.type === 'skip' ? { kind: h.second < 0 ? 'unigram' : 'skip-bigram' } : {}),
    });
    const last = h.second < 0 ? h.first : h.second;
    if (kind.type === 'ngram') for (let k = h.first; k <= last; k++) matched.add(hypTokens[k]);
    else {
      matched.add(hypTokens[h.first]);
      if (h.second >= 0) matched.add(hypTokens[h.second]);
    }
  }
}
