import { EditStep, Explanation, SpanMatch } from './explanation';
import { MetricScore, PreparedMetric, ReferenceSet } from './metric';
import {
  TER_DELETE,
  TER_INSERT,
  TER_MATCH,
  TER_SUBSTITUTE,
  TerAlignment,
  tercomEditRate,
  translationEditRate,
} from './ter-alignment';
import { Span, Token } from '../text/token';
import {
  TERCOM_TOKENIZER_SIGNATURE,
  TercomDialect,
  TercomTokenizerOptions,
  tercomInputText,
  tercomWords,
  tokenizeTercom,
} from '../text/tokenizers/tokenizer-ter';

/**
 * TER as sacreBLEU 2.6.0 computes it (`sacrebleu.metrics.TER`, `lib_ter.py`; see ter-alignment.ts for the search).
 *
 * Per segment: the hypothesis is scored against each reference; the statistics are
 * `[num_edits of the reference with the fewest edits (first on ties), reference length averaged over references]`.
 * TER = 100 · Σ edits / Σ average reference length; when that length sum is 0, TER = 100 if there are edits and 0
 * otherwise (sacreBLEU's `_compute_score_from_stats`). A sentence score is the same formula on one segment.
 *
 * Options are sacreBLEU's (`case_sensitive`, `normalized`, `no_punct`, `asian_support`); the tokenizer is
 * tokenizer-ter.ts.
 *
 * `dialect: 'tercom'` reproduces tercom 0.10.0 (`java -jar tercom.jar`, flags `-s` `-N` `-P` `-A`) instead: its
 * trans-format trimming and Java whitespace (tokenizer-ter.ts), its own shift search (ter-alignment.ts), and its
 * empty-segment rule, decided on the trimmed text rather than on the words: an empty hypothesis costs one deletion
 * per reference word, an empty reference one insertion per hypothesis word and contributes length 0. The score
 * formula is the same (tercom prints NaN for a corpus whose references are all empty; here that is 0, as in
 * sacreBLEU). tercom's trans reader rejects a line containing U+0085, U+2028, U+2029 or a lone CR (its `.` does not
 * match them); such segments are scored here as if tercom had read them.
 *
 * Explanations: `edits` lists the shifts first (one step per run of originally adjacent moved words, its reference
 * span covering the reference words those words end up aligned to), then the word-level script of the shifted
 * hypothesis against the best reference, left to right. `matches` are the matched words (order 1);
 * `unmatchedHypothesis` the substituted and inserted hypothesis words, in hypothesis order.
 */
export interface TerOptions {
  /** Do not lower-case (default false: TER is case-insensitive, like tercom without `-s`). */
  readonly caseSensitive?: boolean;
  /** tercom-style normalisation: punctuation split from words, entities unescaped. */
  readonly normalized?: boolean;
  /** Remove `. , ? : ; ! " ( )` (and CJK punctuation with `asianSupport`). */
  readonly noPunct?: boolean;
  /** Split CJK characters (with `normalized`) / remove CJK punctuation (with `noPunct`). */
  readonly asianSupport?: boolean;
  /** Which tool to reproduce: sacreBLEU 2.6.0 (default) or tercom 0.10.0. */
  readonly dialect?: TercomDialect;
}

export const TER_STATS_LAYOUT: readonly string[] = ['num_edits', 'ref_length'];

/** Version strings written in TER signatures: the tool whose behaviour is reproduced. */
export const TER_SACREBLEU_VERSION = '2.6.0';
export const TER_TERCOM_VERSION = 'tercom-0.10.0';

export function resolveTerOptions(options?: TerOptions): TercomTokenizerOptions {
  return {
    caseSensitive: options?.caseSensitive ?? false,
    normalized: options?.normalized ?? false,
    noPunct: options?.noPunct ?? false,
    asianSupport: options?.asianSupport ?? false,
    dialect: options?.dialect ?? 'sacrebleu',
  };
}

