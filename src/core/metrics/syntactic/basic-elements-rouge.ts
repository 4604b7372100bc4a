import { Explanation, SpanMatch } from '../explanation';
import { MetricScore, PreparedMetric, ReferenceSet } from '../metric';
import { Span } from '../../text/token';
import { ParsedLine, TreeSource } from '../../syntax/tree-source';
import { BasicElement, formatBasicElement, lineBasicElements } from '../../syntax/basic-elements';
import { asciiLowerCase, rouge155Stem } from '../../text/stemmers/rouge155-stemmer';
import { perlRound5 } from '../rouge155/perl-format';
import { ROUGE155_STATS_LAYOUT, combineModels, fFromRounded } from '../rouge155/rouge155';
import { rouge155BootstrapAverage } from '../rouge155/rouge155-average';
import { combineRouge155Rows, combineRouge155SumsA } from '../rouge155/combine-references';
import { UNDERSTUDY_VERSION } from '../../version';
import { KeyedUnit, countOverlap, keyCounts, matchUnits, sumValues } from './unit-matching';
import { ReferenceCache, contentWords, hypothesisParse, presentReferences, spanOf, summaryMeans, uniqueSpans } from './syntactic-common';

/**
 * ROUGE-BE: Basic Elements scored as ROUGE-1.5.5 scores them with `-3 <mode>` (its `createBE`, `getBEScore`,
 * `computeBEScore`), on BEs extracted from the dependency trees (basic-elements.ts):
 * - each BE line is ASCII-lower-cased; with stemming (`-m`; on by default here, since BE-HM is defined on stems) a head
 *   or modifier longer than 3 bytes is stemmed token by token with ROUGE-1.5.5's stemmer (`MorphStemMulti`);
 * - the mode picks the unit: HM (BE-HM, the DUC/TAC score) = `head|modifier`; HMR = `head|modifier|relation`; H =
 *   head-only BEs (modifier NIL); HM1, HMR1, HMR2 as ROUGE-1.5.5 defines them;
 * - per model, hits are the clipped overlap of the peer's and the model's BE counts; `-f A` sums hits, model counts
 *   and peer counts over the models, `-f B` keeps the model with the highest recall (rounded to 5 decimals, the
 *   first on ties); R = H/M and P = H/P rounded with `%7.5f`, F = P·R / ((1−α)·P + α·R) from the rounded values.
 * The statistics and corpus line are ROUGE-1.5.5's (as in rouge155.ts): per-summary [R, P, F, 1, M, P count, H], and
 * the printed Average_R/P/F as its bootstrap mean; jackknifing is the engine's wrapper.
 */
export type BeMode = 'H' | 'HM' | 'HMR' | 'HM1' | 'HMR1' | 'HMR2';

export interface BasicElementsOptions {
  readonly name: string;
  readonly trees: TreeSource;
  readonly mode: BeMode;
  /** `-m` (default true: BE-HM is defined on stemmed words). */
  readonly stem?: boolean;
  /** `-f` (default 'A'). */
  readonly modelAverage?: 'A' | 'B';
  /** `-p` (default 0.5). */
  readonly alpha?: number;
}

interface BeUnit extends KeyedUnit {
  readonly element: BasicElement;
}

function utf8Length(text: string): number {
  let n = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0) as number;
    n += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
  }
  return n;
}

// ROUGE-1.5.5 leaves PTB bracket tokens unstemmed, but tests for them after lower-casing the line, so the test
// never holds; kept for the record of what the tool means to do.
const BRACKET_TOKEN = /(-LRB-|-RRB-|-LSB-|-RSB-|-LCB-|-RCB-)/;

/**
 * ROUGE-1.5.5's `MorphStemMulti`: stems every token of a multi-word head or modifier that has a letter or digit.
 * Perl's `split(/\s+/)` (bytes: ASCII whitespace only) keeps a leading empty field and drops trailing ones.
 */
function stemMulti(text: string): string {
  let stemmed = stemMemo.get(text);
  if (stemmed === undefined) {
    stemmed = stemTokens(text);
    if (stemMemo.size >= 100_000) stemMemo.clear();
    stemMemo.set(text, stemmed);
  }
  return stemmed;
}

/** Stems of recently seen heads and modifiers (a pure function of the text; bounded so memory stays flat). */
const stemMemo = new Map<string, string>();

function stemTokens(text: string): string {
  const tokens = text.split(/[ \t\n\r\f\x0b]+/);
  while (tokens.length > 0 && tokens[tokens.length - 1] === '') tokens.pop();
  return tokens.map((t) => (/[A-Za-z0-9]/.test(t) && !BRACKET_TOKEN.test(t) ? rouge155Stem(t) : t)).join(' ');
}

/**
 * The unit ROUGE-1.5.5 counts for one BE line under `mode` (its `createBE`), or undefined when the mode skips it. The
 * fields are what ROUGE would split the lower-cased `head|modifier|relation` line into.
 */
