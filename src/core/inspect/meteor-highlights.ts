import { Explanation, SpanMatch } from '../metrics/explanation';
import { Span } from '../text/token';

/**
 * METEOR's alignment painted on a line (Denkowski & Lavie 2014; the explanation of src/core/metrics/meteor/meteor.ts):
 * each aligned word coloured by the module that matched it (exact, stem, synonym, paraphrase) on the hypothesis and
 * on the reference the score was taken against, hypothesis words left unaligned marked, and the first word of
 * every chunk (a run of matches contiguous and in the same order on both sides; the fragmentation penalty counts
 * them) marked on both sides, so that the chunk boundaries are visible.
 */
export type MeteorModuleKind = 'meteor-exact' | 'meteor-stem' | 'meteor-synonym' | 'meteor-paraphrase';
export type MeteorHighlightKind = MeteorModuleKind | 'meteor-unaligned' | 'meteor-chunk';
export const METEOR_HIGHLIGHT_KINDS: readonly MeteorHighlightKind[] = ['meteor-exact', 'meteor-stem', 'meteor-synonym', 'meteor-paraphrase', 'meteor-unaligned', 'meteor-chunk'];

export interface MeteorHighlightSpan extends Span {
  readonly kind: MeteorHighlightKind;
}

const METEOR_METRICS = ['meteor', 'meteor2005'];
/** Metrics whose n-gram layer paints backgrounds too (see highlight-spans.ts): whichever is shown first wins. */
const NGRAM_LAYER_METRICS = ['bleu', 'sentbleu', 'bleu-mteval', 'nist', 'rouge1', 'rouge2', 'rouge3', 'rouge4', 'chrf++'];

/**
 * The METEOR metric whose alignment is painted instead of the n-gram layer: a METEOR metric with an explanation that
 * is shown before any n-gram metric (`understudy.decorations.metrics` order), else none.
 */
export function meteorHighlightSource(explanations: Readonly<Record<string, Explanation>>, shown: readonly string[]): string | undefined {
  const first = shown.find((m) => explanations[m] && (METEOR_METRICS.includes(m) || NGRAM_LAYER_METRICS.includes(m)));
  return first !== undefined && METEOR_METRICS.includes(first) ? first : undefined;
}

/** The module kind of a METEOR match (`kind` is the module's name; METEOR-2005's `porter_stem` counts as stem). */
export function meteorModuleKind(match: SpanMatch): MeteorModuleKind | undefined {
  const kind = match.kind ?? '';
  if (kind === 'exact') return 'meteor-exact';
  if (kind.includes('stem')) return 'meteor-stem';
  if (kind.includes('syn')) return 'meteor-synonym';
  if (kind.includes('para')) return 'meteor-paraphrase';
  return undefined;
}

/** Chunk number of each match (details.chunkOfMatch), or consecutive chunks when the explanation has none. */
function chunkOfMatch(explanation: Explanation): readonly number[] {
  const chunks = explanation.details.chunkOfMatch;
  if (Array.isArray(chunks) && chunks.length === explanation.matches.length) return chunks as readonly number[];
  return explanation.matches.map((_, i) => i);
}

/** Contiguous spans of one match, merged: a phrase (paraphrase or multi-word) is one coloured run. */
function joined(spans: readonly Span[], line: string | undefined): Span[] {
  const out: Span[] = [];
  for (const s of [...spans].sort((a, b) => a.start - b.start)) {
    const last = out[out.length - 1];
    const gapIsSpace = last && line !== undefined && /^\s*$/.test(line.slice(last.end, s.start));
    if (last && (s.start <= last.end || gapIsSpace)) out[out.length - 1] = { start: last.start, end: Math.max(last.end, s.end) };
    else out.push({ start: s.start, end: s.end });
  }
  return out;
}

/** The first character of each chunk, on one side (the match with the smallest start of the chunk). */
function chunkStarts(explanation: Explanation, side: (m: SpanMatch) => readonly Span[], keep: (m: SpanMatch) => boolean): MeteorHighlightSpan[] {
  const chunks = chunkOfMatch(explanation);
  const first = new Map<number, number>();
  explanation.matches.forEach((m, i) => {
    if (!keep(m)) return;
    for (const s of side(m)) if ((first.get(chunks[i]) ?? Infinity) > s.start) first.set(chunks[i], s.start);
  });
  return [...first.values()].sort((a, b) => a - b).map((start) => ({ start, end: start + 1, kind: 'meteor-chunk' }));
}

/** The hypothesis line's METEOR highlights. `line`: its text, to join a phrase's words across the spaces between. */
export function meteorHypothesisHighlights(explanation: Explanation, line?: string): MeteorHighlightSpan[] {
  const spans: MeteorHighlightSpan[] = [];
  for (const m of explanation.matches) {
    const kind = meteorModuleKind(m);
    if (kind) for (const s of joined(m.hypothesis, line)) spans.push({ ...s, kind });
  }
  for (const s of explanation.unmatchedHypothesis) spans.push({ start: s.start, end: s.end, kind: 'meteor-unaligned' });
  spans.push(...chunkStarts(explanation, (m) => m.hypothesis, () => true));
  return spans.sort((a, b) => a.start - b.start);
}

/** The highlights of reference `referenceIndex`: the words aligned there (METEOR aligns against one reference). */
export function meteorReferenceHighlights(explanation: Explanation, referenceIndex: number, line?: string): MeteorHighlightSpan[] {
  const here = (m: SpanMatch): boolean => m.referenceIndex === referenceIndex;
  const spans: MeteorHighlightSpan[] = [];
  for (const m of explanation.matches.filter(here)) {
    const kind = meteorModuleKind(m);
    if (kind) for (const s of joined(m.reference, line)) spans.push({ ...s, kind });
  }
  spans.push(...chunkStarts(explanation, (m) => m.reference, here));
  return spans.sort((a, b) => a.start - b.start);
}

/** One aligned pair as a hover lists it: `replies ← reply (stem)`, with any substitution that produced it. */
export interface MeteorAlignedPair {
  readonly hypothesis: string;
  readonly reference: string;
  readonly kind: MeteorModuleKind;
  readonly chunk: number;
  /** Labels of the paraphrase or synonym substitutions in an expanded reference behind the match. */
  readonly provenance: readonly string[];
}

/** The alignment's pairs in reference order; exact matches of identical text are left out unless `includeExact`. */
export function meteorAlignedPairs(explanation: Explanation, hypothesis: string, references: readonly string[], includeExact = false): MeteorAlignedPair[] {
  const chunks = chunkOfMatch(explanation);
  const text = (line: string | undefined, spans: readonly Span[]): string => (line === undefined ? '' : spans.map((s) => line.slice(s.start, s.end)).join(' '));
  const pairs: MeteorAlignedPair[] = [];
  explanation.matches.forEach((m, i) => {
    const kind = meteorModuleKind(m);
    if (!kind) return;
    const provenance = (m.substitutions ?? []).map((s) => s.label);
    if (kind === 'meteor-exact' && !includeExact && provenance.length === 0) return;
    pairs.push({ hypothesis: text(hypothesis, m.hypothesis), reference: text(references[m.referenceIndex], m.reference), kind, chunk: chunks[i], provenance });
  });
  return pairs;
}
