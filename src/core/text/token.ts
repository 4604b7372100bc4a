/**
 * A token of a tokenized line, with the span of the original line it came from.
 * Offsets are UTF-16 code-unit offsets into the original (untokenized) line, as VS Code positions are,
 * so the editor can decorate exactly what the user sees whatever the tokenizer did.
 * `end` is exclusive. A token produced by a normalisation (e.g. `&quot;` → `"`) spans the text it replaced.
 */
export interface Token {
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

export interface Span {
  readonly start: number;
  readonly end: number;
}