export function beUnitKey(element: Pick<BasicElement, 'head' | 'modifier' | 'relation'>, mode: BeMode, stem: boolean): string | undefined {
  const head = asciiLowerCase(element.head);
  const modifier = asciiLowerCase(element.modifier);
  const relation = asciiLowerCase(element.relation);
  let stemH = head;
  let stemM = modifier;
  if (stem) {
    if (utf8Length(stemH) > 3) stemH = stemMulti(stemH);
    // ROUGE compares the lower-cased modifier with "NIL" here, which never holds: only the length decides.
    if (utf8Length(stemM) > 3) stemM = stemMulti(stemM);
  }
  switch (mode) {
    case 'H':
      return stemM === 'nil' ? stemH : undefined;
    case 'HM':
      return stemM !== 'nil' ? `${stemH}|${stemM}` : undefined;
    case 'HMR':
      return relation !== 'nil' ? `${stemH}|${stemM}|${relation}` : undefined;
    case 'HM1':
      return `${stemH}|${stemM}`;
    case 'HMR1':
      return modifier !== 'nil' ? `${stemH}|${stemM}|${relation}` : undefined;
    case 'HMR2':
      return `${stemH}|${stemM}|${relation}`;
  }
}

/** The units of a list of BEs under the mode (those the mode skips are left out). */
export function beUnits(elements: readonly BasicElement[], mode: BeMode, stem: boolean): BeUnit[] {
  const out: BeUnit[] = [];
  for (const element of elements) {
    const key = beUnitKey(element, mode, stem);
    if (key !== undefined) out.push({ key, element });
  }
  return out;
}

export interface BeModelScore {
  readonly hit: number;
  readonly modelCount: number;
  readonly peerCount: number;
}

/**
 * One summary's ROUGE-1.5.5 numbers from its per-model counts: [R, P, F, 1, M, P count, H], and which model `-f B`
 * chose (−1 for `-f A`).
 */
export function rougeBeRow(models: readonly BeModelScore[], modelAverage: 'A' | 'B', alpha: number): { row: Float64Array; best: number } {
  // getBEScore: what -f B compares is sprintf("%07.5f", hit / model count), 0 without model BEs.
  const scored = models.map((m) => ({ ...m, score: m.modelCount !== 0 ? perlRound5(m.hit / m.modelCount) : 0 }));
  const { hit, modelCount, peerCount, best } = combineModels(scored, modelAverage);
  const recall = perlRound5(modelCount !== 0 ? hit / modelCount : 0);
  const precision = perlRound5(peerCount !== 0 ? hit / peerCount : 0);
  const fmeasure = fFromRounded(recall, precision, alpha);
  return { row: Float64Array.of(recall, precision, fmeasure, 1, modelCount, peerCount, hit), best };
}

/** Per-summary ROUGE statistics → the corpus line: plain means, `-t 1` token-level values, and the printed bootstrap average. */
export function rougeBeCorpusScore(rows: readonly Float64Array[], alpha: number): MetricScore {
  const totals = new Float64Array(ROUGE155_STATS_LAYOUT.length);
  for (const row of rows) for (let k = 0; k < totals.length; k++) totals[k] += row[k];
  const plain = rougeBeMeans(totals, alpha);
  const printed = rouge155BootstrapAverage(rows.map((row, i) => ({ testId: `${i + 1}.P`, values: [row[0], row[1], row[2]] as const })), { alpha });
  return {
    score: printed.fmeasure,
    parts: {
      ...plain.parts,
      r: printed.recall, p: printed.precision, f: printed.fmeasure,
      rCi: printed.recallCi, pCi: printed.precisionCi, fCi: printed.fmeasureCi,
      meanRecall: plain.parts.recall, meanPrecision: plain.parts.precision, meanF: plain.parts.fmeasure,
    },
  };
}

/** Means of the per-summary values and the `-t 1` values of the summed counts (F with ROUGE's α). */
function rougeBeMeans(stats: Float64Array, alpha: number): MetricScore {
  const f = (p: number, r: number): number => {
    const denominator = (1 - alpha) * p + alpha * r;
    return denominator > 0 ? (r * p) / denominator : 0;
  };
  return summaryMeans(stats, 'fmeasure', f, ['modelCount', 'peerCount', 'hitCount']);
}

