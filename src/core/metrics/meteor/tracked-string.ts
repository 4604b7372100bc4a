import { Span, Token } from '../../text/token';

/** One part of a replacement: a capture group's text (its number) or literal text. */
export type TemplatePart = number | string;

/**
 * A working copy of a line for METEOR's normaliser that can remember, for every UTF-16 unit, the span of the original
 * line it stands for (`tracked`), or not (`plain`, for scoring, where only the text matters). Both run the same
 * operations, so what the editor shows is exactly what was scored.
 *
 * Spans of inserted text: a literal character of a replacement stands for the part of the match that the replacement
 * does not copy through a capture group (the comma of `x , y`, the apostrophe of `' s`), or the whole match when the
 * replacement copies none of it; inserted spaces stand for nothing (-1), and separate tokens anyway.
 */
export class TrackedString {
  private constructor(
    readonly text: string,
    private readonly starts: Int32Array | undefined,
    private readonly ends: Int32Array | undefined,
  ) {}

  static plain(line: string): TrackedString {
    return new TrackedString(line, undefined, undefined);
  }

  static tracked(line: string): TrackedString {
    const starts = new Int32Array(line.length);
    const ends = new Int32Array(line.length);
    for (let i = 0; i < line.length; i++) {
      starts[i] = i;
      ends[i] = i + 1;
    }
    return new TrackedString(line, starts, ends);
  }

  get isTracked(): boolean {
    return this.starts !== undefined;
  }

  /** `text` with `text.replace(pattern, template)` semantics (`pattern` global; with the `d` flag when tracked). */
  replaceAll(pattern: RegExp, template: readonly TemplatePart[]): TrackedString {
    if (!this.starts || !this.ends) {
      const replacement = template.map((p) => (typeof p === 'number' ? `$${p}` : p)).join('');
      const text = this.text.replace(pattern, replacement);
      return text === this.text ? this : new TrackedString(text, undefined, undefined);
    }
    const builder = new TrackedBuilder();
    pattern.lastIndex = 0;
    let position = 0;
    let match = pattern.exec(this.text);
    if (!match) return this;
    while (match) {
      builder.copy(this, position, match.index);
      const indices = match.indices as RegExpIndicesArray;
      const end = match.index + match[0].length;
      const literalSpan = this.literalSpan(match.index, end, template.filter((p): p is number => typeof p === 'number').map((g) => indices[g]));
      for (const part of template) {
        if (typeof part === 'number') {
          const group = indices[part];
          if (group) builder.copy(this, group[0], group[1]);
        } else {
          builder.literal(part, literalSpan);
        }
      }
      position = end;
      if (match[0].length === 0) pattern.lastIndex++;
      match = pattern.exec(this.text);
    }
    builder.copy(this, position, this.text.length);
    return builder.build();
  }

  /** Java's `String.replace(CharSequence, CharSequence)`: every occurrence, left to right, without overlaps. */
  replaceLiteral(find: string, replacement: string): TrackedString {
    if (!this.text.includes(find)) return this;
    if (!this.starts) return new TrackedString(this.text.split(find).join(replacement), undefined, undefined);
    const builder = new TrackedBuilder();
    let position = 0;
    let at = this.text.indexOf(find);
    while (at >= 0) {
      builder.copy(this, position, at);
      builder.literal(replacement, this.unionSpan(at, at + find.length));
      position = at + find.length;
      at = this.text.indexOf(find, position);
    }
    builder.copy(this, position, this.text.length);
    return builder.build();
  }

  /** Units [from, to) as a new string (keeping their spans). */
  slice(from: number, to: number): TrackedString {
    return new TrackedString(this.text.slice(from, to), this.starts?.slice(from, to), this.ends?.slice(from, to));
  }

  /** Joins pieces into one string (spans kept). */
  static concat(pieces: readonly TrackedString[]): TrackedString {
    if (pieces.length === 0 || !pieces[0].starts) return new TrackedString(pieces.map((p) => p.text).join(''), undefined, undefined);
    const builder = new TrackedBuilder();
    for (const piece of pieces) builder.copy(piece, 0, piece.text.length);
    return builder.build();
  }

  /** A literal string (spaces, dots) standing for `span` (or for nothing). */
  static literal(text: string, tracked: boolean, span?: Span): TrackedString {
    if (!tracked) return new TrackedString(text, undefined, undefined);
    const builder = new TrackedBuilder();
    builder.literal(text, span);
    return builder.build();
  }

  /** Java `String.trim()`: drops units up to U+0020 (controls included) at both ends. */
  javaTrim(): TrackedString {
    let from = 0;
    let to = this.text.length;
    while (from < to && this.text.charCodeAt(from) <= 0x20) from++;
    while (to > from && this.text.charCodeAt(to - 1) <= 0x20) to--;
    return from === 0 && to === this.text.length ? this : this.slice(from, to);
  }

