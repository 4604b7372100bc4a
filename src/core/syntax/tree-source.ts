import { UnderstudyError } from '../errors';
import { Span } from '../text/token';
import { DependencySentence, DependencyWord, surfaceTokens } from './conllu';

/**
 * Where the syntactic metrics get their dependency trees. The metrics see only text lines (`stats(hypothesis,
 * segment)`), so a source answers "the parse of this line": the built-in parser parses it, a source built from the
 * user's CoNLL-U files looks it up (conllu-tree-source.ts). Either way the answer is in the shared tree model of
 * conllu.ts, with every word's character span in the line, so explanations point at what the user sees.
 */
export type TreeSide = 'hypothesis' | 'reference';

/** One line's parse: its sentences in order (a summary line can hold several) and where each word is in the line. */
export interface ParsedLine {
  readonly sentences: readonly DependencySentence[];
  /** `spans[s][w - 1]`: the span of word `w` of sentence `s` in the line (words of a multiword token share one). */
  readonly spans: readonly (readonly Span[])[];
}

export interface TreeSource {
  /** Names the parses in signatures: `conllu` for the user's files, the parser and model version for a parser. */
  readonly name: string;
  /**
   * The parse of `line`, segment `segment` (0-based), of the hypothesis or of reference `reference` (the index of its
   * reference stream; ignored for hypotheses). Throws `UnderstudyError('no-trees')` saying what to do when the source
   * has no parse of that text.
   */
  trees(line: string, segment: number, side: TreeSide, reference: number): ParsedLine;
}

/** Whitespace between tokens of a line (what a parser may drop). */
function isSpace(code: number): boolean {
  return code === 0x20 || (code >= 0x09 && code <= 0x0d) || code === 0xa0 || code === 0xfeff || (code >= 0x2000 && code <= 0x200b) || code === 0x3000 || code === 0x202f || code === 0x205f || code === 0x85 || code === 0x1680 || code === 0x2028 || code === 0x2029;
}

/** The first offset at or after `at` that is not whitespace. */
export function skipSpace(line: string, at: number): number {
  while (at < line.length && isSpace(line.charCodeAt(at))) at++;
  return at;
}

/**
 * Matches a sentence's surface tokens against `line` from offset `at`: each token must follow the previous one with
 * only whitespace between (parsers keep the original text: spaCy, Stanza and UDPipe do). Returns the words' spans and
 * where the sentence ends, or the token that did not match.
 */
export function matchSentence(sentence: DependencySentence, line: string, at: number): { spans: Span[]; end: number } | { missing: string; at: number } {
  const spans: Span[] = new Array(sentence.words.length);
  let position = at;
  for (const token of surfaceTokens(sentence)) {
    const start = skipSpace(line, position);
    if (token.form.length === 0 || !line.startsWith(token.form, start)) return { missing: token.form, at: start };
    const span = { start, end: start + token.form.length };
    for (const id of token.words) spans[id - 1] = span;
    position = span.end;
  }
  return { spans, end: position };
}

/** A ParsedLine for sentences parsed from exactly `line` (in order); undefined when their tokens are not the line's. */
export function parsedLineOf(line: string, sentences: readonly DependencySentence[]): ParsedLine | undefined {
  const spans: Span[][] = [];
  let at = 0;
  for (const sentence of sentences) {
    const matched = matchSentence(sentence, line, at);
    if ('missing' in matched) return undefined;
    spans.push(matched.spans);
    at = matched.end;
  }
  return skipSpace(line, at) === line.length ? { sentences, spans } : undefined;
}

/** A fixed set of parses keyed by their text, e.g. for tests and for callers that parsed the lines themselves. */
export class ParsedLineTable implements TreeSource {
  private readonly byText = new Map<string, ParsedLine>();

  constructor(
    readonly name: string,
    parses: Iterable<readonly [string, readonly DependencySentence[]]>,
  ) {
    for (const [line, sentences] of parses) {
      const parsed = parsedLineOf(line, sentences);
      if (!parsed) throw new UnderstudyError('bad-parse', `The parse given for "${abbreviate(line)}" does not have that line's words in order.`);
      this.byText.set(line, parsed);
    }
  }