export function prepareBasicElements(references: ReferenceSet, options: BasicElementsOptions): PreparedMetric {
  const { name, trees, mode } = options;
  const stem = options.stem ?? true;
  const modelAverage = options.modelAverage ?? 'A';
  const alpha = options.alpha ?? 0.5;
  if (!(alpha >= 0 && alpha <= 1)) throw new RangeError('Relative importance of ROUGE recall and precision has to be between 0 and 1 inclusively.');
  const unitsOf = (parsed: ParsedLine): BeUnit[] => beUnits(lineBasicElements(parsed), mode, stem);
  const referenceUnits = new ReferenceCache(references, trees, (parsed) => {
    const units = unitsOf(parsed);
    return { units, counts: keyCounts(units) };
  });

  const compare = (hypothesis: string, segment: number) => {
    const hypParse = hypothesisParse(trees, hypothesis, segment);
    const peer = unitsOf(hypParse);
    const models = presentReferences(references, segment).map((k) => {
      const { parsed, value } = referenceUnits.get(k, segment);
      return { k, parsed, units: value.units, matching: matchUnits(peer, value.units) };
    });
    const counts: BeModelScore[] = models.map((m) => ({ hit: m.matching.pairs.length, modelCount: m.units.length, peerCount: peer.length }));
    return { hypParse, peer, models, ...rougeBeRow(counts, modelAverage, alpha) };
  };

  const signature = [
    'rouge-be',
    `mode:${mode}`,
    `stem:${stem ? 'yes' : 'no'}`,
    `f:${modelAverage}`,
    `alpha:${alpha}`,
    `nrefs:${references.streams.length}`,
    'be:ud.1',
    `trees:${trees.name}`,
    `version:${UNDERSTUDY_VERSION}`,
  ].join('|');

  return {
    name,
    statsLayout: ROUGE155_STATS_LAYOUT,
    stats(hypothesis: string, segment: number): Float64Array {
      // ROUGE's hit per model is the clipped overlap of the key counts (getBEScore); no pairing needed here.
      const peer = keyCounts(unitsOf(hypothesisParse(trees, hypothesis, segment)));
      const peerCount = sumValues(peer);
      const models = presentReferences(references, segment).map((k) => {
        const { counts } = referenceUnits.get(k, segment).value;
        return { hit: countOverlap(peer, counts, false), modelCount: sumValues(counts), peerCount };
      });
      return rougeBeRow(models, modelAverage, alpha).row;
    },
    combineReferences(rows: Float64Array, offset: number, chosen: Int32Array, count: number, out: Float64Array): void {
      if (modelAverage === 'A') {
        combineRouge155SumsA(rows, offset, chosen, count, out, alpha);
        return;
      }
      combineRouge155Rows(rows, offset, chosen, count, out, {
        modelAverage,
        alpha,
        modelScore: (hit, model) => (model !== 0 ? perlRound5(hit / model) : 0),
        ratio: (hit, n) => (n !== 0 ? hit / n : 0),
      });
    },
    corpusScore(totals: Float64Array): MetricScore {
      return rougeBeMeans(totals, alpha);
    },
    corpusScoreFromRows(rows: readonly Float64Array[]): MetricScore {
      return rougeBeCorpusScore(rows, alpha);
    },
    sentenceScore(stats: Float64Array): MetricScore {
      return rougeBeMeans(stats, alpha);
    },
    explain(hypothesis: string, segment: number): Explanation {
      const { hypParse, peer, models, row, best } = compare(hypothesis, segment);
      const matches: SpanMatch[] = [];
      const matchedWords = new Set<string>();
      const spansOf = (parsed: ParsedLine, be: BasicElement): Span[] =>
        uniqueSpans([...be.headWords, ...be.modifierWords].map((w) => spanOf(parsed, be.sentence, w)));
      const shown = modelAverage === 'B' ? (best >= 0 ? [models[best]] : []) : models;
      const matched: string[] = [];
      for (const m of shown) {
        for (const [h, r] of m.matching.pairs) {
          const be = peer[h].element;
          matches.push({ order: 2, hypothesis: spansOf(hypParse, be), referenceIndex: m.k, reference: spansOf(m.parsed, m.units[r].element), kind: be.relation });
          for (const w of [...be.headWords, ...be.modifierWords]) matchedWords.add(`${be.sentence}:${w}`);
          matched.push(`${formatBasicElement(be)} ← model ${m.k + 1}`);
        }
      }
      return {
        metric: name,
        score: row[2],
        matches,
        unmatchedHypothesis: uniqueSpans(contentWords(hypParse).filter(([s, w]) => !matchedWords.has(`${s}:${w}`)).map(([s, w]) => spanOf(hypParse, s, w))),
        bestReference: best >= 0 ? models[best].k : undefined,
        details: {
          printedName: `ROUGE-BE-${mode}`,
          recall: row[0],
          precision: row[1],
          fmeasure: row[2],
          hitCount: row[6],
          modelCount: row[4],
          peerCount: row[5],
          modelAverage,
          modelIndices: models.map((m) => m.k),
          perModelHit: models.map((m) => m.matching.pairs.length),
          perModelModelCount: models.map((m) => m.units.length),
          hypothesisElements: peer.map((u) => formatBasicElement(u.element)),
          matchedElements: matched,
          units: peer.map((u) => u.key),
        },
      };
    },
    signature(): string {
      return signature;
    },
  };
}