  /** Java `String.toLowerCase()` of the whole string (context-dependent final sigma included). */
  lowerCase(): TrackedString {
    const lowered = this.text.toLowerCase();
    if (lowered === this.text) return this;
    if (!this.starts || !this.ends) return new TrackedString(lowered, undefined, undefined);
    if (lowered.length === this.text.length) return new TrackedString(lowered, this.starts, this.ends);
    // A character whose lower case is longer (İ → i̇): each unit of its mapping keeps the character's span.
    const builder = new TrackedBuilder();
    let at = 0;
    for (let i = 0; i < this.text.length; ) {
      const width = (this.text.codePointAt(i) as number) > 0xffff ? 2 : 1;
      const length = this.text.slice(i, i + width).toLowerCase().length;
      builder.literal(lowered.slice(at, at + length), this.unionSpan(i, i + width));
      at += length;
      i += width;
    }
    return builder.build();
  }

  /** Tokens separated by Java `StringTokenizer`'s default delimiters (space, tab, LF, CR, form feed), with spans. */
  tokens(): Token[] {
    return tokenRanges(this.text).map(([from, to]) => {
      const span = this.unionSpan(from, to) ?? { start: -1, end: -1 };
      return { text: this.text.slice(from, to), start: span.start, end: span.end };
    });
  }

  /** Span covered by units [from, to) (undefined when none of them stands for original text). */
  unionSpan(from: number, to: number): Span | undefined {
    if (!this.starts || !this.ends) return undefined;
    let start = Infinity;
    let end = -Infinity;
    for (let i = from; i < to; i++) {
      if (this.starts[i] < 0) continue;
      if (this.starts[i] < start) start = this.starts[i];
      if (this.ends[i] > end) end = this.ends[i];
    }
    return start === Infinity ? undefined : { start, end };
  }

  /** Span for the literal text of a replacement: the match's units not copied through the used groups. */
  private literalSpan(from: number, to: number, groups: readonly ([number, number] | undefined)[]): Span | undefined {
    if (!this.starts || !this.ends) return undefined;
    let start = Infinity;
    let end = -Infinity;
    for (let i = from; i < to; i++) {
      if (this.starts[i] < 0 || groups.some((g) => g !== undefined && i >= g[0] && i < g[1])) continue;
      if (this.starts[i] < start) start = this.starts[i];
      if (this.ends[i] > end) end = this.ends[i];
    }
    return start === Infinity ? this.unionSpan(from, to) : { start, end };
  }

  /** @internal for TrackedBuilder */
  unitStart(i: number): number {
    return this.starts ? this.starts[i] : -1;
  }

  /** @internal for TrackedBuilder */
  unitEnd(i: number): number {
    return this.ends ? this.ends[i] : -1;
  }

  /** @internal for TrackedBuilder */
  static fromParts(text: string, starts: number[], ends: number[]): TrackedString {
    return new TrackedString(text, Int32Array.from(starts), Int32Array.from(ends));
  }
}

/** Java StringTokenizer's default delimiters: " \t\n\r\f". */
function isTokenizerDelimiter(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d || code === 0x0c;
}

/** [start, end) of the tokens Java's `StringTokenizer` (default delimiters) finds in a text. */
export function tokenRanges(text: string): [number, number][] {
  const out: [number, number][] = [];
  let i = 0;
  while (i < text.length) {
    while (i < text.length && isTokenizerDelimiter(text.charCodeAt(i))) i++;
    if (i >= text.length) break;
    const start = i;
    while (i < text.length && !isTokenizerDelimiter(text.charCodeAt(i))) i++;
    out.push([start, i]);
  }
  return out;
}

class TrackedBuilder {
  private readonly pieces: string[] = [];
  private readonly starts: number[] = [];
  private readonly ends: number[] = [];

  copy(source: TrackedString, from: number, to: number): void {
    if (to <= from) return;
    this.pieces.push(source.text.slice(from, to));
    for (let i = from; i < to; i++) {
      this.starts.push(source.unitStart(i));
      this.ends.push(source.unitEnd(i));
    }
  }

  literal(text: string, span: Span | undefined): void {
    this.pieces.push(text);
    for (let i = 0; i < text.length; i++) {
      const inserted = span === undefined || text.charCodeAt(i) === 0x20;
      this.starts.push(inserted ? -1 : span.start);
      this.ends.push(inserted ? -1 : span.end);
    }
  }

  build(): TrackedString {
    return TrackedString.fromParts(this.pieces.join(''), this.starts, this.ends);
  }
}