/** TER from (summed) `[num_edits, ref_length]`. */
export function terFromStats(stats: Float64Array): MetricScore {
  const numEdits = stats[0];
  const refLength = stats[1];
  let rate: number;
  if (refLength > 0) rate = numEdits / refLength;
  else rate = numEdits > 0 ? 1 : 0; // empty reference(s): 100 with a non-empty hypothesis, 0 when both are empty
  return { score: 100 * rate, parts: { numEdits, refLength } };
}

/** sacreBLEU's TER signature, e.g. `nrefs:1|case:lc|tok:tercom|norm:no|punct:yes|asian:no|version:2.6.0`. */
export function terSignature(nrefs: number, options: TercomTokenizerOptions): string {
  const yesNo = (b: boolean): string => (b ? 'yes' : 'no');
  return [
    `nrefs:${nrefs}`,
    `case:${options.caseSensitive ? 'mixed' : 'lc'}`,
    `tok:${TERCOM_TOKENIZER_SIGNATURE}`,
    `norm:${yesNo(options.normalized)}`,
    `punct:${yesNo(!options.noPunct)}`,
    `asian:${yesNo(options.asianSupport)}`,
    `version:${options.dialect === 'tercom' ? TER_TERCOM_VERSION : TER_SACREBLEU_VERSION}`,
  ].join('|');
}

/** The best reference of a segment and its alignment. */
interface SegmentResult {
  readonly numEdits: number;
  readonly refLength: number;
  readonly bestReference: number;
  readonly referenceEdits: readonly number[];
}

function spanOf(token: Token): Span {
  return { start: token.start, end: token.end };
}

/** Smallest span covering the given tokens (undefined when there are none). */
function coveringSpan(tokens: readonly Token[]): Span | undefined {
  if (tokens.length === 0) return undefined;
  let start = tokens[0].start;
  let end = tokens[0].end;
  for (const t of tokens) {
    if (t.start < start) start = t.start;
    if (t.end > end) end = t.end;
  }
  return { start, end };
}

