import { Span } from '../text/token';

/**
 * CoNLL-U (Universal Dependencies, https://universaldependencies.org/format.html): the dependency trees the
 * syntactic metrics read, whether they come from the built-in parser or from the user's own parses (spaCy, Stanza,
 * UDPipe write it).
 *
 * Syntactic words are numbered 1..n (`id`); `head` 0 is the root. A multiword token ("don't" = "do" + "n't") is kept
 * as a range over its words; empty nodes of enhanced graphs (ids like 8.1) and the DEPS column are not part of the
 * basic tree and are kept only as text, so that writing a sentence back gives what was read.
 */
export interface DependencyWord {
  /** 1-based position among the sentence's syntactic words. */
  readonly id: number;
  readonly form: string;
  readonly lemma: string;
  readonly upos: string;
  readonly xpos: string;
  /** Morphological features (`Number=Sing|Tense=Past`), empty when `_`. */
  readonly feats: Readonly<Record<string, string>>;
  /** Id of the head word, 0 for the root, -1 when the column is `_` (unparsed). */
  readonly head: number;
  /** Universal relation with its subtype (`nsubj`, `obl:tmod`), `_` when unparsed. */
  readonly deprel: string;
  readonly deps: string;
  readonly misc: Readonly<Record<string, string>>;
}

/** A surface token spanning several syntactic words (`2-3 don't`). */
export interface MultiwordToken {
  readonly first: number;
  readonly last: number;
  readonly form: string;
  readonly misc: Readonly<Record<string, string>>;
}

export interface DependencySentence {
  /** `# sent_id = …`, when given. */
  readonly sentId?: string;
  /** `# text = …`, when given. */
  readonly text?: string;
  /** Every comment line, without the leading `#` and one space. */
  readonly comments: readonly string[];
  readonly words: readonly DependencyWord[];
  readonly multiwordTokens: readonly MultiwordToken[];
  /** Empty-node lines (`8.1 …`), verbatim. */
  readonly emptyNodes: readonly string[];
}

/** A CoNLL-U file that cannot be read: which line, and what is wrong with it. */
export class ConlluError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`CoNLL-U line ${line}: ${message}`);
    this.name = 'ConlluError';
  }
}

/** `Key=Value|Key2=Value2` (FEATS, MISC) as a record; an item without `=` maps to ''. */
function keyValues(column: string): Record<string, string> {
  const result: Record<string, string> = {};
  if (column === '_') return result;
  for (const item of column.split('|')) {
    const at = item.indexOf('=');
    if (at < 0) result[item] = '';
    else result[item.slice(0, at)] = item.slice(at + 1);
  }
  return result;
}

function formatKeyValues(values: Readonly<Record<string, string>>): string {
  const entries = Object.entries(values);
  return entries.length === 0 ? '_' : entries.map(([k, v]) => (v === '' ? k : `${k}=${v}`)).join('|');
}

/**
 * The sentences of CoNLL-U text: sentences end at a blank line (a missing final blank line is accepted). Throws
 * `ConlluError` naming the line for anything that is not CoNLL-U: a wrong column count, ids out of order, a head
 * outside the sentence.
 */
