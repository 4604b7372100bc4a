import { Explanation, SpanMatch } from '../explanation';
import { MetricScore, PreparedMetric, ReferenceSet } from '../metric';
import { Span, Token } from '../../text/token';
import { snowballEnglishStem } from '../../text/stemmers/snowball-english';
import { WordNet } from '../../lexicon/wordnet';
import { METEOR_ENGLISH_FUNCTION_WORDS } from './data/meteor-english.generated';
import { MeteorAlignerResources, MeteorAlignment, MeteorLine, meteorAlign, meteorSearchWeights } from './meteor-aligner';
import { MeteorConfig, MeteorOptions, meteorEvalId, resolveMeteorOptions } from './meteor-config';
import { meteorTokens, meteorWords } from './meteor-normalize';
import { MeteorParaphraseTable } from './meteor-paraphrase';
import { COL_CHUNKS, COL_SYSTEM_CHUNKS, METEOR_STATS_LAYOUT, MeteorScoreParts, meteorScore, meteorStatsOfAlignment } from './meteor-stats';
import { MeteorSynonyms } from './meteor-synonyms';

/**
 * METEOR 1.5 (Denkowski & Lavie 2014; cmu-mtlab/meteor @ 57a9ec5), English: normalisation (meteor-normalize.ts),
 * candidate matches from the exact, stem (Snowball), synonym (WordNet 3.0) and paraphrase (a user-supplied table)
 * modules, METEOR's beam search for the alignment (meteor-aligner.ts), and its scoring from sufficient statistics
 * (meteor-stats.ts). Several references: the first reference with the highest sentence score gives the segment's
 * statistics. Corpus score: the formula on the summed statistics, as METEOR's system score.
 */
export interface MeteorMetricOptions extends MeteorOptions {
  /** Loads WordNet (only called when the synonym module is used). */
  readonly wordnet?: () => WordNet;
  /** The paraphrase table (`-a`), and a name for it in the signature. */
  readonly paraphraseTable?: MeteorParaphraseTable;
  readonly paraphraseTableName?: string;
}

/** One segment's result: the winning reference, its alignment and statistics, and every reference's score. */
export interface MeteorSegmentResult {
  readonly bestReference: number;
  readonly alignment: MeteorAlignment;
  readonly stats: Float64Array;
  readonly parts: MeteorScoreParts;
  readonly referenceScores: readonly number[];
}

export interface PreparedMeteor extends PreparedMetric {
  readonly config: MeteorConfig;
  /** METEOR's Eval ID, e.g. `meteor-1.5-wo-en-norm-0.85_0.2_0.6_0.75-ex_st_sy-1.0_0.6_0.8`. */
  readonly evalId: string;
  /** Aligns a hypothesis with each reference of a segment and keeps the best. */
  scoreSegment(hypothesis: string, segment: number): MeteorSegmentResult;
  /** The scoring formula on a statistics row (`system`: corpus totals, whose chunk count leaves out perfect segments). */
  scoreParts(stats: Float64Array, system: boolean): MeteorScoreParts;
}

export const METEOR_FUNCTION_WORDS: ReadonlySet<string> = new Set(METEOR_ENGLISH_FUNCTION_WORDS);

function partsOf(parts: MeteorScoreParts): MetricScore['parts'] {
  return {
    precision: parts.precision,
    recall: parts.recall,
    f1: parts.f1,
    fMean: parts.fMean,
    fragmentation: parts.fragmentation,
    fragPenalty: parts.fragPenalty,
    chunks: parts.chunks,
  };
}

