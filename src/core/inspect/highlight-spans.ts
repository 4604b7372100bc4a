import { Explanation, SpanMatch } from '../metrics/explanation';
import { Span } from '../text/token';

/**
 * What the editor paints on a line to show why it scored as it did, from the metrics' explanations (character spans
 * of the original lines): matched word n-grams by order (each character takes the highest order of the matches
 * covering it), hypothesis tokens that match nothing, ROUGE's longest common subsequence, and TER's edits (shifted
 * blocks, substituted and inserted words on the hypothesis; deleted words on the reference).
 */
export type HighlightKind = 'order1' | 'order2' | 'order3' | 'order4' | 'unmatched' | 'lcs' | 'ter-shift' | 'ter-substitute' | 'ter-insert' | 'ter-delete';
export type HighlightLayer = 'ngrams' | 'unmatched' | 'lcs' | 'ter';
export const HIGHLIGHT_LAYERS: readonly HighlightLayer[] = ['ngrams', 'unmatched', 'lcs', 'ter'];

export interface HighlightSpan extends Span {
  readonly kind: HighlightKind;
}

/** Metrics whose matches are word n-grams, in the order one is preferred as the source of the n-gram layer. */
const NGRAM_METRICS = ['bleu', 'sentbleu', 'bleu-mteval', 'nist', 'rouge1', 'rouge2', 'rouge3', 'rouge4', 'chrf++'];
const LCS_METRICS = ['rougeL', 'rougeLsum', 'rougeW'];
const EDIT_METRICS = ['ter', 'wer'];

/** The metric whose explanation drives a layer: the first shown metric of that family, else the first computed. */
function source(explanations: Readonly<Record<string, Explanation>>, family: readonly string[], shown: readonly string[]): Explanation | undefined {
  const preferred = shown.find((m) => family.includes(m) && explanations[m]) ?? family.find((m) => explanations[m]);
  return preferred ? explanations[preferred] : undefined;
}

/** Which metrics the layers would be drawn from (for the hover's legend). */
export function highlightSources(explanations: Readonly<Record<string, Explanation>>, shown: readonly string[]): Partial<Record<HighlightLayer, string>> {
  const ngram = source(explanations, NGRAM_METRICS, shown);
  const lcs = source(explanations, LCS_METRICS, shown);
  const edits = source(explanations, EDIT_METRICS, shown);
  const unmatched = ngram ?? lcs ?? edits ?? Object.values(explanations)[0];
  return { ngrams: ngram?.metric, unmatched: unmatched?.metric, lcs: lcs?.metric, ter: edits?.metric };
}

const isWordMatch = (m: SpanMatch): boolean => m.kind === undefined || m.kind === 'word' || m.kind === 'unigram';

/** Spans of equal order, from matches' spans, highest order winning per character, merged where contiguous. */
function orderSpans(matches: readonly SpanMatch[], side: (m: SpanMatch) => readonly Span[]): HighlightSpan[] {
  const top = new Map<number, number>();
  let end = 0;
  for (const m of matches) {
    if (!isWordMatch(m)) continue;
    for (const span of side(m)) {
      for (let c = span.start; c < span.end; c++) if ((top.get(c) ?? 0) < m.order) top.set(c, m.order);
      end = Math.max(end, span.end);
    }
  }
  const spans: HighlightSpan[] = [];
  let c = 0;
  while (c < end) {
    const order = top.get(c);
    if (order === undefined) {
      c++;
      continue;
    }
    let e = c + 1;
    while (e < end && top.get(e) === order) e++;
    spans.push({ start: c, end: e, kind: `order${Math.min(4, order)}` as HighlightKind });
    c = e;
  }
  return spans;
}

function mergeAdjacent(spans: readonly Span[], kind: HighlightKind): HighlightSpan[] {
  const sorted = spans.slice().sort((a, b) => a.start - b.start);
  const merged: HighlightSpan[] = [];
  for (const s of sorted) {
    const last = merged[merged.length - 1];
    if (last && s.start <= last.end) merged[merged.length - 1] = { start: last.start, end: Math.max(last.end, s.end), kind };
    else merged.push({ start: s.start, end: s.end, kind });
  }
  return merged;
}

/** The highlights of a hypothesis line. */
export function hypothesisHighlights(
  explanations: Readonly<Record<string, Explanation>>,
  shown: readonly string[],
  layers: ReadonlySet<HighlightLayer> = new Set(HIGHLIGHT_LAYERS),
): HighlightSpan[] {
  const sources = highlightSources(explanations, shown);
  const spans: HighlightSpan[] = [];
  if (layers.has('ngrams') && sources.ngrams) spans.push(...orderSpans(explanations[sources.ngrams].matches, (m) => m.hypothesis));
  if (layers.has('unmatched') && sources.unmatched) spans.push(...mergeAdjacent(explanations[sources.unmatched].unmatchedHypothesis, 'unmatched'));
  if (layers.has('lcs') && sources.lcs) spans.push(...mergeAdjacent(explanations[sources.lcs].matches.flatMap((m) => m.hypothesis), 'lcs'));
  if (layers.has('ter') && sources.ter) {
    for (const edit of explanations[sources.ter].edits ?? []) {
      if (!edit.hypothesis) continue;
      if (edit.op === 'shift') spans.push({ ...edit.hypothesis, kind: 'ter-shift' });
      else if (edit.op === 'substitute') spans.push({ ...edit.hypothesis, kind: 'ter-substitute' });
      else if (edit.op === 'insert') spans.push({ ...edit.hypothesis, kind: 'ter-insert' });
    }
  }
  return spans;
}

/** The highlights of reference `referenceIndex` of the same segment: what the hypothesis matched there. */
export function referenceHighlights(
  explanations: Readonly<Record<string, Explanation>>,
  shown: readonly string[],
  referenceIndex: number,
  layers: ReadonlySet<HighlightLayer> = new Set(HIGHLIGHT_LAYERS),
): HighlightSpan[] {
  const sources = highlightSources(explanations, shown);
  const spans: HighlightSpan[] = [];
  const onThisReference = (m: SpanMatch): boolean => m.referenceIndex === referenceIndex;
  if (layers.has('ngrams') && sources.ngrams) spans.push(...orderSpans(explanations[sources.ngrams].matches.filter(onThisReference), (m) => m.reference));
  if (layers.has('lcs') && sources.lcs) spans.push(...mergeAdjacent(explanations[sources.lcs].matches.filter(onThisReference).flatMap((m) => m.reference), 'lcs'));
  const edits = sources.ter ? explanations[sources.ter] : undefined;
  if (layers.has('ter') && edits && (edits.bestReference ?? 0) === referenceIndex) {
    for (const edit of edits.edits ?? []) {
      if (!edit.reference) continue;
      if (edit.op === 'delete') spans.push({ ...edit.reference, kind: 'ter-delete' });
      else if (edit.op === 'substitute') spans.push({ ...edit.reference, kind: 'ter-substitute' });
      else if (edit.op === 'shift') spans.push({ ...edit.reference, kind: 'ter-shift' });
    }
  }
  return spans;
}