  trees(line: string, segment: number, side: TreeSide, reference: number): ParsedLine {
    const parsed = this.byText.get(line);
    if (parsed) return parsed;
    if (line.trim() === '') return { sentences: [], spans: [] };
    throw new UnderstudyError(
      'no-trees',
      `No parse of ${side === 'hypothesis' ? 'the hypothesis' : `reference ${reference + 1}`} of segment ${segment + 1} ("${abbreviate(line)}").`,
      { segment, side },
    );
  }
}

/**
 * Parses read from files beside their text files, looked up by segment and text: one file per reference stream
 * (undefined where none was given) and one per system file. Looking up by text lets several systems share the
 * table, lets a jackknife subset of the references (which re-numbers them) find its parses, and reports an edited
 * line (no longer the parsed text) instead of scoring it against a stale parse.
 */
export class ParsesByText<T> {
  private readonly references: readonly ({ readonly lines: readonly string[]; readonly parses: readonly T[] } | undefined)[];
  private readonly hypotheses = new Map<number, Map<string, T>>();

  constructor(
    references: readonly ({ readonly lines: readonly string[]; readonly parses: readonly T[] } | undefined)[],
    hypotheses: readonly { readonly lines: readonly string[]; readonly parses: readonly T[] }[],
  ) {
    this.references = references;
    for (const file of hypotheses) {
      file.parses.forEach((parsed, segment) => {
        let byText = this.hypotheses.get(segment);
        if (!byText) this.hypotheses.set(segment, (byText = new Map()));
        byText.set(file.lines[segment], parsed);
      });
    }
  }

  /** Whether every reference stream has a parse file. */
  get allReferencesGiven(): boolean {
    return this.references.every((r) => r !== undefined);
  }

  /** Reference `reference`'s parse of the line, else any reference's parse of that text at that segment. */
  reference(line: string, segment: number, reference: number): T | undefined {
    const at = (k: number): T | undefined => {
      const file = this.references[k];
      return file && file.lines[segment] === line ? file.parses[segment] : undefined;
    };
    const first = at(reference);
    if (first !== undefined) return first;
    for (let k = 0; k < this.references.length; k++) {
      const parsed = at(k);
      if (parsed !== undefined) return parsed;
    }
    return undefined;
  }

  hypothesis(line: string, segment: number): T | undefined {
    return this.hypotheses.get(segment)?.get(line);
  }
}

/** The first 60 characters of a line, for messages. */
export function abbreviate(line: string): string {
  return line.length <= 60 ? line : `${line.slice(0, 57)}…`;
}

/** A word's universal relation, without its subtype (`obl:tmod` → `obl`). */
export function baseRelation(word: DependencyWord): string {
  const colon = word.deprel.indexOf(':');
  return colon < 0 ? word.deprel : word.deprel.slice(0, colon);
}

/** Which words (index id − 1) take part in syntactic units (1) or not (0): all but punctuation and anything below it. */
export function includedWords(sentence: DependencySentence): Uint8Array {
  const words = sentence.words;
  // 1 = in, 0 = out, 2 = not known yet; each word's answer is its head's, unless it is punctuation itself.
  const state = new Uint8Array(words.length).fill(2);
  const path: number[] = [];
  for (const start of words) {
    let w: DependencyWord | undefined = start;
    let answer = 1;
    while (w) {
      const known = state[w.id - 1];
      if (known !== 2) {
        answer = known;
        break;
      }
      if (w.deprel === 'punct') {
        answer = 0;
        state[w.id - 1] = 0;
        break;
      }
      path.push(w.id);
      // A head cycle (malformed input) ends the walk; its words count as in.
      if (path.length > words.length) break;
      w = w.head > 0 ? words[w.head - 1] : undefined;
    }
    for (const id of path) state[id - 1] = answer;
    path.length = 0;
  }
  return state;
}