/** Prepares METEOR 1.5 against a reference set (references normalised and tokenized once). */
export function prepareMeteor(references: ReferenceSet, options: MeteorMetricOptions = {}): PreparedMeteor {
  const config = resolveMeteorOptions({ ...options, hasParaphraseTable: options.hasParaphraseTable ?? options.paraphraseTable !== undefined });
  const evalId = meteorEvalId(config);
  const streams = references.streams;
  const nrefs = streams.length;
  const segments = nrefs > 0 ? streams[0].length : 0;

  let synonyms: MeteorSynonyms | undefined;
  if (config.modules.includes('synonym')) {
    if (!options.wordnet) throw new Error('METEOR synonym module: no WordNet loader given');
    synonyms = new MeteorSynonyms(options.wordnet());
  }
  const resources: MeteorAlignerResources = {
    stem: config.modules.includes('stem') ? snowballEnglishStem : undefined,
    synonyms,
    paraphrases: config.modules.includes('paraphrase') ? options.paraphraseTable : undefined,
    functionWords: METEOR_FUNCTION_WORDS,
  };
  const searchWeights = meteorSearchWeights(config.modules);
  // Reference lines are normalised and analysed on first use, then kept (k → segment → line).
  const referenceLines: (MeteorLine | undefined)[][] = streams.map((stream) => new Array<MeteorLine | undefined>(stream.length));
  const referenceLine = (k: number, segment: number): MeteorLine => {
    let line = referenceLines[k][segment];
    if (!line) {
      line = new MeteorLine(meteorWords(streams[k][segment], config.normalization));
      referenceLines[k][segment] = line;
    }
    return line;
  };

  const checkSegment = (segment: number): void => {
    if (!(segment >= 0 && segment < segments)) {
      throw new RangeError(`METEOR: segment ${segment} is out of range (the reference set has ${segments} segments)`);
    }
  };

  const scoreParts = (stats: Float64Array, system: boolean): MeteorScoreParts =>
    meteorScore(stats, config.parameters, config.weights, system ? COL_SYSTEM_CHUNKS : COL_CHUNKS);

  const scoreWords = (test: readonly string[], segment: number): MeteorSegmentResult => {
    checkSegment(segment);
    let best: MeteorSegmentResult | undefined;
    const referenceScores: number[] = [];
    const testLine = new MeteorLine(test);
    for (let k = 0; k < nrefs; k++) {
      const alignment = meteorAlign(testLine, referenceLine(k, segment), config.modules, searchWeights, config.beamSize, resources);
      const stats = meteorStatsOfAlignment(alignment, config.characterBased);
      const parts = scoreParts(stats, false);
      referenceScores.push(parts.score);
      // MeteorScorer.getMeteorStats(test, references): the first reference with a strictly higher score wins.
      if (best === undefined || parts.score > best.parts.score) best = { bestReference: k, alignment, stats, parts, referenceScores };
    }
    if (best === undefined) throw new RangeError('METEOR: no reference');
    return { ...best, referenceScores };
  };

  const scoreSegment = (hypothesis: string, segment: number): MeteorSegmentResult => scoreWords(meteorWords(hypothesis, config.normalization), segment);

  const stats = (hypothesis: string, segment: number): Float64Array => scoreSegment(hypothesis, segment).stats;

  const explain = (hypothesis: string, segment: number): Explanation => {
    const hypTokens = meteorTokens(hypothesis, config.normalization, true);
    const result = scoreWords(hypTokens.map((t) => t.text), segment);
    const refTokens = meteorTokens(streams[result.bestReference][segment], config.normalization, true);
    return explainAlignment(result, hypTokens, refTokens, config, evalId);
  };

  const signature = (): string => {
    const parts = [`nrefs:${nrefs}`, `id:${evalId}`, `beam:${config.beamSize}`];
    if (config.modules.includes('synonym')) parts.push('wordnet:3.0');
    if (config.modules.includes('paraphrase')) parts.push(`para:${options.paraphraseTableName ?? 'custom'}`);
    return parts.join('|');
  };

  return {
    name: 'meteor',
    statsLayout: METEOR_STATS_LAYOUT,
    config,
    evalId,
    stats,
    corpusScore: (totals) => {
      const parts = scoreParts(totals, true);
      return { score: parts.score, parts: partsOf(parts) };
    },
    sentenceScore: (row) => {
      const parts = scoreParts(row, false);
      return { score: parts.score, parts: partsOf(parts) };
    },
    explain,
    signature,
    scoreSegment,
    scoreParts,
  };
}

const spanOf = (t: Token): Span => ({ start: t.start, end: t.end });

/**
 * The alignment as spans of the original lines: one SpanMatch per METEOR match (kind = the module that found it,
 * weight = its module weight), in reference order; `details.chunkOfMatch[i]` numbers the chunk of `matches[i]`.
 */
export function explainAlignment(result: MeteorSegmentResult, hypTokens: readonly Token[], refTokens: readonly Token[], config: MeteorConfig, evalId: string): Explanation {
  const matches: SpanMatch[] = [];
  const chunkOfMatch: number[] = [];
  const covered = new Uint8Array(hypTokens.length);
  let chunk = -1;
  let lastMatchEnd = -1;
  let idx = 0;
  const alignment = result.alignment;
  while (idx < alignment.matches.length) {
    const m = alignment.matches[idx];
    if (m === undefined) {
      lastMatchEnd = -1;
      idx++;
      continue;
    }
    if (lastMatchEnd === -1 || m.matchStart !== lastMatchEnd) chunk++;
    const hypothesis: Span[] = [];
    for (let k = 0; k < m.matchLength; k++) {
      hypothesis.push(spanOf(hypTokens[m.matchStart + k]));
      covered[m.matchStart + k] = 1;
    }
    const reference: Span[] = [];
    for (let k = 0; k < m.length; k++) reference.push(spanOf(refTokens[m.start + k]));
    matches.push({ order: m.matchLength, hypothesis, referenceIndex: result.bestReference, reference, weight: config.weights[m.stage], kind: config.modules[m.stage] });
    chunkOfMatch.push(chunk);
    idx = m.start + m.length;
    lastMatchEnd = m.matchStart + m.matchLength;
  }
  const unmatchedHypothesis = hypTokens.filter((_, i) => !covered[i]).map(spanOf);
  const p = result.parts;
  return {
    metric: 'meteor',
    score: p.score,
    matches,
    unmatchedHypothesis,
    bestReference: result.bestReference,
    details: {
      precision: p.precision,
      recall: p.recall,
      fMean: p.fMean,
      fragmentation: p.fragmentation,
      fragPenalty: p.fragPenalty,
      chunks: p.chunks,
      chunkOfMatch,
      hypothesisWords: alignment.test.length,
      referenceWords: alignment.reference.length,
      hypothesisTokens: alignment.test.slice(),
      referenceTokens: alignment.reference.slice(),
      referenceScores: result.referenceScores.slice(),
      modules: config.modules.slice(),
      evalId,
    },
  };
}