/** Prepares sacreBLEU-compatible TER against a reference set (references tokenized and interned once). */
export function prepareTer(references: ReferenceSet, options?: TerOptions): PreparedMetric {
  const resolved = resolveTerOptions(options);
  const streams = references.streams;
  const nrefs = streams.length;
  const segments = nrefs > 0 ? streams[0].length : 0;

  const tercom = resolved.dialect === 'tercom';

  // Reference words get dense ids; hypothesis words absent from every reference get -1 (they never match).
  // `referenceEmpty` is tercom's empty-text rule (sacreBLEU only looks at the words).
  const vocabulary = new Map<string, number>();
  const referenceIds: Int32Array[][] = [];
  const referenceEmpty: boolean[][] = [];
  for (let i = 0; i < segments; i++) {
    const perReference: Int32Array[] = [];
    const emptiness: boolean[] = [];
    for (let k = 0; k < nrefs; k++) {
      const line = streams[k][i];
      const empty = tercom && tercomInputText(line).length === 0;
      const words = empty ? [] : tercomWords(line, resolved);
      const ids = new Int32Array(words.length);
      for (let w = 0; w < words.length; w++) {
        let id = vocabulary.get(words[w]);
        if (id === undefined) {
          id = vocabulary.size;
          vocabulary.set(words[w], id);
        }
        ids[w] = id;
      }
      perReference.push(ids);
      emptiness.push(empty);
    }
    referenceIds.push(perReference);
    referenceEmpty.push(emptiness);
  }

  const hypothesisIds = (words: readonly string[]): Int32Array => {
    const ids = new Int32Array(words.length);
    for (let w = 0; w < words.length; w++) ids[w] = vocabulary.get(words[w]) ?? -1;
    return ids;
  };

  /** The hypothesis words the tool scores (tercom: none for an empty trimmed text). */
  const hypothesisTokens = (hypothesis: string): Token[] =>
    tercom && tercomInputText(hypothesis).length === 0 ? [] : tokenizeTercom(hypothesis, resolved);
  const hypothesisWords = (hypothesis: string): string[] =>
    tercom && tercomInputText(hypothesis).length === 0 ? [] : tercomWords(hypothesis, resolved);

  const checkSegment = (segment: number): void => {
    if (!(segment >= 0 && segment < segments)) {
      throw new RangeError(`TER: segment ${segment} is out of range (the reference set has ${segments} segments)`);
    }
  };

  /** Edits against reference k (and its length as the tool counts it), optionally with the alignment. */
  function align(hypIds: Int32Array, segment: number, k: number, withAlignment: true): TerAlignment;
  function align(hypIds: Int32Array, segment: number, k: number, withAlignment: false): number;
  function align(hypIds: Int32Array, segment: number, k: number, withAlignment: boolean): number | TerAlignment {
    const refIds = referenceIds[segment][k];
    if (!tercom) return withAlignment ? translationEditRate(hypIds, refIds, true) : translationEditRate(hypIds, refIds);
    if (hypIds.length === 0 || referenceEmpty[segment][k]) {
      // tercom's TERnullstr: the non-empty side's words are all deleted / inserted.
      const edits = hypIds.length === 0 ? refIds.length : hypIds.length;
      if (!withAlignment) return edits;
      const order = Int32Array.from({ length: hypIds.length }, (_, w) => w);
      const op = hypIds.length === 0 ? TER_DELETE : TER_INSERT;
      return { numEdits: edits, editDistance: edits, shifts: [], order, ops: new Uint8Array(edits).fill(op) };
    }
    return withAlignment ? tercomEditRate(hypIds, refIds, true) : tercomEditRate(hypIds, refIds);
  }

  /** tercom counts an empty reference as length 0 whatever its words; sacreBLEU counts words. */
  const referenceLength = (segment: number, k: number): number =>
    referenceEmpty[segment][k] ? 0 : referenceIds[segment][k].length;

  const scoreSegment = (hypIds: Int32Array, segment: number): SegmentResult => {
    checkSegment(segment);
    let best = Infinity;
    let bestReference = 0;
    let lengthSum = 0;
    const referenceEdits: number[] = [];
    for (let k = 0; k < nrefs; k++) {
      const edits = align(hypIds, segment, k, false);
      referenceEdits.push(edits);
      lengthSum += referenceLength(segment, k);
      if (edits < best) {
        best = edits;
        bestReference = k;
      }
    }
    return { numEdits: best, refLength: lengthSum / nrefs, bestReference, referenceEdits };
  };

  const stats = (hypothesis: string, segment: number): Float64Array => {
    const result = scoreSegment(hypothesisIds(hypothesisWords(hypothesis)), segment);
    return Float64Array.of(result.numEdits, result.refLength);
  };

  const explain = (hypothesis: string, segment: number): Explanation => {
    const hypTokens = hypothesisTokens(hypothesis);
    const hypIds = hypothesisIds(hypTokens.map((t) => t.text));
    const result = scoreSegment(hypIds, segment);
    const best = result.bestReference;
    const refTokens = referenceEmpty[segment][best] ? [] : tokenizeTercom(streams[best][segment], resolved);
    const alignment = align(hypIds, segment, best, true);
    const score = terFromStats(Float64Array.of(result.numEdits, result.refLength)).score;

    // Where each original hypothesis word ends up in the final script, and what it is aligned to.
    const hypOp = new Int8Array(hypTokens.length).fill(-1);
    const hypRef = new Int32Array(hypTokens.length).fill(-1);
    const scriptSteps: EditStep[] = [];
    const matches: SpanMatch[] = [];
    let substitutions = 0;
    let insertions = 0;
    let deletions = 0;
    let h = 0;
    let r = 0;
    for (const op of alignment.ops) {
      if (op === TER_MATCH || op === TER_SUBSTITUTE) {
        const original = alignment.order[h];
        hypOp[original] = op;
        hypRef[original] = r;
        const hypSpan = spanOf(hypTokens[original]);
        const refSpan = spanOf(refTokens[r]);
        if (op === TER_MATCH) {
          scriptSteps.push({ op: 'match', hypothesis: hypSpan, reference: refSpan });
          matches.push({ order: 1, hypothesis: [hypSpan], referenceIndex: best, reference: [refSpan] });
        } else {
          scriptSteps.push({ op: 'substitute', hypothesis: hypSpan, reference: refSpan });
          substitutions++;
        }
        h++;
        r++;
      } else if (op === TER_INSERT) {
        const original = alignment.order[h];
        hypOp[original] = op;
        scriptSteps.push({ op: 'insert', hypothesis: spanOf(hypTokens[original]) });
        insertions++;
        h++;
      } else {
        scriptSteps.push({ op: 'delete', reference: spanOf(refTokens[r]) });
        deletions++;
        r++;
      }
    }

    // Shifts come first in the script (they are applied before the word-level edits). A shifted block is one step
    // per run of originally adjacent words; its reference span covers the reference words the block ends up on.
    const shiftSteps: EditStep[] = [];
    const shiftedBlocks: string[] = [];
    const shiftedSpans: number[] = [];
    let wordsShifted = 0;
    for (const shift of alignment.shifts) {
      wordsShifted += shift.length;
      shiftedBlocks.push(shift.words.map((w) => hypTokens[w].text).join(' '));
      let run: number[] = [];
      const flush = (): void => {
        if (run.length === 0) return;
        const hypSpan = coveringSpan(run.map((w) => hypTokens[w])) as Span;
        const refSpan = coveringSpan(run.filter((w) => hypRef[w] >= 0).map((w) => refTokens[hypRef[w]]));
        shiftSteps.push(refSpan ? { op: 'shift', hypothesis: hypSpan, reference: refSpan } : { op: 'shift', hypothesis: hypSpan });
        shiftedSpans.push(hypSpan.start, hypSpan.end);
        run = [];
      };
      for (const w of shift.words) {
        if (run.length > 0 && w !== run[run.length - 1] + 1) flush();
        run.push(w);
      }
      flush();
    }

    const unmatchedHypothesis: Span[] = [];
    for (let w = 0; w < hypTokens.length; w++) {
      if (hypOp[w] === TER_SUBSTITUTE || hypOp[w] === TER_INSERT) unmatchedHypothesis.push(spanOf(hypTokens[w]));
    }

    return {
      metric: 'ter',
      score,
      matches,
      unmatchedHypothesis,
      bestReference: best,
      edits: [...shiftSteps, ...scriptSteps],
      details: {
        numEdits: result.numEdits,
        refLength: result.refLength,
        shifts: alignment.shifts.length,
        wordsShifted,
        substitutions,
        insertions,
        deletions,
        editDistance: alignment.editDistance,
        referenceEdits: result.referenceEdits,
        shiftedBlocks,
        shiftedSpans,
        hypothesisTokens: hypTokens.map((t) => t.text),
        referenceTokens: refTokens.map((t) => t.text),
      },
    };
  };

  return {
    name: 'ter',
    statsLayout: TER_STATS_LAYOUT,
    stats,
    corpusScore: (totals) => terFromStats(totals),
    sentenceScore: (row) => terFromStats(row),
    // The fewest edits (the first reference on ties) and the mean reference length, summed in reference order.
    combineReferences: (rows, offset, chosen, count, out) => {
      let best = Infinity;
      let lengthSum = 0;
      for (let k = 0; k < count; k++) {
        const at = offset + 2 * chosen[k];
        if (rows[at] < best) best = rows[at];
        lengthSum += rows[at + 1];
      }
      out[0] = best;
      out[1] = lengthSum / count;
    },
    explain,
    signature: () => terSignature(nrefs, resolved),
  };
}