export function parseConllu(text: string): DependencySentence[] {
  const sentences: DependencySentence[] = [];
  const lines = text.split(/\r?\n/);
  let comments: string[] = [];
  let words: DependencyWord[] = [];
  let multiwordTokens: MultiwordToken[] = [];
  let emptyNodes: string[] = [];
  let firstLine = 0;

  const finish = (): void => {
    if (words.length === 0 && comments.length === 0) return;
    if (words.length === 0) throw new ConlluError(firstLine, 'a sentence has comments but no words');
    for (const word of words) {
      if (word.head > words.length) throw new ConlluError(firstLine, `word ${word.id} (${word.form}) has head ${word.head}, past the sentence's ${words.length} words`);
    }
    const value = (key: string): string | undefined => {
      const prefix = `${key} =`;
      const found = comments.find((c) => c.startsWith(prefix));
      return found === undefined ? undefined : found.slice(prefix.length).trim();
    };
    sentences.push({ sentId: value('sent_id'), text: value('text'), comments, words, multiwordTokens, emptyNodes });
    comments = [];
    words = [];
    multiwordTokens = [];
    emptyNodes = [];
  };

  lines.forEach((line, index) => {
    const lineNumber = index + 1;
    if (line.trim() === '') {
      finish();
      return;
    }
    if (words.length === 0 && comments.length === 0) firstLine = lineNumber;
    if (line.startsWith('#')) {
      comments.push(line.replace(/^# ?/, ''));
      return;
    }
    const columns = line.split('\t');
    if (columns.length !== 10) throw new ConlluError(lineNumber, `expected 10 tab-separated columns, found ${columns.length}`);
    const [id, form, lemma, upos, xpos, feats, head, deprel, deps, misc] = columns;
    if (/^\d+\.\d+$/.test(id)) {
      emptyNodes.push(line);
      return;
    }
    const range = /^(\d+)-(\d+)$/.exec(id);
    if (range) {
      multiwordTokens.push({ first: Number(range[1]), last: Number(range[2]), form, misc: keyValues(misc) });
      return;
    }
    if (!/^\d+$/.test(id) || Number(id) !== words.length + 1) {
      throw new ConlluError(lineNumber, `word id "${id}" where ${words.length + 1} was expected`);
    }
    if (head !== '_' && !/^\d+$/.test(head)) throw new ConlluError(lineNumber, `head "${head}" is not a word id`);
    words.push({
      id: Number(id),
      form,
      lemma,
      upos,
      xpos,
      feats: keyValues(feats),
      head: head === '_' ? -1 : Number(head),
      deprel,
      deps,
      misc: keyValues(misc),
    });
  });
  finish();
  return sentences;
}

/** The CoNLL-U text of `sentences` (what `parseConllu` reads back to the same sentences). */
export function formatConllu(sentences: readonly DependencySentence[]): string {
  const out: string[] = [];
  for (const sentence of sentences) {
    for (const comment of sentence.comments) out.push(`# ${comment}`);
    const multiword = new Map(sentence.multiwordTokens.map((m) => [m.first, m]));
    const empty = new Map<number, string[]>();
    for (const line of sentence.emptyNodes) {
      const after = Number(line.slice(0, line.indexOf('.')));
      empty.set(after, [...(empty.get(after) ?? []), line]);
    }
    for (const line of empty.get(0) ?? []) out.push(line);
    for (const word of sentence.words) {
      const range = multiword.get(word.id);
      if (range) out.push([`${range.first}-${range.last}`, range.form, '_', '_', '_', '_', '_', '_', '_', formatKeyValues(range.misc)].join('\t'));
      out.push(
        [
          String(word.id),
          word.form,
          word.lemma,
          word.upos,
          word.xpos,
          formatKeyValues(word.feats),
          word.head < 0 ? '_' : String(word.head),
          word.deprel,
          word.deps,
          formatKeyValues(word.misc),
        ].join('\t'),
      );
      for (const line of empty.get(word.id) ?? []) out.push(line);
    }
    out.push('');
  }
  return out.join('\n') + (out.length > 0 ? '\n' : '');
}

/**
 * The surface tokens of a sentence in order: a multiword token stands for its words, every other word for itself.
 * `words` are the syntactic word ids each token covers.
 */
export function surfaceTokens(sentence: DependencySentence): { form: string; words: number[]; spaceAfter: boolean }[] {
  const tokens: { form: string; words: number[]; spaceAfter: boolean }[] = [];
  const multiword = new Map(sentence.multiwordTokens.map((m) => [m.first, m]));
  for (let id = 1; id <= sentence.words.length; ) {
    const range = multiword.get(id);
    if (range) {
      const words: number[] = [];
      for (let w = range.first; w <= range.last; w++) words.push(w);
      tokens.push({ form: range.form, words, spaceAfter: range.misc.SpaceAfter !== 'No' });
      id = range.last + 1;
    } else {
      const word = sentence.words[id - 1];
      tokens.push({ form: word.form, words: [id], spaceAfter: word.misc.SpaceAfter !== 'No' });
      id++;
    }
  }
  return tokens;
}

/**
 * Character spans of each syntactic word (index id − 1) in `line`, the text the sentence was parsed from: surface
 * tokens are found in order, skipping anything between them; words of a multiword token share its span. Returns
 * undefined when a token cannot be found (the parse belongs to another text).
 */
export function wordSpans(sentence: DependencySentence, line: string): Span[] | undefined {
  const spans: Span[] = new Array(sentence.words.length);
  let at = 0;
  for (const token of surfaceTokens(sentence)) {
    const start = line.indexOf(token.form, at);
    if (start < 0) return undefined;
    const span = { start, end: start + token.form.length };
    for (const id of token.words) spans[id - 1] = span;
    at = span.end;
  }
  return spans;
}
