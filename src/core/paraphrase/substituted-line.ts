import { ReferenceSubstitutionNote } from '../metrics/explanation';
import { Span } from '../text/token';

/** Where a substituted expression came from. */
export type SubstitutionOrigin =
  | {
      readonly kind: 'paraphrase';
      /** The equivalence set holding both the replaced and the inserted expression. */
      readonly setId: number;
      /** The source word or phrase the set was learned from. */
      readonly sourceExpression: string;
      /** p(inserted expression | source expression). */
      readonly probability: number;
    }
  | { readonly kind: 'synonym'; readonly synonymSource: string };

/** A substitution to make in a reference line: the characters of `original` become `replacement`. */
export interface SubstitutionRequest {
  readonly original: Span;
  readonly replacement: string;
  readonly origin: SubstitutionOrigin;
}

export interface ReferenceSubstitution extends SubstitutionRequest {
  readonly originalText: string;
  /** Where the replacement sits in the substituted line. */
  readonly replacementSpan: Span;
}

/** "reply ← answer, set #12 from source word 'réponse'" / "reply ← answer, synonym (wordnet-3.1)". */
export function substitutionLabel(s: ReferenceSubstitution): string {
  const head = `${s.replacement} ← ${s.originalText}`;
  if (s.origin.kind === 'synonym') return `${head}, synonym (${s.origin.synonymSource})`;
  const what = s.origin.sourceExpression.includes(' ') ? 'phrase' : 'word';
  return `${head}, set #${s.origin.setId} from source ${what} '${s.origin.sourceExpression}'`;
}

/**
 * An inserted expression in the case of the text it replaces: after all-capital text (two or more letters) it is
 * written in capitals; after a capital first letter its first letter is raised. Otherwise it keeps its own spelling
 * (a name stays capitalised), except that a spelling taken from the start of a sentence (`fromSentenceStart`) is
 * lowered where the replaced text is lower-case.
 */
export function matchCase(replacement: string, replaced: string, fromSentenceStart = false): string {
  const letters = replaced.replace(/[^\p{L}]/gu, '');
  if (letters.length >= 2 && letters === letters.toUpperCase() && letters !== letters.toLowerCase()) return replacement.toUpperCase();
  const first = replaced.match(/\p{L}/u)?.[0];
  const at = replacement.search(/\p{L}/u);
  if (first === undefined || at < 0) return replacement;
  const upper = first === first.toUpperCase() && first !== first.toLowerCase();
  const letter = replacement[at];
  if (upper) return replacement.slice(0, at) + letter.toUpperCase() + replacement.slice(at + 1);
  if (fromSentenceStart) return replacement.slice(0, at) + letter.toLowerCase() + replacement.slice(at + 1);
  return replacement;
}

/**
 * A reference line with some of its expressions replaced, remembering where everything came from, so that a span
 * of the substituted text maps back to the original line the user sees.
 */
export class SubstitutedLine {
  readonly text: string;
  readonly substitutions: readonly ReferenceSubstitution[];

  /** `requests` must not overlap; they are applied together. */
  constructor(
    readonly original: string,
    requests: readonly SubstitutionRequest[] = [],
  ) {
    const sorted = [...requests].sort((a, b) => a.original.start - b.original.start);
    const parts: string[] = [];
    const substitutions: ReferenceSubstitution[] = [];
    let at = 0;
    let length = 0;
    for (const request of sorted) {
      if (request.original.start < at) throw new Error('Substitutions in one reference line must not overlap.');
      const kept = original.slice(at, request.original.start);
      parts.push(kept, request.replacement);
      length += kept.length;
      substitutions.push({
        ...request,
        originalText: original.slice(request.original.start, request.original.end),
        replacementSpan: { start: length, end: length + request.replacement.length },
      });
      length += request.replacement.length;
      at = request.original.end;
    }
    parts.push(original.slice(at));
    this.text = parts.join('');
    this.substitutions = substitutions;
  }

  /** The substitutions whose inserted text overlaps `span` of the substituted line. */
  substitutionsIn(span: Span): ReferenceSubstitution[] {
    return this.substitutions.filter((s) => s.replacementSpan.start < span.end && span.start < s.replacementSpan.end);
  }

  /**
   * A span of the substituted line as a span of the original line: text outside substitutions shifts back; an end
   * inside an inserted expression moves to the edge of the expression it replaced.
   */
  toOriginal(span: Span): Span {
    return { start: this.mapPosition(span.start, 'start'), end: this.mapPosition(span.end, 'end') };
  }

  private mapPosition(position: number, edge: 'start' | 'end'): number {
    let shift = 0;
    for (const s of this.substitutions) {
      const { start, end } = s.replacementSpan;
      if (edge === 'start' ? position < start : position <= start) break;
      if (edge === 'start' ? position < end : position <= end) return edge === 'start' ? s.original.start : s.original.end;
      shift += end - start - (s.original.end - s.original.start);
    }
    return position - shift;
  }

  /** The substitutions inside `span` of the substituted line, as explanations report them. */
  notesIn(span: Span): ReferenceSubstitutionNote[] {
    return this.substitutionsIn(span).map(substitutionNote);
  }
}

export function substitutionNote(s: ReferenceSubstitution): ReferenceSubstitutionNote {
  return {
    reference: s.original,
    original: s.originalText,
    replacement: s.replacement,
    kind: s.origin.kind,
    label: substitutionLabel(s),
    ...(s.origin.kind === 'paraphrase' ? { setId: s.origin.setId, sourceExpression: s.origin.sourceExpression } : {}),
  };
}
